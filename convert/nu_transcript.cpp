#include "convert/nu_transcript.hpp"

#include "notation/text_util.hpp"

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>

#include "convert/nu_ppn.hpp"

namespace ppn::convert::nu {

namespace {

constexpr std::string_view kReceived = "Received data: ";
constexpr std::string_view kResponding = "Responding with: ";
constexpr std::string_view kSpace = " \t\r\n";

std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(kSpace);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(kSpace) - b + 1);
}

bool contains_ci(std::string_view hay, std::string_view needle) {
  return std::search(hay.begin(), hay.end(), needle.begin(), needle.end(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b));
         }) != hay.end();
}

// The server's byte stream, joined from the "Received data: " pieces, with the file line and
// column of every piece so that offsets into the joined text can be reported as locations.
class ServerStream {
 public:
  void append(std::string_view piece, int line, int column) {
    segs_.push_back(Seg{text_.size(), line, column});
    text_ += piece;
  }
  std::string& text() { return text_; }
  bool blank() const { return text_.find_first_not_of(kSpace) == std::string::npos; }
  void clear() {
    text_.clear();
    segs_.clear();
  }
  // Drops the first n bytes.
  void consume(std::size_t n) {
    text_.erase(0, n);
    std::vector<Seg> kept;
    for (std::size_t i = 0; i < segs_.size(); ++i) {
      const std::size_t end = i + 1 < segs_.size() ? segs_[i + 1].offset : std::string::npos;
      if (end != std::string::npos && end <= n) continue;
      Seg s = segs_[i];
      if (s.offset < n) {
        s.column += static_cast<int>(n - s.offset);
        s.offset = 0;
      } else {
        s.offset -= n;
      }
      kept.push_back(s);
    }
    segs_ = std::move(kept);
  }
  std::pair<int, int> where(std::size_t offset) const {
    if (segs_.empty()) return {0, 0};
    std::size_t i = 0;
    while (i + 1 < segs_.size() && segs_[i + 1].offset <= offset) ++i;
    return {segs_[i].line, segs_[i].column + static_cast<int>(offset - segs_[i].offset)};
  }
 private:
  struct Seg {
    std::size_t offset;
    int line;
    int column;
  };
  std::string text_;
  std::vector<Seg> segs_;
};

struct PendingMove {
  int line = 0;
  Board board{};
  Dice dice{};
};

class Reader {
 public:
  Reader(const std::string& source, TranscriptReport& rep, const GameVisitor& on_game)
      : source_(source), rep_(rep), on_game_(on_game) {}

  void run(std::string_view text) {
    int line_no = 0;
    std::size_t pos = 0;
    while (pos < text.size()) {
      auto nl = text.find('\n', pos);
      if (nl == std::string_view::npos) nl = text.size();
      std::string_view line = text.substr(pos, nl - pos);
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      pos = nl + 1;
      ++line_no;
      handle_line(line, line_no);
    }
    // The log may end inside a game (the player was stopped, the file cut): the game is
    // converted up to there, and the cut is a warning, not an error.
    log_ended_ = true;
    end_of_server_text(line_no + 1, "the log ends");
    close_game();
  }

 private:
  void problem(int line, int column, std::string message, bool warning = false) {
    Diagnostic e = syntax_error();
    e.file = source_;
    e.line = static_cast<std::uint32_t>(line);
    e.column = static_cast<std::uint32_t>(column);
    e.message = std::move(message);
    if (warning) e.severity = Severity::warning;
    rep_.problems.push_back(std::move(e));
  }

