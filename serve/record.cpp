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

// A text field, into `out` ("" when absent); or why it is refused.
std::optional<Refusal> text_field(const json& v, const std::string& what, std::size_t max, std::string& out) {
  out.clear();
  if (v.is_null()) return std::nullopt;
  if (!v.is_string()) return bad_request(what + " is not a string");
  const auto& s = v.get_ref<const std::string&>();
  if (s.size() > max) return bad_request(what + " is longer than " + std::to_string(max) + " bytes");
  for (const char c : s)
    if (static_cast<unsigned char>(c) < 0x20) return bad_request(what + " holds a control character");
  out = s;
  return std::nullopt;
}

// A throw's dice, into `out`; or why they are refused.
std::optional<Refusal> read_dice(const json& v, bool ludo, rules::Dice& out) {
  if (!v.is_array() || v.size() != (ludo ? 1u : 2u))
    return bad_request(ludo ? "dice: a Ludo throw is one die, [6]" : "dice: a Parcheesi throw is two dice, [5, 3]");
  int d[2] = {0, 0};
  for (std::size_t i = 0; i < v.size(); ++i) {
    // Read whole before the check: a value past `int` must not wrap onto a die.
    if (!v[i].is_number_integer() || v[i].get<std::int64_t>() < 1 || v[i].get<std::int64_t>() > 6)
      return bad_request("dice: a die shows 1 to 6");
    d[i] = static_cast<int>(v[i].get<std::int64_t>());
  }
  out = {d[0], d[1]};
  return std::nullopt;
}

// A colour field (green, red, blue, yellow, any case), into `out`; or why it is refused.
std::optional<Refusal> colour_field(const json& v, const std::string& why, Colour& out) {
  std::string text;
  if (auto no = text_field(v, why, 10, text)) return no;
  const auto c = colour_from_name(text);
  if (!c) return bad_request(why);
  out = *c;
  return std::nullopt;
}

// A bot's name, into `out` (nullopt: a person); or why it is refused.
std::optional<Refusal> bot_field(const json& v, std::optional<analysis::BotKind>& out) {
  std::string b;
  if (auto no = text_field(v, "bot", 10, b)) return no;
  out.reset();
  if (b.empty()) return std::nullopt;
  out = analysis::bot_kind_of(b);
  if (!out) return bad_request("bot: random, greedy, eval, net0 or net1, not \"" + b + "\"");
  return std::nullopt;
}

Checked<Recording> read_recording(const json& body) {
  if (!body.is_object()) return bad_request("the body is not a JSON object");
  Recording r;
  if (auto no = text_field(field(body, "profile"), "profile", 40, r.profile)) return *no;
  if (r.profile.empty()) r.profile = std::string(rules::kDefaultParcheesiProfile);
  if (!rules::profile_options(r.profile).ok())
    return bad_request("profile: no profile is called \"" + r.profile + "\" (" + rules::profile_names() + ")");
  r.ludo = rules::is_ludo_profile(r.profile);
  const json& seats = field(body, "seats");
  if (!seats.is_array() || seats.size() < 2 || seats.size() > 4) return bad_request("seats: 2 to 4 seats, in the order turns pass");
  for (const json& s : seats) {
    if (!s.is_object()) return bad_request("seats: each seat is an object {colour, name, bot}");
    SeatSpec spec;
    if (auto no = colour_field(field(s, "colour"), "seats: colour is green, red, blue or yellow", spec.colour)) return *no;
    for (const SeatSpec& o : r.seats)
      if (o.colour == spec.colour) return bad_request("seats: " + std::string(colour_name(spec.colour)) + " is seated twice");
    if (auto no = text_field(field(s, "name"), "name", kMaxName, spec.name)) return *no;
    if (auto no = bot_field(field(s, "bot"), spec.bot)) return *no;
    r.seats.push_back(std::move(spec));
  }
  const json& rolls = field(body, "rolls");
  if (!rolls.is_null() && !rolls.is_array()) return bad_request("rolls: a list of {seat, dice, play}");
  if (rolls.is_array() && rolls.size() > kMaxRolls) return bad_request("rolls: more than " + std::to_string(kMaxRolls));
  if (rolls.is_array())
    for (const json& x : rolls) {
      if (!x.is_object()) return bad_request("rolls: each roll is an object {seat, dice, play}");
      RollSpec spec;
      if (auto no = colour_field(field(x, "seat"), "rolls: seat is the colour that threw", spec.seat)) return *no;
      if (auto no = read_dice(field(x, "dice"), r.ludo, spec.dice)) return *no;
      if (auto no = text_field(field(x, "play"), "play", kMaxPlay, spec.play)) return *no;
      if (spec.play.empty()) return bad_request("rolls: a roll's play is empty (a throw with no legal play is \"-\")");
      r.rolls.push_back(std::move(spec));
    }
  return r;
}

