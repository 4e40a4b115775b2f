// `ppn validate`'s report (see validate_report.hpp).
#include "app/validate_report.hpp"

#include <nlohmann/json.hpp>

#include <ostream>

#include "app/input_files.hpp"
#include "app/json_text.hpp"
#include "notation/text_util.hpp"

namespace ppn::app {

namespace {

// One JSON Lines record.
std::string record(const nlohmann::json& j) { return json_text(j); }

// A figure of the replay: null under --syntax-only, which replays nothing.
nlohmann::json replay_figure(std::size_t n, ValidateStyle s) { return s.syntax_only ? nlohmann::json() : nlohmann::json(n); }

// "32 rolls", and "(13 not checked)" after it when the replay did not reach them all
// (--syntax-only replays none, by request: not said).
std::string rolls_text(const ValidateCounts& c) {
  std::string s = plural(c.rolls, "roll", "rolls");
  if (c.not_checked) s += " (" + std::to_string(c.not_checked) + " not checked)";
  return s;
}

}  // namespace

void ValidateCounts::add(const ValidateCounts& o) {
  files += o.files;
  games += o.games;
  rolls += o.rolls;
  rolls_replayed += o.rolls_replayed;
  not_checked += o.not_checked;
  illegal += o.illegal;
  record_errors += o.record_errors;
  warnings += o.warnings;
  syntax_errors += o.syntax_errors;
  io_errors += o.io_errors;
  skipped += o.skipped;
}

ValidateFile::ValidateFile(std::string name, ValidateStyle style, std::ostream& out, std::ostream& err,
                           std::function<void()> before_output)
    : name_(std::move(name)), style_(style), out_(out), err_(err), before_(std::move(before_output)) {
  c_.files = 1;
}

void ValidateFile::emit(const std::string& line) {
  if (before_) before_();
  out_ << line << "\n";
}

void ValidateFile::unopened(const std::string& why) {
  ++c_.io_errors;
  if (style_.json) {
    emit(record({{"type", "diagnostic"}, {"file", name_}, {"severity", "error"}, {"code", std::string(code_name(Code::io))},
                 {"message", "cannot open the file: " + why}}));
  } else {
    if (before_) before_();
    err_ << name_ << ": error: cannot open the file: " << why << "\n";
  }
}

bool ValidateFile::game(const Game& g, const replay::ReplayResult& r, bool partial) {
  const std::size_t game_no = partial ? 0 : ++c_.games;
  c_.rolls += g.roll_count();
  if (style_.syntax_only) return false;
  c_.rolls_replayed += static_cast<std::size_t>(r.rolls_replayed);
  // Judged: the rolls applied, and the illegal one where the replay stopped.
  c_.not_checked += g.roll_count() - static_cast<std::size_t>(r.rolls_replayed + (r.stopped ? 1 : 0));
  if (r.inference) report_inference(game_no, g, *r.inference);
  c_.illegal += static_cast<std::size_t>(r.illegal);
  c_.skipped += r.skipped;
  for (const auto& d : r.diagnostics) {
    if (d.severity == replay::Severity::warning) ++c_.warnings;
    else if (d.roll_index < 0 || d.code == Code::result) ++c_.record_errors;
    report(game_no, d);
  }
  return r.stop_run;
}

void ValidateFile::syntax_error(const parser::ParseError& e) {
  ++(e.code == Code::io ? c_.io_errors : c_.syntax_errors);
  if (style_.json) {
    nlohmann::json j{{"type", "diagnostic"}, {"file", e.file}, {"severity", "error"},
                     {"code", std::string(e.name())}, {"message", e.message}};
    if (e.line != 0) j["line"] = e.line, j["column"] = e.column;  // 0: the file as a whole
    emit(record(j));
  } else {
    if (before_) before_();
    err_ << e.format();
  }
}

void ValidateFile::summary() {
  const auto& c = c_;
  if (style_.json)
    emit(record({{"type", "file"}, {"file", name_}, {"games", c.games}, {"rolls", c.rolls},
                 {"rolls_replayed", replay_figure(c.rolls_replayed, style_)},
                 {"rolls_not_checked", replay_figure(c.not_checked, style_)}, {"illegal_rolls", c.illegal},
                 {"record_errors", c.record_errors}, {"warnings", c.warnings}, {"syntax_errors", c.syntax_errors}}));
  else
    emit(name_ + ": " + plural(c.games, "game", "games") + ", " + rolls_text(c) + ", " +
         plural(c.illegal, "illegal roll", "illegal rolls") + ", " + plural(c.syntax_errors, "syntax error", "syntax errors"));
}

// --variant auto: the profiles that accept the game, the first roll each other one rejects,
// and the pick (replay/variant_inference.hpp), before the game's diagnostics.
void ValidateFile::report_inference(std::size_t game_no, const Game& g, const replay::VariantInference& inf) {
  if (style_.json) {
    nlohmann::json rejected = nlohmann::json::array();
    for (const auto& t : inf.trials)
      if (!t.accepts) rejected.push_back({{"profile", t.profile}, {"roll", t.roll}, {"code", std::string(code_name(t.code))}, {"message", t.message}});
    nlohmann::json j{{"type", "variant"}, {"file", name_}, {"line", g.source_line}, {"accepted", inf.accepting()},
                     {"rejected", rejected}, {"basis", replay::basis_name(inf.basis)}};
    if (game_no != 0) j["game"] = game_no;
    if (!inf.picked.empty()) j["picked"] = inf.picked;
    emit(record(j));
    return;
  }
  // Ambiguous or rejected by all: the game's W-VARIANT-* warning says the same.
  if (!inf.picked.empty()) emit(name_ + ":" + std::to_string(g.source_line) + ":1: note[variant]: " + inf.summary());
}

void ValidateFile::report(std::size_t game_no, const replay::ReplayDiagnostic& d) {
  const char* sev = d.severity == replay::Severity::error ? "error" : "warning";
  if (style_.json) {
    nlohmann::json j{{"type", "diagnostic"}, {"file", name_}, {"line", d.line}, {"column", d.column},
                     {"severity", sev}, {"code", std::string(d.name())}, {"message", d.text()}};
    if (game_no != 0) j["game"] = game_no;  // none for a game with a syntax error (not counted)
    if (d.roll_index >= 0) {
      j["roll"] = d.roll_index + 1;
      j["roll_text"] = d.roll_text;
      j["position"] = d.position_id;
    }
    if (d.step_index >= 0) j["step"] = d.step_index + 1;
    if (!d.alternatives.empty()) j["alternatives"] = d.alternatives;
    emit(record(j));
    return;
  }
  std::string text = name_ + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) + ": " + sev + "[" +
                     std::string(d.name()) + "]: " + d.text();
  if (d.step_index >= 0) text += " (mini-move " + std::to_string(d.step_index + 1) + ")";
  if (d.roll_index >= 0) text += "\n  roll:     " + d.roll_text + "\n  position: " + d.position_id;
  if (!d.alternatives.empty()) {
    text += "\n  legal:    ";
    for (std::size_t i = 0; i < d.alternatives.size(); ++i) text += (i ? " | " : "") + d.alternatives[i];
  }
  emit(text);
}

