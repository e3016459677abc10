#!/usr/bin/env python3
"""Writes the committed seed files under fuzz/regressions/TARGET/ (seed-*; crash files found
by fuzzing are named crash-* and are never touched here). Sources: tests/data/samples/ (the
spec samples) and the puzzle sets in benches/data (first few puzzles / first cases only), plus hand-made
malformed inputs. Re-run: python3 fuzz/tools/make_seeds.py [DATA_DIR]."""
import os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "benches", "data")
SAMPLES = os.path.join(ROOT, "tests/data/samples")
REG = os.path.join(ROOT, "fuzz/regressions")

def sample(name):
    return open(os.path.join(SAMPLES, name), "rb").read()

def data(path):
    return open(os.path.join(DATA, path), "rb").read()

def write(target, name, content):
    d = os.path.join(REG, target)
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "seed-" + name), "wb").write(content)

def kakuro_cases(blob, k):
    """The first k cases of an hdu3338-format file."""
    lines = blob.split(b"\n")
    out, i = [], 0
    for _ in range(k):
        n = int(lines[i].split()[0])
        out += lines[i:i + n + 1]
        i += n + 1
    return b"\n".join(out) + b"\n"

def crlf(b):
    return b.replace(b"\n", b"\r\n")

# ---- poj3074 ----
top95 = data("sudoku/top95.txt").split(b"\n")
serg = data("sudoku/serg_benchmark.txt").split(b"\n")
s3074 = sample("poj3074.in")
line0 = s3074.split(b"\n")[0]
for name, c in {
    "spec_sample.in": s3074,
    "top95_first5.in": b"\n".join(top95[:5]) + b"\nend\n",
    "serg_first3.in": b"\n".join(serg[:3]) + b"\nend\n",
    "bad_short_line.in": line0[:80] + b"\nend\n",
    "bad_long_line.in": line0 + b"1\nend\n",
    "bad_no_end.in": line0 + b"\n",
    "bad_end_without_newline.in": line0 + b"\nend",
    "bad_crlf.in": crlf(s3074),
    "bad_empty.in": b"",
    "bad_only_end.in": b"end\n",
    "bad_after_end.in": s3074 + b"\n",
    "bad_zero_digit.in": line0.replace(b".", b"0", 1) + b"\nend\n",
    "bad_clash.in": b"11" + line0[2:] + b"\nend\n",
    "bad_space.in": b" " + line0[1:] + b"\nend\n",
}.items():
    write("parse_poj3074", name, c)

# ---- poj2676 ----
def as2676(line):
    cells = line.replace(b".", b"0")
    return b"".join(cells[9 * r:9 * r + 9] + b"\n" for r in range(9))
s2676 = sample("poj2676.in")
rows2676 = s2676.split(b"\n")
for name, c in {
    "spec_sample.in": s2676,
    "top95_first2.in": b"2\n" + as2676(top95[0]) + as2676(top95[1]),
    "bad_t_zero.in": b"0\n",
    "bad_t_leading_zero.in": b"01\n" + b"\n".join(rows2676[1:]),
    "bad_t_too_large.in": b"2\n" + b"\n".join(rows2676[1:]),
    "bad_t_huge.in": b"99999999999999999999999\n",
    "bad_long_row.in": b"1\n" + rows2676[1] + b"0\n" + b"\n".join(rows2676[2:]),
    "bad_short_row.in": b"1\n" + rows2676[1][:8] + b"\n" + b"\n".join(rows2676[2:]),
    "bad_dot.in": b"1\n" + rows2676[1].replace(b"0", b".", 1) + b"\n" + b"\n".join(rows2676[2:]),
    "bad_clash.in": b"1\n" + b"11" + rows2676[1][2:] + b"\n" + b"\n".join(rows2676[2:]),
    "bad_trailing_line.in": s2676 + b"\n",
    "bad_crlf.in": crlf(s2676),
    "bad_no_final_newline.in": s2676[:-1],
}.items():
    write("parse_poj2676", name, c)

# ---- poj3076 ----
s3076 = sample("poj3076.in")
rows3076 = s3076.split(b"\n")[:16]
fewer = s3076.replace(b"A", b"-")
for name, c in {
    "spec_sample.in": s3076,
    "two_sets.in": s3076 + b"\n" + fewer,
    "bad_trailing_empty_line.in": s3076 + b"\n",
    "bad_two_empty_lines.in": s3076 + b"\n\n" + s3076,
    "bad_15_lines.in": b"\n".join(rows3076[:15]) + b"\n",
    "bad_lowercase.in": s3076.replace(b"A", b"a", 1),
    "bad_letter_q.in": s3076.replace(b"-", b"Q", 1),
    "bad_dot.in": s3076.replace(b"-", b".", 1),
    "bad_clash.in": s3076.replace(b"--A-", b"A-A-", 1),
    "bad_crlf.in": crlf(s3076),
    "bad_empty.in": b"",
}.items():
    write("parse_poj3076", name, c)

