"""ppn's heavy work on a Dask cluster (docs/SCALING.md "A Dask cluster").

From the shell::

    python3 -m ppn.cluster validate games/*.ppn [--format json]
    python3 -m ppn.cluster analyze games/*.ppn [--level 0|1] [-o marked.ppn]
    python3 -m ppn.cluster selfplay --games 100000 --seed 7 -o games.ppn
    python3 -m ppn.cluster import --db postgresql:///games games/*.ppn
    ... --scheduler tcp://HOST:8786     # a running Dask scheduler; else --workers N local processes

or as functions: :func:`validate`, :func:`analyze`, :func:`selfplay`, :func:`import_files`.

Each shard is one task: a file (validate, import) or a range of self-play games. A worker reads
the shared path, or plays its games, and sends back text and counts, never game objects; the
driver prints them in input order, so the output is `ppn validate -j 1`'s and the games
`ppn selfplay` writes, whatever the number of workers. A worker that dies in the middle of a
shard is replaced by the scheduler and the shard runs again (a shard only reads, or stores in
its own transactions behind the database's duplicate check). A scheduler that goes away ends the
run with the command that resumes it: self-play keeps the shards done in OUTPUT.parts/.
"""
import argparse
import contextlib
import json
import logging
import os
import shlex
import shutil
import sys
import warnings
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence

from . import _ppn

__all__ = ["SchedulerLost", "analyze", "import_files", "selfplay", "validate"]


class SchedulerLost(RuntimeError):
    """The scheduler went away during a run; `resume` is the command that finishes it."""

    def __init__(self, message: str, resume: str):
        super().__init__(message)
        self.resume = resume


# ---------------------------------------------------------------- the tasks (run on workers)

# Paths reach the library as the bytes the file system holds (a name that is not UTF-8 too).

def _validate_shard(path: str, settings: Dict[str, Any]):
    return _ppn._validate_file(os.fsencode(path), settings["variant"], settings["options"], settings["on_error"],
                               settings["order"], settings["alternatives"], settings["syntax_only"], settings["json"])


def _selfplay_shard(settings: Dict[str, Any], first: int, count: int) -> bytes:
    return _ppn._selfplay_text(settings["variant"], settings["options"], settings["players"], settings["seed"],
                               settings["bots"], first, count)


def _count_games(path: str) -> int:
    """The games of a file as `ppn analyze` numbers them (parsed; a game with a syntax error
    is not counted)."""
    return _ppn._validate_file(os.fsencode(path), None, [], "keep-prefix", "strict", 0, True, True)[2]["games"]


def _analyze_shard(path: str, first: int, settings: Dict[str, Any], skip: int = 0, take: Optional[int] = None):
    return _ppn._analyze_file(os.fsencode(path), first, settings["variant"], settings["options"], settings["on_error"],
                              settings["level"], settings["json"], settings["annotate"], skip, take)


def _import_shard(db: str, path: str, variant: Optional[str], options, on_error: str) -> Dict[str, Any]:
    got = _ppn._db_import(db, [os.fsencode(path)], variant, options, on_error)
    got["errors"] = [str(e) for e in got["errors"]]
    return got


# ---------------------------------------------------------------- the driver

def _write(stream, data: bytes) -> None:
    """Bytes as the CLI writes them: to the stream's binary buffer when it has one (a file, the
    terminal), else decoded (a StringIO of a test)."""
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        stream.flush()
        buffer.write(data)
        buffer.flush()
    else:
        stream.write(data.decode("utf-8", "replace"))


def _refuse_stdin(paths: Sequence[str]) -> None:
    if "-" in paths:
        raise ValueError("standard input (-) cannot be a shard: give files on a path the workers see")


