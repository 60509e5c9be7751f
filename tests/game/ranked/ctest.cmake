# bvh_matchd and two game_headless --ranked peers as real processes on loopback (built with cpp-httplib only).
if(TARGET bvh_matchd)
  set(_matchd_test "bvh_matchd pairs two headless peers who play through its lobby and the verified result is served")
  add_test(NAME "${_matchd_test}"
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/matchd.sh $<TARGET_FILE:bvh_matchd> $<TARGET_FILE:game_headless>
            ${CMAKE_CURRENT_BINARY_DIR}/matchd_work ${PROJECT_SOURCE_DIR}/build/web)
  set_tests_properties("${_matchd_test}" PROPERTIES TIMEOUT 120 SKIP_REGULAR_EXPRESSION "SKIPPED:")
endif()

# A hostile service's endless answer: the client stops reading at the largest answer a service sends.
if(TARGET ranked_client)
  set(_hostile_test "game_headless --ranked hangs up on a service whose answer never ends")
  add_test(NAME "${_hostile_test}"
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/hostile_service.sh $<TARGET_FILE:game_headless>
            ${CMAKE_CURRENT_BINARY_DIR}/hostile_work)
  set_tests_properties("${_hostile_test}" PROPERTIES TIMEOUT 120 SKIP_REGULAR_EXPRESSION "SKIPPED:")
endif()

# game_headless --ranked's flags are checked before anything is sent: each is a flag error (exit 2 and the line),
# not a service that does not answer (exit 3). No service runs; the port given is closed. WHAT|ARGS|LINE (a LINE
# ending in " ..." starts the line).
if(TARGET ranked_client)
  set(_ranked_flags
    "no port|--ranked 127.0.0.1|game_headless: --ranked wants the service's HOST:PORT (a name or dotted IPv4, a port 1..65535), not '127.0.0.1'"
    "port 0|--ranked 127.0.0.1:0|game_headless: --ranked wants the service's HOST:PORT (a name or dotted IPv4, a port 1..65535), not '127.0.0.1:0'"
    "an unknown queue|--ranked 127.0.0.1:1 --queue bogus|game_headless: --queue wants quick or ranked, not 'bogus'"
    "an unknown fighter|--ranked 127.0.0.1:1 --fighter bogus --data ${BVH_DATA_DIR}|game_headless: --fighter wants a fighter of ${BVH_DATA_DIR}/fighters (brick, nova, ryo, tasha), not 'bogus'"
    "a replay run's flag|--ranked 127.0.0.1:1 --record x.freplay|game_headless: --record does not work with --ranked (the service makes the match, and its recording goes into --dir)")
  foreach(entry ${_ranked_flags})
    string(FIND "${entry}" "|" first)
    string(FIND "${entry}" "|" last REVERSE)
    string(SUBSTRING "${entry}" 0 ${first} what)
    math(EXPR from "${first} + 1")
    math(EXPR len "${last} - ${from}")
    string(SUBSTRING "${entry}" ${from} ${len} args)
    string(REPLACE " " ";" args "${args}")
    math(EXPR from "${last} + 1")
    string(SUBSTRING "${entry}" ${from} -1 msg)
    set(_name "game_headless --ranked refuses ${what} as a flag error with exit 2")
    add_test(NAME "${_name}"
      COMMAND ${CMAKE_COMMAND} -DEXE=$<TARGET_FILE:game_headless> "-DARGS=${args}" -DCODE=2 "-DMSG=${msg}"
              -P ${BVH_EXPECT_EXIT})
    set_tests_properties("${_name}" PROPERTIES ENVIRONMENT "XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/ranked_flags_home")
  endforeach()
endif()
