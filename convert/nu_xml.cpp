#include "convert/nu_xml.hpp"

#include <algorithm>
#include <charconv>
#include <climits>
#include <fstream>
#include <pugixml.hpp>

#include "io/input.hpp"

namespace ppn::convert {

std::string located(const Diagnostic& e) {
  std::string s = e.file;
  if (e.line > 0) {
    if (!s.empty()) s += ':';
    s += std::to_string(e.line);
    if (e.column > 0) s += ':' + std::to_string(e.column);
  }
  if (!s.empty()) s += ": ";
  return s + e.message;
}

}  // namespace ppn::convert

namespace ppn::convert::nu {

Diagnostic syntax_error(std::string message) { return failure(Code::syntax, std::move(message)); }

namespace {

using OptError = std::optional<Diagnostic>;

// The text being parsed and where it sits in its file: turns pugixml byte offsets into
// line/column.
class Ctx {
 public:
  Ctx(std::string_view text, const TextOrigin& origin) : text_(text), origin_(origin) {}

  Diagnostic at_offset(std::ptrdiff_t offset, std::string message) const {
    Diagnostic e = syntax_error(std::move(message));
    e.file = origin_.source;
    if (offset < 0) return e;
    const auto end = std::min<std::size_t>(static_cast<std::size_t>(offset), text_.size());
    int line = origin_.line;
    std::size_t line_start = 0;
    for (std::size_t i = 0; i < end; ++i)
      if (text_[i] == '\n') {
        ++line;
        line_start = i + 1;
      }
    e.line = static_cast<std::uint32_t>(line);
    e.column = static_cast<std::uint32_t>(end - line_start) + 1;
    return e;
  }
  // Points at the '<' of an element (pugixml reports the offset of its name).
  Diagnostic at(pugi::xml_node n, std::string message) const {
    std::ptrdiff_t off = n ? n.offset_debug() : -1;
    if (n.type() == pugi::node_element && off > 0) --off;
    return at_offset(off, std::move(message));
  }

 private:
  std::string_view text_;
  const TextOrigin& origin_;
};

std::string tag(const char* name) { return std::string("<") + name + ">"; }
std::string tag(pugi::xml_node n) { return tag(n.name()); }

bool blank(std::string_view s) {
  return s.find_first_not_of(" \t\r\n") == std::string_view::npos;
}
std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}

// Text content of a leaf element (pcdata and cdata pieces joined); an element inside it is
// an error.
OptError leaf_text(const Ctx& cx, pugi::xml_node n, std::string& out) {
  out.clear();
  for (auto c : n.children()) {
    if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata) out += c.value();
    else if (c.type() == pugi::node_element)
      return cx.at(c, "unexpected element " + tag(c) + " inside " + tag(n) + ", expected text");
  }
  return std::nullopt;
}

OptError read_int(const Ctx& cx, pugi::xml_node n, long lo, long hi, int& out) {
  std::string raw;
  if (auto e = leaf_text(cx, n, raw)) return e;
  const std::string_view t = trim(raw);
  long v = 0;
  const auto* first = t.data();
  const auto* last = t.data() + t.size();
  auto [p, ec] = std::from_chars(first, last, v);
  const auto range = std::to_string(lo) + ".." + std::to_string(hi);
  if (t.empty() || ec != std::errc{} || p != last)
    return cx.at(n, tag(n) + ": expected an integer " + range + ", found '" + std::string(t) + "'");
  if (v < lo || v > hi)
    return cx.at(n, tag(n) + ": " + std::to_string(v) + " is out of range " + range);
  out = static_cast<int>(v);
  return std::nullopt;
}

