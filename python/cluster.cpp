// The shard work of `python3 -m ppn.cluster` (ppn/cluster.py, docs/SCALING.md): one file
// validated as `ppn validate -j 1` reports it (app/validate_report.hpp) with its counts, the
// run's last line from the summed counts, and a range of self-play games as `ppn selfplay`
// writes them. A Dask worker runs them and sends back text and counts, never game objects.
#include <pybind11/stl.h>

#include <sstream>

#include "analysis/selfplay.hpp"
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

}  // namespace

void bind_cluster(py::module_& m) {
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
        return py::make_tuple(out.str(), err.str(), counts_dict(c), stop);
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
        return py::make_tuple(out.str(), app::validate_exit_code(c));
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
