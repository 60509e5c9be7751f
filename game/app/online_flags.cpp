// Parsing the window's online flags (see online_flags.h).
#include "game/app/online_flags.h"

#include <cstdlib>

namespace app {
namespace {

bool parseWhole(const std::string& text, long lo, long hi, long& out) {
    char* end = nullptr;
    out = std::strtol(text.c_str(), &end, 10);
    return !text.empty() && *end == '\0' && out >= lo && out <= hi;
}

}  // namespace

bool parseOnlineFlag(int argc, char** argv, int& i, OnlineFlags& out, bool& matched, std::string& error) {
    const std::string a = argv[i];
    matched = a == "--host" || a == "--join" || a == "--fighter" || a == "--input-delay" || a == "--max-rollback" ||
              a.rfind("--net-", 0) == 0;
    if (!matched) return true;
    long n = 0;
    if (a == "--host") {  // the port is optional
        out.host = true;
        if (i + 1 < argc && parseWhole(argv[i + 1], 0, 65535, n)) out.port = static_cast<unsigned short>(n), ++i;
        return true;
    }
    if (i + 1 >= argc || argv[i + 1][0] == '\0') {
        error = a + " needs a value";
        return false;
    }
    const std::string v = argv[++i];
    if (a == "--join") out.join = v;
    else if (a == "--fighter") out.fighter = v;
    else if (a == "--input-delay" && parseWhole(v, 0, 4, n)) out.inputDelay = int(n);
    else if (a == "--max-rollback" && parseWhole(v, 1, 30, n)) out.maxRollback = int(n);
    else if (a.rfind("--net-", 0) == 0) return net::parseNetCondition(a.substr(6), v, out.conditions, error);
    else {
        error = a + (a == "--input-delay" ? " wants 0 to 4" : " wants 1 to 30") + ", not '" + v + "'";
        return false;
    }
    if (out.host && !out.join.empty()) {
        error = "--host and --join cannot be combined";
        return false;
    }
    return true;
}

}  // namespace app
