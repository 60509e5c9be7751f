// The one text reader (game/io/text.h): its rules for numbers, tokens, quoting, lines and file size, each worked
// out by hand from the rules written atop text.h.
#include "game/io/text.h"

#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <string>

TEST_CASE("Integers are an optional minus and decimal digits, nothing else") {
    std::int64_t v = 0;
    std::string why;
    CHECK(io::toInt("42", 0, 100, v, why));
    CHECK(v == 42);
    CHECK(io::toInt("-0", -5, 5, v, why));
    CHECK(v == 0);
    CHECK(io::toInt("-9223372036854775808", INT64_MIN, INT64_MAX, v, why));
    CHECK(v == INT64_MIN);
    for (const char* bad : {"+5", "", "-", "0x10", "5.0", " 5", "5 ", "\v5", "5\f", "1e3"}) {
        CAPTURE(bad);
        CHECK_FALSE(io::toInt(bad, INT64_MIN, INT64_MAX, v, why));
        CHECK(why.find("is not an integer") != std::string::npos);
    }
    CHECK_FALSE(io::toInt("9223372036854775808", INT64_MIN, INT64_MAX, v, why));
    CHECK(why == "number 9223372036854775808 out of range [-9223372036854775808, 9223372036854775807]");
    CHECK_FALSE(io::toInt("99999999999999999999999999", 0, 10, v, why));
    CHECK(why == "number 99999999999999999999999999 out of range [0, 10]");
    CHECK_FALSE(io::toInt("11", 0, 10, v, why));
    CHECK(why == "number 11 out of range [0, 10]");
}

TEST_CASE("Seeds take the whole unsigned 64-bit range") {
    std::uint64_t v = 0;
    std::string why;
    CHECK(io::toUint64("18446744073709551615", v, why));
    CHECK(v == UINT64_MAX);
    CHECK(io::toUint64("9223372036854775808", v, why));
    CHECK(v == (std::uint64_t(1) << 63));
    CHECK_FALSE(io::toUint64("18446744073709551616", v, why));
    CHECK(why.find("out of range") != std::string::npos);
    CHECK_FALSE(io::toUint64("-1", v, why));
    CHECK_FALSE(io::toUint64("+1", v, why));
}

TEST_CASE("A hash is exactly 16 hex digits, with no sign") {
    std::uint64_t h = 0;
    std::string why;
    CHECK(io::toHash("00000000000000ff", h, why));
    CHECK(h == 255);
    CHECK(io::toHash("FFFFFFFFFFFFFFFF", h, why));
    CHECK(h == UINT64_MAX);
    CHECK_FALSE(io::toHash("-000000000000001", h, why));
    CHECK(why == "bad hash '-000000000000001'");
    CHECK_FALSE(io::toHash("+000000000000001", h, why));
    CHECK_FALSE(io::toHash("0x00000000000001", h, why));
    CHECK_FALSE(io::toHash("ff", h, why));
    CHECK(why == "hash must be 16 hex digits, got 'ff'");
}

TEST_CASE("User text in a message is quoted, cut to 40 characters and escaped") {
    CHECK(io::quote("abc") == "'abc'");
    CHECK(io::quote(std::string("a\0b", 3)) == "'a\\x00b'");
    CHECK(io::quote("\xff\x7f\t") == "'\\xff\\x7f\\x09'");
    const std::string big(10 * 1000 * 1000, 'x');
    CHECK(io::quote(big) == "'" + std::string(40, 'x') + "...'");
    CHECK(io::quote(std::string(40, 'y')) == "'" + std::string(40, 'y') + "'");
}

TEST_CASE("Tokens split at spaces and tabs, a comment and a final CR are dropped") {
    using V = std::vector<std::string>;
    CHECK(io::tokens("  a\tb  c ") == V{"a", "b", "c"});
    CHECK(io::tokens("a b # c d") == V{"a", "b"});
    CHECK(io::tokens("a b\r") == V{"a", "b"});
    CHECK(io::tokens("#only a comment").empty());
    CHECK(io::tokens("a\vb\fc") == V{"a\vb\fc"});  // not separators: the token is refused where it is read
    CHECK(io::joined(V{"expect", "p1.health", "5"}) == "expect p1.health 5");
}

TEST_CASE("Lines are numbered and a last line without a newline is flagged") {
    io::Lines lines("one\ntwo\r\n\nfour");
    std::string_view l;
    REQUIRE(lines.next(l));
    CHECK(l == "one");
    CHECK_FALSE(lines.unterminated());
    REQUIRE(lines.next(l));
    CHECK(l == "two\r");
    REQUIRE(lines.next(l));
    CHECK(l.empty());
    REQUIRE(lines.next(l));
    CHECK(l == "four");
    CHECK(lines.number() == 4);
    CHECK(lines.unterminated());
    CHECK_FALSE(lines.next(l));
    io::Lines ended("a\n");
    REQUIRE(ended.next(l));
    CHECK_FALSE(ended.unterminated());
    CHECK_FALSE(ended.next(l));
}

TEST_CASE("Errors print as FILE:LINE: what, or FILE: what without a line") {
    CHECK(io::Error{"f.txt", 3, "bad"}.text() == "f.txt:3: bad");
    CHECK(io::Error{"f.txt", 0, "bad"}.text() == "f.txt: bad");
}

TEST_CASE("A file over the size limit or an endless device is refused, not read whole") {
    std::string text;
    io::Error error;
    const std::string path = (std::filesystem::temp_directory_path() / "io_text_big.txt").string();
    {
        std::FILE* f = std::fopen(path.c_str(), "wb");
        REQUIRE(f != nullptr);
        std::fseek(f, long(io::kMaxFileBytes), SEEK_SET);  // sparse: one byte past the limit
        std::fputc('x', f);
        std::fclose(f);
    }
    CHECK_FALSE(io::readFile(path, text, error));
    CHECK(error.text() == path + ": larger than 67108864 bytes (the limit for any input file)");
    CHECK(text.empty());
    std::remove(path.c_str());
    CHECK_FALSE(io::readFile("/dev/zero", text, error));
    CHECK(error.message.rfind("larger than", 0) == 0);
}
