# Process-level online tests: two real game_headless peers over UDP on localhost.
set(BVH_NET_TEST_DIR ${CMAKE_CURRENT_LIST_DIR})
add_executable(flood_sender ${BVH_NET_TEST_DIR}/flood_sender.cpp)  # the hostile sender of the join-time flood test
add_executable(udp_probe ${BVH_NET_TEST_DIR}/udp_probe.cpp)  # sink, spoofer and forger of udp_faults.sh
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
add_test(NAME "online headless peer refuses an unwritable --record file before connecting with exit 2"
  COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> -DFILE=${BVH_NET_TEST_DIR}/data/net_match.fscript -DCODE=2
          "-DEXTRA=--host;0;--record;${BVH_NET_TEST_DIR}/no_such_dir/out.freplay"
          "-DMSG=${BVH_NET_TEST_DIR}/no_such_dir/out.freplay: cannot write: No such file or directory ..." -P ${BVH_EXPECT_EXIT})
add_test(NAME "online two processes over UDP unpaced (--fast) with 10% loss, duplicates and reordering agree with the offline replay"
  COMMAND bash ${BVH_NET_TEST_DIR}/udp_pair.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/udp_pair_fast --fast --net-delay 5 --net-jitter 5 --net-loss 10 --net-dup 5
          --net-reorder 10)
set_tests_properties("online two processes over UDP unpaced (--fast) with 10% loss, duplicates and reordering agree with the offline replay"
  PROPERTIES TIMEOUT 120)
add_test(NAME "online two processes over UDP play throws, each side's own input style and the host's round intro as offline"
  COMMAND bash ${BVH_NET_TEST_DIR}/udp_pair.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_rules.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/udp_pair_rules --fast --net-delay 30 --net-jitter 10 --net-loss 5)
set_tests_properties("online two processes over UDP play throws, each side's own input style and the host's round intro as offline"
  PROPERTIES TIMEOUT 120)
add_test(NAME "online joiner plays through a real coturn TURN relay (long-term credentials) and agrees with the offline replay"
  COMMAND bash ${BVH_NET_TEST_DIR}/turn_pair.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/turn_pair)
set_tests_properties("online joiner plays through a real coturn TURN relay (long-term credentials) and agrees with the offline replay"
  PROPERTIES TIMEOUT 150 SKIP_RETURN_CODE 77)
add_test(NAME "online joiner through coturn with 30 ms delay, 10 ms jitter and 5% loss agrees with the offline replay"
  COMMAND bash ${BVH_NET_TEST_DIR}/turn_pair.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/turn_pair_lossy --net-delay 30 --net-jitter 10 --net-loss 5)
set_tests_properties("online joiner through coturn with 30 ms delay, 10 ms jitter and 5% loss agrees with the offline replay"
  PROPERTIES TIMEOUT 150 SKIP_RETURN_CODE 77)
# Simulated home networks (network namespaces, nftables NATs; skipped with the reason without root or netns).
add_test(NAME "online behind two port-restricted cone NATs: peers connect directly after punching and agree with the offline replay"
  COMMAND bash ${BVH_NET_TEST_DIR}/nat_pair.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/nat_cone cone)
set_tests_properties("online behind two port-restricted cone NATs: peers connect directly after punching and agree with the offline replay"
  PROPERTIES TIMEOUT 180 SKIP_RETURN_CODE 77)
add_test(NAME "online behind a symmetric NAT: the joiner plays through coturn and agrees with the offline replay"
  COMMAND bash ${BVH_NET_TEST_DIR}/nat_pair.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/nat_symmetric symmetric)
set_tests_properties("online behind a symmetric NAT: the joiner plays through coturn and agrees with the offline replay"
  PROPERTIES TIMEOUT 180 SKIP_RETURN_CODE 77)
# By room code through the lobby on the simulated home networks: direct first, the host's TURN relay as the fallback.
add_test(NAME "online by room code behind cone NATs: joiner and a late spectator play directly, the relay offered but unused"
  COMMAND bash ${BVH_NET_TEST_DIR}/nat_code.sh $<TARGET_FILE:game_headless> $<TARGET_FILE:lobby>
          ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/nat_code_cone cone)
add_test(NAME "online by room code behind a symmetric NAT: the joiner falls back to the host's TURN relay with no relay flag of its own"
  COMMAND bash ${BVH_NET_TEST_DIR}/nat_code.sh $<TARGET_FILE:game_headless> $<TARGET_FILE:lobby>
          ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/nat_code_symmetric symmetric)
set_tests_properties("online by room code behind cone NATs: joiner and a late spectator play directly, the relay offered but unused"
  "online by room code behind a symmetric NAT: the joiner falls back to the host's TURN relay with no relay flag of its own"
  PROPERTIES TIMEOUT 180 SKIP_RETURN_CODE 77)
# The joiner's own relay by room code, the host offering none: the host reaches the joiner through it.
add_test(NAME "online by room code: a joiner behind a symmetric NAT with its own relay is reached through it by a host with none"
  COMMAND bash ${BVH_NET_TEST_DIR}/nat_code.sh $<TARGET_FILE:game_headless> $<TARGET_FILE:lobby>
          ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/nat_code_joinrelay joinrelay)
