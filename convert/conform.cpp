#include "convert/conform.hpp"

#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>

#include "convert/racket_position.hpp"
#include "convert/reference_jsonl.hpp"
#include "notation/position_id.hpp"
#include "replay/bridge.hpp"
#include "rules/game.hpp"

namespace ppn::convert {

using namespace ppn::rules;
using rules::Game;

std::string ConformDisagreement::text() const {
  std::string s = path + ":" + std::to_string(line) + ": " + what;
  if (!engine.empty()) s += "; engine: " + engine;
  return s;
}

long ConformReport::records() const {
  long n = 0;
  for (const auto& f : files) n += f.records;
  return n;
}
long ConformReport::agree() const {
  long n = 0;
  for (const auto& f : files) n += f.agree;
  return n;
}
long ConformReport::disagree() const {
  long n = 0;
  for (const auto& f : files) n += f.disagree;
  return n;
}

namespace {

using nlohmann::json;

unsigned seats_of(const json& rec) {
  if (!rec.contains("players")) return 0b1111;
  const auto& p = rec["players"];
  unsigned mask = 0;
  if (p.is_array())
    for (const auto& c : p)
      if (c.is_string()) {
        if (const auto colour = colour_from_name(c.get<std::string>())) mask |= 1u << seat_of(*colour);
      }
  return mask ? mask : 0b1111u;  // header-style "players" lists bot names: all four play
}

// The colours of a seat mask, in seat order (a verdict does not depend on the turn order).
struct Seats {
  std::array<Colour, kMaxSeats> colours{};
  int n = 0;
  std::span<const Colour> span() const { return {colours.data(), static_cast<std::size_t>(n)}; }
};
Seats seats_of_mask(unsigned mask) {
  Seats out;
  for (int s = 0; s < kMaxSeats; ++s)
    if (mask >> s & 1u) out.colours[static_cast<std::size_t>(out.n++)] = colour_of(s);
  return out;
}

// A record's board, read by the one JSONL reader and taken to the rules core's position.
std::optional<std::string> read_position(const json& j, unsigned seats, racket::PawnPosition& out) {
  nu::Board b;
  if (auto err = reference::read_board(j, b)) return err;
  return racket::position_of_board(b, seats, out);
}

// A board in the one text form of positions, the PPN position ID on Racket's board (`to_move`
// to move after `doublets` doublets; the comparisons are of the pawns).
std::string board_text(const Position& p, Colour to_move, int doublets = 0) {
  return format_position_id(replay::desc_of(p, to_move, doublets, racket::kBoard));
}
// The same with a game's mover and doublets.
std::string board_text(const Position& p, const Game& like) { return board_text(p, like.to_move(), like.doublets()); }

std::string penalty_note(const Position& record, const Position& engine, Colour mover) {
  return "board_after of the third doublet differs from the penalty's outcome: record " + board_text(record, mover) +
         ", engine " + board_text(engine, mover);
}

// A self-play roll whose successor board has not been seen yet.
struct Pending {
  long line = 0;
  Position expected = Position::empty();
  bool ok = true;
};

// Whether a line is a self-play record (its game number) rather than a probe.
bool is_selfplay(const json& rec) { return rec.contains("game"); }
// Whether a record is a roll line (header and result lines have no colour).
bool is_roll_line(const json& rec) { return rec.is_object() && rec.contains("color"); }

}  // namespace

// What a roll line comes to, computed from the line alone and the seats it was judged under:
// everything but the counts, the game's seats and the previous roll's board (ConformFile).
struct ConformJudgement {
  unsigned seats = 0b1111;  // the seats it was judged under
  // Unreadable before the roll is judged (no colour, bad dice, no board, ...): the record is not
  // counted, and a self-play game's previous roll is not judged against it.
  std::string early_error;
  bool penalty = false;  // a self-play third-doublet line: judged in order (the board the roll before left)
  Colour mover = Colour::Green;
  Dice dice;
  Game before;  // the board before the roll (self-play: the previous roll's board must be it)
  // After the record is counted (and, in self-play, the previous roll judged against `st`):
  enum class Outcome : std::uint8_t {
    unreadable,            // `text` (self-play: the record stays counted)
    unreadable_uncounted,  // `text`, and the record is not counted (a probe)
    agree,                 // a probe that agrees
    disagree,              // `text` and the engine's diagnostic `diag`
    pending,               // a legal self-play roll: `result` must be the next board
  } outcome = Outcome::agree;
  std::string text, diag;
  Position result = Position::empty();
};

namespace {

using Judgement = ConformJudgement;
using Outcome = ConformJudgement::Outcome;

// Judges roll line `rec` under `seats` (pure: any thread).
Judgement judge(const json& rec, unsigned seats, const ConformConfig& cfg) {
  Judgement j;
  j.seats = seats;
  auto early = [&](std::string msg) {
    j.early_error = std::move(msg);
    return j;
  };
  auto done = [&](Outcome o, std::string text, std::string diag = {}) {
    j.outcome = o;
    j.text = std::move(text);
    j.diag = std::move(diag);
    return j;
  };
  const bool selfplay = is_selfplay(rec);
  if (!rec.contains("color") || !rec["color"].is_string()) return early("no colour");
  const auto mover_colour = colour_from_name(rec["color"].get<std::string>());
  if (!mover_colour) return early("unknown colour");
  const int mover = seat_of(*mover_colour);
  j.mover = *mover_colour;
  if (((seats >> mover) & 1u) == 0) return early("the mover is not one of the game's players");
  if (!rec.contains("dice") || !rec["dice"].is_array()) return early("no dice");
  std::vector<int> dice;
  for (const auto& d : rec["dice"]) {
    if (!d.is_number_integer()) return early("bad dice");
    // A die (or a part of one: the doublets bonus's 7 - d) shows 1 to 6; the rules core is
    // handed no other value.
    if (d.get<long long>() < 1 || d.get<long long>() > 6) return early("dice: values 1 to 6");
    dice.push_back(d.get<int>());
  }
  // "dice_are_parts": true: the list is the parts exactly as a referee handed them to the
  // mover (Racket take-turn's dice list, 1..4 values: the NU course tests,
  // convert/nu_test.hpp). They are played as given, not compared with Game::parts().
  const bool given_parts = rec.contains("dice_are_parts") && rec["dice_are_parts"] == true;
  if (given_parts ? dice.empty() || dice.size() > 4 : dice.size() != 2 && dice.size() != 4)
    return early(given_parts ? "dice: expected 1 to 4 values" : "dice: expected 2 or 4 values");
  const int d2 = dice.size() > 1 ? dice[1] : dice[0];
  j.dice = Dice{dice[0], d2};

  if (selfplay && rec.contains("penalty") && rec["penalty"] == true) {
    // third doublet: the penalty applies to the position the previous roll left (in order)
    j.penalty = true;
    return j;
  }

  racket::PawnPosition board;
  if (!rec.contains("board")) return early("no board");
  if (auto err = read_position(rec["board"], seats, board)) return early(*err);
  nu::Moves recorded;
  if (!rec.contains("moves")) return early("no moves");
  if (auto err = reference::read_moves(rec["moves"], recorded)) return early(*err);
  const racket::EnginePlay moves = racket::play_of_moves(recorded, *mover_colour);

  int doublets = 0;
  if (rec.contains("doublets_before") && rec["doublets_before"].is_number_integer()) {
    // Doublets already thrown in the turn: 0 to 2 (a third is the penalty, RULES.md Q46).
    const auto n = rec["doublets_before"].get<long long>();
    if (n < 0 || n > 2) return early("doublets_before: 0 to 2");
    doublets = static_cast<int>(n);
  }
  j.before = Game::at(cfg.rules, board.pos, seats_of_mask(seats).span(), *mover_colour, doublets);
  const Game& st = j.before;
  FixedVec<std::uint8_t, 4> parts;
  for (int d : dice) parts.push_back(static_cast<std::uint8_t>(std::clamp(d, 0, 255)));
  // The record's part list must be the one the rules give (two parts, or the four-part
  // doublets bonus: RULES.md Q42).
  const RollParts setup = st.parts(j.dice);
  std::string parts_note;
  if (!given_parts && setup.kind != RollKind::penalty &&
      (setup.parts.size() != static_cast<int>(dice.size()) ||
       !std::equal(setup.parts.begin(), setup.parts.end(), parts.begin())))
    parts_note = "the rules give " + std::to_string(setup.parts.size()) + " parts for these dice";

  // The game's verdict on the play (Game::judge), or the refusal of a play the rules core
  // cannot express.
  struct {
    bool legal = false;
    Position result = Position::empty();
    Refusal diag;
    // As a conformance report states it: "E-CODE: message [citation]".
    std::string text() const { return std::string(diag.name()) + ": " + diag.text(); }
  } v;
  if (moves.forced) {
    v.diag.code = *moves.forced;
    v.diag.index = moves.forced_index;
    v.diag.message = moves.forced_detail;
  } else {
    Game::PlayRules how;
    how.ids = &board.ids[mover];
    how.order = cfg.order;
    how.parts = setup.kind == RollKind::penalty ? nullptr : &parts;
    const Judged played = st.judge(j.dice, moves.play, how);
    v.legal = played.legal();
    if (played) v.result = played.after();
    else v.diag = played.refusal();
  }

  const std::string where_pos = board_text(board.pos, st);
  // A board after the roll, in the one text form of positions (the PPN position ID; its
  // mover part repeats the roll's, the comparison is of the pawns).
  auto board_id = [&](const Position& p) { return board_text(p, st); };
  if (selfplay) {
    std::string what;
    if (!parts_note.empty()) what = "dice " + rec["dice"].dump() + ": " + parts_note;
    else if (!v.legal) what = "recorded roll judged illegal";
    if (v.legal && rec.contains("board_after")) {
      racket::PawnPosition after;
      if (auto err = read_position(rec["board_after"], seats, after)) return done(Outcome::unreadable, *err);
      if (!(after.pos == v.result))
        what = "board_after differs: record " + board_id(after.pos) + ", engine " + board_id(v.result);
    }
    if (!what.empty()) return done(Outcome::disagree, what + "; position " + where_pos, v.text());
    j.result = v.result;
    return done(Outcome::pending, {});
  }
  // probe
  std::string expected;
  if (rec.contains("verdicts") && rec["verdicts"].is_object() &&
      rec["verdicts"].contains(cfg.variant) && rec["verdicts"][cfg.variant].is_string())
    expected = rec["verdicts"][cfg.variant].get<std::string>();
  else if (rec.contains(cfg.verdict_field) && rec[cfg.verdict_field].is_string())
    expected = rec[cfg.verdict_field].get<std::string>();
  else
    return done(Outcome::unreadable_uncounted, "no verdict field '" + cfg.verdict_field + "'");
  if (expected != "legal" && expected != "illegal")
    return done(Outcome::unreadable_uncounted, "verdict is neither legal nor illegal");
  const bool want = expected == "legal";
  // A probe the reference calls legal may state the position after it: the engine's result
  // of the play, and on a third doublet (a legal line has no moves there) the outcome of the
  // penalty (shared/corpora/racket/README.md "Optional fields"), which must be the engine's
  // own penalty's. The board_after of a line the reference calls illegal is the candidate's,
  // an outcome no referee produced: the verdicts alone are compared.
  const bool third_doublet = setup.kind == RollKind::penalty;
  std::string after_note;
  if (want && (v.legal || third_doublet) && rec.contains("board_after")) {
    racket::PawnPosition after;
    if (auto err = read_position(rec["board_after"], seats, after)) return done(Outcome::unreadable_uncounted, *err);
    if (third_doublet) {
      Game penalty = st;
      const Position penalised = penalty.play_penalty(j.dice).after;
      if (!(after.pos == penalised)) after_note = penalty_note(after.pos, penalised, *mover_colour);
    } else if (!(after.pos == v.result)) {
      after_note = "board_after differs: record " + board_id(after.pos) + ", engine " + board_id(v.result);
    }
  }
  if (want == v.legal && parts_note.empty() && after_note.empty()) return done(Outcome::agree, {});
  std::string what = "reference says " + expected + ", engine says " + (v.legal ? "legal" : "illegal");
  if (!parts_note.empty()) what = "dice " + rec["dice"].dump() + ": " + parts_note;
  if (!after_note.empty()) what = after_note;
  return done(Outcome::disagree,
              what + "; dice " + rec["dice"].dump() + ", moves " + rec["moves"].dump() + "; position " + where_pos,
              v.legal ? std::string() : v.text());
}

}  // namespace

class ConformFile::FileRun {
 public:
  FileRun(const std::string& path, const ConformConfig& cfg, ConformReport& rep)
      : path_(path), cfg_(cfg), rep_(rep) {
    stats_.path = path;
  }

