#!/usr/bin/env python3
"""Dense classic Kakuro boards for benches/data/kakuro-dense (see its SOURCES.md).

`rows28 SEED`: five full rows of seven cells, each summing to 28 (so each row is a
permutation of 1..7), under seven down runs of five cells whose sums are those of a
random 5x7 Latin rectangle over 1..7, then shifted in pairs (one column +d, another -d,
d in 1..2, one or two pairs): the total stays 140, every clue stays possible, and
whether a fill exists is a question of which digits each column misses. Deterministic
per seed. Prints one judge input (one case) on stdout.
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


if __name__ == "__main__":
    kind, seed = sys.argv[1], int(sys.argv[2])
    assert kind == "rows28", "only the rows28 family"
    print(rows28(seed))
