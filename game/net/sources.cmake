# Online play. game_net: the netcode core (crypto/: SHA-256, HMAC, OS randomness; packets, conditions simulator, in-memory network, rollback
# session, handshake peer), no SFML, tested in-process. game_net_udp: the UDP transport on sfml-network. Neither
# reads text: the flags and the headless peer live in game/run.
set(NET_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/crypto/sha256.h
  ${CMAKE_CURRENT_LIST_DIR}/crypto/sha256.cpp
  ${CMAKE_CURRENT_LIST_DIR}/crypto/hmac.h
  ${CMAKE_CURRENT_LIST_DIR}/crypto/block_feeder.h
  ${CMAKE_CURRENT_LIST_DIR}/crypto/sha1.h
  ${CMAKE_CURRENT_LIST_DIR}/crypto/sha1.cpp
  ${CMAKE_CURRENT_LIST_DIR}/crypto/md5.h
  ${CMAKE_CURRENT_LIST_DIR}/crypto/md5.cpp
  ${CMAKE_CURRENT_LIST_DIR}/crypto/crc32.h
  ${CMAKE_CURRENT_LIST_DIR}/crypto/crc32.cpp
  ${CMAKE_CURRENT_LIST_DIR}/turn/stun.h
  ${CMAKE_CURRENT_LIST_DIR}/turn/stun.cpp
  ${CMAKE_CURRENT_LIST_DIR}/turn/turn_client.h
  ${CMAKE_CURRENT_LIST_DIR}/turn/turn_client.cpp
  ${CMAKE_CURRENT_LIST_DIR}/crypto/random.h
  ${CMAKE_CURRENT_LIST_DIR}/crypto/random.cpp
  ${CMAKE_CURRENT_LIST_DIR}/packet.h
  ${CMAKE_CURRENT_LIST_DIR}/packet.cpp
  ${CMAKE_CURRENT_LIST_DIR}/transport.h
  ${CMAKE_CURRENT_LIST_DIR}/conditions.h
  ${CMAKE_CURRENT_LIST_DIR}/conditions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/memory_transport.h
  ${CMAKE_CURRENT_LIST_DIR}/memory_transport.cpp
  ${CMAKE_CURRENT_LIST_DIR}/session.h
  ${CMAKE_CURRENT_LIST_DIR}/session.cpp
  ${CMAKE_CURRENT_LIST_DIR}/peer.h
  ${CMAKE_CURRENT_LIST_DIR}/peer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/loopback.h
  ${CMAKE_CURRENT_LIST_DIR}/loopback.cpp
)
set(NET_UDP_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/udp_transport.h
  ${CMAKE_CURRENT_LIST_DIR}/udp_transport.cpp
)
