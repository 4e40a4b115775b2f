#include "convert/nu_test.hpp"

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "convert/nu_ppn.hpp"
#include "convert/reference_jsonl.hpp"

namespace ppn::convert::nu {

namespace {

constexpr std::string_view kSpace = " \t\r\n";

std::string_view trim(std::string_view s) {
  const auto b = s.find_first_not_of(kSpace);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(kSpace) - b + 1);
}

Diagnostic error_at(const std::string& source, int line, std::string message) {
  Diagnostic e = syntax_error();
  e.file = source;
  e.line = static_cast<std::uint32_t>(line);
  e.column = line > 0 ? 1 : 0;
  e.message = std::move(message);
  return e;
}

std::optional<std::string> slurp(const std::filesystem::path& path) {
  std::string text;
  if (read_whole_file(path, text)) return std::nullopt;  // (a case file is a few KiB)
  return text;
}

int count_lines(std::string_view s) {
  int n = 0;
  for (char c : s) n += c == '\n';
  return n;
}

}  // namespace

Result<CourseInput> parse_course_input(std::string_view text, const std::string& source) {
  using R = Result<CourseInput>;
  // The colour line: the first non-blank line.
  std::size_t pos = 0;
  int line = 1;
  std::string_view colour_line;
  while (pos < text.size()) {
    const auto nl = text.find('\n', pos);
    const auto end = nl == std::string_view::npos ? text.size() : nl;
    colour_line = trim(text.substr(pos, end - pos));
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    if (!colour_line.empty()) break;
    ++line;
  }
  if (colour_line.empty()) return R(error_at(source, 0, "empty test case: no colour line"));
  const auto colour = colour_from_name(colour_line);
  if (!colour)
    return R(error_at(source, line, "expected the mover's colour (green, red, blue or "
                                             "yellow), found '" + std::string(colour_line) + "'"));
  const int xml_line = line + 1;
  auto elems = parse_elements(text.substr(pos), TextOrigin{source, xml_line});
  if (!elems.ok()) return R(std::move(elems).error());
  auto& v = *elems;
  // take-turn's arguments after the colour, in this order (valid-move.rkt).
  if (v.size() != 3 || !std::holds_alternative<Board>(v[0]) || !std::holds_alternative<Dice>(v[1]) ||
      !std::holds_alternative<Moves>(v[2]))
    return R(error_at(source, xml_line,
                               "expected <board>, <dice> and <moves> after the colour line, "
                               "found " + std::to_string(v.size()) + " element(s) of other kinds "
                               "or in another order"));
  CourseInput in;
  in.colour = *colour;
  in.board = std::get<Board>(v[0]);
  in.dice = std::get<Dice>(v[1]);
  in.moves = std::get<Moves>(v[2]);
  return R(std::move(in));
}

Result<CourseVerdict> parse_course_output(std::string_view text, const std::string& source) {
  using R = Result<CourseVerdict>;
  const std::string_view t = trim(text);
  const auto first = text.find_first_not_of(kSpace);
  const int first_line = first == std::string_view::npos ? 0 : 1 + count_lines(text.substr(0, first));
  constexpr std::string_view kIllegal = "illegal move:";
  if (t.substr(0, kIllegal.size()) == kIllegal) {
    CourseVerdict v;
    v.legal = false;
    std::string_view reason = t.substr(kIllegal.size());
    reason = reason.substr(0, reason.find('\n'));
    v.reason = std::string(trim(reason));
    return R(std::move(v));
  }
  if (!t.empty() && t.front() == '<') {
    auto b = parse_board(text, TextOrigin{source, 1});
    if (!b.ok()) return R(std::move(b).error());
    CourseVerdict v;
    v.legal = true;
    v.board_after = *b;
    return R(std::move(v));
  }
  return R(error_at(source, first_line,
                             "expected a <board> (legal) or 'illegal move: REASON', found '" +
                                 std::string(t.substr(0, t.find('\n')).substr(0, 60)) + "'"));
}

Result<CourseInput> read_course_input(const std::filesystem::path& path) {
  const auto text = slurp(path);
  if (!text) return Result<CourseInput>(error_at(path.string(), 0, "cannot read the file"));
  return parse_course_input(*text, path.string());
}

