# app_tests: parts of the SFML app tested without a window: the key-binding parser, the window placement, the
# command line, the live rules, the frame meter and the input display labels, and the fight view's parts that need
# no window: the live and replay sources, the match recorder, the training tools and the pacing. A separate
# executable because it links the app library (game_app: SFML's graphics and window), which the main `tests` target
# does not; it constructs no window and needs no display. Registered like `tests`.
find_package(SFML 2.5 COMPONENTS graphics window system REQUIRED)
add_executable(app_tests
  ${CMAKE_CURRENT_LIST_DIR}/bindings.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/extra_buttons.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/window_position.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/live_rules.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training_hud.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/gamepad.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fight_source.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/training.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fight_pacing.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/input_queue.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/round_calls.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/letterbox.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/flags.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/options_model.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/tutorial.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/trials.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fight_hints.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/replay_list.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/arcade.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/view_logic.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/particles.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/online_settings.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/online_service.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/online_lobby.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/online_identity.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/overlay_labels.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/select_layout.test.cpp)
target_link_libraries(app_tests PRIVATE game_app doctest_main)
target_include_directories(app_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/../..)
target_compile_definitions(app_tests PRIVATE BVH_DATA_DIR="${BVH_DATA_DIR}" BVH_SHARED_DIR="${BVH_SHARED_DIR}"
                           BVH_TEST_DATA_DIR="${CMAKE_CURRENT_LIST_DIR}/../data")
bvh_doctest_files(app_tests)

# Text measured with SFML needs a GL context (the glyphs live in a texture), so the banner-fit test is its own
# executable run under xvfb-run; without xvfb-run it says why and CTest counts it skipped.
add_executable(draw_fit_tests
  ${CMAKE_CURRENT_LIST_DIR}/draw_fit.test.cpp)
target_link_libraries(draw_fit_tests PRIVATE game_app doctest_main)
target_include_directories(draw_fit_tests PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_definitions(draw_fit_tests PRIVATE BVH_DATA_DIR="${BVH_DATA_DIR}")
find_program(XVFB_RUN_FOR_DRAW xvfb-run)
if(XVFB_RUN_FOR_DRAW)
  add_test(NAME "banners are measured to fit the view (text sizes under Xvfb)"
    COMMAND ${CMAKE_COMMAND} -E env ASAN_OPTIONS=detect_leaks=0 ${XVFB_RUN_FOR_DRAW} -a $<TARGET_FILE:draw_fit_tests>)
  set_tests_properties("banners are measured to fit the view (text sizes under Xvfb)" PROPERTIES
    FAIL_REGULAR_EXPRESSION "test cases: +0 [|]" RESOURCE_LOCK xdisplay)
else()
  add_test(NAME "banners are measured to fit the view (no xvfb-run)"
    COMMAND ${CMAKE_COMMAND} -E echo "DRAW TEST SKIPPED: xvfb-run is not installed (apt-get install xvfb)")
  set_tests_properties("banners are measured to fit the view (no xvfb-run)" PROPERTIES SKIP_REGULAR_EXPRESSION "DRAW TEST SKIPPED")
endif()
