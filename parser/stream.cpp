// Splitting a PPN stream into games (SPEC.md "Files and game boundaries") and feeding each
// game's text to parse_game. No Spirit here: the split is a cheap line scan.
#include <algorithm>
#include <bit>
#include <cstring>
#include <deque>
#include <istream>
#include <memory>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "io/input.hpp"
#include "notation/text_util.hpp"
#include "parser/error_handler.hpp"
#include "parser/game_reader.hpp"
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
               const ParseOptions& options, const TextHandler* on_text = nullptr)
      : filename_(filename), on_game_(on_game), on_error_(on_error), options_(options), on_text_(on_text) {
    reader_.set_options(options);
  }

  void feed(const char* p, const char* end) {
    if (stopped_) return;
    stats_.bytes += static_cast<std::size_t>(end - p);
    while (p < end && !stopped_) {
      if (!classified_) {
        if (has_content_ && seen_movetext_ && !oversize_ && indent_.empty()) {
          p = movetext_lines(p, end);
          if (p == end) break;
        }
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\f' || *p == '\v') &&
               indent_.size() < max_indent) {
          indent_.push_back(*p++);
        }
        if (p == end) break;
        classify(*p);
      }
      const char* nl = find_newline(p, end);
      const char* seg_end = nl != nullptr ? nl + 1 : end;
      line_bytes_ += static_cast<std::size_t>(seg_end - p);
      if (line_bytes_ > options_.max_line_bytes + 1 && !oversize_) drop_game(line_no_);  // (+1: the '\n')
      append_run(p, seg_end);
      p = seg_end;
      if (nl != nullptr) {
        // The game's line starts, found here once rather than again by the parser.
        if (!oversize_) line_starts_.push_back(static_cast<std::uint32_t>(text_size()));
        ++line_no_;
        line_bytes_ = 0;
        classified_ = false;
      }
    }
    commit_run();  // the chunk's buffer is about to be reused
  }

  StreamStats finish() {
    if (!classified_ && !indent_.empty()) append_indent();
    flush();
    if (stats_.games == 0 && stats_.errors == 0 && stats_.texts == 0) {
      // Not silence: a file with no game is a mistake a user wants to hear about (a wrong
      // name, an empty export).
      ParseError e;
      e.file = filename_;
      e.whole_file = true;
      e.message = std::string("no game in this file: ") +
                  (stats_.bytes == 0 ? "it is empty" : comments_only_ ? "it holds only comments" : "it holds only blank lines");
      ++stats_.errors;
      on_error_(e);
    }
    return stats_;
  }

  // The file was found not to be PPN: the rest of it is not read.
  bool stopped() const { return stopped_; }

  // The file starts with a UTF-16 byte order mark: one error, and nothing of it is read.
  void utf16(bool little_endian) {
    ParseError e;
    e.file = filename_;
    e.line = 1;
    e.column = 1;
    e.message = std::string("the file is UTF-16 (byte order mark ") + (little_endian ? "FF FE" : "FE FF") +
                "); PPN files are UTF-8: convert it (e.g. iconv -f utf-16 -t utf-8)";
    e.whole_file = true;
    ++stats_.errors;
    on_error_(e);
  }

  // Reading stopped early (`why`: a read error, corrupt or truncated compressed data,
  // io/input.hpp): the game being read is cut short, so it is dropped rather than taken for a
  // complete one; one error names the reason and where it struck.
  void read_failed(const std::string& why) {
    ParseError e;
    e.file = filename_;
    e.message = why;
    if (has_content_)
      e.message += " (the game from line " + std::to_string(game_line_) + " on is cut short: it is not read)";
    else if (line_no_ > 1)
      e.message += " (after line " + std::to_string(line_no_ - 1) + ")";
    e.whole_file = true;
    e.code = Code::io;
    ++stats_.errors;
    on_error_(e);
    run_begin_ = run_end_ = nullptr;
    text_.clear();
    line_starts_.assign(1, 0);
    indent_.clear();
    oversize_ = has_content_ = has_tags_ = seen_movetext_ = blank_after_tags_ = false;
  }

 private:
  // The lines of a game's movetext that follow one another, taken in one go (most lines are
  // such): at a line start, in a game that has movetext and is kept, every whole line that
  // starts with a visible ASCII byte other than '[' and keeps the line and game limits. For
  // them classify() would change nothing, so only their starts are recorded. Returns the start
  // of the first line that needs more (a blank, indented, tag or cut line, or one over a limit).
  const char* movetext_lines(const char* p, const char* end) {
    const char* const start = p;
    const std::size_t base = text_size();
    // The game limit: the lines taken must end by here.
    const std::size_t room = options_.max_game_bytes - std::min(base, options_.max_game_bytes);
    const char* const limit = static_cast<std::size_t>(end - p) > room ? p + room : end;
    while (p < limit) {
      const auto c = static_cast<unsigned char>(*p);
      if (c <= ' ' || c == '[' || c >= 0x7F) break;
      const char* nl = find_newline(p, limit);
      if (nl == nullptr || static_cast<std::size_t>(nl - p) > options_.max_line_bytes) break;
      p = nl + 1;
      line_starts_.push_back(static_cast<std::uint32_t>(base + static_cast<std::size_t>(p - start)));
      ++line_no_;
    }
    if (p != start) append_run(start, p);
    return p;
  }

  // The next '\n' in [p, end), or null: sixteen bytes at a time, since a line is short and
  // memchr's set-up costs as much as the search.
  static const char* find_newline(const char* p, const char* end) {
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8('\n');
    for (; end - p >= 16; p += 16) {
      const auto hits = static_cast<unsigned>(
          _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)), newline)));
      if (hits != 0) return p + std::countr_zero(hits);
    }
