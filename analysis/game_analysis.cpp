// Luck and move quality (see game_analysis.hpp).
#include "analysis/game_analysis.hpp"

#include <algorithm>
#include <boost/math/distributions/students_t.hpp>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "analysis/game_stats.hpp"
#include "analysis/net_play.hpp"
#include "notation/tags.hpp"
#include "parallel/ordered_work.hpp"
#include "replay/bridge.hpp"

namespace ppn::analysis {

using namespace ppn::replay;
using namespace ppn::rules;

namespace {

// The game after play `i` of `plays` (the legal plays of the throw `d` in `g`).
rules::Game after_play(const rules::Game& g, Dice d, const LegalPlays& plays, std::size_t i) {
  rules::Game after = g;
  after.play_legal(d, plays, i);
  return after;
}

// The mover's value by `value` (the race estimate, or the net at 0-ply) after the best play of
// the throw `d` in `g` (a third doublet: after its penalty).
template <class Value>
double best_after(const rules::Game& g, Dice d, const Value& value) {
  const LegalPlays lp = g.legal_plays(d);
  if (lp.plays.empty()) return value(g).p[static_cast<std::size_t>(seat_of(g.to_move()))];
  std::vector<double> v;
  const std::size_t best = best_play(g, d, lp, value, &v);
  return v[best];
}

std::string percent(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * v);
  return buf;
}

std::string signed3(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%+.3f", v);
  return buf;
}

bool is_ours(const std::string& comment) { return comment.rfind("ppn:", 0) == 0; }

}  // namespace

double AnalysisTotals::error_rate_se() const {
  if (!decisions) return 0.0;
  const double p = error_rate();
  return std::sqrt(p * (1 - p) / decisions);
}
double AnalysisTotals::loss_se() const { return std::sqrt(loss_var); }
double AnalysisTotals::luck_se() const { return std::sqrt(luck_var); }

AnalysisTotals& AnalysisTotals::operator+=(const AnalysisTotals& o) {
  games += o.games, rolls += o.rolls, decisions += o.decisions, mistakes += o.mistakes, blunders += o.blunders;
  unresolved += o.unresolved;
  total_loss += o.total_loss, loss_var += o.loss_var, luck += o.luck, luck_var += o.luck_var, result += o.result;
  return *this;
}

