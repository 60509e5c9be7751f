// `bvh [AGENT_FILE ACTIONS_FILE]`: the homework's program (spec/bvh.md).
#include "engine/cli/bvh_cli.h"
#include "engine/write_signals.h"

#include <iostream>

int main(int argc, char** argv) {
    // A reader that goes away (`bvh a b | head -1`) or a file-size limit (`ulimit -f`) is a failed write, reported
    // with exit status 3 like a full disk, instead of a silent death by SIGPIPE (141) or SIGXFSZ (153).
    engine::failWritesInsteadOfDying();
    std::ios::sync_with_stdio(false);
    return bvhcli::runMain(argc, argv, std::cout, std::cerr);
}
