// Luck and move quality (see game_analysis.hpp).
#include "analysis/game_analysis.hpp"

#include <algorithm>
#include <cstdio>
#include <numeric>

#include "analysis/game_stats.hpp"
#include "notation/tags.hpp"
#include "replay/bridge.hpp"
#include "rules/apply.hpp"

namespace ppn::analysis {

using namespace ppn::replay;
using namespace ppn::rules;

namespace {

// The mover's race-evaluator value after the best play of (d1, d2) from `st`.
double best_static(const Evaluator& ev, const GameState& st, int d1, int d2) {
  const int m = st.to_move;
  const Options& o = ev.options();
  const RollSetup setup = roll_setup(st, d1, d2, o);
  if (setup.kind == RollKind::penalty)
    return ev.race(state_after(st, d1, d2, apply_penalty(st.pos, m, o, geometry_of(o), st.last_moved), nullptr, o)).p[m];
  const LegalPlays lp = legal_plays(o, st, d1, d2);
  double best = -1;
  for (std::size_t i = 0; i < lp.results.size(); ++i)
    best = std::max(best, ev.race(state_after(st, d1, d2, lp.results[i], &lp.plays[i], o)).p[m]);
  return best < 0 ? ev.race(st).p[m] : best;
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

GameAnalysis analyze_game(const Game& game, const ReplayConfig& rcfg, const AnalyzeConfig& cfg) {
  GameAnalysis ga;
  const GameRules rules = rules_for_game(game, rcfg);
  ga.profile = rules.profile;
  if (!rules.error.empty()) {
    ga.error = rules.error;
    return ga;
  }
  const Options& o = rules.options;
  const Evaluator ev(o, cfg.eval);
  std::array<double, 4> luck_sum{};

  const ReplayResult res = replay_game(game, rcfg, [&](const RollEvent& e) {
    const GameState& st = e.before;
    RollAnalysis ra;
    ra.roll_index = e.roll_index;
    ra.seat = st.to_move;
    const int m = ra.seat;
    const int d1 = e.roll->dice[0], d2 = e.roll->dice[1];
    ra.before = ev.race(st).p[m];
    if (cfg.luck && o.ludo()) {
      // One die: the average over its six faces.
      double face[7] = {}, avg = 0;
      for (int a = 1; a <= 6; ++a) avg += (face[a] = best_static(ev, st, a, 0)) / 6.0;
      ra.luck = face[d1] - avg;
    } else if (cfg.luck) {
      // Average over the 36 throws: 6 doublets once, 15 mixed throws twice (order-free).
      double table[7][7] = {};
      double avg = 0;
      for (int a = 1; a <= 6; ++a)
        for (int b = a; b <= 6; ++b) {
          table[a][b] = best_static(ev, st, a, b);
          avg += table[a][b] * (a == b ? 1.0 : 2.0) / 36.0;
        }
      ra.luck = table[std::min(d1, d2)][std::max(d1, d2)] - avg;
    }
    const RollSetup setup = roll_setup(st, d1, d2, o);
    if (cfg.quality && e.legal && setup.kind != RollKind::penalty) {
      const LegalPlays lp = legal_plays(o, st, d1, d2);
      ra.distinct_plays = static_cast<int>(lp.plays.size());
      int made = -1;
      for (std::size_t i = 0; i < lp.results.size(); ++i)
        if (lp.results[i] == e.after.pos) made = static_cast<int>(i);
      if (lp.plays.size() >= 2 && made >= 0) {
        ra.decision = true;
        // Candidates: the play made and the best `candidates` plays by the race evaluator.
        std::vector<GameState> after(lp.results.size());
        std::vector<std::pair<double, int>> ranked;
        for (std::size_t i = 0; i < lp.results.size(); ++i) {
          after[i] = state_after(st, d1, d2, lp.results[i], &lp.plays[i], o);
          ranked.push_back({-ev.race(after[i]).p[m], static_cast<int>(i)});
        }
        std::stable_sort(ranked.begin(), ranked.end());
        std::vector<int> cands{made};
        for (const auto& [v, i] : ranked) {
          if (static_cast<int>(cands.size()) > cfg.candidates) break;
          if (i != made) cands.push_back(i);
        }
        const std::uint64_t salt = static_cast<std::uint64_t>(e.roll_index) * 0x9E3779B97F4A7C15ull + st.hash;
        int best = made;
        double best_v = -1, made_v = 0;
        for (int i : cands) {
          const double v = ev.rollout(after[i], salt).p[m];
          if (i == made) made_v = v;
          if (v > best_v + 1e-12) best_v = v, best = i;
        }
        ra.played = made_v;
        ra.best = std::max(best_v, made_v);
        ra.loss = std::max(0.0, best_v - made_v);
        if (best != made && ra.loss > 0)
          ra.best_play = play_text(lp.plays[best], apply_play(o, st.pos, m, lp.plays[best]).events, geometry_of(o));
        ra.nag = ra.loss >= cfg.blunder ? 4u : ra.loss >= cfg.mistake ? 2u : 0u;
      }
    }
    SeatAnalysis& sa = ga.seats[m];
    ++sa.rolls;
    sa.luck += ra.luck;
    luck_sum[m] += ra.luck;
    if (ra.decision) {
      ++sa.decisions;
      sa.total_loss += ra.loss;
      if (ra.nag == 4) ++sa.blunders;
      else if (ra.nag == 2) ++sa.mistakes;
    }
    ga.cumulative_luck.push_back(luck_sum);
    ga.rolls.push_back(std::move(ra));
  });
  if (!res.setup_ok) {
    for (const auto& d : res.diagnostics) ga.error += (ga.error.empty() ? "" : "; ") + std::string(d.name()) + ": " + d.text();
    return ga;
  }
  if (res.skipped) {
    ga.error = "skipped (--on-error skip) at " + stop_reason(res);
    return ga;
  }
  ga.ok = true;
  ga.stopped = res.stopped;
  if (res.stopped) ga.stop_reason = stop_reason(res);
  ga.rolls_analysed = static_cast<int>(ga.rolls.size());
  const WinProbs fin = res.game_over && !res.ranking.empty() ? WinProbs{} : ev.race(res.final_state);
  for (int s = 0; s < kMaxSeats; ++s) {
    SeatAnalysis& sa = ga.seats[s];
    sa.present = res.final_state.pos.seat_present(s);
    if (!sa.present) continue;
    if (res.game_over && !res.ranking.empty()) sa.result = seat_of(res.ranking.front()) == s ? 1.0 : 0.0;
    else sa.result = fin.p[s];
  }
  return ga;
}

Game annotate_game(const Game& game, const GameAnalysis& ga, const AnalyzeConfig& cfg) {
  Game out = game;
  std::erase_if(out.leading_comments, is_ours);
  if (!ga.ok) return out;
  char head[200];
  std::snprintf(head, sizeof head,
                "ppn: analysis under %s: %d rollouts of %d rolls (seed %llu), %d candidates; ? at a loss of %.1f%%, "
                "?? at %.1f%% winning chance",
                ga.profile.c_str(), cfg.eval.rollouts, cfg.eval.horizon, static_cast<unsigned long long>(cfg.eval.seed),
                cfg.candidates, 100 * cfg.mistake, 100 * cfg.blunder);
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
    char line[300];
    std::snprintf(line, sizeof line,
                  "ppn: %s: %d decisions, %d ?, %d ??, error rate %.1f%%, total loss %.3f; luck %s, result %.2f, "
                  "luck-adjusted %s",
                  who.c_str(), sa.decisions, sa.mistakes, sa.blunders, 100 * sa.error_rate(), sa.total_loss,
                  signed3(sa.luck).c_str(), sa.result, signed3(sa.luck_adjusted()).c_str());
    out.leading_comments.push_back(line);
  }
  int idx = 0;
  for (auto& entry : out.movetext) {
    Roll* r = std::get_if<Roll>(&entry);
    if (!r) continue;
    std::erase_if(r->comments, is_ours);
    if (idx < static_cast<int>(ga.rolls.size())) {
      const RollAnalysis& ra = ga.rolls[static_cast<std::size_t>(idx)];
      if (ra.nag != 0) {
        if (std::find(r->nags.begin(), r->nags.end(), ra.nag) == r->nags.end())
          r->nags.push_back(static_cast<std::uint16_t>(ra.nag));
        r->comments.push_back("ppn: best " + ra.best_play + " (win " + percent(ra.best) + " vs " +
                              percent(ra.played) + ")");
      }
    }
    ++idx;
  }
  return out;
}

}  // namespace ppn::analysis
