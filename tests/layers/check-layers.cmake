# Proves that the layers' direction is a build error (cmake/RefundDeskLayers.cmake): a
# source of a lower layer, compiled with exactly the flags the build gives it, cannot
# include a header of a layer above it, while it can include its own layer's and those
# below. Run by ctest: cmake -DBUILD_DIR=... -P check-layers.cmake
file(READ "${BUILD_DIR}/compile_commands.json" commands)
string(JSON count LENGTH "${commands}")
math(EXPR last "${count} - 1")

# The compile command of the source whose path ends with `suffix`.
function(command_for suffix out_command out_directory)
    foreach(i RANGE ${last})
        string(JSON file GET "${commands}" ${i} file)
        if(file MATCHES "${suffix}$")
            string(JSON command GET "${commands}" ${i} command)
            string(JSON directory GET "${commands}" ${i} directory)
            set(${out_command} "${command}" PARENT_SCOPE)
            set(${out_directory} "${directory}" PARENT_SCOPE)
            return()
        endif()
    endforeach()
    message(FATAL_ERROR "No compile command for ${suffix} in ${BUILD_DIR}/compile_commands.json")
endfunction()

set(failures 0)
# Compiles a file that includes `header` with the flags of `source`; `expect` is
# "compiles" or "fails".
function(check source header expect)
    command_for("${source}" command directory)
    set(probe "${BUILD_DIR}/layers-probe.cpp")
    file(WRITE "${probe}" "#include \"${header}\"\n")
    separate_arguments(args UNIX_COMMAND "${command}")
    set(kept "")
    set(skip FALSE)
    foreach(arg IN LISTS args)
        if(skip)
            set(skip FALSE)
        elseif(arg STREQUAL "-o" OR arg STREQUAL "-MF" OR arg STREQUAL "-MT")
            set(skip TRUE)
        elseif(arg STREQUAL "-c" OR arg MATCHES "^-MD$" OR arg MATCHES "${source}$")
        else()
            list(APPEND kept "${arg}")
        endif()
    endforeach()
    execute_process(COMMAND ${kept} -fsyntax-only "${probe}"
                    WORKING_DIRECTORY "${directory}" RESULT_VARIABLE result ERROR_VARIABLE errors)
    if((expect STREQUAL "compiles" AND NOT result EQUAL 0) OR (expect STREQUAL "fails" AND result EQUAL 0))
        message(SEND_ERROR "${source} including ${header}: expected it ${expect}. ${errors}")
    else()
        message(STATUS "${source} including ${header}: ${expect}, as it should")
    endif()
endfunction()

check(model/domain/money.cpp domain/operation.h compiles)
check(model/domain/money.cpp store/store.h fails)
check(model/store/storetext.cpp domain/money.h compiles)
check(model/store/storetext.cpp evidence/evidence.h fails)
check(model/evidence/evidence.cpp store/store.h compiles)
check(model/evidence/evidence.cpp items/queuemodel.h fails)
check(model/items/timetext.cpp evidence/evidence.h compiles)
check(model/items/timetext.cpp audit/auditverifier.h fails)
check(model/items/timetext.cpp ui/common/theme.h fails)
check(model/demo/demorandom.cpp evidence/evidence.h fails)
# The Stripe client knows the domain and Qt Network, not the store nor the verdicts.
check(model/stripe/stripesecret.cpp domain/result.h compiles)
check(model/stripe/stripesecret.cpp store/store.h fails)
check(model/stripe/stripesecret.cpp evidence/evidence.h fails)
check(model/stripe/stripesecret.cpp stripeask/operationstripelookup.h fails)
# Asking about the store's operations joins the client to the store and the verdicts, and
# stays below the items and the windows.
check(model/stripeask/stripekeymode.cpp stripe/stripeclient.h compiles)
check(model/stripeask/stripekeymode.cpp evidence/evidenceanalyzer.h compiles)
check(model/stripeask/stripekeymode.cpp items/queuemodel.h fails)
check(model/stripeask/striperequestpacer.cpp stripe/stripeclient.h compiles)
check(model/stripe/stripesecret.cpp stripeask/queueasker.h fails)
check(ui/common/theme.cpp items/queuemodel.h compiles)
check(ui/common/theme.cpp ui/console/shell/mainwindow.h fails)
check(ui/audit/auditwindow.cpp ui/console/shell/mainwindow.h fails)
check(ui/console/shell/mainwindow.cpp ui/audit/auditwindow.h compiles)
# The console's rooms (ui/console/<room>/) are in the console's layer: below it, what is
# shared sees none of them.
check(ui/common/theme.cpp ui/console/queue/queuepane.h fails)
check(ui/audit/auditwindow.cpp ui/console/deciding/resolvedialog.h fails)
check(ui/console/batch/batchflow.cpp ui/common/theme.h compiles)
check(ui/console/batch/batchflow.cpp ui/audit/auditwindow.h compiles)
