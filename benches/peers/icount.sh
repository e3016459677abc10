#!/usr/bin/env bash
# Deterministic side-by-side instruction counts (callgrind) for one puzzle file:
# gridjudge DFS and DLX (benches/instructions driver) vs the `sudoku` crate 0.8.0 and
# the `dlx` crate 0.8.5 (this crate's driver). Only each driver's `measure` function
# (solving every puzzle, first solution) is counted. Informational: exits 0.
# Usage: benches/peers/icount.sh [FILE]   (default: top95)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
file="${1:-$root/benches/data/sudoku/top95.txt}"
cargo build --quiet --release --manifest-path "$here/Cargo.toml" --bin gridjudge-peers
CARGO_TARGET_DIR="$root/target" cargo build --quiet --release \
    --manifest-path "$root/benches/instructions/Cargo.toml"
count() { # binary, toggle, args...
    local bin="$1" toggle="$2"
    shift 2
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect="$toggle" \
        "$bin" "$@" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p' | tail -1
}
n="$(wc -l <"$file")"
for s in dfs dlx; do
    c="$(count "$root/target/release/gridjudge-instructions" 'gridjudge_instructions::measure' "$s" "$file")"
    echo "gridjudge_$s  $c instructions  $((c / n)) per puzzle"
done
for s in sudoku dlx; do
    c="$(count "$here/target/release/gridjudge-peers" 'gridjudge_peers::measure' "$s" "$file")"
    echo "peer_$s  $c instructions  $((c / n)) per puzzle"
done
