// The fuzz targets' bodies, shared by the libFuzzer harnesses (fuzz/*_fuzz.cpp, clang) and the
// regression test that replays tests/fuzz_regressions/<harness>/* in the normal g++ build
// (tests/fuzz_regression_test.cpp), so that a pinned input goes through exactly the code path
// that found it.
//
// Each target feeds the bytes to one entry point that reads outside data and then checks what
// must hold for any input (beyond "no crash, no hang, no sanitizer report"): a game a reader
// accepted prints to PPN that parses back to the same game, errors carry a location, and so on. (parse_stream is not fuzzed separately: it shares the
// game splitter with parse_string, and its 1 MiB read buffer per call would cost more under
// ASan than the parse.)
// A target returns the first broken invariant as a message (nullopt: all held); it never
// throws, because the entry points must not.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "convert/json_game.hpp"
#include "convert/nu_test.hpp"
#include "convert/nu_transcript.hpp"
#include "convert/nu_xml.hpp"
#include "convert/racket_jsonl.hpp"
#include "notation/position_id.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"
#include "convert/conform.hpp"
#include "rules/options.hpp"
#include "rules/position.hpp"
#include "replay/replayer.hpp"

namespace ppn::fuzz {

using Finding = std::optional<std::string>;

// A game a reader produced must print to PPN that parses back, alone and without error, to an
// equal game (Game::operator== ignores source positions).
inline Finding check_round_trip(const Game& g, std::string_view who) {
  const std::string text = to_ppn(g);
  auto back = parser::parse_all(text, "<printed>");
  if (!back.errors.empty())
    return std::string(who) + ": printed game does not parse: " + back.errors.front().format() + text;
  if (back.games.size() != 1)
    return std::string(who) + ": printed game parses as " + std::to_string(back.games.size()) + " games:\n" + text;
  if (!(back.games.front() == g)) return std::string(who) + ": printed game parses to a different game:\n" + text;
  return std::nullopt;
}

// Replays a game under its own profile and, when `all_profiles`, under every profile and
// error policy: whatever the record holds, the replayer answers with diagnostics.
inline Finding check_replay(const Game& g, bool all_profiles) {
  replay::ReplayConfig cfg;
  cfg.on_error = replay::OnError::as_played;
  // Every position the replayer passes on must be one a game can reach (the engine asserts
  // this in Debug builds only; checked here in every build). Safety sharing is allowed, as
  // some profiles do.
  Finding bad;
  // ... on the game's own board: a Ludo position read on the Parcheesi board is "impossible"
  // (two tokens of a colour on one home-column square, fuzz finding 8 was the harness's).
  const auto rules = replay::rules_for_game(g, cfg);
  const rules::Geometry board = rules.error.empty() ? rules::geometry_of(rules.options) : rules::kParcheesi68;
  const auto own = replay::replay_game(g, cfg, [&](const replay::RollEvent& e) {
    if (bad) return;
    if (const char* why = rules::position_check(e.after.position(), board, true))
      bad = "replay: impossible position after roll " + std::to_string(e.roll_index + 1) + ": " + why;
  });
  if (bad) return bad;
  if (own.rolls_replayed > own.rolls) return std::string("replay: more rolls replayed than recorded");
  for (const auto& d : own.diagnostics)
    if (d.code == Code::ok || d.message.empty()) return std::string("replay: a diagnostic without code or message");
  if (!all_profiles) return std::nullopt;
  for (const auto profile : rules::profile_list()) {
    for (const auto policy : {replay::OnError::keep_prefix, replay::OnError::as_played}) {
      replay::ReplayConfig c;
      c.variant = std::string(profile);
      c.on_error = policy;
      c.order = rules::OrderStrictness::outcome;
      const auto r = replay::replay_game(g, c);
      if (r.rolls_replayed > r.rolls) return std::string("replay: more rolls replayed than recorded");
    }
  }
  return std::nullopt;
}

inline Finding check_errors(const std::vector<Diagnostic>& problems, std::string_view who) {
  for (const auto& e : problems)
    if (e.message.empty()) return std::string(who) + ": a problem without a message";
  return std::nullopt;
}

// ppn_parser: the PPN stream reader (parser/parser.hpp).
inline Finding parser_target(std::string_view text) {
  Finding bad;
  std::size_t games = 0, errors = 0;
  parser::ParseOptions options;
  options.max_game_bytes = 1 << 16;  // small, so the oversize path is reached too
  const auto stats = parser::parse_string(
      text, "fuzz.ppn",
      [&](Game& g) {
        ++games;
        if (!bad) bad = check_round_trip(g, "parser");
      },
      [&](const parser::ParseError& e) {
        ++errors;
        // (Only an error about the whole file, such as "no game in this file", may lack a line.)
        if (!bad && ((!e.whole_file && (e.line == 0 || e.column == 0)) || e.message.empty()))
          bad = "parser: an error without a location or message: " + e.format();
        if (!bad) (void)e.format();
        // The part of a broken game read before its error is a game like any other.
        if (!bad && e.partial) bad = check_round_trip(*e.partial, "parser (partial game)");
      },
      options);
  if (!bad && (stats.games != games || stats.errors != errors)) bad = std::string("parser: stats disagree with callbacks");
  return bad;
}

// ppn_position_id: parse_position_id / format_position_id (notation/position_id.hpp).
inline Finding position_id_target(std::string_view text) {
  auto r = parse_position_id(text);
  if (auto* e = std::get_if<PositionIdError>(&r)) {
    if (e->offset > text.size()) return std::string("position id: error offset past the text");
    if (e->message.empty()) return std::string("position id: error without a message");
    return std::nullopt;
  }
  const auto& desc = std::get<PositionDesc>(r);
  const std::string canonical = format_position_id(desc);
  auto again = parse_position_id(canonical);
  if (!std::holds_alternative<PositionDesc>(again))
    return "position id: canonical form does not parse: " + canonical;
  if (!(std::get<PositionDesc>(again) == desc)) return "position id: canonical form parses differently: " + canonical;
  if (format_position_id(std::get<PositionDesc>(again)) != canonical) return "position id: format not idempotent: " + canonical;
  return std::nullopt;
}

// ppn_nu_transcript: the tournament-server log reader (convert/nu_transcript.hpp).
inline Finding nu_transcript_target(std::string_view text) {
  Finding bad;
  auto report = convert::nu::read_transcript(text, "fuzz.log", [&](convert::nu::TranscriptGame& tg) {
    if (!bad) bad = check_round_trip(tg.game, "nu-transcript");
    if (!bad) bad = check_replay(tg.game, false);
  });
  if (!bad) bad = check_errors(report.problems, "nu-transcript");
  return bad;
}

// ppn_nu_test: the course's test inputs and outputs, and the XML messages in them
// (convert/nu_test.hpp, convert/nu_xml.hpp).
inline Finding nu_test_target(std::string_view text) {
  namespace nu = convert::nu;
  (void)nu::parse_board(text);
  (void)nu::parse_dice(text);
  (void)nu::parse_moves(text);
  (void)nu::parse_elements(text);
  auto out = nu::parse_course_output(text, "out.txt");
  if (!out.ok() && out.error().message.empty()) return std::string("nu-test: output error without a message");
  auto in = nu::parse_course_input(text, "in.xml");
  if (!in.ok()) {
    if (in.error().message.empty()) return std::string("nu-test: input error without a message");
    return std::nullopt;
  }
  (void)nu::course_record(*in, out.ok() ? &*out : nullptr).dump();
  auto game = nu::course_game(*in, "in.xml", 1);
  if (!game.ok()) return std::nullopt;
  if (auto bad = check_round_trip(*game, "nu-test")) return bad;
  return check_replay(*game, false);
}

// ppn_racket_jsonl: reference-engine corpora as PPN games (convert/racket_jsonl.hpp).
inline Finding racket_jsonl_target(std::string_view text) {
  Finding bad;
  std::vector<Diagnostic> problems;
  convert::racket::read_corpus_text(text, "fuzz.jsonl", [&](Game& g) {
    if (!bad) bad = check_round_trip(g, "racket-jsonl");
    if (!bad) bad = check_replay(g, false);
  }, problems);
  if (!bad) bad = check_errors(problems, "racket-jsonl");
  return bad;
}

// ppn_json_game: ppn's JSON Lines form (convert/json_game.hpp).
inline Finding json_game_target(std::string_view text) {
  Finding bad;
  std::vector<Diagnostic> problems;
  convert::json_form::read_games(text, "fuzz.json", [&](Game& g) {
    if (!bad) bad = check_round_trip(g, "json");
    if (bad) return;
    auto back = convert::json_form::game_from_json(convert::json_form::game_to_json(g));
    if (!back.ok()) bad = "json: exported game does not import: " + back.error().message;
    else if (!(*back == g)) bad = std::string("json: export/import changes the game");
  }, problems);
  if (!bad) bad = check_errors(problems, "json");
  return bad;
}

// ppn_reference_jsonl: `ppn conform`'s record reader and checker (convert/conform.hpp,
// convert/reference_jsonl.hpp), under the racket-nu and hasbro-2001 rules.
inline Finding reference_jsonl_target(std::string_view text) {
  for (const char* profile : {"racket-nu", "hasbro-2001"}) {
    convert::ConformConfig cfg;
    auto opts = rules::profile_options(profile);
    if (!opts.ok()) return "reference-jsonl: no profile " + std::string(profile);
    cfg.rules = *opts.options;
    cfg.variant = profile;
    convert::ConformReport report;
    convert::conform_text(text, "fuzz.jsonl", cfg, report);
    if (report.files.size() != 1) return std::string("reference-jsonl: no file stats");
    if (report.disagreements.size() != static_cast<std::size_t>(report.disagree()))
      return std::string("reference-jsonl: a disagreement counted but not reported (or the reverse)");
  }
  return std::nullopt;
}

// Reads the fuzz bytes as a stream of small numbers for the structured replayer target.
class ByteSource {
 public:
  explicit ByteSource(std::string_view d) : d_(d) {}
  std::uint8_t next() { return pos_ < d_.size() ? static_cast<std::uint8_t>(d_[pos_++]) : 0; }
  bool empty() const { return pos_ >= d_.size(); }

