"""A real `ppn serve` for the tests: a database of the samples (and a player whose name is a
script), the server on a free loopback port with a fixed token, stopped by SIGINT at the end."""
import json
import os
import re
import signal
import subprocess
import urllib.error
import urllib.request

import pytest

PPN = os.environ.get("PPN_BINARY", "build/cli/ppn")
SOURCE = os.environ.get("PPN_SOURCE_DIR", os.getcwd())
TOKEN = "test-token-0123456789"
SCRIPT_NAME = "<script>alert(1)</script>"

HOSTILE_GAME = f"""[Event "Hostile <b>night</b>"]
[Date "2026.01.01"]
[Game "parcheesi"]
[Variant "hasbro-2001"]
[Seats "green blue"]
[Green "{SCRIPT_NAME}"]
[Blue "Plain Name"]

1. G 5-3: N/0 0/3
2. B 1-2: -
"""


class Server:
    def __init__(self, proc, url, db):
        self.proc, self.url, self.db = proc, url, db

    def request(self, path, body=None, headers=None, method=None):
        """(status, headers, body bytes) of one request; an HTTP error is an answer too."""
        data = None
        if body is not None:
            data = body if isinstance(body, bytes) else json.dumps(body).encode()
        # As the pages send it: JSON, whose bodies may be larger than a form's.
        headers = {**({"Content-Type": "application/json"} if data is not None else {}), **(headers or {})}
        req = urllib.request.Request(self.url + path, data=data, headers=headers, method=method)
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()

    def json(self, path, body=None, headers=None):
        status, _, raw = self.request(path, body, headers)
        return status, json.loads(raw)


def start_server(db, extra=(), env=None):
    proc = subprocess.Popen([PPN, "serve", "--db", str(db), "--port", "0", "--token", TOKEN, *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    line = proc.stdout.readline()
    m = re.search(r"(http://[^/ ]+)/", line)
    if not m:
        proc.kill()
        raise RuntimeError("ppn serve did not print its URL: " + line + proc.stderr.read())
    return proc, m.group(1), line


def stop_server(proc):
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("serve")
    db = tmp / "games.sqlite"
    samples = sorted(os.path.join(SOURCE, "samples", f) for f in os.listdir(os.path.join(SOURCE, "samples")) if f.endswith(".ppn"))
    hostile = tmp / "hostile.ppn"
    hostile.write_text(HOSTILE_GAME)
    subprocess.run([PPN, "import", "-q", "--db", str(db), *samples, str(hostile)], check=True)
    proc, url, _ = start_server(db)
    yield Server(proc, url, db)
    stop_server(proc)
