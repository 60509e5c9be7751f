# Runs `EXE --frame-data FIGHTER --data DATA` and requires its output to equal PAGE byte for byte: a fighter file
# change that moves a number fails here until the page is regenerated (the command is in the message).
execute_process(COMMAND ${EXE} --frame-data ${FIGHTER} --data ${DATA} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "game_headless --frame-data ${FIGHTER} exited ${rc}: ${err}")
endif()
file(READ ${PAGE} page)
if(NOT out STREQUAL page)
  message(FATAL_ERROR "${PAGE} is out of date with data/fighters/${FIGHTER}.fighter; regenerate it:\n"
                      "  game_headless --frame-data ${FIGHTER} > docs/frame-data/${FIGHTER}.md\nnow:\n${out}")
endif()
