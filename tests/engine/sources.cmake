set(TEST_ENGINE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/aabb.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/agent_bvh.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bvh_cli.test.cpp
)
