// The build is the design: the dependency order between the project's libraries is written
// once, in docs/ARCHITECTURE.md "Layout" (its "uses" column), and every library
//   * includes headers only of the libraries the layout lets it use, and of each of them,
//   * links (its CMakeLists.txt) exactly the project libraries it includes, no more, and
//   * links exactly the outside packages whose headers it includes (Boost, nlohmann-json,
//     SQLite, libpq, CLI11, pugixml, zlib, libzstd, pybind11), no more,
// and the "uses" graph has no cycle. layering_problems() names every breach; the second test
// plants breaches in a small tree of its own to show that each one is found.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Outside packages: the header (or header folder) a source includes, and the CMake target
// that provides it.
const std::map<std::string, std::string>& packages() {
  static const std::map<std::string, std::string> m = {
      {"boost", "Boost::headers"},          {"nlohmann", "nlohmann_json::nlohmann_json"},
      {"sqlite3.h", "SQLite::SQLite3"},     {"CLI", "CLI11::CLI11"},
      {"pugixml.hpp", "pugixml::pugixml"},  {"zlib.h", "ZLIB::ZLIB"},
      {"zstd.h", "zstd::libzstd_shared"},   {"libpq-fe.h", "PostgreSQL::PostgreSQL"},
      {"pybind11", "pybind11::module"},     {"httplib.h", "PkgConfig::HTTPLIB"}, {"openssl", "OpenSSL::Crypto"},
  };
  return m;
}

// Where the layering is written: its "## Layout" section.
constexpr const char* kLayoutDoc = "docs/ARCHITECTURE.md";
const std::string kLayout = std::string(kLayoutDoc) + " \"Layout\"";

struct Library {
  std::set<std::string> layout_uses;  // project libraries (folder names), from the Layout table
  std::set<std::string> linked;       // project libraries, from its CMakeLists.txt
  std::set<std::string> packages_linked;
  std::map<std::string, std::string> included;           // folder -> first file including it
  std::map<std::string, std::string> packages_included;  // target -> first file including it
};

// docs/ARCHITECTURE.md "Layout": rows `| `folder/` | `ppn_x` | uses | role |`; uses lists folders as
// `notation`, `io`, ... (or "-" for none). Rows without a library (docs/) or that may use
// any (tests/) are skipped.
std::map<std::string, Library> read_layout(const fs::path& root, std::vector<std::string>& problems) {
  std::map<std::string, Library> libs;
  const std::string doc = slurp(root / kLayoutDoc);
  const auto at = doc.find("## Layout");
  if (at == std::string::npos) {
    problems.push_back(std::string(kLayoutDoc) + " has no \"## Layout\" section");
    return libs;
  }
  std::istringstream in(doc.substr(at));
  std::string line;
  const std::regex row(R"(^\| `([a-z_]+)/` \| `ppn_[a-z_]+`[^|]* \| ([^|]*) \|)");
  const std::regex word(R"(`([a-z_]+)`)");
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0 && line.rfind("## Layout", 0) != 0) break;
    std::smatch m;
    if (!std::regex_search(line, m, row)) continue;
    const std::string uses = m[2];
    if (uses.find("any") != std::string::npos) continue;  // tests/: may use every library
    Library& lib = libs[m[1]];
    for (std::sregex_iterator it(uses.begin(), uses.end(), word), end; it != end; ++it)
      lib.layout_uses.insert((*it)[1]);
  }
  if (libs.empty()) problems.push_back(kLayout + " lists no library with its \"uses\" column");
  return libs;
}

// The targets a folder's CMakeLists.txt links: ppn_stage(NAME DEPS...) and
// target_link_libraries(ppn_NAME ... DEPS...).
void read_links(const fs::path& dir, const std::string& name, Library& lib, std::vector<std::string>& problems) {
  const fs::path cm = dir / "CMakeLists.txt";
  if (!fs::exists(cm)) {
    problems.push_back(name + "/ has no CMakeLists.txt");
    return;
  }
  std::string text = slurp(cm);
  text = std::regex_replace(text, std::regex("#[^\n]*"), "");
  const std::regex call(R"((ppn_stage|target_link_libraries)\s*\(([^)]*)\))");
  for (std::sregex_iterator it(text.begin(), text.end(), call), end; it != end; ++it) {
    std::istringstream args((*it)[2].str());
    std::vector<std::string> a;
    for (std::string w; args >> w;) a.push_back(w);
    if (a.empty()) continue;
    if ((*it)[1] == "ppn_stage" ? a[0] != name : a[0] != "ppn_" + name) continue;
    for (std::size_t i = 1; i < a.size(); ++i) {
      const std::string& t = a[i];
      if (t == "PUBLIC" || t == "PRIVATE" || t == "INTERFACE") continue;
      if (t.rfind("ppn_", 0) == 0)
        lib.linked.insert(t.substr(4));
      else
        lib.packages_linked.insert(t);
    }
  }
}

