// randomBytes over getrandom(2) (see random.h); a short read or EINTR is retried, a bounded number of times.
#include "game/net/crypto/random.h"

#include <sys/random.h>

#include <cerrno>
#include <cstdint>

namespace net::crypto {

bool randomBytes(void* out, std::size_t size) {
    auto* p = static_cast<std::uint8_t*>(out);
    for (int attempt = 0; size > 0 && attempt < 64; ++attempt) {
        const ssize_t got = getrandom(p, size, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            return false;
        }
        p += got;
        size -= std::size_t(got);
    }
    return size == 0;
}

}  // namespace net::crypto
