"""Games between bots: ppn's own (``"random"``, ``"greedy"``, ``"eval"``, ``"net0"``, ``"net1"``) and Python callables.

The games are played in C++ (``ppn selfplay``'s loop); a Python bot is called only when a
roll gives its seat a choice, with a :class:`Turn`, and returns the index of its play in
``turn.plays`` (or the play itself).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence, Tuple, Union

from . import _ppn


@dataclass(frozen=True)
class Turn:
    """What a bot is shown: the position before the roll, the dice and every legal play."""

    position: "_ppn.Position"
    dice: Tuple[int, ...]
    plays: List["_ppn.Play"]
    seat: str


Bot = Union[str, Callable[[Turn], Union[int, "_ppn.Play"]]]


def wilson_interval(wins: int, n: int, z: float = 1.959963984540054) -> Tuple[float, float]:
    """The Wilson score interval of a proportion wins/n (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Match:
    """The games of :func:`play` and who finished where."""

    games: List["_ppn.Game"]
    rankings: List[List[int]]  # per game: bot indices, first finisher first ([] unfinished)
    bots: int

    def wins(self, bot: int) -> int:
        """Games bot number `bot` (its index in the bots given) won."""
        return sum(1 for r in self.rankings if r and r[0] == bot)

    def finished(self) -> int:
        """Games that ended (the others reached max_rolls)."""
        return sum(1 for r in self.rankings if r)

    def win_rate(self, bot: int) -> Tuple[float, float, float]:
        """(rate, low, high): the share of finished games `bot` won, with its 95% Wilson interval."""
        n = self.finished()
        w = self.wins(bot)
        low, high = wilson_interval(w, n)
        return (w / n if n else 0.0, low, high)

    @property
    def ppn(self) -> str:
        """Every game as PPN text."""
        return "\n".join(str(g) for g in self.games)


def play(variant: str, bots: Sequence[Bot], seed: int = 1, games: int = 1,
         options: Optional[Union[Sequence[str], dict]] = None, max_rolls: int = 3000,
         rotate: bool = False, duplicate_dice: bool = False) -> Match:
    """Plays `games` games of `variant` between `bots` (2 to 4, one per seat in turn order).

    A bot is ``"random"``, ``"greedy"``, ``"eval"``, ``"net0"``, ``"net1"`` (as ``ppn selfplay --bots``) or a callable taking a :class:`Turn` and returning the
    index of its choice in ``turn.plays`` (or the play). The dice of game k come from
    ``(seed, k)`` as in ``ppn selfplay``: the same seed and deterministic bots give the same
    games. ``rotate=True`` moves every bot one seat on after each game, so that each sits in
    every seat equally often. ``duplicate_dice=True`` deals the games in rounds of one per seat,
    each round one dice sequence (the k-th roll's dice whoever throws it) with the bots rotated
    through the seats, as ``ppn bench bot`` measures strength: the dice's luck falls on every
    bot alike.
    """
    records, rankings = _ppn._play(variant, list(bots), seed, games, options, max_rolls, rotate, duplicate_dice)
    return Match(list(records), [list(r) for r in rankings], len(bots))
