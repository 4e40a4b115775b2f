// Issue 16, "Input": every command that reads PPN or JSONL reads it plain, gzip or zstd (pzstd
// output too, which begins with a skippable frame), told by the content, and `-` is standard
// input; a truncated compressed file says so with its name; a failed open says why (strerror);
// `import` of a missing file leaves no database behind; a byte stream that is no file reads
// alike. Runs the built ppn binary; the compressed inputs are made here with the gzip, zstd and
// pzstd tools (scripts/install-deps).
#include <unistd.h>

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "child_memory.hpp"
#include "cli_run.hpp"
#include "io/input.hpp"
#include "scratch_dir.hpp"

namespace {

namespace fs = std::filesystem;
using ppn::test::run_command;
using ppn::test::run_ppn;

struct Dir : ppn::test::ScratchDir {
  Dir() : ScratchDir("compressed-test") {}
};

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  if (from.empty()) return text;
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// The plain file and its compressed forms, made with the command-line tools as a user would.
struct Inputs {
  std::string plain, gz, zst, pzst;
  Inputs(const Dir& dir, const std::string& source, const std::string& stem) : plain(source) {
    gz = dir / (stem + ".gz");
    zst = dir / (stem + ".zst");
    // A name that says nothing: detection is by content.
    pzst = dir / (stem + ".pzstd-output");
    REQUIRE(run_command("gzip -c '" + plain + "' > '" + gz + "'").code == 0);
    REQUIRE(run_command("zstd -q -c '" + plain + "' > '" + zst + "'").code == 0);
    REQUIRE(run_command("pzstd -q -c '" + plain + "' > '" + pzst + "' 2>/dev/null").code == 0);
    // pzstd's output starts with a skippable frame (magic 0x184D2A50, little-endian).
    std::ifstream in(pzst, std::ios::binary);
    char magic[4] = {};
    in.read(magic, 4);
    REQUIRE(std::string(magic, 4) == std::string("\x50\x2A\x4D\x18", 4));
  }
};

// One reading command: its arguments around the input (FILE), and what of its effect to
// compare (standard output and error; OUT: a file it writes).
struct Reader {
  std::string name;
  std::string args;       // FILE: the input; OUT: a fresh output path; DB: a fresh database
  bool jsonl = false;     // reads the JSONL catalogue rather than a PPN sample
  bool out_file = false;  // compare the file written to OUT too
};

const std::vector<Reader> readers = {
    {"validate", "validate FILE"},
    {"validate json", "validate --format json FILE"},
    {"fmt", "fmt FILE"},
    {"stats", "stats --games FILE"},
    {"audit", "audit FILE"},
    {"analyze", "analyze --level rollout --rollouts 2 --horizon 2 --candidates 2 FILE -o OUT", false, true},
    {"export json", "export --to json FILE"},
    {"export nu-xml", "export --to nu-xml FILE"},
    {"replay", "replay FILE --at 12"},
    {"render", "render FILE --at 12 -o OUT", false, true},
    {"import", "import FILE --db DB"},
    {"conform", "conform --variant hasbro-2001 FILE", true},
};

// Runs `r` on `input` ("-": standard input fed from `stdin_file`); its output with the name
// the command shows for the input, and the scratch paths, replaced by fixed words.
std::string run_reader(const Dir& dir, const Reader& r, const std::string& input,
                       const std::string& stdin_file, int& code) {
  static int n = 0;
  const std::string out = dir / ("out-" + std::to_string(++n) + ".svg");
  const std::string db = dir / ("db-" + std::to_string(n) + ".sqlite");
  std::string args =
      replace_all(replace_all(replace_all(r.args, "FILE", input), "OUT", out), "DB", db);
  std::string cmd = ppn::test::ppn_binary() + " " + args + " 2>&1";
  if (input == "-") cmd += " < '" + stdin_file + "'";
  auto run = run_command(cmd);
  code = run.code;
  std::string text = run.out;
  if (r.out_file) text += "\n--- OUT ---\n" + ppn::test::read_file(out);
  text = replace_all(text, input == "-" ? "<stdin>" : input, "INPUT");
  text = replace_all(text, out, "OUTPUT");
  return replace_all(text, db, "DATABASE");
}

}  // namespace

