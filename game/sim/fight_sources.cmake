# The fight simulation (owner: fight sim helper). No SFML.
set(FIGHT_SIM_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/textio.h
  ${CMAKE_CURRENT_LIST_DIR}/textio.cpp
  ${CMAKE_CURRENT_LIST_DIR}/buttons.h
  ${CMAKE_CURRENT_LIST_DIR}/buttons.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fighter_def.h
  ${CMAKE_CURRENT_LIST_DIR}/fighter_def.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fight.h
  ${CMAKE_CURRENT_LIST_DIR}/fight.cpp
  ${CMAKE_CURRENT_LIST_DIR}/script.h
  ${CMAKE_CURRENT_LIST_DIR}/script.cpp
  ${CMAKE_CURRENT_LIST_DIR}/replay.h
  ${CMAKE_CURRENT_LIST_DIR}/replay.cpp
)
