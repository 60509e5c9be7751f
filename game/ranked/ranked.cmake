# Ranked play: Glicko-2 ratings, the store (SQLite, PostgreSQL), result verification and the queue. No SFML.
set(RANKED_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/glicko2.h
  ${CMAKE_CURRENT_LIST_DIR}/glicko2.cpp
)
add_library(ranked_core STATIC ${RANKED_CORE_SOURCES})
target_link_libraries(ranked_core PUBLIC game_io game_net)
