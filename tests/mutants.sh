#!/usr/bin/env bash
# Mutation testing with cargo-mutants, one module at a time, each with the test targets
# that suffice for it (all of the suite would do too, at about ten times the cost).
#
# Usage: bash tests/mutants.sh MODULE [cargo-mutants options]
#        bash tests/mutants.sh diff [BASE [cargo-mutants options]]
#                                             quick mode: only mutants in the lines changed
#                                             since BASE (default: the merge base with
#                                             origin/main), all modules
# MODULE: verify | check | format | solve. Results in mutants.out/ (see tests/MUTANTS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-mutants >/dev/null || { echo "mutants.sh: cargo install cargo-mutants --locked" >&2; exit 2; }

tests_for() {
    case $1 in
        verify) echo "--lib --test properties_sudoku --test properties_kakuro --test spec_samples" ;;
        check) echo "--lib --test properties_checker --test cli_check --test spec_samples" ;;
        format) echo "--lib --test malformed_inputs --test spec_samples --test snapshots_errors --test properties_sudoku --test properties_kakuro" ;;
        solve) echo "--lib --test sudoku_solvers --test kakuro_solvers --test snapshots_solvers --test properties_sudoku --test properties_kakuro" ;;
        *) return 1 ;;
    esac
}

module=${1:?usage: tests/mutants.sh verify|check|format|solve|diff}
shift
if [ "$module" = diff ]; then
    base=${1:-$(git merge-base HEAD origin/main 2>/dev/null || git rev-parse HEAD)}
    if [ $# -gt 0 ]; then shift; fi # the rest (-j 2, --iterate, …) goes to cargo-mutants
    diff_file=$(mktemp)
    mkdir -p target # (cargo-mutants does not create the output's parent on a fresh clone)
    git diff "$base" -- src/verify src/check src/format src/solve > "$diff_file"
    if [ ! -s "$diff_file" ]; then
        echo "mutants.sh: no change in src/verify, src/check, src/format or src/solve since $(git rev-parse --short "$base"): nothing to mutate"
        exit 0
    fi
    # Every module's tests: a change may touch several.
    exec cargo mutants --in-diff "$diff_file" --output target/mutants-diff "$@" -- \
        $(tests_for verify) --test properties_checker --test cli_check --test malformed_inputs \
        --test snapshots_errors --test sudoku_solvers --test kakuro_solvers --test snapshots_solvers
fi
args=$(tests_for "$module") || { echo "mutants.sh: unknown module $module" >&2; exit 64; }
# --sharding round-robin: `--shard k/n` is then every n-th mutant, spread over every file
# of the module (cargo-mutants' default, `slice`, takes one contiguous n-th: a file or two).
# cargo-mutants refuses --sharding without --shard: a whole-module run passes neither.
sharding=()
for a in "$@"; do case $a in --shard|--shard=*) sharding=(--sharding round-robin) ;; esac; done
mkdir -p target
exec cargo mutants -f "src/$module/**" "${sharding[@]}" --output "target/mutants-$module" "$@" -- $args
