"""ppn.Database: import, the reports and read-only SQL of `ppn query`, to_pandas."""
import csv
import io
import os
import subprocess
import sys

import pytest

import ppn
from conftest import SAMPLES, run_ppn

SAMPLE_FILES = sorted(SAMPLES.glob("*.ppn"))


def backends():
    """SQLite always; PostgreSQL when make test's throwaway server runs (PPN_TEST_PG: its socket
    directory, tests/CMakeLists.txt)."""
    return ["sqlite"] + (["postgresql"] if os.environ.get("PPN_TEST_PG") else [])


def fresh_target(backend, tmp_path_factory):
    if backend == "sqlite":
        return str(tmp_path_factory.mktemp("db") / "games.sqlite")
    os.environ.update(PGHOST=os.environ["PPN_TEST_PG"], PGPORT="5432", PGUSER="ppn_test")
    name = f"py_{os.getpid()}"
    for sql in (f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}"):
        subprocess.run(["psql", "-q", "-d", "postgres", "-c", sql], check=True)
    return f"postgresql:///{name}"


@pytest.fixture(scope="module", params=backends())
def db(request, tmp_path_factory):
    path = fresh_target(request.param, tmp_path_factory)
    d = ppn.Database(path)
    counts = d.import_files(SAMPLE_FILES)
    assert counts["files"] == len(SAMPLE_FILES) and counts["new"] > 0 and counts["syntax_errors"] == 0
    assert counts["new_ids"] == list(range(1, counts["new"] + 1))
    return d


def cli_csv(db, *args):
    out = run_ppn("query", "--db", db.path, *args, "--format", "csv", check=True).stdout
    return list(csv.reader(io.StringIO(out)))



@pytest.mark.parametrize("report", ["summary", "players", "captures", "doublets", "length", "illegal", "dice"])
def test_reports_are_the_clis(db, report):
    rows = db.report(report)
    cli = cli_csv(db, report)
    assert rows.columns == cli[0]
    assert len(rows) == len(cli) - 1
    for mine, theirs in zip(rows.rows, cli[1:]):
        for v, t in zip(mine, theirs):
            if isinstance(v, float):
                assert abs(v - float(t)) < 1e-6 * max(1, abs(v))
            else:
                assert ("" if v is None else str(v)) == t


def test_reimport_adds_nothing(db):
    again = db.import_files([str(p) for p in SAMPLE_FILES[:3]])
    assert again["new"] == 0 and again["duplicates"] == again["games"] > 0


def test_sql_is_read_only(db):
    rows = db.sql("SELECT id, source_file FROM games ORDER BY id LIMIT 3")
    assert rows.columns == ["id", "source_file"] and [r[0] for r in rows] == [1, 2, 3]
    assert os.path.isabs(rows.rows[0][1])
    with pytest.raises(ppn.DatabaseError):
        db.sql("DELETE FROM games")
    assert db.sql("SELECT count(*) FROM games").rows[0][0] > 0
    assert "summary" in ppn.Database.reports()
    with pytest.raises(ppn.DatabaseError):
        db.report("no-such-report")


def test_missing_database(tmp_path):
    with pytest.raises(ppn.DatabaseError) as e:
        ppn.Database(tmp_path / "none.sqlite").report("summary")
    cli = run_ppn("query", "--db", tmp_path / "none.sqlite", "summary")
    assert e.value.message in cli.stderr


def test_import_reports_unreadable_files(tmp_path):
    d = ppn.Database(tmp_path / "x.sqlite")
    bad = tmp_path / "bad.ppn"
    bad.write_text('[Event "x"]\n\n1. G 9-9: N/0\n')
    counts = d.import_files([bad, tmp_path / "missing.ppn", SAMPLE_FILES[0]])
    assert counts["io_errors"] == 1 and counts["syntax_errors"] == 1 and counts["new"] > 0
    assert sorted(e.code for e in counts["errors"]) == ["E-IO", "E-SYNTAX"]


def test_to_pandas(db):
    pandas = pytest.importorskip("pandas")
    frame = db.report("players").to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame.columns) == db.report("players").columns
    assert len(frame) == len(db.report("players"))


def test_to_pandas_without_pandas(db):
    # pandas hidden from the interpreter: a clear ImportError naming the package to install
    code = (
        "import sys; sys.modules['pandas'] = None\n"
        "import ppn\n"
        f"rows = ppn.Database({db.path!r}).report('summary')\n"
        "try:\n    rows.to_pandas()\nexcept ImportError as e:\n    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "needs pandas" in out and "python3-pandas" in out
