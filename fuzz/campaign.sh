#!/usr/bin/env bash
# A fuzzing campaign on one machine: libFuzzer's fork mode on each target with its
# dictionary, the campaign corpus merged and minimised afterwards, crashes kept with the
# command that reproduces them, and a summary per target. For campaigns longer than a
# machine can give, use ClusterFuzzLite (.clusterfuzzlite/, .github/workflows/cflite_*).
#
# Usage: bash fuzz/campaign.sh TARGET|all [--jobs N] [--minutes M] [--timeout S] [--sanitizer address|none] [--no-trace-compares]
#   --jobs N      parallel fuzzing processes (libFuzzer -fork=N; default 2)
#   --minutes M   minutes per target (default 10)
#   --timeout S   an input running longer than S seconds is a hang (default 1; 15 for
#                 solve_kakuro, whose search budget takes up to about 11 s an input under
#                 ASan with comparison tracing, 1.8 s without: fuzz/README.md)
#   --sanitizer   address (default) or none: 3-10x the executions, for targets whose
#                 code has no `unsafe` (the solvers), where ASan can find nothing
#   --no-trace-compares  build without libFuzzer's comparison tracing: 2.4-3.9x the
#                 executions of the structure-aware targets (solve_sudoku,
#                 report_writers), whose bytes go through arbitrary's choices rather than
#                 comparisons, at the same or higher coverage (fuzz/README.md, "Measured side by side")
#
# Corpus: fuzz/corpus/TARGET/ (not committed; started from the committed seeds in
# fuzz/regressions/TARGET/ and kept between campaigns, minimised with -merge=1 at the
# end of each). Crashes, hangs and out-of-memory inputs: fuzz/artifacts/TARGET/, each
# with a .repro file holding the command that replays it. The summary is printed and
# appended to fuzz/artifacts/campaigns.log. Exit 1 if any target crashed or hung.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '7,18p' "$0" >&2; exit 64; }
[ "$#" -ge 1 ] || usage
what=$1; shift
jobs=2 minutes=10 timeout= sanitizer=address trace=yes
while [ "$#" -gt 0 ]; do
    case $1 in
        --jobs) jobs=${2:?}; shift 2 ;;
        --minutes) minutes=${2:?}; shift 2 ;;
        --timeout) timeout=${2:?}; shift 2 ;;
        --sanitizer) sanitizer=${2:?}; shift 2 ;;
        --no-trace-compares) trace=no; shift ;;
        *) usage ;;
    esac
done

export RUSTUP_TOOLCHAIN=nightly
cargo fuzz --version >/dev/null 2>&1 || { echo "campaign.sh: needs nightly and cargo-fuzz (see fuzz/README.md)" >&2; exit 2; }
mapfile -t all < <(cargo fuzz list)
if [ "$what" = all ]; then targets=("${all[@]}"); else
    printf '%s\n' "${all[@]}" | grep -qx "$what" || { echo "campaign.sh: no target $what (cargo fuzz list)" >&2; exit 64; }
    targets=("$what")
fi
case $sanitizer in
    address) target_dir=fuzz/target ;;
    none) target_dir=fuzz/target-none ;;   # beside the ASan build, not over it
    *) usage ;;
esac
build_flags=(-O -s "$sanitizer")
if [ "$trace" = no ]; then
    target_dir=$target_dir-notc   # beside the traced builds, not over them
    build_flags+=(--no-trace-compares)
fi
echo "==> cargo fuzz build ${build_flags[*]}"
cargo fuzz build "${build_flags[@]}" --target-dir "$target_dir" >/dev/null
bin_dir=$target_dir/x86_64-unknown-linux-gnu/release

# Coverage of a corpus: libFuzzer's "cov:" after reading it without fuzzing.
coverage() { # BIN DIR...
    "$1" -runs=0 -rss_limit_mb=4096 -timeout=600 "${@:2}" 2>&1 | sed -n 's/.*INITED cov: \([0-9]*\) ft: \([0-9]*\).*/\1 \2/p' | tail -1
}
count() { find "$1" -maxdepth 1 -type f | wc -l; }

