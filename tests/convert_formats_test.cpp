// The converters of issue 4: NU server transcripts, NU course test inputs and the Racket
// self-play corpus into PPN; PPN out to JSON (and back) and to NU protocol XML. Each case is
// something a user relies on: the games found, every observed roll judged under racket-nu,
// the stretches between observations judged plausible, located errors and no crash on bad input.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_run.hpp"
#include "convert/json_game.hpp"
#include "convert/nu_ppn.hpp"
#include "convert/nu_test.hpp"
#include "convert/nu_transcript.hpp"
#include "convert/racket_jsonl.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"
#include "replay/bridge.hpp"
#include "replay/replayer.hpp"
#include "shared_data.hpp"
#include "game_text.hpp"

using namespace ppn;
using namespace ppn::convert;

using ppn::test::parse_one;

namespace {

constexpr const char* kTranscripts = "external/nu-eecs395-parcheesi-xml/transcripts-nathanshelly";
constexpr const char* kCases = "external/nu-eecs395-parcheesi-xml/course-xml-tests";
constexpr const char* kOracle = "external/nu-eecs395-parcheesi-xml/course-xml-tests-oracle-generated-here";
constexpr const char* kSelfplay = "corpora/racket/selfplay-seed1001.jsonl.gz";

std::vector<replay::ReplayDiagnostic> diagnostics(const Game& g) {
  return replay::replay_game(g, {}).diagnostics;
}

int count_code(const std::vector<replay::ReplayDiagnostic>& ds, ppn::Code code) {
  return static_cast<int>(std::count_if(ds.begin(), ds.end(), [&](const auto& d) { return d.code == code; }));
}

std::string pawn(const char* colour, int id) {
  return std::string("<pawn><color>") + colour + "</color><id>" + std::to_string(id) + "</id></pawn>";
}

// A board message: every pawn in its start area except the given ring squares.
std::string board_xml(const std::vector<std::tuple<const char*, int, int>>& main_locs) {
  std::string start, main;
  for (const char* c : {"yellow", "red", "green", "blue"})
    for (int id = 3; id >= 0; --id) {
      bool out = false;
      for (auto& [mc, mid, loc] : main_locs)
        if (std::string(mc) == c && mid == id) out = true;
      if (!out) start += pawn(c, id);
    }
  for (auto& [mc, mid, loc] : main_locs)
    main += "<piece-loc>" + pawn(mc, mid) + "<loc>" + std::to_string(loc) + "</loc></piece-loc>";
  return "<board><start>" + start + "</start><main>" + main + "</main><home-rows></home-rows><home></home></board>";
}

}  // namespace

// ---------------------------------------------------------------------------------------
// nu-transcript

TEST_CASE("convert transcript: the four real logs give one game per start-game less the handshake",
          "[convert][transcript][shared]") {
  PPN_REQUIRE_SHARED(dir, kTranscripts);
  struct Expect {
    const char* file;
    int start_games, games, rolls, illegal;
  };
  // illegal: the player's own empty reply while a move was possible, each the last roll of
  // its log (output2.log line 10847, commit-1fef9d6 line 14243; see convert/README.md).
  const Expect expect[] = {{"output.log", 4, 3, 143, 0},
                           {"output2.log", 52, 51, 2500, 1},
                           {"commit-1fef9d6/logs.log", 2, 1, 27, 1},
                           {"commit-11f8538/logs.log", 2, 1, 19, 0}};
  for (const auto& e : expect) {
    INFO(e.file);
    const auto rep = nu::read_transcript_file(dir / e.file);
    CHECK(rep.start_games == e.start_games);
    CHECK(rep.handshakes == 1);
    CHECK(static_cast<int>(rep.games.size()) == rep.start_games - rep.handshakes);
    CHECK(static_cast<int>(rep.games.size()) == e.games);
    int rolls = 0, illegal = 0, stretches = 0, other = 0;
    for (const auto& g : rep.games) {
      rolls += g.rolls;
      // the game prints and reads back as PPN
      const Game back = parse_one(to_ppn(g.game));
      CHECK(back == g.game);
      const auto ds = diagnostics(back);
      for (const auto& d : ds) {
        INFO(d.name() << " " << d.message);
        if (d.code == ppn::Code::implausible_stretch) ++stretches;
        else if (d.roll_index >= 0 && d.severity == replay::Severity::error) ++illegal;
        else ++other;
      }
    }
    CHECK(rolls == e.rolls);
    CHECK(illegal == e.illegal);
    CHECK(stretches == 0);
    CHECK(other == 0);
  }
  // commit-11f8538 ends in the middle of the player's thinking: the last <do-move> has no
  // reply, which is reported at its line as a warning (the log ends inside the game, which is
  // converted up to there; issue 16), not an error.
  const auto last = nu::read_transcript_file(dir / "commit-11f8538/logs.log");
  REQUIRE(last.problems.size() == 1);
  CHECK(last.problems[0].line == 129);
  CHECK(last.problems[0].severity == ppn::Severity::warning);
  CHECK_THAT(last.problems[0].message, Catch::Contains("the log ends inside this game: this <do-move> has no reply"));
}

