#include "convert/json_game.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

#include "notation/tags.hpp"
#include "notation/text_util.hpp"

namespace ppn::convert::json_form {

namespace {

using nlohmann::json;

json squares_move(const SquareMove& m) {
  return json{{"from", to_string(m.from)}, {"to", to_string(m.to)}, {"capture", m.capture}};
}

json comments_json(const std::vector<std::string>& c) { return json(c); }

json roll_json(const Roll& r) {
  json j{{"type", "roll"}, {"seat", std::string(colour_name(r.seat))}};
  if (r.number) j["number"] = *r.number;
  j["dice"] = r.dice_count() == 1 ? json::array({r.dice[0]}) : json::array({r.dice[0], r.dice[1]});
  switch (r.kind) {
    case PlayKind::NoPlay: j["kind"] = "no_play"; break;
    case PlayKind::Penalty:
      j["kind"] = "penalty";
      if (r.penalty_move) j["penalty"] = squares_move(*r.penalty_move);
      break;
    case PlayKind::Moves: {
      j["kind"] = "moves";
      json steps = json::array();
      for (const auto& s : r.steps) {
        json st = s.move ? squares_move(*s.move) : json::object();
        if (s.owner && s.move && *s.owner != r.seat) st["owner"] = std::string(colour_name(*s.owner));
        if (s.bonus) st["bonus"] = s.bonus;
        if (s.forfeited()) st["forfeited"] = true;
        steps.push_back(std::move(st));
      }
      j["steps"] = std::move(steps);
      break;
    }
  }
  if (!r.nags.empty()) j["nags"] = r.nags;
  if (!r.comments.empty()) j["comments"] = comments_json(r.comments);
  if (!r.variations.empty()) {
    json vars = json::array();
    for (const auto& v : r.variations) {
      json line = json::array();
      for (const auto& vr : v) line.push_back(roll_json(vr));
      vars.push_back(std::move(line));
    }
    j["variations"] = std::move(vars);
  }
  return j;
}

// Reads one game's JSON, naming the JSON pointer of whatever is wrong.
class Reader {
 public:
  std::optional<std::string> game(const json& j, Game& g) {
    if (!j.is_object()) return fail("", "expected a game object");
    if (!j.contains("format") || j["format"] != "ppn-game")
      return fail("/format", "expected \"format\": \"ppn-game\"");
    if (!j.contains("version") || !j["version"].is_number_integer() || j["version"].get<int>() != kVersion)
      return fail("/version", "expected \"version\": " + std::to_string(kVersion));
    if (j.contains("tags")) {
      const json& tags = j["tags"];
      if (!tags.is_array()) return fail("/tags", "expected an array of {\"name\", \"value\"}");
      for (std::size_t i = 0; i < tags.size(); ++i) {
        const std::string at = "/tags/" + std::to_string(i);
        const json& t = tags[i];
        if (!t.is_object() || !t.contains("name") || !t["name"].is_string() || !t.contains("value") ||
            !t["value"].is_string())
          return fail(at, "expected {\"name\": string, \"value\": string}");
        Tag tag{t["name"].get<std::string>(), t["value"].get<std::string>()};
        if (!valid_tag_name(tag.name))
          return fail(at + "/name", "a tag name is a letter followed by letters, digits or '_'");
        if (tag.value.find('\n') != std::string::npos) return fail(at + "/value", "a tag value is one line");
        if (auto e = text_refused(at + "/value", tag.value)) return e;
        // A tag given once in PPN is given once here (notation/SPEC.md 2), as the parser holds it.
        if (std::find(single_valued_tags.begin(), single_valued_tags.end(), tag.name) != single_valued_tags.end())
          for (std::size_t k = 0; k < g.tags.size(); ++k)
            if (g.tags[k].name == tag.name)
              return fail(at + "/name", "duplicate tag [" + tag.name + "] (already given at /tags/" + std::to_string(k) + ")");
        g.tags.push_back(std::move(tag));
      }
      for (const auto& p : check_tags(g)) return fail("/tags/" + std::to_string(p.tag_index) + "/value", p.message);
      // The game holds its tags in canonical order and form (a [Setup]'s pawns sorted, ...), as
      // the parser gives them (notation/game.hpp), so a JSON game and its PPN text are the same
      // game (fuzz findings 6 and 14).
      for (Tag& t : g.tags) t.value = canonical_tag_value(t.name, t.value);
      sort_tags_canonically(g.tags);
    }
    if (auto e = comments(j, "", g.leading_comments)) return e;
    if (j.contains("movetext")) {
      const json& mt = j["movetext"];
      if (!mt.is_array()) return fail("/movetext", "expected an array of entries");
      for (std::size_t i = 0; i < mt.size(); ++i)
        if (auto e = entry(mt[i], "/movetext/" + std::to_string(i), g)) return e;
    }
    // PPN has no text for a game without tags and entries (a text of comments alone is no game
    // at all, notation/SPEC.md), so such a JSON game would be lost on the way to PPN.
    if (g.tags.empty() && g.movetext.empty())
      return fail("", "an empty game: no tags or movetext entries (comments alone are no game)");
    return std::nullopt;
  }

