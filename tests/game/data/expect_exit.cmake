# cmake -DEXE=... -DFILE=... -DCODE=N [-DEXTRA=flag;value] -P expect_exit.cmake
# Runs `EXE --headless --replay FILE EXTRA...` and fails unless the exit code is exactly CODE (and, for code 2,
# unless stderr names the file with a line number: FILE:LINE: what).
execute_process(COMMAND ${EXE} --headless --replay ${FILE} ${EXTRA}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL "${CODE}")
  message(FATAL_ERROR "expected exit ${CODE}, got ${rc}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(CODE STREQUAL "2" AND NOT EXTRA AND NOT err MATCHES ":[0-9]+: ")
  message(FATAL_ERROR "exit 2 without a FILE:LINE: message\nstderr:\n${err}")
endif()
message(STATUS "exit ${rc} as expected: ${err}")
