"""Deterministic generator of 16x16 Sudoku puzzles (POJ 3076 format) with a unique solution.

Method, for puzzle k of a file with seed S (random.Random(f"{S}:{k}")):
1. Start from BASE, the unique solution of the POJ 3076 sample (problems.md), a valid grid.
2. Apply validity-preserving random transformations: relabel the 16 symbols, permute the
   4 bands and the 4 rows inside each band, the 4 stacks and the 4 columns inside each
   stack, and transpose with probability 1/2.
3. Visit the 256 cells in random order; blank each one, and put it back if the puzzle no
   longer has exactly one solution (counted with sudoku.py, limit 2). Stop once the number
   of givens reaches `target` (or after the full pass: a minimal puzzle).
4. Re-check uniqueness of the final puzzle and keep it; its unique solution is the `.ans`.

Usage: gen16.py SEED COUNT TARGET_GIVENS OUT_PREFIX [START]  -> writes OUT_PREFIX.in and .ans
with puzzles k = START .. START+COUNT-1 (START defaults to 0)
(data sets separated by one empty line, as in the POJ 3076 format). TARGET_GIVENS 0 means
"remove as many as possible" (minimal puzzles).
"""

from __future__ import annotations

import random
import sys

import sudoku

BASE = [
    "FPAHMJECNLBDKOGI",
    "OJMIANBDPKCGFLHE",
    "LNDKGFOIJEAHMBPC",
    "BGCELKHPOFIMAJDN",
    "MFHBELPOACKJGNID",
    "CILNKDGAHBMOPEFJ",
    "DOGPIHJMFNLECAKB",
    "JEKAFCNBGIDPLHOM",
    "EBOFPMIJDGHLNKCA",
    "NCJDHBAEKMOFIGLP",
    "HMPLCGKFIAENBDJO",
    "AKIGNODLBPJCEFMH",
    "KDEMJIFNCHGAOPBL",
    "GLBCDPMHEONKJIAF",
    "PHNOBALKMJFIDCEG",
    "IAFJOECGLDPBHMNK",
]

N = 16
B = 4


def shuffled_order(rng: random.Random):
    """A random row (or column) order that keeps bands (stacks) together."""
    bands = list(range(B))
    rng.shuffle(bands)
    order = []
    for band in bands:
        inner = list(range(B))
        rng.shuffle(inner)
        order.extend(band * B + i for i in inner)
    return order


def transformed_base(rng: random.Random):
    """BASE under a random symbol relabelling, row/column/band/stack permutation, transpose."""
    base = sudoku.from_letters(BASE)
    relabel = list(range(1, N + 1))
    rng.shuffle(relabel)
    rows = shuffled_order(rng)
    cols = shuffled_order(rng)
    transpose = rng.random() < 0.5
    out = [0] * (N * N)
    for r in range(N):
        for c in range(N):
            v = relabel[base[rows[r] * N + cols[c]] - 1]
            if transpose:
                out[c * N + r] = v
            else:
                out[r * N + c] = v
    assert sudoku.is_valid_solution([0] * (N * N), out, B)
    return out


def make_puzzle(rng: random.Random, target: int):
    """(puzzle, solution) with a unique solution and about `target` givens."""
    solution = transformed_base(rng)
    puzzle = list(solution)
    cells = list(range(N * N))
    rng.shuffle(cells)
    givens = N * N
    for cell in cells:
        if givens <= target:
            break
        keep = puzzle[cell]
        puzzle[cell] = 0
        if sudoku.count_solutions(puzzle, B, 2) != 1:
            puzzle[cell] = keep
        else:
            givens -= 1
    sols = sudoku.solve(puzzle, B, 2)
    assert len(sols) == 1 and sols[0] == solution
    return puzzle, solution


def main(argv):
    import argparse

    ap = argparse.ArgumentParser(
        prog="gen16.py",
        description="Unique 16x16 Sudoku puzzles (POJ 3076 format) into PREFIX.in and PREFIX.ans.",
    )
    ap.add_argument("seed", help="seed text: puzzle k uses random.Random(f'{seed}:{k}')")
    ap.add_argument("count", type=int, help="number of puzzles")
    ap.add_argument("target", type=int, help="givens to stop at (0 = minimal)")
    ap.add_argument("prefix", help="output path without extension")
    ap.add_argument("start", type=int, nargs="?", default=0, help="first puzzle index k (default 0)")
    args = ap.parse_args(argv[1:])
    seed, count, target, prefix, start = args.seed, args.count, args.target, args.prefix, args.start
    ins, anss = [], []
    for k in range(start, start + count):
        rng = random.Random(f"{seed}:{k}")
        puzzle, solution = make_puzzle(rng, target)
        ins.append("\n".join(sudoku.to_letters(puzzle)) + "\n")
        anss.append("\n".join(sudoku.to_letters(solution)) + "\n")
        print(f"{prefix}: puzzle {k}: {sum(1 for v in puzzle if v)} givens", file=sys.stderr)
    with open(prefix + ".in", "w", newline="\n") as f:
        f.write("\n".join(ins))
    with open(prefix + ".ans", "w", newline="\n") as f:
        f.write("\n".join(anss))


if __name__ == "__main__":
    main(sys.argv)