#endif
    return static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)));
  }

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
      if (!has_content_) game_line_ = line_no_, starts_with_tag_ = true;
      has_tags_ = true;
    } else if (c != ';') {  // a `;` comment line may sit among the tags
      if (!has_content_) game_line_ = line_no_;
      seen_movetext_ = true;
    }
    has_content_ = true;
    append_indent();
  }

  void append_indent() {
    if (indent_.empty()) return;  // (appending nothing would change nothing)
    commit_run();
    if (reserve(indent_.size())) text_.append(indent_);
    indent_.clear();
  }

  // Lines of the current chunk are not copied one by one: consecutive ones are gathered in a
  // run [run_begin_, run_end_) and copied at once when the run ends (at an indent, a game
  // boundary or the end of the chunk).
  void append_run(const char* p, const char* end) {
    if (!reserve(static_cast<std::size_t>(end - p))) return;
    if (p != run_end_) {
      commit_run();
      run_begin_ = p;
    }
    run_end_ = end;
  }

  void commit_run() {
    if (run_begin_ != run_end_) text_.append(run_begin_, static_cast<std::size_t>(run_end_ - run_begin_));
    run_begin_ = run_end_ = nullptr;
  }

  std::size_t text_size() const { return text_.size() + static_cast<std::size_t>(run_end_ - run_begin_); }

  // Accounts for n more bytes of the current game: false when the game is (now) too long, and
  // then it is no longer kept.
  bool reserve(std::size_t n) {
    if (oversize_) return false;
    if (text_size() + n > options_.max_game_bytes) {
      drop_game(0);
      return false;
    }
    if (text_size() == 0) text_line_ = line_no_;
    return true;
  }

  // The current game is too long (long_line == 0) or has a line too long (long_line: the
  // line's number): what it holds is released now and the rest of it is skipped.
  void drop_game(std::uint32_t long_line) {
    oversize_ = true;
    long_line_ = long_line;
    run_begin_ = run_end_ = nullptr;
    std::string().swap(text_);
    std::vector<std::uint32_t>().swap(line_starts_);
  }

  // The file's first game failed without showing a tag or a roll: the file is not PPN (a
  // README, a binary, JSON, a log). One error, at its first visible line, instead of one per
  // "game" the splitter would cut the rest of it into; nothing more of it is read.
  // `problem`: what stopped the reading of that game, and on which line.
  void not_ppn(const std::string& problem, std::uint32_t line) {
    const auto visible = std::find_if_not(text_.begin(), text_.end(), [](char c) { return is_space(c); });
    ParseError e = make_parse_error(text_, text_.data() + (visible - text_.begin()),
                                    "not a PPN file: no tag ([Event \"...\"]) or roll (1. G 6-3: ...) starts it; "
                                    "nothing more of it is read (line " + std::to_string(line) + ": " + problem + ")",
                                    filename_, text_line_);
    e.whole_file = true;
    ++stats_.errors;
    on_error_(e);
    stopped_ = true;
  }

  bool json_object_start() const {
    const auto first = std::find_if_not(text_.begin(), text_.end(), [](char c) { return is_space(c); });
    if (first == text_.end() || *first != '{') return false;
    const auto next = std::find_if_not(first + 1, text_.end(), [](char c) { return is_space(c); });
    return next != text_.end() && *next == '"';
  }

  void flush() {
    if (stopped_) return;
    if (oversize_) {
      ParseError e;
      e.file = filename_;
      e.line = long_line_ != 0 ? long_line_ : game_line_;
      e.column = 1;
      e.message = long_line_ != 0 ? "line too long: more than " + std::to_string(options_.max_line_bytes) +
                                        " bytes (the line limit); skipped to the next game"
                                  : "game too long: more than " + std::to_string(options_.max_game_bytes) +
                                        " bytes (the per-game limit); skipped to the next game";
      ++stats_.errors;
      on_error_(e);
    } else if (has_content_ && on_text_ != nullptr && !first_game_ && starts_with_tag_) {
      // Handed over unparsed: a text that starts with a tag is a game or a syntax error.
      commit_run();
      text_out_.text.swap(text_);
      text_out_.line_starts.swap(line_starts_);
      text_out_.first_line = text_line_;
      ++stats_.texts;
      (*on_text_)(text_out_);
      text_.swap(text_out_.text);  // whatever buffer came back is reused
      line_starts_.swap(text_out_.line_starts);
    } else if (has_content_) {
      commit_run();
      // game_ is the previous game, recycled (its storage reused) whether or not on_game_
      // moved from it.
      if (auto error = reader_.read(text_, line_starts_, filename_, text_line_, game_)) {
        if (first_game_ && !reader_.recognised()) {
          not_ppn(error->message, error->line);
        } else {
          ++stats_.errors;
          on_error_(*error);
        }
      } else if (game_.tags.empty() && game_.movetext.empty()) {
        // Comments alone are not a game (SPEC.md 4). JSON Lines of flat objects read as such
        // comments: a file that starts with `{"` is JSON, not a comment before a game.
        if (first_game_ && json_object_start()) not_ppn("a JSON object", game_line_);
        comments_only_ = true;
      } else {
        ++stats_.games;
        on_game_(game_);
      }
    }
    if (oversize_ || has_content_) first_game_ = false;
    run_begin_ = run_end_ = nullptr;
    text_.clear();
    line_starts_.assign(1, 0);
    oversize_ = has_content_ = has_tags_ = seen_movetext_ = blank_after_tags_ = starts_with_tag_ = false;
    game_line_ = text_line_ = line_no_;
  }

  const std::string& filename_;
  const GameHandler& on_game_;
  const ErrorHandler& on_error_;
  const ParseOptions& options_;
  const TextHandler* on_text_;  // null: every game is parsed here
  GameText text_out_;           // the text being handed over (its buffers swap with text_'s)
  StreamStats stats_;
  std::string text_;    // the current game's text (but for the run below)
  const char* run_begin_ = nullptr;  // lines of the current chunk that follow text_
  const char* run_end_ = nullptr;
  std::vector<std::uint32_t> line_starts_{0};  // offset in text_ of each of its lines
  GameReader reader_;
  Game game_;
  std::string indent_;  // leading blanks of the current line, not yet classified
  std::uint32_t line_no_ = 1;    // line being read
  std::uint32_t text_line_ = 1;  // file line of text_[0]
  std::uint32_t game_line_ = 1;  // first visible line of the current game
  bool classified_ = false;      // the current line's first visible byte has been seen
  bool has_content_ = false, has_tags_ = false, seen_movetext_ = false, blank_after_tags_ = false;
  bool starts_with_tag_ = false;  // the game's first visible line is a tag line
  bool oversize_ = false;
  bool first_game_ = true;      // no game text has been read yet
  bool comments_only_ = false;  // a text of only comments was read (and was no game)
  bool stopped_ = false;        // not a PPN file: nothing more is read
  std::uint32_t long_line_ = 0;  // the line that broke the line limit (0: none, or the game limit)
  std::size_t line_bytes_ = 0;   // bytes of the current line so far
};

