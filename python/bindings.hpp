// The pieces of the `ppn` Python module (python/README.md): each file binds one part of the
// libraries, module.cpp puts them together. Nothing here decides a rule, reads a file format
// or computes a figure of its own: every call goes to the library that does it.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "io/input.hpp"
#include "notation/diagnostic.hpp"
#include "parser/parser.hpp"
#include "replay/replayer.hpp"
#include "rules/game.hpp"

namespace ppn::python {

namespace py = pybind11;

// A rule profile with its overrides, shared by the positions played under it.
struct Profile {
  std::string variant;
  std::vector<std::string> options;  // "name=value" overrides of the profile
  rules::Options rules;
};

// A position with the rules it is played under: the game (rules::Game, played under the
// profile's options) and the profile.
struct PyPosition {
  rules::Game game;
  std::shared_ptr<const Profile> profile;
  const rules::Options& rules() const { return profile->rules; }
  std::string id() const;
};

// A profile with overrides; raises ValueError on an unknown profile or option.
std::shared_ptr<const Profile> make_profile(const std::string& variant, const std::vector<std::string>& options);
// Options given as a list of "name=value" strings or a dict.
std::vector<std::string> option_list(const py::object& options);
// A Python `ppn.Diagnostic` of a diagnostic (file as given).
py::object diagnostic_object(const Diagnostic& d, int roll_index = -1, int step_index = -1,
                             const std::string& roll_text = {}, const std::string& position_id = {});
py::object replay_diagnostic_object(const replay::ReplayDiagnostic& d);
// A file io::Input could not open, as the CLI reports it (E-IO, "cannot open the file: why").
parser::ParseError unopened(const std::string& file, const io::Input& in);
// Raises the `ppn.errors` exception class `cls` built from a `ppn.Diagnostic`.
[[noreturn]] void raise_error(const char* cls, const py::object& diagnostic, const std::string& text);
// A Python dict of a roll's events (captures, arrivals, bonuses, ...).
py::dict events_dict(const rules::Events& e);

// Position.legal_plays: every legal play of the roll d1-d2 (d2 0: one die), as ppn.Play objects.
py::list legal_play_list(const PyPosition& p, int d1, int d2);

void bind_records(py::module_& m);
void bind_positions(py::module_& m);
void bind_bots(py::module_& m);
void bind_database(py::module_& m);
void bind_bench(py::module_& m);
void bind_analysis(py::module_& m);
void bind_cluster(py::module_& m);
// Position.evaluate: the neural evaluator's winning chance of every seat ({"green": 0.31, ...}).
py::dict evaluate_position(const PyPosition& p);

}  // namespace ppn::python
