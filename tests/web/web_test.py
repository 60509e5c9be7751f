#!/usr/bin/env python3
"""The browser viewer against the native runner.

Mode `replays`: takes the web viewer built by scripts/test (or scripts/web --build-only), opens it in headless Chromium in its batch mode on
every shipped replay and script (data/replays/*.freplay, *.fscript) plus the broken and failing files of
tests/game/data, and requires for each exactly what `game_headless --events --replay FILE` gives: every event line,
the summary (frames, rounds, winner, health, final hash, hit-test counters, checks) and every FAILED line; for a
file the runner refuses, the same `FILE:LINE: what` message. Also prints the time Chromium took to load and
re-simulate the CPU-vs-CPU replay beside the native runner's.

Mode `screenshot`: opens the page at a frame of the CPU-vs-CPU replay with the overlay on, saves a screenshot and
fails when it looks blank (too few distinct colours, counted by ImageMagick, or too small a file without it).

Skipped (a `WEB TEST SKIPPED: why` line, which CTest counts as skipped) only when the page was not built (no
Emscripten and no root to install it) or Chromium is missing and cannot be installed because this is not root. Every
wait is bounded.
"""
import argparse
import glob
import http.server
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
STAGE_CROP = "1280x680+16+60"  # the play page's canvas in a 1320-pixel-wide window, under the header
VIEWER_STAGE_CROP = "900x500+16+60"  # the viewer's, beside its Result panel (908 x 511 in a 1320 x 1400 window)
NATIVE_ONLY = {"bench_cpu_long.fscript", "cpu4_vs_cpu4_source.fscript", "cpu_vs_cpu_source.fscript"}  # long sources


def skip(why):
    print("WEB TEST SKIPPED: " + why)
    sys.exit(0)


def fail(why):
    print("FAIL: " + why)
    sys.exit(1)


def ensure_tools():
    """Installs chromium from Debian when missing (root only), else skips loudly."""
    missing = [pkg for pkg, tool in (("chromium", "chromium"),) if not shutil.which(tool)]
    if not missing:
        return
    if os.geteuid() != 0:
        skip("%s not installed and this is not root (apt-get install -y %s)" % (", ".join(missing), " ".join(missing)))
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    log = open(os.path.join(tempfile.gettempdir(), "bvh-web-test-apt.log"), "ab")
    ok = subprocess.call(["apt-get", "install", "-y"] + missing, stdout=log, stderr=log, env=env, timeout=900) == 0
    if not ok:
        subprocess.call(["apt-get", "update"], stdout=log, stderr=log, env=env, timeout=900)
        ok = subprocess.call(["apt-get", "install", "-y"] + missing, stdout=log, stderr=log, env=env, timeout=900) == 0
    if not ok:
        skip("apt-get install %s failed (see %s)" % (" ".join(missing), log.name))


# The sources the WebAssembly build compiles: a page older than any of them was built from other code.
WEB_SOURCES = ["engine", "game/sim", "game/io", "game/view", "web"]


def build(root):
    """The page that scripts/test's web stage (or `scripts/web --build-only`) built into build/web: skipped with the
    reason when it was never built, refused when a source is newer than it (the test would check other code)."""
    web = os.path.join(root, "build", "web")
    wasm = os.path.join(web, "bvh_fighter.wasm")
    if not os.path.exists(wasm):
        skip("no web build in %s (scripts/test builds it beside the native build; by hand: scripts/web --build-only)"
             % web)
    built = os.path.getmtime(wasm)
    for folder in WEB_SOURCES:
        for path in glob.glob(os.path.join(root, folder, "**", "*.[ch]*"), recursive=True):
            if path.endswith((".css", ".html")):  # the page's files are copied, not compiled
                continue
            if os.path.getmtime(path) > built:
                fail("%s is newer than the web build %s: build it again (scripts/web --build-only)" % (path, wasm))
    # The page and data/ are copied, never compiled: fresh copies, as scripts/web makes them.
    for path in glob.glob(os.path.join(root, "web", "*.*")):
        if path.endswith((".html", ".js", ".css")):
            shutil.copy(path, web)
    shutil.rmtree(os.path.join(web, "data"), ignore_errors=True)
    for name in ("fighters", "replays", "tutorial"):
        shutil.copytree(os.path.join(root, "data", name), os.path.join(web, "data", name))
    shutil.copy(os.path.join(root, "data", "buttons.cfg"), os.path.join(web, "data"))
    with open(os.path.join(web, "data", "fighters.txt"), "w") as fh:  # the play page's list, as scripts/web writes it
        fh.write("".join(os.path.basename(f)[:-len(".fighter")] + "\n"
                         for f in sorted(glob.glob(os.path.join(root, "data", "fighters", "*.fighter")))))
    with open(os.path.join(web, "data", "tutorial.txt"), "w") as fh:  # the lessons in file-name order, as scripts/web
        fh.write("".join(os.path.basename(f) + "\n" for f in sorted(glob.glob(os.path.join(root, "data", "tutorial", "*.fscript")))))
    return web


