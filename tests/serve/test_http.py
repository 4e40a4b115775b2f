"""`ppn serve` over real HTTP: the JSON API's answers, and hostile requests each answered with
a clear 4xx in JSON while the server stays up (docs/SERVE.md "Safety")."""
import http.client
import json
import subprocess
import threading
import urllib.parse

from conftest import PPN, SCRIPT_NAME, TOKEN, start_server, stop_server

SEATS = [{"colour": "green", "name": "Ana"}, {"colour": "blue", "name": "", "bot": "net1"}]


def raw_get(server, path):
    """A GET whose path goes out exactly as written (no client-side normalisation of `..`)."""
    host = urllib.parse.urlparse(server.url)
    c = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
    c.putrequest("GET", path, skip_accept_encoding=True)
    c.endheaders()
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status, r.getheader("Content-Type"), body


def test_games_list_filters_sorts_and_pages(server):
    status, all_games = server.json("/api/games?per_page=200")
    assert status == 200 and all_games["total"] == len(all_games["games"]) == 18
    assert [g["id"] for g in all_games["games"]] == sorted((g["id"] for g in all_games["games"]), reverse=True)
    _, ludo = server.json("/api/games?profile=ludo")
    assert ludo["total"] == 1 and ludo["games"][0]["profile"] == "ludo"
    _, marta = server.json("/api/games?player=" + urllib.parse.quote("MARTA  ruiz"))
    assert marta["total"] == 1 and any(s["name"] == "Marta Ruiz" for s in marta["games"][0]["seats"])
    _, green = server.json("/api/games?result=green&per_page=200")
    assert green["total"] > 0 and all(g["winner"] == "green" for g in green["games"])
    _, unfinished = server.json("/api/games?result=unfinished&per_page=200")
    assert all(not g["finished"] for g in unfinished["games"])
    _, by_date = server.json("/api/games?sort=date&order=asc&per_page=200")
    dates = [g["date"] for g in by_date["games"]]
    assert dates == sorted(dates)
    _, dated = server.json("/api/games?date_from=2026.03.01&date_to=2026.03.31&per_page=200")
    assert dated["total"] > 0 and all("2026.03.01" <= g["date"] <= "2026.03.31" for g in dated["games"])
    _, page2 = server.json("/api/games?per_page=5&page=2")
    assert [g["id"] for g in page2["games"]] == [g["id"] for g in all_games["games"][5:10]]
    for wild in ("%", "_"):  # characters, not wildcards: no sample's event holds them
        _, event = server.json("/api/games?event=" + urllib.parse.quote(wild))
        assert event["total"] == 0, wild


def test_game_player_positions_stats_find(server):
    status, g = server.json("/api/games/1")
    assert status == 200 and g["event"] == "Family night" and g["ppn"].startswith("[Event")
    assert g["analysis"] is None and g["diagnostics"] == []
    _, pos = server.json("/api/games/1/positions")
    assert pos["positions"][0]["roll"] == 0 and len(pos["positions"]) == g["rolls"] + 1
    start = pos["positions"][3]["position_id"]
    _, found = server.json("/api/find?position=" + urllib.parse.quote(start))
    assert found["rows"] and found["columns"][0] == "game"
    _, pattern = server.json("/api/find?pattern=home-path:green:1")
    assert pattern["rows"]
    _, player = server.json("/api/players/" + urllib.parse.quote("Marta Ruiz"))
    assert player["name"] == "Marta Ruiz" and player["profiles"][0]["wins"] == 1 and player["results"][0]["game"] == 1
    _, stats = server.json("/api/stats")
    assert stats["rows"][0][stats["columns"].index("games")] == 18
    _, players = server.json("/api/players?q=ruiz")
    assert {p["name"] for p in players["players"]} >= {"Marta Ruiz", "Tomas Ruiz"}


