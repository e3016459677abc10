"""Sudoku solver for the judge-case tools: any box size b (grid side N = b*b), bitmask
candidates, naked and hidden singles to a fixpoint, then depth-first search on the cell
with the fewest candidates (ties: lowest index), digits tried in increasing order.

Deterministic: the same puzzle always gives the same solution. Used to write the Sudoku
`.ans` files (informational, the checker is a special judge) and, by `gen16.py`, to test
uniqueness. Independent of the Rust crate on purpose (a second implementation).

A grid is a list of N*N ints, 0 for empty, 1..N for a digit.
"""

from __future__ import annotations

import sys
from functools import lru_cache

sys.setrecursionlimit(10000)


@lru_cache(maxsize=None)
def geometry(b: int):
    """Units (rows, columns, boxes) and the peers of every cell for box size b."""
    n = b * b
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(br * b + i) * n + bc * b + j for i in range(b) for j in range(b)]
        for br in range(b)
        for bc in range(b)
    ]
    units = rows + cols + boxes
    peers = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        bx = (r // b) * b + c // b
        s = set(rows[r]) | set(cols[c]) | set(boxes[bx])
        s.discard(cell)
        peers.append(tuple(sorted(s)))
    return n, tuple(tuple(u) for u in units), tuple(peers)


class Contradiction(Exception):
    """A cell lost its last candidate or a unit cannot place a digit."""


def _assign(cand, cell, bit, peers, queue):
    cand[cell] = bit
    for p in peers[cell]:
        m = cand[p]
        if m & bit:
            m &= ~bit
            if not m:
                raise Contradiction
            cand[p] = m
            if m & (m - 1) == 0:
                queue.append(p)


def _propagate(cand, b, fixed):
    """Naked and hidden singles to a fixpoint. `fixed` marks cells already propagated."""
    n, units, peers = geometry(b)
    full = (1 << n) - 1
    queue = [i for i, m in enumerate(cand) if m & (m - 1) == 0 and not fixed[i]]
    while True:
        while queue:
            cell = queue.pop()
            if fixed[cell]:
                continue
            m = cand[cell]
            if not m:
                raise Contradiction
            fixed[cell] = True
            _assign(cand, cell, m, peers, queue)
        # hidden singles
        progressed = False
        for unit in units:
            once = 0
            twice = 0
            for cell in unit:
                m = cand[cell]
                twice |= once & m
                once |= m
            if once != full:
                raise Contradiction
            only = once & ~twice
            if only:
                for cell in unit:
                    m = cand[cell] & only
                    if m and not fixed[cell]:
                        if m & (m - 1):
                            raise Contradiction
                        cand[cell] = m
                        queue.append(cell)
                        progressed = True
        if not progressed:
            return


def _search(cand, fixed, b, limit, out):
    try:
        _propagate(cand, b, fixed)
    except Contradiction:
        return
    best = -1
    best_count = 99
    for i, m in enumerate(cand):
        if not fixed[i]:
            k = bin(m).count("1")
            if k < best_count:
                best, best_count = i, k
                if k == 2:
                    break
    if best < 0:
        out.append(list(cand))
        return
    m = cand[best]
    while m:
        bit = m & -m
        m ^= bit
        c2 = list(cand)
        c2[best] = bit
        _search(c2, list(fixed), b, limit, out)
        if len(out) >= limit:
            return


def solve(grid, b=3, limit=1):
    """Up to `limit` solutions of `grid` (list of N*N ints, 0 = empty), as digit lists."""
    n, _, _ = geometry(b)
    full = (1 << n) - 1
    cand = [full if v == 0 else 1 << (v - 1) for v in grid]
    # givens must not clash
    _, units, _ = geometry(b)
    for unit in units:
        seen = [v for v in (grid[c] for c in unit) if v]
        if len(seen) != len(set(seen)):
            return []
    out: list = []
    _search(cand, [False] * (n * n), b, limit, out)
    return [[m.bit_length() for m in sol] for sol in out]


def count_solutions(grid, b=3, limit=2):
    """Number of solutions of `grid`, stopping at `limit`."""
    return len(solve(grid, b, limit))


def is_valid_solution(puzzle, sol, b=3):
    """True when `sol` is a complete valid grid that keeps every given of `puzzle`."""
    n, units, _ = geometry(b)
    if len(sol) != n * n or any(not 1 <= v <= n for v in sol):
        return False
    if any(p and p != s for p, s in zip(puzzle, sol)):
        return False
    return all(len({sol[c] for c in unit}) == n for unit in units)


def from_dots(line: str):
    """81-character line, `1`-`9` or `.`/`0` -> grid."""
    return [0 if ch in ".0" else int(ch) for ch in line.strip()]


def to_digits(grid) -> str:
    """Grid (b = 3) -> 81 digit characters."""
    return "".join(str(v) for v in grid)


def from_letters(lines):
    """16 lines of `A`-`P`/`-` -> grid (b = 4)."""
    return [0 if ch == "-" else ord(ch) - ord("A") + 1 for line in lines for ch in line]


def to_letters(grid, n=16):
    """Grid (b = 4) -> 16 lines of letters."""
    return ["".join("-" if v == 0 else chr(ord("A") + v - 1) for v in grid[r * n : (r + 1) * n]) for r in range(n)]


if __name__ == "__main__":
    # Smoke use: solve 81-character puzzles from stdin, one per line.
    for raw in sys.stdin:
        raw = raw.strip()
        if not raw or raw == "end":
            continue
        sols = solve(from_dots(raw), 3, 2)
        print(to_digits(sols[0]) if sols else "NO SOLUTION", "unique" if len(sols) == 1 else "multiple")