json dice_json(rules::Dice d) { return d.d2 == 0 ? json::array({d.d1}) : json::array({d.d1, d.d2}); }

std::string dice_text(rules::Dice d) {
  return d.d2 == 0 ? std::to_string(d.d1) : std::to_string(d.d1) + "-" + std::to_string(d.d2);
}

// The record as PPN text: its tags, then one line per roll.
std::string record_text(const Recording& r) {
  std::string t = "[Event \"ppn serve\"]\n[Game \"" + std::string(r.ludo ? "ludo" : "parcheesi") + "\"]\n[Variant \"" +
                  r.profile + "\"]\n[Seats \"";
  for (std::size_t i = 0; i < r.seats.size(); ++i) t += (i ? " " : "") + std::string(colour_name(r.seats[i].colour));
  t += "\"]\n";
  for (const SeatSpec& s : r.seats) {
    std::string name = s.name;
    if (name.empty() && s.bot) name = std::string(analysis::bot_kind_name(*s.bot)) + " bot";
    if (name.empty()) continue;
    std::string tag(colour_name(s.colour));
    tag[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(tag[0])));
    t += "[" + tag + " " + quote_tag_value(name) + "]\n";
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
Checked<Replayed> replay_recording(const Recording& r) {
  const std::string text = record_text(r);
  auto parsed = parser::parse_game(text, "record");
  if (auto* e = std::get_if<parser::ParseError>(&parsed)) {
    // Roll k stands on line k after the tags and their blank line.
    const auto head = static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(text.find("\n\n") + 2), '\n'));
    json extra = {{"citation", ""}};
    if (e->line > head) extra["roll"] = e->line - head;
    return Refusal{422, std::string(e->name()), e->message, extra};
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
    return Refusal{422, "E-SYNTAX", "a play is the play of one roll, as `legal` lists it (no comment, no other roll)"};
  replay::ReplayConfig cfg;
  cfg.on_error = replay::OnError::keep_prefix;
  out.result = replay::replay_game(out.game, cfg);
  for (const auto& d : out.result.diagnostics) {
    if (d.severity != Severity::error) continue;
    // `text`: the message as `ppn validate` prints it (with its citation).
    json extra = {{"citation", std::string(d.citation)}, {"alternatives", d.alternatives}, {"text", d.text()}};
    if (d.roll_index >= 0) extra["roll"] = d.roll_index + 1;
    return Refusal{422, std::string(d.name()), d.message, extra};
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
  s["to_move"] = std::string(colour_name(g.to_move()));
  s["doublets"] = g.doublets();
  s["over"] = g.over();
  json ranking = json::array();
  for (const Colour c : g.ranking()) ranking.push_back(std::string(colour_name(c)));
  s["ranking"] = ranking;
  s["rolls"] = rp.result.rolls;
  if (dice && !g.over()) {
    s["dice"] = dice_json(*dice);
    const rules::LegalPlays lp = g.legal_plays(*dice);
    json legal = json::array();
    for (std::size_t i = 0; i < lp.plays.size(); ++i) legal.push_back(play_json(shown_play(g, *dice, lp, i), g.geometry()));
    s["legal"] = legal;
  }
  return s;
}

// The throw the request names ("dice"), nullopt when it names none; or why it is refused.
std::optional<Refusal> optional_dice(const json& body, bool ludo, std::optional<rules::Dice>& out) {
  out.reset();
  const json& d = field(body, "dice");
  if (d.is_null()) return std::nullopt;
  rules::Dice dice;
  if (auto no = read_dice(d, ludo, dice)) return no;
  out = dice;
  return std::nullopt;
}

// A game recorded so far, replayed: the step every scorekeeper request starts with.
struct Request {
  Recording recording;
  std::optional<rules::Dice> dice;
  Replayed before;
};

// `needs`: what the request must give besides the record ("dice"), checked before the replay.
Checked<Request> read_request(const json& body, const char* needs = nullptr) {
  auto r = read_recording(body);
  if (!r) return r.refusal();
  std::optional<rules::Dice> dice;
  if (auto no = optional_dice(body, r->ludo, dice)) return *no;
  if (needs && !dice) return bad_request(std::string(needs) + ": give the dice of the throw");
  auto replayed = replay_recording(*r);
  if (!replayed) return replayed.refusal();
  return Request{std::move(*r), dice, std::move(*replayed)};
}

// The state after `r`'s rolls (replayed again: the state of a request is its record's).
Reply state_reply(const Recording& r, const std::optional<rules::Dice>& dice, json wrap = nullptr,
                  const char* key = nullptr) {
  auto after = replay_recording(r);
  if (!after) return after.refusal().reply();
  json state = state_json(*after, dice);
  if (!key) return json_reply(state);
  wrap[key] = std::move(state);
  return json_reply(wrap);
}

}  // namespace