TEST_CASE("convert transcript: fragments joined, foreign lines skipped, bad messages located",
          "[convert][transcript]") {
  const std::string b0 = board_xml({});
  const std::string b1 = board_xml({{"yellow", 0, 58}, {"green", 1, 7}});
  const std::string move1 = "<do-move>" + b0 + "<dice><die>2</die><die>5</die></dice></do-move>";
  const std::string move2 = "<do-move>" + b1 + "<dice><die>3</die><die>4</die></dice></do-move>";
  std::string log;
  log += "Player socket connected...\n";                                  // 1
  log += "Received data: <start-game>red</start-game>\n";                // 2
  log += "Responding with: <name>Rocky</name>\n";                        // 3
  log += "Received data: <start-game>yellow</start-game>\n";             // 4
  log += "Responding with: <name>Rocky</name>\n";                        // 5
  log += "Received data: " + move1.substr(0, 100) + "\n";                // 6: split mid-element
  log += "Received data: " + move1.substr(100, 200) + "\n";              // 7
  log += "Received data: " + move1.substr(300) + "\n";                   // 8
  log += "About to compute all moves...\n";                              // 9: the player's print
  log += "Responding with: <moves><enter-piece>" + pawn("yellow", 0) +
         "</enter-piece><move-piece-main>" + pawn("yellow", 0) +
         "<start>56</start><distance>2</distance></move-piece-main></moves>\n";  // 10
  log += "Received data: <do-move><board><start><pawnn></start></board></do-move>\n";  // 11: malformed
  log += "Responding with: <moves></moves>\n";                           // 12
  log += "Received data: " + move2 + "\n";                               // 13
  log += "Responding with: <moves><move-piece-main>" + pawn("yellow", 0) +
         "<start>58</start><distance>3</distance></move-piece-main><move-piece-main>" + pawn("yellow", 0) +
         "<start>61</start><distance>4</distance></move-piece-main></moves>\n";  // 14
  log += "Received data: <do-move><board><start>\n";                     // 15: truncated by the log's end

  int visited = 0;
  const auto streamed = nu::read_transcript(log, "t.log", [&](nu::TranscriptGame& g) { visited += g.rolls; });
  CHECK(streamed.games.empty());
  CHECK(streamed.games_found == 1);
  CHECK(visited == 2);
  const auto rep = nu::read_transcript(log, "t.log");
  CHECK(rep.games_found == 1);
  CHECK(rep.start_games == 2);
  CHECK(rep.handshakes == 1);
  CHECK(rep.foreign_lines == 1);
  CHECK(rep.first_foreign_line == 9);
  REQUIRE(rep.games.size() == 1);
  const auto& g = rep.games[0];
  CHECK(g.observer == Colour::Yellow);
  CHECK(g.rolls == 2);
  CHECK(g.game.tag_value("Observer") == "yellow");
  CHECK(g.game.tag_value("Variant") == "racket-nu");
  const std::string text = to_ppn(g.game);
  CHECK_THAT(text, Catch::Contains("@ g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,N / y d0"));
  CHECK_THAT(text, Catch::Contains("1. Y 2-5: N/0 0/2"));
  CHECK_THAT(text, Catch::Contains("@ g:N,N,N,2 r:N,N,N,N b:N,N,N,N y:N,N,N,2 / y d0"));
  CHECK_THAT(text, Catch::Contains("2. Y 3-4: 2/5 5/9"));
  REQUIRE(rep.problems.size() == 2);
  CHECK(rep.problems[0].line == 11);
  CHECK(rep.problems[0].column > 15);  // inside the message, after "Received data: "
  CHECK_THAT(rep.problems[0].message, Catch::Contains("<do-move>"));
  CHECK(rep.problems[1].line == 15);
  CHECK_THAT(rep.problems[1].message, Catch::Contains("truncated"));
  // both observed rolls are legal under racket-nu, and the stretch between them is plausible
  CHECK(diagnostics(g.game).empty());
}