 private:
  std::string_view d_;
  std::size_t pos_ = 0;
};

inline Square square_from(std::uint8_t b, std::uint8_t c) {
  switch (b % 8) {
    case 0: return Square::nest();
    case 1: return Square::home();
    case 2: return Square::home_path(static_cast<std::uint8_t>(1 + c % 9));
    default: return Square::ring(static_cast<std::uint8_t>(c % 100));
  }
}

// A Game built straight from bytes (no text): tags from a small menu, then rolls with random
// dice and steps. Mostly illegal, but it reaches the replayer with shapes the parser's
// grammar would never produce in that order (all values still valid for the model).
inline Game game_from_bytes(ByteSource& src) {
  Game g;
  const auto profiles = rules::profile_list();
  static const char* seats[] = {"green yellow blue red", "green red", "red blue yellow", "yellow", "blue green"};
  if (src.next() % 4 != 0) g.set_tag("Variant", profiles[src.next() % profiles.size()]);
  if (src.next() % 2 != 0) g.set_tag("Seats", seats[src.next() % 5]);
  static const char* options[] = {"blockade-on-enter=allowed", "home-path-capture=none", "bogus=1", "exact-home=off",
                                  "three-doublets=none", "enter-on=5-or-sum"};
  if (src.next() % 4 == 0) g.tags.push_back({"Option", options[src.next() % 6]});
  const int rolls = src.next() % 64;
  for (int i = 0; i < rolls && !src.empty(); ++i) {
    Roll r;
    r.seat = static_cast<Colour>(src.next() % 4);
    r.dice = {static_cast<std::uint8_t>(1 + src.next() % 6), static_cast<std::uint8_t>(src.next() % 7)};
    r.number = static_cast<std::uint32_t>(i + 1);
    const auto kind = src.next() % 8;
    if (kind == 0) {
      r.kind = PlayKind::NoPlay;
    } else if (kind == 1) {
      r.kind = PlayKind::Penalty;
      if (src.next() % 2) r.penalty_move = SquareMove{square_from(src.next(), src.next()), Square::nest(), false};
    } else {
      const int steps = 1 + src.next() % 4;
      for (int s = 0; s < steps; ++s) {
        Step st;
        const auto b = src.next();
        if (b % 6 == 0) st.bonus = 20;
        if (b % 6 == 1) st.bonus = 10;
        if (st.bonus == 0 || b % 4 != 0) {
          st.move = SquareMove{square_from(src.next(), src.next()), square_from(src.next(), src.next()), src.next() % 3 == 0};
          // now and then another colour's pawn (`R:12/15`; never the roll's own seat)
          if (b % 7 == 3) st.owner = static_cast<Colour>((static_cast<int>(r.seat) + 1 + src.next() % 3) % 4);
        }
        r.steps.push_back(st);
      }
    }
    g.movetext.emplace_back(std::move(r));
  }
  return g;
}

// ppn_replayer: the replayer (replay/replayer.hpp) fed parsed-but-random games. First byte
// even: the rest is PPN text, every game of it replayed under every profile; odd: a game
// decoded from the bytes (game_from_bytes), replayed likewise.
inline Finding replayer_target(std::string_view data) {
  if (data.empty()) return std::nullopt;
  const bool structured = (static_cast<std::uint8_t>(data[0]) & 1) != 0;
  data.remove_prefix(1);
  if (structured) {
    ByteSource src(data);
    const Game g = game_from_bytes(src);
    return check_replay(g, true);
  }
  Finding bad;
  parser::parse_string(
      data, "fuzz.ppn", [&](Game& g) {
        if (!bad) bad = check_replay(g, true);
      },
      [&](const parser::ParseError& e) {
        if (!bad && e.partial) bad = check_replay(*e.partial, true);
      });
  return bad;
}

struct Target {
  std::string_view name;
  Finding (*run)(std::string_view);
};

// Every harness, by the name of its folder under tests/fuzz_regressions/ and its executable
// fuzz_<name>.
inline constexpr Target targets[] = {
    {"parser", parser_target},
    {"position_id", position_id_target},
    {"nu_transcript", nu_transcript_target},
    {"nu_test", nu_test_target},
    {"racket_jsonl", racket_jsonl_target},
    {"json_game", json_game_target},
    {"reference_jsonl", reference_jsonl_target},
    {"replayer", replayer_target},
};

}  // namespace ppn::fuzz
