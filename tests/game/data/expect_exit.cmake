# cmake -DEXE=... -DFILE=... -DCODE=N [-DEXTRA=flag;value] [-DMSG=line] [-DOUT=text] -P expect_exit.cmake
# Runs `EXE --headless --replay FILE EXTRA...` and fails unless the exit code is exactly CODE. For code 2 it also
# demands one exact stderr line: MSG when given, else `FILE:` followed by what the file's own
# `# expect-error: LINE: what` comment says (so every bad_* file names the line and message it must produce).
# A MSG ending in " ..." must start a stderr line instead (for messages that go on with a machine's own path).
# OUT, when given, must appear in stdout. STDOUT_FILE, when given, receives stdout instead (e.g. /dev/full).
if(DEFINED STDOUT_FILE)
  execute_process(COMMAND ${EXE} --headless --replay ${FILE} ${EXTRA}
                  RESULT_VARIABLE rc OUTPUT_FILE ${STDOUT_FILE} ERROR_VARIABLE err)
else()
  execute_process(COMMAND ${EXE} --headless --replay ${FILE} ${EXTRA}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
endif()
if(NOT rc STREQUAL "${CODE}")
  message(FATAL_ERROR "expected exit ${CODE}, got ${rc}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(CODE STREQUAL "2")
  if(NOT DEFINED MSG)
    file(STRINGS ${FILE} wanted REGEX "^# expect-error: ")
    list(LENGTH wanted n)
    if(NOT n EQUAL 1)
      message(FATAL_ERROR "${FILE} needs exactly one `# expect-error: LINE: what` comment")
    endif()
    string(REGEX REPLACE "^# expect-error: " "${FILE}:" MSG "${wanted}")
  endif()
  if(MSG MATCHES " \\.\\.\\.$")
    string(REGEX REPLACE " \\.\\.\\.$" "" MSG "${MSG}")
    string(FIND "\n${err}" "\n${MSG}" at)
  else()
    string(FIND "\n${err}" "\n${MSG}\n" at)
  endif()
  if(at EQUAL -1)
    message(FATAL_ERROR "stderr lacks the line\n${MSG}\nstderr:\n${err}")
  endif()
endif()
if(DEFINED OUT)
  string(FIND "${out}" "${OUT}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "stdout lacks\n${OUT}\nstdout:\n${out}")
  endif()
endif()
message(STATUS "exit ${rc} as expected: ${err}")