namespace {

// One roll of the main line, as the replay saw it: what a worker analyses.
struct RollTask {
  int roll_index = 0;
  rules::Game before;
  Dice dice;
  Position after;
  bool legal = false;
};

// A threshold's verdict on the loss: `yes` when some candidate beats the play made by at least
// t with confidence, `no` when every candidate's interval lies below t, else unknown.
enum class Verdict { no, yes, unknown };

// Blocks of stratified rollouts before the spread of their means gives the standard error.
constexpr int kMinBlocks = 16;

// The rollouts per candidate as run: stratified when the budget holds a block of them, and then
// the first round and the budget in whole blocks (--min-rollouts rounded up, --rollouts down).
struct Rounds {
  int strata = 1, first = 1, budget = 1;
};
Rounds rounds_of(const Evaluator& ev, const AnalyzeConfig& cfg) {
  Rounds r;
  r.strata = cfg.stratify && ev.config().rollouts >= ev.first_roll_strata() ? ev.first_roll_strata() : 1;
  r.budget = std::max(1, ev.config().rollouts) / r.strata * r.strata;
  r.first = std::min(r.budget, (std::max(1, cfg.min_rollouts) + r.strata - 1) / r.strata * r.strata);
  return r;
}

// Move quality of one decision (analysis/README.md "Move quality"): the candidates' rollouts,
// in rounds until both thresholds are resolved or the budget is spent.
void judge(const Evaluator& ev, const AnalyzeConfig& cfg, const RollTask& t, const LegalPlays& lp, int made,
           RollAnalysis& ra) {
  const rules::Game& st = t.before;
  const int m = seat_of(st.to_move());
  // Candidates: the play made and the best `candidates` plays by the race evaluator.
  std::vector<rules::Game> after;
  std::vector<std::pair<double, int>> ranked;
  after.reserve(lp.results.size());
  for (std::size_t i = 0; i < lp.results.size(); ++i) {
    after.push_back(after_play(st, t.dice, lp, i));
    ranked.push_back({-ev.estimate(after[i]).p[m], static_cast<int>(i)});
  }
  std::stable_sort(ranked.begin(), ranked.end());
  std::vector<int> cands{made};
  for (const auto& [v, i] : ranked) {
    if (static_cast<int>(cands.size()) > cfg.candidates) break;
    if (i != made) cands.push_back(i);
  }
  const std::uint64_t salt = static_cast<std::uint64_t>(t.roll_index) * 0x9E3779B97F4A7C15ull + st.hash();
  const Rounds rounds = rounds_of(ev, cfg);
  const int strata = rounds.strata, budget = rounds.budget;
  const std::size_t k = cands.size();
  std::vector<std::vector<double>> v(k);           // v[c][i]: rollout i of candidate c, mover's view
  std::vector<Evaluator::LuckTables> tables(k);
  std::vector<bool> active(k, true);               // still rolled out (the play made always is)
  std::vector<double> mean(k, 0.0), se(k, 0.0);    // paired difference candidate - made
  std::vector<double> lo(k, 0.0), hi(k, 0.0);      // its confidence interval
  int n = 0;
  int next = rounds.first;
  for (;;) {
    for (std::size_t c = 0; c < k; ++c) {
      if (!active[c]) continue;
      const rules::Game& from = after[static_cast<std::size_t>(cands[c])];
      for (int i = n; i < next; ++i)
        v[c].push_back(strata > 1 ? ev.rollout_stratified(from, salt, i, m)
                                  : ev.rollout_reduced(from, salt, i, m, cfg.luck_rolls, tables[c]));
    }
    n = next;
    // Each active candidate's paired difference with the play made, its standard error and
    // interval. In blocks (Evaluator::rollout_stratified), once there are kMinBlocks of them: the
    // spread of the blocks' means (blocks - 1 degrees of freedom), which sees what the Latin
    // hypercube takes out; before that the spread of the rollouts, times sqrt(strata / (strata
    // - 1)), which a Latin hypercube's mean never exceeds by more (Owen 1997): it errs on the
    // wide side.
    const int blocks = n / strata;
    const bool by_block = strata > 1 && blocks >= kMinBlocks;
    const int df = by_block ? blocks - 1 : n - 1;
    const double z = df >= 1 ? boost::math::quantile(boost::math::students_t(df), 0.5 + cfg.confidence / 2) : 0.0;
    for (std::size_t c = 1; c < k; ++c) {
      if (!active[c]) continue;
      double sum = 0, sq = 0;
      if (by_block) {
        for (int b = 0; b < blocks; ++b) {
          double bs = 0;
          for (int i = b * strata; i < (b + 1) * strata; ++i)
            bs += v[c][static_cast<std::size_t>(i)] - v[0][static_cast<std::size_t>(i)];
          sum += bs / strata;
          sq += (bs / strata) * (bs / strata);
        }
        mean[c] = sum / blocks;
        se[c] = std::sqrt(std::max(0.0, (sq - sum * sum / blocks) / (blocks - 1)) / blocks);
      } else {
        for (int i = 0; i < n; ++i) {
          const double d = v[c][static_cast<std::size_t>(i)] - v[0][static_cast<std::size_t>(i)];
          sum += d;
          sq += d * d;
        }
        mean[c] = sum / n;
        const double widen = strata > 1 ? double(strata) / (strata - 1) : 1.0;
        se[c] = n > 1 ? std::sqrt(std::max(0.0, (sq - sum * sum / n) / (n - 1)) * widen / n) : 0.0;
      }
      lo[c] = mean[c] - z * se[c];
      hi[c] = mean[c] + z * se[c];
    }
    auto verdict = [&](double th) {
      // One rollout has no spread to measure: nothing is known with confidence from it.
      if (df < 1) return Verdict::unknown;
      bool all_below = true;
      for (std::size_t c = 1; c < k; ++c) {
        if (lo[c] >= th) return Verdict::yes;
        if (hi[c] >= th) all_below = false;
      }
      return all_below ? Verdict::no : Verdict::unknown;
    };
    const Verdict vm = verdict(cfg.mistake), vb = verdict(cfg.blunder);
    const bool resolved = vm != Verdict::unknown && vb != Verdict::unknown;
    if (resolved || n >= budget) {
      ra.unresolved = !resolved;
      ra.nag = vb == Verdict::yes ? 4u : vm == Verdict::yes ? 2u : 0u;
      break;
    }
    // A candidate whose interval lies wholly below the mistake threshold settles both verdicts
    // as "no" for its part: it is not rolled out further.
    for (std::size_t c = 1; c < k; ++c)
      if (active[c] && hi[c] < cfg.mistake) active[c] = false;
    next = std::min(budget, 2 * n);
  }
  ra.rollouts = n;
  std::size_t best = 0;
  for (std::size_t c = 1; c < k; ++c)
    if (mean[c] > mean[best] + 1e-12) best = c;  // mean[0] = 0: the play made against itself
  double made_v = 0;
  for (int i = 0; i < n; ++i) made_v += v[0][static_cast<std::size_t>(i)];
  ra.played = made_v / n;
  ra.loss = best == 0 ? 0.0 : mean[best];
  ra.loss_se = best == 0 ? 0.0 : se[best];
  ra.best = ra.played + ra.loss;
  if (best != 0) {
    const auto b = static_cast<std::size_t>(cands[best]);
    rules::Game g = st;
    ra.best_play = play_text(lp.plays[b], g.play_legal(t.dice, lp, b).events, st.geometry());
  }
}

// Move quality at a net level: every play's value at 0-ply; at 1-ply the best `width` plays by
// 0-ply (the net1 bot's candidates) and the play made, each by its 1-ply value (net_play.hpp
// net1_value). Exact for the net: no error bars, nothing left unresolved, the same marks on
// every run.
void judge_net(const NeuralNet& net, const AnalyzeConfig& cfg, const RollTask& t, const LegalPlays& lp, int made,
               RollAnalysis& ra) {
  const rules::Game& st = t.before;
  std::vector<double> v0;
  const std::size_t best0 = net0_choice(net, st, t.dice, lp, &v0);
  const auto m = static_cast<std::size_t>(made);
  double played = v0[m], best_v = v0[best0];
  std::size_t best = best0;
  if (cfg.level == Level::ply1) {
    std::vector<std::size_t> order(lp.plays.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&v0](std::size_t a, std::size_t b) { return v0[a] > v0[b]; });
    order.resize(std::min(order.size(), static_cast<std::size_t>(cfg.width)));
    const int mover = seat_of(st.to_move());
    played = net1_value(net, after_play(st, t.dice, lp, m), mover);
    best = m, best_v = played;
    for (const std::size_t i : order) {
      if (i == m) continue;
      if (const double v = net1_value(net, after_play(st, t.dice, lp, i), mover); v > best_v + 1e-12) best = i, best_v = v;
    }
  }
  ra.played = played;
  ra.best = std::max(best_v, played);
  ra.loss = best == m ? 0.0 : std::max(0.0, best_v - played);
  ra.nag = ra.loss >= cfg.blunder ? 4u : ra.loss >= cfg.mistake ? 2u : 0u;
  if (best != m && ra.loss > 0) {
    rules::Game g = st;
    ra.best_play = play_text(lp.plays[best], g.play_legal(t.dice, lp, best).events, st.geometry());
  }
}

