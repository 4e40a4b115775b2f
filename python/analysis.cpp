// ppn.analyze and Position.evaluate (python/README.md): analysis/game_analysis.hpp's analysis of
// a game at a level, and the neural evaluator's winning chances of a position, as Python values.
#include <pybind11/stl.h>

#include "analysis/game_analysis.hpp"
#include "analysis/neural_evaluator.hpp"
#include "python/bindings.hpp"

namespace ppn::python {

namespace {

py::dict totals_dict(const analysis::AnalysisTotals& t) {
  py::dict d;
  d["decisions"] = t.decisions;
  d["mistakes"] = t.mistakes;
  d["blunders"] = t.blunders;
  d["unresolved"] = t.unresolved;
  // Rates over no decision are not observed: None, as the CLI's JSON null.
  d["error_rate"] = t.decisions ? py::object(py::float_(t.error_rate())) : py::none();
  d["loss_per_decision"] = t.decisions ? py::object(py::float_(t.loss_per_decision())) : py::none();
  d["total_loss"] = t.total_loss;
  d["luck"] = t.luck;
  d["luck_sd"] = t.luck_se();
  d["result"] = t.result;
  d["luck_adjusted"] = t.luck_adjusted();
  return d;
}

py::dict analyze(const Game& game, const std::string& level, const std::optional<std::string>& variant,
                 const py::object& options) {
  const auto lv = analysis::level_of(level);
  if (!lv) throw py::value_error("level is \"0\", \"1\" or \"rollout\", not \"" + level + "\"");
  replay::ReplayConfig rc;
  if (variant) rc.variant = *variant;
  rc.options = option_list(options);
  analysis::AnalyzeConfig cfg;
  cfg.level = *lv;
  cfg.threads = 1;
  analysis::GameAnalysis ga;
  {
    py::gil_scoped_release unlocked;  // seconds of C++ work touching no Python object
    ga = analysis::analyze_game(game, rc, cfg);
  }
  if (!ga.ok) throw py::value_error("analyze: " + ga.error);
  py::dict out;
  out["profile"] = ga.profile;
  out["level"] = level;
  py::list rolls;
  for (const auto& r : ga.rolls) {
    py::dict d;
    d["index"] = r.roll_index;
    d["seat"] = std::string(colour_name(rules::colour_of(r.seat)));
    d["luck"] = r.luck;
    d["before"] = r.before;
    d["decision"] = r.decision;
    d["played"] = r.decision ? py::object(py::float_(r.played)) : py::none();
    d["best"] = r.decision ? py::object(py::float_(r.best)) : py::none();
    d["loss"] = r.decision ? py::object(py::float_(r.loss)) : py::none();
    d["mark"] = r.nag == 4 ? "??" : r.nag == 2 ? "?" : "";
    d["best_play"] = r.best_play;
    rolls.append(d);
  }
  out["rolls"] = rolls;
  py::dict seats;
  for (int s = 0; s < 4; ++s)
    if (ga.seats[static_cast<std::size_t>(s)].present)
      seats[py::str(std::string(colour_name(rules::colour_of(s))))] = totals_dict(ga.seats[static_cast<std::size_t>(s)]);
  out["seats"] = seats;
  return out;
}

}  // namespace

py::dict evaluate_position(const PyPosition& p) {
  const analysis::NeuralNet* net = analysis::neural_net(p.rules().ludo());
  if (!net) throw py::value_error("no neural net was trained for this board");
  const analysis::WinProbs w = net->evaluate(p.game);
  py::dict d;
  for (int s = 0; s < 4; ++s)
    if (p.game.takes_part(rules::colour_of(s)) || w.p[static_cast<std::size_t>(s)] > 0)
      d[py::str(std::string(colour_name(rules::colour_of(s))))] = w.p[static_cast<std::size_t>(s)];
  return d;
}

void bind_analysis(py::module_& m) {
  m.def("analyze", &analyze, py::arg("game"), py::arg("level") = "1", py::arg("variant") = py::none(),
        py::arg("options") = py::none(),
        "Luck and move quality of a game, as `ppn analyze --level LEVEL`: level \"0\" or \"1\" (the neural evaluator "
        "at 0-ply or 1-ply) or \"rollout\". A dict: profile, rolls (luck, loss, mark, best play of each) and seats "
        "(decisions, marks, error rate, loss per decision, luck, result, luck-adjusted result).");
}

}  // namespace ppn::python
