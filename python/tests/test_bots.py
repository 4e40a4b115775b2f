"""ppn.play: Python bots against ppn's bots, on both boards; determinism; every game legal."""
import random

import pytest

import ppn


def first_bot(turn):
    return 0


def racer(turn):
    """Picks the play that brings its pawns furthest (a bot a researcher might write)."""
    def progress(play):
        squares = play.after.pawns[turn.seat]
        return sum(100 if s == "H" else 70 + int(s[1:]) if s.startswith("h") else -1 if s == "N" else int(s)
                   for s in squares)
    return max(range(len(turn.plays)), key=lambda i: progress(turn.plays[i]))


@pytest.mark.parametrize("variant", ["hasbro-2001", "ludo"])
def test_python_bot_against_ppns_bots(variant):
    seen = []

    def watcher(turn):
        seen.append((turn.position.id, turn.dice, len(turn.plays)))
        assert len(turn.plays) >= 2  # asked only when there is a choice
        assert all(p.before == turn.position for p in turn.plays)
        return random.Random(len(seen)).randrange(len(turn.plays))

    m = ppn.play(variant, [watcher, "greedy", "random", racer], seed=7, games=3)
    assert len(m.games) == 3 and seen
    for game, ranking in zip(m.games, m.rankings):
        r = game.replay()
        assert r.legal and r.game_over
        assert len(ranking) >= 1 and ranking[0] in range(4)
        assert game.tags["Green"] == "watcher 1"
        assert game.tags["Variant"] == variant
    assert sum(m.wins(i) for i in range(4)) == m.finished() == 3


def test_deterministic_for_a_seed():
    a = ppn.play("hasbro-2001", [racer, "random"], seed=3, games=4)
    b = ppn.play("hasbro-2001", [racer, "random"], seed=3, games=4)
    c = ppn.play("hasbro-2001", [racer, "random"], seed=4, games=4)
    assert a.ppn == b.ppn and a.rankings == b.rankings
    assert a.ppn != c.ppn


def test_win_rate_and_interval():
    m = ppn.play("hasbro-2001", [racer, "random"], seed=1, games=40, rotate=True)
    rate, low, high = m.win_rate(0)
    assert m.finished() == 40
    assert rate == m.wins(0) / 40 and low <= rate <= high
    assert 0 <= low and high <= 1 and high - low < 0.35
    # rotation: each bot sat first in half the games
    firsts = [g.tags["Green"] for g in m.games]
    assert firsts.count("racer 1") == 20
    assert ppn.wilson_interval(0, 0) == (0.0, 1.0)


def test_eval_bot():
    # ppn's eval bot (the play the fitted evaluator rates best), as ppn selfplay --bots names it
    m = ppn.play("hasbro-2001", ["eval", "greedy"], seed=3, games=2)
    assert len(m.games) == 2 and all(g.replay().legal for g in m.games)
    assert all(len(r) >= 1 for r in m.rankings)


def test_bad_bots():
    with pytest.raises(ValueError, match="net1"):
        ppn.play("hasbro-2001", ["clever", "random"])
    with pytest.raises(IndexError):
        ppn.play("hasbro-2001", [lambda t: 99, "random"], seed=2)
    with pytest.raises(ValueError):
        ppn.play("hasbro-2001", ["random"])
    with pytest.raises(ZeroDivisionError):
        ppn.play("ludo", [lambda t: 1 / 0, "greedy"])


def test_returning_the_play_itself():
    m = ppn.play("ludo", [lambda t: t.plays[-1], "random", "greedy"], seed=5, games=2)
    assert all(g.replay().legal for g in m.games)
    assert m.games[0].tags["Seats"] == "green red blue"


def test_duplicate_dice():
    # Rounds of one game per seat, each round one dice sequence: the same dice whoever sits where.
    m = ppn.play("hasbro-2001", ["random", "greedy", "greedy"], seed=6, games=6, duplicate_dice=True)
    dice = [[r.dice for r in g.rolls] for g in m.games]
    for first, second in ((0, 1), (1, 2), (3, 4), (4, 5)):
        n = min(len(dice[first]), len(dice[second]))
        assert n > 20 and dice[first][:n] == dice[second][:n]
    assert dice[0][:20] != dice[3][:20]  # the next round: another sequence
    # The bots rotate through the seats within a round: the random bot sits in each once.
    seats = [[c for c in ("Green", "Red", "Blue", "Yellow") if c in g.tags and g.tags[c].startswith("random")]
             for g in m.games[:3]]
    assert all(len(s) == 1 for s in seats) and len({s[0] for s in seats}) == 3
    # Copies of one deterministic bot play the same game from every seat: one win each.
    same = ppn.play("hasbro-2001", ["greedy", "greedy", "greedy"], seed=6, games=30, duplicate_dice=True)
    assert [same.wins(i) for i in range(3)] == [10, 10, 10]