RollAnalysis analyze_roll(const Evaluator& ev, const AnalyzeConfig& cfg, const RollTask& t) {
  const Options& o = ev.options();
  const rules::Game& st = t.before;
  RollAnalysis ra;
  ra.roll_index = t.roll_index;
  ra.seat = seat_of(st.to_move());
  const int d1 = t.dice.d1, d2 = t.dice.d2;
  const NeuralNet* net = cfg.level == Level::rollout ? nullptr : neural_net(o.ludo());
  ra.before = net ? net->evaluate(st).p[static_cast<std::size_t>(ra.seat)] : ev.race(st).p[ra.seat];
  if (cfg.luck) {
    // The luck of every throw and its spread over fair dice. Ludo: one die, its six faces;
    // else the 36 throws: 6 doublets once, 15 mixed throws twice (order-free).
    double table[7][7] = {};
    double avg = 0, sq = 0;
    for (const Throw& th : throws_of(st.geometry())) {
      const double x = table[th.dice.d1][th.dice.d2] =
          net ? best_after(st, th.dice, [net](const rules::Game& a) { return net->evaluate(a); })
              : best_after(st, th.dice, [&ev](const rules::Game& a) { return ev.race(a); });
      avg += th.weight * x;
      sq += th.weight * x * x;
    }
    ra.luck = (o.ludo() ? table[d1][0] : table[std::min(d1, d2)][std::max(d1, d2)]) - avg;
    ra.luck_sd = std::sqrt(std::max(0.0, sq - avg * avg));
  }
  if (cfg.quality && t.legal && st.parts(t.dice).kind != RollKind::penalty) {
    const LegalPlays lp = st.legal_plays(t.dice);
    ra.distinct_plays = static_cast<int>(lp.plays.size());
    int made = -1;
    for (std::size_t i = 0; i < lp.results.size(); ++i)
      if (lp.results[i] == t.after) made = static_cast<int>(i);
    if (lp.plays.size() >= 2 && made >= 0) {
      ra.decision = true;
      if (net) judge_net(*net, cfg, t, lp, made, ra);
      else judge(ev, cfg, t, lp, made, ra);
    }
  }
  return ra;
}

}  // namespace

