# The real-process online smoke set: one direct match over UDP, one through a real coturn relay, one pair behind
# simulated NATs (namespaces) meeting by room code, spectators through the lobby, one window online; plus what
# only real processes show (an ICMP refusal, a stop signal, the files a peer writes) and the flags. Everything
# else online is tested in memory with a fake clock and in the deterministic simulator (docs/testing.md).
set(BVH_NET_TEST_DIR ${CMAKE_CURRENT_LIST_DIR})
add_test(NAME "online two processes over UDP with 80 ms delay, 20 ms jitter and 5% loss agree with the offline replay"
  COMMAND bash ${BVH_NET_TEST_DIR}/udp_pair.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/udp_pair)
set_tests_properties("online two processes over UDP with 80 ms delay, 20 ms jitter and 5% loss agree with the offline replay"
  PROPERTIES TIMEOUT 120)
add_test(NAME "online headless peer rejects a bad flag with exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_NET_TEST_DIR}/data/net_match.fscript -DCODE=2
          "-DEXTRA=--host;7000;--input-delay;9"
          "-DMSG=game_headless: --input-delay wants a whole number in [0, 4], not '9'" -P ${BVH_EXPECT_EXIT})
add_test(NAME "online headless peer names an unknown last flag as unknown with exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_NET_TEST_DIR}/data/net_match.fscript -DCODE=2
          "-DEXTRA=--host;7000;--bogus"
          "-DMSG=game_headless: unknown flag '--bogus'" -P ${BVH_EXPECT_EXIT})
add_test(NAME "online headless peer refuses both --host and --join with exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_NET_TEST_DIR}/data/net_match.fscript -DCODE=2
          "-DEXTRA=--host;7000;--join;127.0.0.1"
          "-DMSG=game_headless: give exactly one of --host [PORT], --join HOST[:PORT] and --code CODE" -P ${BVH_EXPECT_EXIT})
# A bad --punch is a flag error before anything binds or announces (it once printed `hosting on UDP port` first).
add_test(NAME "online headless peer refuses a bad --punch before binding with exit 2"
  COMMAND bash -c "\"$0\" --replay \"$1\" --host 0 --punch ,, 2>&1; echo \"exit $?\""
          $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript)
set_tests_properties("online headless peer refuses a bad --punch before binding with exit 2" PROPERTIES
  PASS_REGULAR_EXPRESSION "game_headless: --punch: bad host '' .*exit 2"
  FAIL_REGULAR_EXPRESSION "hosting on|you: "
  ENVIRONMENT "XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/punch_home")
# A malformed --lobby is a flag error (it was said after `hosting on UDP port`, as the match's result, exit 1).
add_test(NAME "online headless peer refuses a malformed --lobby before binding with exit 2"
  COMMAND bash -c "\"$0\" --replay \"$1\" --host 0 --lobby 'a b' 2>&1; echo \"exit $?\""
          $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript)
set_tests_properties("online headless peer refuses a malformed --lobby before binding with exit 2" PROPERTIES
  PASS_REGULAR_EXPRESSION "game_headless: --lobby: bad host 'a b' \\(a name or a dotted IPv4 address\\).*exit 2"
  FAIL_REGULAR_EXPRESSION "hosting on|you: "
  ENVIRONMENT "XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/punch_home")
add_test(NAME "online headless peer refuses an unwritable --record file before connecting with exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_NET_TEST_DIR}/data/net_match.fscript -DCODE=2
          "-DEXTRA=--host;0;--record;${BVH_NET_TEST_DIR}/no_such_dir/out.freplay"
          "-DMSG=${BVH_NET_TEST_DIR}/no_such_dir/out.freplay: cannot write: No such file or directory ..." -P ${BVH_EXPECT_EXIT})
add_test(NAME "online joiner plays through a real coturn TURN relay (long-term credentials) and agrees with the offline replay"
  COMMAND bash ${BVH_NET_TEST_DIR}/turn_pair.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/turn_pair)
set_tests_properties("online joiner plays through a real coturn TURN relay (long-term credentials) and agrees with the offline replay"
  PROPERTIES TIMEOUT 150 SKIP_RETURN_CODE 77)
