// Fuzz target: the `bvh` program's agent and actions files (bvhcli::run, which reads files: the input is split
// at its first `%%` line into an agent file and an actions file, written to two temporary files). Limits are
// lowered (32 KiB files, 1 KiB lines) so the limit paths are reachable. A refusal is exit 1 with one
// `FILE:LINE: what` (or `FILE: what`) line on the error stream; a run that succeeds is replayed on an
// engine::AgentBVH (the records are known good by then) with validate() after every record.
#include "engine/agent_bvh.h"
#include "engine/cli/bvh_cli.h"
#include "tests/fuzz/fuzz_check.h"

#include <sstream>

namespace {

/// Splits the input at its first line that is exactly `%%`: the agent text before, the actions text after.
void split(const std::string& input, std::string& agent, std::string& actions) {
    const std::size_t at = input.rfind("%%\n", 0) == 0 ? 0 : input.find("\n%%\n");
    if (at == std::string::npos) {
        agent = input;
        actions.clear();
        return;
    }
    const std::size_t agentEnd = at == 0 ? 0 : at + 1;
    agent = input.substr(0, agentEnd);
    actions = input.substr(agentEnd + 3);
}

/// `text` with each lone CR (one not before an LF: old Mac files) made an LF, so its lines are the program's
/// (docs/bvh-program.md: a line ends at LF, CRLF or a lone CR; io::Lines and std::getline end lines at LF only).
std::string withBvhLineEnds(std::string text) {
    for (std::size_t i = 0; i < text.size(); ++i)
        if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) text[i] = '\n';
    return text;
}

void valid(const engine::AgentBVH& tree, const std::string& after) {
    const std::string why = tree.validate();
    if (!why.empty()) fuzz::broken("the tree does not validate after `" + after + "`: " + why, after);
}

/// Replays an agent and actions text that the program accepted on a tree, validating after every record.
void replay(const std::string& agent, const std::string& actions) {
    engine::AgentBVH tree;
    std::istringstream a(agent), b(actions);
    std::string line, name, op;
    engine::AABB box;
    while (std::getline(a, line)) {
        std::istringstream t(line);
        if (!(t >> name >> box.minX >> box.minY >> box.maxX >> box.maxY)) continue;
        if (!tree.add(box, name)) fuzz::broken("an accepted agent file adds a member twice", line);
        valid(tree, line);
    }
    while (std::getline(b, line)) {
        std::istringstream t(line);
        if (!(t >> op)) continue;
        if (op == "c" && t >> box.minX >> box.minY >> box.maxX >> box.maxY) tree.getCollidingObjects(box);
        if (op == "m" && t >> name >> box.minX >> box.minY >> box.maxX >> box.maxY && !tree.move(name, box))
            fuzz::broken("an accepted actions file moves an unknown member", line);
        valid(tree, line);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string agent, actions;
    split(fuzz::asText(data, size), agent, actions);
    const std::string& agentPath = fuzz::tempFile("agent");
    const std::string& actionsPath = fuzz::tempFile("actions");
    fuzz::writeFile(agentPath, reinterpret_cast<const std::uint8_t*>(agent.data()), agent.size());
    fuzz::writeFile(actionsPath, reinterpret_cast<const std::uint8_t*>(actions.data()), actions.size());
    std::ostringstream out, err;
    bvhcli::Limits limits;
    limits.maxFileBytes = 32 << 10;
    limits.maxLineBytes = 1 << 10;
    const int status = bvhcli::run(agentPath, actionsPath, out, err, limits);
    if (status == bvhcli::kOk) {
        if (!err.str().empty()) fuzz::broken("a successful run wrote to the error stream", err.str());
        replay(withBvhLineEnds(agent), withBvhLineEnds(actions));
        return 0;
    }
    if (status != bvhcli::kBadInput)
        fuzz::broken("exit status " + std::to_string(status) + " for bad input", err.str());
    const std::string message = err.str();
    if (message.empty() || message.back() != '\n')
        fuzz::broken("a refusal is not one line ending in a newline", message);
    const bool inAgent = message.rfind(agentPath + ":", 0) == 0;
    fuzz::checkMessage(message.substr(0, message.size() - 1), inAgent ? agentPath : actionsPath,
                       fuzz::lineCount(withBvhLineEnds(inAgent ? agent : actions)));
    return 0;
}
