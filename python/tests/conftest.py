"""Shared fixtures: the source tree, the ppn binary the module is compared with, records."""
import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get("PPN_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
SAMPLES = SOURCE / "samples"
PPN = os.environ.get("PPN_BINARY", str(SOURCE / "build" / "cli" / "ppn"))

PARCHEESI = SAMPLES / "01-four-player-family-night.ppn"
LUDO = SAMPLES / "07-ludo-classic-three-players.ppn"

# One illegal roll (docs/GUIDE.md "The referee's questions": the move lands on a blockade).
ILLEGAL = """[Event "Blockade test"]
[Game "parcheesi"]
[Variant "hasbro-2001"]
[Seats "green red"]
[Result "*"]
[Setup "g:N,N,N,10 r:N,N,3,3 / g d0"]

1. G 6-4: 10/16 16/20
2. R 3-1: 3/6 3/4
"""


def run_ppn(*args, check=False):
    """The CLI's exit code, standard output and standard error."""
    r = subprocess.run([PPN, *map(str, args)], capture_output=True, text=True)
    if check and r.returncode != 0:
        raise AssertionError(f"ppn {args} failed: {r.stderr}")
    return r


@pytest.fixture
def illegal_file(tmp_path):
    p = tmp_path / "illegal.ppn"
    p.write_text(ILLEGAL)
    return p
