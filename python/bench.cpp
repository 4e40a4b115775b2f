// The C++ side of `python3 -m ppn.bench` (ppn/bench.py): the loop the bench runs in Python
// with Position.legal_plays + apply, run here with the same calls (the work legal_plays does
// for each play: analysis::roll_choices, then take_choice and the play's events), so that the
// ratio measures what Python adds.
#include <pybind11/stl.h>

#include "analysis/rng.hpp"
#include "analysis/selfplay.hpp"
#include "python/bindings.hpp"
#include "rules/apply.hpp"

namespace ppn::python {

void bind_bench(py::module_& m) {
  m.def("_native_walk", [](const std::string& variant, const std::string& start_id, std::uint64_t seed, int rolls) {
          const auto profile = make_profile(variant, {});
          const rules::Options& o = profile->rules;
          py::object start = py::module_::import("ppn._ppn").attr("Position").attr("from_id")(start_id, variant);
          const rules::GameState first = start.cast<const PyPosition&>().state;
          py::gil_scoped_release release;
          analysis::Rng rng(seed);
          rules::GameState st = first;
          std::size_t plays_seen = 0;
          for (int k = 0; k < rolls; ++k) {
            const int d1 = rng.die(), d2 = o.ludo() ? 0 : rng.die();
            const auto c = analysis::roll_choices(o, st, d1, d2);
            std::vector<rules::GameState> after(c.plays.plays.size(), st);
            for (std::size_t i = 0; i < after.size(); ++i) {
              analysis::take_choice(o, after[i], d1, d2, c, i);
              if (!c.penalty) plays_seen += rules::apply_play(o, st.pos, st.to_move, c.plays.plays[i]).events.captures;
            }
            const auto pick = rng.below(static_cast<std::uint32_t>(after.size()));
            if (analysis::take_choice(o, st, d1, d2, c, pick)) st = first;
          }
          return plays_seen;
        }, py::arg("variant"), py::arg("start_id"), py::arg("seed"), py::arg("rolls"),
        "Plays `rolls` random rolls from `start_id` as a Python loop over Position.legal_plays and apply does.");
}

}  // namespace ppn::python
