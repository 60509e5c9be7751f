// ready and randomBytes over libsodium (see random.h).
#include "game/net/crypto/random.h"

#include <sodium.h>

namespace net::crypto {

bool ready() {
    static const bool started = sodium_init() >= 0;  // 1 when already started: fine
    return started;
}

bool randomBytes(void* out, std::size_t size) {
    if (!ready()) return false;
    randombytes_buf(out, size);
    return true;
}

}  // namespace net::crypto
