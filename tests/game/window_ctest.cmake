# (owner: app helper) The windowed game under its own X server: `game --demo` must draw real frames and save a
# non-blank PNG, for the fight (plain and with the overlay) and for the Blaster; bad flags, a bad controls.cfg
# (bad line, clashing keys, a directory) and a replay naming a missing fighter must be refused with exit 2 before
# any window opens, while an empty controls file is accepted (the defaults apply).
#
# This one file is both the registration (included by ctest.cmake) and the test driver (run with `cmake -P`).
# Skipped (loudly, via SKIP_REGULAR_EXPRESSION) only when neither xvfb-run nor Xvfb exists; scripts/test installs
# the xvfb package, so in CI it runs.
if(NOT CMAKE_SCRIPT_MODE_FILE)
  set(_win ${CMAKE_CURRENT_LIST_FILE})
  set(_out ${CMAKE_CURRENT_BINARY_DIR}/window_test)
  foreach(mode fight overlay blaster)
    add_test(NAME "window demo ${mode} saves a non-blank screenshot under Xvfb"
      COMMAND ${CMAKE_COMMAND} -DKIND=smoke -DMODE=${mode} -DGAME=$<TARGET_FILE:game> -DDATA=${BVH_DATA_DIR}
              -DOUT=${_out} -P ${_win})
    set_tests_properties("window demo ${mode} saves a non-blank screenshot under Xvfb" PROPERTIES
      TIMEOUT 300 SKIP_REGULAR_EXPRESSION "WINDOW TEST SKIPPED" RESOURCE_LOCK xdisplay)
  endforeach()
  add_test(NAME "window replay of 12_cpu_vs_cpu.freplay plays without a desync under Xvfb"
    COMMAND ${CMAKE_COMMAND} -DKIND=replay -DGAME=$<TARGET_FILE:game> -DDATA=${BVH_DATA_DIR} -DOUT=${_out} -P ${_win})
  add_test(NAME "window match and Blaster recordings replay headless"
    COMMAND ${CMAKE_COMMAND} -DKIND=record -DGAME=$<TARGET_FILE:game> -DDATA=${BVH_DATA_DIR} -DOUT=${_out} -P ${_win})
  add_test(NAME "window Blaster and fight scripts report their failed expect lines under Xvfb and exit 1"
    COMMAND ${CMAKE_COMMAND} -DKIND=blasterexpect -DGAME=$<TARGET_FILE:game> -DDATA=${BVH_DATA_DIR} -DOUT=${_out} -P ${_win})
  set_tests_properties("window replay of 12_cpu_vs_cpu.freplay plays without a desync under Xvfb"
                       "window match and Blaster recordings replay headless"
                       "window Blaster and fight scripts report their failed expect lines under Xvfb and exit 1" PROPERTIES
    TIMEOUT 300 SKIP_REGULAR_EXPRESSION "WINDOW TEST SKIPPED" RESOURCE_LOCK xdisplay)
  add_test(NAME "window menus under xdotool: first start, Options, replay browser, tutorial pause menu, files under XDG not HOME"
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/first_start.sh $<TARGET_FILE:game> ${BVH_DATA_DIR} ${_out}/first_start)
  set_tests_properties("window menus under xdotool: first start, Options, replay browser, tutorial pause menu, files under XDG not HOME"
    PROPERTIES TIMEOUT 300 SKIP_REGULAR_EXPRESSION "FIRST START TEST SKIPPED" RESOURCE_LOCK xdisplay)
  add_test(NAME "window arcade under xdotool: lose on time, CONTINUE?, continue, give up"
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/arcade_window.sh $<TARGET_FILE:game> $<TARGET_FILE:game_headless> ${BVH_DATA_DIR}
            ${_out}/arcade)
  set_tests_properties("window arcade under xdotool: lose on time, CONTINUE?, continue, give up"
    PROPERTIES TIMEOUT 400 SKIP_REGULAR_EXPRESSION "ARCADE WINDOW TEST SKIPPED" RESOURCE_LOCK xdisplay)
  add_test(NAME "game rejects a malformed flag with exit 2"
    COMMAND ${CMAKE_COMMAND} -DKIND=badflag -DGAME=$<TARGET_FILE:game> -DDATA=${BVH_DATA_DIR} -DOUT=${_out} -P ${_win})
  add_test(NAME "game rejects a bad controls.cfg line with FILE:LINE and exit 2"
    COMMAND ${CMAKE_COMMAND} -DKIND=badcontrols -DGAME=$<TARGET_FILE:game> -DDATA=${BVH_DATA_DIR} -DOUT=${_out} -P ${_win})
  add_test(NAME "game rejects a key shared by a player button and start, pause, back or a debug key with exit 2"
    COMMAND ${CMAKE_COMMAND} -DKIND=clash -DGAME=$<TARGET_FILE:game> -DDATA=${BVH_DATA_DIR} -DOUT=${_out} -P ${_win})
  add_test(NAME "game rejects a controls path that is a directory, or a replay path that is one or missing, with exit 2"
    COMMAND ${CMAKE_COMMAND} -DKIND=controlsdir -DGAME=$<TARGET_FILE:game> -DDATA=${BVH_DATA_DIR} -DOUT=${_out} -P ${_win})
  add_test(NAME "game accepts an empty controls file, swapped keys and a new controls or settings file, reaching the display check"
    COMMAND ${CMAKE_COMMAND} -DKIND=controlsok -DGAME=$<TARGET_FILE:game> -DDATA=${BVH_DATA_DIR} -DOUT=${_out} -P ${_win})
  add_test(NAME "game rejects a replay naming a missing fighter with FILE and exit 2"
    COMMAND ${CMAKE_COMMAND} -DKIND=badfighter -DGAME=$<TARGET_FILE:game> -DDATA=${BVH_DATA_DIR} -DOUT=${_out} -P ${_win})
  return()
