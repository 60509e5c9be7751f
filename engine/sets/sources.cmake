# Collision-set implementations (engine/sets/), listed explicitly.
set(ENGINE_SET_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/../collision_set.cpp
  ${CMAKE_CURRENT_LIST_DIR}/item_table.h
  ${CMAKE_CURRENT_LIST_DIR}/array_set.h ${CMAKE_CURRENT_LIST_DIR}/array_set.cpp
  ${CMAKE_CURRENT_LIST_DIR}/grid_set.h ${CMAKE_CURRENT_LIST_DIR}/grid_set.cpp
  ${CMAKE_CURRENT_LIST_DIR}/quadtree_lowest.h ${CMAKE_CURRENT_LIST_DIR}/quadtree_lowest.cpp
  ${CMAKE_CURRENT_LIST_DIR}/quadtree_leaves.h ${CMAKE_CURRENT_LIST_DIR}/quadtree_leaves.cpp
  ${CMAKE_CURRENT_LIST_DIR}/bvh_set.h ${CMAKE_CURRENT_LIST_DIR}/bvh_set.cpp
  ${CMAKE_CURRENT_LIST_DIR}/dynamic_tree.h ${CMAKE_CURRENT_LIST_DIR}/dynamic_tree.cpp
)