GameAnalysis analyze_game(const ppn::Game& game, const ReplayConfig& rcfg, const AnalyzeConfig& cfg) {
  GameAnalysis ga;
  ga.level = cfg.level;
  const GameRules rules = rules_for_game(game, rcfg);
  ga.profile = rules.profile;
  if (!rules.error.empty()) {
    ga.error = rules.error;
    return ga;
  }
  const Options& o = rules.options;
  if (cfg.level != Level::rollout && !neural_net(o.ludo())) {
    ga.error = "no neural net was trained for this board (--level rollout judges without one)";
    return ga;
  }
  const Evaluator ev(o, cfg.eval);
  const Rounds rounds = rounds_of(ev, cfg);
  ga.first_rollouts = rounds.first;
  ga.max_rollouts = rounds.budget;
  ga.rollout_block = rounds.strata;

  // The replay is sequential; the rolls it passes are analysed by `threads` workers, each
  // roll on its own (its dice streams depend on the roll, not on the worker), so the figures
  // are the same for any number of threads.
  std::vector<RollTask> tasks;
  const ReplayResult res = replay_game(game, rcfg, [&](const RollEvent& e) {
    tasks.push_back({e.roll_index, e.before, {e.roll->dice[0], e.roll->dice[1]}, e.after.position(), e.legal});
  });
  if (!res.setup_ok) {
    for (const auto& d : res.diagnostics) ga.error += (ga.error.empty() ? "" : "; ") + std::string(d.name()) + ": " + d.text();
    return ga;
  }
  if (res.skipped) {
    ga.error = "skipped (--on-error skip) at " + stop_reason(res);
    return ga;
  }
  ga.rolls.resize(tasks.size());
  {
    // One job per roll (a roll takes milliseconds: batches of one balance the threads best),
    // every roll in flight at once (a slow decision does not hold the others up); each result
    // lands in its own slot.
    parallel::for_each_index(
        tasks.size(), cfg.threads, tasks.size() + 1, [&](std::size_t i) { return analyze_roll(ev, cfg, tasks[i]); },
        [&ga](std::size_t i, RollAnalysis&& ra) { ga.rolls[i] = std::move(ra); });
  }
  std::array<double, 4> luck_sum{};
  for (const RollAnalysis& ra : ga.rolls) {
    SeatAnalysis& sa = ga.seats[ra.seat];
    ++sa.rolls;
    sa.luck += ra.luck;
    sa.luck_var += ra.luck_sd * ra.luck_sd;
    luck_sum[ra.seat] += ra.luck;
    if (ra.decision) {
      ++sa.decisions;
      sa.total_loss += ra.loss;
      sa.loss_var += ra.loss_se * ra.loss_se;
      if (ra.unresolved) ++sa.unresolved;
      if (ra.nag == 4) ++sa.blunders;
      else if (ra.nag == 2) ++sa.mistakes;
    }
    ga.cumulative_luck.push_back(luck_sum);
  }
  ga.ok = true;
  ga.stopped = res.stopped;
  if (res.stopped) ga.stop_reason = stop_reason(res);
  ga.rolls_analysed = static_cast<int>(ga.rolls.size());
  // An unfinished game's result: the level's own estimate at the end (the net at a net level,
  // as its luck; the race estimate under rollouts).
  const WinProbs fin = res.game_over && !res.ranking.empty() ? WinProbs{}
                       : cfg.level == Level::rollout     ? ev.race(res.final_game)
                                                         : ev.net(res.final_game);
  for (int s = 0; s < kMaxSeats; ++s) {
    SeatAnalysis& sa = ga.seats[s];
    sa.present = res.final_game.position().seat_present(s);
    if (!sa.present) continue;
    sa.games = 1;
    if (res.game_over && !res.ranking.empty()) sa.result = seat_of(res.ranking.front()) == s ? 1.0 : 0.0;
    else sa.result = fin.p[s];
  }
  return ga;
}

