// The fitted evaluator and the eval bot (analysis/fitted_evaluator.hpp, evaluator_training.hpp,
// bot_match.hpp): better than the race estimate on held-apart positions, a deterministic fit,
// and a bot that beats the greedy ones.
#include <catch2/catch.hpp>
#include <cmath>

#include "analysis/bot_match.hpp"
#include "analysis/evaluator_training.hpp"

using namespace ppn;
using namespace ppn::analysis;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr int kScale = 1;  // the sanitizers' Debug build is some 20 times slower
#else
constexpr int kScale = 4;
#endif

EvaluatorCalibration measured(const std::string& variant, int players, int games) {
  SelfplayConfig cfg{.variant = variant, .options = {}, .players = players, .seed = 1000};  // held apart: trained on 5000
  auto r = measure_calibration(cfg, games, 10, 16);
  REQUIRE(r);
  return *r;
}

}  // namespace

TEST_CASE("fitted evaluator: lower Brier score than the race estimate on held-apart positions",
          "[analysis][eval][fitted]") {
  for (const auto& [variant, players] : {std::pair{"hasbro-2001", 4}, std::pair{"hasbro-2001", 2}, std::pair{"ludo", 4}}) {
    CAPTURE(variant, players);
    REQUIRE(fitted_model(variant == std::string("ludo"), players) != nullptr);
    // Ludo's games are short and its estimates close: more of them (40 in every build), for the
    // same noise.
    const auto m = measured(variant, players, variant == std::string("ludo") ? 40 : 2 * kScale);
    CHECK(m.positions >= 10u);
    CHECK(m.fitted.brier() < m.race.brier());
    CHECK(m.fitted.brier() < m.fitted.base_brier());
    if (players == 4) {
      // With four players, on both boards, the fitted estimate takes out well over a third of the
      // race estimate's distance to the true chances (the part of the Brier score an estimate
      // can change). Over the bench's 200 games 0.37 of it is left on the Parcheesi board and
      // 0.28 on the Ludo board (analysis/README.md "Evaluator calibration").
      CHECK(m.fitted.mean_excess() < 0.6 * m.race.mean_excess());
      if (variant == std::string("hasbro-2001")) {  // and its Brier score is lower beyond two standard errors
        REQUIRE(m.brier_difference.se() >= 0);
        CHECK(m.brier_difference.value() + 2 * m.brier_difference.se() < 0);
      }
    }
  }
}

TEST_CASE("calibration: a decile's deviation carries its standard error over games", "[analysis][eval]") {
  // Three games, each with one seat in the 20-30% decile, played on 10 times: deviations
  // (share won - estimate) of +0.05, -0.05 and +0.15. With equal weights the cluster-robust
  // error is the deviations' sample standard deviation over sqrt(3).
  Calibration all;
  const double won[] = {0.3, 0.2, 0.4};
  for (double w : won) {
    Calibration game;
    game.add(0.25, w, 10, 4);
    all.add_game(game);
  }
  const auto& d = all.deciles[2];
  CHECK(d.seats == 3);
  CHECK(d.deviation.value() == Approx(0.05));
  CHECK(d.deviation.se() == Approx(std::sqrt((0.0 + 0.01 + 0.01) / 2) / std::sqrt(3.0)));
  CHECK(all.deciles[3].deviation.se() < 0);  // no seats there: no error
  // The sums are those of adding the seats directly; the excess takes out the share's noise.
  Calibration direct;
  for (double w : won) direct.add(0.25, w, 10, 4);
  CHECK(all.brier() == Approx(direct.brier()));
  CHECK(all.mean_error() == Approx(direct.mean_error()));
  CHECK(all.mean_excess() == Approx((0.0025 + 0.0025 + 0.0225) / 3 - (0.21 + 0.16 + 0.24) / 3 / 9));
  // One game alone gives no error.
  Calibration single;
  single.add_game(direct);
  CHECK(single.deciles[2].deviation.se() < 0);
}

TEST_CASE("fitted evaluator: the weights cover both boards and 2-4 players, a won game is exact",
          "[analysis][eval][fitted]") {
  for (bool ludo : {false, true})
    for (int players = 2; players <= 4; ++players) CHECK(fitted_model(ludo, players) != nullptr);
  const rules::Options o = *rules::profile_options(rules::kDefaultParcheesiProfile).options;
  const Evaluator ev(o, {});
  const std::vector<Colour> seats{Colour::Green, Colour::Red, Colour::Blue, Colour::Yellow};
  const WinProbs start = ev.fitted(rules::Game::start(o, seats));
  double sum = 0;
  for (double p : start.p) sum += p;
  CHECK(sum == Approx(1.0));
  for (double p : start.p) CHECK(p == Approx(0.25).margin(0.06));  // the mover's edge is small
  // Blue has brought every pawn HOME: the game is won.
  rules::Position won = rules::Position::empty();
  for (Colour c : seats) {
    rules::Pawns pawns;
    pawns.fill(c == Colour::Blue ? rules::Place::at(rules::kParcheesi68.home) : rules::Place::nest());
    won.place(static_cast<int>(c), pawns);
  }
  const auto set = rules::Game::set_up(o, won, seats, Colour::Green);
  REQUIRE(set.game);
  CHECK(ev.fitted(*set.game).p[2] == 1.0);
}

TEST_CASE("fitted evaluator: training is deterministic for a seed and fits its data", "[analysis][eval][fitted]") {
  const TrainingConfig tc{.variant = std::string(rules::kDefaultParcheesiProfile), .players = 2, .seed = 77, .games = 2 * kScale, .every = 5};
  const auto a = training_samples(tc), b = training_samples(tc);
  REQUIRE(a);
  REQUIRE(b);
  const auto& sa = *a;
  REQUIRE(sa.size() > 20u);
  const FittedModel ma = fit_model(sa, false, 2), mb = fit_model(*b, false, 2);
  CHECK(ma.w == mb.w);
  // The same samples on one thread as on three.
  TrainingConfig one = tc, three = tc;
  one.threads = 1;
  three.threads = 3;
  CHECK(fit_model(*training_samples(one), false, 2).w == fit_model(*training_samples(three), false, 2).w);
  FittedModel uniform{false, 2, {}};
  CHECK(mean_log_likelihood(sa, ma) > mean_log_likelihood(sa, uniform));
  const std::string src = weights_source({ma}, "test");
  CHECK(src.find("{false, 2, {") != std::string::npos);
  TrainingConfig bad = tc;
  bad.variant = "no-such-profile";
  const auto refused = training_samples(bad);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().code == Code::argument);
}

TEST_CASE("eval bot: one eval seat beats three greedy bots", "[analysis][bot]") {
  // The bench figure (`ppn bench bot`, 400 games) is in analysis/README.md; a loose floor here.
  SelfplayConfig cfg{.options = {}, .players = 4, .seed = 2000};
  const int games = 12 * kScale;
  auto r = play_match(cfg, BotKind::eval, BotKind::greedy, games);
  REQUIRE(r);
  const BotMatch& m = *r;
  CHECK(m.games == games);
  CHECK(m.unfinished == 0);
  CHECK(m.win_rate() > 0.30);
  const auto [lo, hi] = m.interval();
  CHECK(lo < m.win_rate());
  CHECK(hi > m.win_rate());
  // The same games again: the same result.
  CHECK(play_match(cfg, BotKind::eval, BotKind::greedy, games)->wins == m.wins);
}