TEST_CASE("convert transcript: garbage and empty input do not crash", "[convert][transcript]") {
  CHECK(nu::read_transcript("", "e.log").games.empty());
  const auto r = nu::read_transcript("Received data: <do-move><board>\nReceived data: </dice></do-move>\n"
                                     "Received data: <frobnicate></frobnicate>\nResponding with: <moves>\n",
                                     "g.log");
  CHECK(r.games.empty());
  CHECK(r.problems.size() >= 2);
  for (const auto& p : r.problems) CHECK(p.line > 0);
}

// ---------------------------------------------------------------------------------------
// observed positions: the plausibility of a stretch (E-IMPLAUSIBLE-STRETCH)

TEST_CASE("stretch: unseen plays must be plausible", "[convert][replay][stretch]") {
  const std::string head =
      "[Variant \"racket-nu\"]\n[Seats \"green red blue yellow\"]\n[Observer \"yellow\"]\n\n"
      "@ g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,N / y d0\n1. Y 2-5: N/0 0/2\n";
  SECTION("others advance, the observer's pawn is captured: plausible") {
    const auto g = parse_one(head + "@ g:N,N,N,N r:N,N,0,6 b:N,N,N,1 y:N,N,N,N / y d0\n");
    CHECK(diagnostics(g).empty());
  }
  SECTION("the observer's pawn moved without a recorded roll") {
    const auto ds = diagnostics(parse_one(head + "@ g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,5 / y d0\n"));
    REQUIRE(count_code(ds, ppn::Code::implausible_stretch) == 1);
    CHECK_THAT(ds[0].message, Catch::Contains("yellow went from N,N,N,2 to N,N,N,5"));
    CHECK(ds[0].line == 7);
  }
  SECTION("a pawn count changes") {
    const auto ds = diagnostics(parse_one(head + "@ g:N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,2 / y d0\n"));
    CHECK(count_code(ds, ppn::Code::observed) == 1);
  }
  SECTION("a pawn goes backwards although its seat moved first (no re-entry after a capture)") {
    const std::string two = head + "@ g:5,15,25,30 r:N,N,N,N b:N,N,N,N y:N,N,N,2 / y d0\n2. Y 3-4: 2/5 5/9\n";
    CHECK(diagnostics(parse_one(two)).empty());
    const auto ds = diagnostics(parse_one(two + "@ g:5,10,15,25 r:N,N,N,N b:N,N,N,N y:N,N,N,9 / y d0\n"));
    REQUIRE(count_code(ds, ppn::Code::implausible_stretch) == 1);
    CHECK_THAT(ds[0].message, Catch::Contains("green went from 5,15,25,30 to 5,10,15,25"));
    // green's pawn may be captured after its turn and stay in the nest
    CHECK(diagnostics(parse_one(two + "@ g:N,5,15,25 r:N,N,N,N b:N,N,N,N y:N,N,N,9 / y d0\n")).empty());
    // red moves after green: its pawn may be captured by green, re-enter and move on
    const auto ok = diagnostics(parse_one(two + "@ g:5,15,25,40 r:N,N,N,3 b:N,N,N,N y:N,N,N,9 / y d0\n"));
    CHECK(ok.empty());
  }
  SECTION("HOME is final") {
    const auto ds = diagnostics(parse_one(
        "[Variant \"racket-nu\"]\n[Seats \"green red\"]\n\n@ g:H,H,N,N r:N,N,N,N / g d0\n@ g:H,N,N,N r:N,N,N,N / g d0\n"));
    CHECK(count_code(ds, ppn::Code::implausible_stretch) == 1);
  }
  SECTION("a doublet's re-roll follows at once") {
    const std::string d = "[Variant \"racket-nu\"]\n[Seats \"green red blue yellow\"]\n[Observer \"yellow\"]\n"
                          "[Setup \"g:N,N,N,N r:N,N,N,N b:N,N,N,N y:0,10,20,30 / y d0\"]\n\n"
                          "1. Y 3-3: 0/3 10/13 20/24 30/34\n";
    CHECK(diagnostics(parse_one(d + "@ g:N,N,N,N r:N,N,N,N b:N,N,N,N y:3,13,24,34 / y d1\n")).empty());
    const auto moved = diagnostics(parse_one(d + "@ g:N,N,N,N r:N,N,N,2 b:N,N,N,N y:3,13,24,34 / y d1\n"));
    CHECK(count_code(moved, ppn::Code::implausible_stretch) == 1);
    const auto skipped = diagnostics(parse_one(d + "@ g:N,N,N,N r:N,N,N,2 b:N,N,N,N y:3,13,24,34 / y d0\n"));
    REQUIRE(count_code(skipped, ppn::Code::implausible_stretch) == 1);
    CHECK_THAT(skipped[0].message, Catch::Contains("re-roll"));
  }
}

