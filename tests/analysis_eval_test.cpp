// The evaluator, luck and move quality (analysis/evaluator.hpp, game_analysis.hpp): positions
// with known answers, determinism, and the self-play sanity checks of issue 7.
#include <catch2/catch.hpp>

#include <cmath>

#include "analysis/game_analysis.hpp"
#include "analysis/selfplay.hpp"
#include "game_file.hpp"
#include "notation/position_id.hpp"
#include "notation/printer.hpp"
#include "parser/parser.hpp"
#include "replay/bridge.hpp"

using namespace ppn;
using namespace ppn::analysis;
using namespace ppn::replay;
using namespace ppn::rules;

namespace {

const Options& hasbro() {
  static const Options o = *profile_options(kDefaultParcheesiProfile).options;
  return o;
}

rules::Game state(const std::string& id) {
  auto d = parse_position_id(id);
  REQUIRE(std::holds_alternative<PositionDesc>(d));
  auto made = game_from_desc(std::get<PositionDesc>(d), hasbro(), kDefaultParcheesiProfile);
  REQUIRE(made);
  return *made;
}

rules::Game start(const Options& o, std::initializer_list<Colour> seats) {
  const std::vector<Colour> v(seats);
  return rules::Game::start(o, v);
}

}  // namespace

TEST_CASE("evaluator: a symmetric start is an even race", "[analysis][eval]") {
  const Evaluator ev(hasbro(), {.rollouts = 200, .horizon = 0, .seed = 3});
  SECTION("two players") {
    const rules::Game st = start(hasbro(), {Colour::Green, Colour::Blue});
    const auto w = ev.race(st);
    CHECK(w.p[0] + w.p[2] == Approx(1.0));
    CHECK(w.p[0] == Approx(0.5).margin(0.03));  // moving first is a small edge
    CHECK(w.p[0] >= w.p[2]);
    const auto r = ev.rollout(st, 1);
    CHECK(r.p[0] + r.p[2] == Approx(1.0));
    CHECK(r.p[0] == Approx(0.5).margin(0.1));
  }
  SECTION("four players") {
    const rules::Game st = start(hasbro(), {Colour::Green, Colour::Yellow, Colour::Blue, Colour::Red});
    const auto w = ev.race(st);
    for (int s = 0; s < 4; ++s) CHECK(w.p[s] == Approx(0.25).margin(0.03));
    const auto r = ev.rollout(st, 1);
    for (int s = 0; s < 4; ++s) CHECK(r.p[s] == Approx(0.25).margin(0.09));
  }
}

TEST_CASE("evaluator: a won race", "[analysis][eval]") {
  // Green needs 2 steps with one pawn; Red has everything in the nest.
  const rules::Game st = state("g:h5,H,H,H r:N,N,N,N / g d0");
  const Evaluator ev(hasbro(), {.rollouts = 50, .horizon = 0, .seed = 1});
  CHECK(ev.race(st).p[0] > 0.99);
  CHECK(ev.rollout(st, 7).p[0] > 0.99);
  // The game already won is exact: a throw that brings the last pawn HOME.
  std::optional<rules::Game> over;
  for (int a = 1; a <= 6 && !over; ++a)
    for (int b = 1; b <= 6 && !over; ++b) {
      const LegalPlays lp = st.legal_plays({a, b});
      for (std::size_t i = 0; i < lp.plays.size() && !over; ++i) {
        rules::Game g = st;
        if (g.play_legal({a, b}, lp, i).over) over = g;
      }
    }
  REQUIRE(over);
  CHECK(ev.race(*over).p[0] == 1.0);
  CHECK(ev.race(*over).p[1] == 0.0);
}

TEST_CASE("evaluator: a race far ahead beats one far behind, both ways round", "[analysis][eval]") {
  const Evaluator ev(hasbro(), {.rollouts = 40, .horizon = 16, .seed = 1});
  const rules::Game a = state("g:60,62,h2,H r:N,N,5,20 / r d0");
  CHECK(ev.race(a).p[0] > 0.8);
  CHECK(ev.rollout(a, 1).p[0] > 0.8);
  const rules::Game b = state("g:N,N,5,20 r:60,62,h2,H / g d0");
  CHECK(ev.race(b).p[1] > 0.8);
}

