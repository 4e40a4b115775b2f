// A withdrawal (see withdrawal.hpp).
#include "replay/withdrawal.hpp"

#include <string>

namespace ppn::replay {

using namespace ppn::rules;

void withdraw(Walk& walk, const Withdrawal& w) {
  auto diag = [&](Severity sev, std::string msg) {
    ReplayDiagnostic d;
    d.severity = sev;
    d.code = Code::withdrawal;
    d.message = std::move(msg);
    d.line = w.line;
    d.column = w.column;
    d.position_id = position_id(walk.st);
    walk.res.diagnostics.push_back(std::move(d));
  };
  const std::string who = std::string(colour_name(w.seat));
  if (walk.res.game_over) {
    diag(Severity::warning, who + " withdraws after the end of the game; nothing changes");
    return;
  }
  if (!walk.st.playing(w.seat)) {
    diag(Severity::error, who + " withdraws, but " + who +
                              (walk.st.finished(w.seat)    ? " has finished already"
                               : walk.st.withdrawn(w.seat) ? " has withdrawn already"
                                                           : " is not in the game ([Seats])"));
    return;
  }
  walk.st.withdraw(w.seat);
  if (walk.st.over()) {
    walk.res.game_over = true;
    walk.ended_by_withdrawal = true;
  }
}

}  // namespace ppn::replay