// ---------------------------------------------------------------------------------------
// nu-test

TEST_CASE("convert nu-test: the 36 course cases as one-roll PPN games agree with Racket",
          "[convert][nu][shared]") {
  PPN_REQUIRE_SHARED(cases, kCases);
  PPN_REQUIRE_SHARED(oracle, kOracle);
  int agree = 0, boards = 0;
  for (int n = 1; n <= 36; ++n) {
    INFO("case in" << n << ".xml");
    auto in = nu::read_course_input(cases / ("in" + std::to_string(n) + ".xml"));
    auto out = nu::read_course_output(oracle / ("out" + std::to_string(n) + ".txt"));
    REQUIRE(in.ok());
    REQUIRE(out.ok());
    auto g = nu::course_game(*in, "in" + std::to_string(n) + ".xml", 7);
    REQUIRE(g.ok());
    const Game back = parse_one(to_ppn(*g));
    // in14 enters a red pawn on green's roll: written `R:N/0` (SPEC.md 3.1) and rejected as
    // E-WRONG-COLOUR, as Racket rejects it ("attempted to move two different colors")
    if (n == 14) CHECK_THAT(to_ppn(back), Catch::Contains("1. G 5-5: N/0 R:N/0"));
    CHECK(back == *g);
    std::optional<rules::Game> after;
    const auto res = replay::replay_game(back, {}, [&](const replay::RollEvent& e) { after = e.after; });
    INFO(to_ppn(back));
    for (const auto& d : res.diagnostics) INFO(d.name() << ": " << d.message);
    CHECK(res.setup_ok);
    const bool legal = res.illegal == 0 && res.errors() == 0;
    CHECK(legal == out->legal);
    if (n == 14) CHECK((!res.diagnostics.empty() && res.diagnostics.front().code == ppn::Code::wrong_colour));
    if (legal == out->legal) ++agree;
    if (legal && out->board_after) {
      REQUIRE(after);
      auto engine = replay::desc_of(*after);
      auto racket = nu::desc_of_board(*out->board_after, engine.to_move, engine.rerolls);
      CHECK(format_position_id(engine) == format_position_id(racket));
      if (format_position_id(engine) == format_position_id(racket)) ++boards;
    }
  }
  CHECK(agree == 36);
  CHECK(boards == 22);
}

TEST_CASE("convert nu-test: dice lists that are not a throw become pending parts", "[convert][nu]") {
  nu::CourseInput in;
  in.colour = Colour::Green;
  in.board = nu::initial_board();
  in.dice.values = {5};
  nu::Move enter;
  enter.pawn = nu::Pawn{Colour::Green, 0};
  in.moves.list.push_back(enter);
  auto g = nu::course_game(in);
  REQUIRE(g.ok());
  CHECK(g->tag_value("Setup") == "g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0 [5]");
  CHECK_THAT(to_ppn(*g), Catch::Contains("1. G 5: N/0"));
  CHECK(diagnostics(*g).empty());
  // a die that is not among the pending parts
  Game bad = *g;
  std::get<Roll>(bad.movetext[0]).dice = {4, 0};
  CHECK(count_code(diagnostics(bad), ppn::Code::dice) == 1);
  // two dice make an ordinary roll
  in.dice.values = {2, 3};
  auto two = nu::course_game(in);
  REQUIRE(two.ok());
  CHECK(two->tag_value("Setup") == "g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0");
  CHECK(diagnostics(*two).empty());
}

