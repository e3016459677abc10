#!/usr/bin/env python3
"""A hunt for classic Kakuro boards where CP-SAT beats gridjudge, or disagrees with it.

For each seed, a board: `gridjudge gen kakuro --variant classic` with a size and a
white-cell chance drawn from the seed, then (for most seeds) clue sums shifted in
pairs, one run `+d` and another of the same direction `-d`, each kept possible for its
length. The shift keeps the across and down totals equal, so the root's totals check
cannot refute the board, and turns many boards into ones without a fill, whose proof
needs the search. Then, whole process, each capped at `--cap` seconds:
`gridjudge solve kakuro` (every fill checked by `gridjudge check kakuro`) and the plain
CP-SAT model of cpsat_kakuro.py (one worker; its process start, about 1 s of Python
and OR-Tools imports, is part of its time as it is of any user's).

    benches/peers/kakuro/hunt.py run --seeds 1-500 --keep /tmp/hunt
    benches/peers/kakuro/hunt.py run --seeds 2000-2300 --min-size 9 --max-size 14 --whites 95,100
    benches/peers/kakuro/hunt.py board 16 > s16.kakuro.in

One line per board (`LOSS`: gridjudge took longer; `MISMATCH`: the two verdicts differ,
a bug in one of them; `WRONG`: a gridjudge fill fails its check), then a summary. With
`--keep DIR` the boards of every flagged line and every board gridjudge needed over
`--slow` seconds for are written there as `SEED.kakuro.in`. Exit status 1 on any
`MISMATCH` or `WRONG`. `board SEED` prints the board of one seed (the same size and
white options as the run that found it). OR-Tools comes from PyPI in the venv
side_by_side.sh uses (`target/peers/venv`); where it cannot be installed the run says
`cp-sat: SKIPPED` and times gridjudge alone.
"""

import argparse
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
VENV = ROOT / "target/peers/venv"
MODEL = Path(__file__).resolve().parent / "cpsat_kakuro.py"
WHITE = "......."


def least(n):
    return n * (n + 1) // 2


def most(n):
    return sum(range(10 - n, 10))


def runs(grid):
    """Clue cells to run lengths, across and down."""
    rows, cols = len(grid), len(grid[0])
    across, down = {}, {}
    for r in range(rows):
        for c in range(cols):
            tok = grid[r][c]
            if tok == WHITE or tok == "XXXXXXX":
                continue
            if tok[4:] != "XXX":
                k = c + 1
                while k < cols and grid[r][k] == WHITE:
                    k += 1
                across[(r, c)] = k - c - 1
            if tok[:3] != "XXX":
                k = r + 1
                while k < rows and grid[k][c] == WHITE:
                    k += 1
                down[(r, c)] = k - r - 1
    return across, down


def shift(grid, rng, pairs):
    """Shifts `pairs` pairs of clues of one direction by +d and -d (see the module doc)."""
    across, down = runs(grid)
    for _ in range(pairs):
        is_across = rng.random() < 0.5
        lengths = across if is_across else down
        keys = sorted(k for k, n in lengths.items() if n >= 2)
        if len(keys) < 2:
            return

        def clue(k):
            tok = grid[k[0]][k[1]]
            return int(tok[4:]) if is_across else int(tok[:3])

        def put(k, v):
            tok = grid[k[0]][k[1]]
            grid[k[0]][k[1]] = tok[:4] + f"{v:03d}" if is_across else f"{v:03d}" + tok[3:]

        for _ in range(50):
            a, b = rng.sample(keys, 2)
            d = rng.choice([1, 1, 2, 3])
            up, dn = clue(a) + d, clue(b) - d
            if least(lengths[a]) <= up <= most(lengths[a]) and least(lengths[b]) <= dn <= most(lengths[b]):
                put(a, up)
                put(b, dn)
                break


def board(seed, args):
    """The judge input of one seed, and a short description."""
    rng = random.Random(seed)
    rows = rng.randint(args.min_size, args.max_size)
    cols = rng.randint(args.min_size, args.max_size)
    white = rng.choice(args.whites)
    made = subprocess.run(
        [args.bin, "gen", "kakuro", "--variant", "classic", "--rows", str(rows),
         "--cols", str(cols), "--white", str(white), "--seed", str(seed)],
        capture_output=True, text=True,
    )
    if made.returncode != 0:
        raise RuntimeError(f"seed {seed}: gridjudge gen failed: {made.stderr.strip()}")
    toks = made.stdout.split()
    r, c = int(toks[0]), int(toks[1])
    grid = [toks[2 + i * c: 2 + (i + 1) * c] for i in range(r)]
    pairs = rng.choice([0, 1, 1, 2, 3])
    shift(grid, rng, pairs)
    text = f"{r} {c}\n" + "\n".join(" ".join(row) for row in grid) + "\n"
    return text, f"{r}x{c} w{white} p{pairs}"


def timed(cmd, cap, stdin=None):
    """(seconds, completed process or None at the cap)."""
    start = time.perf_counter()
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=cap, input=stdin)
    except subprocess.TimeoutExpired:
        return cap, None
    return time.perf_counter() - start, done