class Server:
    """Serves a folder on 127.0.0.1 (a free port) and keeps the body of the first POST to /report."""

    def __init__(self, folder):
        self.report = None
        self.folder = folder
        self.got = threading.Event()
        outer = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def __init__(self, *a, **k):
                super().__init__(*a, directory=folder, **k)

            def do_POST(self):
                n = int(self.headers.get("Content-Length", "0"))
                body = self.rfile.read(n)
                if self.path.split("?")[0].endswith("/report"):
                    outer.report = body
                    outer.got.set()
                self.send_response(204)
                self.end_headers()

            def log_message(self, *a):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.httpd.server_address[1]
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def url(self, rest):
        return "http://127.0.0.1:%d/%s" % (self.port, rest)

    def close(self):
        self.httpd.shutdown()


def chromium(args, timeout):
    """Starts Chromium in its own process group; returns the Popen (the caller stops it with stop())."""
    profile = tempfile.mkdtemp(prefix="bvh-web-chromium-")
    cmd = ["chromium"] + CHROMIUM_FLAGS + ["--user-data-dir=" + profile] + args
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    p.profile = profile
    p.deadline = time.time() + timeout
    return p


def stop(p):
    if p.poll() is None:
        os.killpg(p.pid, signal.SIGTERM)
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait(timeout=10)
    shutil.rmtree(p.profile, ignore_errors=True)


def native(headless, path, root):
    """game_headless --events on a file: (exit code, stdout lines, stderr) with paths as the page says them."""
    t = time.perf_counter()
    p = subprocess.run([headless, "--events", "--print-hashes", "--replay", path], capture_output=True, text=True,
                       timeout=300)
    seconds = time.perf_counter() - t
    folder = os.path.dirname(path) + "/"
    # The page reads fighters from data/ beside it; the runner from the data folder it found (absolute or relative).
    norm = lambda s: re.sub(r"\S*data/fighters/", "data/fighters/", s.replace(folder, ""))
    lines = p.stdout.splitlines()
    hashes = [l.split()[2] for l in lines if HASH_LINE.match(l)]
    return (p.returncode, [norm(l) for l in lines if not HASH_LINE.match(l)], norm(p.stderr).strip(), seconds,
            digest(hashes))


HASH_LINE = re.compile(r"^frame \d+ [0-9a-f]{16}$")  # --print-hashes: `frame N HASH`, one per frame


