#!/usr/bin/env python3
"""Classic Kakuro with Google OR-Tools CP-SAT: the plain model of the side-by-side
comparison (benches/peers/README.md, "Kakuro against CP-SAT").

One 1..9 integer variable per white cell; per run AddAllDifferent and a linear sum
equal to the clue; one search worker. Reads a judge input in the `kakuro` format
(any number of cases, each `R C` then R lines of C seven-character tokens:
`XXXXXXX`, `DDD\\AAA` with `XXX` for no clue, `.......` white) and prints, per case,
`case N: solved`, `case N: no solution` or `case N: unknown` (the time limit), and the
fill as digits when `--print` is given.

Usage: cpsat_kakuro.py FILE [--workers 1] [--time-limit SECONDS] [--digit-sets] [--print]
`--digit-sets` adds the per-run digit-set pruning (each cell's domain cut to the union
of the digit sets of its run's length and clue), the stronger model variant.
"""
import itertools
import sys

from ortools.sat.python import cp_model


def parse(text):
    toks = text.split()
    i = 0
    boards = []
    while i < len(toks):
        r, c = int(toks[i]), int(toks[i + 1])
        i += 2
        grid = [toks[i + k * c : i + (k + 1) * c] for k in range(r)]
        i += r * c
        boards.append(grid)
    return boards


def runs_of(grid):
    rows, cols = len(grid), len(grid[0])
    white = lambda y, x: grid[y][x] == "......."
    runs = []
    for y in range(rows):
        for x in range(cols):
            t = grid[y][x]
            if white(y, x) or t == "XXXXXXX":
                continue
            down, across = t.split("\\")
            if across != "XXX":
                cells = []
                k = x + 1
                while k < cols and white(y, k):
                    cells.append((y, k))
                    k += 1
                runs.append((int(across), cells))
            if down != "XXX":
                cells = []
                k = y + 1
                while k < rows and white(k, x):
                    cells.append((k, x))
                    k += 1
                runs.append((int(down), cells))
    return runs


def digit_union(length, clue):
    u = set()
    for s in itertools.combinations(range(1, 10), length):
        if sum(s) == clue:
            u |= set(s)
    return u


def main():
    args = sys.argv[1:]
    path = args[0]
    workers = int(args[args.index("--workers") + 1]) if "--workers" in args else 1
    limit = float(args[args.index("--time-limit") + 1]) if "--time-limit" in args else None
    sets = "--digit-sets" in args
    show = "--print" in args
    with open(path) as f:
        boards = parse(f.read())
    out = []
    for n, grid in enumerate(boards, 1):
        m = cp_model.CpModel()
        var = {}
        for y, row in enumerate(grid):
            for x, t in enumerate(row):
                if t == ".......":
                    var[(y, x)] = m.NewIntVar(1, 9, f"c{y}_{x}")
        for clue, cells in runs_of(grid):
            vs = [var[p] for p in cells]
            m.AddAllDifferent(vs)
            m.Add(sum(vs) == clue)
            if sets:
                allowed = sorted(digit_union(len(cells), clue))
                for v in vs:
                    m.AddAllowedAssignments([v], [(d,) for d in allowed])
        solver = cp_model.CpSolver()
        solver.parameters.num_search_workers = workers
        if limit is not None:
            solver.parameters.max_time_in_seconds = limit
        st = solver.Solve(m)
        if st in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            out.append(f"case {n}: solved")
            if show:
                for y, row in enumerate(grid):
                    out.append(
                        " ".join(str(solver.Value(var[(y, x)])) if (y, x) in var else "#" for x in range(len(row)))
                    )
        elif st == cp_model.INFEASIBLE:
            out.append(f"case {n}: no solution")
        else:
            out.append(f"case {n}: unknown")
    print("\n".join(out))


if __name__ == "__main__":
    main()
