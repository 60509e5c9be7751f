# game_run: the runners (the headless fight and Blaster runner, the headless online peer) and the flags they share
# with the window (the online ones). The room above io and net where text meets the netcode; no SFML graphics.
set(GAME_RUN_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/online_flags.h
  ${CMAKE_CURRENT_LIST_DIR}/online_flags.cpp
  ${CMAKE_CURRENT_LIST_DIR}/identity_file.h
  ${CMAKE_CURRENT_LIST_DIR}/identity_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/blaster_runner.h
  ${CMAKE_CURRENT_LIST_DIR}/blaster_runner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/headless.h
  ${CMAKE_CURRENT_LIST_DIR}/headless.cpp
  ${CMAKE_CURRENT_LIST_DIR}/headless_peer.h
  ${CMAKE_CURRENT_LIST_DIR}/headless_peer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/desync_report.h
  ${CMAKE_CURRENT_LIST_DIR}/desync_report.cpp
  ${CMAKE_CURRENT_LIST_DIR}/relay_path.h
  ${CMAKE_CURRENT_LIST_DIR}/relay_path.cpp
  ${CMAKE_CURRENT_LIST_DIR}/spectator_runner.h
  ${CMAKE_CURRENT_LIST_DIR}/spectator_runner.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bisect.h
  ${CMAKE_CURRENT_LIST_DIR}/bisect.cpp
  ${CMAKE_CURRENT_LIST_DIR}/frame_data.h
  ${CMAKE_CURRENT_LIST_DIR}/frame_data.cpp
  ${CMAKE_CURRENT_LIST_DIR}/box_dump.h
  ${CMAKE_CURRENT_LIST_DIR}/box_dump.cpp
  ${CMAKE_CURRENT_LIST_DIR}/move_list_page.h
  ${CMAKE_CURRENT_LIST_DIR}/move_list_page.cpp
)
