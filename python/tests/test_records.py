"""ppn.read_games, ppn.parse, canonical printing and ParseError, against the CLI."""
import gzip
import io
import re
import shutil
import subprocess

import pytest

import ppn
from conftest import LUDO, PARCHEESI, SAMPLES, run_ppn


def validate_counts(path):
    out = run_ppn("validate", "--syntax-only", path).stdout
    m = re.search(r"(\d+) games?, (\d+) rolls?", out)
    return int(m.group(1)), int(m.group(2))


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.ppn")), ids=lambda p: p.name)
def test_read_games_reads_what_the_cli_reads(path):
    games = list(ppn.read_games(path))
    assert (len(games), sum(len(g.rolls) for g in games)) == validate_counts(path)


@pytest.mark.parametrize("path", [PARCHEESI, LUDO], ids=["parcheesi", "ludo"])
def test_canonical_text_is_ppn_fmt(path):
    games = list(ppn.read_games(str(path)))
    fmt = run_ppn("fmt", path, check=True).stdout
    assert "".join(str(g) + ("\n" if i + 1 < len(games) else "") for i, g in enumerate(games)) == fmt
    # printing is idempotent: the canonical text parses back to the same games
    assert ppn.parse(fmt) == games


def test_tags_rolls_and_comments():
    game = next(iter(ppn.read_games(PARCHEESI)))
    assert game.tags["Event"] == "Family night"
    assert game.tags["Seats"] == "green yellow blue red"
    first = game.rolls[0]
    assert (first.number, first.seat) == (1, "green")
    assert len(first.dice) == 2 and all(1 <= d <= 6 for d in first.dice)
    assert str(first).startswith("1. G ")
    assert any(r.comments for r in game.rolls)
    ludo = next(iter(ppn.read_games(LUDO)))
    assert ludo.tags["Game"] == "ludo" and len(ludo.rolls[0].dice) == 1


def test_compressed_and_file_objects(tmp_path):
    expected = list(ppn.read_games(PARCHEESI))
    gz = tmp_path / "games.ppn.gz"
    gz.write_bytes(gzip.compress(PARCHEESI.read_bytes()))
    assert list(ppn.read_games(gz)) == expected
    zst = tmp_path / "games.bin"  # the compression is told by content, not by name
    subprocess.run(["zstd", "-q", "-o", str(zst), str(PARCHEESI)], check=True)
    assert list(ppn.read_games(str(zst))) == expected
    with open(gz, "rb") as f:
        assert list(ppn.read_games(f)) == expected
    assert list(ppn.read_games(io.StringIO(PARCHEESI.read_text()))) == expected


def test_file_objects_without_a_descriptor_are_decompressed_by_content():
    # io.BytesIO holding gzip or zstd bytes (a download, an archive member) reads like the file
    expected = list(ppn.read_games(PARCHEESI))
    plain = PARCHEESI.read_bytes()
    zst = subprocess.run(["zstd", "-q", "-c"], input=plain, stdout=subprocess.PIPE, check=True).stdout
    for data in (plain, gzip.compress(plain), gzip.compress(plain[:5000]) + gzip.compress(plain[5000:]), zst):
        assert list(ppn.read_games(io.BytesIO(data))) == expected
    # a truncated gzip stream is the CLI's error, not a quietly shorter file
    with pytest.raises(ppn.ParseError) as e:
        list(ppn.read_games(io.BytesIO(gzip.compress(plain)[:-100])))
    assert "truncated gzip data" in str(e.value)


def test_a_file_objects_read_error_is_raised():
    class Flaky(io.RawIOBase):
        def __init__(self):
            self.calls = 0

        def read(self, n=-1):
            self.calls += 1
            if self.calls > 1:
                raise OSError("connection reset")
            return PARCHEESI.read_bytes()[:3000]

    with pytest.raises(OSError, match="connection reset"):
        list(ppn.read_games(Flaky()))
    with pytest.raises(TypeError):
        ppn.read_games(42)

    class Wrong(io.RawIOBase):
        def read(self, n=-1):
            return 12

    with pytest.raises(TypeError, match="returned int, not bytes or str"):
        list(ppn.read_games(Wrong()))


