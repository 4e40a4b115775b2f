"""Game.replay: every roll with the positions before and after, legality and diagnostics."""
import pytest

import ppn
from conftest import ILLEGAL, LUDO, PARCHEESI, run_ppn


@pytest.mark.parametrize("path", [PARCHEESI, LUDO], ids=["parcheesi", "ludo"])
def test_replay_walks_every_roll(path):
    for game in ppn.read_games(path):
        r = game.replay()
        assert r.legal and r.illegal == 0
        assert len(r) == len(game.rolls)
        assert [x.text for x in r] == [x.text for x in game.rolls]
        for a, b in zip(r.rolls, r.rolls[1:]):
            assert a.after == b.before
        assert r.rolls[-1].after == r.final_position
        assert all(x.legal and not x.diagnostics for x in r)
        if r.game_over:
            assert r.ranking[0] == game.tags["Result"].split()[0]


def test_replay_positions_are_the_clis(tmp_path):
    game = next(iter(ppn.read_games(PARCHEESI)))
    r = game.replay()
    for n in (1, 10, 40, len(r)):
        svg = tmp_path / f"at{n}.svg"
        run_ppn("render", PARCHEESI, "--at", n, "-o", svg, check=True)
        assert f'data-position="{r.rolls[n - 1].after.id}"' in svg.read_text()
    assert r.profile == "hasbro-2001"
    assert r.rolls[0].before.variant == "hasbro-2001"
    assert sum(x.events["captures"] for x in r) > 0


def test_ludo_positions_draw_the_ludo_board():
    r = next(iter(ppn.read_games(LUDO))).replay()
    assert r.profile == "ludo"
    assert 'data-board="ludo52"' in r.rolls[0].after.svg()


def test_illegal_roll_diagnostics_are_the_clis(illegal_file):
    game = next(iter(ppn.read_games(illegal_file)))
    r = game.replay()
    assert not r.legal and r.illegal == 1 and len(r) == 0  # keep-prefix: nothing after it applied
    (d,) = [d for d in r.diagnostics if d.severity == "error"]
    assert d.code == "E-BLOCKADE-LANDED"
    assert (d.roll, d.step) == (1, 2)
    assert d.position == "g:N,N,N,10 r:N,N,3,3 / g d0"
    assert d.alternatives
    cli = run_ppn("validate", illegal_file).stdout.splitlines()
    assert cli[0] == str(d)
    assert cli[1] == "  roll:     " + d.roll_text
    assert cli[3] == "  legal:    " + " | ".join(d.alternatives)


UNDERPLAYED = """[Game "parcheesi"]
[Variant "hasbro-2001"]
[Seats "green red"]
[Setup "g:N,N,N,10 r:N,N,N,N / g d0"]

1. G 6-4: 10/16
2. R 5-1: N/0 0/1
"""


def test_on_error_policies(illegal_file):
    underplayed = ppn.parse(UNDERPLAYED)[0]
    as_played = underplayed.replay(on_error="as-played")
    assert [x.legal for x in as_played] == [False, True]
    (d,) = as_played.rolls[0].diagnostics
    assert d.severity == "warning" and d.message.endswith("(accepted as played)")
    assert as_played.rolls[0].after.pawns["green"] == ["N", "N", "N", "16"]
    assert len(underplayed.replay(on_error="keep-prefix")) == 0
    assert underplayed.replay(on_error="skip").illegal == 1
    game = ppn.parse(ILLEGAL)[0]
    with pytest.raises(ppn.IllegalPlayError) as e:
        game.replay(on_error="raise")
    assert e.value.code == "E-BLOCKADE-LANDED" and e.value.line == 8
    with pytest.raises(ValueError):
        game.replay(on_error="ignore")


def test_variant_and_options_override():
    game = next(iter(ppn.read_games(PARCHEESI)))
    assert game.replay(variant="hasbro-2001", options={"bonus_timing": "end_of_roll"}).profile == "hasbro-2001"
    unknown = game.replay(options=["no_such_option=1"])
    assert not unknown.legal and unknown.diagnostics[0].code == "E-RULES" and len(unknown) == 0
    bad = game.replay(variant="ludo")  # a Parcheesi record under the Ludo profile
    assert not bad.legal


def test_validate_counts_what_the_cli_counts(tmp_path):
    import json
    p = tmp_path / "mixed.ppn"
    p.write_text(PARCHEESI.read_text() + "\n" + ILLEGAL + '\n[Event "cut"]\n\n1. G 5-3: N/0 0/3\n2. R 9-9: N/0\n')
    v = ppn.validate(p)
    out = run_ppn("validate", "--format", "json", p).stdout.splitlines()
    summary = json.loads(out[-1])
    assert (v["games"], v["rolls"], v["illegal"], v["syntax_errors"]) == (
        summary["games"], summary["rolls"], summary["illegal_rolls"], summary["syntax_errors"])
    cli_codes = sorted(json.loads(l)["code"] for l in out if json.loads(l)["type"] == "diagnostic")
    assert sorted(d.code for d in v["diagnostics"]) == cli_codes
    assert ppn.validate(LUDO)["illegal"] == 0
    with pytest.raises(ppn.ParseError):
        ppn.validate(tmp_path / "missing.ppn")
