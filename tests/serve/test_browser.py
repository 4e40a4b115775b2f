"""`ppn serve` in a real browser (headless Chromium driven by Selenium): the scorekeeper records
a 20-roll game by clicking on the board and on the listed plays, meets an illegal typed play and
shows the server's diagnostic (the one `ppn validate` gives), undoes a roll and saves the game,
whose record then passes `ppn validate`; the games list is filtered and sorted, a hostile player
name stays text; a stored game is stepped through with the keys. Screenshots are decoded (PIL
when present, else the small PNG decoder below) and checked for what they show: the nests'
colours and each pawn's colour where the page says the pawn is.

PPN_SCREENSHOT_DIR, when set, receives two full-page screenshots (the games list, the
scorekeeper mid-game) for the documentation; nothing is written anywhere else but pytest's
temporary directories."""
import base64
import io
import json
import os
import re
import shutil
import struct
import subprocess
import urllib.parse
import zlib

import pytest

from conftest import PPN, SCRIPT_NAME

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
if not shutil.which(CHROMIUM) or not shutil.which(CHROMEDRIVER):
    pytest.skip(f"the browser test needs {CHROMIUM} and {CHROMEDRIVER} (Debian: apt-get install chromium chromium-driver)",
                allow_module_level=True)
webdriver = pytest.importorskip("selenium.webdriver", reason="the browser test needs Selenium (Debian: python3-selenium)")

from selenium.common.exceptions import (ElementClickInterceptedException, ElementNotInteractableException,  # noqa: E402
                                        NoAlertPresentException, StaleElementReferenceException)
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

TIMEOUT = 30  # seconds: generous, for a loaded CI machine; every wait is on a condition
SHOTS = os.environ.get("PPN_SCREENSHOT_DIR")

# The board's colours (render/svg_board.cpp): pawns kColour, Parcheesi nests kLight.
PAWN_RGB = {"green": (0x2e, 0x9e, 0x44), "red": (0xd6, 0x3a, 0x2f), "blue": (0x2f, 0x6f, 0xd6), "yellow": (0xe8, 0xc1, 0x2c)}
NEST_RGB = {"green": (0xbf, 0xe6, 0xc6), "red": (0xf5, 0xc3, 0xbf), "blue": (0xc3, 0xd6, 0xf5), "yellow": (0xf7, 0xe9, 0xa8)}
LETTER = {"green": "G", "red": "R", "blue": "B", "yellow": "Y"}

# The scorekeeper's game: four people (no bots: the test throws every die), dice from a fixed
# list; roll i plays the listed play number i % len(legal). These dice bring doublets (rolls 6,
# 11, 15-16) and a third doublet's PENALTY (roll 17).
SEATS = [("green", "Browser Ana"), ("red", "Browser Bo"), ("blue", "Browser Cy"), ("yellow", "Browser Di")]
DICE = [(5, 3), (5, 1), (2, 3), (6, 5), (4, 1), (5, 5), (3, 2), (6, 2), (1, 4), (5, 2),
        (3, 3), (6, 4), (2, 1), (5, 6), (4, 4), (4, 4), (2, 2), (1, 6), (5, 4), (3, 1)]
LIST_ROLLS = {3, 6, 9, 13}  # rolls played by clicking the listed play; the others on the board
ILLEGAL_AT = 8              # before roll 8 is played, an illegal play is typed
UNDO_AFTER = 12             # roll 12 is undone, then played again (by the other way)
SHOT_AT = 10                # the mid-game screenshot: roll 10, a pawn picked, its targets shown
ROLL_LINE = re.compile(r"^(\d+)\. ([GRBY]) (\d)-(\d): (.*)$")


# ---------------------------------------------------------------- PNG decoding

