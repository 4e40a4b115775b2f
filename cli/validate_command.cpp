#include "cli/replay_options.hpp"
#include "cli/validate_command.hpp"

#include <CLI/CLI.hpp>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/input_files.hpp"
#include "cli/json_records.hpp"
#include "cli/jobs.hpp"
#include "cli/progress.hpp"
#include "notation/game.hpp"
#include "parser/parser.hpp"
#include "replay/replayer.hpp"
#include "notation/text_util.hpp"

namespace ppn::cli {

namespace {

struct ValidateArgs {
  std::vector<std::string> files;
  ReplayFlags replay;
  std::string format = "text";
  int alternatives = 3;
  bool syntax_only = false;
  unsigned jobs = 1;
};

struct Counts {
  // rolls_replayed: the rolls applied (ReplayResult::rolls_replayed, as `stats` counts them);
  // not_checked: the rolls after the illegal one where a game's replay stopped, and those of a
  // game whose rules or seats are unusable, which nothing judged.
  std::size_t files = 0, games = 0, rolls = 0, rolls_replayed = 0, not_checked = 0, illegal = 0, record_errors = 0,
              warnings = 0, syntax_errors = 0, io_errors = 0, skipped = 0;
  void add(const Counts& o) {
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
};

class Validator {
 public:
  Validator(const ValidateArgs& a, replay::ReplayConfig cfg, Progress& progress)
      : a_(a), cfg_(std::move(cfg)), partial_cfg_(cfg_), json_(a.format == "json"), progress_(progress), work_(a.jobs) {
    partial_cfg_.partial = true;
  }

  // Reads `path` and hands its games to the workers. Their reports, and the file's summary,
  // come in input order, possibly while the next files are read (one pipeline for all the
  // files: a directory of one-game files keeps every worker busy). Returns false once the run
  // has stopped (--on-error stop); what was read after the stop is not reported.
  bool file(const std::string& path) {
    if (stop_) return false;
    auto f = std::make_shared<FileRun>();
    f->name = display_name(path);
    ++files_read_;
    std::string why;
    auto in = open_input(path, why);
    // The file's turn: it counts only when the run has not stopped before it.
    work_.submit([this, f, path, why]() -> OrderedWork::Deliver {
      return [this, f, path, why] {
        f->live = !stop_;
        if (!f->live) return;
        ++total_.files;
        if (!why.empty()) {
          ++total_.io_errors;
          progress_.clear();
          if (json_) emit({{"type", "diagnostic"}, {"file", f->name}, {"severity", "error"}, {"code", std::string(code_name(Code::io))},
                           {"message", "cannot open the file: " + why}});
          else std::cerr << open_failure(path, why);
        }
      };
    });
    if (!in) return true;
    std::error_code size_ec;
    const std::uint64_t size = path == "-" ? 0 : std::filesystem::file_size(path, size_ec);
    // A game, or the part of a broken one read before its syntax error (not counted among the
    // games: number 0), is replayed on a worker; its diagnostics are reported and counted here,
    // in file order, as long as the run goes on (--on-error stop).
    auto replayed = [this](const Game& g, bool partial) {
      auto r = std::make_shared<replay::ReplayResult>();
      // A game after the run stopped would not be delivered: no need to replay it.
      if (!a_.syntax_only && !stop_) *r = replay::replay_game(g, partial ? partial_cfg_ : cfg_);
      return std::shared_ptr<const replay::ReplayResult>(std::move(r));
    };
    auto deliver = [this, f](const Game& g, const replay::ReplayResult& r, bool partial) {
      if (stop_) return;
      auto& c = f->c;
      const std::size_t game_no = partial ? 0 : ++c.games;
      tick(*f);
      c.rolls += g.roll_count();
      if (a_.syntax_only) return;
      c.rolls_replayed += static_cast<std::size_t>(r.rolls_replayed);
      // Judged: the rolls applied, and the illegal one where the replay stopped.
      c.not_checked += g.roll_count() - static_cast<std::size_t>(r.rolls_replayed + (r.stopped ? 1 : 0));
      if (r.inference) report_inference(f->name, game_no, g, *r.inference);
      c.illegal += static_cast<std::size_t>(r.illegal);
      c.skipped += r.skipped;
      for (const auto& d : r.diagnostics) {
        if (d.severity == replay::Severity::warning) ++c.warnings;
        else if (d.roll_index < 0 || d.code == Code::result) ++c.record_errors;
        report(f->name, game_no, d);
      }
      if (r.stop_run) stop_ = true;
    };
    auto game_job = [replayed, deliver](std::shared_ptr<const Game> g) -> OrderedWork::Deliver {
      return [deliver, g, r = replayed(*g, false)] { deliver(*g, *r, false); };
    };
    auto error_job = [this, f, replayed, deliver](const parser::ParseError& e) -> OrderedWork::Deliver {
      auto r = e.partial ? replayed(*e.partial, true) : nullptr;
      return [this, f, deliver, e, r] {
        // The rolls before the error are still checked, and reported before it (file order).
        if (e.partial) deliver(*e.partial, *r, true);
        if (!f->live) return;  // read after the run stopped
        ++(e.code == Code::io ? f->c.io_errors : f->c.syntax_errors);
        progress_.clear();
        if (json_) {
          nlohmann::json j{{"type", "diagnostic"}, {"file", e.file}, {"severity", "error"},
                           {"code", std::string(e.name())}, {"message", e.message}};
          if (e.line != 0) j["line"] = e.line, j["column"] = e.column;  // 0: the file as a whole
          emit(j);
        } else {
          std::cerr << e.format();
        }
      };
    };
    reading_ = in.get();
    submit_games(*in, f->name, work_, pool_, game_job, error_job);
    reading_ = nullptr;
    done_bytes_ += size;
    work_.submit([this, f]() -> OrderedWork::Deliver { return [this, f] { summary(*f); }; });
    return !stop_;
  }

