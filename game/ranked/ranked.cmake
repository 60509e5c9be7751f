# Ranked play: Glicko-2 ratings, the store (SQLite, PostgreSQL), result verification and the queue. No SFML.
set(RANKED_CORE_SOURCES
  ${CMAKE_CURRENT_LIST_DIR}/glicko2.h
  ${CMAKE_CURRENT_LIST_DIR}/glicko2.cpp
  ${CMAKE_CURRENT_LIST_DIR}/store.h
  ${CMAKE_CURRENT_LIST_DIR}/sql_connection.h
  ${CMAKE_CURRENT_LIST_DIR}/sql_store.cpp
  ${CMAKE_CURRENT_LIST_DIR}/sqlite_connection.cpp
  ${CMAKE_CURRENT_LIST_DIR}/postgres_connection.cpp
  ${CMAKE_CURRENT_LIST_DIR}/verify.h
  ${CMAKE_CURRENT_LIST_DIR}/verify.cpp
  ${CMAKE_CURRENT_LIST_DIR}/queue.h
  ${CMAKE_CURRENT_LIST_DIR}/queue.cpp
  ${CMAKE_CURRENT_LIST_DIR}/service.h
  ${CMAKE_CURRENT_LIST_DIR}/service.cpp
)
add_library(ranked_core STATIC ${RANKED_CORE_SOURCES})
pkg_check_modules(SQLITE3 REQUIRED IMPORTED_TARGET sqlite3)
target_link_libraries(ranked_core PUBLIC game_io game_net PkgConfig::SQLITE3)
# PostgreSQL is optional: without libpq-dev the store says so when asked for it, and its test prints SKIPPED.
pkg_check_modules(LIBPQ IMPORTED_TARGET libpq)
if(LIBPQ_FOUND)
  target_link_libraries(ranked_core PUBLIC PkgConfig::LIBPQ)
  target_compile_definitions(ranked_core PRIVATE BVH_HAVE_LIBPQ=1)
endif()
