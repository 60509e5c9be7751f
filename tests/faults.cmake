# Fault injection (tests/faults/faults.sh): the real programs on a full disk, a read-only or missing folder, a stop
# signal mid-recording, a closed pipe, a file-size limit and a script given through a pipe; each case checks what
# the user is told, what was kept byte for byte and that it still loads. The cases that need a tmpfs mount print
# `SKIPPED: cannot mount tmpfs (...)` without root, and CTest counts them as skipped. A stop signal in the middle of
# a save and of a recording written in-process (io::AtomicFile, ReplayWriter) is checked deterministically in a
# forked child in tests/game/io/atomic_file.test.cpp.
find_package(SFML 2.5 COMPONENTS window system REQUIRED)
add_executable(fault_tool ${CMAKE_CURRENT_LIST_DIR}/faults/fault_tool.cpp)
target_link_libraries(fault_tool PRIVATE app_input sfml-system)
target_include_directories(fault_tool PRIVATE ${PROJECT_SOURCE_DIR})
target_compile_definitions(fault_tool PRIVATE BVH_DATA_DIR="${BVH_DATA_DIR}")

# bvh_matchd is built only with cpp-httplib: without it its case says SKIPPED.
set(_faults_matchd "")
if(TARGET bvh_matchd)
  set(_faults_matchd "MATCHD=$<TARGET_FILE:bvh_matchd>")
endif()
foreach(case bindings-full-disk recording-full-disk readonly-folder missing-folder sigint-recording sigterm-recording
             closed-pipe piped-script window-recording-full-disk file-size-limit matchd-file-size-limit
             matchd-full-disk ranked-recording-full-disk)
  add_test(NAME "faults ${case}"
    COMMAND ${CMAKE_COMMAND} -E env HEADLESS=$<TARGET_FILE:game_headless> BVH=$<TARGET_FILE:bvh> GAME=$<TARGET_FILE:game>
            TOOL=$<TARGET_FILE:fault_tool> DATA=${BVH_DATA_DIR} OUT=${CMAKE_CURRENT_BINARY_DIR}/faults ${_faults_matchd}
            XDG_CONFIG_HOME=${CMAKE_CURRENT_BINARY_DIR}/faults/xdg/config XDG_DATA_HOME=${CMAKE_CURRENT_BINARY_DIR}/faults/xdg/data
            bash ${CMAKE_CURRENT_LIST_DIR}/faults/faults.sh ${case})
  set_tests_properties("faults ${case}" PROPERTIES TIMEOUT 120 SKIP_REGULAR_EXPRESSION "SKIPPED: ")
endforeach()
# The window case runs the game under Xvfb, like the window tests: one window test at a time (the xdisplay lock).
set_tests_properties("faults window-recording-full-disk" PROPERTIES TIMEOUT 300 RESOURCE_LOCK xdisplay)