  void handle_line(std::string_view line, int no) {
    if (line.rfind(kReceived, 0) == 0) {
      server_.append(line.substr(kReceived.size()), no, static_cast<int>(kReceived.size()) + 1);
      drain();
      return;
    }
    if (line.rfind(kResponding, 0) == 0) {
      end_of_server_text(no, "a reply follows");
      reply(line.substr(kResponding.size()), no, static_cast<int>(kResponding.size()) + 1);
      return;
    }
    if (trim(line).empty()) return;
    if (contains_ci(line, "socket connected")) {
      end_of_server_text(no, "the connection starts again");
      close_game();
      ++rep_.connections;
      handshake_pending_ = true;
      return;
    }
    if (rep_.foreign_lines++ == 0) rep_.first_foreign_line = no;
  }

  // Text left in the server stream when something else happens is a truncated message.
  void end_of_server_text(int no, const char* why) {
    if (server_.blank()) {
      server_.clear();
      return;
    }
    const auto first = server_.text().find_first_not_of(kSpace);
    auto [l, c] = server_.where(first);
    problem(l, c, "truncated server message: " + std::string(why) + " (line " + std::to_string(no) +
                      ") before its closing tag; the piece is skipped",
            log_ended_);
    server_.clear();
  }

  // Takes every complete message off the front of the server stream.
  void drain() {
    for (;;) {
      std::string& t = server_.text();
      const auto b = t.find_first_not_of(kSpace);
      if (b == std::string::npos) return;
      if (t[b] != '<') {
        const auto next = t.find('<', b);
        auto [l, c] = server_.where(b);
        problem(l, c, "unexpected text '" + std::string(trim(std::string_view(t).substr(b, std::min<std::size_t>(next - b, 40)))) +
                          "' between server messages; skipped");
        if (next == std::string::npos) {
          server_.clear();
          return;
        }
        server_.consume(next);
        continue;
      }
      const auto name_end = t.find_first_of(" \t\r\n/>", b + 1);
      if (name_end == std::string::npos) return;  // the name itself is still incomplete
      const std::string name = t.substr(b + 1, name_end - b - 1);
      const auto open_end = t.find('>', b);
      if (open_end == std::string::npos) return;
      std::size_t end;
      std::size_t inner_begin = open_end + 1, inner_end;
      if (t[open_end - 1] == '/') {  // <doubles-penalty/>
        end = open_end + 1;
        inner_end = inner_begin = open_end;
      } else {
        const std::string close = "</" + name + ">";
        const auto cl = t.find(close, open_end);
        if (cl == std::string::npos) return;  // wait for more pieces
        inner_end = cl;
        end = cl + close.size();
      }
      message(name, b, inner_begin, inner_end);
      server_.consume(end);
    }
  }

  void message(const std::string& name, std::size_t at, std::size_t inner_begin, std::size_t inner_end) {
    auto [line, col] = server_.where(at);
    const std::string inner = server_.text().substr(inner_begin, inner_end - inner_begin);
    if (name == "start-game") {
      start_game(trim(inner), line, col);
    } else if (name == "do-move") {
      do_move(inner, inner_begin, line, col);
    } else if (name == "doubles-penalty") {
      no_reply_check(line);
      if (!game_) {
        problem(line, col, "<doubles-penalty> outside a game; skipped");
        return;
      }
      ++game_->penalties;
      penalty_lines_.push_back(line);
      doublets_ = 0;
      awaiting_ = Awaiting::void_reply;
    } else {
      problem(line, col, "unknown server message <" + name + ">, expected <start-game>, <do-move> or <doubles-penalty>; skipped");
    }
  }

  void start_game(std::string_view colour_text, int line, int col) {
    no_reply_check(line);
    ++rep_.start_games;
    const auto colour = colour_from_name(colour_text);
    if (!colour) {
      problem(line, col, "<start-game>: expected green, red, blue or yellow, found '" + std::string(colour_text) + "'");
      if (!handshake_pending_) close_game();
      handshake_pending_ = false;
      return;
    }
    if (handshake_pending_ || rep_.connections == 0) {
      // The first <start-game> of a connection only asks for the player's name.
      if (rep_.connections == 0) rep_.connections = 1;
      handshake_pending_ = false;
      ++rep_.handshakes;
    } else {
      close_game();
      open_game(*colour, line);
    }
    awaiting_ = Awaiting::name;
  }