TEST_CASE("evaluator: rollouts are deterministic for a seed", "[analysis][eval]") {
  const rules::Game st = state("g:N,N,10,30 r:N,5,40,50 / g d0");
  const Evaluator a(hasbro(), {.rollouts = 16, .horizon = 12, .seed = 9});
  const Evaluator b(hasbro(), {.rollouts = 16, .horizon = 12, .seed = 9});
  const Evaluator c(hasbro(), {.rollouts = 16, .horizon = 12, .seed = 10});
  CHECK(a.rollout(st, 5).p == b.rollout(st, 5).p);
  CHECK(a.rollout(st, 5).p != c.rollout(st, 5).p);
}

TEST_CASE("evaluator: rollouts with their first rolls' luck taken out keep the mean and spread less",
          "[analysis][eval]") {
  // A pawn exposed in front of the opponent: the first roll (a hit or not) makes most of a
  // short rollout's spread. The luck taken out has mean zero, so the mean stays (within the
  // plain rollouts' sampling error) and the spread shrinks.
  const rules::Game st = state("g:N,N,10,30 r:N,5,40,50 / r d0");
  const Evaluator ev(hasbro(), {.rollouts = 1, .horizon = 4, .seed = 4});
  const int n = 2000;
  double sum[3] = {}, sq[3] = {};
  Evaluator::LuckTables t1, t2;
  for (int i = 0; i < n; ++i) {
    const double v[3] = {ev.rollout_one(st, 7, i).p[0], ev.rollout_reduced(st, 7, i, 0, 1, t1),
                         ev.rollout_reduced(st, 7, i, 0, 2, t2)};
    for (int k = 0; k < 3; ++k) sum[k] += v[k], sq[k] += v[k] * v[k];
  }
  double mean[3], sd[3];
  for (int k = 0; k < 3; ++k) {
    mean[k] = sum[k] / n;
    sd[k] = std::sqrt(sq[k] / n - mean[k] * mean[k]);
  }
  INFO("means " << mean[0] << " " << mean[1] << " " << mean[2] << ", spreads " << sd[0] << " " << sd[1] << " " << sd[2]);
  CHECK(std::abs(mean[1] - mean[0]) < 3 * sd[0] / std::sqrt(n));
  CHECK(std::abs(mean[2] - mean[0]) < 3 * sd[0] / std::sqrt(n));
  CHECK(sd[1] < sd[0]);  // measured: 0.107, 0.099, 0.091
  CHECK(sd[2] < sd[1]);
  // No luck taken out: the plain rollout's value.
  Evaluator::LuckTables t0;
  CHECK(ev.rollout_reduced(st, 7, 3, 0, 0, t0) == ev.rollout_one(st, 7, 3).p[0]);
}

TEST_CASE("evaluator: Ludo rollouts with their first roll's luck taken out keep the mean", "[analysis][eval]") {
  // Every token at home: only a six enters, so the first roll makes most of the spread. The
  // six faces weigh one sixth each (a luck table weighted as Parcheesi's 36 throws would shift
  // every value by five times the mean).
  static const Options ludo = *profile_options(kDefaultLudoProfile).options;
  const rules::Game st = start(ludo, {Colour::Green, Colour::Red, Colour::Blue, Colour::Yellow});
  const Evaluator ev(ludo, {.rollouts = 1, .horizon = 6, .seed = 5});
  const int n = 2000;
  double sum[2] = {}, sq[2] = {};
  Evaluator::LuckTables t1;
  for (int i = 0; i < n; ++i) {
    const double v[2] = {ev.rollout_one(st, 3, i).p[0], ev.rollout_reduced(st, 3, i, 0, 1, t1)};
    for (int k = 0; k < 2; ++k) sum[k] += v[k], sq[k] += v[k] * v[k];
  }
  const double m0 = sum[0] / n, m1 = sum[1] / n, sd0 = std::sqrt(sq[0] / n - m0 * m0);
  INFO("means " << m0 << " " << m1 << ", spread " << sd0);
  CHECK(m0 > 0.1);
  CHECK(std::abs(m1 - m0) < 3 * sd0 / std::sqrt(n) + 1e-9);
}

