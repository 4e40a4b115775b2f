#include "cli/replay_options.hpp"
#include "cli/validate_command.hpp"

#include <CLI/CLI.hpp>
#include <atomic>
#include <filesystem>
#include <iostream>
#include <memory>

#include "app/validate_report.hpp"
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

class Validator {
 public:
  Validator(const ValidateArgs& a, replay::ReplayConfig cfg, Progress& progress)
      : a_(a), cfg_(std::move(cfg)), partial_cfg_(cfg_), style_{a.format == "json", a.syntax_only}, progress_(progress), work_(a.jobs) {
    partial_cfg_.partial = true;
  }

  // Reads `path` and hands its games to the workers. Their reports, and the file's summary,
  // come in input order, possibly while the next files are read (one pipeline for all the
  // files: a directory of one-game files keeps every worker busy). Returns false once the run
  // has stopped (--on-error stop); what was read after the stop is not reported.
  bool file(const std::string& path) {
    if (stop_) return false;
    auto f = std::make_shared<FileRun>(display_name(path), style_, std::cout, std::cerr, [this] { progress_.clear(); });
    ++files_read_;
    std::string why;
    auto in = open_input(path, why);
    // The file's turn: it counts only when the run has not stopped before it.
    work_.submit([this, f, why]() -> OrderedWork::Deliver {
      return [this, f, why] {
        f->live = !stop_;
        if (!f->live || why.empty()) return;
        f->report.unopened(why);
        total_.add(f->report.counts());  // no summary comes for it
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
      if (f->report.game(g, r, partial)) stop_ = true;
      tick(*f);
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
        f->report.syntax_error(e);
      };
    };
    reading_ = in.get();
    submit_games(*in, display_name(path), work_, pool_, game_job, error_job);
    reading_ = nullptr;
    done_bytes_ += size;
    work_.submit([this, f]() -> OrderedWork::Deliver {
      return [this, f] {
        if (!f->live) return;
        f->report.summary();
        total_.add(f->report.counts());
      };
    });
    return !stop_;
  }

  int finish() {
    work_.finish();
    progress_.finish();
    app::write_validate_summary(std::cout, total_, style_);
    return app::validate_exit_code(total_);
  }

 private:
  // One file's part of the run, shared by the jobs of its games and its summary.
  struct FileRun {
    template <class... A>
    explicit FileRun(A&&... a) : report(std::forward<A>(a)...) {}
    app::ValidateFile report;
    bool live = true;  // false: the run had stopped (--on-error stop) before its turn
  };

  // The progress bar: how far the reading got, the bytes read so far and the file they are in
  // (the reading runs ahead of the reports: both count the files read, not those reported),
  // then the games checked so far (those reported).
  void tick(const FileRun& f) {
    if (!progress_.active()) return;
    const auto at = reading_ ? reading_->tellg() : std::streampos(-1);  // -1: between files, or at the end
    progress_.update(done_bytes_ + (at >= 0 ? static_cast<std::uint64_t>(at) : 0),
                     std::to_string(files_read_) + "/" + std::to_string(a_.files.size()) + " files read, " +
                         plural(total_.games + f.report.games(), "game", "games") + " checked");
  }

  const ValidateArgs& a_;
  replay::ReplayConfig cfg_;
  replay::ReplayConfig partial_cfg_;  // for the part of a game read before its syntax error
  app::ValidateStyle style_;
  Progress& progress_;         // on standard error, only when it is a terminal
  std::uint64_t done_bytes_ = 0;  // bytes of the files already read
  std::istream* reading_ = nullptr;  // the file being read, if any
  std::size_t files_read_ = 0;
  std::atomic<bool> stop_ = false;  // --on-error stop met: set by a delivery, read by the workers too
  app::ValidateCounts total_;
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
