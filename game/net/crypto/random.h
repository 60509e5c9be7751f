#pragma once
// Unpredictable bytes from libsodium (randombytes_buf: the kernel's getrandom), for keys, nonces and room codes.
#include <cstddef>

namespace net::crypto {

/// Initialises libsodium once (thread-safe); false when it cannot start (no random source): nothing of this folder
/// may then be used.
bool ready();
/// Fills size bytes at out from libsodium's generator; false when libsodium could not start (the caller must not
/// go on with predictable bytes).
bool randomBytes(void* out, std::size_t size);

}  // namespace net::crypto
