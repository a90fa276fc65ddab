# Debian's hardening flags, as dpkg-buildflags gives them to every package Debian builds:
# _FORTIFY_SOURCE (checked string and memory functions), the strong stack protector,
# format-string checks, RELRO and immediate binding (bindnow), and PIE where the compiler
# does not already default to it. The .deb (scripts/package, tst_package) is built from
# this same tree, so every build on a machine with dpkg-buildflags uses them unless
# RD_DEBIAN_BUILDFLAGS=OFF; sanitizer and fuzzing builds go without (they are never
# packaged, and _FORTIFY_SOURCE gets in AddressSanitizer's way).
#
# Only the hardening is taken: the optimisation and debug flags are the build type's, and
# the reproducible-build path maps are left out (they would tie each object to the folder
# it was built in). DEB_BUILD_MAINT_OPTIONS set in the environment (a Debian build
# system's) is respected.

find_program(RD_DPKG_BUILDFLAGS dpkg-buildflags)
set(rd_buildflags_default OFF)
if(RD_DPKG_BUILDFLAGS AND NOT RD_SANITIZE AND NOT RD_FUZZ)
    set(rd_buildflags_default ON)
endif()
option(RD_DEBIAN_BUILDFLAGS "Build with Debian's hardening flags from dpkg-buildflags" ${rd_buildflags_default})

if(RD_DEBIAN_BUILDFLAGS)
    if(NOT RD_DPKG_BUILDFLAGS)
        message(FATAL_ERROR "RD_DEBIAN_BUILDFLAGS needs dpkg-buildflags: install dpkg-dev, or configure with "
                            "-DRD_DEBIAN_BUILDFLAGS=OFF.")
    endif()
    set(rd_maint_options "$ENV{DEB_BUILD_MAINT_OPTIONS}")
    if(rd_maint_options STREQUAL "")
        set(rd_maint_options "hardening=+all reproducible=-fixfilepath,-fixdebugpath")
    endif()
    set(rd_hardening_flags)
    foreach(variable CPPFLAGS CXXFLAGS LDFLAGS)
        execute_process(
            COMMAND ${CMAKE_COMMAND} -E env "DEB_BUILD_MAINT_OPTIONS=${rd_maint_options}"
                    ${RD_DPKG_BUILDFLAGS} --get ${variable}
            OUTPUT_VARIABLE value
            OUTPUT_STRIP_TRAILING_WHITESPACE
            RESULT_VARIABLE result)
        if(NOT result EQUAL 0)
            message(FATAL_ERROR "dpkg-buildflags --get ${variable} failed (${result}).")
        endif()
        separate_arguments(value UNIX_COMMAND "${value}")
        # The build type chooses optimisation and debug information.
        list(FILTER value EXCLUDE REGEX "^-(O[0-3s]?|g[0-9]?)$")
        if(variable STREQUAL "LDFLAGS")
            add_link_options(${value})
        else()
            add_compile_options(${value})
        endif()
        list(APPEND rd_hardening_flags ${value})
    endforeach()
    list(JOIN rd_hardening_flags " " rd_hardening_flags)
    message(STATUS "Debian hardening flags (dpkg-buildflags, ${rd_maint_options}): ${rd_hardening_flags}")
endif()