 private:
  static std::optional<std::string> fail(const std::string& pointer, const std::string& message) {
    return "at " + (pointer.empty() ? std::string("/") : pointer) + ": " + message;
  }

  static bool valid_tag_name(const std::string& n) {
    if (n.empty() || !std::isalpha(static_cast<unsigned char>(n[0]))) return false;
    for (char c : n)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return true;
  }

  // Text PPN refuses (a control byte, broken UTF-8: notation/text_util.hpp find_bad_byte) is
  // refused here too, where it is: such a game would not read back from its PPN.
  std::optional<std::string> text_refused(const std::string& at, std::string_view text) {
    if (auto bad = find_bad_byte(text)) return fail(at, bad->second + " at byte " + std::to_string(bad->first + 1));
    return std::nullopt;
  }

  std::optional<std::string> comments(const json& j, const std::string& at, std::vector<std::string>& out) {
    if (!j.contains("comments")) return std::nullopt;
    const json& c = j["comments"];
    if (!c.is_array()) return fail(at + "/comments", "expected an array of strings");
    for (std::size_t i = 0; i < c.size(); ++i) {
      if (!c[i].is_string()) return fail(at + "/comments/" + std::to_string(i), "expected a string");
      if (auto e = text_refused(at + "/comments/" + std::to_string(i), c[i].get<std::string>())) return e;
      // Stored as the PPN reader stores comments (white space collapsed), so that the game
      // prints and reads back unchanged.
      out.push_back(normalize_space(c[i].get<std::string>()));
    }
    return std::nullopt;
  }

  std::optional<std::string> colour(const json& j, const std::string& at, Colour& out) {
    if (!j.is_string()) return fail(at, "expected a colour name");
    auto c = colour_from_name(j.get<std::string>());
    if (!c) return fail(at, "expected green, red, blue or yellow");
    out = *c;
    return std::nullopt;
  }

  std::optional<std::string> square(const json& j, const std::string& at, Square& out) {
    if (!j.is_string()) return fail(at, "expected a square (\"N\", \"12\", \"h3\", \"H\")");
    auto s = parse_square(j.get<std::string>());
    if (!s) return fail(at, "expected a square (\"N\", \"0\"-\"99\", \"h1\"-\"h9\", \"H\"), found \"" + j.get<std::string>() + "\"");
    out = *s;
    return std::nullopt;
  }

  std::optional<std::string> mini_move(const json& j, const std::string& at, SquareMove& out) {
    if (!j.is_object() || !j.contains("from") || !j.contains("to")) return fail(at, "expected {\"from\", \"to\"}");
    if (auto e = square(j["from"], at + "/from", out.from)) return e;
    if (auto e = square(j["to"], at + "/to", out.to)) return e;
    if (j.contains("capture")) {
      if (!j["capture"].is_boolean()) return fail(at + "/capture", "expected true or false");
      out.capture = j["capture"].get<bool>();
    }
    return std::nullopt;
  }