Result<CourseVerdict> read_course_output(const std::filesystem::path& path) {
  const auto text = slurp(path);
  if (!text)
    return Result<CourseVerdict>(error_at(path.string(), 0, "cannot read the file"));
  return parse_course_output(*text, path.string());
}

nlohmann::json course_record(const CourseInput& in, const CourseVerdict* verdict) {
  nlohmann::json r;
  r["color"] = std::string(colour_name(in.colour));
  r["board"] = reference::write_board(in.board);
  r["dice"] = nlohmann::json(in.dice.values);
  r["dice_are_parts"] = true;
  r["moves"] = reference::write_moves(in.moves);
  if (verdict) {
    r["verdict"] = verdict->legal ? "legal" : "illegal";
    if (!verdict->legal) r["reason"] = verdict->reason;
    if (verdict->legal && verdict->board_after) r["board_after"] = reference::write_board(*verdict->board_after);
  }
  return r;
}

Result<Game> course_game(const CourseInput& in, const std::string& source, int moves_line) {
  const auto& v = in.dice.values;
  bool in_nest = false;
  for (int id = 0; id < kPawnsPerColour; ++id)
    in_nest = in_nest || in.board.at(Pawn{in.colour, static_cast<std::uint8_t>(id)}).kind == LocKind::start;
  // Racket's throw (shared/corpora/racket/README.md "dice"): two values, or the doublets
  // bonus {d,d,7-d,7-d} when the mover has no pawn in its nest.
  const bool doublet2 = v.size() == 2 && v[0] == v[1];
  const bool four = v.size() == 4 && v[0] == v[1] && v[2] == 7 - v[0] && v[3] == v[2];
  const bool throw_ok = (v.size() == 2 && (!doublet2 || in_nest)) || (four && !in_nest);

  auto steps = steps_of_moves(in.board, in.colour, in.moves);
  if (!steps.error.empty())
    return Result<Game>(error_at(source, moves_line, "<moves>: " + steps.error));

  PositionDesc setup = desc_of_board(in.board, in.colour, 0);
  if (!throw_ok)
    for (int d : v) setup.pending.push_back(PendingPart{static_cast<std::uint8_t>(d), false});
  Game g;
  g.set_tag("Event", "Northwestern EECS 395 course test case");
  if (!source.empty()) g.set_tag("Site", source);
  g.set_tag("Game", "parcheesi");
  g.set_tag("Variant", "racket-nu");
  g.set_tag("Seats", "green red blue yellow");
  g.set_tag("Result", "*");
  g.set_tag("Setup", format_position_id(setup));
  Roll r;
  r.number = 1;
  r.seat = in.colour;
  r.dice = {static_cast<std::uint8_t>(v[0]), static_cast<std::uint8_t>(v.size() > 1 ? v[1] : 0)};
  r.kind = steps.steps.empty() ? PlayKind::NoPlay : PlayKind::Moves;
  r.steps = std::move(steps.steps);
  if (!throw_ok) {
    std::string list;
    for (int d : v) list += (list.empty() ? "" : ",") + std::to_string(d);
    r.comments.push_back("take-turn was handed the dice list [" + list + "], not a throw: the [Setup] lists them as pending parts");
  }
  if (finished(steps.applied.after, in.colour)) g.set_tag("Result", std::string(colour_name(in.colour)));
  g.movetext.emplace_back(std::move(r));
  return Result<Game>(std::move(g));
}

const convert::Reader course_test_reader = {
    "nu-test", "the course's test inputs, one-roll games",
    [](std::string_view head, std::string_view) {
      return head.find("<board>") != std::string_view::npos && head.find("<moves>") != std::string_view::npos;
    },
    [](std::istream& in, const std::string& source, const GameSink& on_game) {
      return read_whole(in, source, [&](const std::string& text) {
        ReadOutcome out;
        auto input = parse_course_input(text, source);
        if (!input.ok()) {
          out.problems.push_back(input.error());
          return out;
        }
        // The line of <moves>, for errors about the play.
        int moves_line = 1;
        const auto at = text.find("<moves");
        if (at != std::string::npos)
          moves_line += static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n'));
        auto game = course_game(*input, source, moves_line);
        if (!game.ok()) out.problems.push_back(game.error());
        else on_game(*game);
        return out;
      });
    },
};

}  // namespace ppn::convert::nu
