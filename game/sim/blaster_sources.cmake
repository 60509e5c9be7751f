# The Blaster simulation (no SFML), listed explicitly. (owner: Blaster sim helper)
set(BLASTER_SIM_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/blaster/blaster.h
  ${CMAKE_CURRENT_LIST_DIR}/blaster/blaster.cpp
  ${CMAKE_CURRENT_LIST_DIR}/blaster/blaster_script.h
  ${CMAKE_CURRENT_LIST_DIR}/blaster/blaster_script.cpp
  ${CMAKE_CURRENT_LIST_DIR}/blaster/blaster_headless.h
  ${CMAKE_CURRENT_LIST_DIR}/blaster/blaster_headless.cpp
)