// Children of a structured element: no text, and only elements named in `names`, each
// exactly once, stored in `out` in the order of `names`.
template <std::size_t N>
OptError fields(const Ctx& cx, pugi::xml_node n, const std::array<const char*, N>& names,
                std::array<pugi::xml_node, N>& out) {
  auto expected = [&] {
    std::string s;
    for (std::size_t i = 0; i < N; ++i) s += (i ? ", " : "") + tag(names[i]);
    return s;
  };
  for (auto c : n.children()) {
    if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata) {
      if (blank(c.value())) continue;
      return cx.at(c, "unexpected text '" + std::string(trim(c.value())) + "' in " + tag(n));
    }
    if (c.type() != pugi::node_element) continue;
    std::size_t i = 0;
    while (i < N && std::string_view(c.name()) != names[i]) ++i;
    if (i == N)
      return cx.at(c, "unexpected element " + tag(c) + " in " + tag(n) + ", expected " + expected());
    if (out[i]) return cx.at(c, "duplicate " + tag(c) + " in " + tag(n));
    out[i] = c;
  }
  for (std::size_t i = 0; i < N; ++i)
    if (!out[i]) return cx.at(n, tag(n) + " lacks " + tag(names[i]));
  return std::nullopt;
}

// The element children of a list element (<start>, <moves>, ...); text is an error.
OptError items(const Ctx& cx, pugi::xml_node n, std::vector<pugi::xml_node>& out) {
  out.clear();
  for (auto c : n.children()) {
    if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata) {
      if (blank(c.value())) continue;
      return cx.at(c, "unexpected text '" + std::string(trim(c.value())) + "' in " + tag(n));
    }
    if (c.type() == pugi::node_element) out.push_back(c);
  }
  return std::nullopt;
}

OptError expect_name(const Ctx& cx, pugi::xml_node n, const char* name, const char* in) {
  if (std::string_view(n.name()) == name) return std::nullopt;
  return cx.at(n, "unexpected element " + tag(n) + " in " + tag(in) + ", expected " + tag(name));
}

OptError read_pawn(const Ctx& cx, pugi::xml_node n, Pawn& out) {
  std::array<pugi::xml_node, 2> f{};
  if (auto e = fields(cx, n, std::array<const char*, 2>{"color", "id"}, f)) return e;
  std::string raw;
  if (auto e = leaf_text(cx, f[0], raw)) return e;
  const auto colour = colour_from_name(trim(raw));
  if (!colour)
    return cx.at(f[0], "<color>: expected green, red, blue or yellow, found '" +
                           std::string(trim(raw)) + "'");
  int id = 0;
  if (auto e = read_int(cx, f[1], 0, kPawnsPerColour - 1, id)) return e;
  out.colour = *colour;
  out.id = static_cast<std::uint8_t>(id);
  return std::nullopt;
}

std::string pawn_text(Pawn p) {
  return std::string(colour_name(p.colour)) + " " + std::to_string(p.id);
}

class BoardReader {
 public:
  explicit BoardReader(const Ctx& cx) : cx_(cx) {}

  OptError read(pugi::xml_node n, Board& out) {
    std::array<pugi::xml_node, 4> f{};
    if (auto e = fields(cx_, n, std::array<const char*, 4>{"start", "main", "home-rows", "home"}, f))
      return e;
    if (auto e = pawns(f[0], LocKind::start)) return e;
    if (auto e = piece_locs(f[1], LocKind::main, kRingSquares - 1)) return e;
    if (auto e = piece_locs(f[2], LocKind::row, kHomeRowSquares - 1)) return e;
    if (auto e = pawns(f[3], LocKind::home)) return e;
    // Racket's board holds all 16 pawns (board.rkt new-board); a message that leaves one out
    // does not say where it is.
    for (int slot = 0; slot < 16; ++slot)
      if (!seen_[slot]) {
        const Pawn p{static_cast<Colour>(slot / kPawnsPerColour),
                     static_cast<std::uint8_t>(slot % kPawnsPerColour)};
        return cx_.at(n, "<board> does not place pawn " + pawn_text(p));
      }
    out = board_;
    return std::nullopt;
  }

