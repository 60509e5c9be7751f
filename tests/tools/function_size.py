#!/usr/bin/env python3
"""Production functions stay under 60 lines (STYLE.md): lists every function body of engine/, game/, web/ and bench/
longer than the limit and fails when one is not in the allowance file, or is longer than the length allowed there.
The allowance holds the older long functions, each at its length when it was listed: they may only shrink, and one
that no longer passes the limit must leave the list (so the list only ever gets shorter).

A brace matcher, not a parser: comments and string literals are blanked, then a `{` whose text before it ends in a
parameter list `)` (with const, noexcept, override or a trailing return type) opens a function, and lambdas inside
it count as its lines. Its lengths agree with clang-tidy's readability-function-size (runHeadlessPeer: 211 and 210
lines), which is too slow to run over the tree in every test run.

usage: function_size.py ROOT ALLOWANCE [LIMIT]"""
import os
import re
import sys

FOLDERS = ("engine", "game", "web", "bench")


def blank(src):
    """The source with comments and string and character literals blanked; newlines kept."""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith("//", i):
            j = src.find("\n", i)
            i = n if j < 0 else j
            continue
        if src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * src.count("\n", i, j))
            i = j
            continue
        m = re.match(r'R"([^(\s]*)\(', src[i:i + 20]) if src.startswith('R"', i) else None
        if m:
            end = ")" + m.group(1) + '"'
            j = src.find(end, i)
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * src.count("\n", i, j))
            i = j
            continue
        c = src[i]
        if c in "\"'" and not (c == "'" and i > 0 and src[i - 1].isalnum()):  # 1'000 is a digit separator
            j = i + 1
            while j < n and src[j] != c and src[j] != "\n":
                j += 2 if src[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
            continue
        out.append(c)
        i += 1
    return "".join(out)


OPENS_FUNCTION = re.compile(r"\)\s*(const|noexcept|override|final|mutable|->[^{;]*|\s)*$")
CONTROL = re.compile(r"\b(if|for|while|switch|catch)\s*\(")


def nameOf(head):
    """The declared name: the first `name(` of the declaration outside template brackets (a constructor's
    initialiser list comes after it)."""
    depth = 0
    for i, c in enumerate(head):
        if c == "<":
            depth += 1
        elif c == ">" and depth > 0:
            depth -= 1
        elif c == "(" and depth == 0:
            m = re.search(r"([~\w:]+)\s*$", head[:i])
            return m.group(1) if m else "?"
    return "?"


def functions(path):
    """(length in lines, name, first line) of every outermost function body in the file."""
    text = blank(open(path, encoding="utf-8", errors="replace").read())
    found, stack = [], []
    for m in re.finditer(r"[{}]", text):
        if m.group() == "{":
            head = text[max(0, m.start() - 300):m.start()].split(";")[-1].split("}")[-1]
            lastLine = head.split("\n")[-1]
            inside = any(kind == "fn" for kind, _, _ in stack)
            isFunction = OPENS_FUNCTION.search(head) and not CONTROL.search(lastLine) and not inside
            name = nameOf(head.strip()) if isFunction else ""
            stack.append(("fn" if isFunction else "block", text.count("\n", 0, m.start()) + 1, name))
        elif stack:
            kind, line, name = stack.pop()
            if kind == "fn":
                found.append((text.count("\n", 0, m.start()) + 1 - line + 1, name, line))
    return found


def main():
    root, allowance = sys.argv[1], sys.argv[2]
    limit = int(sys.argv[3]) if len(sys.argv) > 3 else 60
    allowed = {}
    for lineNo, line in enumerate(open(allowance, encoding="utf-8"), 1):
        line = line.split("#")[0].strip()
        if not line:
            continue
        parts = line.split()
        if len(parts) != 3 or not parts[2].isdigit():
            print(f"{allowance}:{lineNo}: expected `PATH FUNCTION LINES`, got {line!r}")
            return 2
        allowed[(parts[0], parts[1])] = int(parts[2])
    problems, seen = [], set()
    for folder in FOLDERS:
        for dirpath, _, files in os.walk(os.path.join(root, folder)):
            for f in sorted(files):
                if not f.endswith((".cpp", ".h")):
                    continue
                path = os.path.join(dirpath, f)
                rel = os.path.relpath(path, root)
                for length, name, line in functions(path):
                    if length <= limit:
                        continue
                    seen.add((rel, name))
                    cap = allowed.get((rel, name))
                    if cap is None:
                        problems.append(f"{rel}:{line}: {name} is {length} lines, over {limit}: split it")
                    elif length > cap:
                        problems.append(f"{rel}:{line}: {name} grew to {length} lines (allowed {cap}, the limit is {limit})")
    for (rel, name), cap in sorted(allowed.items()):
        if (rel, name) not in seen:
            problems.append(f"{allowance}: {rel} {name} is no longer over {limit} lines (or gone): take it off the list")
    for p in problems:
        print(p)
    print(f"{len(seen)} functions over {limit} lines, {len(allowed)} allowed, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
