// The hashes TURN names: SHA-1 against FIPS 180-2 appendix A ("abc", the 448-bit message, one million 'a') and the
// empty message; MD5 against RFC 1321's test suite (appendix A.5); HMAC-SHA1 against RFC 2202 section 3 cases 1, 2
// and 6 (a key longer than the block); CRC-32 against the check value of "123456789" (0xCBF43926, the catalogue
// value of CRC-32/ISO-HDLC). Pieces fed apart give the digest of the whole, across block edges.
#include "shared_names.h"
#include "game/net/crypto/crc32.h"
#include "game/net/crypto/hmac.h"
#include "game/net/crypto/md5.h"
#include "game/net/crypto/sha1.h"

#include <doctest/doctest.h>

#include <string>

namespace {

using nettest::hex;

template <typename H>
std::string digest(const std::string& m) {
    return hex(H::of(m.data(), m.size()));
}

}  // namespace

TEST_CASE("SHA-1 gives the FIPS 180-2 digests") {
    using net::crypto::Sha1;
    CHECK(digest<Sha1>("abc") == "a9993e364706816aba3e25717850c26c9cd0d89d");
    CHECK(digest<Sha1>("") == "da39a3ee5e6b4b0d3255bfef95601890afd80709");
    CHECK(digest<Sha1>("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "84983e441c3bd26ebaae4aa1f95129e5e54670f1");
    CHECK(digest<Sha1>(std::string(1000000, 'a')) == "34aa973cd4c4daa4f61eeb2bdbad27316534016f");
}

TEST_CASE("MD5 gives the RFC 1321 test suite's digests") {
    using net::crypto::Md5;
    CHECK(digest<Md5>("") == "d41d8cd98f00b204e9800998ecf8427e");
    CHECK(digest<Md5>("a") == "0cc175b9c0f1b6a831c399e269772661");
    CHECK(digest<Md5>("abc") == "900150983cd24fb0d6963f7d28e17f72");
    CHECK(digest<Md5>("message digest") == "f96b697d7cb7938d525a2f31aaf161d0");
    CHECK(digest<Md5>("abcdefghijklmnopqrstuvwxyz") == "c3fcd3d76192e4007dfb496cca67e13b");
    CHECK(digest<Md5>("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") ==
          "d174ab98d277d9f5a5611c2c9f419d9f");
    std::string eighty;
    for (int i = 0; i < 8; ++i) eighty += "1234567890";
    CHECK(digest<Md5>(eighty) == "57edf4a22be3c955ac49da2e2107b67a");
}

TEST_CASE("SHA-1 and MD5 fed in two pieces equal the whole, at every split and across block edges") {
    std::string m;
    for (int i = 0; i < 140; ++i) m += char('a' + i % 26);
    for (std::size_t len : {0u, 55u, 56u, 63u, 64u, 65u, 119u, 128u, 140u}) {
        const std::string s1 = digest<net::crypto::Sha1>(m.substr(0, len));
        const std::string m5 = digest<net::crypto::Md5>(m.substr(0, len));
        for (std::size_t cut = 0; cut <= len; ++cut) {
            net::crypto::Sha1 a;
            a.update(m.data(), cut);
            a.update(m.data() + cut, len - cut);
            REQUIRE(hex(a.finish()) == s1);
            net::crypto::Md5 b;
            b.update(m.data(), cut);
            b.update(m.data() + cut, len - cut);
            REQUIRE(hex(b.finish()) == m5);
        }
    }
}

TEST_CASE("HMAC-SHA1 gives the RFC 2202 test cases") {
    using H = net::crypto::Hmac<net::crypto::Sha1>;
    auto mac = [](const std::string& key, const std::string& m) {
        return hex(H::of(key.data(), key.size(), m.data(), m.size()));
    };
    CHECK(mac(std::string(20, '\x0b'), "Hi There") == "b617318655057264e28bc0b6fb378c8ef146be00");
    CHECK(mac("Jefe", "what do ya want for nothing?") == "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79");
    CHECK(mac(std::string(80, '\xaa'), "Test Using Larger Than Block-Size Key - Hash Key First") ==
          "aa4ae5e15272d00e95705637ce8a3b55ed402112");
}

TEST_CASE("CRC-32 gives the check value of 123456789") {
    CHECK(net::crypto::crc32("123456789", 9) == 0xcbf43926u);
    CHECK(net::crypto::crc32("", 0) == 0u);
}