TEST_CASE("every reading command reads gzip, zstd, pzstd and standard input as the plain file",
          "[cli][input][compressed]") {
  Dir dir;
  const Inputs ppn(dir, ppn::test::source_path("samples/05-two-player-kitchen-table.ppn").string(),
                   "game");
  const Inputs jsonl(
      dir, ppn::test::source_path("tests/rules/hasbro-2001-catalogue.jsonl").string(), "records");
  for (const auto& r : readers) {
    const Inputs& in = r.jsonl ? jsonl : ppn;
    int plain_code = -1;
    const std::string plain = run_reader(dir, r, in.plain, "", plain_code);
    INFO(r.name << ": plain output\n" << plain);
    CHECK(plain_code == 0);
    CHECK(plain.size() > 40);
    struct Case {
      const char* what;
      std::string input, stdin_file;
    };
    const std::vector<Case> cases = {{"gzip", in.gz, ""},         {"zstd", in.zst, ""},
                                     {"pzstd", in.pzst, ""},      {"stdin, plain", "-", in.plain},
                                     {"stdin, gzip", "-", in.gz}, {"stdin, pzstd", "-", in.pzst}};
    for (const auto& c : cases) {
      int code = -1;
      const std::string got = run_reader(dir, r, c.input, c.stdin_file, code);
      INFO(r.name << ", " << c.what);
      CHECK(code == plain_code);
      CHECK(got == plain);
    }
  }
}

TEST_CASE("convert reads compressed input and standard input",
          "[cli][input][compressed][convert]") {
  Dir dir;
  // The JSON form of a sample (convert/JSON.md), made by export.
  const std::string json = dir / "games.json";
  REQUIRE(run_ppn("export --to json " +
                  ppn::test::source_path("samples/05-two-player-kitchen-table.ppn").string() +
                  " -o " + json)
              .code == 0);
  const Inputs games(dir, json, "games-json");
  const auto plain = run_ppn("convert -q " + games.plain);
  REQUIRE(plain.code == 0);
  CHECK(plain.out.find("[Event ") != std::string::npos);
  for (const auto& f : {games.gz, games.zst, games.pzst}) {
    INFO(f);
    const auto got = run_ppn("convert -q " + f);
    CHECK(got.code == 0);
    CHECK(got.out == plain.out);
  }
  const auto piped =
      run_command(ppn::test::ppn_binary() + " convert -q - < '" + games.zst + "' 2>/dev/null");
  CHECK(piped.code == 0);
  CHECK(piped.out == plain.out);
}