def decode_png(data):
    """(width, height, rows): rows[y] is a bytes of RGB triples. PIL when present, else a small
    decoder of the 8-bit RGB / RGBA non-interlaced PNGs a browser's screenshot is."""
    try:
        from PIL import Image
        img = Image.open(io.BytesIO(data)).convert("RGB")
        raw = img.tobytes()
        w, h = img.size
        return w, h, [raw[y * 3 * w:(y + 1) * 3 * w] for y in range(h)]
    except ImportError:
        pass
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat.append(chunk)
        elif kind == b"IEND":
            break
    w, h, depth, ctype, _, _, interlace = header
    assert depth == 8 and ctype in (2, 6) and interlace == 0, f"unexpected PNG format {header}"
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(h):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if f == 1:  # Sub
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 0xFF
        elif f == 2:  # Up
            line = bytearray((a + b) & 0xFF for a, b in zip(line, prev))
        elif f == 3:  # Average
            for i in range(stride):
                left = line[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xFF
        elif f == 4:  # Paeth
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        else:
            assert f == 0, f"bad PNG filter {f}"
        prev = line
        if bpp == 4:  # drop alpha (a screenshot is opaque)
            del line[3::4]
        rows.append(bytes(line))
    return w, h, rows


class Picture:
    def __init__(self, png):
        self.w, self.h, self.rows = decode_png(png)

    def pixel(self, x, y):
        x, y = min(max(int(x), 0), self.w - 1), min(max(int(y), 0), self.h - 1)
        r = self.rows[y]
        return tuple(r[3 * x:3 * x + 3])

    def share(self, rgb, tol=8):
        """The share of the picture's pixels within `tol` of `rgb` (each channel), sampled every
        second pixel each way."""
        hit = n = 0
        for y in range(0, self.h, 2):
            row = self.rows[y]
            for x in range(0, self.w, 2):
                n += 1
                if abs(row[3 * x] - rgb[0]) <= tol and abs(row[3 * x + 1] - rgb[1]) <= tol and abs(row[3 * x + 2] - rgb[2]) <= tol:
                    hit += 1
        return hit / n

    def near(self, x, y, rgb, tol=20, radius=2):
        """Whether some pixel within `radius` of (x, y) is within `tol` of `rgb`."""
        for dy in range(-radius, radius + 1):
            for dx in range(-radius, radius + 1):
                p = self.pixel(x + dx, y + dy)
                if all(abs(p[i] - rgb[i]) <= tol for i in range(3)):
                    return True
        return False


def check_board_picture(driver, board, seats, min_pawns):
    """Screenshots `board` (an element holding the board's SVG) and checks what it shows: every
    seat's nest colour over a large area, and each pawn's colour at the place the DOM puts it
    (the topmost pawn there); answers the picture."""
    # Whole in the viewport (an element's screenshot is clipped to it).
    driver.execute_script("arguments[0].scrollIntoView({block: 'start', inline: 'nearest'});", board)
    pic = Picture(board.screenshot_as_png)
    geo = driver.execute_script(
        "const b = arguments[0].getBoundingClientRect();"
        "return {box: [b.left, b.top, b.width, b.height], pawns: Array.from(arguments[0].querySelectorAll('circle.pawn')).map("
        "function (c) { const r = c.getBoundingClientRect();"
        " return [c.getAttribute('data-seat'), r.left + r.width / 2 - b.left, r.top + r.height / 2 - b.top, r.width / 2]; })};", board)
    bx, by, bw, bh = geo["box"]
    assert bw > 300 and bh > 300, f"the board is too small: {bw}x{bh}"
    scale = pic.w / bw  # device pixels per CSS pixel
    assert abs(pic.h / bh - scale) < 0.05, (pic.w, pic.h, bw, bh)
    for colour in seats:
        share = pic.share(NEST_RGB[colour])
        print(f"board picture {pic.w}x{pic.h}: {colour} nest colour over {share:.1%}")
        assert share > 0.08, f"the {colour} nest's colour covers {share:.1%} of the board picture"
    pawns = geo["pawns"]
    assert len(pawns) >= min_pawns, pawns
    checked = set()
    for seat, x, y, r in pawns:
        assert r > 2, (seat, x, y, r)
        # The pawn drawn last (on top) whose circle holds this centre gives the colour seen.
        top = [p for p in pawns if (p[1] - x) ** 2 + (p[2] - y) ** 2 < (p[3] * 0.6) ** 2][-1]
        assert pic.near(x * scale, y * scale, PAWN_RGB[top[0]]), \
            f"no {top[0]} pawn seen at ({x:.0f}, {y:.0f}) of the board: {pic.pixel(x * scale, y * scale)}"
        checked.add(top[0])
    assert checked == set(seats), checked
    # Not a picture of one colour: the background, the track and the pawns differ.
    assert len({pic.pixel(x, y) for x in range(0, pic.w, 7) for y in range(0, pic.h, 7)}) > 20
    return pic


def save_full_page(driver, name):
    """A full-page screenshot into PPN_SCREENSHOT_DIR, when it is set."""
    if not SHOTS:
        return
    os.makedirs(SHOTS, exist_ok=True)
    try:
        metrics = driver.execute_cdp_cmd("Page.getLayoutMetrics", {})
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1}})
        png = base64.b64decode(shot["data"])
    except Exception:  # no CDP: the viewport
        png = driver.get_screenshot_as_png()
    Picture(png)  # a real PNG
    with open(os.path.join(SHOTS, name), "wb") as f:
        f.write(png)