  std::optional<std::string> roll(const json& j, const std::string& at, Roll& r) {
    if (auto e = colour(j.contains("seat") ? j["seat"] : json(), at + "/seat", r.seat)) return e;
    if (j.contains("number")) {
      if (!j["number"].is_number_unsigned() || j["number"].get<std::uint64_t>() > 0xFFFFFFFFull)
        return fail(at + "/number", "expected a move number 0..4294967295");
      r.number = j["number"].get<std::uint32_t>();
    }
    const json& d = j.contains("dice") ? j["dice"] : json();
    if (!d.is_array() || d.empty() || d.size() > 2) return fail(at + "/dice", "expected one or two dice");
    for (std::size_t i = 0; i < d.size(); ++i) {
      if (!d[i].is_number_integer() || d[i].get<int>() < 1 || d[i].get<int>() > 6)
        return fail(at + "/dice/" + std::to_string(i), "expected a die 1..6");
      r.dice[i] = static_cast<std::uint8_t>(d[i].get<int>());
    }
    const std::string kind = j.contains("kind") && j["kind"].is_string() ? j["kind"].get<std::string>() : "";
    if (kind == "no_play") {
      r.kind = PlayKind::NoPlay;
    } else if (kind == "penalty") {
      r.kind = PlayKind::Penalty;
      if (j.contains("penalty")) {
        SquareMove m;
        if (auto e = mini_move(j["penalty"], at + "/penalty", m)) return e;
        // the third doublet sends back a pawn of the mover (PPN has no prefix there)
        if (j["penalty"].is_object() && j["penalty"].contains("owner"))
          return fail(at + "/penalty/owner", "a penalty sends back a pawn of the roll's own seat");
        r.penalty_move = m;
      }
    } else if (kind == "moves") {
      r.kind = PlayKind::Moves;
      const json& steps = j.contains("steps") ? j["steps"] : json();
      if (!steps.is_array() || steps.empty()) return fail(at + "/steps", "expected a non-empty array of steps");
      for (std::size_t i = 0; i < steps.size(); ++i) {
        const std::string sat = at + "/steps/" + std::to_string(i);
        const json& s = steps[i];
        if (!s.is_object()) return fail(sat, "expected a step object");
        Step st;
        if (s.contains("bonus")) {
          if (s["bonus"] != 10 && s["bonus"] != 20) return fail(sat + "/bonus", "expected 10 or 20");
          st.bonus = static_cast<std::uint8_t>(s["bonus"].get<int>());
        }
        const bool forfeited = s.contains("forfeited") && s["forfeited"] == true;
        if (forfeited && !st.bonus) return fail(sat, "only a bonus can be forfeited");
        if (!forfeited) {
          SquareMove m;
          if (auto e = mini_move(s, sat, m)) return e;
          st.move = m;
        }
        if (s.contains("owner")) {
          // Another colour's pawn (notation/SPEC.md 3.1); the roll's own seat is no owner.
          const auto c = s["owner"].is_string() ? colour_from_name(s["owner"].get<std::string>()) : std::nullopt;
          if (!c) return fail(sat + "/owner", "expected a colour name");
          if (forfeited) return fail(sat + "/owner", "a forfeited bonus moves no pawn");
          if (*c != r.seat) st.owner = c;
        }
        r.steps.push_back(st);
      }
    } else {
      return fail(at + "/kind", "expected \"moves\", \"no_play\" or \"penalty\"");
    }
    if (j.contains("nags")) {
      const json& n = j["nags"];
      if (!n.is_array()) return fail(at + "/nags", "expected an array of NAG numbers");
      for (std::size_t i = 0; i < n.size(); ++i) {
        if (!n[i].is_number_unsigned() || n[i].get<unsigned>() > 999)
          return fail(at + "/nags/" + std::to_string(i), "expected a NAG 0..999");
        r.nags.push_back(static_cast<std::uint16_t>(n[i].get<unsigned>()));
      }
    }
    if (auto e = comments(j, at, r.comments)) return e;
    if (j.contains("variations")) {
      const json& vs = j["variations"];
      if (!vs.is_array()) return fail(at + "/variations", "expected an array of roll arrays");
      for (std::size_t i = 0; i < vs.size(); ++i) {
        const std::string vat = at + "/variations/" + std::to_string(i);
        if (!vs[i].is_array() || vs[i].empty()) return fail(vat, "expected a non-empty array of rolls");
        std::vector<Roll> line;
        for (std::size_t k = 0; k < vs[i].size(); ++k) {
          Roll vr;
          const std::string rat = vat + "/" + std::to_string(k);
          if (!vs[i][k].is_object() || vs[i][k].value("type", "") != "roll") return fail(rat, "expected a roll");
          if (auto e = roll(vs[i][k], rat, vr)) return e;
          line.push_back(std::move(vr));
        }
        r.variations.push_back(std::move(line));
      }
    }
    return std::nullopt;
  }

