#!/usr/bin/env bash
# Whole-process Sudoku comparison: each program is started once per file, reads the same
# POJ 3074 input (81-character lines, then `end`) and prints every puzzle's first
# solution (or its solution count up to 2). Wall time per run, median of N rounds; the
# contenders run interleaved (one of each per round, each round starting with the next
# contender), so a busy machine slows all alike.
#
# Contenders, first solution:
#   gridjudge dfs / dlx: `gridjudge solve poj3074 --solver dfs|dlx FILE`, the release
#                        binary linked statically (`cargo build-static`, docs/benchmarks.md "A static binary");
#                        where that link fails (no static glibc), the dynamic one, said so
#   gridjudge dfs, dynamic: the same with the `cargo build --release` binary (column
#                        "dfs dyn"; shown when the static one was built)
#   tdoku:               tdoku_driver.cc around TdokuSolverDpllTriadSimd (g++ -O3
#                        -march=native), from the tdoku checkout in TDOKU_DIR (skipped
#                        when TDOKU_DIR is unset); tdoku is never vendored here
#   seed dlx:            judge-cases/poj3074/submissions/accepted/dlx.cpp (g++ -O2), stdin
# Count up to 2: `gridjudge count poj3074 --limit 2 --solver dfs|dlx FILE` (the CLI, which
# prints `1` or `>= 2` per puzzle) vs `tdoku_driver -c 2`.
#
# Files: every benches/data/sudoku/*.txt (converted to POJ 3074 in a temp dir), a
# generated file of minimal unique puzzles (`gridjudge gen sudoku --count 20000 --seed 17`,
# not committed) and a one-puzzle file with a single empty cell (process start-up).
# All outputs are checked first: identical to gridjudge dfs's, or (serg_benchmark, where
# every puzzle has several solutions) each a valid grid keeping its puzzle's givens.
#
# Usage: TDOKU_DIR=/path/to/tdoku benches/peers/whole_process.sh [--rounds N] [--gen N] [FILE...]
#   FILE: more puzzle files, measured beside the bundled ones: one puzzle of 81 characters
#   per line (`.` or `0` empty, as in benches/data/sudoku); a line `end` and blank lines
#   are dropped; any other line stops the script with its name and line number.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rounds=5
gen=20000
extra=()
while [[ $# -gt 0 ]]; do
    case "$1" in
    --rounds) rounds="$2"; shift 2 ;;
    --gen) gen="$2"; shift 2 ;;
    -*) echo "usage: $0 [--rounds N] [--gen N] [FILE...]" >&2; exit 2 ;;
    *) extra+=("$1"); shift ;;
    esac
done

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "building gridjudge (release, static and dynamic), gridjudge-peers, the seed DLX and the tdoku driver..."
target="${CARGO_TARGET_DIR:-$root/target}"
cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin gridjudge
gj_dynamic="$tmp/gridjudge-dynamic"
cp "$target/release/gridjudge" "$gj_dynamic"
# The static build relinks only the binary crate, at the same path (the alias lives in
# the repository's .cargo/config.toml); the dynamic binary is put back right after.
if (cd "$root" && cargo --quiet build-static); then
    gj="$tmp/gridjudge-static"
    cp "$target/release/gridjudge" "$gj"
    echo "gridjudge: linked statically (cargo build-static); column 'dfs dyn': cargo build --release"
else
    gj="$gj_dynamic"
    gj_dynamic=""
    echo "gridjudge: static link SKIPPED (cargo build-static failed: glibc's static libraries missing?); measured as built by cargo build --release"
fi
cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin gridjudge
peers_target="$here/target"
CARGO_TARGET_DIR="$peers_target" cargo build --quiet --release \
    --manifest-path "$here/Cargo.toml" --bin gridjudge-peers