  void line(long no, const std::string& text, const ConformRecord& record) {
    const json& rec = record.json;
    if (not_jsonl_) return;
    if (text.find_first_not_of(" \t\r") == std::string::npos) return;
    if (rec.is_discarded() || !rec.is_object()) {
      // A file whose first record does not even start like a JSON object is not JSONL at all
      // (a PPN file, a log): one message for the file, not one per line of it. (A first
      // record that starts with `{` and is broken is one bad line of a JSONL file.)
      if (!seen_record_ && text[text.find_first_not_of(" \t\r")] != '{') return not_jsonl(no, text);
      return error(no, "not a JSON object");
    }
    seen_record_ = true;
    const bool selfplay = is_selfplay(rec);
    if (selfplay) {
      const long game = rec["game"].is_number_integer() ? rec["game"].get<long>() : -1;
      if (game != game_) {
        flush();
        game_ = game;
        seats_ = 0b1111;
      }
      if (!rec.contains("color")) {  // header or result line
        if (rec.contains("players") && !rec.contains("winner")) seats_ = seats_of(rec);
        if (rec.contains("winner")) flush();
        return;
      }
    }
    // The seats: the record's own, else its self-play game's (its header's), else all four.
    const unsigned seats = rec.contains("players") ? seats_of(rec) : selfplay ? seats_ : 0b1111u;
    std::shared_ptr<const Judgement> judged = record.judged;
    if (!judged || judged->seats != seats) judged = std::make_shared<const Judgement>(judge(rec, seats, cfg_));
    const Judgement& j = *judged;
    if (!j.early_error.empty()) return error(no, j.early_error);
    const Colour mover = j.mover;

    if (j.penalty) {
      // third doublet: the penalty applies to the position the previous roll left
      ++stats_.records;
      if (!pending_) return disagree(no, "penalty line without a preceding roll", "");
      // the previous roll's result is consumed here: that roll agrees; the penalty line is
      // judged by the next board
      ++stats_.agree;
      // (the game as the previous roll left it: its mover's third doublet, no pawn moved this turn)
      Game before = Game::at(cfg_.rules, pending_->expected, seats_of_mask(seats).span(), mover, 2);
      const Position penalised = before.play_penalty(j.dice).after;
      // A board_after on the penalty line is the reference's outcome of the penalty: it must
      // be the engine's. When it is not, the line disagrees and the next board is not judged.
      if (rec.contains("board_after")) {
        racket::PawnPosition after;
        if (auto err = read_position(rec["board_after"], seats, after)) {
          --stats_.records;
          pending_.reset();
          return error(no, *err);
        }
        if (!(after.pos == penalised)) {
          pending_.reset();
          return disagree(no, penalty_note(after.pos, penalised, mover), "");
        }
      }
      pending_ = Pending{no, penalised, true};
      return;
    }

    if (selfplay) check_successor(no, j.before);
    ++stats_.records;
    switch (j.outcome) {
      case Outcome::unreadable: return error(no, j.text);
      case Outcome::unreadable_uncounted:
        --stats_.records;
        return error(no, j.text);
      case Outcome::agree: ++stats_.agree; return;
      case Outcome::disagree:
        if (selfplay) pending_.reset();
        return disagree(no, j.text, j.diag);
      case Outcome::pending: pending_ = Pending{no, j.result, true}; return;
    }
  }

