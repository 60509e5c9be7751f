// The window's input log for tests (see test_probe.h).
#include "game/app/test_probe.h"

#include "game/app/screen.h"

#include <cstdlib>
#include <cxxabi.h>
#include <typeinfo>

namespace app {

TestProbe::TestProbe() {
    const char* path = std::getenv("BVH_TEST_PROBE");
    if (path != nullptr && *path != '\0') out_ = std::fopen(path, "a");
}

TestProbe::~TestProbe() {
    if (out_ != nullptr) std::fclose(out_);
}

void TestProbe::afterFrame(int ticks, std::uint64_t presses, std::uint64_t texts, std::size_t screens,
                           const Screen* top) {
    if (out_ == nullptr) return;
    const bool young = age_ < 60;  // a second of ticks
    age_ = top == top_ ? age_ + ticks : 0;
    quiet_ += ticks;
    const bool same = presses == presses_ && texts == texts_ && screens == screens_ && top == top_;
    if (written_ && !young && same && quiet_ < 15) return;
    written_ = true;
    quiet_ = 0;
    presses_ = presses, texts_ = texts, screens_ = screens, top_ = top;
    const std::string name = top != nullptr ? screenName(*top) : "none";
    std::fprintf(out_, "presses %llu texts %llu screens %zu age %ld top %s\n", static_cast<unsigned long long>(presses),
                 static_cast<unsigned long long>(texts), screens, age_, name.c_str());
    std::fflush(out_);
}

std::string screenName(const Screen& s) {
    const char* mangled = typeid(s).name();
    int status = 0;
    char* plain = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
    std::string name = status == 0 && plain != nullptr ? plain : mangled;
    std::free(plain);
    return name;
}

}  // namespace app