  std::optional<std::string> entry(const json& j, const std::string& at, Game& g) {
    if (!j.is_object() || !j.contains("type") || !j["type"].is_string())
      return fail(at, "expected an entry {\"type\": \"roll\" | \"observed\" | \"withdrawal\", ...}");
    const std::string type = j["type"].get<std::string>();
    if (type == "roll") {
      Roll r;
      if (auto e = roll(j, at, r)) return e;
      g.movetext.emplace_back(std::move(r));
    } else if (type == "observed") {
      ObservedPosition o;
      if (!j.contains("position") || !j["position"].is_string()) return fail(at + "/position", "expected a position ID");
      auto p = parse_position_id(j["position"].get<std::string>());
      if (auto* err = std::get_if<PositionIdError>(&p))
        return fail(at + "/position", "position ID, at character " + std::to_string(err->offset + 1) + ": " + err->message);
      o.position = std::get<PositionDesc>(p);
      if (auto e = comments(j, at, o.comments)) return e;
      g.movetext.emplace_back(std::move(o));
    } else if (type == "withdrawal") {
      Withdrawal w;
      if (auto e = colour(j.contains("seat") ? j["seat"] : json(), at + "/seat", w.seat)) return e;
      const std::string kind = j.contains("kind") && j["kind"].is_string() ? j["kind"].get<std::string>() : "";
      if (kind == "resigns") w.kind = WithdrawalKind::Resigns;
      else if (kind == "abandons") w.kind = WithdrawalKind::Abandons;
      else return fail(at + "/kind", "expected \"resigns\" or \"abandons\"");
      if (auto e = comments(j, at, w.comments)) return e;
      g.movetext.emplace_back(std::move(w));
    } else {
      return fail(at + "/type", "expected \"roll\", \"observed\" or \"withdrawal\"");
    }
    return std::nullopt;
  }
};

}  // namespace

json game_to_json(const Game& g) {
  json j{{"format", "ppn-game"}, {"version", kVersion}};
  json tags = json::array();
  for (const auto& t : g.tags) tags.push_back(json{{"name", t.name}, {"value", t.value}});
  j["tags"] = std::move(tags);
  if (!g.leading_comments.empty()) j["comments"] = comments_json(g.leading_comments);
  json mt = json::array();
  for (const auto& e : g.movetext) {
    if (const auto* r = std::get_if<Roll>(&e)) {
      mt.push_back(roll_json(*r));
    } else if (const auto* o = std::get_if<ObservedPosition>(&e)) {
      json oj{{"type", "observed"}, {"position", format_position_id(o->position)}};
      if (!o->comments.empty()) oj["comments"] = comments_json(o->comments);
      mt.push_back(std::move(oj));
    } else if (const auto* w = std::get_if<Withdrawal>(&e)) {
      json wj{{"type", "withdrawal"},
              {"seat", std::string(colour_name(w->seat))},
              {"kind", w->kind == WithdrawalKind::Resigns ? "resigns" : "abandons"}};
      if (!w->comments.empty()) wj["comments"] = comments_json(w->comments);
      mt.push_back(std::move(wj));
    }
  }
  j["movetext"] = std::move(mt);
  return j;
}

namespace {

// Move numbers left out ("number" is optional) are filled in the way the PPN parser fills
// them (notation/SPEC.md 3.1; parser/grammar_def.hpp number_roll): the previous roll's number
// + 1, and a variation starts at the number of the roll it replaces. So a game read from JSON
// equals the same game read from its PPN text (found by fuzzing: a roll without "number"
// printed to PPN and read back got its number, tests/fuzz_regressions/json_game/).
void fill_numbers(std::vector<Roll>& line, std::uint32_t next);

void fill_number(Roll& r, std::uint32_t& next) {
  if (!r.number) r.number = next;
  next = *r.number + 1;
  for (auto& v : r.variations) fill_numbers(v, *r.number);
}

void fill_numbers(std::vector<Roll>& line, std::uint32_t next) {
  for (Roll& r : line) fill_number(r, next);
}

}  // namespace

Result<Game> game_from_json(const json& j) {
  Game g;
  if (auto e = Reader().game(j, g)) {
    Diagnostic err = nu::syntax_error();
    err.message = *e;
    return Result<Game>(std::move(err));
  }
  std::uint32_t next = 1;
  for (auto& e : g.movetext)
    if (Roll* r = std::get_if<Roll>(&e)) fill_number(*r, next);
  return Result<Game>(std::move(g));
}

void read_games(std::string_view text, const std::string& source, const std::function<void(Game&)>& on_game,
                std::vector<Diagnostic>& problems) {
  int no = 0;
  std::size_t pos = 0;
  while (pos < text.size()) {
    auto nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++no;
    if (trim(line).empty()) continue;
    Diagnostic err = nu::syntax_error();
    err.file = source;
    err.line = static_cast<std::uint32_t>(no);
    err.column = 1;
    json j;
    try {
      j = json::parse(line);
    } catch (const json::parse_error& e) {
      err.column = static_cast<std::uint32_t>(std::max<std::size_t>(e.byte, 1));
      err.message = std::string("malformed JSON: ") + e.what() + "; the line is skipped";
      problems.push_back(std::move(err));
      continue;
    } catch (const json::exception& e) {  // e.g. a number too large for a double (1e999)
      err.message = std::string("unreadable JSON: ") + e.what() + "; the line is skipped";
      problems.push_back(std::move(err));
      continue;
    }
    auto g = game_from_json(j);
    if (!g.ok()) {
      err.message = g.error().message + "; the game is skipped";
      problems.push_back(std::move(err));
      continue;
    }
    g->source_file = source;
    g->source_line = static_cast<std::uint32_t>(no);
    on_game(*g);
  }
}

const convert::Reader reader = {
    "json", "ppn's JSON form of games (convert/JSON.md)",
    [](std::string_view head, std::string_view) { return head.find("\"ppn-game\"") != std::string_view::npos; },
    [](std::istream& in, const std::string& source, const GameSink& on_game) {
      return read_whole(in, source, [&](const std::string& text) {
        ReadOutcome out;
        read_games(text, source, on_game, out.problems);
        return out;
      });
    },
};

const convert::Writer writer = {
    "json", "ppn's JSON form of games, one per line (convert/JSON.md)",
    [](const Game& g, std::ostream& out, std::ostream&) {
      out << game_to_json(g).dump() << "\n";
      return 0;
    },
};

}  // namespace ppn::convert::json_form
