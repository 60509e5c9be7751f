// `bvh [AGENT_FILE ACTIONS_FILE]`: the homework's program (spec/bvh.md).
#include "engine/cli/bvh_cli.h"

#include <csignal>
#include <iostream>

int main(int argc, char** argv) {
    // A reader that goes away (`bvh a b | head -1`) is a failed write, reported with exit status 3 like a full
    // disk, instead of a silent death by SIGPIPE (status 141).
    std::signal(SIGPIPE, SIG_IGN);
    std::ios::sync_with_stdio(false);
    return bvhcli::runMain(argc, argv, std::cout, std::cerr);
}