def test_pages_are_served_and_escaped(server):
    for path in ["/", "/find", "/record", "/game/1"]:
        status, headers, body = server.request(path)
        assert status == 200 and headers["Content-Type"].startswith("text/html"), path
        assert TOKEN.encode() in body  # the pages' script writes with it
        assert "script-src 'self'" in headers["Content-Security-Policy"]
        assert "unsafe-inline" not in headers["Content-Security-Policy"].split("script-src")[1].split(";")[0], path
    status, _, body = server.request("/player/" + urllib.parse.quote(SCRIPT_NAME))
    assert status == 200 and b"&lt;script&gt;alert(1)&lt;/script&gt;" in body and SCRIPT_NAME.encode() not in body
    # The game page's policy names its one script by the script's own hash.
    import base64
    import hashlib
    import re

    _, headers, page = server.request("/game/1")
    script = re.findall(rb"<script>(.*?)</script>", page, re.S)
    assert len(script) == 1
    digest = base64.b64encode(hashlib.sha256(script[0]).digest()).decode()
    assert f"'sha256-{digest}'" in headers["Content-Security-Policy"]
    status, _, js = server.request("/assets/app.js")
    assert status == 200 and len(js) > 1000
    # The hostile game's page: its name and event only as escaped text.
    _, games = server.json("/api/games?player=" + urllib.parse.quote(SCRIPT_NAME))
    gid = games["games"][0]["id"]
    status, _, page = server.request(f"/game/{gid}")
    assert status == 200 and SCRIPT_NAME.encode() not in page and b"<b>night</b>" not in page


def error_of(status_body):
    status, body = status_body
    assert set(body) == {"error"} and body["error"]["status"] == status
    return status, body["error"]


def test_hostile_requests_get_4xx_json_and_the_server_stays_up(server):
    for path in ["/../../etc/passwd", "/assets/../serve/server.cpp", "/assets/%2e%2e/x.js", "/assets/nope.js",
                 "/api/games/abc", "/etc/passwd", "/game/1/../../x"]:
        status, ctype, body = raw_get(server, path)
        assert status == 404 and ctype.startswith("application/json"), path
        assert json.loads(body)["error"]["status"] == 404
    assert error_of(server.json("/api/games/999999"))[0] == 404
    status, err = error_of(server.json("/api/games/" + "9" * 30))  # past any id: no game, no overflow
    assert status == 404
    assert error_of(server.json("/api/record/state", {"seats": SEATS, "dice": [4294967301, 3]}))[0] == 400
    # A play that smuggles in another roll, or a comment, is refused: one request, one roll.
    for sneaky in ["- 2. B 1-2: -", "N/0 0/3 { hi }"]:
        status, err = error_of(server.json("/api/record/play", {"seats": SEATS, "rolls": [], "dice": [5, 3], "play": sneaky}))
        assert status == 422 and err["code"] == "E-SYNTAX", sneaky
    # DNS rebinding: another name for this machine is not served; a write from another site's
    # page is refused even with the token.
    status, _, body = server.request("/", headers={"Host": "attacker.example:80"})
    assert status == 403 and b"ppn-token" not in body
    port = urllib.parse.urlparse(server.url).port
    assert server.request("/", headers={"Host": f"LOCALHOST:{port}"})[0] == 200
    status, err = error_of(server.json("/api/games", {"ppn": "x"}, {"X-PPN-Token": TOKEN, "Origin": "http://attacker.example"}))
    assert status == 403 and "another site" in err["message"]
    assert server.request("/game/999999")[0] == 404
    assert error_of(server.json("/api/players/" + urllib.parse.quote("nobody at all")))[0] == 404
    for bad in ["page=0", "per_page=100000", "sort=id;drop", "order=sideways", "result=purple", "status=x",
                "date_from=2020-01-01", "page=abc"]:
        status, err = error_of(server.json("/api/games?" + bad))
        assert status == 400 and err["code"] == "E-ARGUMENT", bad
    assert error_of(server.json("/api/find"))[0] == 400
    assert error_of(server.json("/api/find?pattern=nonsense"))[0] == 400
    # Malformed JSON, wrong shapes, oversized bodies.
    assert error_of(server.json("/api/record/state", b"{not json"))[0] == 400
    assert error_of(server.json("/api/record/state", [1, 2]))[0] == 400
    assert error_of(server.json("/api/record/state", {"seats": "all"}))[0] == 400
    assert error_of(server.json("/api/record/state", {"seats": SEATS, "dice": [7, 1]}))[0] == 400
    assert error_of(server.json("/api/record/state", {"seats": SEATS, "profile": "chess"}))[0] == 400
    assert error_of(server.json("/api/record/state", {"seats": [{"colour": "green", "name": "a\u0001b"}, SEATS[1]]}))[0] == 400
    status, _, body = server.request("/api/record/state", b"x" * (2 << 20), {"Content-Type": "application/json"})
    assert status == 413 and json.loads(body)["error"]["status"] == 413
    deep = b'{"seats":' + b"[" * 400000 + b"]" * 400000 + b"}"  # nesting no stack can recurse through
    assert error_of(server.json("/api/record/state", deep, {"Content-Type": "application/json"}))[0] == 400
    # Writes need the token.
    game = "[Game \"parcheesi\"]\n[Seats \"green blue\"]\n[Green \"Token Tester\"]\n\n1. G 5-3: N/0 0/3\n"
    assert error_of(server.json("/api/games", {"ppn": game}))[0] == 403
    assert error_of(server.json("/api/games", {"ppn": game}, {"X-PPN-Token": "wrong"}))[0] == 403
    assert server.request("/api/games/1", method="DELETE")[0] in (400, 404, 405)
    assert error_of(server.json("/api/games", {"ppn": "not ppn ["}, {"X-PPN-Token": TOKEN}))[0] == 422
    status, saved = server.json("/api/games", {"ppn": game}, {"X-PPN-Token": TOKEN})
    assert status == 200 and saved["imported"] is True
    status, again = server.json("/api/games", {"ppn": game}, {"X-PPN-Token": TOKEN})
    assert status == 200 and again == {"id": saved["id"], "imported": False}
    # Still up.
    assert server.request("/")[0] == 200 and server.proc.poll() is None


