"""ppn.Position: IDs, pawns, legal plays, apply, pictures; checked against `ppn legal`."""
import re

import pytest

import ppn
from conftest import LUDO, PARCHEESI, run_ppn


def cli_legal(position_id, dice, *extra):
    out = run_ppn("legal", position_id, dice, *extra).stdout
    return sorted(re.findall(r"-> (.+)$", out, re.M))


def test_from_id_and_pawns():
    p = ppn.Position.from_id("g:N,N,12,40 r:N,N,N,N / g d0")
    assert p.id == "g:N,N,12,40 r:N,N,N,N / g d0"
    assert p.pawns == {"green": ["N", "N", "12", "40"], "red": ["N", "N", "N", "N"]}
    assert p.to_move == "green" and p.doublets == 0 and p.variant == "hasbro-2001"
    assert ppn.Position.from_id("g:40,12,n,n r:n,n,n,n / g d0") == p  # lenient, canonical
    with pytest.raises(ValueError, match="position ID"):
        ppn.Position.from_id("g:N,N,12 / x d0")
    with pytest.raises(ValueError):
        ppn.Position.from_id("g:N,N,N,N r:N,N,N,N / g d0", variant="no-such-profile")


def test_legal_plays_are_the_referees():
    p = ppn.Position.from_id("g:N,N,N,24 r:N,N,N,13 / g d0")
    plays = p.legal_plays("6-2")
    assert sorted(pl.text for pl in plays) == ["24/26 26/32", "24/30x 30/32 +20 32/52"]
    assert sorted(pl.after.id for pl in plays) == cli_legal(p.id, "6-2")
    assert p.legal_plays((6, 2))[0].text == plays[0].text
    capture = next(pl for pl in plays if "x" in pl.text)
    after, events = p.apply(capture)
    assert after.id == "g:N,N,N,52 r:N,N,N,N / r d0"
    assert events["captures"] == 1 and events["bonuses_earned"] == 1 and events["bonuses_used"] == 1


@pytest.mark.parametrize("dice", ["1-1", "5-5", "6-4", "3-2"])
def test_legal_plays_match_the_cli_in_a_game(dice):
    game = next(iter(ppn.read_games(PARCHEESI)))
    for roll in list(game.replay())[::17]:
        pos = roll.before
        if pos.doublets == 2 and dice[0] == dice[2]:
            continue
        assert sorted(pl.after.id for pl in pos.legal_plays(dice)) == cli_legal(pos.id, dice)


def test_ludo_positions():
    game = next(iter(ppn.read_games(LUDO)))
    start = game.replay().rolls[0].before
    assert start.variant == "ludo"
    for die in range(1, 7):
        plays = start.legal_plays(die)
        assert sorted(pl.after.id for pl in plays) == cli_legal(start.id, die, "--variant", "ludo")
        for pl in plays:
            assert start.apply(pl)[0] == pl.after
    with pytest.raises(ValueError, match="one die"):
        start.legal_plays("5-3")


def test_apply_text_judged_as_the_referee_judges_it():
    p = ppn.Position.from_id("g:N,N,N,10 r:N,N,3,3 / g d0")
    with pytest.raises(ppn.IllegalPlayError) as e:
        p.apply("10/16 16/20", dice="6-4")
    assert e.value.code == "E-BLOCKADE-LANDED"
    assert e.value.diagnostic.alternatives
    cli = run_ppn("legal", p.id, "6-4", "--play", "10/16 16/20").stdout
    assert "error[E-BLOCKADE-LANDED]: " + e.value.message in cli
    legal = p.legal_plays("6-4")
    after, events = p.apply(legal[0].text, dice="6-4")
    assert after == legal[0].after and events == legal[0].events
    with pytest.raises(TypeError):
        p.apply("10/16")
    with pytest.raises(ValueError):
        p.apply(ppn.Position.from_id("g:N,N,N,N r:N,N,N,N / g d0").legal_plays("5-3")[0])


def test_third_doublet_penalty():
    p = ppn.Position.from_id("g:N,N,12,40 r:N,N,N,N / g d2")
    (penalty,) = p.legal_plays("4-4")
    assert penalty.text == "PENALTY" and penalty.events["penalty"]
    assert penalty.after.pawns["green"] == ["N", "N", "N", "12"]
    assert penalty.after.to_move == "red"


def test_pictures():
    p = ppn.Position.from_id("g:N,N,12,40 r:N,N,N,N / g d0")
    svg = p._repr_svg_()
    assert svg == p.svg() and svg.startswith("<svg")
    assert 'data-position="g:N,N,12,40 r:N,N,N,N / g d0"' in svg
    assert len(re.findall(r'class="pawn" data-seat="green" data-square="(\d+)"', svg)) == 2
    game = next(iter(ppn.read_games(LUDO)))
    html = game._repr_html_()
    assert "<html" in html and "data-position" in html
    assert game.svg(at=1).startswith("<svg")
    with pytest.raises(ValueError):
        game.svg(at=10**6)