  void finish() {
    flush();
    rep_.files.push_back(stats_);
  }

  void too_long(long no) {
    error(no, "line too long: more than " + std::to_string(nu::kMaxJsonlLineBytes) + " bytes; skipped");
  }

  void file_error(const std::string& msg) {
    ++stats_.unreadable;
    rep_.errors.push_back(msg);
  }

 private:
  // `next`: this line's board, mover and doublets (position IDs: the expected board with the same
  // mover part, so that only the pawns differ).
  void check_successor(long no, const Game& next) {
    if (!pending_) return;
    if (!(pending_->expected == next.position())) {
      const long at = pending_->line;
      const std::string what = "next board (line " + std::to_string(no) + ") differs: record " +
                               board_text(next.position(), next) + ", engine " + board_text(pending_->expected, next);
      pending_.reset();
      ++stats_.disagree;
      rep_.disagreements.push_back({path_, at, what, {}});
      return;
    }
    ++stats_.agree;
    pending_.reset();
  }
  void flush() {
    if (pending_) ++stats_.agree;
    pending_.reset();
  }
  void disagree(long no, const std::string& what, const std::string& diag) {
    ++stats_.disagree;
    rep_.disagreements.push_back({path_, no, what, diag});
  }
  void not_jsonl(long no, const std::string& text) {
    not_jsonl_ = true;
    const auto first = text.find_first_not_of(" \t\r");
    const bool ppn = text[first] == '[' || (text[first] >= '0' && text[first] <= '9');
    error(no, std::string("not a JSONL file: its first line is not a JSON object") +
                  (ppn ? " (it looks like PPN: check it with ppn validate)" : "") +
                  "; nothing more of it is read");
  }
  void error(long no, const std::string& msg) {
    ++stats_.unreadable;
    rep_.errors.push_back(path_ + ":" + std::to_string(no) + ": unreadable: " + msg);
  }

