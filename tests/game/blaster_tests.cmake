# Blaster simulation tests, listed explicitly. (owner: Blaster sim helper)
set(BLASTER_TEST_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/blaster.test.cpp
  ${CMAKE_CURRENT_LIST_DIR}/blaster_script.test.cpp
)
