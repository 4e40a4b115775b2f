// The scorekeeper (see record.hpp).
#include "serve/record.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "analysis/evaluator.hpp"
#include "analysis/net_play.hpp"
#include "analysis/neural_evaluator.hpp"
#include "analysis/rng.hpp"
#include "analysis/selfplay.hpp"
#include "notation/position_id.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"
#include "render/svg_board.hpp"
#include "render/timeline.hpp"
#include "replay/bridge.hpp"
#include "replay/replayer.hpp"
#include "rules/options.hpp"
#include "rules/squares.hpp"

namespace ppn::serve {

namespace {

using nlohmann::json;

// Longest name and play taken from a request (a record of the board has short ones).
constexpr std::size_t kMaxName = 100, kMaxPlay = 200, kMaxRolls = 5000;


struct SeatSpec {
  Colour colour = Colour::Green;
  std::string name;
  std::optional<analysis::BotKind> bot;
};

struct RollSpec {
  Colour seat = Colour::Green;
  rules::Dice dice;
  std::string play;
};

// The recorded game of a request, checked for shape (the rules judge the rest).
struct Recording {
  std::string profile;
  bool ludo = false;
  std::vector<SeatSpec> seats;
  std::vector<RollSpec> rolls;
};

const json& field(const json& body, const char* name) {
  static const json none;
  const auto it = body.find(name);
  return it == body.end() ? none : *it;
}

std::string text_field(const json& v, const std::string& what, std::size_t max) {
  if (v.is_null()) return {};
  if (!v.is_string()) refuse(what + " is not a string");
  const auto& s = v.get_ref<const std::string&>();
  if (s.size() > max) refuse(what + " is longer than " + std::to_string(max) + " bytes");
  for (const char c : s)
    if (static_cast<unsigned char>(c) < 0x20) refuse(what + " holds a control character");
  return s;
}

rules::Dice read_dice(const json& v, bool ludo) {
  if (!v.is_array() || v.size() != (ludo ? 1u : 2u))
    refuse(ludo ? "dice: a Ludo throw is one die, [6]" : "dice: a Parcheesi throw is two dice, [5, 3]");
  int d[2] = {0, 0};
  for (std::size_t i = 0; i < v.size(); ++i) {
    // Read whole before the check: a value past `int` must not wrap onto a die.
    if (!v[i].is_number_integer() || v[i].get<std::int64_t>() < 1 || v[i].get<std::int64_t>() > 6)
      refuse("dice: a die shows 1 to 6");
    d[i] = static_cast<int>(v[i].get<std::int64_t>());
  }
  return {d[0], d[1]};
}

Recording read_recording(const json& body) {
  if (!body.is_object()) refuse("the body is not a JSON object");
  Recording r;
  r.profile = text_field(field(body, "profile"), "profile", 40);
  if (r.profile.empty()) r.profile = std::string(rules::kDefaultParcheesiProfile);
  if (!rules::profile_options(r.profile).ok()) refuse("profile: no profile is called \"" + r.profile + "\" (" + rules::profile_names() + ")");
  r.ludo = rules::is_ludo_profile(r.profile);
  const json& seats = field(body, "seats");
  if (!seats.is_array() || seats.size() < 2 || seats.size() > 4) refuse("seats: 2 to 4 seats, in the order turns pass");
  for (const json& s : seats) {
    if (!s.is_object()) refuse("seats: each seat is an object {colour, name, bot}");
    SeatSpec spec;
    const auto c = colour_from_name(text_field(field(s, "colour"), "colour", 10));
    if (!c) refuse("seats: colour is green, red, blue or yellow");
    for (const SeatSpec& o : r.seats)
      if (o.colour == *c) refuse("seats: " + std::string(colour_name(*c)) + " is seated twice");
    spec.colour = *c;
    spec.name = text_field(field(s, "name"), "name", kMaxName);
    if (const std::string b = text_field(field(s, "bot"), "bot", 10); !b.empty()) {
      spec.bot = analysis::bot_kind_of(b);
      if (!spec.bot) refuse("bot: random, greedy, eval, net0 or net1, not \"" + b + "\"");
    }
    r.seats.push_back(std::move(spec));
  }
  const json& rolls = field(body, "rolls");
  if (!rolls.is_null() && !rolls.is_array()) refuse("rolls: a list of {seat, dice, play}");
  if (rolls.is_array() && rolls.size() > kMaxRolls) refuse("rolls: more than " + std::to_string(kMaxRolls));
  if (rolls.is_array())
    for (const json& x : rolls) {
      if (!x.is_object()) refuse("rolls: each roll is an object {seat, dice, play}");
      RollSpec spec;
      const auto c = colour_from_name(text_field(field(x, "seat"), "seat", 10));
      if (!c) refuse("rolls: seat is the colour that threw");
      spec.seat = *c;
      spec.dice = read_dice(field(x, "dice"), r.ludo);
      spec.play = text_field(field(x, "play"), "play", kMaxPlay);
      if (spec.play.empty()) refuse("rolls: a roll's play is empty (a throw with no legal play is \"-\")");
      r.rolls.push_back(std::move(spec));
    }
  return r;
}

std::string colour_key(Colour c) { return std::string(colour_name(c)); }

std::string dice_text(rules::Dice d) {
  return d.d2 == 0 ? std::to_string(d.d1) : std::to_string(d.d1) + "-" + std::to_string(d.d2);
}

std::string tag_value(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// The record as PPN text: its tags, then one line per roll.
std::string record_text(const Recording& r) {
  std::string t = "[Event \"ppn serve\"]\n[Game \"" + std::string(r.ludo ? "ludo" : "parcheesi") + "\"]\n[Variant \"" +
                  r.profile + "\"]\n[Seats \"";
  for (std::size_t i = 0; i < r.seats.size(); ++i) t += (i ? " " : "") + colour_key(r.seats[i].colour);
  t += "\"]\n";
  for (const SeatSpec& s : r.seats) {
    std::string name = s.name;
    if (name.empty() && s.bot) name = std::string(analysis::bot_kind_name(*s.bot)) + " bot";
    if (name.empty()) continue;
    std::string tag(colour_name(s.colour));
    tag[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(tag[0])));
    t += "[" + tag + " \"" + tag_value(name) + "\"]\n";
  }
  t += "\n";
  for (std::size_t i = 0; i < r.rolls.size(); ++i)
    t += std::to_string(i + 1) + ". " + colour_letter(r.rolls[i].seat) + " " + dice_text(r.rolls[i].dice) + ": " +
         r.rolls[i].play + "\n";
  return t;
}

// A recording parsed and replayed.
struct Replayed {
  Game game;
  replay::ReplayResult result;
};

// The recording's record, parsed and replayed; a syntax error or an illegal roll is a 422 with
// the diagnostic `ppn validate` gives (its code, message, citation, the roll's number).
Replayed replay_recording(const Recording& r) {
  const std::string text = record_text(r);
  auto parsed = parser::parse_game(text, "record");
  if (auto* e = std::get_if<parser::ParseError>(&parsed)) {
    // Roll k stands on line k after the tags and their blank line.
    const auto head = static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(text.find("\n\n") + 2), '\n'));
    json extra = {{"citation", ""}};
    if (e->line > head) extra["roll"] = e->line - head;
    throw BadRequest(422, std::string(e->name()), e->message, extra);
  }
  Replayed out{std::move(std::get<Game>(parsed)), {}};
  // Each play is one roll's play: text that would add rolls, comments or anything else to the
  // record is refused, so that the record holds exactly the rolls sent.
  std::size_t rolls = 0;
  bool plain = out.game.leading_comments.empty();
  for (const auto& e : out.game.movetext) {
    const Roll* roll = std::get_if<Roll>(&e);
    plain = plain && roll && roll->comments.empty() && roll->variations.empty() && roll->nags.empty();
    rolls += roll != nullptr;
  }
  if (!plain || rolls != r.rolls.size())
    throw BadRequest(422, "E-SYNTAX", "a play is the play of one roll, as `legal` lists it (no comment, no other roll)");
  replay::ReplayConfig cfg;
  cfg.on_error = replay::OnError::keep_prefix;
  out.result = replay::replay_game(out.game, cfg);
  for (const auto& d : out.result.diagnostics) {
    if (d.severity != Severity::error) continue;
    // `text`: the message as `ppn validate` prints it (with its citation).
    json extra = {{"citation", std::string(d.citation)}, {"alternatives", d.alternatives}, {"text", d.text()}};
    if (d.roll_index >= 0) extra["roll"] = d.roll_index + 1;
    throw BadRequest(422, std::string(d.name()), d.message, extra);
  }
  return out;
}

