# game_view: the picture of a fight as a list of shapes (no SFML, no I/O), painted by the game and the web viewer,
# and the SFML-free logic both show (the frame meter, the live rules, the round calls, lessons graded live)
# (rigged fighters drawn from their bones in rig_draw);
# the stages' music and the sound effects, synthesised as samples.
set(GAME_VIEW_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/draw_list.h
  ${CMAKE_CURRENT_LIST_DIR}/draw_list.cpp
  ${CMAKE_CURRENT_LIST_DIR}/rig_draw.h
  ${CMAKE_CURRENT_LIST_DIR}/rig_draw.cpp
  ${CMAKE_CURRENT_LIST_DIR}/camera.h
  ${CMAKE_CURRENT_LIST_DIR}/camera.cpp
  ${CMAKE_CURRENT_LIST_DIR}/music.h
  ${CMAKE_CURRENT_LIST_DIR}/music.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sfx.h
  ${CMAKE_CURRENT_LIST_DIR}/sfx.cpp
  ${CMAKE_CURRENT_LIST_DIR}/move_list.h
  ${CMAKE_CURRENT_LIST_DIR}/move_list.cpp
  ${CMAKE_CURRENT_LIST_DIR}/frame_meter.h
  ${CMAKE_CURRENT_LIST_DIR}/frame_meter.cpp
  ${CMAKE_CURRENT_LIST_DIR}/live_rules.h
  ${CMAKE_CURRENT_LIST_DIR}/lesson.h
  ${CMAKE_CURRENT_LIST_DIR}/lesson.cpp
  ${CMAKE_CURRENT_LIST_DIR}/round_calls.h
)
# Compiled alone in unity builds (the test build, the web build): the two synthesisers each keep their own kPi
# and Noise.
set(GAME_VIEW_COMPILED_ALONE ${CMAKE_CURRENT_LIST_DIR}/music.cpp ${CMAKE_CURRENT_LIST_DIR}/sfx.cpp)