def digest(hashes):
    """FNV-1a 64 over "HASH\n" per frame, frame 1 first: what the page's bf_hash_digest computes (web/session.cpp)."""
    h = 14695981039346656037
    for line in hashes:
        for c in (line + "\n").encode():
            h = ((h ^ c) * 1099511628211) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def page_lines(entry):
    """The page's result written as game_headless prints it (the lines compared; `file:` names differ by folder)."""
    r, lines = entry["result"], []
    for e in entry["events"]:
        frame, kind, victim, attacker, move, member, damage, counter, x1, a1, x2, a2 = e
        s = "frame %d: %s" % (frame, kind)
        if kind == "matchover" and victim == 2:
            s += " draw"
        elif victim >= 0:
            s += " victim p%d" % (victim + 1)
        if attacker >= 0:
            s += " by p%d" % (attacker + 1)
        if move:
            s += " move %s member %s damage %d" % (move, member, damage)
        if counter:
            s += " counter"
        lines.append(s + "  [p1 x %d %s, p2 x %d %s]" % (x1, a1, x2, a2))
    lines += ["frames: %d" % r["frames"],
              "round: %d  wins: p1 %d - p2 %d" % (r["round"], r["wins"][0], r["wins"][1]),
              "winner: %s" % r["winner"],
              "health: p1 %s %d/%d, p2 %s %d/%d" % (r["fighters"][0], r["health"][0], r["fullHealth"][0],
                                                    r["fighters"][1], r["health"][1], r["fullHealth"][1]),
              "final hash: %s" % r["finalHash"],
              "hit tests: %d root tests, %d root hits, %d tree nodes visited, %d hits/blocks" % tuple(r["hitTests"]),
              "checks: %d expectations, %d checkpoints, %d failed" % (r["expectations"], r["checkpoints"],
                                                                      len(r["failures"]))]
    lines += ["note at frame %d: %s" % (n[0], n[1]) for n in r["notes"]]
    if r["truncated"]:
        lines.append("(truncated: no end line, %d frames)" % r["frames"])
    lines += ["FAILED " + f[0] for f in r["failures"]]
    lines.append("PASS" if not r["failures"] else "FAIL")
    return lines


def run_replays(args):
    root, out = args.root, args.out
    files = sorted(glob.glob(os.path.join(root, "data", "replays", "*.freplay")) +
                   glob.glob(os.path.join(root, "data", "replays", "*.fscript")))
    if not files:
        fail("no shipped replays or scripts in data/replays")
    web = build(root)
    # The broken and failing files of the native tests, served beside the page as test/NAME.
    extra = [f for f in sorted(glob.glob(os.path.join(root, "tests", "game", "data", "*.f*")))
             if os.path.basename(f) not in NATIVE_ONLY]
    testdir = os.path.join(web, "test")
    shutil.rmtree(testdir, ignore_errors=True)
    os.makedirs(testdir)
    for f in extra:
        shutil.copy(f, testdir)
    urls = ["data/replays/" + os.path.basename(f) for f in files] + ["test/" + os.path.basename(f) for f in extra]
    server = Server(web)
    try:
        report = page_batch(server, urls, args.timeout)
    finally:
        server.close()
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "page_report.json"), "w") as fh:
        json.dump(report, fh)

    problems, checked = [], 0
    for path, entry in zip(files + extra, report):
        name = os.path.basename(path)
        code, lines, err, seconds, hash_digest = native(args.headless, path, root)
        if code == 2:  # refused: the page must show the same message
            want = err.splitlines()[0] if err else ""
            if entry.get("error") != want:
                problems.append("%s: native says %r, the page %r" % (name, want, entry.get("error")))
            checked += 1
            continue
        if "error" in entry:
            problems.append("%s: the page refused it (%s), natively exit %d" % (name, entry["error"], code))
            continue
        want = [l for l in lines if not l.startswith("file: ")]
        got = page_lines(entry)
        if want != got:
            diff = [("native: " + a, "page:   " + b) for a, b in zip(want, got) if a != b][:3]
            problems.append("%s: %d native lines vs %d page lines; first differences: %s" % (name, len(want), len(got), diff))
        if entry.get("digest") != hash_digest:
            problems.append("%s: the per-frame hashes differ from game_headless --print-hashes (digest %s, native %s)"
                            % (name, entry.get("digest"), hash_digest))
        notes = entry["result"]["notes"]
        if notes and entry["shown"] != min(notes[0][0], entry["result"]["frames"]):
            problems.append("%s: a bug report opened at frame %d, not at its note's frame %d" % (name, entry["shown"], notes[0][0]))
        checked += 1
        if name == "12_cpu_vs_cpu.freplay":
            frames = entry["result"]["frames"]
            sim = entry["simMs"] / 1000.0
            print("MEASURED 12_cpu_vs_cpu.freplay: %d frames; Chromium: load %.0f ms, re-simulate %.0f ms (%.0f frames/s);"
                  " native game_headless --events (whole process): %.0f ms (%.0f frames/s)"
                  % (frames, entry["loadMs"], entry["simMs"], frames / sim if sim > 0 else 0, seconds * 1000,
                     frames / seconds))
    if len(report) != len(files) + len(extra):
        problems.append("the page reported %d files, %d were asked" % (len(report), len(files) + len(extra)))
    for p in problems:
        print("MISMATCH " + p)
    if problems:
        fail("%d of %d files differ between the page and game_headless" % (len(problems), len(files) + len(extra)))
    print("all %d files (%d shipped, %d test files) give the same results in Chromium as game_headless"
          % (checked, len(files), len(extra)))


