# (owner: web viewer) The browser viewer against the native runner, in headless Chromium: every shipped replay and
# script (and the broken and failing test files) must give game_headless's events, summary, failures and error
# messages; and a screenshot of the page with the overlay on must not be blank. The page is built once, as a build
# step (scripts/test's web stage, or scripts/web --build-only), never inside a test; tests/web/web_test.py installs
# chromium when missing (as root) and otherwise, or without the page, prints `WEB TEST SKIPPED: why`.
if(NOT BVH_BUILD_GAME)
  return()
endif()
# The draw list both front ends paint: a native doctest program, run in every build (the sanitizers included).
add_executable(view_tests web/draw_list.test.cpp game/view/music.test.cpp game/view/move_list.test.cpp
               game/view/camera.test.cpp game/view/stage.test.cpp game/view/rig_draw.test.cpp)
target_link_libraries(view_tests PRIVATE game_view game_io doctest_main)
target_include_directories(view_tests PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_compile_definitions(view_tests PRIVATE BVH_DATA_DIR="${BVH_DATA_DIR}" BVH_SHARED_DIR="${BVH_SHARED_DIR}"
                                             BVH_TEST_SOURCE_DIR="${CMAKE_CURRENT_SOURCE_DIR}")
bvh_doctest_files(view_tests)

# A bug report in one file: game_headless records a run with a note at a frame; the recording replays and names it.
add_test(NAME "game_headless records a bug-report note in a replay and replays it"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${CMAKE_CURRENT_SOURCE_DIR}/game/data/combo.freplay
          -DOUT=${CMAKE_CURRENT_BINARY_DIR}/note_test -P ${CMAKE_CURRENT_LIST_DIR}/web/note_roundtrip.cmake)

if(BVH_FUZZ)
  return()
endif()
find_program(BVH_PYTHON3 python3)
set(_web_replays "web viewer in Chromium gives game_headless's results for every shipped replay and script")
set(_web_shot "web viewer screenshot with the overlay on is not blank")
set(_web_defects "web viewer in Chromium keeps the address on the file shown and refuses bad names, links and overlapping opens clearly")
set(_web_play "web play page in Chromium plays a versus-CPU match from keys, a gamepad and touch, training and the tutorial with its kept progress, and game_headless replays the match to the page's hash")
if(NOT BVH_PYTHON3)
  foreach(t "${_web_replays}" "${_web_shot}" "${_web_defects}" "${_web_play}")
    add_test(NAME "${t}" COMMAND ${CMAKE_COMMAND} -E echo "WEB TEST SKIPPED: python3 not found")
    set_tests_properties("${t}" PROPERTIES SKIP_REGULAR_EXPRESSION "WEB TEST SKIPPED")
  endforeach()
  return()
endif()
set(_web_py ${CMAKE_CURRENT_LIST_DIR}/web/web_test.py)
add_test(NAME "${_web_replays}"
  COMMAND ${BVH_PYTHON3} ${_web_py} replays --root ${PROJECT_SOURCE_DIR} --headless $<TARGET_FILE:game_headless>
          --out ${CMAKE_CURRENT_BINARY_DIR}/web_test)
add_test(NAME "${_web_shot}"
  COMMAND ${BVH_PYTHON3} ${_web_py} screenshot --root ${PROJECT_SOURCE_DIR} --out ${CMAKE_CURRENT_BINARY_DIR}/web_test)
add_test(NAME "${_web_defects}"
  COMMAND ${BVH_PYTHON3} ${_web_py} defects --root ${PROJECT_SOURCE_DIR} --out ${CMAKE_CURRENT_BINARY_DIR}/web_test)
add_test(NAME "${_web_play}"
  COMMAND ${BVH_PYTHON3} ${_web_py} play --root ${PROJECT_SOURCE_DIR} --headless $<TARGET_FILE:game_headless>
          --out ${CMAKE_CURRENT_BINARY_DIR}/web_test)
set_tests_properties("${_web_replays}" "${_web_shot}" "${_web_defects}" "${_web_play}" PROPERTIES
  TIMEOUT 300 SKIP_REGULAR_EXPRESSION "WEB TEST SKIPPED" RESOURCE_LOCK webviewer)  # both copy the page into one web folder
