// The shard work of `python3 -m ppn.cluster` (ppn/cluster.py, docs/SCALING.md): one file
// validated or analysed as `ppn validate -j 1` and `ppn analyze -j 1` report it
// (app/validate_report.hpp, app/analyze_report.hpp), with its counts or its seats' figures; the
// run's last lines from the summed counts and figures; a range of self-play games as
// `ppn selfplay` writes them; an -o file written as the CLI writes it. A Dask worker runs them
// and sends back bytes and counts, never game objects.
#include <pybind11/stl.h>

#include <fstream>
#include <sstream>

#include "analysis/selfplay.hpp"
#include "app/analyze_report.hpp"
#include "app/output.hpp"
#include "app/validate_report.hpp"
#include "notation/printer.hpp"
#include "python/bindings.hpp"
#include "replay/variant_inference.hpp"

namespace ppn::python {

namespace {

using Counts = app::ValidateCounts;

// The counts as a dict and back: the driver sums them over the shards.
py::dict counts_dict(const Counts& c) {
  py::dict d;
  d["files"] = c.files, d["games"] = c.games, d["rolls"] = c.rolls, d["rolls_replayed"] = c.rolls_replayed;
  d["not_checked"] = c.not_checked, d["illegal"] = c.illegal, d["record_errors"] = c.record_errors;
  d["warnings"] = c.warnings, d["syntax_errors"] = c.syntax_errors, d["io_errors"] = c.io_errors, d["skipped"] = c.skipped;
  return d;
}

Counts counts_of(const py::dict& d) {
  Counts c;
  const auto get = [&](const char* k) { return d.contains(k) ? d[k].cast<std::size_t>() : std::size_t{0}; };
  c.files = get("files"), c.games = get("games"), c.rolls = get("rolls"), c.rolls_replayed = get("rolls_replayed");
  c.not_checked = get("not_checked"), c.illegal = get("illegal"), c.record_errors = get("record_errors");
  c.warnings = get("warnings"), c.syntax_errors = get("syntax_errors"), c.io_errors = get("io_errors"), c.skipped = get("skipped");
  return c;
}

// `ppn validate`'s settings, checked as its command line checks them (ValueError).
replay::ReplayConfig validate_config(const std::optional<std::string>& variant, const py::object& options,
                                     const std::string& on_error, const std::string& order, int alternatives) {
  replay::ReplayConfig cfg;
  if (variant) cfg.variant = *variant;
  cfg.options = option_list(options);
  if (!cfg.variant.empty() && cfg.variant != replay::kAutoVariant) make_profile(cfg.variant, cfg.options);
  const auto policy = replay::parse_on_error(on_error);
  if (!policy) throw py::value_error("on_error is stop, skip, keep-prefix or as-played, not \"" + on_error + "\"");
  cfg.on_error = *policy;
  if (order != "strict" && order != "outcome") throw py::value_error("order is strict or outcome, not \"" + order + "\"");
  cfg.order = order == "strict" ? rules::OrderStrictness::strict : rules::OrderStrictness::outcome;
  if (alternatives < 0 || alternatives > 100) throw py::value_error("alternatives: 0 to 100");
  cfg.max_alternatives = alternatives;
  return cfg;
}

// A seat's figures as a dict and back: exact (a Python float is the double itself).
py::dict totals_dict(const analysis::AnalysisTotals& t) {
  py::dict d;
  d["games"] = t.games, d["rolls"] = t.rolls, d["decisions"] = t.decisions, d["mistakes"] = t.mistakes;
  d["blunders"] = t.blunders, d["unresolved"] = t.unresolved, d["total_loss"] = t.total_loss, d["loss_var"] = t.loss_var;
  d["luck"] = t.luck, d["luck_var"] = t.luck_var, d["result"] = t.result;
  return d;
}

analysis::AnalysisTotals totals_of(const py::dict& d) {
  analysis::AnalysisTotals t;
  t.games = d["games"].cast<int>(), t.rolls = d["rolls"].cast<int>(), t.decisions = d["decisions"].cast<int>();
  t.mistakes = d["mistakes"].cast<int>(), t.blunders = d["blunders"].cast<int>(), t.unresolved = d["unresolved"].cast<int>();
  t.total_loss = d["total_loss"].cast<double>(), t.loss_var = d["loss_var"].cast<double>();
  t.luck = d["luck"].cast<double>(), t.luck_var = d["luck_var"].cast<double>(), t.result = d["result"].cast<double>();
  return t;
}

// `ppn analyze`'s settings: the level and the rollout settings it takes.
analysis::AnalyzeConfig analyze_config(const std::string& level) {
  analysis::AnalyzeConfig cfg;
  const auto l = analysis::level_of(level);
  if (!l) throw py::value_error("level is 0, 1 or rollout, not \"" + level + "\"");
  cfg.level = *l;
  cfg.threads = 1;  // a worker is one thread of the cluster
  return cfg;
}

}  // namespace

void bind_cluster(py::module_& m) {
  m.def(
      "_analyze_file",
      [](const std::string& path, std::int64_t first_number, const std::optional<std::string>& variant,
         const py::object& options, const std::string& on_error, const std::string& level, bool json, bool annotate,
         std::size_t skip, std::optional<std::size_t> take) {
        replay::ReplayConfig cfg;
        if (variant) cfg.variant = *variant;
        cfg.options = option_list(options);
        const auto policy = replay::parse_on_error(on_error);
        if (!policy || *policy == replay::OnError::stop)
          throw py::value_error("on_error is keep-prefix, skip or as-played, not \"" + on_error + "\"");
        cfg.on_error = *policy;
        const analysis::AnalyzeConfig acfg = analyze_config(level);
        std::ostringstream out, err;
        std::string annotated;
        app::AnalyzedFile f;
        {
          py::gil_scoped_release release;
          f = app::analyze_file(path, first_number, cfg, acfg, json, out, err, annotate ? &annotated : nullptr,
                                {skip, take.value_or(app::GameRange::all)});
        }
        py::list seats;
        for (const auto& game : f.seats) {
          py::list one;
          for (const auto& p : game) one.append(py::make_tuple(p.name, totals_dict(p.totals)));
          seats.append(one);
        }
        return py::make_tuple(py::bytes(out.str()), py::bytes(err.str()), f.games, f.analysed, f.code, seats,
                              py::bytes(annotated));
      },
      py::arg("path"), py::arg("first_number"), py::arg("variant"), py::arg("options"), py::arg("on_error"),
      py::arg("level"), py::arg("json"), py::arg("annotate"), py::arg("skip") = 0, py::arg("take") = py::none(),
      "One file (or `take` of its games after `skip`; take None: to the end) analysed as `ppn analyze` reports it, "
      "its games numbered from first_number: (stdout bytes, stderr bytes, games, analysed, exit code, each analysed "
      "game's seats as (player, figures), annotated PPN bytes).");
  m.def(
      "_write_output",
      [](const std::string& command, const std::string& path, const std::vector<std::string>& inputs,
         const std::string& from, int rc) {
        // As the CLI's -o: opened among the inputs as `ppn analyze` allows, written whole (the
        // bytes of `from`, copied), left unchanged when an input could not be read (its messages
        // on standard error).
        py::gil_scoped_release release;
        auto out = app::open_output(command, path, inputs, app::SameAsInput::replace);
        if (!out) return 2;
        std::ifstream in(from, std::ios::binary);
        out->stream() << in.rdbuf();
        return app::finish_output(command, *out, rc);
      },
      py::arg("command"), py::arg("path"), py::arg("inputs"), py::arg("from"), py::arg("rc"),
      "Writes a command's -o file from the file `from`, as the CLI does (app/output.hpp); the exit code to merge.");
  // `ppn analyze`'s players' totals, summed as the shards' games arrive, in game order.
  py::class_<app::PlayerSums>(m, "_PlayerSums")
      .def(py::init<>())
      .def(
          "add_games",
          [](app::PlayerSums& sums, const py::list& games) {
            for (const auto& game : games)
              for (const auto& seat : game.cast<py::list>()) {
                const auto pair = seat.cast<py::tuple>();
                sums.add(pair[0].cast<std::string>(), totals_of(pair[1].cast<py::dict>()));
              }
          },
          py::arg("games"), "Adds each analysed game's seats (player, figures), in game order.")
      .def(
          "report",
          [](const app::PlayerSums& sums, const std::string& level, bool json, std::size_t games, std::size_t analysed) {
            std::ostringstream out;
            app::write_player_totals(out, json, sums.players(), analyze_config(level).level, games, analysed);
            return py::bytes(out.str());
          },
          py::arg("level"), py::arg("json"), py::arg("games"), py::arg("analysed"),
          "`ppn analyze`'s players' totals and summary.");
  m.def(
      "_validate_settings",
      [](const std::optional<std::string>& variant, const py::object& options, const std::string& on_error,
         const std::string& order, int alternatives) { validate_config(variant, options, on_error, order, alternatives); },
      py::arg("variant"), py::arg("options"), py::arg("on_error"), py::arg("order"), py::arg("alternatives"),
      "Checks `ppn validate`'s settings as its command line does (ValueError).");
  m.def(
      "_validate_file",
      [](const std::string& path, const std::optional<std::string>& variant, const py::object& options,
         const std::string& on_error, const std::string& order, int alternatives, bool syntax_only, bool json) {
        const auto cfg = validate_config(variant, options, on_error, order, alternatives);
        std::ostringstream out, err;
        bool stop = false;
        Counts c;
        {
          py::gil_scoped_release release;
          c = app::validate_file(path, cfg, {json, syntax_only}, out, err, &stop);
        }
        return py::make_tuple(py::bytes(out.str()), py::bytes(err.str()), counts_dict(c), stop);
      },
      py::arg("path"), py::arg("variant"), py::arg("options"), py::arg("on_error"), py::arg("order"),
      py::arg("alternatives"), py::arg("syntax_only"), py::arg("json"),
      "One file validated as `ppn validate -j 1` reports it: (stdout text, stderr text, counts, stop).");
  m.def(
      "_validate_summary",
      [](const py::dict& total, bool syntax_only, bool json) {
        const Counts c = counts_of(total);
        std::ostringstream out;
        app::write_validate_summary(out, c, {json, syntax_only});
        return py::make_tuple(py::bytes(out.str()), app::validate_exit_code(c));
      },
      py::arg("total"), py::arg("syntax_only"), py::arg("json"),
      "`ppn validate`'s last line for the summed counts, and its exit code.");
  m.def(
      "_selfplay_text",
      [](const std::string& variant, const py::object& options, int players, std::uint64_t seed,
         const std::vector<std::string>& bots, std::uint64_t first, std::uint64_t count) {
        analysis::SelfplayConfig cfg;
        cfg.variant = variant;
        cfg.options = option_list(options);
        cfg.players = players;
        cfg.seed = seed;
        auto made = analysis::make_selfplay(cfg);
        if (!made) throw py::value_error(made.error().message);
        std::vector<analysis::SeatBot> seats;
        if (!bots.empty() && static_cast<int>(bots.size()) != players)
          throw py::value_error("bots: one per seat, " + std::to_string(players) + " of them");
        for (const auto& name : bots) {
          const auto kind = analysis::bot_kind_of(name);
          if (!kind) throw py::value_error("bots: random, greedy, eval, net0 or net1, not \"" + name + "\"");
          seats.push_back({.kind = *kind});
        }
        std::string text;
        {
          py::gil_scoped_release release;
          // As `ppn selfplay` writes them: game i of the seed, for i in [first, first + count).
          for (std::uint64_t i = first; i < first + count; ++i)
            append_ppn(text, seats.empty() ? made->play_game(i) : made->play_game(i, seats));
        }
        return py::bytes(text);
      },
      py::arg("variant"), py::arg("options"), py::arg("players"), py::arg("seed"), py::arg("bots"), py::arg("first"),
      py::arg("count"), "Self-play games first .. first+count-1 of the seed as `ppn selfplay` writes them (PPN bytes).");
}

}  // namespace ppn::python
