#!/usr/bin/env bash
# Mutation testing with cargo-mutants, one module at a time, each with the tests that
# suffice for it (all of the suite would do too, at about ten times the cost).
#
# Usage: bash tests/mutants.sh MODULE [cargo-mutants options]
#        bash tests/mutants.sh diff [BASE [cargo-mutants options]]
#                                             quick mode: only mutants in the lines changed
#                                             since BASE (default: the merge base with
#                                             origin/main), all modules
# MODULE: verify | check | format | solve, the core crate's modules (crates/core/src/MODULE),
# whose tests are partly the core's unit tests and partly gridjudge's integration tests:
# every mutant runs both (--test-workspace). Results in target/mutants-MODULE (see
# tests/MUTANTS.md).
set -euo pipefail
cd "$(dirname "$0")/.."
# cargo-mutants, checked (or, with MUTANTS_INSTALL=1, installed at the pinned version)
# only once there is something to mutate: quick mode on an unchanged tree needs none.
MUTANTS_VERSION=27.1.0
need_mutants() {
    command -v cargo-mutants >/dev/null && return
    if [ "${MUTANTS_INSTALL:-0}" = 1 ]; then
        cargo install cargo-mutants --version "$MUTANTS_VERSION" --locked -q
    else
        echo "mutants.sh: cargo install cargo-mutants --version $MUTANTS_VERSION --locked" >&2
        exit 2
    fi
}

# The integration tests of the one test binary `it` that suffice for each module, as test
# name filters (a test runs when its path contains one of them). libtest applies the
# filters to both test binaries, so they come after `tests::`, which keeps every unit
# test of `--lib` (all of them live in `tests` modules, and no test of `it` does).
filters_for() {
    case $1 in
        verify) echo "solvers::properties_sudoku:: solvers::properties_kakuro:: formats::spec_samples::" ;;
        check) echo "formats::properties_checker:: cli::check:: formats::spec_samples::" ;;
        format) echo "formats::malformed_inputs:: formats::spec_samples:: formats::snapshots:: solvers::properties_sudoku:: solvers::properties_kakuro::" ;;
        solve) echo "solvers::sudoku:: solvers::kakuro:: solvers::snapshots:: solvers::properties_sudoku:: solvers::properties_kakuro::" ;;
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
    core=crates/core/src
    git diff "$base" -- "$core/verify" "$core/check" "$core/format" "$core/solve" > "$diff_file"
    if [ ! -s "$diff_file" ]; then
        echo "mutants.sh: no change in $core/verify, check, format or solve since $(git rev-parse --short "$base"): nothing to mutate"
        exit 0
    fi
    need_mutants
    # Every module's tests: a change may touch several.
    exec cargo mutants --package gridjudge-core --test-workspace=true --in-diff "$diff_file" \
        --output target/mutants-diff "$@" -- \
        --lib --tests -- tests:: $(filters_for verify) formats::properties_checker:: cli::check:: \
        formats::malformed_inputs:: formats::snapshots:: solvers::sudoku:: solvers::kakuro:: \
        solvers::snapshots::
fi
filters=$(filters_for "$module") || { echo "mutants.sh: unknown module $module" >&2; exit 64; }
need_mutants
# --sharding round-robin: `--shard k/n` is then every n-th mutant, spread over every file
# of the module (cargo-mutants' default, `slice`, takes one contiguous n-th: a file or two).
# cargo-mutants refuses --sharding without --shard: a whole-module run passes neither.
sharding=()
for a in "$@"; do case $a in --shard|--shard=*) sharding=(--sharding round-robin) ;; esac; done
mkdir -p target
exec cargo mutants --package gridjudge-core --test-workspace=true -f "crates/core/src/$module/**" \
    "${sharding[@]}" --output "target/mutants-$module" "$@" -- --lib --tests -- tests:: $filters
