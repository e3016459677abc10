#!/usr/bin/env bash
# Whether a verdict depends on the machine's load: judges a set of programs on the
# poj3074 fixture cases once on an idle CPU and once on a CPU shared with busy loops,
# and prints how many verdicts differ.
#
#   bash benches/load_stability.sh [--hogs N] [--rounds R]
#
# Everything (the judge, its launchers, the programs and the busy loops) is pinned to
# CPU 0 with taskset, so the N busy loops (default 4) take about N/(N+1) of the CPU the
# programs wait for. The programs, each with its wall limit (--wall-limit):
#   fast-ac   the accepted bitmask.c (a few ms of CPU), wall limit 0.05 s
#   slow-ac   slow_then_exec 200 bitmask: 0.2 s of CPU, then accepted, wall limit 0.4 s
#   sleeper   /bin/sleep 30: TLE at its wall limit of 0.5 s, loaded or not
#   spin      spin.c: TLE at its CPU limit (1 s), wall limit 3 s
# The wall limit counts the program's own time, not the time it waits for a CPU
# (docs/sandbox.md, "Wall time: the program's own time"), so no verdict should differ.
# GRIDJUDGE names the binary (default target/debug/gridjudge).
set -euo pipefail
cd "$(dirname "$0")/.."
hogs=4
rounds=1
while [ $# -gt 0 ]; do
    case "$1" in
        --hogs) hogs="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        *) echo "usage: $0 [--hogs N] [--rounds R]" >&2; exit 64 ;;
    esac
done
gj="${GRIDJUDGE:-target/debug/gridjudge}"
cases=tests/fixtures/judge/cases
work="$(mktemp -d)"
chmod 755 "$work"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
    rm -rf "$work"
}
trap cleanup EXIT
gcc -O2 -o "$work/bitmask" "$cases/poj3074/submissions/accepted/bitmask.c"
gcc -O2 -o "$work/slow" tests/fixtures/judge/programs/slow_then_exec.c
gcc -O2 -o "$work/spin" "$cases/poj3074/submissions/time_limit_exceeded/spin.c"
names=(fast-ac slow-ac sleeper spin)
walls=(0.05 0.4 0.5 3)
cmds=("$work/bitmask" "$work/slow 200 $work/bitmask" "/bin/sleep 30" "$work/spin")

# One line per program: its case verdicts, and the largest wait credited.
judge_all() {
    for i in "${!names[@]}"; do
        # shellcheck disable=SC2086
        taskset -c 0 "$gj" judge poj3074 --cases "$cases" --format json \
            --wall-limit "${walls[$i]}" -- ${cmds[$i]} 2>/dev/null |
            python3 -c '
import json, sys
d = json.load(sys.stdin)
cases = d["problems"][0]["cases"]
print(" ".join(c["verdict"] for c in cases), "%.3f" % max(c.get("wait_seconds", 0) for c in cases))
' || true
    done
}

differ=0
total=0
for r in $(seq 1 "$rounds"); do
    mapfile -t idle < <(judge_all)
    pids=()
    for _ in $(seq 1 "$hogs"); do
        taskset -c 0 sh -c 'while :; do :; done' &
        pids+=("$!")
    done
    sleep 0.2
    mapfile -t busy < <(judge_all)
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
    for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
    pids=()
    for i in "${!names[@]}"; do
        read -r -a a <<<"${idle[$i]:-?}"
        read -r -a b <<<"${busy[$i]:-?}"
        n=$((${#a[@]} - 1))
        for k in $(seq 0 $((n - 1))); do
            total=$((total + 1))
            if [ "${a[$k]:-?}" != "${b[$k]:-?}" ]; then differ=$((differ + 1)); fi
        done
        printf 'round %d %-8s idle: %-28s busy (%d loops): %-28s max wait %s s\n' \
            "$r" "${names[$i]}" "${a[*]:0:$n}" "$hogs" "${b[*]:0:$n}" "${b[$n]:-?}"
    done
done
echo "$differ of $total verdicts differ between idle and loaded"