def test_wrapped_and_piped_file_objects_are_read_through_read(tmp_path):
    # a compressed-file object's fileno() is the compressed file's: its read() gives the text
    import bz2
    import lzma

    expected = list(ppn.read_games(PARCHEESI))
    for name, opener in (("games.bz2", bz2.open), ("games.xz", lzma.open), ("games.gz", gzip.open)):
        p = tmp_path / name
        with opener(p, "wb") as f:
            f.write(PARCHEESI.read_bytes())
        with opener(p, "rb") as f:
            assert list(ppn.read_games(f)) == expected, name
    # a pipe whose first line Python has already buffered loses nothing
    proc = subprocess.Popen(["sh", "-c", 'echo "# a header line"; cat "$0"', str(PARCHEESI)], stdout=subprocess.PIPE)
    assert proc.stdout.readline() == b"# a header line\n"
    assert list(ppn.read_games(proc.stdout)) == expected
    proc.wait()
    with open(PARCHEESI, "rb") as f:  # a file on disk: read from its beginning, by descriptor
        f.readline()
        assert list(ppn.read_games(f)) == expected
    with open(PARCHEESI, "r") as f:
        assert list(ppn.read_games(f)) == expected


def test_reading_is_lazy(tmp_path):
    # a syntax error late in a file is met only when the iteration reaches it
    text = PARCHEESI.read_text()
    p = tmp_path / "late-error.ppn"
    p.write_text(text + "\n[Event \"broken\"]\n\n1. G 9-3: N/0\n")
    it = ppn.read_games(p)
    first = next(it)
    assert first.tags["Event"] == "Family night"
    with pytest.raises(ppn.ParseError):
        list(it)


def test_parse_error_is_the_clis(tmp_path):
    p = tmp_path / "bad.ppn"
    p.write_text('[Event "x"]\n[Game "parcheesi"]\n\n1. G 9-3: N/0\n')
    with pytest.raises(ppn.ParseError) as e:
        list(ppn.read_games(p))
    cli = run_ppn("validate", p)
    assert cli.returncode == 2
    assert str(e.value) + "\n" == cli.stderr
    assert e.value.code == "E-SYNTAX"
    assert (e.value.file, e.value.line, e.value.column) == (str(p), 4, 6)
    assert e.value.message.startswith("expected the dice")
    assert str(e.value).splitlines()[0] == str(e.value.diagnostic)


def test_errors_skip_collects_them(tmp_path):
    p = tmp_path / "mixed.ppn"
    p.write_text(PARCHEESI.read_text() + '\n[Event "bad"]\n\n1. G 7-1: N/0\n')
    reader = ppn.read_games(p, errors="skip")
    games = list(reader)
    assert len(games) == validate_counts(PARCHEESI)[0]
    assert [d.code for d in reader.errors] == ["E-SYNTAX"]


def test_missing_file_is_the_clis_error(tmp_path):
    missing = tmp_path / "nope.ppn"
    with pytest.raises(ppn.ParseError) as e:
        ppn.read_games(missing)
    assert e.value.code == "E-IO"
    assert str(e.value) + "\n" == run_ppn("validate", missing).stderr


def test_parse_text():
    games = ppn.parse(PARCHEESI.read_text())
    assert len(games) == validate_counts(PARCHEESI)[0]
    with pytest.raises(ppn.ParseError) as e:
        ppn.parse("1. G 5-3: 0/99x9\n", filename="typed")
    assert e.value.file == "typed" and e.value.line == 1
    with pytest.raises(ValueError):
        ppn.read_games(PARCHEESI, errors="ignore")