summary=()
bad=0
for t in "${targets[@]}"; do
    bin=$bin_dir/$t
    corpus=fuzz/corpus/$t
    arts=fuzz/artifacts/$t
    mkdir -p "$corpus" "$arts"
    [ "$(count "$corpus")" -gt 0 ] || cp fuzz/regressions/"$t"/* "$corpus"/
    dict=fuzz/dicts/$t.dict
    read -r cov0 ft0 < <(coverage "$bin" "$corpus" fuzz/regressions/"$t")
    files0=$(count "$corpus")
    case $t in solve_kakuro) unit=${timeout:-15} ;; *) unit=${timeout:-1} ;; esac
    echo "==> $t: ${minutes} min, $jobs jobs, timeout ${unit} s, corpus $files0 files, cov $cov0"
    log=$(mktemp)
    before=$(ls "$arts")
    set +e
    # Fork mode's parent checks -max_total_time only between children, and a child ran
    # with the same -max_total_time: a 2026-11-26 campaign of 75 minutes (one job) was
    # still fuzzing after 95, its child 55 minutes old. `timeout` ends the parent and its
    # children (its process group) a minute after the time asked for.
    timeout -k 30 $((minutes * 60 + 60)) \
    "$bin" -fork="$jobs" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
        -dict="$dict" -max_total_time=$((minutes * 60)) -timeout="$unit" \
        -rss_limit_mb=2048 -artifact_prefix="$arts/" \
        "$corpus" fuzz/regressions/"$t" >"$log" 2>&1
    set -e
    # Fork mode's status lines: "#EXECS: cov: C ft: F corp: N exec/s E oom/timeout/crash: O/T/C time: S job: J".
    last=$(grep -E '^#[0-9]+: cov:' "$log" | tail -1)
    execs=$(sed -n 's/^#\([0-9]*\):.*/\1/p' <<<"$last")
    faults=$(sed -n 's/.*oom\/timeout\/crash: \([0-9]*\/[0-9]*\/[0-9]*\).*/\1/p' <<<"$last")
    # Merge and minimise: the smallest set of inputs with the same coverage.
    merged=$(mktemp -d)
    "$bin" -merge=1 -rss_limit_mb=4096 -timeout=600 "$merged" "$corpus" >/dev/null 2>&1 || true
    if [ "$(count "$merged")" -gt 0 ]; then rm -rf "$corpus"; mv "$merged" "$corpus"; else rm -rf "$merged"; fi
    read -r cov1 ft1 < <(coverage "$bin" "$corpus")
    new=$(comm -13 <(echo "$before") <(ls "$arts") | grep -Ev '\.repro$' || true)
    for a in $new; do
        printf 'RUSTUP_TOOLCHAIN=nightly cargo fuzz run -s %s %s %s\n# or, on stable: copy it into fuzz/regressions/%s/ and run cargo test --test it -- fuzz_replay::\n' \
            "$sanitizer" "$t" "$arts/$a" "$t" > "$arts/$a.repro"
        echo "    kept $arts/$a: replay with $(head -1 "$arts/$a.repro")"
    done
    n_new=$(printf '%s' "$new" | grep -c . || true)
    [ "$n_new" -eq 0 ] || bad=1
    line=$(printf '%-16s %12s execs  cov %5s -> %5s  ft %6s -> %6s  corpus %5s -> %5s files  oom/timeout/crash %s  kept %s' \
        "$t" "${execs:-0}" "${cov0:-?}" "${cov1:-?}" "${ft0:-?}" "${ft1:-?}" "$files0" "$(count "$corpus")" "${faults:-0/0/0}" "$n_new")
    summary+=("$line")
    echo "    $line"
    rm -f "$log"
done
echo
echo "campaign summary ($(date -u +%Y-%m-%dT%H:%MZ), ${minutes} min x ${#targets[@]} targets, $jobs jobs, timeout ${timeout:-1 (solve_kakuro 15)} s, sanitizer $sanitizer, trace-compares $trace):"
mkdir -p fuzz/artifacts
{
    echo "# $(date -u +%Y-%m-%dT%H:%MZ) $(git rev-parse --short HEAD 2>/dev/null) --jobs $jobs --minutes $minutes --timeout ${timeout:-default} --sanitizer $sanitizer$([ "$trace" = yes ] || echo ' --no-trace-compares')"
    printf '%s\n' "${summary[@]}"
} >> fuzz/artifacts/campaigns.log
printf '%s\n' "${summary[@]}"
exit "$bad"
