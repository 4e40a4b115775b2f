#include "notation/tags.hpp"

#include <variant>

#include "notation/text_util.hpp"

namespace ppn {

namespace {

// Splits on white space.
std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    std::size_t start = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

std::optional<Colour> colour_word(std::string_view w) {
  if (w.size() == 1) return colour_from_letter(w[0]);
  return colour_from_name(w);
}

std::optional<std::vector<Colour>> colour_list(std::string_view value) {
  std::vector<Colour> out;
  for (auto w : words(value)) {
    auto c = colour_word(w);
    if (!c) return std::nullopt;
    for (Colour seen : out) {
      if (seen == *c) return std::nullopt;
    }
    out.push_back(*c);
  }
  if (out.empty()) return std::nullopt;
  return out;
}

std::string colour_names(const std::vector<Colour>& cs) {
  std::string out;
  for (Colour c : cs) {
    if (!out.empty()) out.push_back(' ');
    out += colour_name(c);
  }
  return out;
}

}  // namespace

std::optional<GameKind> parse_game_kind(std::string_view value) {
  value = trim(value);
  if (iequals(value, "parcheesi")) return GameKind::Parcheesi;
  if (iequals(value, "ludo")) return GameKind::Ludo;
  return std::nullopt;
}

std::string_view game_kind_name(GameKind k) { return k == GameKind::Ludo ? "ludo" : "parcheesi"; }

std::optional<std::vector<Colour>> parse_seats(std::string_view value) { return colour_list(value); }

std::optional<GameResult> parse_result(std::string_view value) {
  if (trim(value) == "*") return GameResult{};
  auto list = colour_list(value);
  if (!list) return std::nullopt;
  return GameResult{true, std::move(*list)};
}

std::optional<OptionOverride> parse_option(std::string_view value) {
  value = trim(value);
  auto eq = value.find('=');
  if (eq == std::string_view::npos || eq == 0 || eq + 1 == value.size()) return std::nullopt;
  auto name = value.substr(0, eq);
  auto val = value.substr(eq + 1);
  for (char c : name) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_')) return std::nullopt;
  }
  for (char c : val) {
    if (is_space(c) || c == '=') return std::nullopt;
  }
  return OptionOverride{std::string(name), std::string(val)};
}

std::vector<OptionOverride> game_options(const Game& g) {
  std::vector<OptionOverride> out;
  for (auto v : g.tag_values("Option")) {
    if (auto o = parse_option(v)) out.push_back(std::move(*o));
  }
  return out;
}

std::optional<PositionDesc> game_setup(const Game& g) {
  const Tag* t = g.find_tag("Setup");
  if (t == nullptr) return std::nullopt;
  auto r = parse_position_id(t->value);
  if (auto* p = std::get_if<PositionDesc>(&r)) return std::move(*p);
  return std::nullopt;
}

std::vector<TagProblem> check_tags(const Game& g) {
  std::vector<TagProblem> out;
  for (std::size_t i = 0; i < g.tags.size(); ++i) {
    const Tag& t = g.tags[i];
    if (t.name == "Game" && !parse_game_kind(t.value)) {
      out.push_back({i, "[Game] must be \"parcheesi\" or \"ludo\""});
    } else if (t.name == "Seats" && !parse_seats(t.value)) {
      out.push_back({i, "[Seats] must list distinct colours (green red blue yellow)"});
    } else if (t.name == "Observer" && !parse_seats(t.value)) {
      out.push_back({i, "[Observer] must list distinct colours (green red blue yellow)"});
    } else if (t.name == "Result" && !parse_result(t.value)) {
      out.push_back({i, "[Result] must be \"*\" or distinct colours in finishing order"});
    } else if (t.name == "Option" && !parse_option(t.value)) {
      out.push_back({i, "[Option] must be \"name=value\" (name: a-z, 0-9, _)"});
    } else if (t.name == "Setup") {
      auto r = parse_position_id(t.value);
      if (auto* e = std::get_if<PositionIdError>(&r)) {
        out.push_back({i, "[Setup] position ID, at character " + std::to_string(e->offset + 1) + ": " + e->message});
      }
    }
  }
  return out;
}

std::string canonical_tag_value(std::string_view name, std::string_view value) {
  if (name == "Game") {
    if (auto k = parse_game_kind(value)) return std::string(game_kind_name(*k));
  } else if (name == "Seats" || name == "Observer") {
    if (auto s = parse_seats(value)) return colour_names(*s);
  } else if (name == "Result") {
    if (auto r = parse_result(value)) return r->finished ? colour_names(r->ranking) : "*";
  } else if (name == "Option") {
    if (auto o = parse_option(value)) return o->name + "=" + o->value;
  } else if (name == "Setup") {
    auto r = parse_position_id(value);
    if (auto* p = std::get_if<PositionDesc>(&r)) return format_position_id(*p);
  }
  return std::string(value);
}

}  // namespace ppn
