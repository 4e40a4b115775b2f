#include "db/game_rows.hpp"

#include <algorithm>

#include "notation/printer.hpp"
#include "notation/tags.hpp"

namespace ppn::db {

namespace {

// The setup part of the checksum: what decides how the rolls are read. The tags are taken
// in a canonical spelling so that `G Y` and `green yellow` are one setup.
void hash_setup(const Game& g, Fnv64& h) {
  std::string variant(g.tag_value("Variant"));
  std::transform(variant.begin(), variant.end(), variant.begin(), [](unsigned char c) { return std::tolower(c); });
  h.add("V=");
  h.add(variant);
  for (auto o : g.tag_values("Option")) {
    h.add("\nO=");
    h.add(o);
  }
  h.add("\nS=");
  if (auto seats = parse_seats(g.tag_value("Seats")))
    for (auto c : *seats) h.add(std::string_view(&"GRBY"[static_cast<int>(c)], 1));
  else h.add(g.tag_value("Seats"));
  if (const auto* setup = g.find_tag("Setup")) {
    h.add("\nP=");
    auto p = parse_position_id(setup->value);
    if (auto* d = std::get_if<PositionDesc>(&p)) h.add(format_position_id(*d));
    else h.add(setup->value);
  }
}


// The text a main-line roll adds to the checksum: "\nG 5-3: N/0 0/3".
void roll_line(const Roll& r, const std::string& play, std::string& text) {
  text.clear();
  text += '\n';
  text += colour_letter(r.seat);
  text += ' ';
  text += static_cast<char>('0' + r.dice[0]);
  if (r.dice[1]) {
    text += '-';
    text += static_cast<char>('0' + r.dice[1]);
  }
  text += ": ";
  text += play;
}

void hash_other(const MovetextEntry& e, Fnv64& h) {
  if (const auto* o = std::get_if<ObservedPosition>(&e)) {
    h.add("\n@ ");
    h.add(format_position_id(o->position));
  } else if (const auto* w = std::get_if<Withdrawal>(&e)) {
    h.add("\n");
    h.add(std::string_view(&"GRBY"[static_cast<int>(w->seat)], 1));
    h.add(w->kind == WithdrawalKind::Resigns ? " RESIGNS" : " ABANDONS");
  }
}

}  // namespace

std::uint64_t game_checksum(const Game& game) {
  Fnv64 h;
  hash_setup(game, h);
  std::string text;
  for (const auto& e : game.movetext) {
    if (const auto* r = std::get_if<Roll>(&e)) {
      roll_line(*r, play_to_ppn(*r), text);
      h.add(text);
    } else hash_other(e, h);
  }
  return h.h;
}

void fill_record_rows(const Game& game, const replay::ReplayConfig& cfg, GameRows& out) {
  out.known_duplicate = false;
  out.known_as = 0;
  out.source_file = game.source_file;
  out.source_line = game.source_line;
  out.result = std::string(game.tag_value("Result"));
  out.tags = game.tags;
  out.ppn.clear();
  append_ppn(out.ppn, game);
  out.on_error = std::string(replay::on_error_name(cfg.on_error));
  out.rolls.clear();

  // Checksums: the setup, then every main-line entry (a roll without its number, comments
  // and NAGs; an observed position; a withdrawal). line_hash of roll k is the checksum of the
  // game cut after roll k, so "is this game a prefix of that one" is one comparison.
  Fnv64 h;
  hash_setup(game, h);
  out.setup_hash = h.h;
  std::string text;
  for (const auto& e : game.movetext) {
    if (const auto* r = std::get_if<Roll>(&e)) {
      RollRow row;
      row.play = play_to_ppn(*r);
      row.kind = r->kind;
      roll_line(*r, row.play, text);
      h.add(text);
      row.colour = r->seat;
      row.die1 = r->dice[0];
      row.die2 = r->dice[1];
      row.line = r->line;
      row.number = r->number.value_or(static_cast<std::uint32_t>(out.rolls.size() + 1));
      row.line_hash = h.h;
      out.rolls.push_back(std::move(row));
    } else hash_other(e, h);
  }
  out.checksum = h.h;
}

}  // namespace ppn::db