// One chunk of a stream handed to the splitter: a UTF-8 byte order mark dropped and UTF-16
// refused on the first chunk. What the reader does next: read on, stop reading (not a PPN
// file; a read error is still reported), or finish at once (UTF-16).
enum class ChunkResult { more, stopped, utf16 };

ChunkResult feed_chunk(GameSplitter& splitter, const char* p, std::size_t n, bool& first_chunk) {
  const char* end = p + n;
  // A UTF-8 byte order mark is not part of the text.
  if (first_chunk && n >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0) p += 3;
  if (first_chunk && n >= 2 && (std::memcmp(p, "\xFF\xFE", 2) == 0 || std::memcmp(p, "\xFE\xFF", 2) == 0)) {
    splitter.utf16(p[0] == '\xFF');
    return ChunkResult::utf16;
  }
  first_chunk = false;
  splitter.feed(p, end);
  return splitter.stopped() ? ChunkResult::stopped : ChunkResult::more;
}

}  // namespace

namespace {

StreamStats split_stream(std::istream& in, GameSplitter& splitter) {
  // Not value-initialized: zeroing 1 MiB per call dominated the parse of small files.
  auto buf = std::make_unique_for_overwrite<char[]>(read_chunk);
  bool first_chunk = true;
  while (in) {
    in.read(buf.get(), static_cast<std::streamsize>(read_chunk));
    const auto n = static_cast<std::size_t>(in.gcount());
    if (n == 0) break;
    const auto r = feed_chunk(splitter, buf.get(), n, first_chunk);
    if (r == ChunkResult::utf16) return splitter.finish();
    if (r == ChunkResult::stopped) break;
  }
  if (auto why = io::read_error(in); !why.empty()) splitter.read_failed(why);
  return splitter.finish();
}

}  // namespace

