# cmake -DSOURCE_DIR=... -DVERSION=... -DFALLBACK_COMMIT=... -DINPUT=buildinfo.h.in -DOUTPUT=buildinfo.h -P buildinfo.cmake
# The commit as `git describe --always --dirty` gives it (e.g. 68cf24e, or 68cf24e-dirty
# for a tree with uncommitted changes); outside a checkout FALLBACK_COMMIT, else "unknown".
set(COMMIT "")
find_package(Git QUIET)
if(GIT_FOUND)
    # Only the source's own checkout counts, not a repository it was unpacked inside.
    execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --show-toplevel
                    WORKING_DIRECTORY ${SOURCE_DIR}
                    OUTPUT_VARIABLE toplevel
                    ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
    file(REAL_PATH "${SOURCE_DIR}" source)
    if(toplevel)
        file(REAL_PATH "${toplevel}" toplevel)
    endif()
endif()
if(GIT_FOUND AND toplevel STREQUAL source)
    execute_process(COMMAND ${GIT_EXECUTABLE} describe --always --dirty --abbrev=12
                    WORKING_DIRECTORY ${SOURCE_DIR}
                    OUTPUT_VARIABLE COMMIT
                    RESULT_VARIABLE failed
                    ERROR_QUIET OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(failed)
        set(COMMIT "")
    endif()
endif()
if(COMMIT STREQUAL "")
    if(FALLBACK_COMMIT)
        set(COMMIT ${FALLBACK_COMMIT})
    else()
        set(COMMIT "unknown (not built from a git checkout)")
    endif()
endif()
configure_file(${INPUT} ${OUTPUT} @ONLY)