TEST_CASE("a truncated or corrupt compressed file is named as such, with the file's name",
          "[cli][input][compressed]") {
  Dir dir;
  const Inputs in(dir, ppn::test::source_path("samples/01-four-player-family-night.ppn").string(),
                  "game");
  auto cut = [&](const std::string& from, const std::string& name) {
    const std::string bytes = ppn::test::read_file(from);
    const std::string to = dir / name;
    std::ofstream(to, std::ios::binary) << bytes.substr(0, bytes.size() * 2 / 3);
    return to;
  };
  const std::string gz = cut(in.gz, "cut.ppn.gz"), zst = cut(in.zst, "cut.ppn.zst");
  for (const std::string& cmd : std::vector<std::string>{"validate", "fmt", "stats",
                                                         "import --db " + (dir / "cut.sqlite")}) {
    INFO(cmd);
    const auto g = run_ppn(cmd + " " + gz, true);
    CHECK(g.code == 2);
    CHECK_THAT(g.out, Catch::Contains(gz + ": error: truncated gzip data"));
    CHECK_THAT(g.out, !Catch::Contains("control byte"));
    const auto z = run_ppn(cmd + " " + zst, true);
    CHECK(z.code == 2);
    CHECK_THAT(z.out, Catch::Contains(zst + ": error: truncated zstd data"));
    CHECK_THAT(z.out, !Catch::Contains("iconv"));
  }
  // The truncated game is not counted as a game; the cut is an I/O error, not a syntax error.
  const auto v = run_ppn("validate " + gz);
  CHECK_THAT(v.out, Catch::Contains(gz + ": 0 games"));
  CHECK_THAT(v.out, Catch::Contains("0 syntax errors, 1 I/O error"));
  CHECK_THAT(run_ppn("validate --format json " + gz).out,
             Catch::Contains("\"code\":\"E-IO\"") && Catch::Contains("truncated gzip data"));
  const std::string jsonl_gz = dir / "records.jsonl.gz";
  REQUIRE(run_command("gzip -c '" +
                      ppn::test::source_path("tests/rules/hasbro-2001-catalogue.jsonl").string() +
                      "' > '" + jsonl_gz + "'")
              .code == 0);
  const std::string jsonl_cut = cut(jsonl_gz, "cut.jsonl.gz");
  const auto c = run_ppn("conform --variant hasbro-2001 " + jsonl_cut, true);
  CHECK(c.code == 2);
  CHECK_THAT(c.out, Catch::Contains(jsonl_cut + ": truncated gzip data"));
  // Corrupt data in the middle of a stream.
  std::string bytes = ppn::test::read_file(in.zst);
  bytes[bytes.size() / 2] = static_cast<char>(bytes[bytes.size() / 2] ^ 0x55);
  bytes[bytes.size() / 2 + 1] = static_cast<char>(bytes[bytes.size() / 2 + 1] ^ 0x55);
  const std::string bad = dir / "bad.zst";
  std::ofstream(bad, std::ios::binary) << bytes;
  const auto b = run_ppn("validate " + bad, true);
  CHECK(b.code == 2);
  CHECK_THAT(b.out, Catch::Contains(bad + ": error: corrupt zstd data") ||
                        Catch::Contains(bad + ": error: truncated zstd data"));
  // A compression ppn does not read is named, not taken for a binary file.
  const std::string xz = dir / "game.xz";
  std::ofstream(xz, std::ios::binary) << std::string(
      "\xFD"
      "7zXZ\0\0\0\0",
      10);
  CHECK_THAT(run_ppn("validate " + xz, true).out,
             Catch::Contains(xz + ": error: xz-compressed data"));
}

TEST_CASE("a failed open says why (strerror), in every reading command", "[cli][input]") {
  Dir dir;
  const std::string missing = dir / "missing.ppn";
  for (const std::string& cmd :
       std::vector<std::string>{"validate", "fmt", "stats", "audit", "analyze", "export --to json",
                                "replay", "conform --variant hasbro-2001", "convert"}) {
    INFO(cmd);
    const auto r = run_ppn(cmd + " " + missing, true);
    CHECK(r.code == 2);
    CHECK_THAT(r.out, Catch::Contains(missing) && Catch::Contains("No such file or directory"));
  }
  const auto d = run_ppn("validate " + dir.path.string(), true);
  CHECK(d.code == 2);
  CHECK_THAT(d.out,
             Catch::Contains(dir.path.string() + ": error: cannot open the file: Is a directory"));
  if (geteuid() != 0) {  // root reads anything
    const std::string locked = dir / "locked.ppn";
    std::ofstream(locked) << "1. G 6-3: -\n";
    fs::permissions(locked, fs::perms::none);
    CHECK_THAT(run_ppn("validate " + locked, true).out, Catch::Contains("Permission denied"));
  }
}

