// Variant inference (see variant_inference.hpp).
#include "replay/variant_inference.hpp"

#include <algorithm>

#include "notation/tags.hpp"
#include "rules/options.hpp"
#include "replay/replayer.hpp"

namespace ppn::replay {

using namespace ppn::rules;

namespace {

// The board a record is played on: its [Game] tag, else the dice of its first roll (one die:
// Ludo), else Parcheesi.
bool ludo_record(const ppn::Game& game) {
  if (auto kind = parse_game_kind(game.tag_value("Game"))) return *kind == GameKind::Ludo;
  for (const auto& e : game.movetext)
    if (const Roll* r = std::get_if<Roll>(&e)) return r->dice_count() == 1;
  return false;
}

}  // namespace

namespace {
std::string join(const std::vector<std::string>& names) {
  std::string s;
  for (const auto& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// Whether the profile picked (under any alias of it) accepts the record: a record's own
// [Variant] is picked whether or not it does.
bool picked_accepts(const VariantInference& inf) {
  const auto po = profile_options(inf.picked);
  if (!po.ok()) return false;
  return std::any_of(inf.trials.begin(), inf.trials.end(), [&](const ProfileTrial& t) {
    return t.accepts && profile_options(t.profile).options->value == po.options->value;
  });
}

}  // namespace

std::vector<std::string> VariantInference::accepting() const {
  std::vector<std::string> out;
  for (const auto& t : trials)
    if (t.accepts) out.push_back(t.profile);
  return out;
}

std::string_view basis_name(VariantInference::Basis b) {
  switch (b) {
    case VariantInference::Basis::record: return "record";
    case VariantInference::Basis::single: return "single";
    case VariantInference::Basis::ambiguous: return "ambiguous";
    case VariantInference::Basis::none: return "none";
  }
  return "?";
}

std::string VariantInference::summary() const {
  std::string s;
  switch (basis) {
    case Basis::record:
      s = picked + (picked_accepts(*this) ? " (the record's [Variant])"
                                   : " (the record's [Variant], kept: it rejects the record; " +
                                         (accepting().empty() ? std::string("no profile accepts it")
                                                              : "it would pass under " + join(accepting())) +
                                         ")");
      break;
    case Basis::single: s = picked + " (the only profile that accepts the record)"; break;
    case Basis::ambiguous: s = "ambiguous: several profiles accept the record, none of them its [Variant]"; break;
    case Basis::none: s = "no profile accepts the record"; break;
  }
  std::string acc, rej;
  for (const auto& t : trials) {
    if (t.accepts) {
      acc += (acc.empty() ? "" : ", ") + t.profile;
    } else {
      rej += (rej.empty() ? "" : "; ") + t.profile + " (" +
             (t.roll > 0 ? "roll " + std::to_string(t.roll) : std::string("the record")) + ": " + std::string(code_name(t.code)) + ": " +
             t.message + ")";
    }
  }
  if (!acc.empty()) s += "; accepted by " + acc;
  if (!rej.empty()) s += "; rejected by " + rej;
  return s;
}

VariantInference infer_variant(const ppn::Game& game, const ReplayConfig& cfg) {
  VariantInference out;
  ReplayConfig trial = cfg;
  trial.on_error = OnError::keep_prefix;  // the first error is all a trial needs
  trial.max_alternatives = 0;
  const bool ludo = ludo_record(game);
  std::vector<Options> seen;  // an alias (winning-moves) is tried once, under its first name
  for (std::string_view name : profile_list()) {
    const auto prof = profile_options(name);
    if (!prof.ok() || prof.options->ludo() != ludo) continue;
    if (std::any_of(seen.begin(), seen.end(), [&](const Options& o) { return o.value == prof.options->value; }))
      continue;
    seen.push_back(*prof.options);
    trial.variant = std::string(name);
    const ReplayResult r = replay_game(game, trial);
    ProfileTrial t;
    t.profile = trial.variant;
    t.accepts = r.errors() == 0;
    for (const auto& d : r.diagnostics)
      if (d.severity == Severity::error) {
        t.roll = d.roll_index + 1;
        t.code = d.code;
        t.message = d.text();
        break;
      }
    out.trials.push_back(std::move(t));
  }
  const auto accepted = out.accepting();
  // A record that declares a profile (a [Variant] naming one) is judged under it, accepted or
  // not: inference only fills in a profile the record does not give.
  if (auto own = game.tag_value("Variant"); !own.empty()) {
    if (auto po = profile_options(own); po.ok()) {
      out.basis = VariantInference::Basis::record;
      out.picked = std::string(own);
      return out;
    }
  }
  if (accepted.size() == 1) {
    out.basis = VariantInference::Basis::single;
    out.picked = accepted.front();
  } else {
    out.basis = accepted.empty() ? VariantInference::Basis::none : VariantInference::Basis::ambiguous;
  }
  return out;
}

}  // namespace ppn::replay
