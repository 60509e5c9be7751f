# (owner: fight sim helper)
# Every file under data/replays/ through the headless runner (no SFML, no display); each must exit 0.
# Fight scripts are *.fscript, recorded fight replays *.freplay; Blaster scripts (owner: Blaster helper) live
# beside them and are routed by their first word, so every file in the folder is registered: a replay or a Blaster
# script by its plain run, an action script by its sync test below (which checks every expectation as the plain
# run does, and exits 1 on a failed one).
file(GLOB BVH_REPLAY_FILES CONFIGURE_DEPENDS "${BVH_DATA_DIR}/replays/*")
foreach(replay ${BVH_REPLAY_FILES})
  get_filename_component(name ${replay} NAME)
  if(NOT name MATCHES "\\.fscript$")
    add_test(NAME "replay ${name}" COMMAND $<TARGET_FILE:game_headless> --headless --replay ${replay})
  endif()
endforeach()
# The sync test on every shipped action script: save, restore and re-simulate every 3 frames (the rules of each
# script, cancels, knockdowns, juggles, supers, must survive a rollback), its expectations checked.
foreach(replay ${BVH_REPLAY_FILES})
  get_filename_component(name ${replay} NAME)
  if(name MATCHES "\\.fscript$")
    add_test(NAME "replay sync test ${name} every 3 frames"
      COMMAND $<TARGET_FILE:game_headless> --headless --replay ${replay} --sync 3)
  endif()
endforeach()
# A fourth fighter defined purely in data (tests/game/fighter4: its own button table with one more button, two
# moves of its own) loads and plays a script, under the sync test, and its recording plays back.
set(BVH_FIGHTER4 ${CMAKE_CURRENT_LIST_DIR}/fighter4)
add_test(NAME "data-only fighter plays its script"
  COMMAND $<TARGET_FILE:game_headless> --headless --replay ${BVH_FIGHTER4}/replays/ninja_data_only.fscript --sync 2)
add_test(NAME "data-only fighter's recording plays back"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DSCRIPT=${BVH_FIGHTER4}/replays/ninja_data_only.fscript
          -DOUT=${CMAKE_CURRENT_BINARY_DIR}/ninja_data_only.freplay -P ${CMAKE_CURRENT_LIST_DIR}/record_roundtrip.cmake)
# A fighter in the old per-frame box format (tests/game/oldformat/fighters/ryo.fighter: Ryo as he was before the
# shipped fighters were rigged, kept as a user's own old file would be) still loads and plays; the CPU's wake-up
# adaptation script was timed on him and keeps testing the CPU with him.
set(BVH_OLDFORMAT ${CMAKE_CURRENT_LIST_DIR}/oldformat)
add_test(NAME "old-format fighter: the CPU adapts to a wake-up mash"
  COMMAND $<TARGET_FILE:game_headless> --headless --replay ${BVH_OLDFORMAT}/replays/cpu_adapts_to_a_wakeup_mash.fscript)
add_test(NAME "old-format fighter: the CPU adapts to a wake-up mash, sync test every 3 frames"
  COMMAND $<TARGET_FILE:game_headless> --headless --replay ${BVH_OLDFORMAT}/replays/cpu_adapts_to_a_wakeup_mash.fscript --sync 3)
# Training replays re-simulate the dummy's settings: the scripts with random throw techs and random playback are
# recorded as replays (their header carries throwtech, the slots and the played slot) and the replays play back.
foreach(pair "58_dummy_throw_tech_random|throwtech random" "60_dummy_playback_random|slot random"
             "54_dummy_after_first_hit|dummy afterhit" "55_dummy_reversal_choice|reversal special")
  string(REPLACE "|" ";" pair "${pair}")
  list(GET pair 0 script)
  list(GET pair 1 header)
  add_test(NAME "training recording of ${script} plays back"
    COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DSCRIPT=${BVH_DATA_DIR}/replays/${script}.fscript
            "-DHEADER=${header}" -DOUT=${CMAKE_CURRENT_BINARY_DIR}/${script}.freplay
            -P ${CMAKE_CURRENT_LIST_DIR}/training_roundtrip.cmake)
