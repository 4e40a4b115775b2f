#include "notation/text_util.hpp"

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace ppn {

std::string normalize_space(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  bool pending_space = false;
  for (char c : s) {
    if (is_space(c)) {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    out.push_back(c);
  }
  return out;
}

std::optional<std::pair<std::size_t, std::string>> find_bad_byte(std::string_view text) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t n = text.size();
  const auto hex = [](unsigned b) {
    static const char digits[] = "0123456789ABCDEF";
    return std::string("0x") + digits[b >> 4] + digits[b & 15];
  };
  // Eight bytes at a time while they are all printable ASCII (0x20-0x7E): no high bit, none
  // below 0x20 (a borrow out of x - 0x20 in some byte), none equal to 0x7F. This check runs
  // over every byte the parser reads, so it must cost far less than the grammar.
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  const auto printable8 = [](std::uint64_t x) {
    const std::uint64_t below20 = (x - 0x20 * kOnes) & ~x & kHigh;
    const std::uint64_t y = x ^ (0x7F * kOnes);
    const std::uint64_t is7f = (y - kOnes) & ~y & kHigh;
    return ((x & kHigh) | below20 | is7f) == 0;
  };
#if defined(__SSE2__)
  // Sixteen bytes at a time while each is printable ASCII or one of the blanks \t \n \v \f \r
  // (0x09-0x0D): every line ends in '\n', so a test that left it out would stop at each line.
  // Signed compares: a byte with the high bit set is negative, below 0x20, and not a blank.
  const __m128i k20 = _mm_set1_epi8(0x20), k7f = _mm_set1_epi8(0x7F);
  const __m128i k08 = _mm_set1_epi8(0x08), k0e = _mm_set1_epi8(0x0E);
  const auto bad16 = [&](const unsigned char* at) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(at));
    const __m128i blank = _mm_and_si128(_mm_cmpgt_epi8(v, k08), _mm_cmplt_epi8(v, k0e));
    return _mm_or_si128(_mm_andnot_si128(blank, _mm_cmplt_epi8(v, k20)), _mm_cmpeq_epi8(v, k7f));
  };
  const auto plain16 = [&](const unsigned char* at) { return _mm_movemask_epi8(bad16(at)) == 0; };
#endif
  std::size_t i = 0;
#if defined(__SSE2__)
  // Most text is plain: sixty-four bytes a round, one test for all four blocks.
  while (i + 64 <= n) {
    const __m128i bad = _mm_or_si128(_mm_or_si128(bad16(p + i), bad16(p + i + 16)),
                                     _mm_or_si128(bad16(p + i + 32), bad16(p + i + 48)));
    if (_mm_movemask_epi8(bad) != 0) break;
    i += 64;
  }
#endif
  while (i < n) {
#if defined(__SSE2__)
    if (i + 16 <= n && plain16(p + i)) {
      i += 16;
      continue;
    }
#endif
    if (i + 8 <= n) {
      std::uint64_t x;
      std::memcpy(&x, p + i, 8);
      if (printable8(x)) {
        i += 8;
        continue;
      }
    }
    const unsigned b = p[i];
    if (b < 0x80) {
      if ((b < 0x20 && b != '\t' && b != '\n' && b != '\r' && b != '\f' && b != '\v') || b == 0x7F)
        return std::pair{i, "control byte " + hex(b) + " in the text (is this a binary file?)"};
      ++i;
      continue;
    }
    // Lead byte: the sequence length and the allowed range of the second byte (RFC 3629).
    std::size_t len = 0;
    unsigned lo = 0x80, hi = 0xBF;
    if (b >= 0xC2 && b <= 0xDF) len = 2;
    else if (b == 0xE0) len = 3, lo = 0xA0;
    else if (b >= 0xE1 && b <= 0xEC) len = 3;
    else if (b == 0xED) len = 3, hi = 0x9F;  // no surrogates
    else if (b >= 0xEE && b <= 0xEF) len = 3;
    else if (b == 0xF0) len = 4, lo = 0x90;
    else if (b >= 0xF1 && b <= 0xF3) len = 4;
    else if (b == 0xF4) len = 4, hi = 0x8F;  // at most U+10FFFF
    bool ok = len != 0 && i + len <= n;
    for (std::size_t k = 1; ok && k < len; ++k) {
      const unsigned c = p[i + k];
      ok = k == 1 ? (c >= lo && c <= hi) : (c >= 0x80 && c <= 0xBF);
    }
    if (!ok) {
      return std::pair{i, "invalid UTF-8 (byte " + hex(b) +
                              "): PPN files are UTF-8; convert this one (e.g. iconv -f latin1 -t utf-8)"};
    }
    i += len;
  }
  return std::nullopt;
}

std::string printable_text(std::string_view text) {
  std::string out(text);
  for (auto& ch : out)
    if (ch == '\n' || ch == '\r') ch = ' ';
  for (std::size_t from = 0; from < out.size();) {
    const auto bad = find_bad_byte(std::string_view(out).substr(from));
    if (!bad) break;
    out[from + bad->first] = '?';
    from += bad->first + 1;
  }
  return out;
}

}  // namespace ppn
