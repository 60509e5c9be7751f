include(${CMAKE_CURRENT_LIST_DIR}/fight_tests.cmake)    # FIGHT_TEST_SOURCES (fight sim, replays, scripts)
include(${CMAKE_CURRENT_LIST_DIR}/blaster_tests.cmake)  # BLASTER_TEST_SOURCES (Blaster sim)
set(TEST_GAME_SOURCES ${FIGHT_TEST_SOURCES} ${BLASTER_TEST_SOURCES})
