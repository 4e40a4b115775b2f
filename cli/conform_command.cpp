#include "cli/conform_command.hpp"

#include <CLI/CLI.hpp>
#include <iostream>
#include <memory>

#include "cli/json_records.hpp"
#include "convert/conform.hpp"

namespace ppn::cli {

namespace {
struct ConformArgs {
  std::string variant;
  std::string verdict_field = "verdict";
  std::string order = "strict";
  std::vector<std::string> overrides;
  std::vector<std::string> files;
  bool per_file = false;
  std::string format = "text";
};
}  // namespace

void add_conform_command(CLI::App& app, int& exit_code) {
  auto args = std::make_shared<ConformArgs>();
  auto* sub = app.add_subcommand(
      "conform", "Check reference-engine JSONL records (self-play games and probe verdicts)");
  // Required: the records carry no profile, and a wrong one turns every difference between
  // profiles into a "disagreement" (issue 16).
  sub->add_option("--variant", args->variant, "rule profile the records were made under: " + rules::profile_names())
      ->required();
  sub->add_option("--verdict-field", args->verdict_field,
                  "probe field holding the expected verdict (default: verdict)");
  sub->add_option("--order", args->order, "order strictness: strict (default) or outcome");
  sub->add_option("--option", args->overrides, "override one rule option, name=value (repeatable)")
      ->allow_extra_args(false);
  sub->add_flag("--per-file", args->per_file, "print a summary line per file as well");
  sub->add_option("--format", args->format, "text (default) or json: JSON Lines (docs/JSON_OUTPUT.md)")
      ->check(CLI::IsMember({"text", "json"}));
  sub->add_option("files", args->files, "JSONL files, plain, gzip or zstd (- reads standard input)")->required();
  sub->callback([args, &exit_code]() {
    auto prof = rules::profile_options(args->variant);
    if (!prof.ok()) {
      std::cerr << "conform: " << prof.error << "\n";
      exit_code = 2;
      return;
    }
    convert::ConformConfig cfg;
    cfg.rules = *prof.options;
    for (const auto& o : args->overrides)
      if (auto err = rules::apply_override(cfg.rules, o)) {
        std::cerr << "conform: " << *err << "\n";
        exit_code = 2;
        return;
      }
    cfg.variant = args->variant;
    cfg.verdict_field = args->verdict_field;
    if (args->order == "outcome") cfg.order = rules::OrderStrictness::outcome;
    else if (args->order != "strict") {
      std::cerr << "conform: --order must be strict or outcome\n";
      exit_code = 2;
      return;
    }
    convert::ConformReport rep;
    for (const auto& f : args->files) convert::conform_file(f, cfg, rep);
    if (args->format == "json") {
      for (const auto& d : rep.disagreements) emit_record(std::cout, conform_disagreement_record(d));
      for (const auto& f : rep.files) emit_record(std::cout, conform_file_record(f));
      emit_record(std::cout, conform_summary_record(args->variant, rep));
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
