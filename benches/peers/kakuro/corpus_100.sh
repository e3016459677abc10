#!/usr/bin/env bash
# The generated 100x100 classic corpus of benches/data/kakuro-100/SOURCES.md: seeds 1..30
# at the default density and at `--white 95`, one board per file, written to DIR
# (default target/kakuro-100). The generator is deterministic (same arguments, same
# bytes), so only the slowest boards are committed.
#
#   benches/peers/kakuro/corpus_100.sh [DIR]
set -eu
root=$(cd "$(dirname "$0")/../../.." && pwd)
gj=${GRIDJUDGE:-$root/target/release/gridjudge}
out=${1:-$root/target/kakuro-100}
mkdir -p "$out"
for s in $(seq 1 30); do
  "$gj" gen kakuro --variant classic --rows 100 --cols 100 --seed "$s" --stats /dev/null > "$out/c-$s.kakuro.in"
  "$gj" gen kakuro --variant classic --rows 100 --cols 100 --white 95 --seed "$s" --stats /dev/null > "$out/w95-$s.kakuro.in"
done
echo "$out: 60 boards"