  int finish() {
    work_.finish();
    progress_.finish();
    const auto& t = total_;
    if (json_)
      emit({{"type", "summary"}, {"files", t.files}, {"games", t.games}, {"rolls", t.rolls},
            {"rolls_replayed", replay_figure(t.rolls_replayed)}, {"rolls_not_checked", replay_figure(t.not_checked)},
            {"illegal_rolls", t.illegal}, {"record_errors", t.record_errors}, {"warnings", t.warnings},
            {"syntax_errors", t.syntax_errors}, {"io_errors", t.io_errors}, {"games_skipped", t.skipped}});
    else {
      std::cout << "validate: " << plural(t.files, "file", "files") << ", " << plural(t.games, "game", "games") << ", "
                << rolls_text(t) << ", " << plural(t.illegal, "illegal roll", "illegal rolls");
      if (t.record_errors) std::cout << ", " << plural(t.record_errors, "record error", "record errors");
      if (t.warnings) std::cout << ", " << plural(t.warnings, "warning", "warnings");
      std::cout << ", " << plural(t.syntax_errors, "syntax error", "syntax errors");
      if (t.io_errors) std::cout << ", " << plural(t.io_errors, "I/O error", "I/O errors");
      std::cout << "\n";
    }
    if (t.syntax_errors || t.io_errors) return 2;
    return t.illegal || t.record_errors ? 1 : 0;
  }

 private:
  void emit(const nlohmann::json& j) { std::cout << json_text(j) << "\n"; }

  // --variant auto: the profiles that accept the game, the first roll each other one rejects,
  // and the pick (replay/variant_inference.hpp), before the game's diagnostics.
  void report_inference(const std::string& file, std::size_t game_no, const Game& g,
                        const replay::VariantInference& inf) {
    progress_.clear();
    if (json_) {
      nlohmann::json rejected = nlohmann::json::array();
      for (const auto& t : inf.trials)
        if (!t.accepts) rejected.push_back({{"profile", t.profile}, {"roll", t.roll}, {"code", std::string(code_name(t.code))}, {"message", t.message}});
      nlohmann::json j{{"type", "variant"}, {"file", file}, {"line", g.source_line}, {"accepted", inf.accepting()},
                       {"rejected", rejected}, {"basis", replay::basis_name(inf.basis)}};
      if (game_no != 0) j["game"] = game_no;
      if (!inf.picked.empty()) j["picked"] = inf.picked;
      emit(j);
      return;
    }
    // Ambiguous or rejected by all: the game's W-VARIANT-* warning says the same.
    if (!inf.picked.empty()) std::cout << file << ":" << g.source_line << ":1: note[variant]: " << inf.summary() << "\n";
  }

  void report(const std::string& file, std::size_t game_no, const replay::ReplayDiagnostic& d) {
    progress_.clear();
    const char* sev = d.severity == replay::Severity::error ? "error" : "warning";
    if (json_) {
      nlohmann::json j{{"type", "diagnostic"}, {"file", file}, {"line", d.line}, {"column", d.column},
                       {"severity", sev}, {"code", std::string(d.name())}, {"message", d.text()}};
      if (game_no != 0) j["game"] = game_no;  // none for a game with a syntax error (not counted)
      if (d.roll_index >= 0) {
        j["roll"] = d.roll_index + 1;
        j["roll_text"] = d.roll_text;
        j["position"] = d.position_id;
      }
      if (d.step_index >= 0) j["step"] = d.step_index + 1;
      if (!d.alternatives.empty()) j["alternatives"] = d.alternatives;
      emit(j);
      return;
    }
    std::cout << file << ":" << d.line << ":" << d.column << ": " << sev << "[" << d.name() << "]: " << d.text();
    if (d.step_index >= 0) std::cout << " (mini-move " << d.step_index + 1 << ")";
    std::cout << "\n";
    if (d.roll_index >= 0) {
      std::cout << "  roll:     " << d.roll_text << "\n";
      std::cout << "  position: " << d.position_id << "\n";
    }
    if (!d.alternatives.empty()) {
      std::cout << "  legal:    ";
      for (std::size_t i = 0; i < d.alternatives.size(); ++i) std::cout << (i ? " | " : "") << d.alternatives[i];
      std::cout << "\n";
    }
  }

