#include "parser/error_handler.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace ppn::parser {

namespace {

// X3 reports the name of the rule (or the literal) whose expectation failed.
constexpr std::array<std::pair<std::string_view, std::string_view>, 22> expectations = {{
    {"movetext_entry",
     "a roll line (e.g. \"12. G 6-3: N/0 0/3\"), an observed position (\"@ ...\") or a withdrawal (\"G RESIGNS\")"},
    {"seat", "a seat letter (G, R, B or Y)"},
    {"dice", "the dice: one die 1-6, or two joined by '-' (e.g. 6-3)"},
    {"die", "a die value 1-6"},
    {"':'", "':' after the dice"},
    {"play", "a play: mini-moves (e.g. N/0 12/15x), '-' (no legal play) or PENALTY"},
    {"square", "a square (N, 0-99, h1-h9 or H)"},
    {"bonus_value", "a bonus value (10 or 20)"},
    {"bonus_target", "the bonus move (e.g. 35/55) or '-' (bonus forfeited)"},
    {"tag_name", "a tag name (a letter, then letters, digits or '_')"},
    {"tag_value", "a tag value in double quotes"},
    {"']'", "']' closing the tag"},
    {"'\"'", "'\"' closing the tag value (a tag value ends at its line)"},
    {"comment_body", "'}': unterminated comment"},
    {"')'", "')' closing the variation"},
    {"position_text", "a position ID after '@'"},
    {"roll_line", "a roll line"},
    {"uint", "a NAG number (0-999) after '$'"},
    {"char-set", "'\"' or '\\' after a backslash in a tag value"},
    {"eoi", "the end of the game"},
    {"'('", "'('"},
    {"mini_move", "a mini-move (e.g. 12/15)"},
}};

// Control bytes and invalid UTF-8 are shown as '?'; valid UTF-8 sequences are kept and count
// as one display column.
struct Sanitized {
  std::string text;
  std::uint32_t caret = 0;
};

std::size_t utf8_length(std::string_view s, std::size_t i) {
  const auto b = static_cast<unsigned char>(s[i]);
  std::size_t n = b >= 0xF0 && b < 0xF5 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b < 0xE0 ? 2 : 0;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k) {
    if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return 0;
  }
  return n;
}

Sanitized sanitize(std::string_view line, std::size_t caret_byte) {
  Sanitized out;
  std::uint32_t display = 0;
  bool caret_set = false;
  for (std::size_t i = 0; i < line.size();) {
    if (!caret_set && i >= caret_byte) {
      out.caret = display;
      caret_set = true;
    }
    const auto b = static_cast<unsigned char>(line[i]);
    if (b == '\t' || (b >= 0x20 && b < 0x7F)) {
      out.text.push_back(static_cast<char>(b));
      ++i;
    } else if (std::size_t n = b >= 0x80 ? utf8_length(line, i) : 0; n != 0) {
      out.text.append(line.substr(i, n));
      i += n;
    } else {
      out.text.push_back('?');
      ++i;
    }
    ++display;
  }
  if (!caret_set) out.caret = display;
  return out;
}

constexpr std::size_t excerpt_context = 60;  // bytes shown each side of the column in long lines

}  // namespace

std::string describe_expectation(std::string_view which) {
  if (!which.empty() && which.front() == '!') return std::string(which.substr(1));
  for (const auto& [name, text] : expectations) {
    if (name == which) return "expected " + std::string(text);
  }
  return "expected " + std::string(which);
}

ParseError make_parse_error(std::string_view text, const char* where, std::string message,
                            const std::string& filename, std::uint32_t first_line) {
  std::size_t off = static_cast<std::size_t>(where - text.data());
  off = std::min(off, text.size());
  // An error at the very end (a truncated game) is shown at the end of the last non-blank line.
  if (off == text.size()) {
    while (off > 0 && (text[off - 1] == '\n' || text[off - 1] == '\r' || text[off - 1] == ' ' ||
                       text[off - 1] == '\t')) {
      --off;
    }
  }
  const std::size_t line_begin = off == 0 ? 0 : text.rfind('\n', off - 1) + 1;  // npos + 1 == 0
  std::size_t line_end = text.find('\n', off);
  if (line_end == std::string_view::npos) line_end = text.size();
  if (line_end > line_begin && text[line_end - 1] == '\r') --line_end;

  ParseError e;
  e.file = filename;
  e.line = first_line + static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(line_begin), '\n'));
  e.column = static_cast<std::uint32_t>(off - line_begin + 1);
  e.message = std::move(message);

  std::string_view line = text.substr(line_begin, line_end - line_begin);
  std::size_t caret_byte = off - line_begin;
  std::string prefix, suffix;
  if (caret_byte > excerpt_context) {
    line.remove_prefix(caret_byte - excerpt_context);
    caret_byte = excerpt_context;
    prefix = "...";
  }
  if (line.size() > caret_byte + excerpt_context) {
    line = line.substr(0, caret_byte + excerpt_context);
    suffix = "...";
  }
  Sanitized s = sanitize(line, caret_byte);
  e.excerpt = prefix + s.text + suffix;
  e.caret = s.caret + static_cast<std::uint32_t>(prefix.size());
  return e;
}

std::string ParseError::format() const {
  if (line == 0) return file + ": error: " + message + "\n";
  std::string out = file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": error: " + message + "\n";
  // An error about the file or game as a whole (too long, UTF-16) has no line to show.
  if (excerpt.empty() && caret == 0) return out;
  out += excerpt;
  out += "\n";
  // Tabs in the excerpt are repeated under it so the caret lines up in any tab width.
  for (std::uint32_t i = 0, col = 0; col < caret && i < excerpt.size(); ++i) {
    const auto b = static_cast<unsigned char>(excerpt[i]);
    if ((b & 0xC0) == 0x80) continue;  // UTF-8 continuation byte: same column
    out.push_back(excerpt[i] == '\t' ? '\t' : ' ');
    ++col;
  }
  out += "^\n";
  return out;
}

}  // namespace ppn::parser
