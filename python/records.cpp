// ppn.Game, ppn.read_games, ppn.parse and Game.replay: records read by the parser (plain, gzip
// or zstd through io/), printed by the canonical printer, replayed by the replayer, drawn by
// the HTML viewer. Syntax errors and illegal rolls become `ppn.errors` exceptions carrying the
// diagnostic the CLI prints.
#include <pybind11/stl.h>
#include <sys/stat.h>

#include <algorithm>
#include <exception>
#include <utility>
#include <memory>
#include <optional>
#include <sstream>

#include "io/input.hpp"
#include "notation/game.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"
#include "python/bindings.hpp"
#include "render/html_viewer.hpp"
#include "render/svg_board.hpp"
#include "render/timeline.hpp"
#include "replay/bridge.hpp"
#include "replay/replayer.hpp"
#include "rules/squares.hpp"

namespace ppn::python {

namespace {

py::object parse_error_object(const parser::ParseError& e) {
  auto d = diagnostic_object(e);
  d.attr("excerpt") = e.excerpt;
  return d;
}

[[noreturn]] void raise_parse_error(const parser::ParseError& e) {
  auto d = parse_error_object(e);
  std::string text = e.format();
  if (!text.empty() && text.back() == '\n') text.pop_back();
  raise_error("ParseError", d, text);
}

// The bytes of a Python file object, read through its read(n) as the stream asks for them
// (called while the iterator holds the GIL). Text (io.StringIO) is encoded as UTF-8; an
// exception raised by read(), or a read() giving neither bytes nor text, is kept and raised
// again by the iterator.
class PyFileBuf : public std::streambuf {
 public:
  explicit PyFileBuf(py::object file) : file_(std::move(file)) {}
  std::exception_ptr failure;

