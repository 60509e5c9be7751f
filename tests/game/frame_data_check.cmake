# Runs `EXE FLAG FIGHTER --data DATA` (FLAG: --frame-data, the default, or --move-list) and requires its output to
# equal PAGE byte for byte: a fighter file change that moves a number fails here until the pages are regenerated
# with scripts/regen-docs (named in the message); a fighter with no page yet fails the same way.
if(NOT DEFINED FLAG)
  set(FLAG --frame-data)
endif()
execute_process(COMMAND ${EXE} ${FLAG} ${FIGHTER} --data ${DATA} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "game_headless ${FLAG} ${FIGHTER} exited ${rc}: ${err}")
endif()
set(page "")
if(EXISTS ${PAGE})
  file(READ ${PAGE} page)
endif()
if(NOT out STREQUAL page)
  message(FATAL_ERROR "${PAGE} is out of date with data/fighters/${FIGHTER}.fighter (or missing); regenerate every "
                      "generated page with:\n  scripts/regen-docs\nwhat the page should say now:\n${out}")
endif()
