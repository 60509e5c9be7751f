# Collision-set sources (engine/sets/). The structures themselves are read from registry.def, the one list of them:
# each line ENGINE_COLLISION_SET(Kind, file) compiles file.cpp (and lists file.h when there is one), so a new
# structure needs no edit here. Editing registry.def re-runs CMake.
set(ENGINE_SET_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/../collision_set.cpp
  ${CMAKE_CURRENT_LIST_DIR}/item_table.h
  ${CMAKE_CURRENT_LIST_DIR}/registry.def
  ${CMAKE_CURRENT_LIST_DIR}/registry.h ${CMAKE_CURRENT_LIST_DIR}/registry.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dynamic_tree_validate.cpp  # the dynamic tree's checks, apart from its operations
)
file(STRINGS ${CMAKE_CURRENT_LIST_DIR}/registry.def _engine_set_lines REGEX "^ENGINE_COLLISION_SET\\(")
foreach(_line IN LISTS _engine_set_lines)
  if(NOT _line MATCHES "^ENGINE_COLLISION_SET\\([A-Za-z0-9_]+, *([a-z0-9_]+)\\)")
    message(FATAL_ERROR "registry.def: cannot read '${_line}' (expected ENGINE_COLLISION_SET(Kind, file))")
  endif()
  set(_stem ${CMAKE_CURRENT_LIST_DIR}/${CMAKE_MATCH_1})
  list(APPEND ENGINE_SET_SOURCES ${_stem}.cpp)
  if(EXISTS ${_stem}.h)
    list(APPEND ENGINE_SET_SOURCES ${_stem}.h)
  endif()
endforeach()
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${CMAKE_CURRENT_LIST_DIR}/registry.def)
