// blaster.cfg and `set` lines (see blaster_config.h).
#include "game/io/blaster_config.h"

namespace blaster {

bool setOptionText(Options& options, const std::string& key, const std::string& value, std::string& why) {
    if (key != "spawnEnemies" && optionField(options, key) == nullptr) {
        why = "unknown option " + io::quote(key);
        return false;
    }
    std::int64_t v = 0;
    if (!io::toInt(value, INT64_MIN, INT64_MAX, v, why)) {
        why = key + ": " + why;
        return false;
    }
    return setOption(options, key, v, why);
}

std::vector<std::string> optionLines(const Options& options) {
    std::vector<std::string> lines;
    for (const std::string& key : optionNames()) {
        const int* field = optionField(options, key);
        const int value = field != nullptr ? *field : (options.spawnEnemies ? 1 : 0);
        lines.push_back(key + " " + std::to_string(value));
    }
    return lines;
}

bool loadOptions(const std::string& path, Options& options, io::Error& error) {
    std::string text;
    if (!io::readFile(path, text, error)) return false;
    io::Lines lines(text);
    std::string_view raw;
    Options next = options;
    while (lines.next(raw)) {
        const std::vector<std::string> w = io::tokens(raw);
        if (w.empty()) continue;
        std::string why;
        if (w.size() != 2) why = "expected `key value`";
        else setOptionText(next, w[0], w[1], why);
        if (!why.empty()) {
            error = io::Error{path, lines.number(), why};
            return false;
        }
    }
    std::string why;
    if (!checkOptions(next, why)) {
        error = io::Error{path, std::max(1, lines.number()), why};
        return false;
    }
    options = next;
    return true;
}

}  // namespace blaster