def gridjudge_verdict(args, path):
    secs, done = timed([args.bin, "solve", "kakuro", str(path)], args.cap)
    if done is None:
        return secs, "cap"
    if "no solution" in done.stderr:
        return secs, "none"
    if done.returncode != 0:
        return secs, f"rc{done.returncode}"
    check = subprocess.run([args.bin, "check", "kakuro", str(path), "-"], input=done.stdout,
                           capture_output=True, text=True)
    return secs, "fill" if check.returncode == 0 else "wrong"


def cpsat_verdict(args, python, path):
    secs, done = timed([python, str(MODEL), str(path), "--workers", "1",
                        "--time-limit", str(args.cap)], args.cap + 5)
    if done is None or "unknown" in done.stdout:
        return min(secs, args.cap), "cap"
    if done.returncode != 0:
        return secs, f"rc{done.returncode}"
    return secs, "none" if "no solution" in done.stdout else "fill"


def cpsat_python():
    python = VENV / "bin/python"
    probe = [str(python), "-c", "import ortools"]
    if python.exists() and subprocess.run(probe, capture_output=True).returncode == 0:
        return python
    log = ROOT / "target/peers-pip.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    with open(log, "w") as out:
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], stdout=out, stderr=out)
        subprocess.run([str(VENV / "bin/pip"), "install", "--quiet", "ortools"], stdout=out, stderr=out)
    if python.exists() and subprocess.run(probe, capture_output=True).returncode == 0:
        return python
    print(f"cp-sat: SKIPPED (pip install ortools failed, see {log})", flush=True)
    return None


def seeds(text):
    """`A-B` or `A`, as an argparse type."""
    first, _, last = text.partition("-")
    try:
        return range(int(first), int(last or first) + 1)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not A-B or a seed") from None


def run(args):
    python = cpsat_python()
    keep = Path(args.keep) if args.keep else None
    if keep:
        keep.mkdir(parents=True, exist_ok=True)
    scratch = ROOT / "target/hunt-board.kakuro.in"
    scratch.parent.mkdir(parents=True, exist_ok=True)
    counts = {"boards": 0, "LOSS": 0, "MISMATCH": 0, "WRONG": 0, "both at the cap": 0}
    ours = []
    bad = False
    for seed in args.seeds:
        text, what = board(seed, args)
        scratch.write_text(text)
        mine, verdict = gridjudge_verdict(args, scratch)
        theirs, other = cpsat_verdict(args, python, scratch) if python else (None, "-")
        counts["boards"] += 1
        ours.append(mine)
        flags = []
        if verdict == "wrong" or verdict.startswith("rc"):
            flags.append("WRONG")
        if {verdict, other} <= {"fill", "none"} and verdict != other:
            flags.append("MISMATCH")
        if theirs is not None and mine > theirs:
            flags.append("LOSS")
        if verdict == "cap" and other == "cap":
            counts["both at the cap"] += 1
        for flag in flags:
            if flag in counts:
                counts[flag] += 1
        bad |= "WRONG" in flags or "MISMATCH" in flags
        cp = f"cp-sat {theirs * 1000:7.0f} ms {other:5}" if theirs is not None else "cp-sat -"
        print(f"{seed:6} {what:16} gridjudge {mine * 1000:7.0f} ms {verdict:5} {cp} {' '.join(flags)}",
              flush=True)
        if keep and (flags or mine > args.slow):
            (keep / f"{seed}.kakuro.in").write_text(text)
    scratch.unlink(missing_ok=True)
    summary = ", ".join(f"{v} {k}" for k, v in counts.items())
    print(f"{summary}; gridjudge median {statistics.median(ours) * 1000:.0f} ms, "
          f"max {max(ours) * 1000:.0f} ms")
    return 1 if bad else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("run", "board"):
        p = sub.add_parser(name)
        if name == "run":
            p.add_argument("--seeds", required=True, type=seeds, help="A-B or one seed")
            p.add_argument("--cap", type=float, default=10.0, help="seconds per run (default 10)")
            p.add_argument("--keep", help="write flagged and slow boards here")
            p.add_argument("--slow", type=float, default=1.0,
                           help="keep boards gridjudge needs over this many seconds (default 1)")
        else:
            p.add_argument("seed", type=int)
        p.add_argument("--min-size", type=int, default=5, help="rows and columns, from (default 5)")
        p.add_argument("--max-size", type=int, default=16, help="rows and columns, to (default 16)")
        p.add_argument("--whites", type=lambda s: [int(x) for x in s.split(",")],
                       default=[70, 80, 90, 95, 100], help="white-cell chances to draw from")
        p.add_argument("--bin", default=str(ROOT / "target/release/gridjudge"))
    args = parser.parse_args()
    if not Path(args.bin).is_file():
        sys.exit(f"hunt.py: {args.bin}: no such binary (cargo build --release)")
    if not 2 <= args.min_size <= args.max_size <= 100:
        sys.exit("hunt.py: sizes must satisfy 2 <= --min-size <= --max-size <= 100")
    try:
        if args.command == "board":
            sys.stdout.write(board(args.seed, args)[0])
            return 0
        return run(args)
    except RuntimeError as e:
        sys.exit(f"hunt.py: {e}")


if __name__ == "__main__":
    sys.exit(main())