# ---- hdu3338 / kakuro ----
s3338 = sample("hdu3338.in")
skak = sample("kakuro.in")
common = {
    "spec_sample_hdu3338.in": s3338,
    "spec_sample_kakuro.in": skak,
    "handmade_edge.in": data("kakuro/handmade_edge.in"),
    "handmade_infeasible.in": data("kakuro/handmade_infeasible.in"),
    "minizinc_first2.in": kakuro_cases(data("kakuro/minizinc_benchmarks.in"), 2),
    "gecode_first1.in": kakuro_cases(data("kakuro/gecode_nikoli.in"), 1),
    "black_written_as_clues.in": b"2 2\nXXX\\XXX 005\\XXX\nXXX\\005 .......\n",
    "bad_n_one.in": b"1 2\nXXXXXXX XXXXXXX\n",
    "bad_n_101.in": b"101 2\n",
    "bad_leading_zero_n.in": b"02 2\nXXXXXXX 005\\XXX\nXXX\\005 .......\n",
    "bad_double_space.in": b"2 2\nXXXXXXX  005\\XXX\nXXX\\005 .......\n",
    "bad_tab.in": b"2 2\nXXXXXXX\t005\\XXX\nXXX\\005 .......\n",
    "bad_trailing_space.in": b"2 2\nXXXXXXX 005\\XXX \nXXX\\005 .......\n",
    "bad_no_final_newline.in": b"2 2\nXXXXXXX 005\\XXX\nXXX\\005 .......",
    "bad_short_token.in": b"2 2\nXXXXXXX 05\\XXX\nXXX\\005 .......\n",
    "bad_white_on_border.in": b"2 2\nXXXXXXX .......\nXXX\\005 .......\n",
    "bad_clue_without_run.in": b"2 2\nXXXXXXX 005\\XXX\nXXX\\005 XXXXXXX\n",
    "bad_run_without_clue.in": b"2 2\nXXXXXXX XXXXXXX\nXXX\\005 .......\n",
    "bad_missing_row.in": b"3 2\nXXXXXXX 005\\XXX\nXXX\\005 .......\n",
    "bad_clue_out_of_range.in": b"2 2\nXXXXXXX 010\\XXX\nXXX\\010 .......\n",
    "bad_totals_differ.in": b"2 2\nXXXXXXX 004\\XXX\nXXX\\005 .......\n",
    "bad_clue_999.in": b"2 2\nXXXXXXX 999\\XXX\nXXX\\999 .......\n",
    "bad_crlf.in": crlf(s3338),
    "bad_empty.in": b"",
    "bad_blank_line_between_cases.in": s3338.replace(b"\n8 ", b"\n\n8 ", 1) if b"\n8 " in s3338 else s3338 + b"\n",
}
for target in ("parse_hdu3338", "parse_kakuro"):
    for name, c in common.items():
        write(target, name, c)
write("parse_kakuro", "bad_classic_repeat_needed.in", b"3 3\nXXXXXXX 002\\XXX 002\\XXX\nXXX\\002 ....... .......\nXXX\\002 ....... .......\n")
write("parse_kakuro", "bad_classic_run_of_10.in",
      b"2 11\nXXXXXXX" + b" 005\\XXX" * 10 + b"\nXXX\\050" + b" ......." * 10 + b"\n")

# ---- checkers: contestant outputs for the spec sample ----
for p in ("poj3074", "poj2676", "poj3076", "hdu3338", "kakuro"):
    ans = sample(p + ".ans")
    t = "check_" + p
    first_cell = next(i for i, b in enumerate(ans) if b not in b" \n_")
    changed = bytearray(ans)
    changed[first_cell] = ord("1") if ans[first_cell] != ord("1") else ord("2")
    if p == "poj3076":
        changed[first_cell] = ord("A") if ans[first_cell] != ord("A") else ord("B")
    for name, c in {
        "ac_published.out": ans,
        "ac_trailing_blanks.out": ans.replace(b"\n", b"  \n") + b"\n\n",
        "ac_no_final_newline.out": ans[:-1],
        "pe_crlf.out": crlf(ans),
        "pe_one_line.out": ans.replace(b"\n", b" "),
        "pe_no_blanks.out": bytes(b for b in ans if b not in b" \t\r\n"),
        "pe_leading_blank_line.out": b"\n" + ans,
        "pe_tabs.out": ans.replace(b"\n", b"\t\n"),
        "wa_changed_cell.out": bytes(changed),
        "wa_truncated.out": ans[: len(ans) // 2],
        "wa_extra_cell.out": ans + ans[:1],
        "wa_empty.out": b"",
        "wa_garbage.out": bytes(range(256)),
    }.items():
        write(t, name, c)

# ---- structure-aware solver targets: bytes decoded by arbitrary::Unstructured ----
# Deterministic pseudo-random byte strings of several lengths; the first bytes pick the
# box size / board size and the mode, so a few prefixes are forced to cover each.
import random
rng = random.Random(3074)
def blob(prefix, n):
    return bytes(prefix) + bytes(rng.randrange(256) for _ in range(n))
for b in range(3):          # box size 2, 3, 4
    for mode in range(3):   # random givens, from a solved grid, solved grid with changes
        for n in (40, 400):
            write("solve_sudoku", f"b{b + 2}_mode{mode}_{n}.bin", blob([b, mode], n))
for size in ((0, 0), (2, 3), (6, 6), (4, 1)):  # rows-2, cols-2
    for mode in range(2):   # clues from a random fill, random clues
        for n in (30, 150):
            write("solve_kakuro", f"{size[0] + 2}x{size[1] + 2}_mode{mode}_{n}.bin",
                  blob([size[0], size[1], mode], n))
write("solve_sudoku", "empty.bin", b"")
write("solve_kakuro", "empty.bin", b"")

# ---- report_writers (structure-aware): a judging session with hostile text ----
# Deterministic pseudo-random byte strings: the longer, the more problems, cases and text
# they decode to (the empty one is the empty session).
for n in (16, 64, 256, 1024, 4096, 16384):
    write("report_writers", f"session_{n}.bin", blob([], n))
write("report_writers", "empty.bin", b"")
