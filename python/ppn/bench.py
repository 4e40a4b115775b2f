"""Speed of the Python module next to the CLI and to the same loop in C++ (`make bench-python`).

    python3 -m ppn.bench [--games N] [--rolls N] [--ppn PATH]

Three figures, each with its baseline measured in the same run and the ratio:
  1. validating a file: ppn.validate, and ppn.read_games + Game.replay (a Python object per
     game and per roll), rolls/s, next to `ppn validate` on the same file (self-play games of
     hasbro-2001, made by `ppn selfplay`);
  2. Position.legal_plays + apply in a Python loop (random plays), calls/s, next to the same
     loop in C++ (ppn._ppn._native_walk: the same library calls);
  3. four-player games of Python random bots (ppn.play), games/s, next to `ppn selfplay`.
Times are CPU times (the process's own, or the child's for the CLI), the best of three runs,
so that a busy machine slows both sides alike.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile

from . import _ppn, play, read_games, validate
from ._ppn import Position


def cpu_seconds():
    """CPU time of this process and of its finished children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def best_of(n, fn):
    best = None
    result = None
    for _ in range(n):
        t = cpu_seconds()
        result = fn()
        dt = cpu_seconds() - t
        best = dt if best is None else min(best, dt)
    return best, result


def ppn_binary(given):
    for p in (given, os.environ.get("PPN_BINARY"), shutil.which("ppn")):
        if p and os.path.exists(p):
            return p
    sys.exit("ppn.bench: the ppn binary was not found (--ppn PATH, or PPN_BINARY)")


def bench_validate(ppn, path):
    def python_validate():
        v = validate(path)
        if v["illegal"] or v["syntax_errors"]:
            raise SystemExit("ppn.bench: an illegal self-play game")
        return v["rolls"]

    def python_objects():
        rolls = 0
        for g in read_games(path):
            r = g.replay()
            if not r.legal:
                raise SystemExit("ppn.bench: an illegal self-play game")
            rolls += len(r)
        return rolls

    def cli():
        out = subprocess.run([ppn, "validate", path], capture_output=True, text=True, check=True).stdout
        return int(re.search(r"validate: .*?([\d,]+) rolls", out).group(1).replace(",", ""))

    t_val, rolls = best_of(3, python_validate)
    t_obj, obj_rolls = best_of(3, python_objects)
    t_cli, cli_rolls = best_of(3, cli)
    if not rolls == obj_rolls == cli_rolls:
        raise SystemExit(f"ppn.bench: rolls differ: {rolls}, {obj_rolls}, ppn validate {cli_rolls}")
    return rolls, rolls / t_val, rolls / t_obj, rolls / t_cli


START = {"hasbro-2001": "g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0",
         "ludo": "g:N,N,N,N r:N,N,N,N b:N,N,N,N y:N,N,N,N / g d0"}


def python_walk(variant, seed, rolls):
    rng = random.Random(seed)
    start = Position.from_id(START[variant], variant)
    pos = start
    ludo = variant == "ludo"
    for _ in range(rolls):
        dice = rng.randint(1, 6) if ludo else (rng.randint(1, 6), rng.randint(1, 6))
        plays = pos.legal_plays(dice)
        chosen = plays[rng.randrange(len(plays))]
        pos, _events = pos.apply(chosen)
        if chosen.game_over:
            pos = start


def bench_loop(variant, rolls):
    t_py, _ = best_of(3, lambda: python_walk(variant, 1, rolls))
    t_cpp, _ = best_of(3, lambda: _ppn._native_walk(variant, START[variant], 1, rolls))
    return rolls / t_py, rolls / t_cpp


def bench_games(ppn, games):
    rng = random.Random(1)

    def random_bot(turn):
        return rng.randrange(len(turn.plays))

    t_py, _ = best_of(3, lambda: play("hasbro-2001", [random_bot] * 4, seed=1, games=games))
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "selfplay.ppn")
        t_cli, _ = best_of(3, lambda: subprocess.run(
            [ppn, "selfplay", "--variant", "hasbro-2001", "--games", str(games), "--seed", "1", "--players", "4",
             "-o", out], check=True, capture_output=True))
    return games / t_py, games / t_cli


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python3 -m ppn.bench", description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="self-play games validated (default 2000)")
    ap.add_argument("--rolls", type=int, default=20000, help="rolls of the legal_plays + apply loop")
    ap.add_argument("--bot-games", type=int, default=100, help="four-player games of Python random bots")
    ap.add_argument("--ppn", help="the ppn binary (default: $PPN_BINARY, else ppn on PATH)")
    a = ap.parse_args(argv)
    ppn = ppn_binary(a.ppn)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "games.ppn")
        subprocess.run([ppn, "selfplay", "--variant", "hasbro-2001", "--games", str(a.games), "--seed", "1",
                        "-o", path], check=True, capture_output=True)
        rolls, val, obj, cli = bench_validate(ppn, path)
    print(f"validate ({a.games} hasbro-2001 self-play games, {rolls:,} rolls): ppn.validate {val / 1e6:.2f} M rolls/s, "
          f"read_games + replay {obj / 1e6:.2f} M rolls/s; ppn validate {cli / 1e6:.2f} M rolls/s: "
          f"{val / cli:.2f}x and {obj / cli:.2f}x")
    for variant in ("hasbro-2001", "ludo"):
        py, cpp = bench_loop(variant, a.rolls)
        print(f"legal_plays + apply ({variant}, {a.rolls:,} random rolls, four players): "
              f"Python loop {py:,.0f} calls/s, the same loop in C++ {cpp:,.0f} calls/s: {py / cpp:.3f}x")
    py, cli = bench_games(ppn, a.bot_games)
    print(f"four-player games ({a.bot_games} hasbro-2001 games): Python random bots {py:,.1f} games/s, "
          f"ppn selfplay {cli:,.1f} games/s: {py / cli:.3f}x")


if __name__ == "__main__":
    main()