  std::string path_;
  const ConformConfig& cfg_;
  ConformReport& rep_;
  ConformFileStats stats_;
  long game_ = -2;
  unsigned seats_ = 0b1111;
  std::optional<Pending> pending_;
  bool seen_record_ = false;  // a JSON object was read: the file is JSONL
  bool not_jsonl_ = false;    // the first line was not JSON: the rest is ignored
};

ConformRecord read_record(std::string_view line, const ConformConfig& cfg) {
  ConformRecord r{json::parse(line, nullptr, false), nullptr};
  if (is_roll_line(r.json))
    r.judged = std::make_shared<const Judgement>(judge(r.json, r.json.contains("players") ? seats_of(r.json) : 0b1111u, cfg));
  return r;
}

ConformFile::ConformFile(const std::string& path, const ConformConfig& cfg, ConformReport& report)
    : run_(std::make_unique<FileRun>(path, cfg, report)) {}
ConformFile::~ConformFile() = default;
void ConformFile::line(long no, const std::string& text, const ConformRecord& record) { run_->line(no, text, record); }
void ConformFile::too_long(long no) { run_->too_long(no); }
void ConformFile::file_error(const std::string& message) { run_->file_error(message); }
void ConformFile::finish() { run_->finish(); }

void conform_file(const std::string& path, const ConformConfig& cfg, ConformReport& report) {
  ConformFile run(path, cfg, report);
  auto err = reference::for_each_line(
      path, [&](long no, const std::string& text) { run.line(no, text, read_record(text, cfg)); },
      [&](long no) { run.too_long(no); });
  if (err) run.file_error(*err);
  run.finish();
}

void conform_text(std::string_view text, const std::string& source, const ConformConfig& cfg, ConformReport& report) {
  ConformFile run(source, cfg, report);
  long no = 0;
  std::string line;
  while (!text.empty()) {
    const auto nl = text.find('\n');
    line.assign(text.substr(0, nl));
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    run.line(++no, line, read_record(line, cfg));
  }
  run.finish();
}

}  // namespace ppn::convert