void write_validate_summary(std::ostream& out, const ValidateCounts& t, ValidateStyle style) {
  if (style.json) {
    out << record({{"type", "summary"}, {"files", t.files}, {"games", t.games}, {"rolls", t.rolls},
                   {"rolls_replayed", replay_figure(t.rolls_replayed, style)},
                   {"rolls_not_checked", replay_figure(t.not_checked, style)}, {"illegal_rolls", t.illegal},
                   {"record_errors", t.record_errors}, {"warnings", t.warnings}, {"syntax_errors", t.syntax_errors},
                   {"io_errors", t.io_errors}, {"games_skipped", t.skipped}})
        << "\n";
    return;
  }
  out << "validate: " << plural(t.files, "file", "files") << ", " << plural(t.games, "game", "games") << ", " << rolls_text(t)
      << ", " << plural(t.illegal, "illegal roll", "illegal rolls");
  if (t.record_errors) out << ", " << plural(t.record_errors, "record error", "record errors");
  if (t.warnings) out << ", " << plural(t.warnings, "warning", "warnings");
  out << ", " << plural(t.syntax_errors, "syntax error", "syntax errors");
  if (t.io_errors) out << ", " << plural(t.io_errors, "I/O error", "I/O errors");
  out << "\n";
}

int validate_exit_code(const ValidateCounts& t) {
  if (t.syntax_errors || t.io_errors) return 2;
  return t.illegal || t.record_errors ? 1 : 0;
}

ValidateCounts validate_file(const std::string& path, const replay::ReplayConfig& cfg, ValidateStyle style,
                             std::ostream& out, std::ostream& err, bool* stop) {
  bool stopped = false;
  ValidateFile f(display_name(path), style, out, err);
  std::string why;
  auto in = open_input(path, why);
  if (!in) {
    f.unopened(why);
    return f.counts();
  }
  replay::ReplayConfig partial_cfg = cfg;
  partial_cfg.partial = true;
  const auto check = [&](const Game& g, bool partial) {
    // As the CLI: a game after the run stopped is not reported; a syntax error still is.
    if (stopped) return;
    const replay::ReplayResult r = style.syntax_only ? replay::ReplayResult{} : replay::replay_game(g, partial ? partial_cfg : cfg);
    if (f.game(g, r, partial)) stopped = true;
  };
  parser::parse_stream(
      *in, display_name(path), [&](Game& g) { check(g, false); },
      [&](const parser::ParseError& e) {
        if (e.partial) check(*e.partial, true);
        f.syntax_error(e);
      });
  f.summary();
  if (stop) *stop = stopped;
  return f.counts();
}

}  // namespace ppn::app
