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
  ${CMAKE_CURRENT_LIST_DIR}/latency.h
  ${CMAKE_CURRENT_LIST_DIR}/latency.cpp
  ${CMAKE_CURRENT_LIST_DIR}/queue.h
  ${CMAKE_CURRENT_LIST_DIR}/queue.cpp
  ${CMAKE_CURRENT_LIST_DIR}/service.h
  ${CMAKE_CURRENT_LIST_DIR}/service.cpp
  ${CMAKE_CURRENT_LIST_DIR}/store_failures.h
  ${CMAKE_CURRENT_LIST_DIR}/store_failures.cpp
  ${CMAKE_CURRENT_LIST_DIR}/client.h
  ${CMAKE_CURRENT_LIST_DIR}/client.cpp
  ${CMAKE_CURRENT_LIST_DIR}/pages.h
  ${CMAKE_CURRENT_LIST_DIR}/pages.cpp
  ${CMAKE_CURRENT_LIST_DIR}/connection_guard.h
  ${CMAKE_CURRENT_LIST_DIR}/connection_guard.cpp
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

# The service program: the logic above over HTTP (Debian's cpp-httplib: libcpp-httplib-dev, a shared library).
pkg_check_modules(HTTPLIB IMPORTED_TARGET cpp-httplib)
if(HTTPLIB_FOUND)
  find_package(Threads REQUIRED)
  add_executable(bvh_matchd ${CMAKE_CURRENT_LIST_DIR}/matchd_main.cpp)
  target_link_libraries(bvh_matchd PRIVATE ranked_core lobby_core game_run PkgConfig::HTTPLIB Threads::Threads)
  # The web viewer's folder as scripts/web builds it, and the source folder (the leaderboard page) behind it.
  target_compile_definitions(bvh_matchd PRIVATE BVH_DEFAULT_DATA_DIR="${BVH_DATA_DIR}"
                             BVH_DEFAULT_WEB_DIR="${PROJECT_SOURCE_DIR}/build/web" BVH_WEB_SOURCE_DIR="${PROJECT_SOURCE_DIR}/web")
  # The headless client (`game_headless --ranked HOST:PORT`) and the HTTP call the window's client uses too.
  add_library(ranked_client STATIC ${CMAKE_CURRENT_LIST_DIR}/ranked_client.h ${CMAKE_CURRENT_LIST_DIR}/ranked_client.cpp
              ${CMAKE_CURRENT_LIST_DIR}/http_call.cpp)
  target_link_libraries(ranked_client PUBLIC ranked_core game_run PkgConfig::HTTPLIB Threads::Threads)
  target_compile_definitions(ranked_client INTERFACE BVH_HAVE_RANKED_CLIENT=1)
else()
  message(STATUS "bvh_matchd: cpp-httplib not found (apt-get install libcpp-httplib-dev); the service program is not built")
endif()
