// blaster.cfg and `set` lines (see blaster_config.h).
#include "game/io/blaster_config.h"

#include <algorithm>

namespace blaster {

namespace {

/// True for an optional sign and one or more digits: a whole number, however long.
bool wholeNumber(const std::string& s) {
    const std::size_t from = !s.empty() && (s[0] == '-' || s[0] == '+') ? 1 : 0;
    return s.size() > from && s.find_first_not_of("0123456789", from) == std::string::npos;
}

}  // namespace

bool setOptionText(Options& options, const std::string& key, const std::string& value, std::string& why) {
    int lo = 0, hi = 0;
    if (!optionRange(key, lo, hi)) {
        why = "unknown option " + io::quote(key);
        return false;
    }
    std::int64_t v = 0;
    if (!io::toInt(value, INT64_MIN, INT64_MAX, v, why)) {
        // A number past 64 bits is out of the key's range like any other: said with the key's own range.
        why = wholeNumber(value) ? key + " takes an integer in " + std::to_string(lo) + ".." + std::to_string(hi) +
                                       ", not " + io::quote(value)
                                 : key + ": " + why;
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
    std::vector<std::pair<std::string, int>> seen;  // each key once, as settings.cfg and a script's `set` lines
    while (lines.next(raw)) {
        const std::vector<std::string> w = io::tokens(raw);
        if (w.empty()) continue;
        std::string why;
        const auto first = std::find_if(seen.begin(), seen.end(), [&](const auto& k) { return k.first == w[0]; });
        if (w.size() != 2) why = "expected `key value`";
        else if (first != seen.end())
            why = "repeated " + io::quote(w[0]) + " (first on line " + std::to_string(first->second) + ")";
        else if (setOptionText(next, w[0], w[1], why)) seen.emplace_back(w[0], lines.number());
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