MarkAgreement mark_agreement(const std::vector<GameAnalysis>& by_seed) {
  MarkAgreement a;
  if (by_seed.empty()) return a;
  const auto& first = by_seed.front().rolls;
  a.marks.assign(by_seed.size(), 0);
  a.unresolved.assign(by_seed.size(), 0);
  // A decision's verdict: its mark and whether it was left unresolved (an unresolved decision
  // is not "none", nor is a `?` whose `??` stayed open a plain `?`).
  auto verdict = [](const std::vector<RollAnalysis>& rolls, std::size_t i) {
    return i < rolls.size() ? std::pair{rolls[i].nag, rolls[i].unresolved} : std::pair{0u, false};
  };
  for (std::size_t i = 0; i < first.size(); ++i) {
    if (!first[i].decision) continue;
    ++a.decisions;
    bool flagged = false, same = true;
    for (std::size_t k = 0; k < by_seed.size(); ++k) {
      const auto [nag, unresolved] = verdict(by_seed[k].rolls, i);
      flagged |= nag != 0 || unresolved;
      same &= std::pair{nag, unresolved} == verdict(first, i);
      a.marks[k] += nag != 0;
      a.unresolved[k] += unresolved;
    }
    a.alike += same;
    if (flagged) {
      ++a.marked;
      a.same += same;
    }
  }
  return a;
}

std::string_view level_name(Level l) {
  switch (l) {
    case Level::ply0: return "0";
    case Level::ply1: return "1";
    case Level::rollout: return "rollout";
  }
  return "1";
}

std::optional<Level> level_of(std::string_view name) {
  for (const Level l : {Level::ply0, Level::ply1, Level::rollout})
    if (level_name(l) == name) return l;
  return std::nullopt;
}

