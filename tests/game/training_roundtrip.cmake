# Records the training script SCRIPT to OUT with EXE (--record) and plays OUT back: both must exit 0 (the replay's
# hash checkpoints and end hash must match, so the dummy's settings re-simulate), and the header must carry the
# line HEADER (the setting under test).
execute_process(COMMAND ${EXE} --replay ${SCRIPT} --record ${OUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "recording ${SCRIPT} exited ${rc}:\n${out}\n${err}")
endif()
file(READ ${OUT} text)
string(FIND "${text}" "\n${HEADER}\n" at)
if(at EQUAL -1)
  message(FATAL_ERROR "the recording has no line '${HEADER}':\n${text}")
endif()
execute_process(COMMAND ${EXE} --replay ${OUT} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "playing the recording ${OUT} exited ${rc}:\n${out}\n${err}")
endif()
message(STATUS "${out}")
