"""ppn.cluster on a real Dask cluster: a `dask scheduler` and two `dask worker` processes on
loopback (Debian's python3-distributed). Its output is the CLI's `-j 1` output whatever the
number of workers; a worker killed in the middle of a run loses nothing; a scheduler that goes
away ends the run with the command that resumes it; an import from many workers stores each
game once."""
import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

distributed = pytest.importorskip("distributed", reason="python3-distributed (make test installs it) is missing")

from conftest import run_ppn  # noqa: E402

SOURCE = os.environ.get("PPN_SOURCE_DIR", os.getcwd())
SAMPLES = sorted(glob.glob(os.path.join(SOURCE, "samples", "*.ppn")))
MALFORMED = sorted(glob.glob(os.path.join(SOURCE, "tests", "malformed", "*.ppn")))[:6]
PYTHON = sys.executable


def dask_command(*args):
    return [PYTHON, "-m", "distributed.cli.dask_" + args[0], *args[1:]]


def start_scheduler(where):
    """A scheduler on a free loopback port: (process, address)."""
    info = os.path.join(where, "scheduler.json")
    if os.path.exists(info):
        os.remove(info)
    proc = subprocess.Popen(dask_command("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                         "--scheduler-file", info),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(1200):
        # The scheduler writes the file in steps: it is read once it parses.
        try:
            with open(info) as f:
                return proc, json.load(f)["address"]
        except (FileNotFoundError, json.JSONDecodeError, KeyError):
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError("dask scheduler did not start")


def start_worker(address, name, where):
    # No nanny: killing the process removes the worker, as a machine that goes away would.
    return subprocess.Popen(dask_command("worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard",
                                         "--name", name, "--local-directory", os.path.join(where, name)),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=dict(os.environ))


def wait_for_workers(address, n):
    with distributed.Client(address, timeout="30s") as c:
        c.wait_for_workers(n, timeout=60)


def stop(*procs):
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    where = str(tmp_path_factory.mktemp("dask"))
    sched, address = start_scheduler(where)
    workers = []
    try:
        workers = [start_worker(address, f"w{i}", where) for i in range(2)]
        wait_for_workers(address, 2)
        yield {"address": address, "workers": workers, "scheduler": sched}
    finally:
        stop(*workers, sched)


def cluster_run(*args):
    return subprocess.run([PYTHON, "-m", "ppn.cluster", *args], capture_output=True, text=True, timeout=600)


def test_validate_prints_what_the_cli_prints(cluster, tmp_path):
    files = SAMPLES + MALFORMED + [str(tmp_path / "missing.ppn")]
    for fmt in ("text", "json"):
        cli = run_ppn("validate", "-j", "1", "--format", fmt, *files)
        got = cluster_run("validate", "--format", fmt, "--scheduler", cluster["address"], *files)
        assert (got.returncode, got.stdout, got.stderr) == (cli.returncode, cli.stdout, cli.stderr), fmt
    assert cli.returncode == 2 and '"type":"summary"' in cli.stdout  # the inputs hold errors of every kind
    # --on-error stop: nothing after the stop is reported, as in the CLI.
    cli = run_ppn("validate", "--variant", "k14", "--on-error", "stop", *SAMPLES)
    got = cluster_run("validate", "--variant", "k14", "--on-error", "stop", "--scheduler", cluster["address"], *SAMPLES)
    assert (got.returncode, got.stdout, got.stderr) == (cli.returncode, cli.stdout, cli.stderr) and cli.returncode == 1


def test_analyze_prints_and_marks_what_the_cli_does(cluster, tmp_path):
    """Games numbered across the files as the CLI numbers them, the players' totals summed in
    its order (the same figures to the last digit of the JSON), the marked games of -o; and a
    run with an unreadable input leaves -o unwritten, as the CLI does."""
    files = SAMPLES[:6] + [str(tmp_path / "missing.ppn")] + SAMPLES[6:9]
    for fmt, level in (("text", "1"), ("json", "0")):
        mine, theirs = tmp_path / f"cluster-{fmt}.ppn", tmp_path / f"cli-{fmt}.ppn"
        cli = run_ppn("analyze", "-j", "1", "--format", fmt, "--level", level, *SAMPLES[:9], "-o", theirs)
        got = cluster_run("analyze", "--format", fmt, "--level", level, "--scheduler", cluster["address"],
                          *SAMPLES[:9], "-o", str(mine))
        assert (got.returncode, got.stdout, got.stderr) == (cli.returncode, cli.stdout, cli.stderr), fmt
        assert mine.read_bytes() == theirs.read_bytes() and b"?" in mine.read_bytes()
        cli = run_ppn("analyze", "-j", "1", "--format", fmt, "--level", level, *files, "-o", theirs)
        got = cluster_run("analyze", "--format", fmt, "--level", level, "--scheduler", cluster["address"], *files,
                          "-o", str(mine))
        assert (got.returncode, got.stdout) == (cli.returncode, cli.stdout) == (2, cli.stdout)
        assert got.stderr.replace(str(mine), "OUT") == cli.stderr.replace(str(theirs), "OUT")


def test_analyze_cuts_a_large_file_into_shards_as_one_process_reads_it(cluster, tmp_path):
    """--shard-games: one file in parts of 5 games (its syntax errors in the part they fall
    in), the report and the marked games the CLI's."""
    big = tmp_path / "big.ppn"
    run_ppn("selfplay", "--games", "13", "--seed", "8", "-o", big, check=True)
    clean = big.read_bytes()
    malformed = os.path.join(SOURCE, "tests", "malformed", "absurd_numbers.ppn")
    for name, data in (("clean", clean), ("broken", clean + open(malformed, "rb").read() + clean)):
        big.write_bytes(data)
        mine, theirs = tmp_path / f"c-{name}.ppn", tmp_path / f"l-{name}.ppn"
        cli = run_ppn("analyze", "-j", "1", "--level", "0", SAMPLES[0], big, "-o", theirs)
        got = cluster_run("analyze", "--level", "0", "--shard-games", "5", "--scheduler", cluster["address"],
                          SAMPLES[0], str(big), "-o", str(mine))
        assert (got.returncode, got.stdout) == (cli.returncode, cli.stdout), name
        assert got.stderr.replace(str(mine), "OUT") == cli.stderr.replace(str(theirs), "OUT"), name
        if name == "clean":
            assert mine.read_bytes() == theirs.read_bytes()

def test_validate_on_a_local_cluster_of_one_and_of_three(tmp_path):
    from io import StringIO

    import ppn.cluster

    cli = run_ppn("validate", "-j", "1", *SAMPLES, *MALFORMED)
    for workers in (1, 3):
        out, err = StringIO(), StringIO()
        code = ppn.cluster.validate(SAMPLES + MALFORMED, workers=workers, out=out, err=err)
        assert (code, out.getvalue(), err.getvalue()) == (cli.returncode, cli.stdout, cli.stderr), workers


def test_selfplay_writes_the_cli_s_games(cluster, tmp_path):
    out = tmp_path / "cluster.ppn"
    got = cluster_run("selfplay", "--games", "60", "--seed", "3", "--shard-games", "7", "-o", str(out),
                      "--scheduler", cluster["address"])
    assert got.returncode == 0, got.stderr
    cli = tmp_path / "cli.ppn"
    run_ppn("selfplay", "--games", "60", "--seed", "3", "-o", str(cli), check=True)
    assert out.read_bytes() == cli.read_bytes()
    assert not os.path.exists(str(out) + ".parts")


def test_import_from_two_workers_stores_each_game_once(cluster, tmp_path):
    # The samples twice over (each file twice, in other shards): every game stored once.
    files = SAMPLES + list(reversed(SAMPLES))
    db = str(tmp_path / "cluster.sqlite")
    got = cluster_run("import", "--db", db, "--scheduler", cluster["address"], *files)
    assert got.returncode == 0, got.stderr
    ref = str(tmp_path / "cli.sqlite")
    run_ppn("import", "-q", "--db", ref, *SAMPLES, check=True)
    same = "SELECT checksum FROM games ORDER BY checksum"
    assert run_ppn("query", "--db", db, "--sql", same).stdout == run_ppn("query", "--db", ref, "--sql", same).stdout
    assert run_ppn("query", "--db", db, "summary").stdout.split("\n")[2].split()[:6] == \
        run_ppn("query", "--db", ref, "summary").stdout.split("\n")[2].split()[:6]
    assert "import: 32 files, 34 games: 17 new (0 illegal), 17 duplicates" in got.stdout, got.stdout


def test_import_into_postgresql_from_two_workers(cluster, tmp_path):
    if not os.environ.get("PPN_TEST_PG"):
        pytest.skip("no PostgreSQL test server (PPN_TEST_PG): make test starts one")
    env = dict(os.environ, PGHOST=os.environ["PPN_TEST_PG"], PGPORT="5432", PGUSER="ppn_test")
    name = f"cluster_{os.getpid()}"
    for sql in (f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}"):
        subprocess.run(["psql", "-q", "-d", "postgres", "-c", sql], check=True, env=env)
    try:
        files = SAMPLES + list(reversed(SAMPLES))
        # The workers' environment is their own: the connection string names the server whole.
        target = f"postgresql:///{name}?host={env['PGHOST']}&port=5432&user=ppn_test"
        got = subprocess.run([PYTHON, "-m", "ppn.cluster", "import", "--db", target, "--scheduler",
                              cluster["address"], *files], capture_output=True, text=True, timeout=600, env=env)
        assert got.returncode == 0, got.stderr
        count = subprocess.run(["psql", "-tA", "-d", name, "-c", "SELECT count(*), count(DISTINCT checksum) FROM games"],
                               capture_output=True, text=True, check=True, env=env).stdout.strip()
        games = json.loads(run_ppn("validate", "--format", "json", *SAMPLES).stdout.splitlines()[-1])["games"]
        assert count == f"{games}|{games}"
    finally:
        subprocess.run(["psql", "-q", "-d", "postgres", "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], env=env)


def test_bytes_that_are_not_utf8_pass_through_as_the_cli_writes_them(cluster, tmp_path):
    """A file name and a syntax error's excerpt in Latin-1: the same bytes as `ppn validate`."""
    name = os.fsdecode(os.path.join(os.fsencode(str(tmp_path)), b"caf\xe9.ppn"))
    with open(name, "wb") as f:
        f.write(open(SAMPLES[0], "rb").read() + b'\n[Event "Caf\xe9 night"]\n\n1. G 5-3: N/0 0/3 \xe9\xe9\n')
    cli = subprocess.run([os.environ.get("PPN_BINARY", "ppn"), "validate", "-j", "1", name], capture_output=True)
    got = subprocess.run([PYTHON, "-m", "ppn.cluster", "validate", "--scheduler", cluster["address"], name],
                         capture_output=True, timeout=600)
    assert b"\xe9" in cli.stdout + cli.stderr
    assert (got.returncode, got.stdout, got.stderr) == (cli.returncode, cli.stdout, cli.stderr)

def test_a_worker_killed_in_the_middle_loses_nothing(cluster, tmp_path):
    """Last in this module: it leaves the cluster one worker short."""
    out = tmp_path / "killed.ppn"
    args = ["selfplay", "--games", "16", "--seed", "9", "--bots", "net1,net1,net1,net1", "--shard-games", "2",
            "-o", str(out), "--scheduler", cluster["address"]]
    run = subprocess.Popen([PYTHON, "-m", "ppn.cluster", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    parts = str(out) + ".parts"
    deadline = time.time() + 120
    while len(glob.glob(os.path.join(parts, "0*.ppn"))) < 2 and time.time() < deadline and run.poll() is None:
        time.sleep(0.05)
    assert run.poll() is None, "the run ended before a worker could be killed in it"
    victim = cluster["workers"][0]
    with distributed.Client(cluster["address"], timeout="30s") as c:
        busy = [w for w, tasks in c.processing().items() if tasks]
    assert busy, "no shard was running"
    victim.send_signal(signal.SIGKILL)  # in the middle of its next shard
    victim.wait()
    stdout, stderr = run.communicate(timeout=600)
    assert run.returncode == 0, stderr
    cli = tmp_path / "cli.ppn"
    run_ppn("selfplay", "--games", "16", "--seed", "9", "--bots", "net1,net1,net1,net1", "-o", str(cli), check=True)
    assert out.read_bytes() == cli.read_bytes()


def test_a_lost_scheduler_ends_the_run_with_the_command_that_resumes_it(tmp_path):
    where = str(tmp_path)
    sched, address = start_scheduler(where)
    worker = start_worker(address, "lonely", where)
    out = tmp_path / "resumed.ppn"
    args = ["selfplay", "--games", "12", "--seed", "4", "--bots", "net1,net1,net1,net1", "--shard-games", "1",
            "-o", str(out)]
    try:
        wait_for_workers(address, 1)
        run = subprocess.Popen([PYTHON, "-m", "ppn.cluster", *args, "--scheduler", address],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        parts = str(out) + ".parts"
        deadline = time.time() + 120
        while len(glob.glob(os.path.join(parts, "0*.ppn"))) < 2 and time.time() < deadline and run.poll() is None:
            time.sleep(0.05)
        stop(worker, sched)
        _, stderr = run.communicate(timeout=300)
        assert run.returncode == 3, stderr
        assert "the scheduler went away" in stderr and "to resume" in stderr
        resume = stderr.strip().splitlines()[-1].strip()
        kept = len(glob.glob(os.path.join(parts, "0*.ppn")))
        assert 2 <= kept < 12 and not out.exists()
        # A new scheduler (another address): the same command, pointed at it, finishes the run.
        sched, address2 = start_scheduler(where)
        worker = start_worker(address2, "second", where)
        wait_for_workers(address2, 1)
        again = subprocess.run(resume.replace(address, address2), shell=True, capture_output=True, text=True, timeout=600)
        assert again.returncode == 0, again.stderr
    finally:
        stop(worker, sched)
    cli = tmp_path / "cli.ppn"
    run_ppn("selfplay", "--games", "12", "--seed", "4", "--bots", "net1,net1,net1,net1", "-o", str(cli), check=True)
    assert out.read_bytes() == cli.read_bytes()


def free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_the_recipe_of_docs_scaling_runs_as_written(tmp_path):
    """docs/SCALING.md's recipe, on one machine: SCHEDULER is this machine, /shared a temporary
    directory, the scheduler's port a free one, python3 this interpreter."""
    doc = open(os.path.join(SOURCE, "docs", "SCALING.md"), encoding="utf-8").read()
    block = doc.split("A researcher's recipe", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    port = str(free_port())
    script = (block.replace("SCHEDULER", "127.0.0.1").replace("8786", port).replace("/shared", str(tmp_path))
              .replace("python3 -m", f"{shutil.which(PYTHON) or PYTHON} -m"))
    if shutil.which("dask") is None:
        pytest.skip("the dask command (python3-distributed) is missing")
    # The recipe's background jobs end with the script.
    wrapped = "set -e\ntrap 'kill $(jobs -p) 2>/dev/null' EXIT\n" + script
    r = subprocess.run(["bash", "-c", wrapped], capture_output=True, text=True, timeout=600, cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr[-3000:]
    assert "validate: 1 file, 2000 games" in r.stdout
    assert "import: 1 file, 2000 games: 2000 new" in r.stdout
    cli = tmp_path / "cli.ppn"
    run_ppn("selfplay", "--games", "2000", "--seed", "1", "-o", str(cli), check=True)
    assert (tmp_path / "games.ppn").read_bytes() == cli.read_bytes()
