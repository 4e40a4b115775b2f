#include "convert/racket_jsonl.hpp"

#include <nlohmann/json.hpp>
#include <optional>

#include "convert/nu_ppn.hpp"
#include "convert/reference_jsonl.hpp"
#include "io/input.hpp"
#include "io/lines.hpp"
#include "notation/text_util.hpp"

namespace ppn::convert::racket {

namespace {

using nlohmann::json;
using nu::Board;

class CorpusReader {
 public:
  CorpusReader(const std::string& source, const std::function<void(Game&)>& on_game, std::vector<Diagnostic>& problems,
               CorpusStats& stats)
      : source_(source), on_game_(on_game), problems_(problems), stats_(stats) {}

  void line(long no, const std::string& text) {
    ++stats_.lines;
    if (text.find_first_not_of(" \t\r") == std::string::npos) return;
    json rec;
    try {
      rec = json::parse(text);
    } catch (const json::parse_error& e) {
      // nlohmann reports the byte after which parsing failed (1-based).
      return problem(no, static_cast<int>(std::max<std::size_t>(e.byte, 1)),
                     std::string("malformed JSON: ") + e.what() + "; the line is skipped");
    } catch (const json::exception& e) {  // e.g. a number too large for a double (1e999)
      return problem(no, 1, std::string("unreadable JSON: ") + e.what() + "; the line is skipped");
    }
    if (!rec.is_object()) return problem(no, 1, "expected a JSON object; the line is skipped");
    if (!rec.contains("game") && rec.contains("color") && rec.contains("verdict")) {
      // a probe corpus: single rolls with verdicts, not games (reported once, at finish)
      if (probes_++ == 0) first_probe_ = no;
      return;
    }
    if (!rec.contains("game") || !rec["game"].is_number_integer())
      return problem(no, 1, "a record without an integer \"game\"; the line is skipped");
    const long g = rec["game"].get<long>();
    if (!rec.contains("color")) {
      if (rec.contains("winner")) return result(no, g);
      return header(no, g, rec);
    }
    if (!game_ || g != game_id_) {
      problem(no, 1, "a roll of game " + std::to_string(g) + " without its header line; a game is started here");
      header(no, g, json::object());
    }
    roll(no, rec);
  }

  void finish() {
    flush();
    if (probes_ > 0)
      problem(first_probe_, 1, std::to_string(probes_) +
                                   " probe record(s) (one roll each, with a verdict) are not games and were skipped; "
                                   "check them with `ppn conform`");
  }

 private:
  void problem(long line, int column, std::string message) {
    Diagnostic e = nu::syntax_error();
    e.file = source_;
    e.line = static_cast<std::uint32_t>(line);
    e.column = static_cast<std::uint32_t>(column);
    e.message = std::move(message);
    problems_.push_back(std::move(e));
  }

  void header(long no, long g, const json& rec) {
    flush();
    game_.emplace();
    game_id_ = g;
    header_line_ = no;
    Game& game = *game_;
    game.set_tag("Event", "Racket games/parcheesi self-play, game " + std::to_string(g));
    game.set_tag("Site", source_ + ":" + std::to_string(no));
    game.set_tag("Game", "parcheesi");
    game.set_tag("Variant", "racket-nu");
    game.set_tag("Seats", "green red blue yellow");
    game.set_tag("Result", "*");
    if (rec.contains("players") && rec["players"].is_array()) {
      std::string names;
      // Outside text: a control byte or broken UTF-8 in a name becomes '?' and a line end a
      // space, and the name is trimmed (the comment must print back as PPN, which trims a
      // comment's ends: notation/text_util.hpp).
      for (const auto& p : rec["players"])
        if (p.is_string()) names += (names.empty() ? "" : ", ") + std::string(trim(printable_text(p.get<std::string>())));
      game.leading_comments.push_back("players in registration order:" + (names.empty() ? "" : " " + names));
    }
    if (rec.contains("seed") && rec["seed"].is_number_integer())
      game.set_tag("Seed", std::to_string(rec["seed"].get<long>()));
    rolls_ = 0;
    expected_.reset();
    finished_.reset();
    dropped_ = 0;
  }

  void result(long no, long g) {
    if (!game_ || g != game_id_) return problem(no, 1, "a result line of game " + std::to_string(g) + " without its game; skipped");
    if (finished_) game_->set_tag("Result", std::string(colour_name(*finished_)));
    else problem(no, 1, "the result line ends game " + std::to_string(g) + ", but no colour has all four pawns HOME");
    flush();
  }

  void flush() {
    if (!game_) return;
    if (dropped_ > 0 && !game_->movetext.empty())
      if (auto* r = std::get_if<Roll>(&game_->movetext.back()))
        r->comments.push_back("Racket's referee then threw " + std::to_string(dropped_) +
                              " more roll(s) for the finisher, with nothing left to move; the game is over "
                              "(RULES.md Q63), so they are not recorded");
    ++stats_.games;
    on_game_(*game_);
    game_.reset();
  }

