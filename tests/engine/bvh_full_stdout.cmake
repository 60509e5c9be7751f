# cmake -DBVH=path -DOUT=dir -P bvh_full_stdout.cmake: the real `bvh` binary with stdout on /dev/full must exit 3
# (a failed write) with `standard output: cannot write: ...` on stderr, not 0.
file(MAKE_DIRECTORY ${OUT})
file(WRITE ${OUT}/agent.txt "head 0 0 2 2\ntorso 0 3 4 8\n")
file(WRITE ${OUT}/actions.txt "p\nc 1 1 1 1\n")
execute_process(COMMAND ${BVH} ${OUT}/agent.txt ${OUT}/actions.txt
                RESULT_VARIABLE rc OUTPUT_FILE /dev/full ERROR_VARIABLE err)
if(NOT rc STREQUAL "3")
  message(FATAL_ERROR "expected exit 3, got ${rc}; stderr:\n${err}")
endif()
string(FIND "${err}" "standard output: cannot write:" at)
if(at EQUAL -1)
  message(FATAL_ERROR "stderr lacks 'standard output: cannot write:'\n${err}")
endif()
message(STATUS "exit 3 as expected: ${err}")
