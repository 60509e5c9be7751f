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