  void roll(long no, const json& rec) {
    if (!rec["color"].is_string() || !colour_from_name(rec["color"].get<std::string>()))
      return problem(no, 1, "\"color\": expected green, red, blue or yellow; the line is skipped");
    const Colour mover = *colour_from_name(rec["color"].get<std::string>());
    if (!rec.contains("dice") || !rec["dice"].is_array()) return problem(no, 1, "no \"dice\" array; the line is skipped");
    std::vector<int> dice;
    for (const auto& d : rec["dice"])
      if (d.is_number_integer() && d.get<int>() >= 1 && d.get<int>() <= 6) dice.push_back(d.get<int>());
    const bool four = dice.size() == 4 && dice[0] == dice[1] && dice[2] == 7 - dice[0] && dice[3] == dice[2];
    if (dice.size() != rec["dice"].size() || (dice.size() != 2 && !four))
      return problem(no, 1, "\"dice\": expected two dice 1..6 or the doublet parts [d,d,7-d,7-d], found " +
                                rec["dice"].dump() + "; the line is skipped");
    if (finished_) {
      ++dropped_;
      return;
    }
    Roll r;
    r.number = static_cast<std::uint32_t>(++rolls_);
    r.seat = mover;
    r.dice = {static_cast<std::uint8_t>(dice[0]), static_cast<std::uint8_t>(dice[1])};
    if (rec.contains("penalty") && rec["penalty"] == true) {
      r.kind = PlayKind::Penalty;
      game_->movetext.emplace_back(std::move(r));
      expected_.reset();  // the penalty's pawn is judged by the rules engine, not here
      return;
    }
    Board board;
    if (!rec.contains("board")) return problem(no, 1, "no \"board\"; the line is skipped");
    if (auto e = reference::read_board(rec["board"], board)) return problem(no, 1, *e + "; the line is skipped");
    nu::Moves moves;
    if (!rec.contains("moves")) return problem(no, 1, "no \"moves\"; the line is skipped");
    if (auto e = reference::read_moves(rec["moves"], moves)) return problem(no, 1, *e + "; the line is skipped");
    if (expected_ && !(*expected_ == board))
      problem(no, 1, "the board differs from the result of the previous roll (line " + std::to_string(expected_line_) +
                         ") carried out on its board");
    auto steps = nu::steps_of_moves(board, mover, moves);
    if (!steps.error.empty()) {
      expected_.reset();
      return problem(no, 1, steps.error + "; the line is skipped");
    }
    r.kind = steps.steps.empty() ? PlayKind::NoPlay : PlayKind::Moves;
    r.steps = std::move(steps.steps);
    game_->movetext.emplace_back(std::move(r));
    expected_ = steps.applied.after;
    expected_line_ = no;
    if (nu::finished(steps.applied.after, mover)) finished_ = mover;
  }

  std::string source_;
  const std::function<void(Game&)>& on_game_;
  std::vector<Diagnostic>& problems_;
  CorpusStats& stats_;
  std::optional<Game> game_;
  long game_id_ = -1;
  long header_line_ = 0;
  std::uint32_t rolls_ = 0;
  std::optional<Board> expected_;
  long expected_line_ = 0;
  std::optional<Colour> finished_;
  int dropped_ = 0;
  long probes_ = 0;
  long first_probe_ = 0;
};

}  // namespace

CorpusStats read_corpus(const std::filesystem::path& path, const std::function<void(Game&)>& on_game,
                        std::vector<Diagnostic>& problems) {
  io::Input in(path.string());
  if (!in) {
    Diagnostic e = failure(Code::io, "cannot open the file: " + in.error());
    e.file = path.string();
    problems.push_back(std::move(e));
    return {};
  }
  return read_corpus(in, path.string(), on_game, problems);
}

CorpusStats read_corpus(std::istream& in, const std::string& source, const std::function<void(Game&)>& on_game,
                        std::vector<Diagnostic>& problems) {
  const std::filesystem::path path(source);
  CorpusStats stats;
  CorpusReader reader(source, on_game, problems, stats);
  auto err = io::for_each_line(
      in, nu::kMaxJsonlLineBytes, [&](long no, const std::string& text) { reader.line(no, text); },
      [&](long no) {
        ++stats.lines;
        Diagnostic e = nu::syntax_error();
        e.file = path.string();
        e.line = static_cast<std::uint32_t>(no);
        e.column = 1;
        e.message = "line too long: more than " + std::to_string(nu::kMaxJsonlLineBytes) + " bytes; skipped";
        problems.push_back(std::move(e));
      });
  reader.finish();
  if (err) {
    Diagnostic e = failure(Code::io, *err);
    e.file = path.string();
    e.line = static_cast<std::uint32_t>(stats.lines);
    problems.push_back(std::move(e));
  }
  return stats;
}

CorpusStats read_corpus_text(std::string_view text, const std::string& source,
                             const std::function<void(Game&)>& on_game, std::vector<Diagnostic>& problems) {
  CorpusStats stats;
  CorpusReader reader(source, on_game, problems, stats);
  long no = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    auto nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    reader.line(++no, std::string(text.substr(pos, nl - pos)));
    pos = nl + 1;
  }
  reader.finish();
  return stats;
}

const convert::Reader corpus_reader = {
    "racket-jsonl", "reference-engine corpora",
    [](std::string_view, std::string_view line) {
      if (line.front() != '{') return false;  // other JSON is not guessed to be it
      const auto j = json::parse(line, nullptr, false);
      return j.is_object() && ((j.contains("board") && j.contains("color") && j.contains("dice")) ||
                               (j.contains("game") && j.contains("players")));
    },
    [](std::istream& in, const std::string& source, const GameSink& on_game) {
      ReadOutcome out;
      read_corpus(in, source, on_game, out.problems);
      return out;
    },
};

}  // namespace ppn::convert::racket
