#pragma once
// SFML writes a line of its own to sf::err() when a port cannot be bound or an image cannot be saved. The caller
// reports the same failure in the project's words (the file or port, the reason, what to do), so a player would
// read the failure twice, SFML's line first. QuietSfml holds SFML's messages back for one call.
#include <SFML/System/Err.hpp>

#include <streambuf>

namespace net {

class QuietSfml {
public:
    QuietSfml() : was_(sf::err().rdbuf(nullptr)) {}
    ~QuietSfml() { sf::err().rdbuf(was_); }
    QuietSfml(const QuietSfml&) = delete;
    QuietSfml& operator=(const QuietSfml&) = delete;

private:
    std::streambuf* was_;
};

}  // namespace net