def test_illegal_play_is_refused_as_validate_refuses_it(server, tmp_path):
    body = {"profile": "hasbro-2001", "seats": SEATS, "rolls": [], "dice": [5, 3], "play": "N/0 0/4"}
    status, err = error_of(server.json("/api/record/play", body))
    record = tmp_path / "bad.ppn"
    record.write_text('[Game "parcheesi"]\n[Variant "hasbro-2001"]\n[Seats "green blue"]\n\n1. G 5-3: N/0 0/4\n')
    out = subprocess.run([PPN, "validate", "--format", "json", str(record)], capture_output=True, text=True)
    diag = json.loads(out.stdout.splitlines()[0])
    assert status == 422 and err["code"] == diag["code"] == "E-WRONG-PART"
    assert f'{err["message"]} [{err["citation"]}]' == err["text"] == diag["message"] and err["roll"] == 1
    assert err["alternatives"] == diag["alternatives"]


def test_scorekeeper_plays_bots_and_hints(server):
    body = {"profile": "hasbro-2001", "seats": SEATS, "rolls": [], "dice": [5, 3]}
    status, state = server.json("/api/record/state", body)
    assert status == 200 and state["to_move"] == "green" and [p["text"] for p in state["legal"]] == ["N/0 0/3"]
    move = state["legal"][0]["moves"][0]
    assert move["from"] == "N" and move["to"] == "0" and 0 < move["tx"] < 624 and 0 < move["ty"] < 624
    status, played = server.json("/api/record/play", {**body, "play": "N/0 0/3"})
    assert status == 200 and played["to_move"] == "blue" and "1. G 5-3: N/0 0/3" in played["ppn"]
    rolls = [{"seat": "green", "dice": [5, 3], "play": "N/0 0/3"}]
    status, bot = server.json("/api/record/bot", {"profile": "hasbro-2001", "seats": SEATS, "rolls": rolls, "dice": [6, 4]})
    assert status == 200 and bot["state"]["rolls"] == 2 and bot["play"] == "-"
    rolls.append({"seat": "blue", "dice": [6, 4], "play": "-"})
    status, hint = server.json("/api/record/hint", {"profile": "hasbro-2001", "seats": SEATS, "rolls": rolls, "dice": [5, 1]})
    equities = [p["equity"] for p in hint["plays"]]
    assert status == 200 and len(equities) > 1 and equities == sorted(equities, reverse=True)
    # Ludo: one die.
    ludo = {"profile": "ludo", "seats": [{"colour": "green"}, {"colour": "blue"}], "rolls": [], "dice": [6]}
    status, state = server.json("/api/record/state", ludo)
    assert status == 200 and state["legal"][0]["text"] == "N/0"