 private:
  OptError place(pugi::xml_node where, Pawn p, Loc loc) {
    const int slot = static_cast<int>(p.colour) * kPawnsPerColour + p.id;
    if (seen_[slot]) return cx_.at(where, "pawn " + pawn_text(p) + " is placed twice");
    seen_[slot] = true;
    board_.at(p) = loc;
    return std::nullopt;
  }
  OptError pawns(pugi::xml_node list, LocKind kind) {
    std::vector<pugi::xml_node> xs;
    if (auto e = items(cx_, list, xs)) return e;
    for (auto x : xs) {
      if (auto e = expect_name(cx_, x, "pawn", list.name())) return e;
      Pawn p;
      if (auto e = read_pawn(cx_, x, p)) return e;
      if (auto e = place(x, p, Loc{kind, 0})) return e;
    }
    return std::nullopt;
  }
  OptError piece_locs(pugi::xml_node list, LocKind kind, int max_index) {
    std::vector<pugi::xml_node> xs;
    if (auto e = items(cx_, list, xs)) return e;
    for (auto x : xs) {
      if (auto e = expect_name(cx_, x, "piece-loc", list.name())) return e;
      std::array<pugi::xml_node, 2> f{};
      if (auto e = fields(cx_, x, std::array<const char*, 2>{"pawn", "loc"}, f)) return e;
      Pawn p;
      if (auto e = read_pawn(cx_, f[0], p)) return e;
      int index = 0;
      if (auto e = read_int(cx_, f[1], 0, max_index, index)) return e;
      if (auto e = place(x, p, Loc{kind, static_cast<std::uint8_t>(index)})) return e;
    }
    return std::nullopt;
  }

  const Ctx& cx_;
  Board board_{};
  std::array<bool, 16> seen_{};
};

OptError read_dice(const Ctx& cx, pugi::xml_node n, Dice& out) {
  std::vector<pugi::xml_node> xs;
  if (auto e = items(cx, n, xs)) return e;
  // One to four values: two dice, the four parts of the doublets bonus, or a single die
  // left (take-turn accepts any list; the course never sends more than four).
  if (xs.empty() || xs.size() > 4)
    return cx.at(n, "<dice>: expected 1 to 4 <die> elements, found " + std::to_string(xs.size()));
  out.values.clear();
  for (auto x : xs) {
    if (auto e = expect_name(cx, x, "die", "dice")) return e;
    int v = 0;
    if (auto e = read_int(cx, x, 1, 6, v)) return e;
    out.values.push_back(v);
  }
  return std::nullopt;
}

OptError read_moves(const Ctx& cx, pugi::xml_node n, Moves& out) {
  std::vector<pugi::xml_node> xs;
  if (auto e = items(cx, n, xs)) return e;
  out.list.clear();
  for (auto x : xs) {
    const std::string_view name = x.name();
    Move m;
    if (name == "enter-piece") {
      std::array<pugi::xml_node, 1> f{};
      if (auto e = fields(cx, x, std::array<const char*, 1>{"pawn"}, f)) return e;
      m.kind = MoveKind::enter;
      if (auto e = read_pawn(cx, f[0], m.pawn)) return e;
    } else if (name == "move-piece-main" || name == "move-piece-home") {
      std::array<pugi::xml_node, 3> f{};
      if (auto e = fields(cx, x, std::array<const char*, 3>{"pawn", "start", "distance"}, f))
        return e;
      m.kind = name == "move-piece-main" ? MoveKind::main : MoveKind::home;
      if (auto e = read_pawn(cx, f[0], m.pawn)) return e;
      if (auto e = read_int(cx, f[1], INT_MIN, INT_MAX, m.start)) return e;
      if (auto e = read_int(cx, f[2], INT_MIN, INT_MAX, m.distance)) return e;
    } else {
      return cx.at(x, "unexpected element " + tag(x) +
                          " in <moves>, expected <enter-piece>, <move-piece-main> or "
                          "<move-piece-home>");
    }
    out.list.push_back(m);
  }
  return std::nullopt;
}