  void open_game(Colour c, int line) {
    game_.emplace();
    game_->observer = c;
    game_->start_line = line;
    Game& g = game_->game;
    g.set_tag("Event", "Northwestern EECS 395 Parcheesi tournament server");
    g.set_tag("Game", "parcheesi");
    g.set_tag("Variant", "racket-nu");
    g.set_tag("Seats", "green red blue yellow");
    g.set_tag("Result", "*");
    g.set_tag("Observer", std::string(colour_name(c)));
    if (!player_name_.empty()) {
      std::string tag(colour_name(c));
      tag[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(tag[0])));
      g.set_tag(tag, player_name_);
    }
    g.set_tag("Transcript", source_ + ":" + std::to_string(line));
    g.leading_comments.push_back("a player-side log: the rolls of " + std::string(colour_name(c)) +
                                 " in full, the other colours' plays seen only as the boards between them");
    doublets_ = 0;
    last_board_.reset();
    penalty_lines_.clear();
  }

  void close_game() {
    no_reply_check(0);
    if (!game_) return;
    if (last_board_ && finished(*last_board_, game_->observer))
      game_->game.set_tag("Result", std::string(colour_name(game_->observer)));
    if (!penalty_lines_.empty()) {
      std::string note = "doubles penalty (log line";
      for (int l : penalty_lines_) note += " " + std::to_string(l);
      note += ") after the last observed roll";
      if (!game_->game.movetext.empty())
        if (auto* r = std::get_if<Roll>(&game_->game.movetext.back())) r->comments.push_back(note);
    }
    ++rep_.games_found;
    if (on_game_) on_game_(*game_);
    else rep_.games.push_back(std::move(*game_));
    game_.reset();
  }

  void do_move(const std::string& inner, std::size_t inner_offset, int line, int col) {
    no_reply_check(line);
    if (!game_) {
      problem(line, col, "<do-move> outside a game (before any <start-game> after the handshake); skipped");
      awaiting_ = Awaiting::moves_ignored;
      return;
    }
    ++game_->do_moves;
    auto parsed = parse_elements(inner);
    if (!parsed.ok()) {
      const Diagnostic& e = parsed.error();
      auto [l, c] = server_.where(inner_offset + (e.column > 0 ? e.column - 1 : 0));
      problem(l, c, "<do-move>: " + e.message + "; the message is skipped");
      awaiting_ = Awaiting::moves_ignored;
      return;
    }
    const Board* board = nullptr;
    const Dice* dice = nullptr;
    for (const auto& el : *parsed) {
      if (const auto* b = std::get_if<Board>(&el); b && !board) board = b;
      else if (const auto* d = std::get_if<Dice>(&el); d && !dice) dice = d;
      else {
        problem(line, col, "<do-move>: expected one <board> and one <dice>; the message is skipped");
        awaiting_ = Awaiting::moves_ignored;
        return;
      }
    }
    if (!board || !dice) {
      problem(line, col, std::string("<do-move> lacks ") + (board ? "<dice>" : "<board>") + "; the message is skipped");
      awaiting_ = Awaiting::moves_ignored;
      return;
    }
    pending_ = PendingMove{line, *board, *dice};
    awaiting_ = Awaiting::moves;
  }

  // The server sent something new while a <do-move> still waited for its reply.
  void no_reply_check(int line) {
    if (awaiting_ == Awaiting::moves && pending_ && game_) {
      if (log_ended_)
        problem(pending_->line, 1,
                "the log ends inside this game: this <do-move> has no reply; the game is converted up to it "
                "(its board recorded as observed)",
                true);
      else
        problem(pending_->line, 1,
                "<do-move> without a reply" + (line > 0 ? " before line " + std::to_string(line) : std::string()) +
                    "; only its board is recorded");
      observe(*pending_, "no reply in the log");
    }
    pending_.reset();
    awaiting_ = Awaiting::nothing;
  }

  // Writes `@ <position>` for a board the server showed to the observer.
  void observe(const PendingMove& pm, const std::string& note) {
    ObservedPosition o;
    o.position = desc_of_board(pm.board, game_->observer, doublets_);
    o.comments.push_back("log line " + std::to_string(pm.line) + (note.empty() ? "" : ": " + note));
    if (!penalty_lines_.empty()) {
      std::string p = "doubles penalty before this (log line";
      for (int l : penalty_lines_) p += " " + std::to_string(l);
      o.comments.push_back(p + "): the third doublet, dice not logged");
      penalty_lines_.clear();
    }
    game_->game.movetext.emplace_back(std::move(o));
    last_board_ = pm.board;
  }

  void reply(std::string_view text, int line, int col) {
    const Awaiting was = awaiting_;
    awaiting_ = Awaiting::nothing;
    const std::string_view t = trim(text);
    switch (was) {
      case Awaiting::name:
        if (t.rfind("<name>", 0) == 0 && t.size() >= 13 && t.substr(t.size() - 7) == "</name>")
          // Outside bytes going into a tag value: control bytes and broken UTF-8 become '?',
          // so the game prints back as PPN (fuzz finding 5).
          player_name_ = printable_text(trim(t.substr(6, t.size() - 13)));
        else
          problem(line, col, "expected <name>...</name> in reply to <start-game>");
        return;
      case Awaiting::void_reply:
        if (t != "<void></void>" && t != "<void/>") problem(line, col, "expected <void></void> in reply to <doubles-penalty>");
        return;
      case Awaiting::moves_ignored: return;
      case Awaiting::nothing:
        problem(line, col, "a reply without a server message to answer; skipped");
        return;
      case Awaiting::moves: break;
    }
    PendingMove pm = std::move(*pending_);
    pending_.reset();
    auto parsed = parse_moves(text);
    if (!parsed.ok()) {
      const Diagnostic& e = parsed.error();
      problem(line, col + static_cast<int>(e.column > 0 ? e.column - 1 : 0), "reply to the <do-move> of line " + std::to_string(pm.line) + ": " + e.message);
      observe(pm, "reply unreadable (log line " + std::to_string(line) + ")");
      doublets_ = 0;
      return;
    }
    roll(pm, *parsed, line, col);
  }

  void roll(const PendingMove& pm, const Moves& moves, int reply_line, int reply_col) {
    const Colour me = game_->observer;
    if (last_board_ && finished(*last_board_, me) && pm.board == *last_board_) {
      // Racket's server still throws the extra roll(s) of a doublet after the last pawn is
      // HOME (shared/corpora/racket/README.md); the game is over for PPN (RULES.md Q63).
      if (!game_->game.movetext.empty())
        if (auto* r = std::get_if<Roll>(&game_->game.movetext.back()))
          r->comments.push_back("the server then threw another roll (log line " + std::to_string(pm.line) +
                                ") for a colour with every pawn HOME");
      return;
    }
    observe(pm, "");
    // The throw: two dice, or the four parts {d,d,7-d,7-d} of a doublet with no pawn in the
    // nest (shared/corpora/racket/README.md "dice").
    const auto& v = pm.dice.values;
    const bool two = v.size() == 2;
    const bool four = v.size() == 4 && v[0] == v[1] && v[2] == 7 - v[0] && v[3] == v[2];
    if (!two && !four) {
      std::string list;
      for (int d : v) list += (list.empty() ? "" : ",") + std::to_string(d);
      problem(pm.line, 1, "<dice> " + list + " is not a throw of two dice (nor the four doublet parts); the roll is not recorded");
      doublets_ = 0;
      return;
    }
    auto steps = steps_of_moves(pm.board, me, moves);
    if (!steps.error.empty()) {
      problem(reply_line, reply_col, "reply to the <do-move> of line " + std::to_string(pm.line) + ": " + steps.error +
                                         "; the roll is not recorded");
      if (auto* o = std::get_if<ObservedPosition>(&game_->game.movetext.back()))
        o->comments.push_back("the reply (log line " + std::to_string(reply_line) + ") cannot be written in PPN: " + steps.error);
      doublets_ = 0;
      return;
    }
    Roll r;
    r.number = static_cast<std::uint32_t>(++game_->rolls);
    r.seat = me;
    r.dice = {static_cast<std::uint8_t>(v[0]), static_cast<std::uint8_t>(v[1])};
    r.kind = steps.steps.empty() ? PlayKind::NoPlay : PlayKind::Moves;
    r.steps = std::move(steps.steps);
    game_->game.movetext.emplace_back(std::move(r));
    last_board_ = steps.applied.after;
    // A doublet gives the same colour another roll (the next <do-move> is that roll).
    doublets_ = v[0] == v[1] ? doublets_ + 1 : 0;
  }

  enum class Awaiting { nothing, name, moves, moves_ignored, void_reply };

  std::string source_;
  TranscriptReport& rep_;
  const GameVisitor& on_game_;
  ServerStream server_;
  bool handshake_pending_ = true;
  bool log_ended_ = false;  // the whole log was read: what is still open is cut by its end
  Awaiting awaiting_ = Awaiting::nothing;
  std::optional<PendingMove> pending_;
  std::optional<TranscriptGame> game_;
  std::optional<Board> last_board_;
  std::vector<int> penalty_lines_;
  std::string player_name_;
  int doublets_ = 0;
};

}  // namespace

