#!/usr/bin/env python3
"""Dense classic Kakuro boards for benches/data/kakuro-dense (see its SOURCES.md).

`rows28 SEED`: five full rows of seven cells, each summing to 28 (so each row is a
permutation of 1..7), under seven down runs of five cells whose sums are those of a
random 5x7 Latin rectangle over 1..7, then shifted in pairs (one column +d, another -d,
d in 1..2, one or two pairs): the total stays 140, every clue stays possible, and
whether a fill exists is a question of which digits each column misses. Deterministic
per seed. Prints one judge input (one case) on stdout.

`beside SEED FILE`: the `rows28 SEED` board with the board of FILE (one judge input of
one case, such as `gridjudge gen kakuro --variant classic --rows 20 --cols 20 --seed
SEED`) to its right, black around both: a board of two parts that share no run, more
white cells than the search's small-board reasoning takes on as a whole.
"""
import random
import sys


def rows28(seed):
    rng = random.Random(seed)
    base = [[(r + c) % 7 + 1 for c in range(7)] for r in range(7)]
    rng.shuffle(base)
    cols = list(range(7))
    rng.shuffle(cols)
    sym = list(range(1, 8))
    rng.shuffle(sym)
    rect = [[sym[base[r][cols[c]] - 1] for c in range(7)] for r in range(5)]
    sums = [sum(rect[r][c] for r in range(5)) for c in range(7)]
    for _ in range(1 + seed % 2):
        while True:
            i, j = rng.sample(range(7), 2)
            d = rng.choice([1, 2])
            if sums[i] + d <= 25 and sums[j] - d >= 15:
                sums[i] += d
                sums[j] -= d
                break
    lines = ["6 8", " ".join(["XXXXXXX"] + [f"{s:03d}\\XXX" for s in sums])]
    for _ in range(5):
        lines.append(" ".join(["XXX\\028"] + ["......."] * 7))
    return "\n".join(lines)


def beside(left, right):
    """Two boards (judge inputs of one case) side by side, black around both."""
    def grid(text):
        lines = text.strip().split("\n")
        h, _ = map(int, lines[0].split())
        return [line.split() for line in lines[1:1 + h]]
    a, b = grid(left), grid(right)
    h = max(len(a), len(b))
    wa, wb = len(a[0]), len(b[0])
    out = [f"{h} {wa + wb}"]
    for r in range(h):
        ra = a[r] if r < len(a) else ["XXXXXXX"] * wa
        rb = b[r] if r < len(b) else ["XXXXXXX"] * wb
        out.append(" ".join(ra + rb))
    return "\n".join(out)


if __name__ == "__main__":
    kind, seed = sys.argv[1], int(sys.argv[2])
    if kind == "rows28":
        print(rows28(seed))
    elif kind == "beside":
        with open(sys.argv[3]) as f:
            print(beside(rows28(seed), f.read()))
    else:
        sys.exit(f"dense_family.py: unknown kind {kind!r} (rows28, beside)")