def page_batch(server, urls, timeout):
    """Opens every url in the page's batch mode and returns what the page reported."""
    with open(os.path.join(server.folder, "test", "list.txt"), "w") as fh:
        fh.write("\n".join(urls) + "\n")
    server.got.clear()
    browser = chromium([server.url("?batch=test/list.txt")], timeout=timeout)
    try:
        while not server.got.wait(0.5):
            if time.time() > browser.deadline:
                fail("no report from the page within %d s" % timeout)
            if browser.poll() is not None:
                fail("Chromium exited (%s) before the page reported" % browser.returncode)
    finally:
        stop(browser)
    return json.loads(server.report)


def write_bad_files(root, testdir):
    """Files the viewer must refuse while keeping its welcome text (test/bad_*): binary garbage, an empty file, a
    note that is not a replay or a script, a replay cut inside its header; and test/cut_short.freplay, the CPU-vs-CPU
    replay cut off mid-match (no `end` line), which plays but must say it was cut short."""
    with open(os.path.join(root, "data", "replays", "12_cpu_vs_cpu.freplay"), "rb") as fh:
        cpu = fh.read()
    lines = cpu.split(b"\n")
    body = lines.index(b"frames")
    if b"end " not in cpu or body < 3:
        fail("12_cpu_vs_cpu.freplay has no `frames` line or no `end` line: the bad-file checks need another source")
    files = {"bad_garbage.freplay": bytes(range(256)) * 3, "bad_empty.freplay": b"",
             # A long word with no break first: the message quotes it, and on a phone it must wrap.
             "bad_notes.txt": b"https://example.com/fights/my_notes_about_the_fight_between_ryo_and_brick.html was a "
                              b"good one\n",
             "bad_header.freplay": b"\n".join(lines[:body - 1]) + b"\n",
             "cut_short.freplay": b"\n".join(lines[:body + 2000]) + b"\n"}
    for name, data in files.items():
        with open(os.path.join(testdir, name), "wb") as fh:
            fh.write(data)


def run_defects(args):
    """The page driven as a person would (tests/web/defects.html in headless Chromium): files picked and dropped, keys
    pressed, share links followed, a file opened while another is simulated, a name that is not UTF-8, an encoded
    name, a cross-origin file. Each check is a line; any failed one fails the test. Also prints the share link's
    length for every shipped replay."""
    web = build(args.root)
    testdir = os.path.join(web, "test")
    shutil.rmtree(testdir, ignore_errors=True)
    os.makedirs(testdir)
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "defects.html"), testdir)
    short = os.path.join(args.root, "data", "replays", "01_light_hit_nearest_member.fscript")
    with open(short, "rb") as fh:
        text = fh.read()
    if b"fighters ryo ryo" not in text:
        fail("%s no longer names `fighters ryo ryo`: the non-UTF-8 check needs another source" % short)
    with open(os.path.join(testdir, "bad_name_utf8.fscript"), "wb") as fh:
        fh.write(text.replace(b"fighters ryo ryo", b"fighters r\xffo ryo"))
    shutil.copy(short, os.path.join(web, "data", "replays", "light hit.fscript"))  # named by an encoded link
    write_bad_files(args.root, testdir)
    shipped = sorted(os.path.basename(f) for f in glob.glob(os.path.join(args.root, "data", "replays", "*.f*")))
    with open(os.path.join(testdir, "shipped.txt"), "w") as fh:
        fh.write("\n".join(shipped) + "\n")
    server, other = Server(web), Server(web)  # another port is another origin, and it sends no CORS header
    browser = chromium([server.url("test/defects.html?other=%d" % other.port)], timeout=args.timeout)
    try:
        while not server.got.wait(0.5):
            if time.time() > browser.deadline:
                fail("no report from the checks within %d s" % args.timeout)
            if browser.poll() is not None:
                fail("Chromium exited (%s) before the checks reported" % browser.returncode)
    finally:
        stop(browser)
        server.close()
        other.close()
    report = json.loads(server.report)
    for name, size in report["sizes"]:
        print("LINK %6d characters  %s" % (size, name))
    failed = [r for r in report["results"] if not r["ok"]]
    for r in report["results"]:
        print("%s %s%s" % ("ok  " if r["ok"] else "FAIL", r["name"], "" if r["ok"] else ": " + str(r["detail"])))
    if len(report["results"]) < 34:
        fail("only %d checks reported (34 expected)" % len(report["results"]))
    if failed:
        fail("%d of %d page checks failed" % (len(failed), len(report["results"])))
    print("all %d page checks passed" % len(report["results"]))


