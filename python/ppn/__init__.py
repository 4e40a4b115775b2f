"""ppn: Parcheesi and Ludo game records, rules and bots (the Portable Pachisi Notation toolkit).

Reading records::

    for game in ppn.read_games("games.ppn.gz"):
        for roll in game.replay():
            print(roll.text, roll.after.id, roll.legal)

The loops run in C++ (ppn's own libraries); see docs/PYTHON.md for the whole API.
"""
from ._ppn import Game, GameReader, Play, Position, Replay, ReplayedRoll, analyze, parse, read_games, validate
from .bots import Match, Turn, play, wilson_interval
from .database import Database, Rows
from .errors import DatabaseError, Diagnostic, IllegalPlayError, ParseError, PPNError
from .records import Roll

__all__ = [
    "Database", "DatabaseError", "Diagnostic", "Game", "GameReader", "IllegalPlayError", "Match",
    "ParseError", "Play", "Position", "PPNError", "Replay", "ReplayedRoll", "Roll", "Rows", "Turn",
    "analyze", "parse", "play", "read_games", "validate", "wilson_interval",
]