def _package_path() -> str:
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@contextlib.contextmanager
def _client(scheduler: Any, workers: Optional[int], dashboard: bool = False) -> Iterator[Any]:
    """A Dask client of the scheduler (an address, or a Client already connected, which stays
    open), or of a local cluster of `workers` processes (one thread each) that import this ppn."""
    from distributed import Client, LocalCluster

    # The driver's standard error is the command's own (the CLI's lines): Dask's notes about
    # itself (an event loop slow on a busy machine, ...) are not written there; its errors are.
    # Dask's configuration gives some of its loggers levels of their own: each is set.
    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name == "distributed" or name.startswith("distributed."):
            logging.getLogger(name).setLevel(logging.ERROR)
    if isinstance(scheduler, Client):
        yield scheduler
        return
    if scheduler:
        try:
            client = Client(scheduler, timeout="30s")
        except (OSError, TimeoutError) as e:
            raise ValueError(f"cannot reach the scheduler at {scheduler} ({type(e).__name__}: {e})") from e
        try:
            if dashboard:
                print(f"ppn.cluster: dashboard {client.dashboard_link}", file=sys.stderr)
            yield client
        finally:
            with contextlib.suppress(Exception):
                client.close(timeout=5)
        return
    # The worker processes find this very ppn package.
    path = os.environ.get("PYTHONPATH", "")
    if _package_path() not in path.split(os.pathsep):
        os.environ["PYTHONPATH"] = _package_path() + (os.pathsep + path if path else "")
    with warnings.catch_warnings():
        # Another cluster on this machine holds Dask's usual port: this one takes another, as said.
        warnings.filterwarnings("ignore", message="Port .* is already in use")
        cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                               dashboard_address=":0" if dashboard else None, silence_logs=40)
    client = Client(cluster)
    try:
        if dashboard:
            print(f"ppn.cluster: dashboard {client.dashboard_link}", file=sys.stderr)
        yield client
    finally:
        client.close()
        cluster.close()


def _lost(exc: BaseException, client: Any) -> bool:
    """Whether `exc` says the scheduler went away (not that a task or the driver's own work
    failed): the connection closed, or the client no longer running."""
    from distributed.comm.core import CommClosedError

    return isinstance(exc, CommClosedError) or getattr(client, "status", "running") != "running"


@contextlib.contextmanager
def _watching_the_scheduler(argv: Optional[Sequence[str]], done: Callable[[], str], client: Any) -> Iterator[None]:
    """Turns the scheduler's loss inside the block into SchedulerLost, saying what was done."""
    try:
        yield
    except Exception as e:  # noqa: BLE001 - only the scheduler's own failures are turned
        if not _lost(e, client):
            raise
        raise SchedulerLost(f"the scheduler went away after {done()} ({type(e).__name__}: {e})",
                            _resume_command(argv)) from e


def _resume_command(argv: Optional[Sequence[str]]) -> str:
    """The shell command that runs the same work again, from the directory it ran in ("" when
    called as a function: the same call resumes it)."""
    if argv is None:
        return ""
    return "cd " + shlex.quote(os.getcwd()) + " && " + " ".join(
        shlex.quote(a) for a in [sys.executable, "-m", "ppn.cluster", *argv])


