# Runs `bvh agent.txt actions.txt` in CASE_DIR and compares standard output with expected.txt byte for byte.
execute_process(COMMAND ${BVH} agent.txt actions.txt WORKING_DIRECTORY ${CASE_DIR}
  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "bvh exited ${rc} in ${CASE_DIR}: ${err}")
endif()
file(READ ${CASE_DIR}/expected.txt expected)
if(NOT out STREQUAL expected)
  file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/actual.txt "${out}")
  message(FATAL_ERROR "output differs from ${CASE_DIR}/expected.txt\n--- expected\n${expected}\n--- actual\n${out}")
endif()