endif()

# ---- script mode ----
file(MAKE_DIRECTORY ${OUT})
# Under the sanitizer build: ASan/UBSan errors stay fatal, but leak checking is off for the windowed game, because
# the GL driver that Mesa dlopens leaks a few hundred bytes at exit from an unloaded, unnamed module that no
# suppression can match.
set(ENV{ASAN_OPTIONS} "$ENV{ASAN_OPTIONS}:detect_leaks=0")
# The player's folders (settings, bindings, replays) in the test's own output, never the real home.
set(ENV{XDG_CONFIG_HOME} ${OUT}/xdg/config)
set(ENV{XDG_DATA_HOME} ${OUT}/xdg/data)

# Runs the game with ARGN (no DISPLAY, so nothing can reach a window) and requires exit status `code` with the
# literal text `expected` on stderr (a substring, compared as-is: no regex).
function(expect_exit code expected)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=DISPLAY ${GAME} --data ${DATA} ${ARGN}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 60)
  if(NOT rc STREQUAL "${code}")
    message(FATAL_ERROR "game ${ARGN}: expected exit ${code}, got '${rc}'\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  string(FIND "${err}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "game ${ARGN}: stderr does not contain '${expected}':\n${err}")
  endif()
  message(STATUS "exit ${code} as expected: ${err}")
  set(err "${err}" PARENT_SCOPE)
endfunction()

# Refused before any window: exit 2 and the message.
function(expect_exit2 expected)
  expect_exit(2 "${expected}" ${ARGN})
endfunction()

if(KIND STREQUAL "badflag")
  expect_exit2("--frames wants a whole number" --demo --frames 12abc)
  expect_exit2("unknown flag '--bogus'" --bogus)
  expect_exit2("--mode wants fight or blaster" --demo --mode chess)
  # Online values the window once took to the Host screen (the error shown there, Esc exiting 0): refused with the
  # flags, as game_headless refuses them, before any window.
  expect_exit2("game: --fighter wants a fighter of ${DATA}/fighters (brick, nova, ryo, tasha), not 'bogus'"
               --host 0 --fighter bogus)
  expect_exit2("game: --lobby: bad host 'a b' (a name or a dotted IPv4 address)" --lobby "a b" --host 0)
  expect_exit2("game: --join: bad host 'a b' (a name or a dotted IPv4 address)" --join "a b")
  # A private room needs a room: a host with no lobby (none given, none saved) hosts directly.
  expect_exit2("game: --private-room needs a lobby (--lobby HOST[:PORT], or the Online menu's saved one): --host alone hosts no room"
               --host 0 --private-room)
  return()
endif()

