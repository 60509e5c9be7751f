# Fuzz targets: one program per parser, fuzz_TARGET, built from TARGET.fuzz.cpp (its
# LLVMFuzzerTestOneInput) and tests/fuzz/fuzz_*.cpp (the shared invariant checks and capped runs).
# - Normal builds (g++, release/asan presets): each program is linked with corpus_main.cpp, which replays every file
#   of corpus/TARGET once; CTest runs it as `fuzz corpus TARGET` (seconds), so each finding stays a regression test.
# - -DBVH_FUZZ=ON (clang++, the fuzz preset; scripts/fuzz): each program is a libFuzzer binary; the same CTest entries
#   replay the corpus with -runs=0. `cmake --build --preset fuzz --target fuzz_targets` builds only these.
set(FUZZ_DIR ${CMAKE_CURRENT_LIST_DIR})
add_library(fuzz_support STATIC
  ${FUZZ_DIR}/fuzz_check.h
  ${FUZZ_DIR}/fuzz_check.cpp
  ${FUZZ_DIR}/fuzz_runs.h
  ${FUZZ_DIR}/fuzz_runs.cpp)
target_link_libraries(fuzz_support PUBLIC game_io)
target_include_directories(fuzz_support PUBLIC ${PROJECT_SOURCE_DIR})
target_compile_definitions(fuzz_support PRIVATE BVH_DATA_DIR="${BVH_DATA_DIR}")
add_custom_target(fuzz_targets)
if(NOT BVH_FUZZ)
  add_library(fuzz_corpus_main OBJECT ${FUZZ_DIR}/corpus_main.cpp)  # compiled once for every target
endif()

# bvh_fuzz_target(NAME [SOURCES_AND_LIBRARIES...]): fuzz_NAME from NAME.fuzz.cpp, its corpus test.
function(bvh_fuzz_target name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LIBRARIES" ${ARGN})
  add_executable(fuzz_${name} ${FUZZ_DIR}/${name}.fuzz.cpp ${ARG_SOURCES})
  target_link_libraries(fuzz_${name} PRIVATE fuzz_support ${ARG_LIBRARIES})
  set(corpus ${FUZZ_DIR}/corpus/${name})
  if(BVH_FUZZ)
    target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
    add_test(NAME "fuzz corpus ${name}" COMMAND fuzz_${name} -runs=0 ${corpus})
  else()
    target_link_libraries(fuzz_${name} PRIVATE fuzz_corpus_main)
    add_test(NAME "fuzz corpus ${name}" COMMAND fuzz_${name} ${corpus})
  endif()
  add_dependencies(fuzz_targets fuzz_${name})
endfunction()

bvh_fuzz_target(fighter)
bvh_fuzz_target(fight_script)
bvh_fuzz_target(fight_replay)
bvh_fuzz_target(blaster_script)
bvh_fuzz_target(blaster_cfg)
bvh_fuzz_target(settings)
bvh_fuzz_target(buttons)
bvh_fuzz_target(net_packet LIBRARIES game_net)
bvh_fuzz_target(stun LIBRARIES game_net)
bvh_fuzz_target(spectate LIBRARIES game_net)
bvh_fuzz_target(lobby_packet LIBRARIES game_net)
bvh_fuzz_target(sim_schedule LIBRARIES game_simnet)
bvh_fuzz_target(bvh_cli LIBRARIES bvh_cli)
find_package(SFML 2.5 COMPONENTS window system REQUIRED)
bvh_fuzz_target(controls LIBRARIES app_input)
