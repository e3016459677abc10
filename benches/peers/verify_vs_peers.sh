#!/usr/bin/env bash
# The CI gate of a problem repository side by side: `gridjudge verify --package` against
# problemtools' `verifyproblem` and BAPCtools' `bt validate` + `bt run`, each verifying
# the same packages completely (problem.yaml, every input through the input validator,
# every answer through the output validator, every example submission on every case).
#
# The packages are the bundled problems exported by gridjudge (their example
# submissions in C, C++, Python, Java and Rust, some of which are meant to be TLE): in
# the legacy format for verifyproblem, in 2025-09 for bt (the one format bt reads), and
# gridjudge verifies both. Each tool stops a submission at its first failing case, as
# verifyproblem and `bt run` do by default (`gridjudge verify --fail-fast` on 2025-09;
# a legacy package's verdict is its first failing case's, so plain `verify` stops there
# too); the last column is `gridjudge verify` on 2025-09 as it runs by default, checking
# every case against the rules of its folder. The rounds are interleaved (gridjudge, then its peer, per
# package, per round); the table gives the median wall seconds per package and the
# ratio peer / gridjudge (> 1: gridjudge faster). Every run must pass: a tool that
# fails a package is reported, and the script exits 1, since its time would not be the
# time of the same work.
#
# Usage: benches/peers/verify_vs_peers.sh [--rounds N] [--jobs J] [PROBLEM...]
#   --rounds N   rounds per tool and package (default 3)
#   --jobs J     parallel runs for every tool (gridjudge -j, verifyproblem --threads,
#                bt -j; default 1)
#   PROBLEM      bundled problems to export (default: all five)
#   VERIFYPROBLEM, BT: the tools (default: on PATH, else pip-installed into $VENV,
#                default target/problemtools-venv); one that cannot be had is skipped
#                with a line
#   GRIDJUDGE: the gridjudge binary (default: target/release/gridjudge, built if missing)
# Runs as root (the sandbox needs it; the peers run their programs unconfined).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rounds=3
jobs=1
problems=()
while [ $# -gt 0 ]; do
    case $1 in
        --rounds) rounds=$2; shift 2 ;;
        --jobs) jobs=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | grep '^#'; exit 0 ;;
        *) problems+=("$1"); shift ;;
    esac
done
[ "${#problems[@]}" -gt 0 ] || problems=(poj3074 poj2676 hdu3338 poj3076 kakuro)

gridjudge="${GRIDJUDGE:-$root/target/release/gridjudge}"
if [ ! -x "$gridjudge" ]; then
    (cd "$root" && cargo build --quiet --release --bin gridjudge)
fi
# The peers: as given, else from PATH, else installed from PyPI into the venv .ci/run
# uses (target/problemtools-venv, or $VENV); a tool that cannot be had is skipped.
venv="${VENV:-$root/target/problemtools-venv}"
verifyproblem="${VERIFYPROBLEM:-$(command -v verifyproblem || true)}"
bt="${BT:-$(command -v bt || true)}"
if [ -z "$verifyproblem" ] || [ -z "$bt" ]; then
    if [ ! -x "$venv/bin/verifyproblem" ] || [ ! -x "$venv/bin/bt" ]; then
        { [ -x "$venv/bin/pip" ] || python3 -m venv "$venv"; } &&
            "$venv/bin/pip" install -q problemtools bapctools ||
            echo "note: pip install problemtools bapctools into $venv failed"
    fi
    [ -n "$verifyproblem" ] || [ ! -x "$venv/bin/verifyproblem" ] || verifyproblem="$venv/bin/verifyproblem"
    [ -n "$bt" ] || [ ! -x "$venv/bin/bt" ] || bt="$venv/bin/bt"
fi
[ -n "$verifyproblem" ] || echo "SKIP verifyproblem: not found and not installable (set VERIFYPROBLEM)"
[ -n "$bt" ] || echo "SKIP bt: not found and not installable (set BT)"
command -v pypy3 >/dev/null || echo "note: no pypy3: BAPCtools and problemtools run Python submissions with CPython"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/legacy" "$work/v2025" "$work/logs" "$work/btconfig"
for p in "${problems[@]}"; do
    "$gridjudge" export "$p" --out "$work/legacy/$p" 2>>"$work/logs/export.log"
    "$gridjudge" export "$p" --out "$work/v2025/$p" --format-version 2025-09 2>>"$work/logs/export.log"