if(KIND STREQUAL "badcontrols")
  # Line 3 names a key that does not exist (hand-written: the error must point at exactly that line).
  file(WRITE ${OUT}/bad_controls.cfg "# test\np1.left = A\np1.right = NotAKey\n")
  expect_exit2("bad_controls.cfg:3: unknown key 'NotAKey'" --controls ${OUT}/bad_controls.cfg --demo)
  file(WRITE ${OUT}/clash_controls.cfg "p2.light = J\n")
  expect_exit2("clash_controls.cfg:1: key J already drives p1.light" --controls ${OUT}/clash_controls.cfg --demo)
  return()
endif()

if(KIND STREQUAL "clash")
  # Each file binds, on the line named, a key that a default already gives to another action live in a fight
  # (defaults from data/controls.cfg: p1.light = J, p1.heavy = K, start = Enter, overlay = F1 and Ctrl+C).
  file(WRITE ${OUT}/clash_start.cfg "# jab pauses?\nstart = J\n")
  expect_exit2("clash_start.cfg:2: key J already drives p1.light" --controls ${OUT}/clash_start.cfg --demo)
  file(WRITE ${OUT}/clash_pause.cfg "pause = P, K\n")
  expect_exit2("clash_pause.cfg:1: key K already drives p1.heavy" --controls ${OUT}/clash_pause.cfg --demo)
  file(WRITE ${OUT}/clash_back.cfg "\n\np2.light = Escape\n")
  expect_exit2("clash_back.cfg:3: key Escape already drives back" --controls ${OUT}/clash_back.cfg --demo)
  file(WRITE ${OUT}/clash_overlay.cfg "p1.special = F1\n")
  expect_exit2("clash_overlay.cfg:1: key F1 already drives overlay" --controls ${OUT}/clash_overlay.cfg --demo)
  # A plain C also fires when Ctrl+C is pressed, so it clashes with overlay's Ctrl+C.
  file(WRITE ${OUT}/clash_chord.cfg "p1.light = C\n")
  expect_exit2("clash_chord.cfg:1: key C already drives overlay" --controls ${OUT}/clash_chord.cfg --demo)
  # Two lines of the file clash with each other: reported on the later one, naming the earlier action.
  file(WRITE ${OUT}/clash_file.cfg "reset = X\np2.up = X\n")
  expect_exit2("clash_file.cfg:2: key X already drives reset" --controls ${OUT}/clash_file.cfg --demo)
  return()
endif()

if(KIND STREQUAL "controlsdir")
  file(MAKE_DIRECTORY ${OUT}/controls_dir)
  expect_exit2("${OUT}/controls_dir: is a directory" --controls ${OUT}/controls_dir --demo)
  expect_exit2("${OUT}/controls_dir: is a directory" --mute --replay ${OUT}/controls_dir)
  expect_exit2("${OUT}/no_such.freplay: cannot open" --mute --replay ${OUT}/no_such.freplay)
  return()
endif()

if(KIND STREQUAL "controlsok")
  # Accepted files get past every start-up check to the display check (exit 1, DISPLAY is unset), and no
  # controls message is printed.
  file(WRITE ${OUT}/empty_controls.cfg "")
  expect_exit(1 "no DISPLAY is set" --controls ${OUT}/empty_controls.cfg --demo)
  if(err MATCHES "controls")
    message(FATAL_ERROR "an empty controls file printed a complaint:\n${err}")
  endif()
  file(WRITE ${OUT}/comments_controls.cfg "# nothing bound here\n\n   # still nothing\n")
  expect_exit(1 "no DISPLAY is set" --controls ${OUT}/comments_controls.cfg --demo)
  # Swapping P1's light and heavy over two lines passes through a clash after line 1; only the end result counts.
  file(WRITE ${OUT}/swap_controls.cfg "p1.light = K\np1.heavy = J\n")
  expect_exit(1 "no DISPLAY is set" --controls ${OUT}/swap_controls.cfg --demo)
  # A --controls or --settings file that does not exist yet is a new one (the first save makes it), said in one
  # line each so that a mistyped name is seen; nothing is made before a save.
  file(REMOVE ${OUT}/new_controls.cfg ${OUT}/new_settings.cfg)
  expect_exit(1 "game: --controls ${OUT}/new_controls.cfg: no such file yet; the shipped key bindings apply until the Controls screen saves there"
              --controls ${OUT}/new_controls.cfg --settings ${OUT}/new_settings.cfg --demo)
  string(FIND "${err}" "game: --settings ${OUT}/new_settings.cfg: no such file yet; the default settings apply until the game saves there" at)
  if(at EQUAL -1 OR EXISTS ${OUT}/new_controls.cfg OR EXISTS ${OUT}/new_settings.cfg)
    message(FATAL_ERROR "a new --settings file was not said, or a file was made before any save:\n${err}")
  endif()
  return()
