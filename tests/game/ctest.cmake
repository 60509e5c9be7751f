# Process-level game tests.
include(${CMAKE_CURRENT_LIST_DIR}/replays_ctest.cmake)  # every data/replays/ file through the headless runner
include(${CMAKE_CURRENT_LIST_DIR}/window_ctest.cmake)   # the windowed screenshot smoke test under Xvfb
include(${CMAKE_CURRENT_LIST_DIR}/net/ctest.cmake)        # two real online peers over UDP (owner: netcode)