TranscriptReport read_transcript(std::string_view text, const std::string& source, const GameVisitor& on_game) {
  TranscriptReport rep;
  Reader(source, rep, on_game).run(text);
  return rep;
}

TranscriptReport read_transcript_file(const std::filesystem::path& path) {
  std::string text;
  if (auto err = read_whole_file(path, text)) {
    TranscriptReport rep;
    Diagnostic e = failure(Code::io, *err);
    e.file = path.string();
    rep.problems.push_back(std::move(e));
    return rep;
  }
  return read_transcript(text, path.string());
}

bool looks_like_transcript(std::string_view head) {
  std::size_t pos = 0;
  while (pos < head.size()) {
    auto nl = head.find('\n', pos);
    if (nl == std::string_view::npos) nl = head.size();
    const auto line = head.substr(pos, nl - pos);
    if (line.rfind("Received data: <", 0) == 0) return true;
    pos = nl + 1;
  }
  return false;
}

const convert::Reader transcript_reader = {
    "nu-transcript", "the Northwestern tournament server's player-side logs",
    [](std::string_view head, std::string_view) { return looks_like_transcript(head); },
    [](std::istream& in, const std::string& source, const GameSink& on_game) {
      return read_whole(in, source, [&](const std::string& text) {
        int rolls = 0, penalties = 0, do_moves = 0;
        auto rep = read_transcript(text, source, [&](TranscriptGame& g) {
          rolls += g.rolls;
          penalties += g.penalties;
          do_moves += g.do_moves;
          on_game(g.game);
        });
        ReadOutcome out;
        out.problems = std::move(rep.problems);
        out.detail = std::to_string(rep.start_games) + " <start-game> (" + std::to_string(rep.handshakes) +
                     " handshake(s)), " + std::to_string(rep.games_found) + " game(s), " + std::to_string(do_moves) +
                     " <do-move>, " + std::to_string(rolls) + " observed roll(s), " + std::to_string(penalties) +
                     " doubles penalty(ies), " + std::to_string(rep.foreign_lines) +
                     " line(s) of the player's own output skipped" +
                     (rep.foreign_lines ? " (the first at line " + std::to_string(rep.first_foreign_line) + ")" : "");
        return out;
      });
    },
};

}  // namespace ppn::convert::nu
