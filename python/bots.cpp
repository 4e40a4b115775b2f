// ppn._play, behind ppn.play (ppn/bots.py): whole games played in C++ by analysis/selfplay.hpp,
// each seat's choice made by one of ppn's bots or by a Python callable shown the legal plays.
#include <pybind11/stl.h>

#include "analysis/selfplay.hpp"
#include "python/bindings.hpp"
#include "rules/squares.hpp"

namespace ppn::python {

namespace {

analysis::SeatBot seat_bot(const py::object& bot, int seat_number, const std::shared_ptr<const Profile>& profile) {
  analysis::SeatBot b;
  if (py::isinstance<py::str>(bot)) {
    const auto name = bot.cast<std::string>();
    const auto kind = analysis::bot_kind_of(name);  // the names of ppn selfplay --bots
    if (!kind) throw py::value_error("ppn's bots are \"random\", \"greedy\", \"eval\", \"net0\" and \"net1\", not \"" + name + "\"");
    if (!analysis::bot_available(*kind, profile->rules.ludo()))
      throw py::value_error("the " + name + " bot has no trained net for this board");
    b.kind = *kind;
    return b;
  }
  if (!PyCallable_Check(bot.ptr())) throw py::type_error("a bot is \"random\", \"greedy\", \"eval\", \"net0\", \"net1\" or a callable(turn)");
  b.name = py::hasattr(bot, "__name__") ? bot.attr("__name__").cast<std::string>() : "python bot";
  b.name += " " + std::to_string(seat_number);
  const py::object turn_class = py::module_::import("ppn.bots").attr("Turn");
  b.choose = [bot, profile, turn_class](const analysis::Decision& d) -> std::size_t {
    PyPosition pos{d.game, profile};
    const py::object dice = d.dice.d2 ? py::make_tuple(d.dice.d1, d.dice.d2) : py::make_tuple(d.dice.d1);
    const py::list plays = legal_play_list(pos, d.dice.d1, d.dice.d2);
    const auto turn = turn_class(pos, dice, plays, std::string(colour_name(d.game.to_move())));
    const py::object pick = bot(turn);
    if (py::isinstance<py::int_>(pick)) {
      const auto i = pick.cast<long long>();
      if (i < 0 || i >= static_cast<long long>(plays.size()))
        throw py::index_error("the bot chose play " + std::to_string(i) + " of " + std::to_string(plays.size()));
      return static_cast<std::size_t>(i);
    }
    for (std::size_t i = 0; i < plays.size(); ++i)
      if (pick.is(plays[i])) return i;
    throw py::value_error("a bot returns the index of its play in turn.plays, or one of turn.plays");
  };
  return b;
}

}  // namespace

void bind_bots(py::module_& m) {
  m.def("_play", [](const std::string& variant, const py::list& bots, std::uint64_t seed, int games,
                    const py::object& options, int max_rolls, bool rotate, bool duplicate_dice) {
          analysis::SelfplayConfig cfg;
          cfg.variant = variant;
          cfg.options = option_list(options);
          cfg.players = static_cast<int>(bots.size());
          cfg.seed = seed;
          cfg.max_rolls = max_rolls;
          cfg.duplicate_dice = duplicate_dice;
          auto made = analysis::make_selfplay(cfg);
          if (!made)
            throw py::value_error(cfg.players < 2 || cfg.players > 4 ? "play: 2, 3 or 4 bots, one per seat" : made.error().message);
          const analysis::Selfplay& sp = *made;
          const auto profile = make_profile(variant, cfg.options);
          const int n = cfg.players;
          std::vector<analysis::SeatBot> given;
          for (int i = 0; i < n; ++i) given.push_back(seat_bot(bots[static_cast<std::size_t>(i)], i + 1, profile));
          py::list records, rankings;
          for (int k = 0; k < games; ++k) {
            // Duplicate dice: rounds of n games, one dice sequence each, the bots rotated through it.
            const int shift = rotate || duplicate_dice ? k % n : 0;
            const int deal = duplicate_dice ? k / n : k;
            std::vector<analysis::SeatBot> seated;
            for (int i = 0; i < n; ++i) seated.push_back(given[static_cast<std::size_t>((i + shift) % n)]);
            std::vector<int> ranking;
            records.append(sp.play_game(static_cast<std::uint64_t>(deal), seated, &ranking));
            py::list r;
            for (int s : ranking) r.append((s + shift) % n);
            rankings.append(r);
          }
          return py::make_tuple(records, rankings);
        }, py::arg("variant"), py::arg("bots"), py::arg("seed"), py::arg("games"), py::arg("options"),
        py::arg("max_rolls"), py::arg("rotate"), py::arg("duplicate_dice"));
}

}  // namespace ppn::python