TEST_CASE("evaluator: Latin-hypercube rollouts keep the mean and their blocks' means spread less",
          "[analysis][eval]") {
  // The exposed pawn of the test above. One roll: a block throws each of the 36 throws once,
  // so every block's mean is the exact expectation, whatever the block and the seed.
  const rules::Game st = state("g:N,N,10,30 r:N,5,40,50 / r d0");
  auto block_mean = [&](const Evaluator& ev, int b) {
    const int s = ev.first_roll_strata();
    double sum = 0;
    for (int i = b * s; i < (b + 1) * s; ++i) sum += ev.rollout_stratified(st, 7, i, 0);
    return sum / s;
  };
  const Evaluator one(hasbro(), {.rollouts = 1, .horizon = 1, .seed = 4});
  const Evaluator one_other(hasbro(), {.rollouts = 1, .horizon = 1, .seed = 9});
  REQUIRE(one.first_roll_strata() == 36);
  CHECK(block_mean(one, 0) == Approx(block_mean(one, 5)).margin(1e-12));
  CHECK(block_mean(one, 0) == Approx(block_mean(one_other, 3)).margin(1e-12));
  // Two rolls: the blocks' mean agrees with plain rollouts' (within their sampling error), and
  // the blocks' means spread about half as much as the means of as many plain rollouts.
  const Evaluator ev(hasbro(), {.rollouts = 1, .horizon = 2, .seed = 4});
  const int blocks = 60, s = 36;
  double bsum = 0, bsq = 0, psum = 0, psq = 0;
  for (int b = 0; b < blocks; ++b) {
    const double m = block_mean(ev, b);
    double p = 0;
    for (int i = b * s; i < (b + 1) * s; ++i) p += ev.rollout_one(st, 7, i).p[0];
    p /= s;
    bsum += m, bsq += m * m, psum += p, psq += p * p;
  }
  const double bm = bsum / blocks, pm = psum / blocks;
  const double bsd = std::sqrt(bsq / blocks - bm * bm), psd = std::sqrt(psq / blocks - pm * pm);
  INFO("means " << bm << " " << pm << ", spreads of the block means " << bsd << " " << psd);
  CHECK(std::abs(bm - pm) < 3 * psd / std::sqrt(blocks));
  CHECK(bsd < 0.6 * psd);  // measured: 0.0054 against 0.0107
  // Ludo: blocks of its six faces.
  static const Options ludo = *profile_options("ludo").options;
  CHECK(Evaluator(ludo, {}).first_roll_strata() == 6);
}

TEST_CASE("luck: a five when every pawn is in the nest is lucky, no five unlucky", "[analysis][luck]") {
  const std::string head = "[Game \"parcheesi\"]\n[Variant \"hasbro-2001\"]\n[Seats \"green red\"]\n[Result \"*\"]\n\n";
  auto r = parser::parse_all(head + "1. G 5-3: N/0 0/3\n2. R 6-2: -\n");
  REQUIRE(r.games.size() == 1);
  AnalyzeConfig cfg;
  cfg.level = Level::rollout;  // what these tests measure: the rollouts and their error bars
  cfg.quality = false;
  const auto ga = analyze_game(r.games[0], {}, cfg);
  REQUIRE(ga.ok);
  REQUIRE(ga.rolls.size() == 2);
  CHECK(ga.rolls[0].luck > 0.005);
  CHECK(ga.rolls[1].luck < -0.005);
  CHECK(ga.seats[0].luck == Approx(ga.rolls[0].luck));
  CHECK(ga.cumulative_luck.back()[1] == Approx(ga.rolls[1].luck));
}

