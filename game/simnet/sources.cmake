# The online simulator: a simulated network (NATs, a TURN relay model, faults), fault schedules, one simulated world
# running the real lobby, peers and spectators on a virtual clock, and the explorer behind `game_headless
# --simulate`. Links the netcode core, the lobby's logic and the replay format (the recordings are checked offline).
set(GAME_SIMNET_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/sim_network.h
  ${CMAKE_CURRENT_LIST_DIR}/sim_network.cpp
  ${CMAKE_CURRENT_LIST_DIR}/schedule.h
  ${CMAKE_CURRENT_LIST_DIR}/schedule.cpp
  ${CMAKE_CURRENT_LIST_DIR}/world.h
  ${CMAKE_CURRENT_LIST_DIR}/world_parts.h
  ${CMAKE_CURRENT_LIST_DIR}/world.cpp
  ${CMAKE_CURRENT_LIST_DIR}/world_players.cpp
  ${CMAKE_CURRENT_LIST_DIR}/world_others.cpp
  ${CMAKE_CURRENT_LIST_DIR}/world_check.cpp
  ${CMAKE_CURRENT_LIST_DIR}/simulate_main.h
  ${CMAKE_CURRENT_LIST_DIR}/simulate_main.cpp
)
