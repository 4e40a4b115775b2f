// find_bad_byte (notation/text_util.hpp), the check that runs over every byte the parser reads:
// its fast paths (sixty-four, sixteen and eight bytes at a time) find exactly what a byte-by-byte
// reading of the rule finds (SPEC.md "Limits": UTF-8, no control byte but the blanks), for every
// byte value at every place of a text long enough for two rounds of the widest path and a tail,
// and for UTF-8 sequences cut or malformed at any place of it.
#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "notation/text_util.hpp"

namespace {

// The rule, byte by byte: printable ASCII and \t \n \v \f \r are fine; a byte of 0x80 and
// above must start a well-formed UTF-8 sequence (RFC 3629); any other byte is bad.
std::optional<std::size_t> first_bad(const std::string& s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  for (std::size_t i = 0; i < s.size();) {
    const unsigned b = p[i];
    if (b < 0x80) {
      const bool blank = b >= 0x09 && b <= 0x0D;
      if ((b < 0x20 && !blank) || b == 0x7F) return i;
      ++i;
      continue;
    }
    // RFC 3629, section 4 (UTF8-2, UTF8-3, UTF8-4), row by row: lead bytes, the range of the
    // second byte, the length.
    struct Row {
      unsigned lead_lo, lead_hi, second_lo, second_hi;
      std::size_t len;
    };
    static constexpr Row rows[] = {{0xC2, 0xDF, 0x80, 0xBF, 2}, {0xE0, 0xE0, 0xA0, 0xBF, 3}, {0xE1, 0xEC, 0x80, 0xBF, 3},
                                   {0xED, 0xED, 0x80, 0x9F, 3}, {0xEE, 0xEF, 0x80, 0xBF, 3}, {0xF0, 0xF0, 0x90, 0xBF, 4},
                                   {0xF1, 0xF3, 0x80, 0xBF, 4}, {0xF4, 0xF4, 0x80, 0x8F, 4}};
    const Row* row = nullptr;
    for (const auto& r : rows)
      if (b >= r.lead_lo && b <= r.lead_hi) row = &r;
    if (row == nullptr || i + row->len > s.size()) return i;
    if (p[i + 1] < row->second_lo || p[i + 1] > row->second_hi) return i;
    for (std::size_t k = 2; k < row->len; ++k)
      if (p[i + k] < 0x80 || p[i + k] > 0xBF) return i;
    const std::size_t len = row->len;
    i += len;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("find_bad_byte: every byte value at every place of a 140-byte text", "[notation][utf8]") {
  const std::string line = "12. G 5-3: 12/17 17/20 { fine text }\n ok\t13. R 6-6: N/0 N/0\r\n14. R 2-1: 0/2 2/3 !\f"
                           "\v15. B 4-4: 12/16 16/20 20/24 24/28 { four }\n16. Y 1-1: -\n";
  REQUIRE(line.size() == 140);
  REQUIRE_FALSE(ppn::find_bad_byte(line));
  for (int value = 0; value < 256; ++value) {
    for (std::size_t at = 0; at < line.size(); ++at) {
      std::string s = line;
      s[at] = static_cast<char>(value);
      const auto want = first_bad(s);
      const auto got = ppn::find_bad_byte(s);
      INFO("byte " << value << " at " << at);
      REQUIRE(got.has_value() == want.has_value());
      if (got) CHECK(got->first == *want);
    }
  }
}

TEST_CASE("find_bad_byte: UTF-8 sequences whole, cut and malformed at every place", "[notation][utf8]") {
  std::string pads;
  while (pads.size() < 160) pads += "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ \n";
  for (const std::string seq : {"\xC3\xA9", "\xE2\x82\xAC", "\xF0\x9F\x8E\xB2", "\xED\xA0\x80", "\xC0\xAF",
                                "\xF4\x90\x80\x80", "\xE0\x80\xAF", "\xE2\x82", "\x80", "\xFF"}) {
    for (std::size_t at = 0; at <= 140; ++at) {
      for (std::size_t tail : {std::size_t{0}, std::size_t{1}, std::size_t{17}}) {
        const std::string s = pads.substr(0, at) + seq + pads.substr(0, tail);
        const auto want = first_bad(s);
        const auto got = ppn::find_bad_byte(s);
        INFO("sequence of " << seq.size() << " bytes at " << at << ", tail " << tail);
        REQUIRE(got.has_value() == want.has_value());
        if (got) CHECK(got->first == *want);
      }
    }
  }
}