TEST_CASE("luck and move quality over self-play: luck averages zero, the random bot errs more",
          "[analysis][luck][quality][selfplay]") {
  SelfplayConfig sc;
  sc.seed = 5;
  sc.players = 2;
  const Selfplay sp = *make_selfplay(sc);
  AnalyzeConfig cfg;
  cfg.level = Level::rollout;  // what these tests measure: the rollouts and their error bars
  cfg.eval = {.rollouts = 128, .horizon = 2, .seed = 1};
  cfg.candidates = 3;
  double luck_sum = 0, luck_sq = 0;
  int rolls = 0;
  int dec[2] = {0, 0}, err[2] = {0, 0};
  double loss[2] = {0, 0};
  for (int i = 0; i < 4; ++i) {
    const ppn::Game g = sp.play_game(static_cast<std::uint64_t>(i));
    const auto ga = analyze_game(g, {}, cfg);
    REQUIRE(ga.ok);
    for (const auto& ra : ga.rolls) {
      luck_sum += ra.luck;
      luck_sq += ra.luck * ra.luck;
      ++rolls;
    }
    for (int s = 0; s < 4; ++s) {
      std::string tag(colour_name(static_cast<Colour>(s)));
      tag[0] = static_cast<char>(tag[0] - 'a' + 'A');
      const int random = g.tag_value(tag).starts_with("random bot") ? 1 : 0;
      dec[random] += ga.seats[s].decisions;
      err[random] += ga.seats[s].mistakes + ga.seats[s].blunders;
      loss[random] += ga.seats[s].total_loss;
    }
  }
  // Luck: the mean per roll is within 3 standard errors of zero.
  const double mean = luck_sum / rolls, sd = std::sqrt(luck_sq / rolls - mean * mean);
  CHECK(std::fabs(mean) < 3 * sd / std::sqrt(static_cast<double>(rolls)));
  // Move quality: the random bot's error rate and average loss are clearly higher.
  REQUIRE(dec[0] > 80);
  REQUIRE(dec[1] > 80);
  const double rate_greedy = double(err[0]) / dec[0], rate_random = double(err[1]) / dec[1];
  INFO("greedy " << err[0] << "/" << dec[0] << " loss " << loss[0] << ", random " << err[1] << "/" << dec[1] << " loss "
                  << loss[1]);
  // (With these small settings: greedy 6/94, random 19/126 decisions marked with confidence;
  // the greedy bot wins 88% of such games.)
  CHECK(rate_random > 2 * rate_greedy);
  CHECK(loss[1] / dec[1] > 1.5 * loss[0] / dec[0]);
}

TEST_CASE("analyze: the annotated game re-parses, re-validates and is stable", "[analysis][quality]") {
  SelfplayConfig sc;
  sc.seed = 2;
  sc.players = 2;
  const Selfplay sp = *make_selfplay(sc);
  const ppn::Game g = sp.play_game(0);
  AnalyzeConfig cfg;
  cfg.level = Level::rollout;  // what these tests measure: the rollouts and their error bars
  cfg.eval = {.rollouts = 16, .horizon = 8, .seed = 1};
  cfg.candidates = 2;
  const auto ga = analyze_game(g, {}, cfg);
  REQUIRE(ga.ok);
  const ppn::Game out = annotate_game(g, ga, cfg);
  const std::string text = to_ppn(out);
  auto parsed = parser::parse_all(text, "annotated.ppn");
  REQUIRE(parsed.errors.empty());
  REQUIRE(parsed.games.size() == 1);
  const auto rr = replay_game(parsed.games[0], {});
  CHECK(rr.errors() == 0);
  CHECK(rr.game_over);
  // Every ? / ?? carries a comment naming the better play.
  int marked = 0;
  for (const auto& e : parsed.games[0].movetext)
    if (const Roll* r = std::get_if<Roll>(&e))
      for (auto n : r->nags)
        if (n == 2 || n == 4) {
          ++marked;
          REQUIRE_FALSE(r->comments.empty());
          CHECK((r->comments.back().rfind("ppn: best ", 0) == 0 ||
                 r->comments.back().rfind("ppn: unresolved: best ", 0) == 0));
        }
  CHECK(marked > 0);
  REQUIRE(parsed.games[0].leading_comments.size() >= 3);
  CHECK(parsed.games[0].leading_comments[0].rfind("ppn: analysis under hasbro-2001", 0) == 0);
  // Analysing the annotated game again writes the same text.
  const auto ga2 = analyze_game(parsed.games[0], {}, cfg);
  CHECK(to_ppn(annotate_game(parsed.games[0], ga2, cfg)) == text);
}

