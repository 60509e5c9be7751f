# game_io: every text format (fighters, action scripts, replays, Blaster scripts, blaster.cfg, enum names) with the
# one text reader and error type, the one number parser and flag table, the one atomic file writer, and the
# one replay player. No SFML.
# IO_FLAGS_SOURCES (target io_flags, on the engine alone: the benchmark parses its flags and writes its --csv file
# with it too) are part of
# GAME_IO_SOURCES, which the web build compiles whole; game_io itself is GAME_IO_OWN_SOURCES linked to io_flags.
set(IO_FLAGS_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/text.h
  ${CMAKE_CURRENT_LIST_DIR}/text.cpp
  ${CMAKE_CURRENT_LIST_DIR}/flag_table.h
  ${CMAKE_CURRENT_LIST_DIR}/flag_table.cpp
  ${CMAKE_CURRENT_LIST_DIR}/atomic_file.h
  ${CMAKE_CURRENT_LIST_DIR}/atomic_file.cpp
)
set(GAME_IO_OWN_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/names.h
  ${CMAKE_CURRENT_LIST_DIR}/names.cpp
  ${CMAKE_CURRENT_LIST_DIR}/button_file.h
  ${CMAKE_CURRENT_LIST_DIR}/button_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fighter_file.h
  ${CMAKE_CURRENT_LIST_DIR}/fighter_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/fighter_rig.h
  ${CMAKE_CURRENT_LIST_DIR}/fighter_rig.cpp
  ${CMAKE_CURRENT_LIST_DIR}/run_file.h
  ${CMAKE_CURRENT_LIST_DIR}/replay_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/script_file.cpp
  ${CMAKE_CURRENT_LIST_DIR}/replay_writer.h
  ${CMAKE_CURRENT_LIST_DIR}/replay_writer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bug_report.h
  ${CMAKE_CURRENT_LIST_DIR}/bug_report.cpp
  ${CMAKE_CURRENT_LIST_DIR}/run_failure.h
  ${CMAKE_CURRENT_LIST_DIR}/player.h
  ${CMAKE_CURRENT_LIST_DIR}/player.cpp
  ${CMAKE_CURRENT_LIST_DIR}/blaster_config.h
  ${CMAKE_CURRENT_LIST_DIR}/blaster_config.cpp
  ${CMAKE_CURRENT_LIST_DIR}/blaster_script.h
  ${CMAKE_CURRENT_LIST_DIR}/blaster_script.cpp
  ${CMAKE_CURRENT_LIST_DIR}/user_dirs.h
  ${CMAKE_CURRENT_LIST_DIR}/user_dirs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/settings_file.h
  ${CMAKE_CURRENT_LIST_DIR}/settings_file.cpp
)
set(GAME_IO_SOURCES ${IO_FLAGS_SOURCES} ${GAME_IO_OWN_SOURCES})
