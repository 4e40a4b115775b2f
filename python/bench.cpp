// The C++ side of `python3 -m ppn.bench` (ppn/bench.py): the loop the bench runs in Python
// with Position.legal_plays + apply, run here with the same calls (the work legal_plays does
// for each play: rules::Game::legal_plays, then play_legal on a copy for each play, which
// gives its events), so that the ratio measures what Python adds.
#include <pybind11/stl.h>

#include "analysis/rng.hpp"
#include "python/bindings.hpp"

namespace ppn::python {

void bind_bench(py::module_& m) {
  m.def("_native_walk", [](const std::string& variant, const std::string& start_id, std::uint64_t seed, int rolls) {
          const auto profile = make_profile(variant, {});
          const rules::Options& o = profile->rules;
          py::object start = py::module_::import("ppn._ppn").attr("Position").attr("from_id")(start_id, variant);
          const rules::Game first = start.cast<const PyPosition&>().game;
          py::gil_scoped_release release;
          analysis::Rng rng(seed);
          rules::Game g = first;
          std::size_t plays_seen = 0;
          for (int k = 0; k < rolls; ++k) {
            const rules::Dice dice{rng.die(), o.ludo() ? 0 : rng.die()};
            const rules::LegalPlays all = g.legal_plays(dice);
            for (std::size_t i = 0; i < all.plays.size(); ++i) {
              rules::Game after = g;
              plays_seen += after.play_legal(dice, all, i).events.captures;
            }
            const auto pick = rng.below(static_cast<std::uint32_t>(all.plays.size()));
            if (g.play_legal(dice, all, pick).over) g = first;
          }
          return plays_seen;
        }, py::arg("variant"), py::arg("start_id"), py::arg("seed"), py::arg("rolls"),
        "Plays `rolls` random rolls from `start_id` as a Python loop over Position.legal_plays and apply does.");
}

}  // namespace ppn::python