// One legal play of a throw as the page shows it: its PPN text and its mini-moves, each with
// the centres of its squares on the board SVG.
struct ShownPlay {
  Roll roll;       // the play as a record writes it
  std::string text;
};

// The roll play `i` of `lp` makes, as a record writes it (a penalty names its pawn).
ShownPlay shown_play(const rules::Game& before, rules::Dice d, const rules::LegalPlays& lp, std::size_t i) {
  rules::Game after = before;
  const rules::RollResult res = after.play_legal(d, lp, i);
  ShownPlay out;
  out.roll.seat = before.to_move();
  out.roll.dice = {static_cast<std::uint8_t>(d.d1), static_cast<std::uint8_t>(d.d2)};
  replay::write_played(out.roll, lp.plays[i], res, before.geometry());
  out.text = play_to_ppn(out.roll);
  return out;
}

// A mini-move's square as the page gets it: its PPN name, and its centre on the board SVG in
// `x`/`y` keys named by `side` ("f" from, "t" to).
void put_square(json& move, const char* side, const Square& sq, Colour seat, const rules::Geometry& g) {
  const auto [x, y] = render::square_point(rules::seat_of(seat), sq, g);
  move[side[0] == 'f' ? "from" : "to"] = to_string(sq);
  move[std::string(side) + "x"] = x;
  move[std::string(side) + "y"] = y;
}

