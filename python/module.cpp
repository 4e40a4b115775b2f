// The `ppn._ppn` extension module (python/README.md) and the values its parts share: rule
// profiles, diagnostics as `ppn.Diagnostic`, the `ppn.errors` exceptions, a roll's events.
#include <pybind11/stl.h>

#include "python/bindings.hpp"

namespace ppn::python {

std::shared_ptr<const Profile> make_profile(const std::string& variant, const std::vector<std::string>& options) {
  auto r = rules::profile_options(variant);
  if (!r.ok()) throw py::value_error(r.error);
  auto p = std::make_shared<Profile>(Profile{variant, options, *r.options});
  for (const auto& a : options)
    if (auto err = rules::apply_override(p->rules, a)) throw py::value_error(*err);
  return p;
}

std::vector<std::string> option_list(const py::object& options) {
  std::vector<std::string> out;
  if (options.is_none()) return out;
  if (py::isinstance<py::dict>(options)) {
    for (auto [k, v] : options.cast<py::dict>())
      out.push_back(py::str(k).cast<std::string>() + "=" + py::str(v).cast<std::string>());
    return out;
  }
  return options.cast<std::vector<std::string>>();
}

py::object diagnostic_object(const Diagnostic& d, int roll_index, int step_index, const std::string& roll_text,
                             const std::string& position_id) {
  py::dict k;
  k["code"] = std::string(d.name());
  k["severity"] = d.severity == Severity::error ? "error" : "warning";
  k["file"] = d.file;
  k["line"] = d.line;
  k["column"] = d.column;
  k["message"] = d.text();
  k["roll"] = roll_index >= 0 ? py::object(py::int_(roll_index + 1)) : py::none();
  k["step"] = step_index >= 0 ? py::object(py::int_(step_index + 1)) : py::none();
  k["roll_text"] = roll_index >= 0 ? py::object(py::str(roll_text)) : py::none();
  k["position"] = roll_index >= 0 ? py::object(py::str(position_id)) : py::none();
  k["alternatives"] = d.alternatives;
  return py::module_::import("ppn.errors").attr("Diagnostic")(**k);
}

py::object replay_diagnostic_object(const replay::ReplayDiagnostic& d) {
  auto o = diagnostic_object(d, d.roll_index, d.step_index, d.roll_text, d.position_id);
  o.attr("message") = d.text();  // with its note, " (accepted as played)", as the CLI prints it
  return o;
}

parser::ParseError unopened(const std::string& file, const io::Input& in) {
  parser::ParseError e;
  e.code = Code::io;
  e.file = file;
  e.whole_file = true;
  e.message = "cannot open the file: " + in.error();
  return e;
}

void raise_error(const char* cls, const py::object& diagnostic, const std::string& text) {
  py::object exc = py::module_::import("ppn.errors").attr(cls)(text, diagnostic);
  PyErr_SetObject(exc.get_type().ptr(), exc.ptr());
  throw py::error_already_set();
}

py::dict events_dict(const rules::Events& e) {
  py::dict d;
  d["entries"] = int(e.entries);
  d["captures"] = int(e.captures);
  d["arrivals"] = int(e.arrivals);
  d["bonuses_earned"] = int(e.bonuses_earned);
  d["bonuses_used"] = int(e.bonuses_used);
  d["bonuses_forfeited"] = int(e.bonuses_forfeited) - int(e.bonuses_void);
  d["bonuses_void"] = int(e.bonuses_void);
  d["penalty"] = e.penalty;
  return d;
}

}  // namespace ppn::python

PYBIND11_MODULE(_ppn, m) {
  m.doc() = "ppn's libraries for Python: records, replay, positions, bots, the game database.";
  ppn::python::bind_records(m);
  ppn::python::bind_positions(m);
  ppn::python::bind_bots(m);
  ppn::python::bind_database(m);
  ppn::python::bind_bench(m);
  ppn::python::bind_analysis(m);
  ppn::python::bind_cluster(m);
}