void read_includes(const fs::path& dir, const std::string& name, const std::set<std::string>& folders, Library& lib) {
  const std::regex inc(R"(^\s*#\s*include\s*[<"]([^>"]+)[>"])");
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(dir)) {
    const auto ext = e.path().extension();
    if (e.is_regular_file() && (ext == ".cpp" || ext == ".hpp")) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    std::istringstream in(slurp(f));
    for (std::string line; std::getline(in, line);) {
      std::smatch m;
      if (!std::regex_search(line, m, inc)) continue;
      const std::string path = m[1];
      const auto slash = path.find('/');
      const std::string head = slash == std::string::npos ? path : path.substr(0, slash);
      const std::string where = name + "/" + f.filename().string();
      if (folders.count(head) && head != name) lib.included.emplace(head, where);
      if (auto p = packages().find(head); p != packages().end()) lib.packages_included.emplace(p->second, where);
    }
  }
}

std::string joined(const std::set<std::string>& s) {
  std::string out;
  for (const auto& x : s) out += (out.empty() ? "" : ", ") + x;
  return out.empty() ? "nothing" : out;
}

std::vector<std::string> layering_problems(const fs::path& root) {
  std::vector<std::string> problems;
  auto libs = read_layout(root, problems);
  std::set<std::string> folders;
  for (const auto& [name, lib] : libs) folders.insert(name);
  for (auto& [name, lib] : libs) {
    const fs::path dir = root / name;
    if (!fs::is_directory(dir)) {
      problems.push_back(kLayout + " lists " + name + "/, which does not exist");
      continue;
    }
    read_links(dir, name, lib, problems);
    read_includes(dir, name, folders, lib);
    for (const auto& [used, file] : lib.included) {
      if (!lib.layout_uses.count(used))
        problems.push_back(file + " includes a header of " + used + "/, which " + kLayout + " does not let " +
                           name + "/ use (it uses " + joined(lib.layout_uses) + ")");
      if (!lib.linked.count(used))
        problems.push_back(file + " includes a header of " + used + "/, but " + name +
                           "/CMakeLists.txt does not link ppn_" + used);
    }
    for (const auto& used : lib.layout_uses)
      if (!lib.included.count(used))
        problems.push_back(kLayout + " says " + name + "/ uses " + used + "/, but no " + name +
                           "/ file includes it");
    for (const auto& used : lib.linked)
      if (!lib.included.count(used))
        problems.push_back(name + "/CMakeLists.txt links ppn_" + used + ", but no " + name + "/ file includes it");
    for (const auto& [pkg, file] : lib.packages_included)
      if (!lib.packages_linked.count(pkg))
        problems.push_back(file + " includes a header of " + pkg + ", but " + name +
                           "/CMakeLists.txt does not link it");
    for (const auto& pkg : lib.packages_linked)
      if (packages().end() != std::find_if(packages().begin(), packages().end(),
                                           [&](const auto& kv) { return kv.second == pkg; }) &&
          !lib.packages_included.count(pkg))
        problems.push_back(name + "/CMakeLists.txt links " + pkg + ", but no " + name + "/ file includes it");
  }
  // The layout's graph must be an order: no cycle.
  std::map<std::string, int> state;  // 0 new, 1 on the path, 2 done
  std::vector<std::string> path;
  std::function<void(const std::string&)> visit = [&](const std::string& n) {
    state[n] = 1;
    path.push_back(n);
    for (const auto& m : libs[n].layout_uses) {
      if (!libs.count(m)) continue;
      if (state[m] == 1) {
        std::string cycle;
        for (auto it = std::find(path.begin(), path.end(), m); it != path.end(); ++it) cycle += *it + " -> ";
        problems.push_back(kLayout + " has a dependency cycle: " + cycle + m);
      } else if (state[m] == 0) {
        visit(m);
      }
    }
    path.pop_back();
    state[n] = 2;
  };
  for (const auto& f : folders)
    if (state[f] == 0) visit(f);
  return problems;
}