// ---------------------------------------------------------------------------------------
// racket-jsonl

TEST_CASE("convert racket-jsonl: the self-play corpus converts and every game validates",
          "[convert][racket][shared]") {
  PPN_REQUIRE_SHARED(corpus, kSelfplay);
  std::vector<Diagnostic> problems;
  int games = 0, finished = 0;
  long rolls = 0;
  racket::read_corpus(corpus, [&](Game& g) {
    ++games;
    const Game back = parse_one(to_ppn(g));
    REQUIRE(back == g);
    const auto res = replay::replay_game(back, {});
    rolls += res.rolls_replayed;
    for (const auto& d : res.diagnostics) FAIL_CHECK(g.tag_value("Event") << ": " << d.name() << " " << d.message);
    if (res.game_over && !res.ranking.empty() &&
        g.tag_value("Result") == colour_name(res.ranking.front()))
      ++finished;
  }, problems);
  for (const auto& p : problems) FAIL_CHECK(located(p));
  CHECK(games == 100);
  CHECK(finished == 100);  // every game won, by the colour its [Result] names
  CHECK(rolls > 14000);
}

TEST_CASE("convert racket-jsonl: malformed lines are located and skipped", "[convert][racket]") {
  const std::string text =
      "{\"game\":0,\"players\":[\"a\",\"b\",\"c\",\"d\"],\"seed\":1}\n"
      "{\"game\":0,\"color\":\"green\",\"board\":[" + std::string("\"start\",") + "\"start\"],\"dice\":[3,4],\"moves\":[]}\n"
      "{\"game\":0,\"color\":\"green\",\"dice\":[3,4],\"moves\":[]\n"
      "{\"game\":0,\"color\":\"green\",\"board\":[\"start\",\"start\",\"start\",\"start\",\"start\",\"start\",\"start\","
      "\"start\",\"start\",\"start\",\"start\",\"start\",\"start\",\"start\",\"start\",\"start\"],\"dice\":[3,4],\"moves\":[]}\n";
  std::vector<Diagnostic> problems;
  std::vector<Game> games;
  racket::read_corpus_text(text, "c.jsonl", [&](Game& g) { games.push_back(g); }, problems);
  REQUIRE(problems.size() == 2);
  CHECK(problems[0].line == 2);
  CHECK_THAT(problems[0].message, Catch::Contains("16 locations"));
  CHECK(problems[1].line == 3);
  CHECK(problems[1].column > 1);
  CHECK_THAT(problems[1].message, Catch::Contains("malformed JSON"));
  REQUIRE(games.size() == 1);
  CHECK(games[0].roll_count() == 1);
  // a probe corpus is not a game corpus: one problem, no games
  problems.clear();
  games.clear();
  racket::read_corpus_text("{\"color\":\"green\",\"board\":[],\"dice\":[1,2],\"moves\":[],\"verdict\":\"legal\"}\n"
                           "{\"color\":\"red\",\"board\":[],\"dice\":[1,2],\"moves\":[],\"verdict\":\"legal\"}\n",
                           "p.jsonl", [&](Game& g) { games.push_back(g); }, problems);
  CHECK(games.empty());
  REQUIRE(problems.size() == 1);
  CHECK(problems[0].line == 1);
  CHECK_THAT(problems[0].message, Catch::Contains("2 probe record(s)"));
}