gp="$peers_target/release/gridjudge-peers"
seed="$tmp/seed_dlx"
g++ -O2 -o "$seed" "$root/judge-cases/poj3074/submissions/accepted/dlx.cpp"
td=""
if [[ -n "${TDOKU_DIR:-}" && -f "$TDOKU_DIR/src/solver_dpll_triad_simd.cc" ]]; then
    td="$tmp/tdoku_driver"
    g++ -O3 -march="${TDOKU_MARCH:-native}" -I"$TDOKU_DIR/include" -o "$td" \
        "$here/tdoku_driver.cc" "$TDOKU_DIR/src/solver_dpll_triad_simd.cc" \
        "$TDOKU_DIR/src/util.cc"
    echo "tdoku: built from TDOKU_DIR=$TDOKU_DIR ($(git -C "$TDOKU_DIR" log -1 --format=%h 2>/dev/null || echo 'not a git checkout'))"
else
    echo "tdoku: SKIPPED (set TDOKU_DIR to a tdoku checkout)"
fi

files=()
for f in "$root"/benches/data/sudoku/*.txt; do
    name="$(basename "$f" .txt)"
    { cat "$f"; echo end; } >"$tmp/$name.poj"
    files+=("$name")
done
for f in "${extra[@]}"; do
    [[ -r "$f" ]] || { echo "$f: cannot read" >&2; exit 2; }
    name="extra_$(basename "$f" | sed 's/\.[^.]*$//; s/[^A-Za-z0-9_]/_/g')"
    # POJ 3074 spells an empty cell '.'; other collections use '0'.
    awk -v f="$f" '{ sub(/\r$/, "") } $0 == "end" || $0 == "" { next }
        length($0) != 81 || $0 !~ /^[0-9.]+$/ { printf "%s:%d: not a puzzle line of 81 characters\n", f, NR > "/dev/stderr"; bad = 1; exit }
        { gsub(/0/, "."); print } END { exit bad }' "$f" >"$tmp/$name.poj"
    echo end >>"$tmp/$name.poj"
    files+=("$name")
done
"$gj" gen sudoku --count "$gen" --seed 17 -o "$tmp/gen_minimal_$gen.poj" 2>/dev/null
files+=("gen_minimal_$gen")
# Start-up cost: one puzzle with a single empty cell.
{ "$gj" solve poj3074 --solver dfs "$tmp/top95.poj" | head -1 | sed 's/^./\./'; echo end; } >"$tmp/startup_1.poj"
files+=(startup_1)

# Contenders: name -> command on a POJ 3074 file.
gj_dfs() { "$gj" solve poj3074 --solver dfs "$1"; }
gj_dlx() { "$gj" solve poj3074 --solver dlx "$1"; }
gj_dfs_dyn() { "$gj_dynamic" solve poj3074 --solver dfs "$1"; }
tdoku() { "$td" "$1"; }
seed_dlx() { "$seed" <"$1"; }
c2_dfs() { "$gj" count poj3074 --limit 2 --solver dfs "$1"; }
c2_dlx() { "$gj" count poj3074 --limit 2 --solver dlx "$1"; }
c2_tdoku() { "$td" -c 2 "$1"; }
first=(gj_dfs gj_dlx seed_dlx)
count=(c2_dfs c2_dlx)
if [[ -n "$td" ]]; then
    first=(gj_dfs gj_dlx tdoku seed_dlx)
    count=(c2_dfs c2_dlx c2_tdoku)
fi
[[ -n "$gj_dynamic" ]] && first+=(gj_dfs_dyn)

echo "checking outputs..."
for name in "${files[@]}"; do
    in="$tmp/$name.poj"
    gj_dfs "$in" >"$tmp/ref"
    for c in "${first[@]}"; do
        "$c" "$in" >"$tmp/out"
        if cmp -s "$tmp/ref" "$tmp/out"; then
            :
        elif "$gp" check "$in" "$tmp/out"; then
            echo "  $name: $c prints other valid solutions on $(diff "$tmp/ref" "$tmp/out" | grep -c '^>') puzzles"
        else
            echo "  $name: $c output is WRONG" >&2
            exit 1
        fi
    done
    c2_dfs "$in" | sed 's/^>= //' >"$tmp/ref"
    for c in "${count[@]}"; do
        "$c" "$in" | sed 's/^>= //' >"$tmp/out"
        cmp -s "$tmp/ref" "$tmp/out" || { echo "  $name: $c counts differ" >&2; exit 1; }
    done
done
echo "  all outputs agree"

# Wall time of one run in microseconds.
wall_us() {
    local t0 t1
    t0="${EPOCHREALTIME/./}"
    "$@" >/dev/null
    t1="${EPOCHREALTIME/./}"
    echo $((t1 - t0))
}
declare -A times
# Each round starts one contender later than the last (no one always runs first).
all=("${first[@]}" "${count[@]}")
for ((r = 0; r < rounds; r++)); do
    for name in "${files[@]}"; do
        for ((i = 0; i < ${#all[@]}; i++)); do
            c="${all[$(((i + r) % ${#all[@]}))]}"
            times[$name.$c]+="$(wall_us "$c" "$tmp/$name.poj") "
        done
    done
done
median_ms() { # "us us us ..." -> median in ms, 2 decimals
    tr ' ' '\n' <<<"$1" | grep . | sort -n |
        awk '{ v[NR] = $1 } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.2f", m / 1000 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
puzzles() { grep -c -v '^end' "$tmp/$1.poj" || true; }

echo
echo "Whole process, first solution: median wall ms of $rounds interleaved rounds; ratio = peer / ours (> 1: gridjudge faster)"
if [[ -n "$td" ]]; then
    echo "| file | puzzles | gridjudge dfs | gridjudge dlx | tdoku | seed dlx | tdoku / dfs | seed dlx / dlx | seed dlx / dfs |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
else
    echo "| file | puzzles | gridjudge dfs | gridjudge dlx | seed dlx | seed dlx / dlx | seed dlx / dfs |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
fi
for name in "${files[@]}"; do
    dfs="$(median_ms "${times[$name.gj_dfs]}")"
    dlx="$(median_ms "${times[$name.gj_dlx]}")"
    sd="$(median_ms "${times[$name.seed_dlx]}")"
    if [[ -n "$td" ]]; then
        t="$(median_ms "${times[$name.tdoku]}")"
        echo "| $name | $(puzzles "$name") | $dfs | $dlx | $t | $sd | $(ratio "$t" "$dfs") | $(ratio "$sd" "$dlx") | $(ratio "$sd" "$dfs") |"
    else
        echo "| $name | $(puzzles "$name") | $dfs | $dlx | $sd | $(ratio "$sd" "$dlx") | $(ratio "$sd" "$dfs") |"
    fi
done

if [[ -n "$gj_dynamic" ]]; then
    echo
    echo "The DFS from the dynamic binary (cargo build --release), same rounds"
    echo "| file | gridjudge dfs, static | gridjudge dfs, dynamic | dynamic / static |$([[ -n "$td" ]] && echo " tdoku / dfs dynamic |")"
    echo "|---|---:|---:|---:|$([[ -n "$td" ]] && echo "---:|")"
    for name in "${files[@]}"; do
        dfs="$(median_ms "${times[$name.gj_dfs]}")"
        dyn="$(median_ms "${times[$name.gj_dfs_dyn]}")"
        row="| $name | $dfs | $dyn | $(ratio "$dyn" "$dfs") |"
        [[ -n "$td" ]] && row+=" $(ratio "$(median_ms "${times[$name.tdoku]}")" "$dyn") |"
        echo "$row"
    done
fi

echo
echo "Whole process, count up to 2: median wall ms of the same rounds"
if [[ -n "$td" ]]; then
    echo "| file | puzzles | gridjudge dfs | gridjudge dlx | tdoku | tdoku / dfs | tdoku / dlx |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
else
    echo "| file | puzzles | gridjudge dfs | gridjudge dlx |"
    echo "|---|---:|---:|---:|"
fi
for name in "${files[@]}"; do
    dfs="$(median_ms "${times[$name.c2_dfs]}")"
    dlx="$(median_ms "${times[$name.c2_dlx]}")"
    if [[ -n "$td" ]]; then
        t="$(median_ms "${times[$name.c2_tdoku]}")"
        echo "| $name | $(puzzles "$name") | $dfs | $dlx | $t | $(ratio "$t" "$dfs") | $(ratio "$t" "$dlx") |"
    else
        echo "| $name | $(puzzles "$name") | $dfs | $dlx |"
    fi
done
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
