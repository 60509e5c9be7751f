#!/usr/bin/env python3
"""Headless frame time with rigged fighters against the old format, measured in the same run.

    bench/rig_frames.py [--exe build/release/game/game_headless] [--old-ref REF] [--runs 7]

Runs bench/rig_frames.fscript (a 300,000-frame CPU-vs-CPU Ryo mirror, a state hash every frame) with the same
game_headless twice per round, alternated: once with data/ (the rigged Ryo: members from the bones' pose every
frame) and once with a copy of data/ whose ryo.fighter is the old-format file of git revision REF (per-frame member
boxes). Prints each run's CPU time (user + system of the child) in ns per frame and the medians."""
import argparse, os, resource, shutil, statistics, subprocess, sys, tempfile

def cpu_run(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0:
        sys.exit("failed: %s\n%s%s" % (" ".join(cmd), p.stdout, p.stderr))
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe", default=os.path.join(root, "build/release/game/game_headless"))
    ap.add_argument("--old-ref", default="87d232f")
    ap.add_argument("--runs", type=int, default=7)
    a = ap.parse_args()
    script = os.path.join(root, "bench/rig_frames.fscript")
    frames = 300000
    old = tempfile.mkdtemp(prefix="rig_frames_")
    try:
        shutil.copytree(os.path.join(root, "data"), os.path.join(old, "data"))
        text = subprocess.run(["git", "-C", root, "show", a.old_ref + ":data/fighters/ryo.fighter"],
                              check=True, stdout=subprocess.PIPE, text=True).stdout
        if "\nbone " in text:
            sys.exit("%s's ryo.fighter is rigged: give --old-ref a revision before the rig" % a.old_ref)
        with open(os.path.join(old, "data/fighters/ryo.fighter"), "w") as f:
            f.write(text)
        times = {"old": [], "rigged": []}
        for _ in range(a.runs):
            for name, data in (("old", os.path.join(old, "data")), ("rigged", os.path.join(root, "data"))):
                t = cpu_run([a.exe, "--replay", script, "--data", data])
                times[name].append(t * 1e9 / frames)
        for name in ("old", "rigged"):
            print("%-7s ns/frame: %s  median %.0f" % (name, " ".join("%.0f" % t for t in times[name]),
                                                     statistics.median(times[name])))
        print("rigged / old: %.2fx" % (statistics.median(times["rigged"]) / statistics.median(times["old"])))
    finally:
        shutil.rmtree(old)

if __name__ == "__main__":
    main()
