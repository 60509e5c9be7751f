# Runs `EXE FLAG FIGHTER --data DATA` (FLAG: --frame-data, the default, or --move-list) and requires its output to
# equal PAGE byte for byte: a fighter file change that moves a number fails here until the page is regenerated
# (the command is in the message).
if(NOT DEFINED FLAG)
  set(FLAG --frame-data)
endif()
execute_process(COMMAND ${EXE} ${FLAG} ${FIGHTER} --data ${DATA} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "game_headless ${FLAG} ${FIGHTER} exited ${rc}: ${err}")
endif()
file(READ ${PAGE} page)
if(NOT out STREQUAL page)
  string(REPLACE "--" "" folder ${FLAG})
  message(FATAL_ERROR "${PAGE} is out of date with data/fighters/${FIGHTER}.fighter; regenerate it:\n"
                      "  game_headless ${FLAG} ${FIGHTER} > docs/${folder}/${FIGHTER}.md\nnow:\n${out}")
endif()
