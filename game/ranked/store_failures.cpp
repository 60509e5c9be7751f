// A service's store failures, said with bounds (see store_failures.h).
#include "game/ranked/store_failures.h"

namespace ranked {

std::string StoreFailureLog::note(const std::string& why, std::int64_t nowMs) {
    const std::string reason = why.substr(0, kReasonBytes);
    ++failures_;
    last_ = reason;
    const auto it = reasons_.find(reason);
    if (it != reasons_.end()) {  // said within the minute: due() says the count once it is over
        ++it->second.held;
        return "";
    }
    if (reasons_.size() >= kReasonsKept) {
        ++others_;
        return "";
    }
    reasons_[reason] = Reason{nowMs, 0};
    return prefix_ + "the store failed: " + reason + "\n";
}

std::string StoreFailureLog::due(std::int64_t nowMs) {
    std::string out;
    for (auto it = reasons_.begin(); it != reasons_.end();) {
        Reason& r = it->second;
        if (nowMs - r.saidMs < kRepeatMs) {
            ++it;
        } else if (r.held == 0) {
            it = reasons_.erase(it);  // quiet for a minute: a next failure of it is said at once
        } else {
            out += prefix_ + "the store failed: " + it->first + " (" + std::to_string(r.held) +
                   " more times in the last " + std::to_string((nowMs - r.saidMs) / 1000) + " s)\n";
            r = Reason{nowMs, 0};
            ++it;
        }
    }
    if (others_ > 0 && (othersSaidMs_ < 0 || nowMs - othersSaidMs_ >= kRepeatMs)) {
        out += prefix_ + "the store failed " + std::to_string(others_) + " more times for other reasons (at most " +
               std::to_string(kReasonsKept) + " reasons are said at once)\n";
        others_ = 0;
        othersSaidMs_ = nowMs;
    }
    return out;
}

std::string StoreFailureLog::summary() const {
    if (failures_ == 0) return "";
    return prefix_ + "the store failed " + std::to_string(failures_) + (failures_ == 1 ? " time" : " times") +
           " during this run (the last: " + last_ + ")\n";
}

}  // namespace ranked