def test_two_hundred_requests_at_once(server):
    results = []
    lock = threading.Lock()

    def get(i):
        status, _, _ = server.request("/api/games?per_page=10" if i % 2 else f"/api/games/{1 + i % 17}")
        with lock:
            results.append(status)

    threads = [threading.Thread(target=get, args=(i,)) for i in range(200)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert results == [200] * 200


def test_loopback_by_default_warning_otherwise_ctrl_c_and_a_bad_address(tmp_path):
    proc, url, line = start_server(tmp_path / "new.sqlite")
    try:
        assert url.startswith("http://127.0.0.1:") and TOKEN in line
        assert (tmp_path / "new.sqlite").exists()  # created when missing
    finally:
        stop_server(proc)
    assert proc.returncode == 0 and "stopped (SIGINT)" in proc.stdout.read()
    proc, url, _ = start_server(tmp_path / "new.sqlite", ["--bind", "0.0.0.0"])
    stop_server(proc)
    assert "not a loopback address" in proc.stderr.read()
    # Ctrl-C with a client holding its connection open: stopped within the 3 s grace.
    proc, url, _ = start_server(tmp_path / "new.sqlite")
    host = urllib.parse.urlparse(url)
    idle = http.client.HTTPConnection(host.hostname, host.port, timeout=30)
    idle.connect()
    idle.send(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # the request never ends
    import time

    began = time.monotonic()
    stop_server(proc)
    assert proc.returncode == 0 and time.monotonic() - began < 10
    idle.close()
    taken = subprocess.run([PPN, "serve", "--db", str(tmp_path / "x.sqlite"), "--port", url.rsplit(":", 1)[1], "--bind", "256.1.1.1"],
                           capture_output=True, text=True, timeout=30)
    assert taken.returncode == 2 and "cannot listen" in taken.stderr


def test_a_postgresql_collection_is_served_alike(server, tmp_path):
    """The same games on the throwaway PostgreSQL server (make test's; skipped without it) give
    the same list and the same game as the SQLite file."""
    import os

    import pytest

    if not os.environ.get("PPN_TEST_PG"):
        pytest.skip("no PostgreSQL test server (PPN_TEST_PG): make test starts one")
    env = dict(os.environ, PGHOST=os.environ["PPN_TEST_PG"], PGPORT="5432", PGUSER="ppn_test")
    name = f"serve_{os.getpid()}"
    for sql in (f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}"):
        subprocess.run(["psql", "-q", "-d", "postgres", "-c", sql], check=True, env=env)
    target = f"postgresql:///{name}"
    from conftest import SOURCE

    samples = sorted(os.path.join(SOURCE, "samples", f) for f in os.listdir(os.path.join(SOURCE, "samples")) if f.endswith(".ppn"))
    subprocess.run([PPN, "import", "-q", "--db", target, *samples], check=True, env=env)
    proc, url, _ = start_server(target, env=env)
    try:
        from conftest import Server

        pg = Server(proc, url, target)
        _, pg_list = pg.json("/api/games?per_page=200&sort=date")
        _, lite_list = server.json("/api/games?per_page=200&sort=date&profile=&status=legal")
        lite_games = [g for g in lite_list["games"] if g["event"] != "Hostile <b>night</b>" and g["id"] <= 17]
        assert [(g["event"], g["rolls"], g["winner"], g["seats"]) for g in pg_list["games"]] == \
               [(g["event"], g["rolls"], g["winner"], g["seats"]) for g in lite_games]
        _, one = pg.json("/api/games/1")
        _, other = server.json("/api/games/1")
        assert one == other
        assert pg.json("/api/players/" + urllib.parse.quote("Marta Ruiz"))[1]["profiles"] == \
               server.json("/api/players/" + urllib.parse.quote("Marta Ruiz"))[1]["profiles"]
        assert pg.request("/game/1")[0] == 200
    finally:
        stop_server(proc)
        subprocess.run(["psql", "-q", "-d", "postgres", "-c", f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"], env=env)


def test_analysis_on_request_agrees_with_ppn_analyze(server):
    """A game page's "Analyse every decision" (level 1) gives each seat the decisions, marks and
    loss `ppn analyze` gives the same record."""
    status, a = server.json("/api/games/1/analysis?level=1")
    assert status == 200 and a["level"] == "1"
    assert server.json("/api/games/1/analysis")[1] == a  # deterministic, level 1 by default
    from conftest import SOURCE

    out = subprocess.run([PPN, "analyze", "--format", "json", SOURCE + "/samples/01-four-player-family-night.ppn"],
                         capture_output=True, text=True, check=True)
    seats = [json.loads(line) for line in out.stdout.splitlines() if json.loads(line)["type"] == "seat"]
    for s in seats:
        mine = [r for r in a["rolls"] if r["colour"] == s["colour"] and r["decision"]]
        assert len(mine) == s["decisions"]
        assert sum(r["mark"] == "?" for r in mine) == s["mistakes"]
        assert sum(r["mark"] == "??" for r in mine) == s["blunders"]
        assert abs(sum(r["loss"] for r in mine) - s["loss"]) < 1e-9
    assert error_of(server.json("/api/games/1/analysis?level=rollout"))[0] == 400
    assert error_of(server.json("/api/games/424242/analysis"))[0] == 404


def test_a_stored_game_its_profile_cannot_replay(server):
    """Stored (the importer keeps what it cannot replay), then the same answer on every page
    that needs its replay: 422 E-SETUP."""
    game = '[Game "parcheesi"]\n[Variant "nonesuch"]\n[Seats "green blue"]\n\n1. G 5-3: N/0 0/3\n'
    status, saved = server.json("/api/games", {"ppn": game}, {"X-PPN-Token": TOKEN})
    assert status == 200
    gid = saved["id"]
    for path in [f"/game/{gid}", f"/api/games/{gid}/positions", f"/api/games/{gid}/luck-chart", f"/api/games/{gid}/analysis"]:
        status, _, body = server.request(path)
        assert status == 422 and json.loads(body)["error"]["code"] == "E-SETUP", path
    assert server.json(f"/api/games/{gid}")[0] == 200  # its row, tags and text are there


def test_a_roll_after_the_end_is_judged_as_validate_judges_it(server, tmp_path):
    sample = json.loads(subprocess.run([PPN, "validate", "--format", "json", "samples/05-two-player-kitchen-table.ppn"],
                                       capture_output=True, text=True).stdout.splitlines()[-1])
    assert sample["games"] == 1
    _, g = server.json("/api/games?event=" + urllib.parse.quote("Kitchen table"))
    detail = server.json(f"/api/games/{g['games'][0]['id']}")[1]
    # The record's rolls, as the scorekeeper sends them, then one roll more.
    rolls = []
    for line in detail["ppn"].splitlines():
        if line[:1].isdigit() and ". " in line:
            number, rest = line.split(". ", 1)
            seat, rest = rest.split(" ", 1)
            dice, play = rest.split(": ", 1)
            play = play.split(" {")[0].split(" $")[0].rstrip(" !?")
            rolls.append({"seat": {"G": "green", "R": "red", "B": "blue", "Y": "yellow"}[seat],
                          "dice": [int(d) for d in dice.split("-")], "play": play})
    seats = [{"colour": s["colour"], "name": s["name"]} for s in detail["seats"]]
    status, state = server.json("/api/record/state", {"seats": seats, "rolls": rolls})
    assert status == 200 and state["over"] is True
    status, err = error_of(server.json("/api/record/play", {"seats": seats, "rolls": rolls, "dice": [5, 3], "play": "-"}))
    record = tmp_path / "after.ppn"
    record.write_text(state["ppn"].rstrip("\n") + f"\n{len(rolls) + 1}. {state['to_move'][0].upper()} 5-3: -\n")
    diag = json.loads(subprocess.run([PPN, "validate", "--format", "json", str(record)], capture_output=True,
                                     text=True).stdout.splitlines()[0])
    assert status == 422 and err["code"] == diag["code"] == "E-GAME-OVER" and err["text"] == diag["message"]
