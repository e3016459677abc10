"""Kakuro (HDU 3338 format) helpers for the judge-case tools: split a file into cases,
find the runs of a board, validate a filled grid under the extension rules (repeats
allowed) or the classic rules (distinct digits), and a cheap classic-infeasibility proof
(a run longer than 9, or a clue outside the distinct-digit range of its length).

Independent of the Rust crate on purpose (a second implementation).
"""

from __future__ import annotations

WHITE = "......."
BLACK = "XXXXXXX"


class Case:
    """One Kakuro case: size, raw token grid, and its runs."""

    def __init__(self, n, m, tokens, text):
        self.n, self.m, self.tokens, self.text = n, m, tokens, text
        self.runs = []  # (clue, [cells]) ; cells are (r, c)
        for r in range(n):
            for c in range(m):
                tok = tokens[r][c]
                if tok in (WHITE, BLACK):
                    continue
                down, right = tok.split("\\")
                if down != "XXX":
                    cells = []
                    rr = r + 1
                    while rr < n and tokens[rr][c] == WHITE:
                        cells.append((rr, c))
                        rr += 1
                    self.runs.append((int(down), cells))
                if right != "XXX":
                    cells = []
                    cc = c + 1
                    while cc < m and tokens[r][cc] == WHITE:
                        cells.append((r, cc))
                        cc += 1
                    self.runs.append((int(right), cells))

    def white(self, r, c):
        return self.tokens[r][c] == WHITE


def split_cases(text: str):
    """The cases of a file, each as a Case with its exact source text (lines)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    cases = []
    i = 0
    while i < len(lines):
        if not lines[i].strip():
            i += 1
            continue
        n, m = map(int, lines[i].split())
        rows = lines[i + 1 : i + 1 + n]
        tokens = [row.split() for row in rows]
        assert all(len(t) == m for t in tokens), (i, n, m)
        cases.append(Case(n, m, tokens, "\n".join(lines[i : i + 1 + n]) + "\n"))
        i += 1 + n
    return cases


def split_answers(text: str, cases):
    """Split an answer file into per-case texts, using the case sizes."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    out = []
    i = 0
    for case in cases:
        out.append("\n".join(lines[i : i + case.n]) + "\n")
        i += case.n
    assert i == len(lines), (i, len(lines))
    return out


def check_fill(case: Case, grid, distinct: bool):
    """None if `grid` (list of rows of chars '_' or '1'-'9') is a valid fill, else a reason."""
    if len(grid) != case.n or any(len(row) != case.m for row in grid):
        return "wrong shape"
    for r in range(case.n):
        for c in range(case.m):
            ch = grid[r][c]
            if case.white(r, c):
                if ch not in "123456789" or len(ch) != 1:
                    return f"cell ({r},{c}) is white but holds {ch!r}"
            elif ch != "_":
                return f"cell ({r},{c}) is black but holds {ch!r}"
    for clue, cells in case.runs:
        digits = [int(grid[r][c]) for r, c in cells]
        if sum(digits) != clue:
            return f"run at {cells[0]} sums to {sum(digits)}, clue {clue}"
        if distinct and len(set(digits)) != len(digits):
            return f"run at {cells[0]} repeats a digit"
    return None


def classic_impossible(case: Case):
    """A reason why no distinct-digit fill can exist, found from run bounds alone, or None."""
    for clue, cells in case.runs:
        k = len(cells)
        if k > 9:
            return f"run of length {k} > 9"
        lo = k * (k + 1) // 2
        hi = sum(range(10 - k, 10))
        if not lo <= clue <= hi:
            return f"run of length {k} with clue {clue} outside [{lo}, {hi}]"
    return None
