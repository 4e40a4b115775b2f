#include "cli/conform_command.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/json_records.hpp"
#include "cli/jobs.hpp"
#include "cli/replay_options.hpp"
#include "convert/conform.hpp"
#include "convert/reference_jsonl.hpp"

namespace ppn::cli {

namespace {
struct ConformArgs {
  ReplayFlags flags;  // --variant, --option, --order (no --on-error: a record's verdict is judged, not replayed on)
  std::string verdict_field = "verdict";
  std::vector<std::string> files;
  bool per_file = false;
  std::string format = "text";
  unsigned jobs = 1;
};
}  // namespace

void add_conform_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ConformArgs>();
  auto* sub = app.add_subcommand(
      "conform", "Check reference-engine JSONL records (self-play games and probe verdicts)");
  // Required: the records carry no profile, and a wrong one turns every difference between
  // profiles into a "disagreement".
  add_rule_options(sub, args->flags, "rule profile the records were made under: " + rules::profile_names())->required();
  sub->add_option("--verdict-field", args->verdict_field,
                  "probe field holding the expected verdict (default: verdict)");
  add_order_option(sub, args->flags, "order strictness: strict or outcome");
  sub->add_flag("--per-file", args->per_file, "print a summary line per file as well");
  sub->add_option("--format", args->format, "text (default) or json: JSON Lines (docs/JSON_OUTPUT.md)")
      ->check(CLI::IsMember({"text", "json"}));
  sub->add_option("files", args->files, "JSONL files, plain, gzip or zstd (- reads standard input)")->required();
  add_jobs_option(sub, args->jobs);
  sub->callback([args, &exit_code]() {
    const auto opts = rules_config(args->flags, "conform");
    const auto order = opts ? order_config(args->flags, "conform") : std::nullopt;
    if (!order) {
      exit_code = 2;
      return;
    }
    convert::ConformConfig cfg;
    cfg.rules = *opts;
    cfg.variant = args->flags.variant;
    cfg.verdict_field = args->verdict_field;
    cfg.order = *order;
    convert::ConformReport rep;
    // Each line is parsed and its roll judged on a worker; what depends on the lines before
    // (a self-play game's seats, the board its previous roll left, the counts) is settled
    // here, in input order (convert/conform.hpp).
    OrderedWork work(args->jobs);
    for (const auto& f : args->files) {
      convert::ConformFile run(f, cfg, rep);
      parallel::CancelOnThrow guard(work);  // the jobs refer to run
      auto err = convert::reference::for_each_line(
          f,
          [&](long no, const std::string& text) {
            work.submit([&run, &cfg, no, text]() -> OrderedWork::Deliver {
              auto record = std::make_shared<const convert::ConformRecord>(convert::read_record(text, cfg));
              return [&run, no, text, record] { run.line(no, text, *record); };
            });
          },
          [&](long no) {
            work.submit([&run, no]() -> OrderedWork::Deliver { return [&run, no] { run.too_long(no); }; });
          });
      work.finish();
      if (err) run.file_error(*err);
      run.finish();
    }
    if (args->format == "json") {
      for (const auto& d : rep.disagreements) emit_record(std::cout, conform_disagreement_record(d));
      for (const auto& f : rep.files) emit_record(std::cout, conform_file_record(f));
      emit_record(std::cout, conform_summary_record(args->flags.variant, rep));
    } else {
      std::cout << "conform: " << rep.records() << " records, " << rep.agree() << " agree, " << rep.disagree()
                << " disagree\n";
      if (args->per_file)
        for (const auto& f : rep.files)
          std::cout << "  " << f.path << ": " << f.records << " records, " << f.agree << " agree, " << f.disagree
                    << " disagree\n";
      for (const auto& d : rep.disagreements) std::cout << d.text() << "\n";
    }
    for (const auto& e : rep.errors) std::cerr << e << "\n";
    exit_code = !rep.errors.empty() ? 2 : rep.disagree() > 0 ? 1 : 0;
  });
}

}  // namespace ppn::cli