# Simulated home networks (network namespaces, nftables NATs; skipped with the reason without root or netns).
# By room code through the lobby on the simulated home networks: direct first, the host's TURN relay as the fallback.
add_test(NAME "online by room code behind a symmetric NAT: the joiner falls back to the host's TURN relay with no relay flag of its own"
  COMMAND bash ${BVH_NET_TEST_DIR}/nat_code.sh $<TARGET_FILE:game_headless> $<TARGET_FILE:lobby>
          ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/nat_code_symmetric symmetric)
set_tests_properties("online by room code behind a symmetric NAT: the joiner falls back to the host's TURN relay with no relay flag of its own"
  PROPERTIES TIMEOUT 180 SKIP_RETURN_CODE 77)
add_test(NAME "online join to a closed UDP port fails at once on the ICMP refusal with a clear message"
  COMMAND bash ${BVH_NET_TEST_DIR}/udp_faults.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/udp_closed closed)
add_test(NAME "online SIGTERM to a joiner mid-match tells the host and ends its recording with an end line"
  COMMAND bash ${BVH_NET_TEST_DIR}/udp_faults.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/udp_signal signal)
set_tests_properties("online join to a closed UDP port fails at once on the ICMP refusal with a clear message"
  "online SIGTERM to a joiner mid-match tells the host and ends its recording with an end line"
  PROPERTIES TIMEOUT 120)
# A recording's file rules with real processes (the other faults of the direct path are in-memory tests: see
# docs/testing.md, "The real-process smoke set").
set(BVH_UDP_FAULTS
  "relaywait|online wait for a TURN relay that never answers ends at --wait and at once on SIGTERM"
  "norecord|online --record with no match writes no file and leaves an existing file untouched"
  "recordfails|online --record that fails mid-match is said at once, the match plays on, the old file stays and the exit status is 2")
foreach(entry ${BVH_UDP_FAULTS})
  string(FIND "${entry}" "|" bar)
  string(SUBSTRING "${entry}" 0 ${bar} mode)
  math(EXPR from "${bar} + 1")
  string(SUBSTRING "${entry}" ${from} -1 name)
  add_test(NAME "${name}"
    COMMAND bash ${BVH_NET_TEST_DIR}/udp_faults.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
            ${CMAKE_CURRENT_BINARY_DIR}/udp_${mode} ${mode})
  set_tests_properties("${name}" PROPERTIES TIMEOUT 60 SKIP_RETURN_CODE 77)
endforeach()
# The lobby program and two peers meeting through it by room code (loopback).
add_test(NAME "online spectators give only the room code on loopback: one from the start, one late catching up, both equal to the players"
  COMMAND bash ${BVH_NET_TEST_DIR}/lobby_pair.sh $<TARGET_FILE:lobby> $<TARGET_FILE:game_headless>
          ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/lobby_spectate spectate)
set_tests_properties(
  "online spectators give only the room code on loopback: one from the start, one late catching up, both equal to the players"
  PROPERTIES TIMEOUT 240)
add_test(NAME "lobby says a stdout it cannot write at once and exits 2 when stopped"
  COMMAND bash ${BVH_NET_TEST_DIR}/lobby_stdout.sh $<TARGET_FILE:lobby> ${CMAKE_CURRENT_BINARY_DIR}/lobby_stdout)
set_tests_properties("lobby says a stdout it cannot write at once and exits 2 when stopped" PROPERTIES
  TIMEOUT 90 SKIP_RETURN_CODE 77)
add_test(NAME "lobby rejects a bad flag with exit 2"
  COMMAND bash -c "\"$0\" --port 70000 2>&1; echo \"exit $?\"" $<TARGET_FILE:lobby>)
set_tests_properties("lobby rejects a bad flag with exit 2" PROPERTIES
  PASS_REGULAR_EXPRESSION "lobby: --port wants a whole number in \\[0, 65535\\], not '70000'.*exit 2")
# The window online by room code under Xvfb: a spectator by code (loopback). Skipped with the reason (77) without
# Xvfb.
foreach(mode spectate)
  add_test(NAME "window online by room code under Xvfb: ${mode}"
    COMMAND bash ${BVH_NET_TEST_DIR}/../online_window.sh $<TARGET_FILE:game> $<TARGET_FILE:game_headless> $<TARGET_FILE:lobby>
            ${BVH_DATA_DIR} ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/online_window_${mode} ${mode})
  set_tests_properties("window online by room code under Xvfb: ${mode}" PROPERTIES
    TIMEOUT 180 SKIP_RETURN_CODE 77 RESOURCE_LOCK xdisplay)
