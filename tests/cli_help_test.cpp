// `ppn help`, `make install` and what it installs: the man page and bash completion must list
// every subcommand, option and allowed value the CLI11 app accepts (issue 16, "Install and
// help"). The app is walked here directly through CLI11's own accessors, not through
// cli/command_tree.cpp, so a generator that drops something fails.
#include <CLI/CLI.hpp>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <map>
#include <regex>
#include <unistd.h>

#include "cli/app.hpp"
#include "cli_run.hpp"

namespace fs = std::filesystem;
using ppn::test::read_file;
using ppn::test::run_command;
using ppn::test::run_ppn;
using ppn::test::shell_quoted;

namespace {

// What `make install DESTDIR=D` does (the Makefile's install target is `cmake --install` with
// PREFIX), into a fresh directory per test process.
struct Installed {
  fs::path destdir, prefix;
  fs::path bin() const { return destdir / prefix.relative_path() / "bin/ppn"; }
  fs::path man() const { return destdir / prefix.relative_path() / "share/man/man1/ppn.1"; }
  fs::path completion() const { return destdir / prefix.relative_path() / "share/bash-completion/completions/ppn"; }
};

const Installed& installed() {
  static const Installed inst = [] {
    Installed i;
    i.destdir = fs::temp_directory_path() / ("ppn-install-test-" + std::to_string(getpid()));
    i.prefix = "/usr/local";
    fs::remove_all(i.destdir);
    const auto r = run_command("DESTDIR='" + i.destdir.string() + "' '" CMAKE_COMMAND "' --install '" PPN_BUILD_DIR
                               "' --prefix /usr/local 2>&1");
    INFO(r.out);
    REQUIRE(r.code == 0);
    return i;
  }();
  return inst;
}

// A visible command of the app: its words after "ppn" and the app.
struct Command {
  std::vector<std::string> path;
  const CLI::App* app;
  std::string name() const {
    std::string s = "ppn";
    for (const auto& w : path) s += " " + w;
    return s;
  }
};

std::vector<Command> all_commands(const CLI::App& root) {
  std::vector<Command> out;
  std::function<void(const CLI::App&, std::vector<std::string>)> walk = [&](const CLI::App& app,
                                                                            std::vector<std::string> path) {
    out.push_back({path, &app});
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); })) {
      auto p = path;
      p.push_back(sub->get_name());
      walk(*sub, p);
    }
  };
  walk(root, {});
  return out;
}

std::vector<const CLI::Option*> visible_options(const CLI::App& app) {
  return app.get_options([](const CLI::Option* o) { return !o->get_group().empty(); });
}

std::vector<std::string> option_names(const CLI::Option& o) {
  std::vector<std::string> names;
  for (const auto& s : o.get_snames()) names.push_back("-" + s);
  for (const auto& l : o.get_lnames()) names.push_back("--" + l);
  return names;
}

// The values of a CLI::IsMember check, from the "{a,b,c}" CLI11 appends to the type name.
std::vector<std::string> member_values(const CLI::Option& o) {
  std::vector<std::string> values;
  static const std::regex braces(R"(\{([^}]*)\})");
  const std::string type = o.get_type_name();
  for (std::sregex_iterator m(type.begin(), type.end(), braces), end; m != end; ++m) {
    std::stringstream list((*m)[1].str());
    for (std::string v; std::getline(list, v, ',');) values.push_back(v);
  }
  return values;
}

// The man page as plain text split at its `.SS "ppn ..."` headings: heading -> body, with roff
// escapes and font changes removed. "" holds everything before the first heading.
std::map<std::string, std::string> man_sections(const std::string& roff) {
  std::string plain;
  for (std::size_t i = 0; i < roff.size(); ++i) {
    if (roff[i] != '\\' || i + 1 >= roff.size()) {
      plain += roff[i];
      continue;
    }
    const char e = roff[++i];
    if (e == '-') plain += '-';
    else if (e == 'e') plain += '\\';
    else if (e == 'f') ++i;  // \fB, \fI, \fR
    // "\&" prints nothing
  }
  std::map<std::string, std::string> sections;
  std::string current;
  std::stringstream lines(plain);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(".SS \"", 0) == 0) {
      current = line.substr(5, line.size() - 6);
      continue;
    }
    if (line.rfind(".SH COMMANDS", 0) == 0) current = "COMMANDS";
    sections[current] += line + "\n";
  }
  return sections;
}

