#!/usr/bin/env bash
# Deterministic instruction-count check of gridjudge's Sudoku solvers, of the Kakuro
# max-flow solver and of the built-in checker on the biggest Kakuro judge cases.
#
# Builds the driver in this folder (release), runs it under
# `valgrind --tool=callgrind`, counting only instructions inside the driver's
# `measure` function (solving every puzzle of the fixed set), and compares the count
# per solver with the hard limit committed in limits.txt. Exits 1 when a count is
# over its limit (or a puzzle is not solved), 2 on a setup problem.
#
# Usage (from anywhere):   benches/instructions/check.sh
#   UPDATE=1 benches/instructions/check.sh   prints suggested limits (count + 10 %)
# Needs: cargo, valgrind (3.19 tested). Counts depend on the compiler version and
# target, so limits carry headroom; re-baseline with UPDATE=1 after a toolchain bump.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
data="$root/benches/data/sudoku"
# The fixed puzzle sets: for the Sudoku solvers top95 (9×9) and the poj3076 sample
# (16×16); for the Kakuro max-flow solver the nine 100×100 HDU 3338 boards.
set_files=("$data/top95.txt" "$here/poj3076_sample.txt")
flow_files=("$root/benches/data/kakuro/gen_100x100.in" "$root/benches/data/kakuro/marcizhu_150crop_100x100.in")
# For the checker: the two biggest Kakuro judge cases, as PROBLEM IN ANS triples.
cases="$root/judge-cases"
check_args=(hdu3338 "$cases/hdu3338/data/secret/06_gen_100x100.in" "$cases/hdu3338/data/secret/06_gen_100x100.ans"
    kakuro "$cases/kakuro/data/secret/05_marcizhu_150crop_100x100.in" "$cases/kakuro/data/secret/05_marcizhu_150crop_100x100.ans")
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"

command -v valgrind >/dev/null || { echo "check.sh: valgrind not found" >&2; exit 2; }
cargo build --quiet --release --manifest-path "$here/Cargo.toml" || exit 2
bin="$CARGO_TARGET_DIR/release/gridjudge-instructions"

status=0
for solver in dfs dlx flow check; do
    out="$(mktemp)"
    files=("${set_files[@]}")
    region='gridjudge_instructions::measure'
    if [ "$solver" = flow ]; then
        files=("${flow_files[@]}")
        region='gridjudge_instructions::measure_flow'
    elif [ "$solver" = check ]; then
        files=("${check_args[@]}")
        region='gridjudge_instructions::measure_check'
    fi
    if ! valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        --toggle-collect="$region" \
        "$bin" "$solver" "${files[@]}" >"$out" 2>&1; then
        cat "$out" >&2
        echo "check.sh: $solver run failed" >&2
        rm -f "$out"
        exit 1
    fi
    count="$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out" | tail -1)"
    rm -f "$out"
    [ -n "$count" ] || { echo "check.sh: no instruction count for $solver" >&2; exit 2; }
    limit="$(awk -v s="$solver" '$1 == s { print $2 }' "$here/limits.txt")"
    if [ "${UPDATE:-0}" = 1 ]; then
        echo "$solver $count  (suggested limit $((count + count / 10)))"
        continue
    fi
    [ -n "$limit" ] || { echo "check.sh: no limit for $solver in limits.txt" >&2; exit 2; }
    if [ "$count" -gt "$limit" ]; then
        echo "FAIL $solver: $count instructions > limit $limit"
        status=1
    else
        echo "ok   $solver: $count instructions <= limit $limit ($((count * 100 / limit))% of it)"
    fi
done
exit "$status"
