#pragma once
// Unpredictable bytes from the operating system (getrandom(2)), for session keys, nonces and room codes.
#include <cstddef>

namespace net::crypto {

/// Fills size bytes at out from the kernel's generator; false when it fails (the caller must not go on with
/// predictable bytes).
bool randomBytes(void* out, std::size_t size);

}  // namespace net::crypto
