# tst_noseams: the release refund-desk reads none of the variables by which the tests ask
# refund-desk-testing for a fault (faultsfromenvironment.h): their names are nowhere in it.
# They are all in the testing executable, which shows the search finds them where they are.
# cmake -DAPP=refund-desk -DTESTING_APP=refund-desk-testing -P check-no-seams.cmake
set(names RD_TEST_DELAY_IN_RESOLVE_MS RD_TEST_MAX_PAGE_COUNT RD_TEST_BATCH_HOLD)

file(STRINGS "${APP}" in_app REGEX "RD_TEST_")
if(in_app)
    list(REMOVE_DUPLICATES in_app)
    message(SEND_ERROR "${APP} holds a test's variable: ${in_app}")
else()
    message(STATUS "${APP}: no RD_TEST_ variable in it, as it should")
endif()

file(STRINGS "${TESTING_APP}" in_testing REGEX "RD_TEST_")
foreach(name IN LISTS names)
    string(FIND "${in_testing}" "${name}" at)
    if(at EQUAL -1)
        message(SEND_ERROR "${TESTING_APP} does not hold ${name}: the search would not find it either")
    else()
        message(STATUS "${TESTING_APP}: ${name} found, as it should")
    endif()
endforeach()
