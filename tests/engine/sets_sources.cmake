# Collision-set tests: one typed suite over every registered structure plus targeted tests per structure.
set(TEST_SETS_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/sets.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sets_units.test.cpp
)
