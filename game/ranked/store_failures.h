#pragma once
// What a service says of its store's failures (bvh_matchd, on stderr). A full disk or a lost database otherwise shows
// only in the players' refusals (`refused the store: database or disk is full`), and the operator never learns of
// it. Each failure is said as it happens, but bounded, so that a flood of failing requests (every Poll of a thousand
// waiting players on a full disk) cannot fill the log in turn:
// - a reason is said the first time it is seen; the same reason again within a minute is only counted, and that
//   count is said once the minute is over (`(N more times in the last 60 s)`), so a reason that goes on failing
//   gives one line a minute;
// - at most kReasonsKept reasons are remembered at once (a reason quiet for a minute is forgotten); a failure of
//   another reason while that many are kept is counted and said, at most once a minute, as a number;
// so a minute holds at most about two lines a reason kept, whatever comes in. Every failure counts in failures(),
// which the service's exit status says at the end. A clock in milliseconds is passed in: tests run it virtually.
#include <cstdint>
#include <map>
#include <string>

namespace ranked {

class StoreFailureLog {
public:
    static constexpr std::int64_t kRepeatMs = 60000;  ///< a reason is said at most once in this long
    static constexpr std::size_t kReasonsKept = 16;   ///< distinct reasons remembered at once
    static constexpr std::size_t kReasonBytes = 300;  ///< a reason is cut to this many bytes

    /// prefix starts every line (`bvh_matchd: `).
    explicit StoreFailureLog(std::string prefix) : prefix_(std::move(prefix)) {}
    /// Notes one failure of the store; the line to say now (ending in '\n'), or "" when it is only counted.
    std::string note(const std::string& why, std::int64_t nowMs);
    /// Called often (each tick): the lines of counts whose minute is over (each ending in '\n'; "" when none), and
    /// the reasons quiet for a minute forgotten.
    std::string due(std::int64_t nowMs);
    /// Every failure noted since the start.
    std::int64_t failures() const { return failures_; }
    /// The closing line when the store failed during the run (`the store failed N times during this run (the last:
    /// REASON)`), else "".
    std::string summary() const;

private:
    struct Reason {
        std::int64_t saidMs = 0;  ///< when it was last said
        std::int64_t held = 0;    ///< failures since then, not said yet
    };
    std::string prefix_;
    std::map<std::string, Reason> reasons_;
    std::int64_t others_ = 0;         // failures of reasons not kept, not said yet
    std::int64_t othersSaidMs_ = -1;  // when their count was last said (-1: never)
    std::int64_t failures_ = 0;
    std::string last_;
};

}  // namespace ranked