# ---------------------------------------------------------------- the browser

@pytest.fixture(scope="module")
def driver(server):
    # Started after the server, so quit before it: a browser's idle keep-alive connections
    # would hold up the server's stop.
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1200"]:
        options.add_argument(arg)
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    d.set_page_load_timeout(TIMEOUT)
    d.set_script_timeout(TIMEOUT)
    yield d
    d.quit()


def wait(driver, condition, message=""):
    # A node read while the page replaces it is read again at the next poll.
    return WebDriverWait(driver, TIMEOUT, poll_frequency=0.05,
                         ignored_exceptions=[StaleElementReferenceException]).until(condition, message)


def idle(driver):
    """Waits until no request of the page is in flight (body[data-busy] is "0")."""
    wait(driver, lambda d: d.execute_script("return document.body.dataset.busy") == "0", "the page stays busy")


def css(driver, selector):
    return driver.find_elements(By.CSS_SELECTOR, selector)


def click(driver, element):
    """A real click; a script-dispatched click when something (another mark, a pawn beside it)
    covers the element's centre. Answers which it was."""
    try:
        element.click()
        return "native"
    except (ElementClickInterceptedException, ElementNotInteractableException):
        driver.execute_script(
            "arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, view: window}));", element)
        return "script"


def no_alert(driver):
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text


def text_of(driver, selector):
    return driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.textContent : null;", selector)


# ---------------------------------------------------------------- the scorekeeper

def norm(square):
    return str(square).rstrip("xX")


