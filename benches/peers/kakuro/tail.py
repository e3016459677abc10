#!/usr/bin/env python3
"""The 100x100 tail of the classic Kakuro search, measured the same way every time.

Runs `gridjudge solve kakuro FILE` once per board of a folder (whole process, stopped at
`--cap` seconds), checks every fill with `gridjudge check kakuro`, writes one CSV line
per board and prints the summary row the tables of docs/kakuro-search.md use: the sum of
the times with capped boards counted at the cap, how many stop at the cap, take over
2 s, take under 1 s, and the median.

    benches/peers/kakuro/corpus_100.sh /tmp/k100
    benches/peers/kakuro/tail.py run /tmp/k100 --out before.csv
    KKS_SOMETHING=1 benches/peers/kakuro/tail.py run /tmp/k100 --out after.csv
    benches/peers/kakuro/tail.py compare before.csv after.csv

`compare` prints the summary of each file, per density (file names `c-*` and `w95-*`,
as corpus_100.sh writes them) and in all, then the boards that crossed the cap either
way: a change to the search order tends to move which boards are trapped rather than
shorten the tail, and this is where that shows. Exit status 1 when a fill fails its
check or a run fails other than by the cap.
"""

import argparse
import csv
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path


def run(args):
    binary = Path(args.bin)
    if not binary.is_file():
        sys.exit(f"tail.py: {binary}: no such binary (cargo build --release)")
    boards = sorted(Path(args.dir).glob("*.in"))
    if not boards:
        sys.exit(f"tail.py: {args.dir}: no *.in boards")
    bad = 0
    with open(args.out, "w", newline="") as out:
        rows = csv.writer(out)
        rows.writerow(["board", "status", "ms"])
        for board in boards:
            name = board.name.split(".")[0]
            start = time.perf_counter()
            try:
                done = subprocess.run(
                    [binary, "solve", "kakuro", board],
                    capture_output=True,
                    timeout=args.cap,
                )
                ms = round((time.perf_counter() - start) * 1000)
                status = "ok" if done.returncode == 0 else f"rc{done.returncode}"
                if done.returncode == 0 and b"no solution" not in done.stderr:
                    check = subprocess.run(
                        [binary, "check", "kakuro", board, "-"],
                        input=done.stdout,
                        capture_output=True,
                    )
                    if check.returncode != 0:
                        status = "wrong"
                if status != "ok":
                    bad += 1
            except subprocess.TimeoutExpired:
                ms, status = round(args.cap * 1000), "cap"
            rows.writerow([name, status, ms])
            out.flush()
            print(f"{name:12} {status:6} {ms:7} ms", flush=True)
    print(summary(load(args.out), None, args.cap))
    return 1 if bad else 0


def load(path):
    with open(path, newline="") as f:
        return {r["board"]: (r["status"], int(r["ms"])) for r in csv.DictReader(f)}


def summary(rows, names, cap):
    names = sorted(rows) if names is None else names
    # A board stopped at the cap counts at the cap it ran with; a failed run at `cap`.
    times = [rows[n][1] if rows[n][0] in ("ok", "cap") else cap * 1000 for n in names]
    capped = sum(1 for n in names if rows[n][0] == "cap")
    under = sum(1 for n in names if rows[n][0] == "ok" and rows[n][1] < 1000)
    return (
        f"{len(names)} boards: sum {sum(times) / 1000:.1f} s, {capped} at the cap, "
        f"{sum(t > 2000 for t in times)} over 2 s, {under} under 1 s, "
        f"median {statistics.median(times):.0f} ms"
    )


def compare(args):
    tables = [(path, load(path)) for path in args.files]
    common = sorted(set.intersection(*(set(rows) for _, rows in tables)))
    groups = [
        ("default", [n for n in common if n.startswith("c-")]),
        ("--white 95", [n for n in common if n.startswith("w95-")]),
        ("all", common),
    ]
    for label, names in groups:
        if not names:
            continue
        for path, rows in tables:
            print(f"{label:10} {os.path.basename(path):20} {summary(rows, names, args.cap)}")
    (first_path, first), rest = tables[0], tables[1:]
    for path, rows in rest:
        moved = [n for n in common if (first[n][0] == "cap") != (rows[n][0] == "cap")]
        print(f"\ncrossing the cap, {os.path.basename(first_path)} -> {os.path.basename(path)}:")
        for n in moved:
            print(f"  {n:12} {first[n][0]:5} {first[n][1]:6} ms -> {rows[n][0]:5} {rows[n][1]:6} ms")
        if not moved:
            print("  none")
    return 0


def main():
    root = Path(__file__).resolve().parents[3]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="solve every board of DIR once, write --out CSV")
    r.add_argument("dir")
    r.add_argument("--out", required=True)
    r.add_argument("--cap", type=float, default=5.0, help="seconds per board (default 5)")
    r.add_argument("--bin", default=str(root / "target/release/gridjudge"))
    c = sub.add_parser("compare", help="summaries of CSV files and the boards that moved")
    c.add_argument("files", nargs="+")
    c.add_argument("--cap", type=float, default=5.0)
    args = parser.parse_args()
    return run(args) if args.command == "run" else compare(args)


if __name__ == "__main__":
    sys.exit(main())
