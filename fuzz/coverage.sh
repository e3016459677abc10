#!/usr/bin/env bash
# Which lines of the parsers, checkers, validators and solvers the fuzz corpus reaches:
# `cargo fuzz coverage` for each target (over fuzz/corpus/TARGET when a campaign made one,
# else the committed seeds), the profiles merged, and `llvm-cov report` over every target
# binary at once, restricted to the core crate's format, check, verify and solve
# (crates/core/src/).
#
# Usage: bash fuzz/coverage.sh [TARGET...]    (default: every target)
# Needs: nightly with llvm-tools (rustup component add llvm-tools-preview --toolchain
# nightly), cargo-fuzz. Output: the per-file table, a line per folder, and
# fuzz/coverage/summary.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTUP_TOOLCHAIN=nightly
sysroot=$(rustc --print sysroot)
bin=$(echo "$sysroot"/lib/rustlib/*/bin)
[ -x "$bin/llvm-cov" ] || { echo "coverage.sh: no llvm-cov: rustup component add llvm-tools-preview --toolchain nightly" >&2; exit 2; }
if [ "$#" -gt 0 ]; then targets=("$@"); else mapfile -t targets < <(cargo fuzz list); fi
objects=()
profiles=()
for t in "${targets[@]}"; do
    corpus=fuzz/corpus/$t
    [ -d "$corpus" ] && [ -n "$(ls -A "$corpus")" ] || corpus=fuzz/regressions/$t
    echo "==> $t over $corpus"
    cargo fuzz coverage "$t" "$corpus" >/dev/null 2>&1 || { echo "coverage.sh: cargo fuzz coverage $t failed" >&2; exit 1; }
    # The instrumented binary: cargo-fuzz 0.13 builds it under the workspace's target/
    # (older versions under fuzz/target/).
    obj=
    for dir in target fuzz/target; do
        candidate=$dir/x86_64-unknown-linux-gnu/coverage/x86_64-unknown-linux-gnu/release/$t
        if [ -f "$candidate" ]; then obj=$candidate; break; fi
    done
    [ -n "$obj" ] || { echo "coverage.sh: no coverage build of $t found" >&2; exit 1; }
    objects+=(-object "$obj")
    profiles+=("fuzz/coverage/$t/coverage.profdata")
done
"$bin/llvm-profdata" merge -sparse "${profiles[@]}" -o fuzz/coverage/all.profdata
report=$("$bin/llvm-cov" report "${objects[@]:1}" -instr-profile=fuzz/coverage/all.profdata \
    -ignore-filename-regex='(\.cargo|rustc|/fuzz/|/src/(judge|cli|fuzzing|gen|package|stress|bin)/)' \
    "$PWD/crates/core/src/format" "$PWD/crates/core/src/check" "$PWD/crates/core/src/verify" "$PWD/crates/core/src/solve")
echo "$report"
# Lines covered per folder, from the per-file rows (columns: ... Lines MissedLines Cover ...).
{
    echo "fuzz corpus line coverage ($(date -u +%Y-%m-%d), $(git rev-parse --short HEAD), ${#targets[@]} targets):"
    for dir in format check verify solve; do
        grep -E "(^|/)$dir/" <<<"$report" | awk -v d="core/$dir" '{lines+=$8; missed+=$9} END {if (lines) printf "  %-11s %5d of %5d lines (%.1f %%)\n", d, lines-missed, lines, 100*(lines-missed)/lines}'
    done
} | tee fuzz/coverage/summary.txt
