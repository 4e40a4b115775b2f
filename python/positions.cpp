// ppn.Position and ppn.Play: a position under a rule profile, its legal plays and their
// application (rules::Game's legal_plays and play_legal, the roll step `ppn selfplay` plays
// with), its picture (render/), and plays typed as text, judged by the referee behind
// `ppn legal` (replay/referee.hpp).
#include <pybind11/stl.h>

#include <cctype>
#include <optional>

#include "notation/game.hpp"
#include "notation/position_id.hpp"
#include "parser/parser.hpp"
#include "python/bindings.hpp"
#include "render/svg_board.hpp"
#include "render/timeline.hpp"
#include "replay/bridge.hpp"
#include "replay/referee.hpp"
#include "rules/squares.hpp"

namespace ppn::python {

namespace {

struct PyPlay {
  PyPosition before;
  int d1 = 0, d2 = 0;
  rules::Play play;
  bool penalty = false;
  PyPosition after;
  rules::Events events;
  bool game_over = false;  // the play ends the game
  std::string text() const {
    if (penalty) return "PENALTY";
    return replay::play_text(play, events, rules::geometry_of(before.rules()));
  }
};

std::pair<int, int> read_dice(const py::object& dice) {
  auto die = [](int v) {
    if (v < 1 || v > 6) throw py::value_error("a die shows 1 to 6, not " + std::to_string(v));
    return v;
  };
  if (py::isinstance<py::int_>(dice)) return {die(dice.cast<int>()), 0};
  if (py::isinstance<py::str>(dice)) {
    const auto s = dice.cast<std::string>();
    if (s.size() == 1 && std::isdigit(static_cast<unsigned char>(s[0]))) return {die(s[0] - '0'), 0};
    if (s.size() == 3 && s[1] == '-' && std::isdigit(static_cast<unsigned char>(s[0])) &&
        std::isdigit(static_cast<unsigned char>(s[2])))
      return {die(s[0] - '0'), die(s[2] - '0')};
    throw py::value_error("dice are written \"5-3\" (two dice) or \"6\" (one die), not \"" + s + "\"");
  }
  const auto v = dice.cast<std::vector<int>>();
  if (v.size() == 1) return {die(v[0]), 0};
  if (v.size() == 2) return {die(v[0]), die(v[1])};
  throw py::value_error("dice: one die (Ludo) or two (Parcheesi)");
}

std::string dice_text(int d1, int d2) { return d2 == 0 ? std::to_string(d1) : std::to_string(d1) + "-" + std::to_string(d2); }

// The same game under other rules: its whole state (turn, doublets, finishers, blockade ages)
// carried over through its byte form.
PyPosition with_rules(const PyPosition& p, const std::optional<std::string>& variant, const py::object& options) {
  if (!variant && options.is_none()) return p;
  auto profile = make_profile(variant.value_or(p.profile->variant), options.is_none() ? p.profile->options : option_list(options));
  auto game = rules::Game::from_bytes(p.game.bytes(), profile->rules);
  if (!game) throw py::value_error("the position is not one of the board of " + profile->variant);
  return PyPosition{*game, profile};
}

// Every choice of a roll (rules::Game::legal_plays: a third doublet's is the penalty), each
// carried out once (play_legal), which gives its events.
std::vector<PyPlay> legal(const PyPosition& p, int d1, int d2) {
  const rules::Options& o = p.rules();
  if (o.ludo() != (d2 == 0))
    throw py::value_error(o.ludo() ? "a Ludo roll is one die" : "a Parcheesi roll is two dice");
  if (p.game.finished(p.game.to_move())) throw py::value_error("the seat to move has finished");
  const rules::Dice dice{d1, d2};
  const rules::LegalPlays all = p.game.legal_plays(dice);
  std::vector<PyPlay> out;
  out.reserve(all.plays.size());
  for (std::size_t i = 0; i < all.plays.size(); ++i) {
    PyPlay pl{p, d1, d2, all.plays[i], false, p, {}};
    const rules::RollResult r = pl.after.game.play_legal(dice, all, i);
    pl.penalty = r.kind == rules::RollKind::penalty;
    pl.events = r.events;
    pl.game_over = r.over && !p.game.over();  // this play ends the game
    out.push_back(std::move(pl));
  }
  return out;
}

py::dict pawns(const PyPosition& p) {
  py::dict d;
  const auto desc = replay::desc_of(p.game);
  for (const auto& s : desc.seats) {
    py::list l;
    for (auto sq : s.pawns) l.append(to_string(sq));
    d[py::str(std::string(colour_name(s.seat)))] = l;
  }
  return d;
}

// The position drawn as `ppn render` draws the start of a game set up in it.
std::string svg(const PyPosition& p) {
  Game g;
  g.tags = {{"Game", p.rules().ludo() ? "ludo" : "parcheesi"}, {"Variant", p.profile->variant}, {"Setup", p.id()}};
  for (const auto& o : p.profile->options) g.tags.push_back({"Option", o});
  const auto t = render::build_timeline(g);
  if (!t.setup_error.empty()) throw py::value_error(t.setup_error);
  return render::svg_frame(t, 0, g);
}

PyPosition from_id(const std::string& id, const std::optional<std::string>& variant, const py::object& options) {
  auto profile = make_profile(variant.value_or(std::string(rules::kDefaultParcheesiProfile)), option_list(options));
  auto desc = parse_position_id(id);
  if (auto* e = std::get_if<PositionIdError>(&desc))
    throw py::value_error("position ID, column " + std::to_string(e->offset + 1) + ": " + e->message);
  auto game = replay::game_from_desc(std::get<PositionDesc>(desc), profile->rules, profile->variant);
  if (!game) throw py::value_error("position ID: " + game.error().message);
  return PyPosition{std::move(*game), std::move(profile)};
}

// A play typed as text, judged by the referee (replay/referee.hpp) on this position's game:
// IllegalPlayError located in the play's text when it is illegal; else the legal play it is,
// carried out.
py::tuple apply_text(const PyPosition& p, const std::string& play, const py::object& dice) {
  if (dice.is_none()) throw py::type_error("apply(\"PLAY\") needs the dice: apply(\"12/18 18/21\", dice=\"6-3\")");
  const auto [d1, d2] = read_dice(dice);
  auto q = replay::make_question(p.id(), dice_text(d1, d2), p.profile->variant, p.profile->options);
  if (auto* e = std::get_if<replay::QuestionError>(&q)) throw py::value_error(e->message);
  // The referee's settings (profile, options, every alternative listed), on this very game:
  // its turn order and turn state as they are, not as its position ID would give them.
  replay::Question& question = std::get<replay::Question>(q);
  question.game = p.game;
  auto parsed = parser::parse_play(play, question.mover());
  if (auto* e = std::get_if<parser::ParseError>(&parsed))
    throw py::value_error("play, column " + std::to_string(e->column) + ": " + e->message);
  const auto j = replay::judge_play(question, std::get<Roll>(parsed));
  if (!j.legal) {
    for (const auto& d : j.diagnostics)
      if (d.severity == Severity::error) {
        // Located in the play as typed (its column, 0: the play as a whole), not in a file.
        replay::ReplayDiagnostic at = d;
        at.file.clear();
        at.line = 0;
        at.column = static_cast<std::uint32_t>(std::max(0, j.column));
        auto diag = replay_diagnostic_object(at);
        raise_error("IllegalPlayError", diag, py::str(diag).cast<std::string>());
      }
  }
  for (auto& pl : legal(p, d1, d2))
    if (pl.after.id() == j.after_id) return py::make_tuple(pl.after, events_dict(pl.events));
  throw py::value_error("the referee's position after the play is none of the legal plays'");  // never: one engine
}

}  // namespace

py::list legal_play_list(const PyPosition& p, int d1, int d2) { return py::cast(legal(p, d1, d2)); }

std::string PyPosition::id() const { return replay::position_id(game); }

void bind_positions(py::module_& m) {
  py::class_<PyPlay>(m, "Play", "One legal play of a roll, carried out: its text, the position after it, its events.")
      .def_property_readonly("text", &PyPlay::text, "The play in canonical PPN (\"N/0 0/3\", \"-\", \"PENALTY\").")
      .def_property_readonly("after", [](const PyPlay& p) { return p.after; }, "The position after the roll (who throws next).")
      .def_property_readonly("before", [](const PyPlay& p) { return p.before; }, "The position before the roll.")
      .def_property_readonly("events", [](const PyPlay& p) { return events_dict(p.events); },
                             "What happened: entries, captures, arrivals, bonuses earned/used/forfeited, penalty.")
      .def_readonly("game_over", &PyPlay::game_over, "Whether the play ends the game.")
      .def_property_readonly("dice", [](const PyPlay& p) { return p.d2 ? py::make_tuple(p.d1, p.d2) : py::make_tuple(p.d1); })
      .def("__str__", &PyPlay::text)
      .def("__repr__", [](const PyPlay& p) { return "<ppn.Play " + dice_text(p.d1, p.d2) + ": " + p.text() + ">"; });

  py::class_<PyPosition>(m, "Position", "A position (pawns, seat to move, doublets) under a rule profile.")
      .def_static("from_id", &from_id, py::arg("id"), py::arg("variant") = py::none(), py::arg("options") = py::none(),
                  "A position from its ID (\"g:N,N,12,40 r:N,N,N,N / g d0\") under `variant` (default hasbro-2001).")
      .def_static("start", [](const std::string& variant, const py::object& seats, const py::object& options) {
            std::string id;
            std::string first;
            for (const auto& c : seats.cast<std::vector<std::string>>()) {
              const auto col = colour_from_name(c);
              if (!col) throw py::value_error("unknown colour \"" + c + "\"");
              id += std::string(1, colour_letter(*col)) + ":N,N,N,N ";
              if (first.empty()) first = std::string(1, colour_letter(*col));
            }
            if (first.empty()) throw py::value_error("no seats");
            return from_id(id + "/ " + first + " d0", variant, options);
          }, py::arg("variant") = std::string(rules::kDefaultParcheesiProfile), py::arg("seats") = std::vector<std::string>{"green", "red"},
          py::arg("options") = py::none(), "The start of a game: every pawn in its nest, the first seat to move.")
      .def_property_readonly("id", &PyPosition::id, "The position ID (notation/SPEC.md 7).")
      .def_property_readonly("variant", [](const PyPosition& p) { return p.profile->variant; }, "The rule profile.")
      .def_property_readonly("options", [](const PyPosition& p) { return p.profile->options; }, "Its overrides, \"name=value\".")
      .def_property_readonly("to_move", [](const PyPosition& p) { return std::string(colour_name(p.game.to_move())); },
                             "The colour to throw next.")
      .def_property_readonly("doublets", [](const PyPosition& p) { return p.game.doublets(); },
                             "Doublets (Ludo: sixes) already thrown in this turn.")
      .def_property_readonly("pawns", &pawns, "Each seat's pawns in its own coordinates: {\"green\": [\"N\", \"12\", \"h3\", \"H\"]}.")
      .def("evaluate", &evaluate_position,
           "Each seat's chance of winning by the neural evaluator ({\"green\": 0.31, ...}; 1 for a seat that has won).")
      .def("legal_plays", [](const PyPosition& p, const py::object& dice, const std::optional<std::string>& variant,
                             const py::object& options) {
             const auto [d1, d2] = read_dice(dice);
             return legal(with_rules(p, variant, options), d1, d2);
           }, py::arg("dice"), py::arg("variant") = py::none(), py::arg("options") = py::none(),
           "Every distinct legal play of the roll (\"5-3\", (5, 3) or 6), each with the position after it.")
      .def("apply", [](const PyPosition& p, const py::object& play, const py::object& dice) -> py::tuple {
             if (py::isinstance<PyPlay>(play)) {
               const auto& pl = play.cast<const PyPlay&>();
               if (!(pl.before.game.position() == p.game.position()) || pl.before.game.to_move() != p.game.to_move())
                 throw py::value_error("that play is of another position");
               return py::make_tuple(pl.after, events_dict(pl.events));
             }
             return apply_text(p, play.cast<std::string>(), dice);
           }, py::arg("play"), py::arg("dice") = py::none(),
           "Carries out a Play of legal_plays(), or a play in PPN with its dice (IllegalPlayError when it is illegal): "
           "(position after, events).")
      .def("svg", &svg, "The position as an SVG document, drawn like the board.")
      .def("_repr_svg_", &svg)
      .def("__eq__", [](const PyPosition& a, const PyPosition& b) {
        return a.id() == b.id() && a.profile->variant == b.profile->variant && a.profile->options == b.profile->options;
      })
      .def("__hash__", [](const PyPosition& p) { return py::hash(py::str(p.id())); })
      .def("__str__", &PyPosition::id)
      .def("__repr__", [](const PyPosition& p) { return "<ppn.Position " + p.id() + " (" + p.profile->variant + ")>"; });
}

}  // namespace ppn::python
