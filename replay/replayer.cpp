// The deterministic replayer (see replayer.hpp).
#include "replay/replayer.hpp"

#include <algorithm>

#include "notation/tags.hpp"
#include "replay/bridge.hpp"
#include "replay/observed.hpp"
#include "replay/result.hpp"
#include "replay/roll_replay.hpp"
#include "replay/setup.hpp"
#include "replay/walk.hpp"
#include "replay/withdrawal.hpp"
#include "rules/apply.hpp"

namespace ppn::replay {

using namespace ppn::rules;

namespace {

// Replays the record: its setup, then each roll, withdrawal and observed position in order,
// then the [Result] check.
void run(Walk& walk) {
  if (!set_up_game(walk)) {
    walk.res.setup_ok = false;
    return;
  }
  const auto& movetext = walk.game.movetext;
  for (std::size_t i = 0; i < movetext.size(); ++i) {
    const MovetextEntry& e = movetext[i];
    // A game's records are larger than the cache: the entries a few rolls ahead, and the
    // steps of the one after next (on the heap, apart from the movetext), are fetched while
    // this roll is validated, so they are in the cache when they come rather than stalling
    // the first reads.
    if (i + 4 < movetext.size()) {
      const char* ahead = reinterpret_cast<const char*>(&movetext[i + 4]);
      __builtin_prefetch(ahead);                                  // the roll's fields
      __builtin_prefetch(ahead + sizeof(MovetextEntry) - 1);     // and the variant's index
    }
    if (i + 2 < movetext.size())
      if (const Roll* next = std::get_if<Roll>(&movetext[i + 2]); next && !next->steps.empty())
        __builtin_prefetch(next->steps.data());
    if (const Roll* r = std::get_if<Roll>(&e)) {
      const bool go_on = replay_roll(walk, *r);
      ++walk.roll_index;
      if (!go_on) break;
    } else if (const auto* w = std::get_if<Withdrawal>(&e)) {
      withdraw(walk, *w);
    } else if (const auto* o = std::get_if<ObservedPosition>(&e)) {
      observe(walk, *o);
    }
  }
  walk.res.rolls = static_cast<int>(walk.game.roll_count());
  walk.res.final_game = walk.st;
  walk.res.ranking = walk.st.ranking();
  check_result(walk);
}

}  // namespace

// Handles an illegal roll according to the policy. Returns true to go on replaying.
bool on_illegal(Walk& walk, ReplayDiagnostic d, const Roll& r, const PlayConversion* conv) {
  ++walk.res.illegal;
  if (walk.cfg.on_error == OnError::as_played && conv) {
    d.severity = Severity::warning;
    d.as_played = true;
    d.note = "(accepted as played)";
    walk.res.diagnostics.push_back(std::move(d));
    if (conv) {
      // Carried out as recorded (rules::Game::play_recorded): each mini-move moves a pawn of
      // the mover from its square by its part; a landing the record marks `x` sends the lone
      // pawn of another colour on that ring square back to its nest (a step of another
      // colour's pawn, `R:N/0`, moves that colour's pawn).
      RecordedPlay rp;
      for (int i = 0; i < conv->play.size(); ++i)
        rp.push_back(RecordedMove::of(conv->play[i], walk.g, conv->owner_of_move[i], conv->capture_marks[i]));
      const rules::Game before = walk.st;
      auto done = walk.st.play_recorded(dice_of(walk, r), rp);
      if (auto* no = std::get_if<rules::Game::NotCarried>(&done)) {
        // A play that leaves a position no game can reach would break the engine's
        // invariants: the game stops here (found by fuzzing,
        // tests/fuzz_regressions/replayer/as_played_impossible_position).
        walk.res.diagnostics.push_back(walk.roll_diag(r, Severity::error, Code::unplayable,
                                            no->impossible ? "the play as recorded leaves an impossible position (" +
                                                                 position_problem(no->impossible) + ")"
                                                           : std::string("the play cannot be carried out even as recorded")));
        walk.res.stopped = true;
        return false;
      }
      // The applier's account of such a roll is not kept: the statistics count none of it.
      RollResult result = std::get<RollResult>(std::move(done));
      result.events = Events{};
      result.victims.clear();
      roll_done(walk, r, before, result, false);
    }
    return true;
  }
  walk.res.diagnostics.push_back(std::move(d));
  walk.res.stopped = true;
  if (walk.cfg.on_error == OnError::skip) walk.res.skipped = true;
  if (walk.cfg.on_error == OnError::stop) walk.res.stop_run = true;
  return false;
}

std::optional<OnError> parse_on_error(std::string_view name) {
  if (name == "stop") return OnError::stop;
  if (name == "skip") return OnError::skip;
  if (name == "keep-prefix" || name == "keep_prefix") return OnError::keep_prefix;
  if (name == "as-played" || name == "as_played") return OnError::as_played;
  return std::nullopt;
}

std::string_view on_error_name(OnError p) {
  switch (p) {
    case OnError::stop: return "stop";
    case OnError::skip: return "skip";
    case OnError::keep_prefix: return "keep-prefix";
    case OnError::as_played: return "as-played";
  }
  return "?";
}

std::size_t ReplayResult::errors() const {
  return static_cast<std::size_t>(std::count_if(diagnostics.begin(), diagnostics.end(),
                                                [](const auto& d) { return d.severity == Severity::error; }));
}
std::size_t ReplayResult::warnings() const { return diagnostics.size() - errors(); }

GameRules rules_for_game(const ppn::Game& game, const ReplayConfig& cfg) {
  if (cfg.variant == kAutoVariant) {
    // the profile replay_game would pick (variant_inference.hpp)
    ReplayConfig picked = cfg;
    picked.variant = infer_variant(game, cfg).picked;
    return rules_for_game(game, picked);
  }
  GameRules out;
  std::string_view profile = cfg.variant;
  if (profile.empty()) {
    profile = game.tag_value("Variant");
    if (const Tag* t = game.find_tag("Variant")) out.line = t->line;
  }
  const auto kind_tag = game.tag_value("Game");
  const std::optional<GameKind> kind = parse_game_kind(kind_tag);
  // A Ludo record without [Variant] is classic Ludo; the default profile is Parcheesi's.
  if (profile.empty()) profile = default_profile(kind == GameKind::Ludo);
  out.profile = std::string(profile);
  auto r = profile_options(profile);
  if (!r.ok()) {
    out.error = r.error;
    return out;
  }
  out.options = *r.options;
  if (kind && (kind == GameKind::Ludo) != out.options.ludo()) {
    if (const Tag* t = game.find_tag("Game")) out.line = t->line;  // the tag the message names
    out.error = "[Game \"" + std::string(kind == GameKind::Ludo ? "ludo" : "parcheesi") + "\"] contradicts the profile " + out.profile +
                (out.options.ludo() ? ", a Ludo profile" : ", a Parcheesi profile") +
                "; Ludo profiles: ludo, ludo-seed, ludo-modern";
    return out;
  }
  for (const auto& t : game.tags) {  // the [Option] tags in order (game_options), each with its line
    if (t.name != "Option") continue;
    const auto o = parse_option(t.value);
    if (!o) continue;  // malformed: the parser rejects those
    if (auto err = apply_override(out.options, o->name + "=" + o->value)) {
      out.error = "[Option \"" + o->name + "=" + o->value + "\"]: " + *err;
      out.line = t.line;
      return out;
    }
  }
  for (const auto& o : cfg.options)
    if (auto err = apply_override(out.options, o)) {
      out.error = "--option " + o + ": " + *err;
      out.line = 0;
      return out;
    }
  return out;
}

namespace {
// The warnings of how the record was read (Game::warnings: W-MOVE-NUMBER, W-LATIN1), among the
// replay's diagnostics in line order, so that a report reads down the file.
void report_reading_warnings(const ppn::Game& game, std::vector<ReplayDiagnostic>& diagnostics) {
  for (const Diagnostic& w : game.warnings) {
    ReplayDiagnostic d;
    static_cast<Diagnostic&>(d) = w;
    const auto at = std::find_if(diagnostics.begin(), diagnostics.end(),
                                 [&](const ReplayDiagnostic& e) { return e.line > w.line; });
    diagnostics.insert(at, std::move(d));
  }
}
}  // namespace

ReplayResult replay_game(const ppn::Game& game, const ReplayConfig& cfg, const RollVisitor& visit) {
  if (cfg.variant == kAutoVariant) {
    VariantInference inference = infer_variant(game, cfg);
    ReplayConfig picked = cfg;
    picked.variant = inference.picked;  // empty (ambiguous, none): the record's [Variant] or the default
    ReplayResult res = replay_game(game, picked, visit);
    if (inference.basis == VariantInference::Basis::ambiguous || inference.basis == VariantInference::Basis::none) {
      ReplayDiagnostic d;
      d.severity = Severity::warning;
      d.code = inference.basis == VariantInference::Basis::none ? Code::variant_rejected : Code::variant_ambiguous;
      d.message = "--variant auto: " + inference.summary() + "; replayed under " + res.profile;
      const Tag* tag = game.find_tag("Variant");
      d.line = tag && tag->line ? tag->line : game.source_line;
      d.column = 1;
      res.diagnostics.insert(res.diagnostics.begin(), std::move(d));
    }
    res.inference = std::move(inference);
    return res;
  }
  ReplayResult res;
  const GameRules rules = rules_for_game(game, cfg);
  res.profile = rules.profile;
  Walk w{game, cfg, visit, res, rules.options, geometry_of(rules.options), rules::Game{}, 0, 0, std::nullopt, false, 0, {}};
  if (!rules.error.empty()) {
    res.setup_ok = false;
    w.game_diag(Severity::error, Code::rules, rules.error, rules.line);
  } else {
    run(w);
  }
  report_reading_warnings(game, res.diagnostics);
  return res;
}

}  // namespace ppn::replay
