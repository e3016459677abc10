"""Quick stand-alone checker for the judge-case tools: reads a problem's input file and a
contestant output and prints AC, PE or WA (with a reason), following the whitespace rule
of docs/problems.md:

1. lenient: drop every blank (space, tab, CR, LF), read the remaining characters cell by
   cell as the grids; wrong count, wrong character, broken rule or changed given -> WA;
2. strict: the exact layout; trailing spaces at line ends and trailing blank lines at the
   end are accepted; any other difference (CRLF, tabs, extra/missing spaces or blank
   lines, ...) -> PE.

Usage: validate.py PROBLEM INPUT OUTPUT      exit status 0 = AC, 1 = WA, 2 = PE.
Independent of the Rust checker on purpose; used to test the example submissions and the
`.ans` files. It is not the judge.
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import kakuro  # noqa: E402
import sudoku  # noqa: E402

BLANKS = b" \t\r\n"


def read_cases(problem, text):
    """A list of (kind, data) cases: ('sudoku', (b, grid)) or ('kakuro', Case)."""
    if problem == "poj3074":
        out = []
        for line in text.split("\n"):
            line = line.strip()
            if line == "end":
                break
            if line:
                out.append((3, sudoku.from_dots(line)))
        return out
    if problem == "poj2676":
        tokens = text.split()
        t = int(tokens[0])
        return [(3, sudoku.from_dots("".join(tokens[1 + 9 * i : 10 + 9 * i]))) for i in range(t)]
    if problem == "poj3076":
        rows = text.split()
        assert len(rows) % 16 == 0
        return [(4, sudoku.from_letters(rows[i : i + 16])) for i in range(0, len(rows), 16)]
    return kakuro.split_cases(text)


def canonical(problem, grids):
    """The exact expected layout of the grids (list of cell-string lists per case)."""
    lines = []
    for k, cells in enumerate(grids):
        if problem == "poj3074":
            lines.append("".join(cells))
        elif problem == "poj2676":
            lines.extend("".join(cells[r * 9 : r * 9 + 9]) for r in range(9))
        elif problem == "poj3076":
            if k:
                lines.append("")
            lines.extend("".join(cells[r * 16 : r * 16 + 16]) for r in range(16))
        else:
            n, m = cells
            lines.extend(" ".join(row) for row in n)
    return lines


def check(problem, input_text, output: bytes):
    cases = read_cases(problem, input_text)
    chars = [chr(ch) for ch in output if ch not in BLANKS]
    pos = 0
    grids = []
    for case in cases:
        if problem in ("poj3074", "poj2676", "poj3076"):
            b, puzzle = case
            n = b * b
            cells = chars[pos : pos + n * n]
            pos += n * n
            if len(cells) < n * n:
                return "WA", f"output ends early (case {len(grids) + 1})"
            if b == 3:
                if any(ch not in "123456789" for ch in cells):
                    return "WA", f"case {len(grids) + 1}: a cell is not a digit"
                grid = [int(ch) for ch in cells]
            else:
                if any(not ("A" <= ch <= "P") for ch in cells):
                    return "WA", f"case {len(grids) + 1}: a cell is not a letter A-P"
                grid = [ord(ch) - 64 for ch in cells]
            if not sudoku.is_valid_solution(puzzle, grid, b):
                return "WA", f"case {len(grids) + 1}: not a valid completion"
            grids.append(cells)
        else:
            need = case.n * case.m
            cells = chars[pos : pos + need]
            pos += need
            if len(cells) < need:
                return "WA", f"output ends early (case {len(grids) + 1})"
            rows = [cells[r * case.m : (r + 1) * case.m] for r in range(case.n)]
            err = kakuro.check_fill(case, rows, problem == "kakuro")
            if err:
                return "WA", f"case {len(grids) + 1}: {err}"
            grids.append((rows, None))
    if pos != len(chars):
        return "WA", "extra characters after the last answer"
    want = canonical(problem, grids)
    try:
        text = output.decode("ascii")
    except UnicodeDecodeError:
        return "PE", "non-ASCII blank?"
    if "\r" in text or "\t" in text:
        return "PE", "CR or tab in output"
    got = [line.rstrip(" ") for line in text.split("\n")]
    while got and got[-1] == "":
        got.pop()
    if got != want:
        for i, (a, b) in enumerate(zip(got, want)):
            if a != b:
                return "PE", f"line {i + 1}: {a[:40]!r} expected {b[:40]!r}"
        return "PE", f"{len(got)} lines, expected {len(want)}"
    return "AC", f"{len(grids)} cases"


def main(argv):
    import argparse

    ap = argparse.ArgumentParser(
        prog="validate.py",
        description="AC, PE or WA of one output (exit 0, 2, 1), independent of gridjudge's checker.",
    )
    ap.add_argument("problem", choices=["poj3074", "poj2676", "hdu3338", "poj3076", "kakuro"])
    ap.add_argument("input", help="the judge input")
    ap.add_argument("output", help="the contestant's output")
    args = ap.parse_args(argv[1:])
    problem, inp, outp = args.problem, args.input, args.output
    try:
        with open(inp) as f:
            input_text = f.read()
        with open(outp, "rb") as f:
            output = f.read()
    except OSError as e:
        ap.exit(66, f"validate.py: {e}\n")
    verdict, why = check(problem, input_text, output)
    print(verdict, why)
    return {"AC": 0, "WA": 1, "PE": 2}[verdict]


if __name__ == "__main__":
    sys.exit(main(sys.argv))