bool contains_word(const std::string& text, const std::string& word) {
  for (auto at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) {
    const auto end = at + word.size();
    const bool left = at == 0 || !(std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '-' || text[at - 1] == '_');
    const bool right = end == text.size() || !(std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '-' || text[end] == '_');
    if (left && right) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("ppn help COMMAND prints the command's help, an unknown one lists the commands", "[cli][help]") {
  const auto validate = run_ppn("help validate");
  CHECK(validate.code == 0);
  CHECK(validate.out.find("Usage: ppn validate [OPTIONS] files...") != std::string::npos);
  CHECK(validate.out.find("--variant") != std::string::npos);
  CHECK(validate.out.find("Re-validate every roll") != std::string::npos);

  const auto nested = run_ppn("help bench parse");
  CHECK(nested.code == 0);
  CHECK(nested.out.find("Usage: ppn bench parse") != std::string::npos);

  const auto top = run_ppn("help");
  CHECK(top.code == 0);
  CHECK(top.out.find("Usage: ppn [OPTIONS] SUBCOMMAND") != std::string::npos);
  for (const char* cmd : {"validate", "fmt", "import", "stats", "help"}) CHECK(top.out.find(cmd) != std::string::npos);

  const auto bogus = run_ppn("help frobnicate", true);
  CHECK(bogus.code == 2);
  CHECK(bogus.out.find("help: unknown command 'frobnicate'; commands: ") != std::string::npos);
  CHECK(bogus.out.find("validate") != std::string::npos);
  CHECK(bogus.out.find("Usage:") == std::string::npos);
  const auto bogus_sub = run_ppn("help bench frobnicate", true);
  CHECK(bogus_sub.code == 2);
  CHECK(bogus_sub.out.find("help: unknown command 'frobnicate' of ppn bench; commands: parse, replay") != std::string::npos);
}

TEST_CASE("make install puts ppn, its man page and its bash completion under DESTDIR/PREFIX", "[cli][help][install]") {
  const auto& inst = installed();
  REQUIRE(fs::is_regular_file(inst.bin()));
  REQUIRE(fs::is_regular_file(inst.man()));
  REQUIRE(fs::is_regular_file(inst.completion()));
  CHECK((fs::status(inst.bin()).permissions() & fs::perms::owner_exec) != fs::perms::none);

  const auto version = run_command("'" + inst.bin().string() + "' --version");
  CHECK(version.code == 0);
  CHECK(version.out == "ppn " + std::string(PPN_PROJECT_VERSION) + "\n");
  const auto help = run_command("'" + inst.bin().string() + "' help validate");
  CHECK(help.code == 0);
  CHECK(help.out.find("Usage: ppn validate") != std::string::npos);
  // The installed files are what the installed binary prints (not a stale copy).
  CHECK(read_file(inst.man()) == run_command("'" + inst.bin().string() + "' help --man").out);
  CHECK(read_file(inst.completion()) == run_command("'" + inst.bin().string() + "' help --bash-completion").out);
}

TEST_CASE("the installed man page lists every command, option and allowed value of the CLI", "[cli][help][install]") {
  int exit_code = 0;
  const auto app = ppn::cli::build_app(exit_code);
  const auto sections = man_sections(read_file(installed().man()));
  REQUIRE(sections.count("") == 1);
  CHECK(sections.at("").find(".TH PPN 1") != std::string::npos);
  // Well-formed roff: groff (what man runs) reads it without a warning.
  if (run_command("command -v groff >/dev/null").code == 0) {
    const auto lint = run_command("groff -man -ww -z '" + installed().man().string() + "' 2>&1");
    INFO(lint.out);
    CHECK(lint.code == 0);
    CHECK(lint.out.empty());
  } else {
    WARN("groff not installed: the man page's roff is not linted");
  }

  std::size_t commands = 0, options = 0;
  for (const auto& cmd : all_commands(*app)) {
    // The top-level options are described before the COMMANDS section.
    const std::string heading = cmd.path.empty() ? "" : cmd.name();
    INFO(heading);
    REQUIRE(sections.count(heading) == 1);
    const std::string& body = sections.at(heading);
    if (!cmd.path.empty()) {
      ++commands;
      CHECK(body.find(cmd.app->get_description()) != std::string::npos);
    }
    for (const CLI::Option* o : visible_options(*cmd.app)) {
      ++options;
      const auto names = option_names(*o);
      if (names.empty()) CHECK(contains_word(body, o->get_name(true)));
      for (const auto& n : names) {
        INFO(n);
        CHECK(contains_word(body, n));
      }
      CHECK(body.find(o->get_description()) != std::string::npos);
      for (const auto& v : member_values(*o)) {
        INFO(v);
        CHECK(contains_word(body, v));
      }
    }
  }
  // Exactly the commands: no section for a command the CLI does not have.
  CHECK(sections.size() == commands + 2);  // + the preamble and the COMMANDS heading
  CHECK(commands >= 18);
  CHECK(options >= 80);
}

TEST_CASE("the installed bash completion offers every command, option and allowed value of the CLI", "[cli][help][install]") {
  int exit_code = 0;
  const auto app = ppn::cli::build_app(exit_code);

  // One bash run answers every question: each is a command line with the cursor on its last
  // word, and prints the completion's answer on one line.
  struct Question {
    std::vector<std::string> words;
    std::vector<std::string> expected;
  };
  std::vector<Question> questions;
  for (const auto& cmd : all_commands(*app)) {
    std::vector<std::string> words{"ppn"};
    words.insert(words.end(), cmd.path.begin(), cmd.path.end());
    Question opts{words, {}};
    opts.words.push_back("-");
    for (const CLI::Option* o : visible_options(*cmd.app))
      for (const auto& n : option_names(*o)) opts.expected.push_back(n);
    questions.push_back(opts);

    Question subs{words, {}};
    subs.words.push_back("");
    for (const CLI::App* s : cmd.app->get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); }))
      subs.expected.push_back(s->get_name());
    for (const CLI::Option* o : visible_options(*cmd.app))
      if (o->get_positional())
        for (const auto& v : member_values(*o)) subs.expected.push_back(v);
    if (!subs.expected.empty()) questions.push_back(subs);

    for (const CLI::Option* o : visible_options(*cmd.app)) {
      const auto values = member_values(*o);
      if (values.empty() || option_names(*o).empty()) continue;
      for (const auto& n : option_names(*o)) {
        Question q{words, values};
        q.words.push_back(n);
        q.words.push_back("");
        questions.push_back(q);
      }
    }
  }
  // `ppn help <TAB>` offers the commands.
  Question help{{"ppn", "help", ""}, {}};
  for (const CLI::App* s : app->get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); }))
    help.expected.push_back(s->get_name());
  questions.push_back(help);

  std::string script = "source " + shell_quoted(installed().completion().string()) + "\n";
  for (const auto& q : questions) {
    script += "COMP_WORDS=(";
    for (const auto& w : q.words) script += shell_quoted(w) + " ";
    script += "); COMP_CWORD=" + std::to_string(q.words.size() - 1) + "; COMPREPLY=(); _ppn; echo \"${COMPREPLY[*]}\"\n";
  }
  const fs::path script_file = fs::temp_directory_path() / ("ppn-completion-test-" + std::to_string(getpid()) + ".sh");
  { std::ofstream(script_file) << script; }
  const auto r = run_command("bash --norc --noprofile " + shell_quoted(script_file.string()));
  fs::remove(script_file);
  REQUIRE(r.code == 0);

  std::stringstream answers(r.out);
  std::size_t checked = 0;
  for (const auto& q : questions) {
    std::string line;
    REQUIRE(std::getline(answers, line));
    std::string asked;
    for (const auto& w : q.words) asked += w + " ";
    INFO("ppn completion of: " << asked << "-> " << line);
    const std::string padded = " " + line + " ";
    for (const auto& e : q.expected) {
      CHECK(padded.find(" " + e + " ") != std::string::npos);
      ++checked;
    }
  }
  CHECK(checked >= 100);
}