json play_json(const ShownPlay& p, const rules::Geometry& g) {
  json moves = json::array();
  for (const Step& s : p.roll.steps) {
    if (!s.move) continue;  // a forfeited bonus moves nothing
    json m = json::object();
    put_square(m, "f", s.move->from, p.roll.seat, g);
    put_square(m, "t", s.move->to, p.roll.seat, g);
    moves.push_back(std::move(m));
  }
  if (p.roll.penalty_move) {
    json m = json::object();
    put_square(m, "f", p.roll.penalty_move->from, p.roll.seat, g);
    put_square(m, "t", p.roll.penalty_move->to, p.roll.seat, g);
    moves.push_back(std::move(m));
  }
  return {{"text", p.text}, {"moves", moves}};
}

// The state of docs/SERVE.md: the record, the board after its last roll, who throws; with
// `dice`, the legal plays of that throw.
json state_json(const Replayed& rp, const std::optional<rules::Dice>& dice) {
  const rules::Game& g = rp.result.final_game;
  json s;
  s["ppn"] = to_ppn(rp.game);
  const render::Timeline t = render::build_timeline(rp.game);
  s["svg"] = t.frames.empty() ? std::string() : render::svg_frame(t, static_cast<int>(t.frames.size()) - 1, rp.game);
  s["position_id"] = replay::position_id(g);
  s["to_move"] = colour_key(g.to_move());
  s["doublets"] = g.doublets();
  s["over"] = g.over();
  json ranking = json::array();
  for (const Colour c : g.ranking()) ranking.push_back(colour_key(c));
  s["ranking"] = ranking;
  s["rolls"] = rp.result.rolls;
  if (dice && !g.over()) {
    s["dice"] = dice->d2 == 0 ? json::array({dice->d1}) : json::array({dice->d1, dice->d2});
    const rules::LegalPlays lp = g.legal_plays(*dice);
    json legal = json::array();
    for (std::size_t i = 0; i < lp.plays.size(); ++i) legal.push_back(play_json(shown_play(g, *dice, lp, i), g.geometry()));
    s["legal"] = legal;
  }
  return s;
}

std::optional<rules::Dice> optional_dice(const json& body, bool ludo) {
  const json& d = field(body, "dice");
  if (d.is_null()) return std::nullopt;
  return read_dice(d, ludo);
}

}  // namespace