endforeach()
# The generated frame-data pages (docs/frame-data/ID.md) must match what the shipped fighters measure, for every
# fighter in data/fighters/ (a new one fails until scripts/regen-docs has written its pages).
file(GLOB _fighter_files CONFIGURE_DEPENDS ${BVH_DATA_DIR}/fighters/*.fighter)
set(_fighters)
foreach(f ${_fighter_files})
  get_filename_component(id ${f} NAME_WE)
  list(APPEND _fighters ${id})
endforeach()
foreach(fighter ${_fighters})
  add_test(NAME "frame data page of ${fighter} is up to date"
    COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFIGHTER=${fighter} -DDATA=${BVH_DATA_DIR}
            -DPAGE=${BVH_DATA_DIR}/../docs/frame-data/${fighter}.md -P ${CMAKE_CURRENT_LIST_DIR}/frame_data_check.cmake)
  # The move-list pages the README links (docs/move-list/ID.md), from the data the game's move list reads.
  add_test(NAME "move list page of ${fighter} is up to date"
    COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFLAG=--move-list -DFIGHTER=${fighter}
            -DDATA=${BVH_DATA_DIR} -DPAGE=${BVH_DATA_DIR}/../docs/move-list/${fighter}.md
            -P ${CMAKE_CURRENT_LIST_DIR}/frame_data_check.cmake)
endforeach()
# The tutorial's lessons (data/tutorial/, action scripts) pass headless with their own answers (their p1 lines);
# that each fails with an idle player 1 is tests/game/io/lesson.test.cpp's.
file(GLOB BVH_LESSON_FILES CONFIGURE_DEPENDS "${BVH_DATA_DIR}/tutorial/*.fscript")
foreach(lesson ${BVH_LESSON_FILES})
  get_filename_component(name ${lesson} NAME)
  add_test(NAME "tutorial lesson ${name}" COMMAND $<TARGET_FILE:game_headless> --headless --replay ${lesson})
endforeach()
# The GGPO-style sync test on the recorded CPU match: save, restore and re-simulate every 7 frames.
add_test(NAME "replay sync test cpu_vs_cpu every 7 frames"
  COMMAND $<TARGET_FILE:game_headless> --headless --replay ${BVH_DATA_DIR}/replays/12_cpu_vs_cpu.freplay --sync 7)

# Deliberately broken inputs: exact exit codes (2 = bad file or flags with FILE:LINE:, 1 = a failed check). Each
# bad_* file ends with `# expect-error: LINE: what`, the exact message it must produce (see expect_exit.cmake).
set(BVH_FIGHT_BAD_DIR ${CMAKE_CURRENT_LIST_DIR}/data)
set(BVH_EXPECT_EXIT ${BVH_FIGHT_BAD_DIR}/expect_exit.cmake)
file(GLOB BVH_FIGHT_BAD_FILES "${BVH_FIGHT_BAD_DIR}/bad_*")
foreach(bad ${BVH_FIGHT_BAD_FILES})
  get_filename_component(name ${bad} NAME)
  add_test(NAME "replay rejects ${name} with exit 2"
    COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${bad} -DCODE=2 -P ${BVH_EXPECT_EXIT})
endforeach()
foreach(case "fail_expectation.fscript" "tampered_combo.freplay")
  add_test(NAME "replay ${case} fails a check with exit 1"
    COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_FIGHT_BAD_DIR}/${case} -DCODE=1
            -P ${BVH_EXPECT_EXIT})
endforeach()
add_test(NAME "replay combo.freplay (recorded) passes its checkpoints"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_FIGHT_BAD_DIR}/combo.freplay -DCODE=0
          -P ${BVH_EXPECT_EXIT})
add_test(NAME "headless runner rejects a bad flag with exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_FIGHT_BAD_DIR}/combo.freplay -DCODE=2
          "-DEXTRA=--sync;0" "-DMSG=game_headless: --sync wants a whole number in [1, 100000], not '0'"
          -P ${BVH_EXPECT_EXIT})
add_test(NAME "game --headless names itself so in a bad-flag message"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game> -DFILE=${BVH_FIGHT_BAD_DIR}/combo.freplay -DCODE=2
          "-DEXTRA=--sync;0" "-DMSG=game --headless: --sync wants a whole number in [1, 100000], not '0'"
          -P ${BVH_EXPECT_EXIT})
add_test(NAME "game --headless says --ranked is game_headless's alone (it said unknown flag)"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game> -DFILE=${BVH_FIGHT_BAD_DIR}/combo.freplay -DCODE=2
          "-DEXTRA=--ranked;x" "-DMSG=game --headless: --ranked is game_headless's alone (run game_headless --ranked ..., as game_headless --help says)"
          -P ${BVH_EXPECT_EXIT})
add_test(NAME "game --headless takes --ranked after --replay as the file's name, as the flag table does"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game> "-DARGS=--headless;--replay;--ranked" -DCODE=2
          "-DMSG=--ranked: cannot open: No such file or directory" -P ${BVH_EXPECT_EXIT})
add_test(NAME "headless runner rejects a missing file with exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_FIGHT_BAD_DIR}/no_such_file.fscript
          -DCODE=2 "-DMSG=${BVH_FIGHT_BAD_DIR}/no_such_file.fscript: cannot open: No such file or directory"
          -P ${BVH_EXPECT_EXIT})
add_test(NAME "headless runner rejects a directory given as the script with exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_FIGHT_BAD_DIR} -DCODE=2
          "-DMSG=${BVH_FIGHT_BAD_DIR}: is a directory" -P ${BVH_EXPECT_EXIT})
add_test(NAME "headless runner refuses an unwritable --record file with exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_FIGHT_BAD_DIR}/combo.freplay -DCODE=2
          "-DEXTRA=--record;${BVH_FIGHT_BAD_DIR}/no_such_dir/out.freplay"
          "-DMSG=${BVH_FIGHT_BAD_DIR}/no_such_dir/out.freplay: cannot write: No such file or directory ..." -P ${BVH_EXPECT_EXIT})
add_test(NAME "replay truncated_combo.freplay (no end line) plays and is reported truncated"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_FIGHT_BAD_DIR}/truncated_combo.freplay
          -DCODE=0 "-DOUT=(truncated: no end line, 66 frames)" -P ${BVH_EXPECT_EXIT})
if(EXISTS /dev/full)
  foreach(case "combo.freplay" "../../../data/replays/blaster_shoot_down.blaster")
    get_filename_component(name ${case} NAME)
    add_test(NAME "headless runner exits 2 when stdout is full (${name})"
      COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_FIGHT_BAD_DIR}/${case} -DCODE=2
              -DSTDOUT_FILE=/dev/full "-DMSG=game_headless: cannot write the output (stdout): No space left on device"
              -P ${BVH_EXPECT_EXIT})
  endforeach()
endif()
# `--events` on a drawn match names the draw (it once printed `matchover victim p3`).
add_test(NAME "replay --events prints matchover draw on a draw"
  COMMAND $<TARGET_FILE:game_headless> --headless --events --replay ${BVH_FIGHT_BAD_DIR}/draw_events.fscript)
set_tests_properties("replay --events prints matchover draw on a draw" PROPERTIES PASS_REGULAR_EXPRESSION "matchover draw")
# `--boxes FIGHTER MOVE`: the per-frame box listing from the command line (its lines are checked by hand in
# tests/game/run/box_dump.test.cpp), and its refusals.
add_test(NAME "headless --boxes lists a move's boxes per frame"
  COMMAND $<TARGET_FILE:game_headless> --boxes ninja light --data ${BVH_FIGHTER4})
set_tests_properties("headless --boxes lists a move's boxes per frame" PROPERTIES
  PASS_REGULAR_EXPRESSION "frame 5 member arm-front 10 130 70 146\nframe 5 member arm-back")
add_test(NAME "headless --boxes refuses --replay with exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_FIGHT_BAD_DIR}/combo.freplay -DCODE=2
          "-DEXTRA=--boxes;ryo;nothing" "-DMSG=game_headless: --boxes takes no --replay or --frame-data"
          -P ${BVH_EXPECT_EXIT})
add_test(NAME "headless --boxes needs a move"
  COMMAND $<TARGET_FILE:game_headless> --boxes ryo)
set_tests_properties("headless --boxes needs a move" PROPERTIES WILL_FAIL TRUE)
add_test(NAME "headless --boxes names an unknown move"
  COMMAND $<TARGET_FILE:game_headless> --boxes ryo nothing)
set_tests_properties("headless --boxes names an unknown move" PROPERTIES
  PASS_REGULAR_EXPRESSION "game_headless: fighter 'ryo' has no anim or move 'nothing' \\(it has: stand walk")