template <class T>
Result<T> single(Result<std::vector<Element>> all, const char* name, const TextOrigin& origin) {
  if (!all.ok()) return std::move(all).error();
  auto& v = *all;
  if (v.size() == 1 && std::holds_alternative<T>(v[0])) return std::move(std::get<T>(v[0]));
  Diagnostic e = syntax_error();
  e.file = origin.source;
  e.line = static_cast<std::uint32_t>(origin.line);
  e.column = 1;
  e.message = "expected one " + tag(name) + " element, found " + std::to_string(v.size()) +
              " top-level element" + (v.size() == 1 ? " of another kind" : "s");
  return e;
}

}  // namespace

Result<std::vector<Element>> parse_elements(std::string_view xml, const TextOrigin& origin) {
  using R = Result<std::vector<Element>>;
  const Ctx cx(xml, origin);
  pugi::xml_document doc;
  // parse_fragment: a message file may hold several top-level elements. Whitespace-only text
  // is dropped by default (parse_ws_pcdata off): whitespace is insignificant in the protocol.
  const auto res = doc.load_buffer(xml.data(), xml.size(),
                                   pugi::parse_default | pugi::parse_fragment,
                                   pugi::encoding_utf8);
  if (!res)
    return R(cx.at_offset(res.offset, std::string("malformed XML: ") + res.description()));
  std::vector<Element> out;
  for (auto n : doc.children()) {
    if (n.type() == pugi::node_pcdata || n.type() == pugi::node_cdata) {
      if (blank(n.value())) continue;
      return R(cx.at(n, "unexpected text '" + std::string(trim(n.value())) +
                                     "' outside any element"));
    }
    if (n.type() != pugi::node_element) continue;
    const std::string_view name = n.name();
    OptError err;
    if (name == "board") {
      Board b;
      err = BoardReader(cx).read(n, b);
      if (!err) out.emplace_back(b);
    } else if (name == "dice") {
      Dice d;
      err = read_dice(cx, n, d);
      if (!err) out.emplace_back(std::move(d));
    } else if (name == "moves") {
      Moves m;
      err = read_moves(cx, n, m);
      if (!err) out.emplace_back(std::move(m));
    } else {
      err = cx.at(n, "unexpected element " + tag(n) + ", expected <board>, <dice> or <moves>");
    }
    if (err) return R(std::move(*err));
  }
  return R(std::move(out));
}

Result<Board> parse_board(std::string_view xml, const TextOrigin& origin) {
  return single<Board>(parse_elements(xml, origin), "board", origin);
}
Result<Dice> parse_dice(std::string_view xml, const TextOrigin& origin) {
  return single<Dice>(parse_elements(xml, origin), "dice", origin);
}
Result<Moves> parse_moves(std::string_view xml, const TextOrigin& origin) {
  return single<Moves>(parse_elements(xml, origin), "moves", origin);
}

