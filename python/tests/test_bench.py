"""`python3 -m ppn.bench` runs and prints its three ratios (tiny sizes: this checks the bench, it times nothing)."""
import os
import re
import subprocess
import sys

from conftest import PPN


def test_bench_prints_its_ratios():
    out = subprocess.run([sys.executable, "-m", "ppn.bench", "--games", "20", "--rolls", "200", "--bot-games", "2",
                          "--ppn", PPN], capture_output=True, text=True, check=True, env=os.environ).stdout
    lines = out.splitlines()
    assert len(lines) == 4
    assert lines[0].startswith("validate (20 hasbro-2001 self-play games")
    assert re.search(r": \d+\.\d+x and \d+\.\d+x$", lines[0])
    assert all(re.search(r": \d+\.\d+x$", l) for l in lines[1:])
    assert "legal_plays + apply (ludo" in lines[2] and "Python random bots" in lines[3]
