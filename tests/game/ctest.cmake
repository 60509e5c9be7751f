# Process-level game tests.
include(${CMAKE_CURRENT_LIST_DIR}/replays_ctest.cmake)  # every data/replays/ file through the headless runner
include(${CMAKE_CURRENT_LIST_DIR}/window_ctest.cmake)   # the windowed screenshot smoke test under Xvfb
include(${CMAKE_CURRENT_LIST_DIR}/net/ctest.cmake)        # two real online peers over UDP (owner: netcode)
include(${CMAKE_CURRENT_LIST_DIR}/ranked/ctest.cmake)     # bvh_matchd and ranked peers as real processes
add_test(NAME "bisect names the first differing frame and the fields there, from the files or the desync reports"
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/run/bisect.sh $<TARGET_FILE:game_headless>
          ${CMAKE_CURRENT_LIST_DIR}/net/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/bisect_work)
set_tests_properties("bisect names the first differing frame and the fields there, from the files or the desync reports"
  PROPERTIES TIMEOUT 120)
# A fireball motion typed by xdotool at 60 Hz key timing into a game drawn at 15 frames a second comes out 10 of 10.
add_test(NAME "window motions typed at 60 Hz come out 10 of 10 at 15 drawn fps"
  COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/starved_input.sh $<TARGET_FILE:game> $<TARGET_FILE:game_headless> ${BVH_DATA_DIR}
          ${CMAKE_CURRENT_BINARY_DIR}/starved_input)
set_tests_properties("window motions typed at 60 Hz come out 10 of 10 at 15 drawn fps" PROPERTIES
  TIMEOUT 180 SKIP_RETURN_CODE 77 RESOURCE_LOCK xdisplay)

# The PostgreSQL store's test starts its own throwaway cluster; without the server programs it prints SKIPPED.
set_tests_properties("tests: game/ranked/store_postgres.test.cpp" PROPERTIES SKIP_REGULAR_EXPRESSION "SKIPPED:")