  // One file's part of the run, shared by the jobs of its games and its summary.
  struct FileRun {
    Counts c;
    std::string name;         // display_name
    bool live = true;         // false: the run had stopped (--on-error stop) before its turn
  };

  // A figure of the replay: null under --syntax-only, which replays nothing.
  nlohmann::json replay_figure(std::size_t n) const { return a_.syntax_only ? nlohmann::json() : nlohmann::json(n); }

  // "32 rolls", and "(13 not checked)" after it when the replay did not reach them all
  // (--syntax-only replays none, by request: not said).
  static std::string rolls_text(const Counts& c) {
    std::string s = plural(c.rolls, "roll", "rolls");
    if (c.not_checked) s += " (" + std::to_string(c.not_checked) + " not checked)";
    return s;
  }

  // The file's summary line, in its place (after its games' reports).
  void summary(const FileRun& f) {
    if (!f.live) return;
    const auto& c = f.c;
    progress_.clear();
    if (json_)
      emit({{"type", "file"}, {"file", f.name}, {"games", c.games}, {"rolls", c.rolls},
            {"rolls_replayed", replay_figure(c.rolls_replayed)}, {"rolls_not_checked", replay_figure(c.not_checked)},
            {"illegal_rolls", c.illegal},
            {"record_errors", c.record_errors}, {"warnings", c.warnings}, {"syntax_errors", c.syntax_errors}});
    else
      std::cout << f.name << ": " << plural(c.games, "game", "games") << ", " << rolls_text(c) << ", "
                << plural(c.illegal, "illegal roll", "illegal rolls") << ", " << plural(c.syntax_errors, "syntax error", "syntax errors") << "\n";
    total_.add(c);
  }

  // The progress bar: how far the reading got, the bytes read so far and the file they are in
  // (the reading runs ahead of the reports: both count the files read, not those reported),
  // then the games checked so far (those reported).
  void tick(const FileRun& f) {
    if (!progress_.active()) return;
    const auto at = reading_ ? reading_->tellg() : std::streampos(-1);  // -1: between files, or at the end
    progress_.update(done_bytes_ + (at >= 0 ? static_cast<std::uint64_t>(at) : 0),
                     std::to_string(files_read_) + "/" + std::to_string(a_.files.size()) + " files read, " +
                         plural(total_.games + f.c.games, "game", "games") + " checked");
  }

  const ValidateArgs& a_;
  replay::ReplayConfig cfg_;
  replay::ReplayConfig partial_cfg_;  // for the part of a game read before its syntax error
  bool json_;
  Progress& progress_;         // on standard error, only when it is a terminal
  std::uint64_t done_bytes_ = 0;  // bytes of the files already read
  std::istream* reading_ = nullptr;  // the file being read, if any
  std::size_t files_read_ = 0;
  std::atomic<bool> stop_ = false;  // --on-error stop met: set by a delivery, read by the workers too
  Counts total_;
  OrderedWork work_;  // last: its workers stop before the rest goes
  GamePool pool_{work_};
};

int run_validate(const ValidateArgs& a) {
  auto cfg = replay_config(a.replay, "validate");
  if (!cfg) return 2;
  cfg->max_alternatives = a.alternatives;
  // The progress bar measures bytes; with standard input (size unknown) it only counts.
  std::uint64_t total_bytes = 0;
  for (const auto& path : a.files) {
    std::error_code ec;
    const auto size = path == "-" ? 0 : std::filesystem::file_size(path, ec);
    if (path == "-" || ec) {
      total_bytes = 0;
      break;
    }
    total_bytes += size;
  }
  Progress progress("validate", total_bytes);
  Validator v(a, *cfg, progress);
  for (const auto& path : a.files)
    if (!v.file(path)) break;
  return v.finish();
}

}  // namespace

void add_validate_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<ValidateArgs>();
  auto* sub = app.add_subcommand("validate", "Re-validate every roll of PPN games under their rule profile");
  sub->add_option("files", a->files, "PPN files ('-' for standard input)")->required();
  add_rule_options(sub, a->replay,
                   record_variant_help("the profiles under which each game is legal, picking its [Variant] when among "
                                       "them, else the single one"));
  add_on_error_option(sub, a->replay,
                      "After an illegal roll: stop (the run), skip (the game), keep-prefix (stop replaying the "
                      "game), as-played (warn and go on)",
                      OnErrorChoices::with_stop);
  add_order_option(sub, a->replay, "Mini-move order: strict (as recorded) or outcome (any legal order with the same result)");
  sub->add_option("--format", a->format, "Output: text or json (JSON Lines)")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  sub->add_option("--alternatives", a->alternatives,
                  "Legal alternatives listed per illegal roll, those nearest to the play written first")
      ->capture_default_str()
      ->check(CLI::Range(0, 100));
  sub->add_flag("--syntax-only", a->syntax_only, "Only parse; do not check the rules");
  add_jobs_option(sub, a->jobs);
  sub->callback([a, &exit_code]() { exit_code = run_validate(*a); });
}

}  // namespace ppn::cli