add_test(NAME "online by room code: a host behind a symmetric NAT with no relay reaches a joiner through the joiner's relay"
  COMMAND bash ${BVH_NET_TEST_DIR}/nat_code.sh $<TARGET_FILE:game_headless> $<TARGET_FILE:lobby>
          ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/nat_code_hostsym hostsym)
set_tests_properties("online by room code: a joiner behind a symmetric NAT with its own relay is reached through it by a host with none"
  "online by room code: a host behind a symmetric NAT with no relay reaches a joiner through the joiner's relay"
  PROPERTIES TIMEOUT 120 SKIP_RETURN_CODE 77)
add_test(NAME "spectators watch a real match on loopback: a late one catches up, a stalled one is dropped, recordings equal the players'"
  COMMAND bash ${BVH_NET_TEST_DIR}/spectate_pair.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/spectate_pair)
set_tests_properties("spectators watch a real match on loopback: a late one catches up, a stalled one is dropped, recordings equal the players'"
  PROPERTIES TIMEOUT 150)
add_test(NAME "a spectator meeting a host of another spectator stream version says so at once; a version-2 Watch gets no answer"
  COMMAND bash ${BVH_NET_TEST_DIR}/spectate_version.sh $<TARGET_FILE:game_headless> $<TARGET_FILE:udp_probe>
          ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/spectate_version)
set_tests_properties("a spectator meeting a host of another spectator stream version says so at once; a version-2 Watch gets no answer"
  PROPERTIES TIMEOUT 60)
add_test(NAME "online join to a closed UDP port fails at once on the ICMP refusal with a clear message"
  COMMAND bash ${BVH_NET_TEST_DIR}/udp_faults.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/udp_closed closed)
add_test(NAME "online SIGTERM to a joiner mid-match tells the host and ends its recording with an end line"
  COMMAND bash ${BVH_NET_TEST_DIR}/udp_faults.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/udp_signal signal)
add_test(NAME "online 30000 junk datagrams a second at paced peers from before the join cost at most 5% of the real packets"
  COMMAND bash ${BVH_NET_TEST_DIR}/udp_faults.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/udp_flood flood $<TARGET_FILE:flood_sender>)
add_test(NAME "online 100000 datagrams a second at a waiting host while a real joiner joins: the join completes, equal hashes"
  COMMAND bash ${BVH_NET_TEST_DIR}/udp_faults.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
          ${CMAKE_CURRENT_BINARY_DIR}/udp_joinflood joinflood $<TARGET_FILE:flood_sender>)
set_tests_properties("online join to a closed UDP port fails at once on the ICMP refusal with a clear message"
  "online 100000 datagrams a second at a waiting host while a real joiner joins: the join completes, equal hashes"
  "online SIGTERM to a joiner mid-match tells the host and ends its recording with an end line"
  "online 30000 junk datagrams a second at paced peers from before the join cost at most 5% of the real packets"
  PROPERTIES TIMEOUT 120)
# Faults of the direct path, one mode of udp_faults.sh each (docs/testing.md: each against the build before its fix).
set(BVH_UDP_FAULTS
  "delayleave|online a joiner with 300 ms simulated delay stopped by SIGTERM still tells the host it left"
  "seed|online --net-seed: the same seed loses and duplicates the same Hellos, another seed others"
  "norecord|online --record with no match writes no file and leaves an existing file untouched"
  "spoof|online 8-byte datagrams of other versions spoofed from the host's address do not end the joiner's match"
  "forgeleave|online a leave forged from one seen Input of the host's does not end the joiner's match"
  "forgeinputs|online inputs forged from one seen Input of the host's are not played by the joiner"
  "forgeack|online acknowledgements forged from the host's address do not freeze a lossy match"
  "rules|online a host whose fighter data differ is refused at the handshake and no match is played"
  "seat|online a caller that vanishes after its Hello does not keep the real joiner from the host's seat"
  "ping|online paced peers on loopback report a ping under half a tick (the tick's wait is not counted)")
foreach(entry ${BVH_UDP_FAULTS})
  string(FIND "${entry}" "|" bar)
  string(SUBSTRING "${entry}" 0 ${bar} mode)
  math(EXPR from "${bar} + 1")
  string(SUBSTRING "${entry}" ${from} -1 name)
  add_test(NAME "${name}"
    COMMAND bash ${BVH_NET_TEST_DIR}/udp_faults.sh $<TARGET_FILE:game_headless> ${BVH_NET_TEST_DIR}/data/net_match.fscript
            ${CMAKE_CURRENT_BINARY_DIR}/udp_${mode} ${mode} $<TARGET_FILE:udp_probe>)
  set_tests_properties("${name}" PROPERTIES TIMEOUT 60 SKIP_RETURN_CODE 77)
