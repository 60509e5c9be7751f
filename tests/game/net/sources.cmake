# doctest sources for game/net: packets, the conditions simulator, the rollback session
# and peers over the in-memory network.
set(NET_TEST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/net_test_util.h
  ${CMAKE_CURRENT_LIST_DIR}/crypto.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/crypto_turn.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/stun.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/turn_client.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/spectate_test_util.h
  ${CMAKE_CURRENT_LIST_DIR}/two_peers.h
  ${CMAKE_CURRENT_LIST_DIR}/shared_names.h
  ${CMAKE_CURRENT_LIST_DIR}/spectate.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/spectate_direct.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/packet.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/countersign.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/../../fuzz/net_packet_seeds.h
  ${CMAKE_CURRENT_LIST_DIR}/../../fuzz/net_packet_seeds.cpp
  ${CMAKE_CURRENT_LIST_DIR}/conditions.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/session.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/peer_matrix.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/peer_faults.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/peer_security.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/peer_trust.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lobby.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/lobby_flood.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/wrapper_hooks.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/online_rules.test.cpp
)
