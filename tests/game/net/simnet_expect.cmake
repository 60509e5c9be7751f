# cmake -DEXE=... -DARGS=a;b -DCODE=N [-DMSG=line] [-DOUT=text] -P simnet_expect.cmake
# Runs `EXE ARGS...` and fails unless the exit code is exactly CODE, stderr has the line MSG (when given) and stdout
# contains OUT (when given).
execute_process(COMMAND ${EXE} ${ARGS} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc STREQUAL "${CODE}")
  message(FATAL_ERROR "expected exit ${CODE}, got ${rc}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(DEFINED MSG)
  string(FIND "\n${err}" "\n${MSG}\n" at)
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
