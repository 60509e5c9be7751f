# doctest sources for the game, mirroring game/: sim (rules), io (formats, flags, the replay player) and run (runners).
set(TEST_GAME_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/ranked/glicko2.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sim/fight_test_util.h
  ${CMAKE_CURRENT_LIST_DIR}/sim/fight.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sim/moves.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sim/skeleton.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sim/rig.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sim/rig_data.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sim/fight_fields.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/run/desync_report.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sim/blaster.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/text.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/fighter_file.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/anim_ids.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/fighter_rig.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/moves_data.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/replay.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/bug_report.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/lesson.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/blaster_script.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/blaster_config.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/blaster_budget.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/limits.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/flag_table.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/run/online_flags.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/run/identity_file.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/run/headless.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/run/box_dump.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/atomic_file.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/read_file.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/button_file.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/io/settings_file.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/simnet/simnet_network.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/simnet/simnet_explorer.test.cpp
)
include(${CMAKE_CURRENT_LIST_DIR}/net/sources.cmake)  # NET_TEST_SOURCES (online play)
list(APPEND TEST_GAME_SOURCES ${NET_TEST_SOURCES})
