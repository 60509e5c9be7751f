# Fuzz targets, one per parser, each TARGET.fuzz.cpp (its LLVMFuzzerTestOneInput) with tests/fuzz/fuzz_*.cpp (the
# shared invariant checks and capped runs).
# - Normal builds (g++, release/asan presets): every target is linked into one program, fuzz_corpora, whose main
#   (corpus_main.cpp) replays the files named after the target's name once: `fuzz_corpora TARGET corpus/TARGET`.
#   CTest runs it as `fuzz corpus TARGET` (seconds), so each finding stays a regression test. (Each target's
#   LLVMFuzzerTestOneInput is renamed bvhFuzz_TARGET there, through a generated one-line wrapper.)
# - -DBVH_FUZZ=ON (clang++, the fuzz preset; scripts/fuzz): each target is its own libFuzzer binary, fuzz_TARGET; the
#   same CTest entries replay the corpus with -runs=0. `cmake --build --preset fuzz --target fuzz_targets` builds
#   only these.
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
  add_executable(fuzz_corpora ${FUZZ_DIR}/corpus_main.cpp)
  target_link_libraries(fuzz_corpora PRIVATE fuzz_support)
  add_dependencies(fuzz_targets fuzz_corpora)
  set_property(GLOBAL PROPERTY BVH_FUZZ_NAMES "")
endif()

# bvh_fuzz_target(NAME [LIBRARIES...]): the target NAME from NAME.fuzz.cpp, and its corpus test.
function(bvh_fuzz_target name)
  cmake_parse_arguments(ARG "" "" "LIBRARIES" ${ARGN})
  set(corpus ${FUZZ_DIR}/corpus/${name})
  if(BVH_FUZZ)
    add_executable(fuzz_${name} ${FUZZ_DIR}/${name}.fuzz.cpp)
    target_link_libraries(fuzz_${name} PRIVATE fuzz_support ${ARG_LIBRARIES})
    target_link_options(fuzz_${name} PRIVATE -fsanitize=fuzzer)
    add_test(NAME "fuzz corpus ${name}" COMMAND fuzz_${name} -runs=0 ${corpus})
    add_dependencies(fuzz_targets fuzz_${name})
    return()
  endif()
  set(wrapper ${CMAKE_CURRENT_BINARY_DIR}/fuzz_wrappers/${name}.cpp)
  file(CONFIGURE OUTPUT ${wrapper} CONTENT
    "#define LLVMFuzzerTestOneInput bvhFuzz_${name}\n#include \"tests/fuzz/${name}.fuzz.cpp\"\n#undef LLVMFuzzerTestOneInput\n")
  target_sources(fuzz_corpora PRIVATE ${wrapper})
  target_link_libraries(fuzz_corpora PRIVATE ${ARG_LIBRARIES})
  set_property(GLOBAL APPEND PROPERTY BVH_FUZZ_NAMES ${name})
  add_test(NAME "fuzz corpus ${name}" COMMAND fuzz_corpora ${name} ${corpus})
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

if(NOT BVH_FUZZ)  # corpus_main.cpp's table of the targets linked in
  get_property(names GLOBAL PROPERTY BVH_FUZZ_NAMES)
  set(table "")
  foreach(name IN LISTS names)
    string(APPEND table "BVH_FUZZ_TARGET(${name})\n")
  endforeach()
  file(CONFIGURE OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/fuzz_wrappers/fuzz_targets.inc CONTENT "${table}")
  target_include_directories(fuzz_corpora PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/fuzz_wrappers)
  target_compile_definitions(fuzz_corpora PRIVATE BVH_FUZZ_CORPORA=1)
endif()
