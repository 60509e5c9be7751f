# (owner: web viewer) A bug report in one file: game_headless records a run with a note at a frame, and the
# recording replays with every checkpoint and names the note in its summary. Run with
# cmake -DEXE=game_headless -DFILE=replay -DOUT=folder -P note_roundtrip.cmake.
file(MAKE_DIRECTORY ${OUT})
set(report ${OUT}/bug_report.freplay)
file(REMOVE ${report})
execute_process(COMMAND ${EXE} --replay ${FILE} --record ${report} --note-frame 10 --note "p2 should have blocked # here"
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc STREQUAL "0")
  message(FATAL_ERROR "recording with a note failed (exit ${rc}):\n${out}\n${err}")
endif()
file(STRINGS ${report} notes REGEX "^note ")
if(NOT notes STREQUAL "note 10 p2 should have blocked here")
  message(FATAL_ERROR "the recording's note line is '${notes}', not 'note 10 p2 should have blocked here'")
endif()
execute_process(COMMAND ${EXE} --replay ${report} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 120)
if(NOT rc STREQUAL "0" OR NOT out MATCHES "note at frame 10: p2 should have blocked here\n" OR NOT out MATCHES "\nPASS\n")
  message(FATAL_ERROR "the bug report did not replay with its note (exit ${rc}):\n${out}\n${err}")
endif()
message(STATUS "recorded and replayed: ${out}")
# Refused: a note without a file to put it in, a frame past the run, a note of nothing, a note longer than the 200
# characters a replay keeps (refused rather than cut without a word).
string(REPEAT "x" 201 long_note)
foreach(case "--note;x" "--note;x;--record;${OUT}/x.freplay;--note-frame;999999" "--note;###;--record;${OUT}/x.freplay"
             "--note-frame;3" "--note;${long_note};--record;${OUT}/x.freplay")
  execute_process(COMMAND ${EXE} --replay ${FILE} ${case} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc STREQUAL "2")
    message(FATAL_ERROR "game_headless ${case}: expected exit 2, got ${rc}:\n${out}\n${err}")
  endif()
  message(STATUS "refused as expected: ${err}")
endforeach()
# The limit is in bytes, and the message says so: 1 two-byte letter and 199 x are 200 characters but 201 bytes.
string(REPEAT "x" 199 x199)
execute_process(COMMAND ${EXE} --replay ${FILE} --note "é${x199}" --record ${OUT}/x.freplay
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
if(NOT rc STREQUAL "2" OR NOT err MATCHES "--note holds at most 200 bytes \\(a character outside ASCII takes 2-4\\), not 201")
  message(FATAL_ERROR "a 201-byte note of 200 characters: expected exit 2 and the limit in bytes, got ${rc}:\n${err}")
endif()