endforeach()
add_test(NAME "online spectator by code refuses something that is not a room code with exit 2"
  COMMAND bash -c "\"$0\" --spectate AB1 --lobby 127.0.0.1 2>&1; echo \"exit $?\"" $<TARGET_FILE:game_headless>)
set_tests_properties("online spectator by code refuses something that is not a room code with exit 2" PROPERTIES
  PASS_REGULAR_EXPRESSION "--spectate with --lobby wants a room code \\(6 letters or digits\\), not 'AB1'.*exit 2")
add_test(NAME "game refuses --spectate CODE without --lobby with exit 2"
  COMMAND bash -c "\"$0\" --spectate ABCDEF 2>&1; echo \"exit $?\"" $<TARGET_FILE:game>)
set_tests_properties("game refuses --spectate CODE without --lobby with exit 2" PROPERTIES
  PASS_REGULAR_EXPRESSION "--spectate CODE needs --lobby HOST\\[:PORT\\].*exit 2")
# The online simulator's explorer through game_headless (the invariants per seed are tested in-process too); 100
# seeds take about 3 s; 5 under the sanitizers, where a schedule costs about 17 times as much (about 5 s).
if(BVH_SANITIZE)
  set(BVH_SIM_SEEDS 101-105)
  set(BVH_SIM_COUNT 5)
else()
  set(BVH_SIM_SEEDS 101-200)
  set(BVH_SIM_COUNT 100)
endif()
add_test(NAME "simulator explores seeds 101-200 of fault schedules (101-105 under the sanitizers) and every invariant holds"
  COMMAND $<TARGET_FILE:game_headless> --simulate ${BVH_SIM_SEEDS})
set_tests_properties("simulator explores seeds 101-200 of fault schedules (101-105 under the sanitizers) and every invariant holds"
  PROPERTIES PASS_REGULAR_EXPRESSION "simulated: ${BVH_SIM_COUNT} schedules, 0 failed" TIMEOUT 120)
# A bug the explorer found (docs/testing.md, "The online simulator"): a spectator that asks before the match starts,
# of a host offering a relay, asks through the relay too; the host then answered it through the relay, from an
# address the spectator did not take, and it ended "connection lost". The stream's sealed datagrams now count from
# any of the host's addresses.
add_test(NAME "simulator regression: seed 83, a spectator asking early of a host with a relay watches the whole match"
  COMMAND $<TARGET_FILE:game_headless> --simulate 83 --log)
set_tests_properties("simulator regression: seed 83, a spectator asking early of a host with a relay watches the whole match"
  PROPERTIES PASS_REGULAR_EXPRESSION "seed 83: ok \\(host: match over, joiner: match over, spectator 1: match over"
             FAIL_REGULAR_EXPRESSION "violation")
add_test(NAME "simulator refuses a malformed seed list with exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> "-DARGS=--simulate;12-x" -DCODE=2
          "-DMSG=game_headless: --simulate: '12-x' is not a seed (N), a range (A-B, A <= B) or a comma list of them"
          -P ${BVH_EXPECT_EXIT})
add_test(NAME "simulator refuses --minutes +5 by the flag table's number rules with exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> "-DARGS=--simulate;1;--minutes;+5" -DCODE=2
          "-DMSG=game_headless: --minutes wants a whole number in [1, 1440], not '+5'" -P ${BVH_EXPECT_EXIT})
add_test(NAME "simulator refuses a replay run's flag naming its mode, not as an unknown flag"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> "-DARGS=--simulate;1;--sync;2" -DCODE=2
          "-DMSG=game_headless: --sync does not work with --simulate or --schedule (they run the simulator)"
          -P ${BVH_EXPECT_EXIT})
add_test(NAME "simulator refuses a malformed schedule file with FILE:LINE and exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> "-DARGS=--schedule;${BVH_NET_TEST_DIR}/data/bad_schedule.txt" -DCODE=2
          "-DMSG=${BVH_NET_TEST_DIR}/data/bad_schedule.txt:5: wants host or joiner, not 'lobby'"
          -P ${BVH_EXPECT_EXIT})
add_test(NAME "simulator runs a schedule file and prints its event log"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> "-DARGS=--schedule;${BVH_NET_TEST_DIR}/data/schedule_attacks.txt;--log" -DCODE=0
          "-DOUT=seed 99: ok (host: match over, joiner: match over" -P ${BVH_EXPECT_EXIT})