Reply record_state(const json& body) {
  auto q = read_request(body);
  if (!q) return q.refusal().reply();
  return json_reply(state_json(q->before, q->dice));
}

Reply record_play(const json& body) {
  auto q = read_request(body, "play");
  if (!q) return q.refusal().reply();
  std::string play;
  if (auto no = text_field(field(body, "play"), "play", kMaxPlay, play)) return no->reply();
  if (play.empty()) return bad_request("play: give the play in PPN (\"-\" when nothing can move)").reply();
  // A roll after the game's end is the replay's to judge, as `ppn validate` judges it.
  q->recording.rolls.push_back({q->before.result.final_game.to_move(), *q->dice, play});
  return state_reply(q->recording, std::nullopt);
}

Reply record_bot(const json& body, std::uint64_t seed) {
  auto q = read_request(body);
  if (!q) return q.refusal().reply();
  const rules::Game& g = q->before.result.final_game;
  if (g.over()) return Refusal{422, "E-ARGUMENT", "the game is over: no seat throws"}.reply();
  std::optional<analysis::BotKind> kind;
  if (auto no = bot_field(field(body, "bot"), kind)) return no->reply();
  if (!kind)
    for (const SeatSpec& s : q->recording.seats)
      if (s.colour == g.to_move()) kind = s.bot;
  if (!kind) return bad_request("bot: the seat to move is a person's; name a bot to play it").reply();
  if (!analysis::bot_available(*kind, q->recording.ludo))
    return bad_request("bot: " + std::string(analysis::bot_kind_name(*kind)) + " cannot play this board").reply();
  analysis::Rng rng(seed);
  const rules::Dice dice = q->dice ? *q->dice : rules::Dice{rng.die(), q->recording.ludo ? 0 : rng.die()};
  const rules::LegalPlays lp = g.legal_plays(dice);
  const analysis::Evaluator ev(g.options(), {});
  const ShownPlay shown = shown_play(g, dice, lp, analysis::bot_choice(*kind, ev, g, dice, lp, rng));
  q->recording.rolls.push_back({g.to_move(), dice, shown.text});
  return state_reply(q->recording, std::nullopt, {{"dice", dice_json(dice)}, {"play", shown.text}}, "state");
}

Reply record_hint(const json& body) {
  auto q = read_request(body, "hint");
  if (!q) return q.refusal().reply();
  const rules::Game& g = q->before.result.final_game;
  if (g.over()) return Refusal{422, "E-ARGUMENT", "the game is over: no seat throws"}.reply();
  const analysis::NeuralNet* net = analysis::neural_net(q->recording.ludo);
  if (!net) return Refusal{501, "E-ARGUMENT", "this ppn has no trained net for the board"}.reply();
  const rules::LegalPlays lp = g.legal_plays(*q->dice);
  const int mover = rules::seat_of(g.to_move());
  // Each play's 1-ply value (net_play.hpp net1_value), as the net1 bot scores its candidates.
  std::vector<std::pair<double, std::size_t>> ranked;
  for (std::size_t i = 0; i < lp.plays.size(); ++i) {
    rules::Game after = g;
    after.play_legal(*q->dice, lp, i);
    ranked.emplace_back(analysis::net1_value(*net, after, mover), i);
  }
  std::stable_sort(ranked.begin(), ranked.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  json plays = json::array();
  for (const auto& [v, i] : ranked) plays.push_back({{"text", shown_play(g, *q->dice, lp, i).text}, {"equity", v}});
  return json_reply({{"plays", plays}});
}

}  // namespace ppn::serve