def run_play(args):
    """The play page driven as a person would (tests/web/play_driver.html in headless Chromium): the fighter select
    with the default keys and a virtual gamepad, a versus-CPU match played with key presses and pad buttons to its
    end, pause, rebinding; then Training against a blocking dummy (the frame meter shows its blockstun); then the
    Tutorial, its first lesson passed and its progress kept in localStorage (the select then offers the first lesson
    not passed, and lesson 1 on request). The match's recording must play in `game_headless --replay` with every
    checkpoint and to the final hash the page showed."""
    web = build(args.root)
    testdir = os.path.join(web, "test")
    shutil.rmtree(testdir, ignore_errors=True)
    os.makedirs(testdir)
    shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "play_driver.html"), testdir)
    server = Server(web)
    browser = chromium(["--window-size=1400,1000", server.url("test/play_driver.html")], timeout=args.timeout)
    try:
        while not server.got.wait(0.5):
            if time.time() > browser.deadline:
                fail("no report from the play checks within %d s" % args.timeout)
            if browser.poll() is not None:
                fail("Chromium exited (%s) before the play checks reported" % browser.returncode)
    finally:
        stop(browser)
        server.close()
    report = json.loads(server.report)
    results = report["results"]
    replay = report.get("replay") or {}
    if not isinstance(replay, dict):  # a script error reports no replay
        replay = {}
    if replay.get("text"):
        path = os.path.join(args.out, "page_played.freplay")
        os.makedirs(args.out, exist_ok=True)
        with open(path, "w") as fh:
            fh.write(replay["text"])
        p = subprocess.run([args.headless, "--replay", path], capture_output=True, text=True, timeout=120)
        found = re.search(r"^final hash: ([0-9a-f]{16})$", p.stdout, re.M)
        native_hash = found.group(1) if found else "none"
        results.append({"name": "game_headless plays the page's recording (%d frames) with every checkpoint"
                        % replay.get("frames", 0), "ok": p.returncode == 0,
                        "detail": (p.stdout + p.stderr).strip()[-400:]})
        results.append({"name": "game_headless's final hash is the page's", "ok": native_hash == replay.get("hash"),
                        "detail": "page %s, game_headless %s" % (replay.get("hash"), native_hash)})
    for r in results:
        print("%s %s%s" % ("ok  " if r["ok"] else "FAIL", r["name"], "" if r["ok"] else ": " + str(r["detail"])))
    if len(results) < 41:
        fail("only %d checks reported (41 expected)" % len(results))
    failed = [r for r in results if not r["ok"]]
    if failed:
        fail("%d of %d play checks failed" % (len(failed), len(results)))
    print("all %d play checks passed" % len(results))