def validate(files: Sequence[str], *, variant: Optional[str] = None, options=None, on_error: str = "keep-prefix",
             order: str = "strict", alternatives: int = 3, syntax_only: bool = False, format: str = "text",
             scheduler: Optional[str] = None, workers: Optional[int] = None, dashboard: bool = False, out=None,
             err=None, argv: Optional[Sequence[str]] = None) -> int:
    """Validates `files`, one shard each, and writes `ppn validate -j 1`'s report to `out` and
    `err` (standard output and error): the same lines in the same order. Returns its exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    if format not in ("text", "json"):
        raise ValueError("format is text or json")
    opts = list(options or [])
    _ppn._validate_settings(variant, opts, on_error, order, alternatives)
    _refuse_stdin([os.fspath(f) for f in files])
    settings = dict(variant=variant, options=opts, on_error=on_error, order=order, alternatives=alternatives,
                    syntax_only=syntax_only, json=format == "json")
    total: Dict[str, int] = {}
    with _client(scheduler, workers, dashboard) as client:
        futures = [client.submit(_validate_shard, os.fspath(f), settings, pure=False) for f in files]
        stopped = False
        done = 0
        with _watching_the_scheduler(argv, lambda: f"{done} of {len(futures)} files", client):
            for fut in futures:
                if stopped:  # --on-error stop: what comes after the stop is not reported
                    fut.cancel()
                    continue
                text, errors, counts, stop = fut.result()
                _write(out, text)
                _write(err, errors)
                for k, v in counts.items():
                    total[k] = total.get(k, 0) + v
                stopped = stop
                done += 1
    summary, code = _ppn._validate_summary(total, syntax_only, format == "json")
    _write(out, summary)
    out.flush()
    return code


def analyze(files: Sequence[str], *, level: str = "1", variant: Optional[str] = None, options=None,
            on_error: str = "keep-prefix", format: str = "text", output: Optional[str] = None,
            shard_games: Optional[int] = None, scheduler: Optional[str] = None, workers: Optional[int] = None,
            dashboard: bool = False, out=None, err=None, argv: Optional[Sequence[str]] = None) -> int:
    """Analyses `files`, one shard each, at `level` ("0", "1"; rollouts are the CLI's), and
    writes `ppn analyze`'s report to `out` and `err`: each game's lines, numbered as the CLI
    numbers them (a first pass counts each file's games), and every player's totals, summed game
    by game in the CLI's order; `output` receives the games annotated with their marks (as
    `ppn analyze -o`), whole or not at all. A shard is a file, or with `shard_games` that many
    games of a file (a large file is cut into parts). Returns the exit code."""
    out = out or sys.stdout
    err = err or sys.stderr
    if format not in ("text", "json"):
        raise ValueError("format is text or json")
    if level not in ("0", "1"):
        raise ValueError("level is 0 or 1 on the cluster (rollouts: ppn analyze --level rollout)")
    if on_error == "stop":
        raise ValueError("on_error is keep-prefix, skip or as-played (analyze has no stop)")
    _ppn._validate_settings(variant, list(options or []), on_error, "strict", 0)
    if output == "-":
        raise ValueError("-o -: give a file (the report is on standard output)")
    if shard_games is not None and shard_games < 1:
        raise ValueError("shard_games: 1 or more")
    settings = dict(variant=variant, options=list(options or []), on_error=on_error, level=level,
                    json=format == "json", annotate=output is not None)
    paths = [os.fspath(f) for f in files]
    _refuse_stdin(paths)
    sums = _ppn._PlayerSums()
    marked = None if output is None else open(output + ".cluster-tmp", "wb")
    try:
        with _client(scheduler, workers, dashboard) as client:
            done = 0
            with _watching_the_scheduler(argv, lambda: f"{done} shards", client):
                counts = client.gather([client.submit(_count_games, p, pure=False) for p in paths])
                firsts = [1 + sum(counts[:k]) for k in range(len(paths))]
                # The shards: each file whole, or cut into parts of shard_games games (the last
                # part runs to the file's end, taking any syntax error after its last game).
                parts = []
                for p, first, n in zip(paths, firsts, counts):
                    step = shard_games if shard_games and n > shard_games else None
                    starts = list(range(0, n, step)) if step else [0]
                    for k, skip in enumerate(starts):
                        parts.append((p, first, skip, step if step and k + 1 < len(starts) else None))
                futures = [client.submit(_analyze_shard, p, first, settings, skip, take, pure=False)
                           for p, first, skip, take in parts]
                games = analysed = code = 0
                for fut in futures:
                    text, errors, g, a, c, seats, annotated = fut.result()
                    _write(out, text)
                    _write(err, errors)
                    games, analysed, code = games + g, analysed + a, max(code, c)
                    sums.add_games(seats)  # in game order: the CLI's sums, bit for bit
                    if marked is not None:
                        marked.write(annotated)
                    done += 1
        _write(out, sums.report(level, format == "json", games, analysed))
        if marked is not None:
            marked.close()
            err.flush()  # the -o file's messages come from the library, on the process's standard error
            code = max(code, _ppn._write_output("analyze", os.fsencode(output), [os.fsencode(p) for p in paths],
                                                 os.fsencode(marked.name), code))
        return code
    finally:
        if marked is not None:
            marked.close()
            with contextlib.suppress(FileNotFoundError):
                os.remove(marked.name)


def selfplay(output: str, games: int, *, seed: int = 1, variant: str = "hasbro-2001", players: int = 4,
             bots: Sequence[str] = (), options=None, shard_games: int = 500, scheduler: Optional[str] = None,
             workers: Optional[int] = None, dashboard: bool = False, argv: Optional[Sequence[str]] = None) -> int:
    """Writes `games` self-play games to `output`, the bytes `ppn selfplay` writes for the same
    settings, in shards of `shard_games` games. Shards done are kept in OUTPUT.parts/ until the
    file is whole, so that a run the scheduler's loss broke off resumes where it stopped; the
    file is written whole or not at all. Returns 0."""
    if games < 0 or shard_games < 1:
        raise ValueError("games >= 0 and shard_games >= 1")
    settings = dict(variant=variant, options=list(options or []), players=players, seed=seed, bots=list(bots))
    _ppn._selfplay_text(variant, settings["options"], players, seed, settings["bots"], 0, 0)  # checks the settings
    parts = output + ".parts"
    os.makedirs(parts, exist_ok=True)
    stamp = os.path.join(parts, "settings.json")
    mine = json.dumps({**settings, "games": games, "shard_games": shard_games}, sort_keys=True)
    if os.path.exists(stamp):
        with open(stamp, encoding="utf-8") as f:
            if f.read() != mine:
                raise ValueError(f"{parts} holds the shards of other settings; remove it to start again")
    else:
        _write_whole(stamp, mine.encode())
    shards = [(first, min(shard_games, games - first)) for first in range(0, games, shard_games)]

    def part(first: int, count: int) -> str:
        return os.path.join(parts, f"{first:012d}-{count}.ppn")

    todo = [s for s in shards if not os.path.exists(part(*s))]
    if todo:
        from distributed import as_completed

        with _client(scheduler, workers, dashboard) as client:
            futures = {client.submit(_selfplay_shard, settings, first, count, pure=False): (first, count)
                       for first, count in todo}
            done = len(shards) - len(todo)
            with _watching_the_scheduler(argv, lambda: f"{done} of {len(shards)} shards (kept in {parts})", client):
                for fut in as_completed(futures):
                    _write_whole(part(*futures[fut]), fut.result())
                    done += 1
    tmp = output + ".tmp"
    with open(tmp, "wb") as f:
        for s in shards:
            with open(part(*s), "rb") as p:
                f.write(p.read())
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, output)
    shutil.rmtree(parts)  # the parts, the stamp, and any part a crash left half written
    return 0


def _write_whole(path: str, data: bytes) -> None:
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def import_files(db: str, files: Sequence[str], *, variant: Optional[str] = None, options=None,
                 on_error: str = "keep-prefix", scheduler: Optional[str] = None, workers: Optional[int] = None,
                 dashboard: bool = False, out=None, err=None, argv: Optional[Sequence[str]] = None) -> Dict[str, Any]:
    """Imports `files` into the database `db` (a SQLite file on a shared path, or a PostgreSQL
    server), one shard each, as `ppn import` stores them: a game already stored (by another
    shard, or before a retry) is found a duplicate and not stored again. Writes a line per file
    and the totals to `out`, each file's errors to `err`; returns the totals."""
    out = out or sys.stdout
    err = err or sys.stderr
    _refuse_stdin([os.fspath(f) for f in files])
    _ppn._db_import(db, [], variant, options, on_error)  # creates or migrates the database first
    names = ("games", "new", "illegal", "duplicates", "prefix_duplicates", "syntax_errors", "io_errors")
    total = {k: 0 for k in ("files",) + names}
    with _client(scheduler, workers, dashboard) as client:
        futures = [client.submit(_import_shard, db, os.fspath(f), variant, options, on_error, pure=False) for f in files]
        done = 0
        with _watching_the_scheduler(argv, lambda: f"{done} of {len(futures)} files (those reported are stored)", client):
            for path, fut in zip(files, futures):
                got = fut.result()
                total["files"] += 1
                for k in names:
                    total[k] += got[k]
                out.write(f"{path}: {got['games']} games: {got['new']} new ({got['illegal']} illegal), "
                          f"{got['duplicates']} duplicates, {got['syntax_errors']} syntax errors\n")
                for e in got["errors"]:
                    err.write(f"{e}\n")
                done += 1
    files_word = "file" if total["files"] == 1 else "files"
    out.write(f"import: {total['files']} {files_word}, {total['games']} games: {total['new']} new ({total['illegal']} illegal), "
              f"{total['duplicates']} duplicates, {total['prefix_duplicates']} prefix duplicates, "
              f"{total['syntax_errors']} syntax errors\n")
    out.flush()
    return total


def bench(games: int = 4000, files: int = 8, analyze_games: int = 48, ppn: str = "ppn", out=None) -> Dict[str, float]:
    """`python3 -m ppn.cluster bench`: the same shards (`files` files of self-play games) by a
    local cluster of 1 and of 2 workers, next to the CLI with `-j 1` and `-j 2` in the same run:
    `validate` of `games` games (the best of three) and `analyze` at level 1 of `analyze_games`
    (one run each). Wall-clock seconds, the cluster's start excluded and its per-shard round
    trips included: the speed-up of 2 workers over one (goal on analyze: 1.8x) and the
    per-shard overhead of one worker against the CLI's `-j 1` (goal: under 5%)."""
    import subprocess
    import tempfile
    import time

    out = out or sys.stdout

    def timed(fn, runs):
        times = []
        for _ in range(runs):
            t = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t)
        return min(times)

    def shards(d, prefix, n):
        paths = []
        for k in range(files):
            path = os.path.join(d, f"{prefix}{k}.ppn")
            subprocess.run([ppn, "selfplay", "--games", str(n // files), "--seed", str(100 + k), "-o", path], check=True)
            paths.append(path)
        return paths

    figures: Dict[str, float] = {}
    with tempfile.TemporaryDirectory() as d:
        checked, judged = shards(d, "v", games), shards(d, "a", analyze_games)
        for jobs in (1, 2):
            figures[f"validate_cli{jobs}"] = timed(
                lambda: subprocess.run([ppn, "validate", "-j", str(jobs), *checked], capture_output=True), 3)
            figures[f"analyze_cli{jobs}"] = timed(
                lambda: subprocess.run([ppn, "analyze", "-j", str(jobs), *judged], capture_output=True), 1)
        sink = open(os.devnull, "w")
        for workers in (1, 2):
            with _client(None, workers) as client:  # the local cluster every command makes
                validate(checked, scheduler=client, out=sink, err=sink)  # the workers warm
                figures[f"validate_workers{workers}"] = timed(
                    lambda: validate(checked, scheduler=client, out=sink, err=sink), 3)
                figures[f"analyze_workers{workers}"] = timed(
                    lambda: analyze(judged, scheduler=client, out=sink, err=sink), 1)
        sink.close()
    for what, n in (("validate", games), ("analyze", analyze_games)):
        f = {k.split("_", 1)[1]: v for k, v in figures.items() if k.startswith(what)}
        out.write(f"ppn.cluster bench: {what} of {n} self-play games in {files} files, wall-clock s\n"
                  f"  ppn {what} -j 1 {f['cli1']:.3f}   -j 2 {f['cli2']:.3f}   (-j 2: {f['cli1'] / f['cli2']:.2f}x)\n"
                  f"  cluster, 1 worker {f['workers1']:.3f}   2 workers {f['workers2']:.3f}   "
                  f"(2 workers: {f['workers1'] / f['workers2']:.2f}x one)\n"
                  f"  per-shard overhead, 1 worker against -j 1: {100 * (f['workers1'] / f['cli1'] - 1):+.1f}% "
                  f"({1000 * (f['workers1'] - f['cli1']) / files:+.1f} ms a shard)\n")
    return figures


def main(argv: Optional[List[str]] = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    p = argparse.ArgumentParser(prog="python3 -m ppn.cluster", description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)

    def common(s):
        s.add_argument("--scheduler", help="a running Dask scheduler (tcp://HOST:PORT); else a local cluster")
        s.add_argument("--workers", type=int, help="local worker processes (default: every core)")
        s.add_argument("--dashboard", action="store_true", help="print the Dask dashboard's address")
        return s

    v = common(sub.add_parser("validate", help="ppn validate, one file per shard"))
    v.add_argument("files", nargs="+")
    v.add_argument("--variant")
    v.add_argument("--option", action="append", default=[])
    v.add_argument("--on-error", default="keep-prefix")
    v.add_argument("--order", default="strict")
    v.add_argument("--alternatives", type=int, default=3)
    v.add_argument("--syntax-only", action="store_true")
    v.add_argument("--format", default="text", choices=["text", "json"])
    z = common(sub.add_parser("analyze", help="ppn analyze at level 0 or 1, one file per shard"))
    z.add_argument("files", nargs="+")
    z.add_argument("--level", default="1", choices=["0", "1"])
    z.add_argument("--variant")
    z.add_argument("--option", action="append", default=[])
    z.add_argument("--on-error", default="keep-prefix")
    z.add_argument("--format", default="text", choices=["text", "json"])
    z.add_argument("-o", "--output")
    z.add_argument("--shard-games", type=int, help="cut files into shards of this many games (default: a file a shard)")
    s = common(sub.add_parser("selfplay", help="ppn selfplay, a range of games per shard"))
    s.add_argument("-o", "--output", required=True)
    s.add_argument("--games", "-n", type=int, default=10)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--variant", default="hasbro-2001")
    s.add_argument("--option", action="append", default=[])
    s.add_argument("--players", type=int, default=4)
    s.add_argument("--bots", default="")
    s.add_argument("--shard-games", type=int, default=500)
    i = common(sub.add_parser("import", help="ppn import, one file per shard"))
    i.add_argument("files", nargs="+")
    i.add_argument("--db", default="ppn.sqlite")
    i.add_argument("--variant")
    i.add_argument("--option", action="append", default=[])
    i.add_argument("--on-error", default="keep-prefix")
    b = sub.add_parser("bench", help="validate and analyze of the same shards by 1 and 2 workers against the CLI's -j 1 and -j 2")
    b.add_argument("--games", type=int, default=4000)
    b.add_argument("--files", type=int, default=8)
    b.add_argument("--analyze-games", type=int, default=48)
    b.add_argument("--ppn", default=os.environ.get("PPN_BINARY", "ppn"))
    a = p.parse_args(args_list)
    if a.command == "bench":
        bench(a.games, a.files, a.analyze_games, a.ppn)
        return 0
    try:
        if a.command == "validate":
            return validate(a.files, variant=a.variant, options=a.option, on_error=a.on_error, order=a.order,
                            alternatives=a.alternatives, syntax_only=a.syntax_only, format=a.format,
                            scheduler=a.scheduler, workers=a.workers, dashboard=a.dashboard, argv=args_list)
        if a.command == "analyze":
            return analyze(a.files, level=a.level, variant=a.variant, options=a.option, on_error=a.on_error,
                           format=a.format, output=a.output, shard_games=a.shard_games, scheduler=a.scheduler,
                           workers=a.workers,
                           dashboard=a.dashboard, argv=args_list)
        if a.command == "selfplay":
            return selfplay(a.output, a.games, seed=a.seed, variant=a.variant, players=a.players,
                            bots=[b for b in a.bots.split(",") if b], options=a.option, shard_games=a.shard_games,
                            scheduler=a.scheduler, workers=a.workers, dashboard=a.dashboard, argv=args_list)
        total = import_files(a.db, a.files, variant=a.variant, options=a.option, on_error=a.on_error,
                             scheduler=a.scheduler, workers=a.workers, dashboard=a.dashboard, argv=args_list)
        return 2 if total["syntax_errors"] or total["io_errors"] else 1 if total["illegal"] else 0
    except SchedulerLost as e:
        print(f"ppn.cluster: {a.command}: {e}\nppn.cluster: to resume, start a scheduler and run:\n  {e.resume}",
              file=sys.stderr)
        return 3
    except ValueError as e:
        print(f"ppn.cluster: {a.command}: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # noqa: BLE001 - Dask's verdict on a shard, in words
        if type(e).__name__ != "KilledWorker":
            raise
        print(f"ppn.cluster: {a.command}: a shard kept ending the workers that ran it ({e})", file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
