// `bvh [AGENT_FILE ACTIONS_FILE]`: the homework's program (spec/bvh.md).
#include "engine/cli/bvh_cli.h"

#include <iostream>

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    return bvhcli::runMain(argc, argv, std::cout, std::cerr);
}