TEST_CASE("analyze: the marks are the same under rollout seeds 1, 2 and 3 (two samples)",
          "[analysis][quality][stability][slow]") {
  // The default settings (common dice in Latin-hypercube blocks, rounds until the verdict is
  // resolved, 95% confidence); a four-player and a two-player sample. (Sample 01
  // holds a decision whose loss is 4.0% to within 0.02%, right at the `?` threshold: marked under
  // seeds 1 and 3, unresolved under 2, at any budget. `ppn bench analyze --stability samples`
  // counts it with every other sample's: 96.6%, analysis/README.md.)
  // Under the sanitizers' Debug build sample 10 (one decision rolled out to the whole budget of
  // 8064 under every seed, most of the time here) is left out, the settings kept.
  AnalyzeConfig cfg;
  cfg.level = Level::rollout;  // what these tests measure: the rollouts and their error bars
#ifdef NDEBUG
  const std::vector<std::string> samples{"samples/02-four-player-club-league.ppn", "samples/10-two-player-snow-day.ppn"};
#else
  const std::vector<std::string> samples{"samples/02-four-player-club-league.ppn"};
#endif
  MarkAgreement total;
  for (const auto& rel : samples) {
    const ppn::Game game = ppn::test::read_first_game(rel);
    std::vector<GameAnalysis> by_seed;
    for (std::uint64_t seed : {1, 2, 3}) {
      cfg.eval.seed = seed;
      by_seed.push_back(analyze_game(game, {}, cfg));
      REQUIRE(by_seed.back().ok);
    }
    const MarkAgreement a = mark_agreement(by_seed);
    INFO(rel << ": " << a.alike << " of " << a.decisions << " decisions with the same verdict");
    CHECK(a.marked > 0);
    total += a;
  }
  INFO(total.alike << " of " << total.decisions << " decisions with the same verdict; of the " << total.marked
                   << " marked or unresolved under some seed, " << total.same);
  // The goal of issue 20: 95% of the marks (a decision marked or left unresolved under some
  // seed) are the same verdict under every seed ...
  CHECK(total.marked_fraction() >= 0.95);
  CHECK(total.fraction() >= 0.95);
  // ... and not by leaving them unresolved: at most 2% of the decisions under any seed, and
  // the marks are there (measured: 80 decisions, 7 marked and 1 unresolved under each seed).
  for (std::size_t k = 0; k < 3; ++k) {
    CHECK(total.unresolved[k] <= total.decisions / 50);
    CHECK(total.marks[k] >= total.decisions / 20);
  }
}

TEST_CASE("analyze: the figures are the same on any number of threads", "[analysis][quality]") {
  const ppn::Game game = ppn::test::read_first_game("samples/10-two-player-snow-day.ppn");
  AnalyzeConfig cfg;
  cfg.level = Level::rollout;  // what these tests measure: the rollouts and their error bars
  cfg.eval.rollouts = 64;
  cfg.threads = 1;
  const auto one = analyze_game(game, {}, cfg);
  cfg.threads = 3;
  const auto three = analyze_game(game, {}, cfg);
  REQUIRE(one.ok);
  CHECK(to_ppn(annotate_game(game, one, cfg)) == to_ppn(annotate_game(game, three, cfg)));
  REQUIRE(one.rolls.size() == three.rolls.size());
  for (std::size_t i = 0; i < one.rolls.size(); ++i) {
    CHECK(one.rolls[i].loss == three.rolls[i].loss);
    CHECK(one.rolls[i].loss_se == three.rolls[i].loss_se);
    CHECK(one.rolls[i].luck == three.rolls[i].luck);
  }
}

TEST_CASE("analyze: standard errors accompany loss, luck and error rate", "[analysis][quality]") {
  AnalyzeConfig cfg;
  cfg.level = Level::rollout;  // what these tests measure: the rollouts and their error bars
  cfg.eval.rollouts = 64;
  const auto ga = analyze_game(ppn::test::read_first_game("samples/10-two-player-snow-day.ppn"), {}, cfg);
  REQUIRE(ga.ok);
  for (const auto& sa : ga.seats) {
    if (!sa.present) continue;
    CHECK(sa.luck_se() > 0);
    if (sa.total_loss > 0) CHECK(sa.loss_se() > 0);
    if (sa.mistakes + sa.blunders > 0 && sa.mistakes + sa.blunders < sa.decisions) CHECK(sa.error_rate_se() > 0);
  }
  // A marked play's loss passes its threshold (some candidate's interval lies above it); a
  // resolved unmarked one stays below the mistake threshold by 1.96 standard errors.
  for (const auto& ra : ga.rolls) {
    if (!ra.decision) continue;
    if (ra.nag == 2) CHECK(ra.loss >= cfg.mistake);
    if (ra.nag == 4) CHECK(ra.loss >= cfg.blunder);
    if (ra.nag == 0 && !ra.unresolved) CHECK(ra.loss + 1.96 * ra.loss_se < cfg.mistake + 1e-9);
  }
}