PLAY_SHOTS = [  # (file, link[, window size]): each screen of the play page, opened as a link opens it
    ("play-select.png", "play.html"),
    ("play-fight.png", "play.html?fighters=ryo,brick&level=4&stage=dusk&seed=7&advance=230"),
    ("play-overlay.png", "play.html?fighters=tasha,ryo&level=3&stage=night&seed=3&advance=900&overlay=1"),
    ("play-pause.png", "play.html?fighters=brick,tasha&level=2&stage=night&seed=5&advance=400&screen=pause"),
    ("play-over.png", "play.html?fighters=ryo,tasha&level=4&stage=dusk&seed=11&advance=60000"),
    ("play-tutorial.png", "play.html?mode=tutorial&fighters=ryo,ryo&advance=60"),
    ("play-tutorial-select.png", "test/tutorial_progress.html"),  # three lessons passed (TUTORIAL_PROGRESS)
    ("play-touch-portrait.png", "play.html?fighters=ryo,brick&level=2&seed=7&advance=230&touch=1", "390,844"),
    ("play-touch-landscape.png", "play.html?fighters=ryo,brick&level=2&seed=7&advance=230&touch=1", "844,390"),
]


# The tutorial's select with progress: a page that stores three lessons passed (each screenshot has a fresh
# browser profile) and opens the play page on the Tutorial.
TUTORIAL_PROGRESS = """<!doctype html><script>
localStorage.setItem('bvh.play.tutorial.passed', '["01_move.fscript","02_block.fscript","03_throw.fscript"]');
location.replace('../play.html?mode=tutorial');
</script>"""


def run_playshots(args):
    """Screenshots of each screen of the play page (fighter select, a fight, the overlay, pause, match over, the
    tutorial with progress) into --out (and --save); each must not be blank. Run by hand to refresh
    docs/screenshots/."""
    web = build(args.root)
    os.makedirs(os.path.join(web, "test"), exist_ok=True)
    with open(os.path.join(web, "test", "tutorial_progress.html"), "w") as fh:
        fh.write(TUTORIAL_PROGRESS)
    server = Server(web)
    try:
        for name, link, *size in PLAY_SHOTS:
            png = os.path.join(args.out, name)
            os.makedirs(args.out, exist_ok=True)
            if os.path.exists(png):
                os.remove(png)
            browser = chromium(["--window-size=" + (size[0] if size else "1320,900"), "--hide-scrollbars", "--virtual-time-budget=20000",
                                "--screenshot=" + png, server.url(link)], timeout=args.timeout)
            try:
                browser.wait(timeout=args.timeout)
            except subprocess.TimeoutExpired:
                fail("no screenshot of %s within %d s" % (link, args.timeout))
            finally:
                stop(browser)
            if not os.path.exists(png):
                fail("Chromium wrote no screenshot of %s" % link)
            colours = distinct_colours(png)
            print("%s: %s colours in the stage" % (name, colours))
            if colours is not None and colours < 200:
                fail("%s looks blank (%d colours)" % (name, colours))
            if args.save:
                shutil.copy(png, args.save)
    finally:
        server.close()