ppn::Game annotate_game(const ppn::Game& game, const GameAnalysis& ga, const AnalyzeConfig& cfg) {
  ppn::Game out = game;
  std::erase_if(out.leading_comments, is_ours);
  if (!ga.ok) return out;
  char head[400];
  if (cfg.level != Level::rollout)
    std::snprintf(head, sizeof head,
                  "ppn: analysis under %s by the neural evaluator at %s-ply%s; ? when a loss of %.1f%%, ?? when %.1f%% "
                  "winning chance is reached; luck at 0-ply",
                  ga.profile.c_str(), std::string(level_name(cfg.level)).c_str(),
                  cfg.level == Level::ply1 ? (", the best " + std::to_string(cfg.width) + " plays by 0-ply and the play made").c_str() : "",
                  100 * cfg.mistake, 100 * cfg.blunder);
  else
    std::snprintf(head, sizeof head,
                  "ppn: analysis under %s: %d to %d rollouts of %d %s per candidate%s%s (seed %llu, common dice%s), %d "
                  "candidates; ? when a loss of %.1f%%, ?? when %.1f%% winning chance is passed with %.0f%% confidence",
                  ga.profile.c_str(), ga.first_rollouts, ga.max_rollouts, cfg.eval.horizon,
                  cfg.eval.horizon == 1 ? "roll" : "rolls",
                  cfg.eval.policy == Policy::net ? " played by the neural evaluator" : "",
                  cfg.eval.leaf == Leaf::fitted ? " scored by the fitted evaluator"
                  : cfg.eval.leaf == Leaf::net  ? " scored by the neural evaluator"
                                                : "",
                  static_cast<unsigned long long>(cfg.eval.seed), ga.rollout_block > 1 ? " in Latin-hypercube blocks" : "",
                  cfg.candidates, 100 * cfg.mistake, 100 * cfg.blunder, 100 * cfg.confidence);
  out.leading_comments.push_back(head);
  std::vector<int> seats_in_order;
  if (auto v = game.tag_value("Seats"); !v.empty())
    if (auto parsed = parse_seats(v))
      for (Colour c : *parsed) seats_in_order.push_back(seat_of(c));
  if (seats_in_order.empty())
    for (int s = 0; s < kMaxSeats; ++s) seats_in_order.push_back(s);
  for (int s : seats_in_order) {
    const SeatAnalysis& sa = ga.seats[s];
    if (!sa.present) continue;
    const Colour c = colour_of(s);
    std::string tag(colour_name(c));
    tag[0] = static_cast<char>(tag[0] - 'a' + 'A');
    std::string who(colour_name(c));
    if (auto p = game.tag_value(tag); !p.empty()) who += " (" + std::string(p) + ")";
    char line[400];
    if (cfg.level == Level::rollout)
      std::snprintf(line, sizeof line,
                    "ppn: %s: %d decisions, %d ?, %d ??, %d unresolved, error rate %.1f%% +- %.1f%%, total loss %.3f +- "
                    "%.3f; luck %s (sd %.3f), result %.2f, luck-adjusted %s",
                    who.c_str(), sa.decisions, sa.mistakes, sa.blunders, sa.unresolved, 100 * sa.error_rate(),
                    100 * sa.error_rate_se(), sa.total_loss, sa.loss_se(), signed3(sa.luck).c_str(), sa.luck_se(),
                    sa.result, signed3(sa.luck_adjusted()).c_str());
    else  // exact for the net: no error bar, nothing unresolved
      std::snprintf(line, sizeof line,
                    "ppn: %s: %d decisions, %d ?, %d ??, error rate %.1f%% +- %.1f%%, total loss %.3f; luck %s (sd "
                    "%.3f), result %.2f, luck-adjusted %s",
                    who.c_str(), sa.decisions, sa.mistakes, sa.blunders, 100 * sa.error_rate(), 100 * sa.error_rate_se(),
                    sa.total_loss, signed3(sa.luck).c_str(), sa.luck_se(), sa.result, signed3(sa.luck_adjusted()).c_str());
    out.leading_comments.push_back(line);
  }
  int idx = 0;
  for (auto& entry : out.movetext) {
    Roll* r = std::get_if<Roll>(&entry);
    if (!r) continue;
    std::erase_if(r->comments, is_ours);
    if (idx < static_cast<int>(ga.rolls.size())) {
      const RollAnalysis& ra = ga.rolls[static_cast<std::size_t>(idx)];
      if (ra.nag != 0 && std::find(r->nags.begin(), r->nags.end(), ra.nag) == r->nags.end())
        r->nags.push_back(static_cast<std::uint16_t>(ra.nag));
      if (ra.nag != 0 || ra.unresolved)
        r->comments.push_back(std::string(ra.unresolved ? "ppn: unresolved: best " : "ppn: best ") +
                              (ra.best_play.empty() ? std::string("the play made") : ra.best_play) + " (win " +
                              percent(ra.best) + " vs " + percent(ra.played) + ", loss " + percent(ra.loss) +
                              (cfg.level == Level::rollout
                                   ? " +- " + percent(ra.loss_se) + ", " + std::to_string(ra.rollouts) + " rollouts)"
                                   : ", " + std::string(level_name(cfg.level)) + "-ply)"));
    }
    ++idx;
  }
  return out;
}

}  // namespace ppn::analysis