StreamStats parse_stream(std::istream& in, const std::string& filename, const GameHandler& on_game,
                         const ErrorHandler& on_error, const ParseOptions& options) {
  GameSplitter splitter(filename, on_game, on_error, options);
  return split_stream(in, splitter);
}

StreamStats parse_stream_texts(std::istream& in, const std::string& filename, const GameHandler& on_game,
                               const ErrorHandler& on_error, const TextHandler& on_text, const ParseOptions& options) {
  GameSplitter splitter(filename, on_game, on_error, options, &on_text);
  return split_stream(in, splitter);
}

std::optional<ParseError> read_game_text(const GameText& text, const std::string& filename, Game& game,
                                         const ParseOptions& options) {
  thread_local GameReader reader;  // its buffers and tag verdicts reused from game to game
  reader.set_options(options);
  return reader.read(text.text, text.line_starts, filename, text.first_line, game);
}

struct GameStream::Impl {
  Impl(std::istream& in_, std::string filename_, ParseOptions options_)
      : in(in_), filename(std::move(filename_)), options(options_),
        splitter(filename, on_game, on_error, options) {}
  std::istream& in;
  std::string filename;
  ParseOptions options;
  std::deque<std::variant<Game, ParseError>> ready;
  GameHandler on_game = [this](Game& g) { ready.emplace_back(std::move(g)); };
  ErrorHandler on_error = [this](const ParseError& e) { ready.emplace_back(e); };
  GameSplitter splitter;
  std::unique_ptr<char[]> buf = std::make_unique_for_overwrite<char[]>(read_chunk);
  bool first_chunk = true, done = false;
  StreamStats stats;

  // Reads one more chunk (parse_stream's loop body), or finishes the stream.
  void read_more() {
    if (in) {
      in.read(buf.get(), static_cast<std::streamsize>(read_chunk));
      if (const auto n = static_cast<std::size_t>(in.gcount()); n != 0) {
        const auto r = feed_chunk(splitter, buf.get(), n, first_chunk);
        if (r == ChunkResult::more) return;
        if (r == ChunkResult::utf16) return finish();
      }
    }
    if (auto why = io::read_error(in); !why.empty()) splitter.read_failed(why);
    finish();
  }
  void finish() {
    stats = splitter.finish();
    done = true;
  }
};

GameStream::GameStream(std::istream& in, std::string filename, ParseOptions options)
    : impl_(std::make_unique<Impl>(in, std::move(filename), options)) {}
GameStream::~GameStream() = default;

std::optional<std::variant<Game, ParseError>> GameStream::next() {
  while (impl_->ready.empty() && !impl_->done) impl_->read_more();
  if (impl_->ready.empty()) return std::nullopt;
  auto item = std::move(impl_->ready.front());
  impl_->ready.pop_front();
  return item;
}

const StreamStats& GameStream::stats() const { return impl_->stats; }

StreamStats parse_string(std::string_view text, const std::string& filename, const GameHandler& on_game,
                         const ErrorHandler& on_error, const ParseOptions& options) {
  GameSplitter splitter(filename, on_game, on_error, options);
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
  if (text.substr(0, 2) == "\xFF\xFE" || text.substr(0, 2) == "\xFE\xFF") {
    splitter.utf16(text[0] == '\xFF');
    return splitter.finish();
  }
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
