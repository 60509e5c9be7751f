# game_sim: the rules of both games (fight and Blaster), plain data, no SFML, no files.
set(GAME_SIM_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/determinism.h
  ${CMAKE_CURRENT_LIST_DIR}/buttons.h
  ${CMAKE_CURRENT_LIST_DIR}/buttons.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fighter_def.h
  ${CMAKE_CURRENT_LIST_DIR}/fighter_def.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fight.h
  ${CMAKE_CURRENT_LIST_DIR}/fight.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fight_hits.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fight_push.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fight_cpu.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fight_hash.cpp
  ${CMAKE_CURRENT_LIST_DIR}/blaster/blaster.h
  ${CMAKE_CURRENT_LIST_DIR}/blaster/blaster.cpp
  ${CMAKE_CURRENT_LIST_DIR}/blaster/budget.h
  ${CMAKE_CURRENT_LIST_DIR}/blaster/budget.cpp
)