def run_playmeasure(args):
    """Time per frame of the play page in Chromium (software rendering: --disable-gpu) against native, in one run:
    a CPU-vs-CPU match on the page (each 60 Hz step and each paint timed apart, medians), the page's load to its
    first playable frame, and natively `game_headless --replay` of the CPU-vs-CPU replay (simulation
    only) and, with --bench-draw, the window's bench_draw under Xvfb (one drawn fight frame)."""
    web = build(args.root)
    server = Server(web)
    rows = []
    try:
        for run in range(args.runs):
            server.got.clear()
            browser = chromium([server.url("play.html?fighters=ryo,brick&mode=cpuvscpu&level=3&seed=13&measure=%d"
                                           % args.frames)], timeout=args.timeout)
            try:
                while not server.got.wait(0.5):
                    if time.time() > browser.deadline or browser.poll() is not None:
                        fail("no measurement from the play page")
            finally:
                stop(browser)
            rows.append(json.loads(server.report))
    finally:
        server.close()
    med = lambda key: sorted(r[key] for r in rows)[len(rows) // 2]
    # Chromium rounds performance.now() to 0.1 ms, so the means (over thousands of frames) say more than medians.
    print("PAGE (%d runs of %d frames, median of the runs): step mean %.3f ms (median %.1f), draw mean %.3f ms "
          "(median %.1f); script start to first playable frame %.0f ms, navigation start to it %.0f ms"
          % (len(rows), rows[0]["frames"], med("stepMeanMs"), med("stepMedianMs"), med("drawMeanMs"),
             med("drawMedianMs"), med("loadMs"), med("firstFrameMs")))
    replay = os.path.join(args.root, "data", "replays", "12_cpu_vs_cpu.freplay")
    times, frames = [], 0
    for _ in range(args.runs):
        t = time.perf_counter()
        p = subprocess.run([args.headless, "--replay", replay], capture_output=True, text=True, timeout=300, check=True)
        times.append(time.perf_counter() - t)
        frames = int(re.search(r"^frames: (\d+)$", p.stdout, re.M).group(1))  # the replay's length, as it plays
    print("NATIVE game_headless --replay (%d frames, whole process): %.4f ms per frame (median of %d)"
          % (frames, sorted(times)[len(times) // 2] * 1000 / frames, len(times)))
    if args.bench_draw:
        p = subprocess.run(["xvfb-run", "-a", "-s", "-screen 0 1280x720x24", args.bench_draw, "--frames", "600"],
                           capture_output=True, text=True, timeout=600)
        print("NATIVE bench_draw under Xvfb:\n" + (p.stdout + p.stderr).strip())


def run_measure(args):
    """Not a test: times Chromium and the native runner on the CPU-vs-CPU replay, `runs` times each."""
    web = build(args.root)
    os.makedirs(os.path.join(web, "test"), exist_ok=True)
    server = Server(web)
    name = "12_cpu_vs_cpu.freplay"
    report = page_batch(server, ["data/replays/" + name] * args.runs, args.timeout)
    server.close()
    path = os.path.join(args.root, "data", "replays", name)
    native_s = []
    for _ in range(args.runs):
        t = time.perf_counter()
        subprocess.run([args.headless, "--replay", path], capture_output=True, timeout=300, check=True)
        native_s.append(time.perf_counter() - t)
    frames = report[0]["result"]["frames"]
    median = lambda xs: sorted(xs)[len(xs) // 2]
    load, sim = median([r["loadMs"] for r in report]), median([r["simMs"] for r in report])
    nat = median(native_s)
    print("wasm: %d bytes, loader js: %d bytes" % (os.path.getsize(os.path.join(web, "bvh_fighter.wasm")),
                                                   os.path.getsize(os.path.join(web, "bvh_fighter.js"))))
    print("%s, %d frames, median of %d runs" % (name, frames, args.runs))
    print("Chromium: WebAssembly module fetched, compiled and started in %.0f ms (once per page)" % report[0]["moduleMs"])
    print("Chromium: load %.0f ms (file, fighters, parse), re-simulate %.0f ms = %.0f frames/s; first run %.0f + %.0f ms"
          % (load, sim, frames / (sim / 1000), report[0]["loadMs"], report[0]["simMs"]))
    print("native game_headless --replay (whole process): %.1f ms = %.0f frames/s" % (nat * 1000, frames / nat))
    if args.long:
        measure_long(args, web)


def measure_long(args, web):
    """A long replay (e.g. 1,000,000 frames): the wasm memory after re-simulating it and the time of a jump."""
    os.makedirs(os.path.join(web, "test"), exist_ok=True)
    shutil.copy(args.long, os.path.join(web, "test", "long.freplay"))
    with open(os.path.join(web, "test", "list.txt"), "w") as fh:
        fh.write("test/long.freplay\n")
    server = Server(web)
    server.got.clear()
    browser = chromium([server.url("?batch=test/list.txt&scrub=%d" % args.jumps)], timeout=args.timeout)
    try:
        while not server.got.wait(0.5):
            if time.time() > browser.deadline or browser.poll() is not None:
                fail("no report for the long replay")
    finally:
        stop(browser)
        server.close()
    r = json.loads(server.report)[0]
    if "error" in r:
        fail("the long replay was refused: " + r["error"])
    jumps = sorted(r["scrubMs"])
    print("long replay: %d frames re-simulated in %.0f ms; wasm memory %.1f MB; saved state every %s frames;"
          " jump to a frame (seek and paint), %d jumps: median %.1f ms, max %.1f ms"
          % (r["result"]["frames"], r["simMs"], r["memoryBytes"] / 1048576.0, r.get("snapshotEvery"), len(jumps),
             jumps[len(jumps) // 2], jumps[-1]))


def distinct_colours(png, crop=STAGE_CROP):
    """Distinct colours inside the stage (the canvas, below the page's header), or None without ImageMagick."""
    if shutil.which("convert"):
        p = subprocess.run(["convert", png, "-crop", crop, "+repage", "-format", "%k", "info:"],
                           capture_output=True, text=True, timeout=60)
        if p.returncode == 0 and p.stdout.strip().isdigit():
            return int(p.stdout.strip())
    return None


def run_screenshot(args):
    web = build(args.root)
    server = Server(web)
    png = os.path.join(args.out, "web-viewer.png")
    os.makedirs(args.out, exist_ok=True)
    if os.path.exists(png):
        os.remove(png)
    url = server.url("?replay=%s&overlay=1#frame=%d" % (args.replay, args.frame))
    browser = chromium(["--virtual-time-budget=20000", "--window-size=1320,1400", "--screenshot=" + png, url],
                       timeout=args.timeout)
    try:
        browser.wait(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        fail("Chromium did not finish the screenshot within %d s" % args.timeout)
    finally:
        stop(browser)
        server.close()
    if not os.path.exists(png):
        fail("no screenshot at " + png)
    colours = distinct_colours(png, VIEWER_STAGE_CROP)
    if colours is not None:
        if colours < 1000:
            fail("%s looks blank: %d distinct colours on the stage" % (png, colours))
        print("%s: %d distinct colours on the stage" % (png, colours))
    else:
        size = os.path.getsize(png)
        if size < 60000:
            fail("%s looks blank: only %d bytes (no ImageMagick for a colour count)" % (png, size))
        print("%s: %d bytes (no ImageMagick: size check only)" % (png, size))
    if args.save:
        shutil.copy(png, args.save)
        print("saved " + args.save)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=["replays", "screenshot", "measure", "defects", "play", "playshots", "playmeasure"])
    ap.add_argument("--root", required=True, help="the checkout")
    ap.add_argument("--headless", help="the game_headless binary (modes replays, measure, play)")
    ap.add_argument("--out", required=True, help="folder for the report and the screenshot")
    ap.add_argument("--frame", type=int, default=1183, help="frame of the screenshot (1183: a heavy attack connects)")
    ap.add_argument("--replay", default="12_cpu_vs_cpu.freplay", help="file of the screenshot")
    ap.add_argument("--save", help="also copy the screenshot here")
    ap.add_argument("--runs", type=int, default=5, help="runs of each side (mode measure)")
    ap.add_argument("--timeout", type=int, default=240, help="most seconds to wait for Chromium")
    ap.add_argument("--long", help="also measure memory and jumps on this long replay (mode measure)")
    ap.add_argument("--jumps", type=int, default=50, help="jumps timed on the long replay (mode measure)")
    ap.add_argument("--frames", type=int, default=3000, help="frames timed per run (mode playmeasure)")
    ap.add_argument("--bench-draw", help="the bench_draw binary, run under xvfb-run (mode playmeasure)")
    args = ap.parse_args()
    ensure_tools()
    if args.mode in ("replays", "measure", "play", "playmeasure") and not args.headless:
        fail("--headless BINARY is needed")
    if args.mode == "replays":
        run_replays(args)
    elif args.mode == "defects":
        run_defects(args)
    elif args.mode == "play":
        run_play(args)
    elif args.mode == "playshots":
        run_playshots(args)
    elif args.mode == "playmeasure":
        run_playmeasure(args)
    elif args.mode == "measure":
        run_measure(args)
    else:
        run_screenshot(args)


if __name__ == "__main__":
    main()
