#!/usr/bin/env python3
"""Writes the big `bvh` program input used to time it: an agent file and an actions file.

Why a script: the timing in bench/RESULTS.md (the `bvh` program against its I/O floor, bench/bvh_floor.sh) must be
repeatable on any machine, so the input is generated from a fixed seed instead of being kept in the repository (the
pair is about 40 MB).

Default: 200,000 members (sides 1..1000 in a 1,000,000-unit square world), then 1,000,000 actions: 60% `c`
(queries of side 1..2000 drawn like the members), 39.99..% `m` (a random member steps -200..200 on each axis,
so some moves stay inside the parent and some re-insert), and one final `p`.

    python3 bench/make_bvh_input.py OUT_DIR [--members N] [--actions N] [--seed S]

writes OUT_DIR/agent.txt and OUT_DIR/actions.txt; the same arguments always give the same bytes.
"""
import argparse
import os
import random

WORLD = 1_000_000


def box(rng, side):
    w, h = rng.randint(1, side), rng.randint(1, side)
    x, y = rng.randint(0, WORLD - w), rng.randint(0, WORLD - h)
    return [x, y, x + w, y + h]


def main():
    ap = argparse.ArgumentParser(description="Write a big, repeatable agent.txt and actions.txt for `bvh`.")
    ap.add_argument("out_dir")
    ap.add_argument("--members", type=int, default=200_000)
    ap.add_argument("--actions", type=int, default=1_000_000)
    ap.add_argument("--seed", type=int, default=13)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.out_dir, exist_ok=True)
    boxes = [box(rng, 1000) for _ in range(a.members)]
    with open(os.path.join(a.out_dir, "agent.txt"), "w", newline="\n") as f:
        f.writelines(f"m{i} {b[0]} {b[1]} {b[2]} {b[3]}\n" for i, b in enumerate(boxes))
    with open(os.path.join(a.out_dir, "actions.txt"), "w", newline="\n") as f:
        for _ in range(a.actions - 1):
            if rng.random() < 0.6:
                q = box(rng, 2000)
                f.write(f"c {q[0]} {q[1]} {q[2]} {q[3]}\n")
                continue
            i = rng.randrange(a.members)
            dx, dy = rng.randint(-200, 200), rng.randint(-200, 200)
            b = boxes[i]
            dx = max(-b[0], min(dx, WORLD - b[2]))
            dy = max(-b[1], min(dy, WORLD - b[3]))
            boxes[i] = [b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy]
            b = boxes[i]
            f.write(f"m m{i} {b[0]} {b[1]} {b[2]} {b[3]}\n")
        f.write("p\n")


if __name__ == "__main__":
    main()
