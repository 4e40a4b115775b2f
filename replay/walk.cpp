// The state of one game's replay (see walk.hpp): its diagnostics.
#include "replay/walk.hpp"

#include <tuple>

#include "notation/printer.hpp"

namespace ppn::replay {

using namespace ppn::rules;

void Walk::game_diag(Severity sev, Code code, std::string msg, std::uint32_t line) {
  ReplayDiagnostic d;
  d.severity = sev;
  d.code = code;
  d.message = std::move(msg);
  d.line = line ? line : game.source_line;
  d.column = 1;
  res.diagnostics.push_back(std::move(d));
}

ReplayDiagnostic Walk::roll_diag(const Roll& r, Severity sev, Code code, std::string msg) {
  ReplayDiagnostic d;
  d.severity = sev;
  d.code = code;
  d.message = std::move(msg);
  d.line = r.line;
  d.column = r.column;
  d.roll_index = roll_index;
  d.roll_text = to_ppn(r, static_cast<std::uint32_t>(roll_index + 1));
  d.position_id = position_id(st);
  return d;
}

void Walk::at_step(ReplayDiagnostic& d, const Roll& r, int step) {
  d.step_index = step;
  if (step >= 0 && static_cast<std::size_t>(step) < r.step_locations.size())
    std::tie(d.line, d.column) = r.step_locations[static_cast<std::size_t>(step)];
}


}  // namespace ppn::replay
