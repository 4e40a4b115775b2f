// Splitting a PPN stream into games (SPEC.md "Files and game boundaries") and feeding each
// game's text to parse_game. No Spirit here: the split is a cheap line scan.
#include <cstring>
#include <istream>
#include <memory>

#include "parser/parser.hpp"

namespace ppn::parser {

namespace {

constexpr std::size_t read_chunk = std::size_t{1} << 20;
// Leading blanks of a line kept while waiting for its first visible byte; a line indented
// further is treated as movetext (it cannot start a game).
constexpr std::size_t max_indent = 4096;

class GameSplitter {
 public:
  GameSplitter(const std::string& filename, const GameHandler& on_game, const ErrorHandler& on_error,
               const ParseOptions& options)
      : filename_(filename), on_game_(on_game), on_error_(on_error), options_(options) {}

  void feed(const char* p, const char* end) {
    stats_.bytes += static_cast<std::size_t>(end - p);
    while (p < end) {
      if (!classified_) {
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') &&
               indent_.size() < max_indent) {
          indent_.push_back(*p++);
        }
        if (p == end) break;
        classify(*p);
      }
      const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end - p));
      const char* seg_end = nl != nullptr ? static_cast<const char*>(nl) + 1 : end;
      append(p, seg_end);
      p = seg_end;
      if (nl != nullptr) {
        ++line_no_;
        classified_ = false;
      }
    }
  }

  StreamStats finish() {
    if (!classified_ && !indent_.empty()) append_indent();
    flush();
    return stats_;
  }

  void read_failed() {
    ParseError e;
    e.file = filename_;
    e.line = line_no_;
    e.column = 1;
    e.message = "read error";
    ++stats_.errors;
    on_error_(e);
  }

 private:
  // Called with the first visible byte of a line (or its '\n' for a blank line).
  void classify(char c) {
    classified_ = true;
    if (c == '\n') {  // blank line
      if (has_tags_ && !seen_movetext_) blank_after_tags_ = true;
      append_indent();
      return;
    }
    if (c == '[') {
      // A tag line starts a new game once the current one has movetext, or when a blank line
      // follows its tags (a game without movetext).
      if (seen_movetext_ || blank_after_tags_) flush();
      if (!has_content_) game_line_ = line_no_;
      has_tags_ = true;
    } else if (c != ';') {  // a `;` comment line may sit among the tags
      if (!has_content_) game_line_ = line_no_;
      seen_movetext_ = true;
    }
    has_content_ = true;
    append_indent();
  }

  void append_indent() {
    append(indent_.data(), indent_.data() + indent_.size());
    indent_.clear();
  }

  void append(const char* p, const char* end) {
    const auto n = static_cast<std::size_t>(end - p);
    if (oversize_) return;
    if (text_.size() + n > options_.max_game_bytes) {
      oversize_ = true;
      std::string().swap(text_);  // release the memory now
      return;
    }
    if (text_.empty()) text_line_ = line_no_;
    text_.append(p, n);
  }

  void flush() {
    if (oversize_) {
      ParseError e;
      e.file = filename_;
      e.line = game_line_;
      e.column = 1;
      e.message = "game too long: more than " + std::to_string(options_.max_game_bytes) +
                  " bytes (the per-game limit); skipped to the next game";
      ++stats_.errors;
      on_error_(e);
    } else if (has_content_) {
      auto result = parse_game(text_, filename_, text_line_);
      if (auto* g = std::get_if<Game>(&result)) {
        ++stats_.games;
        on_game_(*g);
      } else {
        ++stats_.errors;
        on_error_(std::get<ParseError>(result));
      }
    }
    text_.clear();
    oversize_ = has_content_ = has_tags_ = seen_movetext_ = blank_after_tags_ = false;
    game_line_ = text_line_ = line_no_;
  }

  const std::string& filename_;
  const GameHandler& on_game_;
  const ErrorHandler& on_error_;
  const ParseOptions& options_;
  StreamStats stats_;
  std::string text_;    // the current game's text
  std::string indent_;  // leading blanks of the current line, not yet classified
  std::uint32_t line_no_ = 1;    // line being read
  std::uint32_t text_line_ = 1;  // file line of text_[0]
  std::uint32_t game_line_ = 1;  // first visible line of the current game
  bool classified_ = false;      // the current line's first visible byte has been seen
  bool has_content_ = false, has_tags_ = false, seen_movetext_ = false, blank_after_tags_ = false;
  bool oversize_ = false;
};

}  // namespace

StreamStats parse_stream(std::istream& in, const std::string& filename, const GameHandler& on_game,
                         const ErrorHandler& on_error, const ParseOptions& options) {
  GameSplitter splitter(filename, on_game, on_error, options);
  auto buf = std::make_unique<char[]>(read_chunk);
  bool first_chunk = true;
  while (in) {
    in.read(buf.get(), static_cast<std::streamsize>(read_chunk));
    const auto n = static_cast<std::size_t>(in.gcount());
    if (n == 0) break;
    const char* p = buf.get();
    // A UTF-8 byte order mark is not part of the text.
    if (first_chunk && n >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0) p += 3;
    first_chunk = false;
    splitter.feed(p, buf.get() + n);
  }
  if (in.bad()) splitter.read_failed();
  return splitter.finish();
}

StreamStats parse_string(std::string_view text, const std::string& filename, const GameHandler& on_game,
                         const ErrorHandler& on_error, const ParseOptions& options) {
  GameSplitter splitter(filename, on_game, on_error, options);
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  splitter.feed(text.data(), text.data() + text.size());
  return splitter.finish();
}

ParseResult parse_all(std::string_view text, const std::string& filename) {
  ParseResult r;
  parse_string(
      text, filename, [&](Game& g) { r.games.push_back(std::move(g)); },
      [&](const ParseError& e) { r.errors.push_back(e); });
  return r;
}

}  // namespace ppn::parser
