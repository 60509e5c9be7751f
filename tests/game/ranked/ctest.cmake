# bvh_matchd and two game_headless --ranked peers as real processes on loopback (built with cpp-httplib only).
if(TARGET bvh_matchd)
  set(_matchd_test "bvh_matchd pairs two headless peers who play through its lobby and the verified result is served")
  add_test(NAME "${_matchd_test}"
    COMMAND bash ${CMAKE_CURRENT_LIST_DIR}/matchd.sh $<TARGET_FILE:bvh_matchd> $<TARGET_FILE:game_headless>
            ${CMAKE_CURRENT_BINARY_DIR}/matchd_work ${PROJECT_SOURCE_DIR}/build/web)
  set_tests_properties("${_matchd_test}" PROPERTIES TIMEOUT 120 SKIP_REGULAR_EXPRESSION "SKIPPED:")
endif()