done

# time_of LOG CMD...: runs CMD (its output to LOG), prints its wall seconds; a failing
# run is named and marks the whole measurement failed.
time_of() {
    local log=$1 start end
    shift
    start=$(date +%s.%N)
    if ! "$@" >"$log" 2>&1; then
        echo "FAILED ($*): see below" >&2
        tail -n 20 "$log" >&2
        touch "$work/failed" # (time_of runs in a command substitution: a file outlives it)
    fi
    end=$(date +%s.%N)
    echo "$end - $start" | bc -l
}
median() { sort -g | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.2f", m}'; }

gj_verify() { "$gridjudge" verify --package "$@" -j "$jobs" --werror; }
vp_verify() { (cd "$work" && "$verifyproblem" "$1" --threads "$jobs" -p config data validators submissions --werror); }
bt_verify() {
    (cd "$1" && XDG_CONFIG_HOME="$work/btconfig" "$bt" validate --no-bar -j "$jobs" &&
        XDG_CONFIG_HOME="$work/btconfig" "$bt" run --no-bar -j "$jobs")
}

declare -A t
for r in $(seq 1 "$rounds"); do
    for p in "${problems[@]}"; do
        t[gjl,$p]+="$(time_of "$work/logs/gj-legacy-$p.log" gj_verify "$work/legacy/$p") "
        [ -z "$verifyproblem" ] || t[vp,$p]+="$(time_of "$work/logs/vp-$p.log" vp_verify "$work/legacy/$p") "
        t[gj25,$p]+="$(time_of "$work/logs/gj-2025-$p.log" gj_verify "$work/v2025/$p" --fail-fast) "
        t[gj25x,$p]+="$(time_of "$work/logs/gj-2025x-$p.log" gj_verify "$work/v2025/$p") "
        [ -z "$bt" ] || t[bt,$p]+="$(time_of "$work/logs/bt-$p.log" bt_verify "$work/v2025/$p") "
    done
done

med() { tr ' ' '\n' <<<"${t[$1]:-}" | grep . | median; }
ratio() { [ -n "$1" ] && [ -n "$2" ] && echo "$1 / $2" | bc -l | xargs printf '%.1f' || printf '—'; }
echo
echo "Package verification, whole: median wall s of $rounds interleaved round(s), -j $jobs; ratio = peer / gridjudge (> 1: gridjudge faster)"
echo "| problem | gridjudge verify (legacy) | verifyproblem | verifyproblem / gridjudge | gridjudge verify --fail-fast (2025-09) | bt validate + bt run | bt / gridjudge | gridjudge verify (2025-09, every rule) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
sum_gjl=0 sum_vp=0 sum_gj25=0 sum_bt=0 sum_gj25x=0
for p in "${problems[@]}"; do
    gjl=$(med "gjl,$p") gj25=$(med "gj25,$p") gj25x=$(med "gj25x,$p")
    sum_gj25x=$(echo "$sum_gj25x + $gj25x" | bc -l)
    vp="" btt=""
    [ -z "$verifyproblem" ] || vp=$(med "vp,$p")
    [ -z "$bt" ] || btt=$(med "bt,$p")
    sum_gjl=$(echo "$sum_gjl + $gjl" | bc -l)
    sum_gj25=$(echo "$sum_gj25 + $gj25" | bc -l)
    [ -z "$vp" ] || sum_vp=$(echo "$sum_vp + $vp" | bc -l)
    [ -z "$btt" ] || sum_bt=$(echo "$sum_bt + $btt" | bc -l)
    echo "| $p | $gjl | ${vp:-skipped} | $(ratio "$vp" "$gjl") | $gj25 | ${btt:-skipped} | $(ratio "$btt" "$gj25") | $gj25x |"
done
tv="" tb=""
[ -z "$verifyproblem" ] || tv=$(printf '%.2f' "$sum_vp")
[ -z "$bt" ] || tb=$(printf '%.2f' "$sum_bt")
printf '| all | %.2f | %s | %s | %.2f | %s | %s | %.2f |\n' "$sum_gjl" "${tv:-skipped}" "$(ratio "$tv" "$sum_gjl")" \
    "$sum_gj25" "${tb:-skipped}" "$(ratio "$tb" "$sum_gj25")" "$sum_gj25x"
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
[ ! -e "$work/failed" ] || { echo "a tool failed a package: the times above are not of the same work"; exit 1; }