TEST_CASE("import of a missing file does not create the database", "[cli][input][db]") {
  Dir dir;
  const std::string db = dir / "never.sqlite";
  const auto r = run_ppn("import " + (dir / "missing.ppn") + " --db " + db, true);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains("No such file or directory"));
  CHECK_FALSE(fs::exists(db));
  // A readable file among them: the database is made, and the missing file still reported.
  const auto ok =
      run_ppn("import " + (dir / "missing.ppn") + " " +
                  ppn::test::source_path("samples/05-two-player-kitchen-table.ppn").string() +
                  " --db " + db,
              true);
  CHECK(ok.code == 2);
  CHECK(fs::exists(db));
  CHECK_THAT(ok.out, Catch::Contains("holds 1 game"));
}

TEST_CASE("compressed input is streamed: memory does not grow with the file",
          "[cli][input][compressed]") {
  Dir dir;
  // 2,000 copies of a game (about 9 MB), compressed, then the compressed file repeated 20
  // times: gzip members and zstd frames one after another are one stream of about 180 MB.
  const std::string game =
      ppn::test::read_file(ppn::test::source_path("samples/05-two-player-kitchen-table.ppn"));
  std::string text;
  for (int i = 0; i < 2000; ++i) text += game + "\n";
  const std::string plain = dir / "many.ppn";
  std::ofstream(plain, std::ios::binary) << text;
  const std::uint64_t total = text.size() * 20;
  for (const std::string tool : {"gzip", "zstd"}) {
    INFO(tool);
    const std::string one = dir / ("one." + tool), big = dir / ("big." + tool);
    REQUIRE(run_command(tool + " -q -c '" + plain + "' > '" + one + "'").code == 0);
    REQUIRE(run_command("for i in $(seq 20); do cat '" + one + "'; done > '" + big + "'").code ==
            0);
    const auto r = run_ppn("validate --syntax-only " + big);
    CHECK(r.out.find("40000 games, 2600000 rolls") != std::string::npos);
    // The decompressing reader alone (the PPN reader's own bounded memory is
    // tests/parser_limits_test.cpp's), in a child process whose memory growth is measured.
    const long kib = ppn::test::child_peak_growth_kib([&] {
      ppn::io::Input in(big);
      std::vector<char> chunk(1 << 16);
      std::uint64_t bytes = 0;
      while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0)
        bytes += static_cast<std::uint64_t>(in.gcount());
      return in.error().empty() && in.compression() == tool && bytes == total;
    });
    INFO("peak RSS growth " << kib << " KiB for " << total / 1024 << " KiB of text");
    CHECK(kib >= 0);
    CHECK(kib < 16 * 1024);  // a reader that held the text would need the whole 180 MB
  }
}

TEST_CASE("a byte stream that is no file is decompressed by its content like a file",
          "[input][compressed]") {
  // io::Input over any std::istream (the Python module reads io.BytesIO through it).
  Dir dir;
  const std::string plain = ppn::test::source_path("samples/05-two-player-kitchen-table.ppn");
  const Inputs in(dir, plain, "sample");
  const std::string text = ppn::test::read_file(plain);
  auto read_all = [](const std::string& bytes, std::string& error, std::string& kind) {
    ppn::io::Input input(std::make_unique<std::istringstream>(bytes));
    std::string out((std::istreambuf_iterator<char>(input)), std::istreambuf_iterator<char>());
    error = input.error();
    kind = input.compression();
    return out;
  };
  for (const auto& [file, compression] : std::vector<std::pair<std::string, std::string>>{
           {in.plain, ""}, {in.gz, "gzip"}, {in.zst, "zstd"}, {in.pzst, "zstd"}}) {
    INFO(file);
    std::string error, kind;
    CHECK(read_all(ppn::test::read_file(file), error, kind) == text);
    CHECK(error.empty());
    CHECK(kind == compression);
  }
  std::string error, kind;
  const std::string gz = ppn::test::read_file(in.gz);
  read_all(gz.substr(0, gz.size() / 2), error, kind);
  CHECK(error == "truncated gzip data: the file ends inside the compressed stream");
}