 protected:
  int_type underflow() override {
    if (gptr() != egptr()) return traits_type::to_int_type(*gptr());
    if (done_) return traits_type::eof();
    try {
      const py::object data = file_.attr("read")(kChunk);
      if (py::isinstance<py::str>(data))
        chunk_ = data.cast<std::string>();
      else if (py::isinstance<py::bytes>(data))
        chunk_ = py::bytes(data).cast<std::string>();
      else if (py::isinstance<py::bytearray>(data) || py::isinstance<py::memoryview>(data))
        chunk_ = py::bytes(py::module_::import("builtins").attr("bytes")(data)).cast<std::string>();
      else if (data.is_none())
        chunk_.clear();  // a non-blocking file with nothing yet: read as its end
      else
        throw py::type_error("the file object's read() returned " +
                             py::str(py::type::of(data).attr("__name__")).cast<std::string>() +
                             ", not bytes or str");
    } catch (...) {
      failure = std::current_exception();
      chunk_.clear();
    }
    if (chunk_.empty()) {
      done_ = true;
      return traits_type::eof();
    }
    setg(chunk_.data(), chunk_.data(), chunk_.data() + chunk_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  static constexpr int kChunk = 1 << 16;
  py::object file_;
  std::string chunk_;
  bool done_ = false;
};

class PyFileStream : public std::istream {
 public:
  explicit PyFileStream(py::object file) : std::istream(nullptr), buf_(std::move(file)) { rdbuf(&buf_); }
  PyFileBuf& buf() { return buf_; }

 private:
  PyFileBuf buf_;
};

// The iterator of ppn.read_games: a file opened by io::Input (or a Python file object read
// through it), read one game at a time.
class GameIterator {
 public:
  // `file`: the Python file object's buffer under `in`, when there is one.
  GameIterator(std::unique_ptr<std::istream> in, std::string name, bool raise, PyFileBuf* file = nullptr)
      : in_(std::move(in)), name_(std::move(name)), stream_(*in_, name_), raise_(raise), file_(file) {}
  Game next() {
    for (;;) {
      auto item = stream_.next();
      if (file_ != nullptr && file_->failure)  // the file object's read() failed: raise that
        std::rethrow_exception(std::exchange(file_->failure, nullptr));
      if (!item) throw py::stop_iteration();
      if (auto* g = std::get_if<Game>(&*item)) return std::move(*g);
      const auto& e = std::get<parser::ParseError>(*item);
      if (raise_) raise_parse_error(e);
      errors_.append(parse_error_object(e));
    }
  }
  py::list errors() const { return errors_; }

 private:
  std::unique_ptr<std::istream> in_;
  std::string name_;
  parser::GameStream stream_;
  bool raise_;
  PyFileBuf* file_;
  py::list errors_;
};

// The descriptor of a file object that is a plain file on disk opened by open() (io.FileIO,
// and the buffered and text readers over one), reopened from its beginning; -1 for anything else
// (BytesIO, a pipe whose bytes Python may have buffered, a bz2/lzma/gzip file object whose
// fileno() is the compressed file's), which is read through its read().
int regular_file_descriptor(const py::object& source) {
  const auto io = py::module_::import("io");
  py::object raw = source;
  if (py::isinstance(raw, io.attr("TextIOWrapper"))) raw = raw.attr("buffer");
  if (py::isinstance(raw, io.attr("BufferedReader")) || py::isinstance(raw, io.attr("BufferedRandom")))
    raw = raw.attr("raw");
  if (!py::isinstance(raw, io.attr("FileIO"))) return -1;
  const int fd = raw.attr("fileno")().cast<int>();
  struct stat st {};
  return ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fd : -1;
}

std::unique_ptr<GameIterator> read_games(const py::object& source, const std::string& errors) {
  if (errors != "raise" && errors != "skip")
    throw py::value_error("errors= is \"raise\" (a ParseError at the first syntax error) or \"skip\" (collected in .errors)");
  const bool raise = errors == "raise";
  std::string path;
  if (py::isinstance<py::str>(source) || py::hasattr(source, "__fspath__")) {
    path = py::module_::import("os").attr("fspath")(source).cast<std::string>();
  } else if (const int fd = regular_file_descriptor(source); fd >= 0) {
    // A file on disk: read by io::Input through its descriptor (compressed or not, by content).
    path = "/dev/fd/" + std::to_string(fd);
  }
  if (!path.empty()) {
    auto in = std::make_unique<io::Input>(path);
    const std::string name = py::hasattr(source, "name") && path.rfind("/dev/fd/", 0) == 0
                                 ? py::str(source.attr("name")).cast<std::string>()
                                 : path;
    if (!in->good()) raise_parse_error(unopened(name, *in));
    return std::make_unique<GameIterator>(std::move(in), name, raise);
  }
  // A file object without a descriptor (io.BytesIO, io.StringIO, a socket's makefile()): read
  // through its read() a chunk at a time, plain, gzip or zstd by content like a file.
  if (!py::hasattr(source, "read"))
    throw py::type_error("read_games() takes a path (str or os.PathLike) or a file object with read()");
  const std::string name = py::hasattr(source, "name") ? py::str(source.attr("name")).cast<std::string>() : "<stream>";
  auto file = std::make_unique<PyFileStream>(source);
  PyFileBuf* buf = &file->buf();
  return std::make_unique<GameIterator>(std::make_unique<io::Input>(std::move(file)), name, raise, buf);
}

std::vector<Game> parse(const std::string& text, const std::string& filename) {
  auto r = parser::parse_all(text, filename);
  if (!r.errors.empty()) raise_parse_error(r.errors.front());
  return std::move(r.games);
}

py::object roll_object(const Roll& r) {
  py::dict d;
  d["number"] = r.number ? py::object(py::int_(*r.number)) : py::none();
  d["seat"] = std::string(colour_name(r.seat));
  d["dice"] = r.dice[1] == 0 ? py::make_tuple(r.dice[0]) : py::make_tuple(r.dice[0], r.dice[1]);
  d["play"] = play_to_ppn(r);
  d["text"] = to_ppn(r, r.number.value_or(1));
  d["comments"] = r.comments;
  d["nags"] = r.nags;
  d["line"] = r.line;
  d["column"] = r.column;
  return py::module_::import("ppn.records").attr("Roll")(**d);
}

// One replayed roll as the replayer gave it (a RollEvent), kept without Python objects or
// reference counts: a replay that only checks legality pays next to nothing for them.
struct RollRecord {
  int index = 0;
  const Roll* roll = nullptr;  // into the Game the Replay keeps alive
  rules::Game before, after;
  bool legal = true;
  rules::Events events;
};

// One replayed roll as Python sees it (made when the rolls are asked for).
struct ReplayedRoll {
  int index = 0;
  py::object game;  // keeps `roll` alive
  const Roll* roll = nullptr;
  PyPosition before, after;
  bool legal = true;
  rules::Events events;
  py::list diagnostics;
  std::string text() const { return to_ppn(*roll, roll->number.value_or(1)); }
};

struct Replay {
  py::object game;  // the ppn.Game replayed
  std::shared_ptr<const Profile> profile;
  std::vector<RollRecord> records;
  std::string profile_name;
  py::list diagnostics;
  std::vector<std::string> ranking;
  bool game_over = false;
  int illegal = 0;
  std::optional<PyPosition> final_position;
  mutable py::object rolls_cache;

  py::list rolls() const {
    if (rolls_cache) return rolls_cache;
    py::list out;
    for (const auto& r : records) {
      ReplayedRoll rr{r.index, game, r.roll, {r.before, profile}, {r.after, profile}, r.legal, r.events, py::list()};
      for (auto d : diagnostics)
        if (!d.attr("roll").is_none() && d.attr("roll").cast<int>() == r.index + 1) rr.diagnostics.append(d);
      out.append(py::cast(std::move(rr)));
    }
    rolls_cache = out;
    return out;
  }
};

Replay replay(const py::object& self, const std::optional<std::string>& variant, const py::object& options,
              const std::string& on_error, const std::string& order) {
  const Game& g = self.cast<const Game&>();
  replay::ReplayConfig cfg;
  if (variant) cfg.variant = *variant;
  cfg.options = option_list(options);
  const bool raise = on_error == "raise";
  if (!raise) {
    auto p = replay::parse_on_error(on_error);
    if (!p) throw py::value_error("on_error is raise, stop, skip, keep-prefix or as-played, not \"" + on_error + "\"");
    cfg.on_error = *p;
  }
  if (order != "strict" && order != "outcome") throw py::value_error("order is strict or outcome");
  cfg.order = order == "strict" ? rules::OrderStrictness::strict : rules::OrderStrictness::outcome;
  Replay out;
  out.game = self;
  // The positions' profile: the one the replayer uses (rules_for_game), with the record's
  // [Option] tags and the overrides.
  if (const auto gr = replay::rules_for_game(g, cfg); gr.error.empty()) {
    std::vector<std::string> opts;
    for (auto v : g.tag_values("Option")) opts.emplace_back(v);
    opts.insert(opts.end(), cfg.options.begin(), cfg.options.end());
    out.profile = std::make_shared<Profile>(Profile{gr.profile, std::move(opts), gr.options});
  }
  out.records.reserve(g.movetext.size());
  const auto r = replay::replay_game(g, cfg, [&](const replay::RollEvent& e) {
    out.records.push_back(RollRecord{e.roll_index, e.roll, e.before, e.after, e.legal, e.result.events});
  });
  out.profile_name = r.profile;
  out.game_over = r.game_over;
  out.illegal = r.illegal;
  for (auto c : r.ranking) out.ranking.emplace_back(colour_name(c));
  if (out.profile) out.final_position = PyPosition{r.final_game, out.profile};
  for (auto d : r.diagnostics) {
    if (d.file.empty()) d.file = g.source_file;  // as the CLI names the file it read
    auto obj = replay_diagnostic_object(d);
    out.diagnostics.append(obj);
    if (raise && d.severity == Severity::error) raise_error("IllegalPlayError", obj, py::str(obj).cast<std::string>());
  }
  return out;
}

// ppn.validate: `ppn validate` of one source without the Python objects of read_games: the
// parser's stream (which reuses one Game's storage from game to game) and the replayer, the
// rolls before a syntax error checked too, as the CLI checks them.
py::dict validate(const py::object& source, const std::optional<std::string>& variant, const py::object& options,
                  const std::string& on_error) {
  replay::ReplayConfig cfg;
  if (variant) cfg.variant = *variant;
  cfg.options = option_list(options);
  auto policy = replay::parse_on_error(on_error);
  if (!policy) throw py::value_error("on_error is stop, skip, keep-prefix or as-played, not \"" + on_error + "\"");
  cfg.on_error = *policy;
  replay::ReplayConfig partial_cfg = cfg;
  partial_cfg.partial = true;
  std::string path = py::module_::import("os").attr("fspath")(source).cast<std::string>();
  io::Input in(path);
  if (!in.good()) raise_parse_error(unopened(path, in));
  std::size_t games = 0, rolls = 0, illegal = 0, syntax_errors = 0;
  std::vector<replay::ReplayDiagnostic> diags;
  std::vector<parser::ParseError> errors;
  bool stop = false;
  {
    py::gil_scoped_release release;
    const auto check = [&](const Game& g, const replay::ReplayConfig& c) {
      rolls += g.roll_count();
      auto r = replay::replay_game(g, c);
      illegal += static_cast<std::size_t>(r.illegal);
      for (auto& d : r.diagnostics) {
        if (d.file.empty()) d.file = path;
        diags.push_back(std::move(d));
      }
      if (r.stop_run) stop = true;
    };
    parser::parse_stream(
        in, path,
        [&](Game& g) {
          if (stop) return;
          ++games;
          check(g, cfg);
        },
        [&](const parser::ParseError& e) {
          ++syntax_errors;
          if (e.partial && !stop) check(*e.partial, partial_cfg);
          errors.push_back(e);
        });
  }
  py::dict out;
  out["games"] = games;
  out["rolls"] = rolls;
  out["illegal"] = illegal;
  out["syntax_errors"] = syntax_errors;
  py::list all;
  for (const auto& d : diags) all.append(replay_diagnostic_object(d));
  for (const auto& e : errors) all.append(parse_error_object(e));
  out["diagnostics"] = all;
  return out;
}

std::string html(const Game& g) {
  const auto t = render::build_timeline(g);
  std::string title(g.tag_value("Event"));
  return render::html_viewer(t, g, title.empty() ? "ppn" : title);
}

std::string game_svg(const Game& g, int at) {
  const auto t = render::build_timeline(g);
  if (!t.setup_error.empty()) throw py::value_error(t.setup_error);
  const int f = t.frame_of_number(static_cast<std::uint32_t>(at));
  if (f < 0) throw py::value_error("the game has no roll numbered " + std::to_string(at));
  return render::svg_frame(t, f, g);
}

}  // namespace

void bind_records(py::module_& m) {
  py::class_<Game>(m, "Game", "One game record: tags, rolls, comments; str() is its canonical PPN.")
      .def_property_readonly("tags", [](const Game& g) {
            py::dict d;
            for (const auto& t : g.tags)
              if (!d.contains(t.name)) d[py::str(t.name)] = t.value;
            return d;
          }, "The tags, name to (first) value.")
      .def("tag_values", [](const Game& g, const std::string& name) {
            std::vector<std::string> v;
            for (auto s : g.tag_values(name)) v.emplace_back(s);
            return v;
          }, py::arg("name"), "Every value of a repeatable tag ([Option]).")
      .def_property_readonly("rolls", [](const Game& g) {
            py::list l;
            for (const auto& e : g.movetext)
              if (auto* r = std::get_if<Roll>(&e)) l.append(roll_object(*r));
            return l;
          }, "The main-line rolls.")
      .def_property_readonly("comments", [](const Game& g) { return g.leading_comments; }, "Comments before the first roll.")
      .def_property_readonly("source_file", [](const Game& g) { return g.source_file; })
      .def_property_readonly("source_line", [](const Game& g) { return g.source_line; })
      .def("replay", &replay, py::arg("variant") = py::none(), py::arg("options") = py::none(),
           py::arg("on_error") = "keep-prefix", py::arg("order") = "strict",
           "Replays the game under its profile (or `variant`): a Replay of every roll with the positions before and "
           "after, its legality and diagnostics. on_error: keep-prefix, skip, stop, as-played, or raise.")
      .def("svg", &game_svg, py::arg("at") = 0, "The position after roll number `at` (0: the start) as SVG.")
      .def("_repr_html_", &html, "The game as the self-contained HTML viewer of `ppn render --html`.")
      .def("__str__", [](const Game& g) { return to_ppn(g); })
      .def("__eq__", [](const Game& a, const Game& b) { return a == b; })
      .def("__repr__", [](const Game& g) {
        return "<ppn.Game \"" + std::string(g.tag_value("Event")) + "\", " + std::to_string(g.roll_count()) + " rolls>";
      });

  py::class_<ReplayedRoll>(m, "ReplayedRoll", "One roll of a replay.")
      .def_readonly("index", &ReplayedRoll::index, "0-based among the main-line rolls.")
      .def_property_readonly("text", &ReplayedRoll::text, "The roll in canonical PPN.")
      .def_readonly("before", &ReplayedRoll::before)
      .def_readonly("after", &ReplayedRoll::after)
      .def_readonly("legal", &ReplayedRoll::legal)
      .def_property_readonly("events", [](const ReplayedRoll& r) { return events_dict(r.events); })
      .def_readonly("diagnostics", &ReplayedRoll::diagnostics)
      .def("__repr__", [](const ReplayedRoll& r) { return "<ppn.ReplayedRoll " + r.text() + (r.legal ? "" : " (illegal)") + ">"; });

  py::class_<Replay>(m, "Replay", "A replayed game: iterate over its rolls.")
      .def_readonly("profile", &Replay::profile_name)
      .def_property_readonly("rolls", &Replay::rolls, "The rolls replayed (list of ReplayedRoll).")
      .def_readonly("diagnostics", &Replay::diagnostics, "Every diagnostic, the game's own (roll None) too.")
      .def_readonly("ranking", &Replay::ranking, "Finishers, best first.")
      .def_readonly("game_over", &Replay::game_over)
      .def_readonly("illegal", &Replay::illegal, "Rolls found illegal.")
      .def_readonly("final_position", &Replay::final_position)
      .def_property_readonly("legal", [](const Replay& r) {
        for (auto d : r.diagnostics)
          if (d.attr("severity").cast<std::string>() == "error") return false;
        return true;
      })
      .def("__iter__", [](const Replay& r) { return r.rolls().attr("__iter__")(); })
      .def("__len__", [](const Replay& r) { return r.records.size(); });

  py::class_<GameIterator>(m, "GameReader", "The games of a file, read one at a time.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &GameIterator::next)
      .def_property_readonly("errors", &GameIterator::errors, "errors=\"skip\": the syntax errors met so far.");

  m.def("read_games", &read_games, py::arg("source"), py::arg("errors") = "raise",
        "Streams the games of a path or file object (plain, gzip or zstd). errors=\"raise\": a ParseError at the "
        "first syntax error; \"skip\": the game is skipped and the error kept in the reader's .errors.");
  m.def("validate", &validate, py::arg("path"), py::arg("variant") = py::none(), py::arg("options") = py::none(),
        py::arg("on_error") = "keep-prefix",
        "`ppn validate` of one file (plain, gzip or zstd): {games, rolls, illegal, syntax_errors, diagnostics}, "
        "without making a Python object of each game.");
  m.def("parse", &parse, py::arg("text"), py::arg("filename") = "<string>",
        "Every game of a PPN text (a ParseError at the first syntax error).");
}

}  // namespace ppn::python