class Recorder:
    """The scorekeeper page, and the same game kept here and asked of the API to check it."""

    def __init__(self, driver, server):
        self.d, self.server = driver, server
        self.seats = [{"colour": c, "name": n, "bot": ""} for c, n in SEATS]
        self.rolls = []
        self.ways = {"board": 0, "list": 0, "board-native-clicks": 0, "board-script-clicks": 0}

    def api_state(self, dice=None):
        body = {"profile": "hasbro-2001", "seats": self.seats, "rolls": self.rolls}
        if dice:
            body["dice"] = list(dice)
        status, st = self.server.json("/api/record/state", body)
        assert status == 200, st
        return st

    def roll_lines(self):
        return [line for line in text_of(self.d, "#ppn-text").splitlines() if ROLL_LINE.match(line)]

    def check_shown(self):
        """The page shows the API's state of the game kept here: the record, who is to throw."""
        st = self.api_state()
        assert text_of(self.d, "#ppn-text") == st["ppn"]
        assert len(self.roll_lines()) == len(self.rolls)
        assert text_of(self.d, "#to-move") == st["to_move"].capitalize() + " to throw"
        who = text_of(self.d, "#to-move-who")
        assert who.startswith(dict(SEATS)[st["to_move"]]), who
        assert ("doublets: %d" % st["doublets"] in who) if st["doublets"] else "doublets" not in who, (who, st["doublets"])
        return st

    def enter_dice(self, dice):
        """Chooses the dice, enters them and waits for the listed plays (the API's, in order)."""
        expected = [p["text"] for p in self.api_state(dice)["legal"]]
        Select(self.d.find_element(By.ID, "die1")).select_by_value(str(dice[0]))
        Select(self.d.find_element(By.ID, "die2")).select_by_value(str(dice[1]))
        self.d.find_element(By.ID, "enter-dice").click()
        wait(self.d, lambda d: d.execute_script(
            "return document.body.dataset.busy === '0' && Array.from(document.querySelectorAll('#legal-plays li.legal-play'))"
            ".map(function (li) { return li.getAttribute('data-text'); })") == expected,
            f"the legal plays of {dice} are not listed as {expected}")
        assert self.d.find_element(By.ID, "record-error").get_attribute("hidden") is not None
        return self.api_state(dice)["legal"]

    def sent(self, count):
        idle(self.d)
        return len(self.roll_lines()) == count

    def play_on_board(self, moves, count, before_target=None):
        """Clicks the play's mini-moves on the board (a pawn, then its target); answers whether
        the page sent the play."""
        mover = self.api_state()["to_move"]
        for mv in moves:
            frm, to = norm(mv["from"]), norm(mv["to"])
            target = self.target(frm, to)
            if target is None:  # pick the pawn: a mark of a mini-move clicked before, or a pawn
                picks = [e for e in css(self.d, "#board #targets circle.moved.movable") if norm(e.get_attribute("data-square")) == frm]
                picks += [e for e in css(self.d, f'#board circle.pawn.movable[data-seat="{mover}"]')
                          if norm(e.get_attribute("data-square")) == frm]
                assert picks, f"no pawn of {mover} on {frm} can be picked"
                self.count_click(click(self.d, picks[0]))
                target = wait(self.d, lambda d: self.target(frm, to), f"no target {frm}/{to} after picking the pawn")
            if before_target:
                before_target()
                before_target = None
            self.count_click(click(self.d, target))
            if self.sent(count):
                return True
        return self.sent(count)

    def count_click(self, how):
        self.ways["board-%s-clicks" % how] += 1

    def target(self, frm, to):
        for t in css(self.d, "#board #targets circle.target"):
            if norm(t.get_attribute("data-from")) == frm and norm(t.get_attribute("data-square")) == to:
                return t
        return None

    def play_in_list(self, text):
        li = [e for e in css(self.d, "#legal-plays li.legal-play") if e.get_attribute("data-text") == text]
        assert len(li) == 1, text
        li[0].click()

    def play(self, n, dice, on_board, before_target=None):
        """Plays roll `n` (1-based) with `dice`: the listed play number n-1 % len, on the board
        or in the list (the list also when the board's clicks leave it open: a shorter play
        that a longer one goes on from, PENALTY, no play)."""
        before = self.roll_lines()
        legal = self.enter_dice(dice)
        choice = legal[(n - 1) % len(legal)]
        mover = self.api_state()["to_move"]
        count = len(self.rolls) + 1
        way = "list"
        if on_board and choice["moves"] and not choice["text"].startswith("PENALTY"):
            if self.play_on_board(choice["moves"], count, before_target):
                way = "board"
        if way == "list" and not self.sent(count):
            self.play_in_list(choice["text"])
            wait(self.d, lambda d: self.sent(count), f"roll {n} ({choice['text']}) was not added")
        self.ways[way] += 1
        self.rolls.append({"seat": mover, "dice": list(dice), "play": choice["text"]})
        lines = self.roll_lines()
        assert lines[:-1] == before, "the earlier rolls changed"
        m = ROLL_LINE.match(lines[-1])
        assert m and int(m.group(1)) == n and m.group(2) == LETTER[mover] and (int(m.group(3)), int(m.group(4))) == tuple(dice), lines[-1]
        self.check_shown()
        return way


