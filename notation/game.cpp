#include "notation/game.hpp"

#include <algorithm>

namespace ppn {

std::string_view nag_symbol(unsigned nag) {
  static constexpr std::string_view symbols[] = {"", "!", "?", "!!", "??", "!?", "?!"};
  return nag >= 1 && nag <= 6 ? symbols[nag] : std::string_view{};
}

bool operator==(const Roll& a, const Roll& b) {
  return a.number == b.number && a.seat == b.seat && a.dice == b.dice && a.kind == b.kind &&
         a.steps == b.steps && a.penalty_move == b.penalty_move && a.nags == b.nags &&
         a.comments == b.comments && a.variations == b.variations;
}

bool operator==(const ObservedPosition& a, const ObservedPosition& b) {
  return a.position == b.position && a.comments == b.comments;
}

bool operator==(const Withdrawal& a, const Withdrawal& b) {
  return a.seat == b.seat && a.kind == b.kind && a.comments == b.comments;
}

bool operator==(const Game& a, const Game& b) {
  return a.tags == b.tags && a.leading_comments == b.leading_comments && a.movetext == b.movetext;
}

const Tag* Game::find_tag(std::string_view name) const {
  for (const auto& t : tags) {
    if (t.name == name) return &t;
  }
  return nullptr;
}

std::string_view Game::tag_value(std::string_view name) const {
  const Tag* t = find_tag(name);
  return t != nullptr ? std::string_view(t->value) : std::string_view{};
}

std::string_view Game::player(Colour c) const {
  std::string tag(colour_name(c));
  tag[0] = static_cast<char>(tag[0] - 'a' + 'A');
  return tag_value(tag);
}

std::vector<std::string_view> Game::tag_values(std::string_view name) const {
  std::vector<std::string_view> out;
  for (const auto& t : tags) {
    if (t.name == name) out.emplace_back(t.value);
  }
  return out;
}

void Game::set_tag(std::string_view name, std::string_view value) {
  for (auto& t : tags) {
    if (t.name == name) {
      t.value = value;
      return;
    }
  }
  tags.push_back(Tag{std::string(name), std::string(value)});
}

std::size_t Game::roll_count() const {
  return static_cast<std::size_t>(std::count_if(movetext.begin(), movetext.end(), [](const MovetextEntry& e) {
    return std::holds_alternative<Roll>(e);
  }));
}

void sort_tags_canonically(std::vector<Tag>& tags) {
  auto rank = [](const Tag& t) -> std::size_t {
    for (std::size_t i = 0; i < tag_roster.size(); ++i) {
      if (tag_roster[i] == t.name) return i;
    }
    return tag_roster.size();
  };
  std::stable_sort(tags.begin(), tags.end(), [&](const Tag& a, const Tag& b) { return rank(a) < rank(b); });
}

std::string player_key(const Game& game, Colour c) {
  if (const auto p = game.player(c); !p.empty()) return std::string(p);
  return "(" + std::string(colour_name(c)) + ")";
}

namespace {
// The numbering of one line of rolls (the main line, or a variation starting at `next`).
struct RollSequence {
  std::optional<std::uint32_t> next;  // the number the next roll gets; unset before the first
  bool unseen = false;                // an observed position since the previous roll

  void roll(Roll& r) {
    if (!next) next = r.number.value_or(1);
    if (!(unseen && r.number && *r.number > *next)) r.number = *next;
    unseen = false;
    for (auto& variation : r.variations) {
      RollSequence inner{r.number};
      for (Roll& vr : variation) inner.roll(vr);
    }
    next = *r.number + 1;
  }
};
}  // namespace

void renumber_rolls(Game& game) {
  RollSequence sequence;
  for (MovetextEntry& e : game.movetext) {
    if (Roll* r = std::get_if<Roll>(&e)) sequence.roll(*r);
    else if (std::holds_alternative<ObservedPosition>(e)) sequence.unseen = true;
  }
}

}  // namespace ppn