namespace {

// Racket lists pawns in the reverse of its blue0..3, green0..3, red0..3, yellow0..3 order.
std::vector<Pawn> server_pawn_order() {
  std::vector<Pawn> out;
  for (Colour c : {Colour::Yellow, Colour::Red, Colour::Green, Colour::Blue})
    for (int id = kPawnsPerColour - 1; id >= 0; --id) out.push_back(Pawn{c, static_cast<std::uint8_t>(id)});
  return out;
}

void add_int(pugi::xml_node parent, const char* name, int v) {
  parent.append_child(name).append_child(pugi::node_pcdata).set_value(std::to_string(v).c_str());
}

void add_pawn(pugi::xml_node parent, Pawn p) {
  auto n = parent.append_child("pawn");
  n.append_child("color").append_child(pugi::node_pcdata).set_value(std::string(colour_name(p.colour)).c_str());
  add_int(n, "id", p.id);
}

std::string print(const pugi::xml_document& doc) {
  struct Out : pugi::xml_writer {
    std::string s;
    void write(const void* data, std::size_t size) override { s.append(static_cast<const char*>(data), size); }
  } out;
  doc.save(out, "", pugi::format_raw | pugi::format_no_declaration | pugi::format_no_empty_element_tags);
  return out.s;
}

void board_node(pugi::xml_node parent, const Board& b) {
  auto board = parent.append_child("board");
  const auto order = server_pawn_order();
  auto list = [&](const char* name, LocKind kind) {
    auto n = board.append_child(name);
    for (Pawn p : order)
      if (b.at(p).kind == kind) add_pawn(n, p);
  };
  auto locs = [&](const char* name, LocKind kind) {
    auto n = board.append_child(name);
    std::vector<Pawn> ps;
    for (Pawn p : order)
      if (b.at(p).kind == kind) ps.push_back(p);
    std::stable_sort(ps.begin(), ps.end(), [&](Pawn x, Pawn y) { return b.at(x).index > b.at(y).index; });
    for (Pawn p : ps) {
      auto pl = n.append_child("piece-loc");
      add_pawn(pl, p);
      add_int(pl, "loc", b.at(p).index);
    }
  };
  list("start", LocKind::start);
  locs("main", LocKind::main);
  locs("home-rows", LocKind::row);
  list("home", LocKind::home);
}

void dice_node(pugi::xml_node parent, const Dice& d) {
  auto n = parent.append_child("dice");
  for (int v : d.values) add_int(n, "die", v);
}

}  // namespace

std::string write_board(const Board& b) {
  pugi::xml_document doc;
  board_node(doc, b);
  return print(doc);
}

std::string write_dice(const Dice& d) {
  pugi::xml_document doc;
  dice_node(doc, d);
  return print(doc);
}

std::string write_moves(const Moves& m) {
  pugi::xml_document doc;
  auto moves = doc.append_child("moves");
  for (const Move& mv : m.list) {
    if (mv.kind == MoveKind::enter) {
      add_pawn(moves.append_child("enter-piece"), mv.pawn);
      continue;
    }
    auto n = moves.append_child(mv.kind == MoveKind::main ? "move-piece-main" : "move-piece-home");
    add_pawn(n, mv.pawn);
    add_int(n, "start", mv.start);
    add_int(n, "distance", mv.distance);
  }
  return print(doc);
}

std::string write_do_move(const Board& b, const Dice& d) {
  pugi::xml_document doc;
  auto n = doc.append_child("do-move");
  board_node(n, b);
  dice_node(n, d);
  return print(doc);
}

std::optional<std::string> read_whole_file(const std::filesystem::path& path, std::string& out, std::size_t limit) {
  io::Input in(path.string());
  if (!in) return "cannot open the file: " + in.error();
  std::error_code ec;
  const auto size = std::filesystem::is_regular_file(path, ec) ? std::filesystem::file_size(path, ec) : 0;
  if (!ec && size > limit && in.compression()[0] == '\0')
    return "file too large: " + std::to_string(size) + " bytes, more than " + std::to_string(limit) +
           " (the limit for a file read whole into memory)";
  return read_whole_stream(in, out, limit);
}

std::optional<std::string> read_whole_stream(std::istream& in, std::string& out, std::size_t limit) {
  out.clear();
  char buf[1 << 16];
  while (in) {
    in.read(buf, sizeof buf);
    out.append(buf, static_cast<std::size_t>(in.gcount()));
    if (out.size() > limit) {
      std::string().swap(out);
      return "file too large: more than " + std::to_string(limit) + " bytes (the limit for a file read whole into memory)";
    }
  }
  if (auto err = io::read_error(in); !err.empty()) return err;
  return std::nullopt;
}

}  // namespace ppn::convert::nu