endforeach()
# The lobby program and two peers meeting through it by room code (loopback).
add_test(NAME "online two processes meet through the lobby by room code and agree with the offline replay"
  COMMAND bash ${BVH_NET_TEST_DIR}/lobby_pair.sh $<TARGET_FILE:lobby> $<TARGET_FILE:game_headless>
          ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/lobby_pair)
add_test(NAME "online lobby flooded with 60000 datagrams still brings two peers together"
  COMMAND bash ${BVH_NET_TEST_DIR}/lobby_pair.sh $<TARGET_FILE:lobby> $<TARGET_FILE:game_headless>
          ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/lobby_flood flood)
add_test(NAME "online spectators give only the room code on loopback: one from the start, one late catching up, both equal to the players"
  COMMAND bash ${BVH_NET_TEST_DIR}/lobby_pair.sh $<TARGET_FILE:lobby> $<TARGET_FILE:game_headless>
          ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/lobby_spectate spectate)
set_tests_properties("online two processes meet through the lobby by room code and agree with the offline replay"
  "online spectators give only the room code on loopback: one from the start, one late catching up, both equal to the players"
  "online lobby flooded with 60000 datagrams still brings two peers together" PROPERTIES TIMEOUT 150)
add_test(NAME "lobby rejects a bad flag with exit 2"
  COMMAND bash -c "\"$0\" --port 70000 2>&1; echo \"exit $?\"" $<TARGET_FILE:lobby>)
set_tests_properties("lobby rejects a bad flag with exit 2" PROPERTIES
  PASS_REGULAR_EXPRESSION "lobby: --port wants a whole number in \\[0, 65535\\], not '70000'.*exit 2")
# The window online by room code under Xvfb: a spectator by code (loopback), a joiner behind a symmetric NAT that
# falls back to the host's relay, or is reached through its own (namespaces). Skipped with the reason (77) without
# Xvfb, namespaces or coturn.
foreach(mode spectate relayed joinrelay)
  add_test(NAME "window online by room code under Xvfb: ${mode}"
    COMMAND bash ${BVH_NET_TEST_DIR}/../online_window.sh $<TARGET_FILE:game> $<TARGET_FILE:game_headless> $<TARGET_FILE:lobby>
            ${BVH_DATA_DIR} ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/online_window_${mode} ${mode})
  set_tests_properties("window online by room code under Xvfb: ${mode}" PROPERTIES
    TIMEOUT 180 SKIP_RETURN_CODE 77 RESOURCE_LOCK xdisplay)
endforeach()
# The window says when the link goes silent (a stopped host): CONNECTION INTERRUPTED on a screenshot, then the match
# goes on to its end. Skipped with the reason (77) without Xvfb or imagemagick.
add_test(NAME "window online shows CONNECTION INTERRUPTED while the host is silent, then finishes the match"
  COMMAND bash ${BVH_NET_TEST_DIR}/../interrupted_window.sh $<TARGET_FILE:game> $<TARGET_FILE:game_headless>
          ${BVH_DATA_DIR} ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/interrupted_window)
set_tests_properties("window online shows CONNECTION INTERRUPTED while the host is silent, then finishes the match"
  PROPERTIES TIMEOUT 90 SKIP_RETURN_CODE 77 RESOURCE_LOCK xdisplay)
# The relay typed into the window's Online menu (no flags) under Xvfb and xdotool; the window hosts a room behind a
# cone NAT, a joiner behind a symmetric NAT reaches it only through that relay. Skipped with the reason (77)
# without Xvfb, xdotool, namespaces or coturn.
add_test(NAME "window online menu under Xvfb: the relay typed into the menu, relayed"
  COMMAND bash ${BVH_NET_TEST_DIR}/../online_menu_relay.sh $<TARGET_FILE:game> $<TARGET_FILE:game_headless> $<TARGET_FILE:lobby>
          ${BVH_DATA_DIR} ${BVH_NET_TEST_DIR}/data/net_match.fscript ${CMAKE_CURRENT_BINARY_DIR}/online_menu_relay)
set_tests_properties("window online menu under Xvfb: the relay typed into the menu, relayed" PROPERTIES
  TIMEOUT 90 SKIP_RETURN_CODE 77 RESOURCE_LOCK xdisplay)
add_test(NAME "online spectator by code refuses something that is not a room code with exit 2"
  COMMAND bash -c "\"$0\" --spectate AB1 --lobby 127.0.0.1 2>&1; echo \"exit $?\"" $<TARGET_FILE:game_headless>)
set_tests_properties("online spectator by code refuses something that is not a room code with exit 2" PROPERTIES
  PASS_REGULAR_EXPRESSION "--spectate with --lobby wants a room code \\(6 letters or digits\\), not 'AB1'.*exit 2")
add_test(NAME "game refuses --spectate CODE without --lobby with exit 2"
  COMMAND bash -c "\"$0\" --spectate ABCDEF 2>&1; echo \"exit $?\"" $<TARGET_FILE:game>)
set_tests_properties("game refuses --spectate CODE without --lobby with exit 2" PROPERTIES
  PASS_REGULAR_EXPRESSION "--spectate CODE needs --lobby HOST\\[:PORT\\].*exit 2")
