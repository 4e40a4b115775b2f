#include "notation/printer.hpp"

#include <charconv>

namespace ppn {

namespace {

void append_uint(std::string& out, std::uint32_t v) {
  char buf[16];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, res.ptr);
}

void append_minimove(std::string& out, const SquareMove& m) {
  append_square(out, m.from);
  out.push_back('/');
  append_square(out, m.to);
  if (m.capture) out.push_back('x');
}

void append_play(std::string& out, const Roll& r) {
  switch (r.kind) {
    case PlayKind::NoPlay: out.push_back('-'); return;
    case PlayKind::Penalty:
      out += "PENALTY";
      if (r.penalty_move) {
        out.push_back(' ');
        append_minimove(out, *r.penalty_move);
      }
      return;
    case PlayKind::Moves: break;
  }
  bool first = true;
  for (const Step& s : r.steps) {
    if (!first) out.push_back(' ');
    first = false;
    if (s.bonus != 0) {
      out.push_back('+');
      append_uint(out, s.bonus);
      out.push_back(' ');
      if (!s.move) {
        out.push_back('-');
        continue;
      }
    }
    if (!s.move) continue;
    if (s.owner && *s.owner != r.seat) {  // (the roll's own seat is no owner: game.hpp)
      out.push_back(colour_letter(*s.owner));
      out.push_back(':');
    }
    append_minimove(out, *s.move);
  }
}

// Writes tokens separated by one space; after a `;` comment the next token starts a
// continuation line, because such a comment runs to the end of its line.
struct LineWriter {
  std::string& out;
  bool after_line_comment = false;

  void sep() {
    if (after_line_comment) {
      out += "\n  ";
      after_line_comment = false;
    } else {
      out.push_back(' ');
    }
  }
  // A comment containing '}' cannot be a brace comment; it is printed as a `;` comment
  // (comment text never contains a newline, see text_util.hpp normalize_space).
  void comment(const std::string& text) {
    if (text.find('}') != std::string::npos) {
      out += "; ";
      out += text;
      after_line_comment = true;
    } else if (text.empty()) {
      out += "{}";
    } else {
      out += "{ ";
      out += text;
      out += " }";
    }
  }
};

void append_roll(LineWriter& w, const Roll& r, std::uint32_t ordinal);

void append_comments(LineWriter& w, const std::vector<std::string>& comments) {
  for (const auto& c : comments) {
    w.sep();
    w.comment(c);
  }
}

void append_roll(LineWriter& w, const Roll& r, std::uint32_t ordinal) {
  std::string& out = w.out;
  const std::uint32_t number = r.number.value_or(ordinal);
  append_uint(out, number);
  out += ". ";
  out.push_back(colour_letter(r.seat));
  out.push_back(' ');
  out.push_back(static_cast<char>('0' + r.dice[0]));
  if (r.dice[1] != 0) {
    out.push_back('-');
    out.push_back(static_cast<char>('0' + r.dice[1]));
  }
  out += ": ";
  append_play(out, r);
  for (auto nag : r.nags) {
    out.push_back(' ');
    auto sym = nag_symbol(nag);
    if (!sym.empty()) {
      out += sym;
    } else {
      out.push_back('$');
      append_uint(out, nag);
    }
  }
  append_comments(w, r.comments);
  for (const auto& var : r.variations) {
    w.sep();
    out.push_back('(');
    // A variation is an alternative to this roll: its numbering starts at this roll's number.
    std::uint32_t next = number;
    bool first = true;
    for (const Roll& vr : var) {
      if (!first) w.sep();
      first = false;
      append_roll(w, vr, next);
      next = vr.number.value_or(next) + 1;
    }
    if (w.after_line_comment) {
      out += "\n  ";
      w.after_line_comment = false;
    }
    out.push_back(')');
  }
}

void finish_line(LineWriter& w) {
  w.out.push_back('\n');
  w.after_line_comment = false;
}

}  // namespace

std::string quote_tag_value(const std::string& value) {
  std::string out = "\"";
  for (char c : value) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  out.push_back('"');
  return out;
}

void append_ppn(std::string& out, const Game& g) {
  for (const Tag& t : g.tags) {
    out.push_back('[');
    out += t.name;
    out.push_back(' ');
    out += quote_tag_value(t.value);
    out += "]\n";
  }
  if (!g.tags.empty()) out.push_back('\n');
  LineWriter w{out};
  for (const auto& c : g.leading_comments) {
    w.comment(c);
    finish_line(w);
  }
  std::uint32_t next = 1;
  for (const MovetextEntry& e : g.movetext) {
    if (const Roll* r = std::get_if<Roll>(&e)) {
      append_roll(w, *r, next);
      next = r->number.value_or(next) + 1;
    } else if (const auto* o = std::get_if<ObservedPosition>(&e)) {
      out += "@ ";
      out += format_position_id(o->position);
      append_comments(w, o->comments);
    } else if (const auto* wd = std::get_if<Withdrawal>(&e)) {
      out.push_back(colour_letter(wd->seat));
      out += wd->kind == WithdrawalKind::Resigns ? " RESIGNS" : " ABANDONS";
      append_comments(w, wd->comments);
    }
    finish_line(w);
  }
  out.push_back('\n');
}

std::string to_ppn(const Game& g) {
  std::string out;
  append_ppn(out, g);
  return out;
}

std::string to_ppn(const Roll& r, std::uint32_t ordinal) {
  std::string out;
  LineWriter w{out};
  append_roll(w, r, ordinal);
  return out;
}

std::string play_to_ppn(const Roll& r) {
  std::string out;
  append_play(out, r);
  return out;
}

std::string to_ppn(const SquareMove& m) {
  std::string out;
  append_minimove(out, m);
  return out;
}

}  // namespace ppn
