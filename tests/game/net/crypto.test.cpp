// SHA-256 and HMAC-SHA-256 against the published vectors: FIPS 180-2 appendix B (the one-block "abc", the
// two-block 448-bit message, one million 'a') and the empty message's well-known digest; RFC 4231 section 4 test
// cases 1-4, 6 and 7 (short key, "Jefe", 0xaa/0xdd, a 25-byte key, and keys longer than the block, which are
// hashed first). Feeding a message in pieces gives the digest of feeding it at once, at every split point.
#include "shared_names.h"
#include "game/net/crypto/hmac.h"
#include "game/net/crypto/random.h"
#include "game/net/crypto/sha256.h"

#include <doctest/doctest.h>

#include <string>
#include <vector>

namespace {

using nettest::hex;

using net::crypto::Hmac;
using net::crypto::Sha256;

std::string sha(const std::string& m) { return hex(Sha256::of(m.data(), m.size())); }

std::string hmac(const std::string& key, const std::string& m) {
    return hex(Hmac<Sha256>::of(key.data(), key.size(), m.data(), m.size()));
}

}  // namespace

TEST_CASE("SHA-256 gives the FIPS 180-2 digests") {
    CHECK(sha("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(sha(std::string(1000000, 'a')) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_CASE("SHA-256 fed in two pieces equals SHA-256 fed at once, at every split and across block edges") {
    std::string m;
    for (int i = 0; i < 200; ++i) m += char('a' + i % 26);
    for (std::size_t len : {0u, 55u, 56u, 63u, 64u, 65u, 119u, 128u, 200u}) {
        const std::string whole = sha(m.substr(0, len));
        for (std::size_t cut = 0; cut <= len; ++cut) {
            Sha256 s;
            s.update(m.data(), cut);
            s.update(m.data() + cut, len - cut);
            REQUIRE(hex(s.finish()) == whole);
        }
    }
}

TEST_CASE("HMAC-SHA-256 gives the RFC 4231 test cases") {
    CHECK(hmac(std::string(20, '\x0b'), "Hi There") ==
          "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    CHECK(hmac("Jefe", "what do ya want for nothing?") ==
          "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    CHECK(hmac(std::string(20, '\xaa'), std::string(50, '\xdd')) ==
          "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe");
    std::string key4;
    for (int i = 1; i <= 25; ++i) key4 += char(i);
    CHECK(hmac(key4, std::string(50, '\xcd')) == "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b");
    const std::string big(131, '\xaa');
    CHECK(hmac(big, "Test Using Larger Than Block-Size Key - Hash Key First") ==
          "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
    CHECK(hmac(big,
               "This is a test using a larger than block-size key and a larger than block-size data. The key needs "
               "to be hashed before being used by the HMAC algorithm.") ==
          "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2");
}

TEST_CASE("HMAC fed in pieces equals the one-call MAC, and the constant-time comparison finds any differing byte") {
    const std::string key = "per-match key";
    const std::string m = "B F 3 4 and some inputs";
    Hmac<Sha256> h(key.data(), key.size());
    h.update(m.data(), 5);
    h.update(m.data() + 5, m.size() - 5);
    const auto a = h.finish();
    const auto b = Hmac<Sha256>::of(key.data(), key.size(), m.data(), m.size());
    CHECK(net::crypto::equalConstantTime(a.data(), b.data(), a.size()));
    for (std::size_t i = 0; i < b.size(); ++i) {
        auto c = b;
        c[i] ^= 0x01;
        CHECK_FALSE(net::crypto::equalConstantTime(a.data(), c.data(), a.size()));
    }
}

TEST_CASE("randomBytes fills a buffer, and two draws of 32 bytes differ") {
    std::uint8_t a[32] = {}, b[32] = {};
    REQUIRE(net::crypto::randomBytes(a, sizeof a));
    REQUIRE(net::crypto::randomBytes(b, sizeof b));
    CHECK_FALSE(net::crypto::equalConstantTime(a, b, sizeof a));  // equal with chance 2^-256
}