std::string listed(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += "\n  " + s;
  return out;
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text;
}

}  // namespace

TEST_CASE("every library includes and links exactly what the Layout of docs/ARCHITECTURE.md lets it use", "[build][layering]") {
  const auto problems = layering_problems(PPN_SOURCE_DIR);
  INFO("breaches:" << listed(problems));
  CHECK(problems.empty());
}

TEST_CASE("the layering check finds planted breaches", "[build][layering]") {
  const fs::path root = fs::temp_directory_path() / ("ppn-layering-" + std::to_string(::getpid()));
  fs::remove_all(root);
  write(root / kLayoutDoc,
        "# x\n\n## Layout\n\n| folder | library | uses | role |\n|---|---|---|---|\n"
        "| `low/` | `ppn_low` | - | the bottom |\n"
        "| `mid/` | `ppn_mid` | `low` | the middle |\n"
        "| `top/` | `ppn_top` | `mid`, `low` | the top |\n"
        "| `docs/` | | | prose |\n\n## Next\n");
  write(root / "low/CMakeLists.txt", "ppn_stage(low)\n");
  write(root / "low/a.hpp", "#pragma once\n#include <vector>\n");
  write(root / "mid/CMakeLists.txt", "ppn_stage(mid ppn_low)\n");
  write(root / "mid/b.cpp", "#include \"low/a.hpp\"\n");
  write(root / "top/CMakeLists.txt", "ppn_stage(top ppn_mid ppn_low)\n");
  write(root / "top/c.cpp", "#include \"mid/b.hpp\"\n#include \"low/a.hpp\"\n");
  CHECK(layering_problems(root).empty());

  SECTION("a library includes a header of a library above it") {
    write(root / "low/bad.cpp", "#include \"top/c.hpp\"\n");
    const auto p = layering_problems(root);
    INFO(listed(p));
    CHECK(std::count_if(p.begin(), p.end(), [](const std::string& s) {
            return s.find("low/bad.cpp includes a header of top/, which " + kLayout + " does not let low/ use") == 0;
          }) == 1);
    CHECK(std::any_of(p.begin(), p.end(), [](const std::string& s) {
      return s.find("low/bad.cpp includes a header of top/, but low/CMakeLists.txt does not link ppn_top") == 0;
    }));
  }
  SECTION("a library links a library it does not include") {
    write(root / "top/c.cpp", "#include \"mid/b.hpp\"\n");
    const auto p = layering_problems(root);
    INFO(listed(p));
    CHECK(std::find(p.begin(), p.end(), "top/CMakeLists.txt links ppn_low, but no top/ file includes it") != p.end());
    CHECK(std::find(p.begin(), p.end(), kLayout + " says top/ uses low/, but no top/ file includes it") != p.end());
  }
  SECTION("an outside package included but not linked, or linked but not included") {
    write(root / "mid/j.cpp", "#include <nlohmann/json.hpp>\n");
    write(root / "low/CMakeLists.txt", "ppn_stage(low)\ntarget_link_libraries(ppn_low PRIVATE pugixml::pugixml)\n");
    const auto p = layering_problems(root);
    INFO(listed(p));
    CHECK(std::find(p.begin(), p.end(),
                    "mid/j.cpp includes a header of nlohmann_json::nlohmann_json, but mid/CMakeLists.txt does not link it") != p.end());
    CHECK(std::find(p.begin(), p.end(), "low/CMakeLists.txt links pugixml::pugixml, but no low/ file includes it") != p.end());
  }
  SECTION("a cycle in the layout's order") {
    write(root / kLayoutDoc,
          "## Layout\n\n| folder | library | uses | role |\n|---|---|---|---|\n"
          "| `low/` | `ppn_low` | `top` | the bottom |\n"
          "| `mid/` | `ppn_mid` | `low` | the middle |\n"
          "| `top/` | `ppn_top` | `mid`, `low` | the top |\n");
    const auto p = layering_problems(root);
    INFO(listed(p));
    CHECK(std::any_of(p.begin(), p.end(), [](const std::string& s) { return s.find("dependency cycle") != std::string::npos; }));
  }
  fs::remove_all(root);
}