TEST_CASE("an unknown command or option names itself, suggests the nearest command and lists them", "[cli][help]") {
  const auto typo = run_ppn("validat x.ppn", true);
  CHECK(typo.code == 2);
  CHECK(typo.out.find("ppn: unknown command 'validat'; did you mean 'validate'?") != std::string::npos);
  CHECK(typo.out.find("commands: ") != std::string::npos);
  for (const char* cmd : {"validate", "import", "query", "render", "help"}) CHECK(typo.out.find(cmd) != std::string::npos);
  CHECK(typo.out.find("A subcommand is required") == std::string::npos);

  const auto option = run_ppn("--foo", true);
  CHECK(option.code == 2);
  CHECK(option.out.find("ppn: unknown option '--foo'") != std::string::npos);
  CHECK(option.out.find("did you mean") == std::string::npos);  // nothing near enough
  CHECK(option.out.find("commands: ") != std::string::npos);
  CHECK(option.out.find("A subcommand is required") == std::string::npos);

  const auto far = run_ppn("frobnicate", true);
  CHECK(far.code == 2);
  CHECK(far.out.find("ppn: unknown command 'frobnicate'\n") != std::string::npos);

  // A command's own errors stay its own.
  const auto inner = run_ppn("validate --foo", true);
  CHECK(inner.code == 2);
  CHECK(inner.out.find("unknown command") == std::string::npos);
}