endif()

if(KIND STREQUAL "badfighter")
  # `fighters ryo nobody`: no data/fighters/nobody.fighter. One line, at the `fighters` record, the same as the
  # headless runner's.
  file(WRITE ${OUT}/bad_fighter.freplay "fightreplay 1\nrules 11\nfighters ryo nobody\nframes\n- -\n")
  expect_exit2("${OUT}/bad_fighter.freplay:3: cannot load fighter 'nobody': " --mute --replay ${OUT}/bad_fighter.freplay)
  return()
endif()

# Runs the game with ARGN under a private X server; sets rc, out, err in the caller. Skips loudly without Xvfb.
function(run_in_x)
  find_program(XVFB_RUN xvfb-run)
  find_program(XVFB Xvfb)
  find_program(XAUTH xauth)  # xvfb-run needs it; without it, start Xvfb directly
  if(XVFB_RUN AND XAUTH)
    execute_process(COMMAND ${XVFB_RUN} -a -s "-screen 0 1280x720x24" ${GAME} ${ARGN}
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 240)
  elseif(XVFB)
    # No xvfb-run: start Xvfb on a free display number ourselves and stop it afterwards.
    set(display "")
    foreach(n RANGE 90 140)
      if(NOT EXISTS /tmp/.X${n}-lock AND NOT EXISTS /tmp/.X11-unix/X${n})
        set(display ${n})
        break()
      endif()
    endforeach()
    execute_process(COMMAND sh -c "${XVFB} :${display} -screen 0 1280x720x24 >/dev/null 2>&1 & echo $!"
                    OUTPUT_VARIABLE xpid OUTPUT_STRIP_TRAILING_WHITESPACE)
    execute_process(COMMAND sleep 2)
    set(ENV{DISPLAY} :${display})
    execute_process(COMMAND ${GAME} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err TIMEOUT 240)
    execute_process(COMMAND kill ${xpid})
  else()
    message("WINDOW TEST SKIPPED: neither xvfb-run nor Xvfb is installed (apt-get install xvfb); nothing was checked")
    set(skipped TRUE PARENT_SCOPE)
    return()
  endif()
  if(NOT DEFINED expect_rc)
    set(expect_rc 0)  # a caller sets expect_rc for a run that must fail (a failed check: 1)
  endif()
  if(NOT rc STREQUAL "${expect_rc}")
    message(FATAL_ERROR "game ${ARGN} exited with '${rc}', not ${expect_rc}\nstdout:\n${out}\nstderr:\n${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
  set(err "${err}" PARENT_SCOPE)
endfunction()

# Fails unless png exists and has many colours (a drawn frame has gradients, text and characters: hundreds of
# colours; a blank one has one).
function(check_not_blank png)
  if(NOT EXISTS ${png})
    message(FATAL_ERROR "no screenshot at ${png}")
  endif()
  find_program(CONVERT convert)
  if(CONVERT)
    execute_process(COMMAND ${CONVERT} ${png} -format %k info: OUTPUT_VARIABLE colours OUTPUT_STRIP_TRAILING_WHITESPACE
                    RESULT_VARIABLE crc)
    if(NOT crc STREQUAL "0" OR NOT colours MATCHES "^[0-9]+$" OR colours LESS 64)
      message(FATAL_ERROR "${png} looks blank: ${colours} unique colours (convert exit ${crc})")
    endif()
    message(STATUS "${png}: ${colours} unique colours")
  else()
    file(SIZE ${png} size)
    if(size LESS 20000)
      message(FATAL_ERROR "${png} looks blank: only ${size} bytes (ImageMagick not installed for a colour count)")
    endif()
    message(STATUS "${png}: ${size} bytes (no ImageMagick: size check only)")
  endif()
endfunction()

if(KIND STREQUAL "replay")
  # The window steps the same simulation as the headless runner: every checkpoint of the recorded match must hold.
  set(png ${OUT}/replay_window.png)
  file(REMOVE ${png})
  run_in_x(--data ${DATA} --replay ${DATA}/replays/12_cpu_vs_cpu.freplay --frames 300 --overlay --screenshot ${png})
  if(skipped)
    return()
  endif()
  if(err MATCHES "hash mismatch")
    message(FATAL_ERROR "the window replay desynchronised:\n${err}")
  endif()
  check_not_blank(${png})
  return()
endif()

if(KIND STREQUAL "blasterexpect")
  # A Blaster script played in the window checks its `expect` lines with the headless runner's player: the one
  # that fails (3 frames have run, not 2) is reported with its FILE:LINE, the one that holds is not, and the exit
  # status is 1, as game_headless's for the same file.
  file(WRITE ${OUT}/expect_fail.blaster "blaster 1\nset starCount 5\nwait 3\nexpect frame 2\nexpect frame 3\nwait 2\n")
  set(expect_rc 1)
  run_in_x(--data ${DATA} --mute --replay ${OUT}/expect_fail.blaster --frames 20)
  if(skipped)
    return()
  endif()
  if(NOT err MATCHES "expect_fail.blaster:4: expect frame 2: got 3")
    message(FATAL_ERROR "the window did not report the failed expectation:\n${err}")
  endif()
  if(err MATCHES "expect_fail.blaster:5:")
    message(FATAL_ERROR "the window reported an expectation that holds:\n${err}")
  endif()
  # A fight script's failed expectation too (Ryo at 400 has not moved by frame 2; the expectation is hand-written).
  file(WRITE ${OUT}/expect_fail.fscript "fighters ryo ryo\nwait 2\nexpect p1.x 999\nwait 2\n")
  run_in_x(--data ${DATA} --mute --replay ${OUT}/expect_fail.fscript --frames 10)
  if(NOT err MATCHES "expect_fail.fscript:3: expectation failed")
    message(FATAL_ERROR "the window did not report the fight script's failed expectation:\n${err}")
  endif()
  return()
endif()

if(KIND STREQUAL "record")
  # A match played in the window is recorded as it goes; the headless runner must replay it with every checkpoint.
  file(REMOVE_RECURSE ${OUT}/recorded)
  run_in_x(--data ${DATA} --demo --frames 200 --replay-dir ${OUT}/recorded)
  if(skipped)
    return()
  endif()
  file(GLOB recorded ${OUT}/recorded/*.freplay)
  list(LENGTH recorded n)
  if(NOT n EQUAL 1)
    message(FATAL_ERROR "expected one recorded replay in ${OUT}/recorded, found ${n}: ${recorded}")
  endif()
  execute_process(COMMAND ${GAME} --headless --replay ${recorded} --data ${DATA}
                  RESULT_VARIABLE hrc OUTPUT_VARIABLE hout ERROR_VARIABLE herr)
  if(NOT hrc STREQUAL "0" OR NOT hout MATCHES "frames: 200")
    message(FATAL_ERROR "headless replay of ${recorded} failed (exit ${hrc}):\n${hout}\n${herr}")
  endif()
  message(STATUS "recorded and replayed: ${hout}")
  # The same for a Blaster run (recorded as a Blaster script; --show blaster is the player's screen, no keys held).
  file(REMOVE_RECURSE ${OUT}/recorded_blaster)
  run_in_x(--data ${DATA} --show blaster --seed 5 --frames 150 --replay-dir ${OUT}/recorded_blaster)
  file(GLOB recorded ${OUT}/recorded_blaster/*.blaster)
  list(LENGTH recorded n)
  if(NOT n EQUAL 1)
    message(FATAL_ERROR "expected one recorded Blaster script in ${OUT}/recorded_blaster, found ${n}: ${recorded}")
  endif()
  execute_process(COMMAND ${GAME} --headless --replay ${recorded}
                  RESULT_VARIABLE hrc OUTPUT_VARIABLE hout ERROR_VARIABLE herr)
  if(NOT hrc STREQUAL "0" OR NOT hout MATCHES "frames 150")
    message(FATAL_ERROR "headless run of ${recorded} failed (exit ${hrc}):\n${hout}\n${herr}")
  endif()
  message(STATUS "recorded and replayed: ${hout}")
  return()
endif()

# KIND smoke: MODE fight | overlay | blaster.
set(png ${OUT}/demo_${MODE}.png)
file(REMOVE ${png})
set(args --data ${DATA} --demo --frames 120 --screenshot ${png} --no-record)
if(MODE STREQUAL "overlay")
  list(APPEND args --overlay --names)
elseif(MODE STREQUAL "blaster")
  list(APPEND args --mode blaster)
endif()
run_in_x(${args})
if(skipped)
  return()
endif()
check_not_blank(${png})