Reply record_state(const json& body) {
  return answer([&] {
    const Recording r = read_recording(body);
    const auto dice = optional_dice(body, r.ludo);
    return json_reply(state_json(replay_recording(r), dice));
  });
}

Reply record_play(const json& body) {
  return answer([&] {
    Recording r = read_recording(body);
    const auto dice = optional_dice(body, r.ludo);
    if (!dice) refuse("play: give the dice of the throw");
    const std::string play = text_field(field(body, "play"), "play", kMaxPlay);
    if (play.empty()) refuse("play: give the play in PPN (\"-\" when nothing can move)");
    // A roll after the game's end is the replay's to judge, as `ppn validate` judges it.
    const Replayed before = replay_recording(r);
    r.rolls.push_back({before.result.final_game.to_move(), *dice, play});
    return json_reply(state_json(replay_recording(r), std::nullopt));
  });
}

Reply record_bot(const json& body, std::uint64_t seed) {
  return answer([&] {
    Recording r = read_recording(body);
    auto dice = optional_dice(body, r.ludo);
    const Replayed before = replay_recording(r);
    const rules::Game& g = before.result.final_game;
    if (g.over()) throw BadRequest(422, "E-ARGUMENT", "the game is over: no seat throws");
    std::optional<analysis::BotKind> kind;
    if (const std::string b = text_field(field(body, "bot"), "bot", 10); !b.empty()) {
      kind = analysis::bot_kind_of(b);
      if (!kind) refuse("bot: random, greedy, eval, net0 or net1, not \"" + b + "\"");
    } else {
      for (const SeatSpec& s : r.seats)
        if (s.colour == g.to_move()) kind = s.bot;
    }
    if (!kind) refuse("bot: the seat to move is a person's; name a bot to play it");
    if (!analysis::bot_available(*kind, r.ludo)) refuse("bot: " + std::string(analysis::bot_kind_name(*kind)) + " cannot play this board");
    analysis::Rng rng(seed);
    if (!dice) dice = rules::Dice{rng.die(), r.ludo ? 0 : rng.die()};
    const rules::LegalPlays lp = g.legal_plays(*dice);
    const analysis::Evaluator ev(g.options(), {});
    const std::size_t pick = analysis::bot_choice(*kind, ev, g, *dice, lp, rng);
    const ShownPlay shown = shown_play(g, *dice, lp, pick);
    r.rolls.push_back({g.to_move(), *dice, shown.text});
    json out;
    out["dice"] = dice->d2 == 0 ? json::array({dice->d1}) : json::array({dice->d1, dice->d2});
    out["play"] = shown.text;
    out["state"] = state_json(replay_recording(r), std::nullopt);
    return json_reply(out);
  });
}

Reply record_hint(const json& body) {
  return answer([&] {
    const Recording r = read_recording(body);
    const auto dice = optional_dice(body, r.ludo);
    if (!dice) refuse("hint: give the dice of the throw");
    const Replayed before = replay_recording(r);
    const rules::Game& g = before.result.final_game;
    if (g.over()) throw BadRequest(422, "E-ARGUMENT", "the game is over: no seat throws");
    const analysis::NeuralNet* net = analysis::neural_net(r.ludo);
    if (!net) throw BadRequest(501, "E-ARGUMENT", "this ppn has no trained net for the board");
    const rules::LegalPlays lp = g.legal_plays(*dice);
    const int mover = rules::seat_of(g.to_move());
    // Each play's 1-ply value (net_play.hpp net1_value), as the net1 bot scores its candidates.
    std::vector<std::pair<double, std::size_t>> ranked;
    for (std::size_t i = 0; i < lp.plays.size(); ++i) {
      rules::Game after = g;
      after.play_legal(*dice, lp, i);
      ranked.emplace_back(analysis::net1_value(*net, after, mover), i);
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    json plays = json::array();
    for (const auto& [v, i] : ranked) plays.push_back({{"text", shown_play(g, *dice, lp, i).text}, {"equity", v}});
    return json_reply({{"plays", plays}});
  });
}

}  // namespace ppn::serve
