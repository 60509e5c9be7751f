# (owner: fight sim helper) doctest sources for the fight simulation, fighter files, replays and scripts.
set(FIGHT_TEST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/fight_test_util.h
  ${CMAKE_CURRENT_LIST_DIR}/fighter_def.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fight.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/replay.test.cpp
)