def test_scorekeeper_records_a_game_by_clicking(driver, server, tmp_path):
    driver.get(server.url + "/record")
    wait(driver, lambda d: css(d, "form#record-setup #start"), "no setup form")
    Select(driver.find_element(By.ID, "profile")).select_by_value("hasbro-2001")
    for colour, name in SEATS:
        assert driver.find_element(By.ID, f"plays-{colour}").is_selected()
        Select(driver.find_element(By.ID, f"bot-{colour}")).select_by_value("")  # a person
        field = driver.find_element(By.ID, f"name-{colour}")
        field.clear()
        field.send_keys(name)
    driver.find_element(By.ID, "start").click()
    wait(driver, lambda d: css(d, "#board svg circle.pawn") and text_of(d, "#to-move") == "Green to throw", "the game did not start")
    idle(driver)
    rec = Recorder(driver, server)
    rec.check_shown()
    assert len(css(driver, "#board circle.pawn[data-where=nest]")) == 16

    shots_taken = []

    def mid_game_shot():
        assert css(driver, "#board circle.pawn.selected") and css(driver, "#board #targets circle.target")
        save_full_page(driver, "record.png")
        shots_taken.append(len(rec.rolls) + 1)

    for n, dice in enumerate(DICE, 1):
        if n == ILLEGAL_AT:
            check_illegal_play(driver, rec, n, dice, tmp_path)
        way = rec.play(n, dice, n not in LIST_ROLLS, mid_game_shot if n == SHOT_AT else None)
        if n == SHOT_AT:
            assert shots_taken == [n], "the mid-game screenshot is taken while a pawn is picked on the board"
        if n == UNDO_AFTER:
            lines = rec.roll_lines()
            driver.find_element(By.ID, "undo").click()
            wait(driver, lambda d: rec.sent(UNDO_AFTER - 1), "undo did not drop the last roll")
            assert rec.roll_lines() == lines[:-1]
            rec.rolls.pop()
            rec.ways[way] -= 1
            rec.check_shown()
            way2 = rec.play(n, dice, way != "board")  # again, the other way when it can be
            assert rec.roll_lines() == lines, "the roll played again differs"
            assert way2 != way or way == "list", (way, way2)

    assert len(rec.roll_lines()) == 20 and len(rec.rolls) == 20
    print("scorekeeper: rolls played", rec.ways)
    assert rec.ways["board"] >= 10 and rec.ways["list"] >= 4, rec.ways
    # Played by clicking as a person clicks: most board clicks are the browser's own.
    assert rec.ways["board-native-clicks"] >= 2 * rec.ways["board-script-clicks"] and rec.ways["board-native-clicks"] >= 20, rec.ways
    assert any(r["play"].startswith("PENALTY") for r in rec.rolls), "the dice were meant to bring a third doublet"
    assert sum(1 for a, b in zip(rec.rolls, rec.rolls[1:]) if a["seat"] == b["seat"]) >= 3, "doublets throw again"

    # The board after 20 rolls, as seen: four nests, and every pawn's colour where it stands.
    assert css(driver, "#board circle.pawn[data-where=ring]"), "some pawns are out on the track"
    assert not css(driver, "#board circle.pawn.movable")  # no dice entered: nothing to move
    check_board_picture(driver, driver.find_element(By.CSS_SELECTOR, "#board svg"), [c for c, _ in SEATS], 16)

    # Saved: the game the server stores is the record shown, and it passes `ppn validate`.
    shown = text_of(driver, "#ppn-text")
    driver.find_element(By.ID, "save").click()
    wait(driver, lambda d: re.match(r"Saved as game \d+$", text_of(d, "#save-result") or ""), "no save result")
    idle(driver)
    gid = int(re.search(r"\d+$", text_of(driver, "#save-result")).group())
    link = driver.find_element(By.CSS_SELECTOR, "#save-result a")
    assert urllib.parse.urlparse(link.get_attribute("href")).path == f"/game/{gid}"
    assert driver.find_element(By.ID, "record-error").get_attribute("hidden") is not None
    status, game = server.json(f"/api/games/{gid}")
    assert status == 200 and game["rolls"] == 20 and game["status"] == "legal" and game["diagnostics"] == []
    assert [s["name"] for s in game["seats"]] == [n for _, n in SEATS]
    saved = tmp_path / "saved.ppn"
    saved.write_text(game["ppn"])
    out = subprocess.run([PPN, "validate", str(saved)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    assert sum(1 for line in game["ppn"].splitlines() if ROLL_LINE.match(line)) == 20
    assert [ROLL_LINE.match(x).group(5) for x in game["ppn"].splitlines() if ROLL_LINE.match(x)] == [r["play"] for r in rec.rolls]
    assert game["ppn"].split("\n\n", 1)[1].strip() == shown.split("\n\n", 1)[1].strip()  # the same movetext
    # The download link offers the same text.
    assert driver.find_element(By.ID, "download").get_attribute("href").startswith("blob:")
    no_alert(driver)


def check_illegal_play(driver, rec, n, dice, tmp_path):
    """Types a play with a move one square too far for roll `n`: the page shows the server's
    code, message and citation, those `ppn validate` gives for that roll; nothing is added."""
    legal = rec.enter_dice(dice)
    texts = [p["text"] for p in legal]
    tokens = texts[0].split()
    i = max(k for k, t in enumerate(tokens) if re.fullmatch(r"\w+/\d+", t))
    a, b = tokens[i].split("/")
    tokens[i] = f"{a}/{int(b) + 1}"
    illegal = " ".join(tokens)
    assert illegal not in texts
    before = text_of(driver, "#ppn-text")
    mover = rec.api_state()["to_move"]
    field = driver.find_element(By.ID, "play-text")
    field.clear()
    field.send_keys(illegal)
    driver.find_element(By.ID, "play-typed").click()
    wait(driver, lambda d: d.find_element(By.ID, "record-error").get_attribute("hidden") is None, "no error shown")
    idle(driver)
    box = driver.find_element(By.ID, "record-error")
    assert box.is_displayed()
    code = box.find_element(By.CLASS_NAME, "error-code").text
    message = box.find_element(By.CLASS_NAME, "error-message").text
    citation = box.find_element(By.CLASS_NAME, "error-citation").text
    # What `ppn validate` says of the same record with that roll added.
    record = tmp_path / "illegal.ppn"
    record.write_text(before.rstrip("\n") + f"\n{n}. {LETTER[mover]} {dice[0]}-{dice[1]}: {illegal}\n")
    out = subprocess.run([PPN, "validate", "--format", "json", str(record)], capture_output=True, text=True, timeout=60)
    assert out.returncode != 0, out.stdout
    diag = json.loads(out.stdout.splitlines()[0])
    print("illegal play", repr(illegal), "->", code, message, citation)
    assert code == diag["code"] and code.startswith("E-"), (code, diag)
    assert f"{message} [{citation}]" == diag["message"], (message, citation, diag)
    assert box.find_element(By.CLASS_NAME, "error-status").text.strip() == "(422)"
    assert box.find_element(By.CLASS_NAME, "error-roll").text == f"roll {n}"
    if diag.get("alternatives"):
        assert box.find_element(By.CLASS_NAME, "error-alternatives").text == "legal: " + " | ".join(diag["alternatives"])
    # Nothing added; the game goes on with the same throw and its plays still listed.
    assert text_of(driver, "#ppn-text") == before and len(rec.roll_lines()) == n - 1
    assert [e.get_attribute("data-text") for e in css(driver, "#legal-plays li.legal-play")] == texts
    assert field.get_attribute("value") == illegal  # kept, to be corrected
    field.clear()


# ---------------------------------------------------------------- the games list

def row_ids(driver):
    return [int(i) for i in driver.execute_script(
        "return Array.from(document.querySelectorAll('#games-table tr.game-row')).map(function (r) { return r.dataset.id; });")]


def wait_rows(driver, server, api_query, what):
    """Waits until the list shows the API's games for `api_query`, in its order; answers them."""
    status, data = server.json("/api/games?" + api_query)
    assert status == 200, data
    ids = [g["id"] for g in data["games"]]
    wait(driver, lambda d: text_of(d, "#total") == str(data["total"]) and row_ids(d) == ids
         and d.execute_script("return document.body.dataset.busy") == "0", f"{what}: the list is not {ids}")
    return data


def fill(driver, name, value):
    field = driver.find_element(By.CSS_SELECTOR, f'form#filters [name="{name}"]')
    if field.tag_name == "select":
        Select(field).select_by_value(value)
    else:
        field.clear()
        field.send_keys(value)


def submit(driver):
    driver.find_element(By.CSS_SELECTOR, "form#filters button[type=submit]").click()


def test_games_list_filters_sorts_and_keeps_names_as_text(driver, server):
    driver.get(server.url + "/")
    everything = wait_rows(driver, server, "", "the whole list")
    assert everything["total"] >= 18 and text_of(driver, "#page-info") == "page 1 of 1"
    assert driver.find_element(By.ID, "prev-page").get_attribute("disabled") is not None
    save_full_page(driver, "games.png")

    # A player: only their games (a spelling the server matches).
    fill(driver, "player", "Marta Ruiz")
    submit(driver)
    marta = wait_rows(driver, server, "player=" + urllib.parse.quote("Marta Ruiz"), "player filter")
    assert 0 < marta["total"] < everything["total"]
    for row in css(driver, "#games-table tr.game-row"):
        assert "Marta Ruiz" in [a.text for a in row.find_elements(By.CSS_SELECTOR, ".players a")]
    assert "player=Marta+Ruiz" in driver.current_url or "player=Marta%20Ruiz" in driver.current_url

    # Result and status: legal games green won.
    fill(driver, "player", "")
    fill(driver, "result", "green")
    fill(driver, "status", "legal")
    submit(driver)
    green = wait_rows(driver, server, "result=green&status=legal", "result and status filter")
    assert 0 < green["total"] < everything["total"]
    for row in css(driver, "#games-table tr.game-row"):
        cells = row.find_elements(By.TAG_NAME, "td")
        assert cells[6].text == "Green won" and cells[7].text == "legal", [c.text for c in cells]
    fill(driver, "result", "unfinished")
    fill(driver, "status", "")
    submit(driver)
    wait_rows(driver, server, "result=unfinished", "unfinished filter")

    # Cleared, then sorted by a column header: ascending, then descending.
    driver.find_element(By.CSS_SELECTOR, "form#filters button[type=reset]").click()
    wait_rows(driver, server, "", "cleared filters")
    header = driver.find_element(By.CSS_SELECTOR, "#games-table th.sortable[data-sort=rolls]")
    header.click()
    wait_rows(driver, server, "sort=rolls&order=asc", "sorted by rolls")
    assert "sorted-asc" in header.get_attribute("class") and header.get_attribute("aria-sort") == "ascending"
    rolls = [int(r.find_elements(By.TAG_NAME, "td")[5].text) for r in css(driver, "#games-table tr.game-row")]
    assert rolls == sorted(rolls) and rolls[0] < rolls[-1]
    header.click()
    wait_rows(driver, server, "sort=rolls&order=desc", "sorted by rolls, descending")
    assert "sorted-desc" in header.get_attribute("class") and header.get_attribute("aria-sort") == "descending"
    driver.find_element(By.CSS_SELECTOR, "#games-table th.sortable[data-sort=date]").click()
    wait_rows(driver, server, "sort=date&order=asc", "sorted by date")
    assert "sorted-desc" not in header.get_attribute("class") and header.get_attribute("aria-sort") is None

    # Paging: two to a page.
    driver.get(server.url + "/?per_page=2&page=2")
    wait_rows(driver, server, "per_page=2&page=2", "page 2")
    pages = -(-everything["total"] // 2)
    assert text_of(driver, "#page-info") == f"page 2 of {pages}"
    driver.find_element(By.ID, "next-page").click()
    wait_rows(driver, server, "per_page=2&page=3", "page 3")
    driver.find_element(By.ID, "prev-page").click()
    wait_rows(driver, server, "per_page=2&page=2", "back to page 2")

    # A player named <script>alert(1)</script>: found by the filter, shown as text, never run.
    driver.get(server.url + "/")
    wait_rows(driver, server, "", "the whole list again")
    fill(driver, "player", SCRIPT_NAME)
    submit(driver)
    hostile = wait_rows(driver, server, "player=" + urllib.parse.quote(SCRIPT_NAME), "the hostile name")
    assert hostile["total"] == 1
    row = driver.find_element(By.CSS_SELECTOR, "#games-table tr.game-row")
    links = [a for a in row.find_elements(By.CSS_SELECTOR, ".players a") if a.text == SCRIPT_NAME]
    assert len(links) == 1
    assert row.find_elements(By.TAG_NAME, "td")[2].text == "Hostile <b>night</b>"
    assert not css(driver, "#main script") and not css(driver, "#games-table b")
    no_alert(driver)
    href = links[0].get_attribute("href")
    assert urllib.parse.unquote(urllib.parse.urlparse(href).path) == "/player/" + SCRIPT_NAME

    # Their page, by its URL: the name as text.
    driver.get(server.url + "/player/" + urllib.parse.quote(SCRIPT_NAME, safe=""))
    wait(driver, lambda d: css(d, "#player-results tr") or css(d, "#error:not([hidden])"), "the player page did not load")
    idle(driver)
    no_alert(driver)
    assert driver.find_element(By.CSS_SELECTOR, "#main h1").text == SCRIPT_NAME
    assert not css(driver, "#main script")
    assert len(css(driver, "#player-results tbody tr")) == 1
    assert driver.find_element(By.ID, "error").get_attribute("hidden") is not None


# ---------------------------------------------------------------- a stored game

def test_game_page_steps_with_the_keys(driver, server):
    status, game = server.json("/api/games/1")
    assert status == 200
    _, positions = server.json("/api/games/1/positions")
    ids = [p["position_id"] for p in positions["positions"]]
    driver.get(server.url + "/game/1")
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready") == "1", "the viewer did not start")
    seats = wait(driver, lambda d: css(d, "#game-extra #game-seats li.seat"), "#game-extra was not filled")
    idle(driver)

    def frame():
        return int(driver.execute_script("return document.body.dataset.frame"))

    def shown(i):
        """The viewer is at frame i: the body says so, the roll is highlighted, the board is
        that position (the API's position after i rolls)."""
        wait(driver, lambda d: frame() == i, f"not at frame {i}")
        current = css(driver, "span.roll.current")
        assert len(current) == 1 and int(current[0].get_attribute("data-frame")) == i
        assert driver.find_element(By.CSS_SELECTOR, "svg[data-position]").get_attribute("data-position") == ids[i]

    shown(0)
    assert len(css(driver, "svg[data-position] circle.pawn[data-where=nest]")) == 16
    body = driver.find_element(By.TAG_NAME, "body")
    for i in (1, 2, 3):
        body.send_keys(Keys.ARROW_RIGHT)
        shown(i)
    third = driver.find_element(By.CSS_SELECTOR, "span.roll.current").text
    assert re.match(r"3\. [GRBY] \d-\d", third), third
    body.send_keys(Keys.END)
    last = len(ids) - 1
    assert last == game["rolls"]
    shown(last)
    body.send_keys(Keys.ARROW_LEFT)
    shown(last - 1)
    body.send_keys(Keys.END)
    shown(last)

    # The seats, each a link to the player's page.
    assert [s.get_attribute("data-colour") for s in seats] == [s["colour"] for s in game["seats"]]
    for li, seat in zip(seats, game["seats"]):
        a = li.find_element(By.TAG_NAME, "a")
        assert a.text == seat["name"]
        assert urllib.parse.unquote(urllib.parse.urlparse(a.get_attribute("href")).path) == "/player/" + seat["name"]
    assert text_of(driver, "#game-diagnostics") == "No diagnostics."

    # What the board shows at the end: the nests, and each pawn's colour where it stands; the
    # end differs from the start (where every pawn is in its nest).
    board = driver.find_element(By.CSS_SELECTOR, "svg[data-position]")
    colours = [s["colour"] for s in game["seats"]]
    end = check_board_picture(driver, board, colours, 16)
    body.send_keys(Keys.HOME)
    shown(0)
    start = check_board_picture(driver, board, colours, 16)
    assert start.rows != end.rows

    # A seat's link leads to the player's page.
    name = game["seats"][0]["name"]
    driver.find_element(By.CSS_SELECTOR, "#game-seats li.seat a").click()
    wait(driver, lambda d: css(d, "#player-results tbody tr"), "the player page did not load")
    assert driver.find_element(By.CSS_SELECTOR, "#main h1").text == name
    assert "1" in [r.find_element(By.TAG_NAME, "a").text for r in css(driver, "#player-results tbody tr")]