TEST_CASE("convert racket-jsonl: a truncated .gz is reported, the games before it kept",
          "[convert][racket][shared]") {
  PPN_REQUIRE_SHARED(corpus, kSelfplay);
  std::ifstream in(corpus, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto cut = std::filesystem::temp_directory_path() / "ppn_truncated.jsonl.gz";
  std::ofstream(cut, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  std::vector<Diagnostic> problems;
  int games = 0;
  racket::read_corpus(cut, [&](Game&) { ++games; }, problems);
  std::filesystem::remove(cut);
  CHECK(games > 10);
  CHECK(games < 100);
  REQUIRE_FALSE(problems.empty());
  CHECK(problems.back().line > 0);
  CHECK_THAT(problems.back().message, Catch::Contains("truncated"));
}

// ---------------------------------------------------------------------------------------
// JSON

TEST_CASE("json: PPN -> JSON -> PPN gives the same games", "[convert][json]") {
  for (const auto& entry : std::filesystem::directory_iterator(test::source_path("samples"))) {
    if (entry.path().extension() != ".ppn") continue;
    std::ifstream in(entry.path());
    std::stringstream ss;
    ss << in.rdbuf();
    const auto parsed = parser::parse_all(ss.str(), entry.path().string());
    REQUIRE(parsed.errors.empty());
    std::string jsonl;
    for (const auto& g : parsed.games) jsonl += json_form::game_to_json(g).dump() + "\n";
    std::vector<Game> back;
    std::vector<Diagnostic> problems;
    json_form::read_games(jsonl, "x.jsonl", [&](Game& g) { back.push_back(g); }, problems);
    CHECK(problems.empty());
    REQUIRE(back.size() == parsed.games.size());
    for (std::size_t i = 0; i < back.size(); ++i) CHECK(back[i] == parsed.games[i]);
  }
  // observed positions, withdrawals, variations, NAGs and a mid-roll setup survive too
  const Game g = parse_one(
      "[Seats \"green red\"]\n[Observer \"red\"]\n[Setup \"g:N,N,N,N r:N,N,N,N / g d0 [5]\"]\n\n"
      "{ lead } 1. G 5: N/0 !? $12 { c } (1. G 5: N/0 { alt })\n@ g:0,N,N,N r:N,N,N,N / r d0 { seen }\n"
      "2. R 6-6: - ?\n3. R 2-2: PENALTY\n4. R 5-5: N/0 G:0/5x +20 G:5/25\nR ABANDONS\n");
  auto j = json_form::game_to_json(g);
  auto back = json_form::game_from_json(nlohmann::json::parse(j.dump()));
  REQUIRE(back.ok());
  CHECK(*back == g);
  // another colour's pawn is `"owner"`; a name that is no colour is a located schema error
  std::string text = j.dump();
  CHECK_THAT(text, Catch::Contains(R"("owner":"green")"));
  text.replace(text.find(R"("owner":"green")"), 15, R"("owner":"mauve")");
  auto bad = json_form::game_from_json(nlohmann::json::parse(text));
  REQUIRE_FALSE(bad.ok());
  CHECK_THAT(bad.error().message, Catch::Contains("/owner"));
  // a penalty sends back a pawn of the roll's own seat: no owner there
  text = j.dump();
  const auto at = text.find(R"("kind":"penalty")");
  REQUIRE(at != std::string::npos);
  text.insert(at, R"("penalty":{"from":"5","to":"N","owner":"green"},)");
  bad = json_form::game_from_json(nlohmann::json::parse(text));
  REQUIRE_FALSE(bad.ok());
  CHECK_THAT(bad.error().message, Catch::Contains("/penalty/owner"));
}

TEST_CASE("json: malformed JSON and schema errors are located", "[convert][json]") {
  const std::string good = json_form::game_to_json(parse_one("[Seats \"green red\"]\n\n1. G 5-2: N/0 0/2\n")).dump();
  std::string bad_dice = good;
  bad_dice.replace(bad_dice.find("[5,2]"), 5, "[5,9]");
  const std::string text = good + "\n{\"format\": \"ppn-game\", \"version\": 1, \"tags\": [\n" + bad_dice +
                           "\n" + good.substr(0, good.size() / 2) + "\n";
  std::vector<Game> games;
  std::vector<Diagnostic> problems;
  json_form::read_games(text, "bad.jsonl", [&](Game& g) { games.push_back(g); }, problems);
  CHECK(games.size() == 1);
  REQUIRE(problems.size() == 3);
  CHECK(problems[0].line == 2);
  CHECK(problems[0].column > 1);
  CHECK(problems[1].line == 3);
  CHECK_THAT(problems[1].message, Catch::Contains("/movetext/0/dice/1"));
  CHECK(problems[2].line == 4);
  CHECK_THAT(problems[2].message, Catch::Contains("malformed JSON"));
}

// ---------------------------------------------------------------------------------------
// NU XML out

TEST_CASE("nu-xml: boards are written in the server's element order", "[convert][nu]") {
  auto b = nu::parse_board(board_xml({{"blue", 3, 40}, {"green", 1, 7}, {"yellow", 0, 58}}));
  REQUIRE(b.ok());
  const std::string out = nu::write_board(*b);
  // start: yellow, red, green, blue, ids 3..0; main: highest location first
  CHECK(out.rfind("<board><start>" + pawn("yellow", 3) + pawn("yellow", 2) + pawn("yellow", 1) + pawn("red", 3), 0) == 0);
  CHECK_THAT(out, Catch::Contains("<main><piece-loc>" + pawn("yellow", 0) + "<loc>58</loc></piece-loc><piece-loc>" +
                                  pawn("blue", 3) + "<loc>40</loc></piece-loc><piece-loc>" + pawn("green", 1) +
                                  "<loc>7</loc></piece-loc></main><home-rows></home-rows><home></home></board>"));
  auto again = nu::parse_board(out);
  REQUIRE(again.ok());
  CHECK(*again == *b);
  nu::Moves m;
  m.list.push_back(nu::Move{nu::MoveKind::main, nu::Pawn{Colour::Blue, 3}, 40, 20});
  CHECK(nu::write_moves(m) == "<moves><move-piece-main>" + pawn("blue", 3) +
                                  "<start>40</start><distance>20</distance></move-piece-main></moves>");
}

TEST_CASE("nu-xml: exporting a converted transcript gives back its boards", "[convert][nu][shared]") {
  PPN_REQUIRE_SHARED(dir, kTranscripts);
  const auto rep = nu::read_transcript_file(dir / "output.log");
  REQUIRE(rep.games.size() == 3);
  const auto tmp = std::filesystem::temp_directory_path() / "ppn_export_output.ppn";
  {
    std::ofstream(tmp) << to_ppn(rep.games[0].game);
  }
  const auto run = test::run_ppn("export --to nu-xml " + tmp.string());
  std::filesystem::remove(tmp);
  CHECK(run.code == 0);
  // every <do-move> reads back to the observed position before its roll
  std::vector<PositionDesc> observed;
  for (const auto& e : rep.games[0].game.movetext)
    if (const auto* o = std::get_if<ObservedPosition>(&e)) observed.push_back(o->position);
  std::istringstream lines(run.out);
  std::string line;
  std::size_t k = 0;
  while (std::getline(lines, line)) {
    if (line.rfind("<do-move>", 0) != 0) continue;
    auto els = nu::parse_elements(line.substr(9, line.size() - 9 - 10));
    REQUIRE(els.ok());
    REQUIRE(k < observed.size());
    const auto& board = std::get<nu::Board>((*els)[0]);
    CHECK(format_position_id(nu::desc_of_board(board, observed[k].to_move, observed[k].rerolls)) ==
          format_position_id(observed[k]));
    ++k;
  }
  CHECK(k == static_cast<std::size_t>(rep.games[0].rolls));
}

TEST_CASE("nu-xml: course cases go nu-test -> PPN -> nu-xml and back to their own messages",
          "[convert][nu][cli][shared]") {
  PPN_REQUIRE_SHARED(cases, kCases);
  const auto dir = std::filesystem::temp_directory_path() / "ppn_course_roundtrip";
  std::filesystem::create_directories(dir);
  std::string inputs;
  std::vector<int> numbers;
  for (int n = 1; n <= 36; ++n) {  // in14 too: its red pawn goes out as a red enter-piece
    inputs += " " + (cases / ("in" + std::to_string(n) + ".xml")).string();
    numbers.push_back(n);
  }
  const auto ppn_file = dir / "cases.ppn";
  auto r = test::run_ppn("convert -q" + inputs + " -o " + ppn_file.string());
  REQUIRE(r.code == 0);
  r = test::run_ppn("export --to nu-xml " + ppn_file.string());
  CHECK(r.code == 1);  // the illegal cases are written as recorded, and reported
  std::filesystem::remove_all(dir);
  std::istringstream lines(r.out);
  std::string line;
  std::vector<std::pair<std::string, std::string>> messages;  // do-move, moves
  while (std::getline(lines, line)) {
    if (line.rfind("<do-move>", 0) == 0) messages.emplace_back(line, "");
    else if (line.rfind("<moves>", 0) == 0 && !messages.empty()) messages.back().second = line;
  }
  REQUIRE(messages.size() == numbers.size());
  // pawn ids are not in PPN: compare the moves by kind, colour, start and distance
  auto shape = [](const nu::Moves& m) {
    std::vector<std::tuple<int, int, int, int>> v;
    for (const auto& mv : m.list)
      v.emplace_back(static_cast<int>(mv.kind), static_cast<int>(mv.pawn.colour), mv.start, mv.distance);
    return v;
  };
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    INFO("in" << numbers[i] << ".xml");
    auto in = nu::read_course_input(cases / ("in" + std::to_string(numbers[i]) + ".xml"));
    REQUIRE(in.ok());
    const std::string& dm = messages[i].first;
    auto els = nu::parse_elements(dm.substr(9, dm.size() - 9 - 10));
    REQUIRE(els.ok());
    const auto& board = std::get<nu::Board>((*els)[0]);
    const auto& dice = std::get<nu::Dice>((*els)[1]);
    CHECK(format_position_id(nu::desc_of_board(board, in->colour)) ==
          format_position_id(nu::desc_of_board(in->board, in->colour)));
    CHECK(dice.values == in->dice.values);
    auto moves = nu::parse_moves(messages[i].second);
    REQUIRE(moves.ok());
    CHECK(shape(*moves) == shape(in->moves));
  }
}

// ---------------------------------------------------------------------------------------
// the commands

TEST_CASE("cli: convert detects formats, export round-trips, bad input exits 2", "[convert][cli]") {
  const auto dir = std::filesystem::temp_directory_path() / "ppn_convert_cli";
  std::filesystem::create_directories(dir);
  const auto ppn = dir / "g.ppn", js = dir / "g.jsonl", back = dir / "back.ppn", bad = dir / "bad.json";
  std::ofstream(ppn) << "[Variant \"racket-nu\"]\n[Seats \"green red\"]\n\n1. G 5-2: N/0 0/2\n2. R 3-1: -\n";
  auto r = test::run_ppn("export --to json " + ppn.string() + " -o " + js.string());
  CHECK(r.code == 0);
  r = test::run_ppn("convert -q " + js.string() + " -o " + back.string());
  CHECK(r.code == 0);
  r = test::run_ppn("fmt " + back.string());
  CHECK_THAT(r.out, Catch::Contains("1. G 5-2: N/0 0/2\n2. R 3-1: -"));
  std::ofstream(bad) << "{\"format\": \"ppn-game\", \"version\": 1, \"movetext\": [}\n";
  r = test::run_ppn("convert --from json " + bad.string(), true);
  CHECK(r.code == 2);
  CHECK_THAT(r.out, Catch::Contains(bad.string() + ":1:"));
  r = test::run_ppn("convert --from nu-transcript " + (dir / "missing.log").string(), true);
  CHECK(r.code == 2);
  r = test::run_ppn("export --to yaml " + ppn.string(), true);
  CHECK(r.code == 2);
  // an implausible stretch is a record error of its own: exit 1
  const auto obs = dir / "obs.ppn";
  std::ofstream(obs) << "[Variant \"racket-nu\"]\n[Seats \"green red blue yellow\"]\n[Observer \"yellow\"]\n\n"
                        "@ g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,N / y d0\n1. Y 2-5: N/0 0/2\n"
                        "@ g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,5 / y d0\n";
  r = test::run_ppn("validate " + obs.string());
  CHECK(r.code == 1);
  CHECK_THAT(r.out, Catch::Contains(obs.string() + ":7:1: error[E-IMPLAUSIBLE-STRETCH]"));
  CHECK_THAT(r.out, Catch::Contains("1 record error"));
  std::filesystem::remove_all(dir);
}
