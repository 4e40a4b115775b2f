#include "cli/legal_command.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "cli/replay_options.hpp"
#include "notation/colour.hpp"
#include "parser/parser.hpp"
#include "replay/bridge.hpp"
#include "replay/referee.hpp"
#include "notation/text_util.hpp"

namespace ppn::cli {

namespace {

struct LegalArgs {
  std::string position;
  std::string dice;
  ReplayFlags flags;  // --variant, --option (empty --variant: chosen by the dice)
  std::string play;
  bool has_play = false;
  std::string format = "text";
};

std::string_view arg_name(replay::QuestionError::Arg a) {
  switch (a) {
    case replay::QuestionError::Arg::position: return "POSITION-ID";
    case replay::QuestionError::Arg::dice: return "DICE";
    case replay::QuestionError::Arg::play: return "--play";
    case replay::QuestionError::Arg::rules: return "--variant/--option";
  }
  return "?";
}

// A question that cannot be asked: the argument, its text and a caret under the column.
void print_question_error(const replay::QuestionError& e, const LegalArgs& a) {
  using Arg = replay::QuestionError::Arg;
  std::cerr << "legal: " << arg_name(e.arg);
  if (e.column) std::cerr << ":" << e.column;
  std::cerr << ": error: " << e.message << "\n";
  const std::string* text = e.arg == Arg::position ? &a.position : e.arg == Arg::dice ? &a.dice
                            : e.arg == Arg::play   ? &a.play     : nullptr;
  if (text && e.column) std::cerr << "  " << *text << "\n  " << std::string(e.column - 1, ' ') << "^\n";
}

std::string dice_text(const replay::Question& q) {
  return q.dice.d2 ? std::to_string(q.dice.d1) + "-" + std::to_string(q.dice.d2) : std::to_string(q.dice.d1);
}

std::string mover_name(const replay::Question& q) { return std::string(colour_name(q.mover())); }

int list_plays(const replay::Question& q, const LegalArgs& a) {
  const auto groups = replay::legal_groups(q);
  if (a.format == "json") {
    nlohmann::json plays = nlohmann::json::array();
    for (const auto& g : groups)
      plays.push_back({{"play", g.plays.front()}, {"orders", g.plays}, {"after", g.after_id},
                       {"entries", g.events.entries}, {"captures", g.events.captures},
                       {"arrivals", g.events.arrivals}, {"bonuses_forfeited", g.events.bonuses_forfeited}});
    std::cout << nlohmann::json{{"position", replay::position_id(q.game)}, {"profile", q.profile}, {"to_move", mover_name(q)},
                                {"dice", dice_text(q)}, {"count", groups.size()}, {"plays", plays}}
                     .dump()
              << "\n";
    return 0;
  }
  std::cout << mover_name(q) << " rolls " << dice_text(q) << " under " << q.profile << ": "
            << plural(groups.size(), "legal play", "legal plays") << "\n";
  // One line per resulting position: its play and the position after it; the other orders
  // reaching the same position on an indented line below.
  std::size_t width = 0;
  for (const auto& g : groups) width = std::max(width, g.plays.front().size());
  for (const auto& g : groups) {
    std::cout << "  " << g.plays.front() << std::string(width - g.plays.front().size(), ' ') << "  -> " << g.after_id
              << "\n";
    if (g.plays.size() > 1) {
      std::cout << "      also";
      for (std::size_t i = 1; i < g.plays.size(); ++i) std::cout << (i > 1 ? " |" : "") << " " << g.plays[i];
      std::cout << "\n";
    }
  }
  return 0;
}

int judge(const replay::Question& q, const LegalArgs& a) {
  auto parsed = parser::parse_play(a.play, q.mover());
  if (auto* e = std::get_if<parser::ParseError>(&parsed)) {
    print_question_error({replay::QuestionError::Arg::play, e->column, e->message}, a);
    return 2;
  }
  const replay::PlayJudgement j = replay::judge_play(q, std::get<Roll>(parsed));
  if (a.format == "json") {
    nlohmann::json diags = nlohmann::json::array();
    for (const auto& d : j.diagnostics) {
      nlohmann::json e{{"severity", d.severity == replay::Severity::error ? "error" : "warning"},
                       {"code", std::string(d.name())}, {"message", d.text()}};
      if (d.step_index >= 0) e["step"] = d.step_index + 1;
      if (d.severity == replay::Severity::error && j.column) e["column"] = j.column;
      if (!d.alternatives.empty()) e["alternatives"] = d.alternatives;
      diags.push_back(std::move(e));
    }
    nlohmann::json out{{"position", replay::position_id(q.game)}, {"profile", q.profile}, {"to_move", mover_name(q)},
                       {"dice", dice_text(q)}, {"play", j.canonical}, {"legal", j.legal}, {"diagnostics", diags}};
    if (j.legal) out["after"] = j.after_id;
    std::cout << out.dump() << "\n";
    return j.legal ? 0 : 1;
  }
  std::cout << (j.legal ? "legal: " : "illegal: ") << j.canonical;
  if (j.legal) std::cout << "  -> " << j.after_id;
  std::cout << "\n";
  for (const auto& d : j.diagnostics) {
    const bool error = d.severity == replay::Severity::error;
    std::cout << "  " << (error ? "error" : "warning") << "[" << d.name() << "]: " << d.text();
    if (d.step_index >= 0) std::cout << " (mini-move " << d.step_index + 1 << ")";
    std::cout << "\n";
    if (error && j.column) std::cout << "    " << a.play << "\n    " << std::string(j.column - 1, ' ') << "^\n";
    if (!d.alternatives.empty()) {
      std::cout << "  legal:  ";
      for (std::size_t i = 0; i < d.alternatives.size(); ++i) std::cout << (i ? " | " : "") << d.alternatives[i];
      std::cout << "\n";
    }
  }
  return j.legal ? 0 : 1;
}

int run_legal(const LegalArgs& a) {
  auto made = replay::make_question(a.position, a.dice, a.flags.variant, a.flags.options);
  if (auto* e = std::get_if<replay::QuestionError>(&made)) {
    print_question_error(*e, a);
    return 2;
  }
  const auto& q = std::get<replay::Question>(made);
  return a.has_play ? judge(q, a) : list_plays(q, a);
}

}  // namespace

void add_legal_command(CLI::App& app, int& exit_code) {
  auto a = std::make_shared<LegalArgs>();
  auto* sub = app.add_subcommand("legal", "List the legal plays of a roll in a position, or judge one play (a referee's question)");
  sub->add_option("position", a->position,
                  "Position ID before the roll, e.g. \"g:N,N,12,40 r:N,N,N,N / g d0\" (notation/SPEC.md 7)")
      ->required();
  sub->add_option("dice", a->dice, "The roll: two dice \"5-3\" (Parcheesi), one die \"6\" (Ludo)")->required();
  add_rule_options(sub, a->flags, "Rule profile (default: ludo for one die, hasbro-2001 for two): " + rules::profile_names());
  auto* play = sub->add_option("--play", a->play, "Judge this play (PPN, e.g. \"12/18 18/21\") instead of listing");
  sub->add_option("--format", a->format, "Output: text or json")->check(CLI::IsMember({"text", "json"}))->capture_default_str();
  sub->callback([a, play, &exit_code]() {
    a->has_play = play->count() > 0;
    exit_code = run_legal(*a);
  });
}

}  // namespace ppn::cli
