#!/usr/bin/env bash
# Side by side: wall time per small case of a whole `gridjudge judge` run against a bare
# run of the same program and against established sandboxes running it the way a judge
# would, on a quiet machine and with both cores busy with other work.
#
#   bash benches/sandbox_peers.sh [--cases N] [--rounds R] [--only quiet|busy]
#
# The program is poj3074's accepted `dlx.cpp` (g++ -O2), about 3 ms on the poj3074
# sample; the judge-case folder holds N copies of that sample (default 400).
#
# Contenders, each timed from the first case to the last by /usr/bin/time (wall, and
# CPU = user + system of everything the contender started), divided by N:
#   bare      the program itself, `prog < in > out`, from a shell loop
#   gridjudge `gridjudge judge poj3074 --cases DIR -- prog`: the whole judge — launcher,
#             uid drop, PID/mount/network/IPC/UTS/cgroup namespaces, the minimal root,
#             Landlock, seccomp, memory and CPU cgroups, limits, the checker, the report —
#             the process started once for all N cases
#   base      the same command with another gridjudge binary, GRIDJUDGE_BASE (built from
#             an earlier commit, say), interleaved with this one round by round: what a
#             change costs, side by side in one run
#   isolate   ioi/isolate's `--run` loop (one `isolate --run` per case, in one box made
#             once with `--init`; limits --time/--wall-time/--mem/--fsize/--processes,
#             no cgroups: this machine's memory controller is cgroup v1, which isolate 2
#             does not use). No checker runs: this favours isolate.
#   bwrap     Debian's bubblewrap with `--unshare-all` (user, PID, mount, network, IPC,
#             UTS, cgroup namespaces), read-only system folders, a tmpfs working folder
#             and `prlimit` for CPU and memory. No checker: this favours bwrap.
#   floor     benches/isolation_floor.c (gcc -O2): the isolation's own kernel steps and
#             nothing else, one process for all N cases as gridjudge — per case the input
#             in a sealed memfd, mount, IPC and UTS namespaces, the minimal root (a tmpfs,
#             /usr bound, /etc copies, device nodes, the program bound), a PID namespace
#             whose init mounts /proc, pivots into the root, enters a cgroup namespace,
#             drops to uid 65534, enforces the same Landlock rules and a seccomp filter as
#             long as gridjudge's, and starts the program. No limits, cgroup, checker or
#             report: what any judge isolating this way pays. gridjudge's CPU above it is
#             the judge's own cost (root only).
#
# Busy: two `while :; do :; done` shell loops, one per core, run for the whole
# measurement; the contenders then use both cores (gridjudge `-j 2`, the loops split in
# two halves that run at once; isolate in two boxes).
#
# Peers are found through environment variables and skipped with a line saying so when
# absent: ISOLATE (an isolate binary built from https://github.com/ioi/isolate with its
# config file, e.g. `make isolate CONFIG=/path/isolate.cf`; must run as root),
# BWRAP (default: `bwrap` on PATH; `apt install bubblewrap`), GRIDJUDGE_BASE (a gridjudge
# binary to compare with, e.g. `git worktree add /tmp/base HEAD~3 && cargo build --release
# --manifest-path /tmp/base/Cargo.toml`).
set -euo pipefail

cases=400
rounds=3
only=""
while [ $# -gt 0 ]; do
    case "$1" in
        --cases) cases="$2"; shift 2 ;;
        --rounds) rounds="$2"; shift 2 ;;
        --only) only="$2"; shift 2 ;;
        -h|--help) sed -n '2,47p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "sandbox_peers.sh: unknown argument $1 (see --help)" >&2; exit 64 ;;
    esac
done

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cargo build --release --quiet
gj="$root/target/release/gridjudge"
work="$(mktemp -d /tmp/gridjudge-peers.XXXXXX)"
chmod 755 "$work"
busy_pids=()
cleanup() {
    for p in "${busy_pids[@]}"; do kill "$p" 2>/dev/null || true; done
    [ -n "${ISOLATE:-}" ] && for b in 90 91; do "$ISOLATE" -b "$b" --cleanup >/dev/null 2>&1 || true; done
    rm -rf "$work"
}
trap cleanup EXIT

g++ -O2 -o "$work/prog" judge-cases/poj3074/submissions/accepted/dlx.cpp
chmod 755 "$work/prog"
# The floor is skipped (with a line) when it cannot be built, e.g. without the kernel headers.
gcc -O2 -o "$work/floor" benches/isolation_floor.c 2>"$work/floor.log" || rm -f "$work/floor"
mkdir -p "$work/fw.0" "$work/fw.1"
sample_in=judge-cases/poj3074/data/sample/1.in
sample_ans=judge-cases/poj3074/data/sample/1.ans
mkdir -p "$work/cases/poj3074/data/secret" "$work/in"
cp judge-cases/poj3074/problem.toml "$work/cases/poj3074/"
for i in $(seq -w 1 "$cases"); do
    cp "$sample_in" "$work/cases/poj3074/data/secret/$i.in"
    cp "$sample_ans" "$work/cases/poj3074/data/secret/$i.ans"
done
cp "$sample_in" "$work/in/case.in"

# One contender's loop over `count` cases with the given worker index (0 or 1).
bare_loop() {
    local count=$1
    for _ in $(seq 1 "$count"); do "$work/prog" < "$work/in/case.in" > "$work/out.$2"; done
}
isolate_loop() {
    local count=$1 box=$((90 + $2))
    local dir
    dir="$("$ISOLATE" -b "$box" --init)/box"
    cp "$work/prog" "$work/in/case.in" "$dir/"
    for _ in $(seq 1 "$count"); do
        "$ISOLATE" -b "$box" --silent --time=1 --wall-time=3 --mem=65536 --fsize=65536 \
            --processes=64 --stdin=case.in --stdout=out --run -- ./prog
    done
    "$ISOLATE" -b "$box" --cleanup > /dev/null
}
bwrap_loop() {
    local count=$1
    for _ in $(seq 1 "$count"); do
        "$BWRAP" --unshare-all --die-with-parent --new-session \
            --ro-bind /usr /usr --ro-bind /lib /lib --ro-bind /lib64 /lib64 --ro-bind /bin /bin \
            --proc /proc --dev /dev --tmpfs /tmp --ro-bind "$work/prog" /prog --chdir /tmp \
            -- /usr/bin/prlimit --cpu=2 --as=268435456 --fsize=67108864 /prog \
            < "$work/in/case.in" > "$work/out.$2"
    done
}
floor_loop() {
    "$work/floor" "$1" "$work/fw.$2" "$work/in/case.in" "$work/out.$2" "$work/prog"
}
# With `jobs` 2 the cases are split in two halves run at once.
loop() {
    local fn=$1 jobs=$2
    if [ "$jobs" = 1 ]; then
        "$fn" "$cases" 0
    else
        "$fn" $((cases / 2)) 0 &
        "$fn" $((cases - cases / 2)) 1
        wait
    fi
}
gridjudge_run() {
    "$gj" judge poj3074 --cases "$work/cases" -j "$1" -- "$work/prog" > "$work/report.txt" \
        || { echo "gridjudge did not accept every case:" >&2; cat "$work/report.txt" >&2; exit 1; }
}
base_run() {
    "$GRIDJUDGE_BASE" judge poj3074 --cases "$work/cases" -j "$1" -- "$work/prog" > "$work/report.txt" \
        || { echo "$GRIDJUDGE_BASE did not accept every case:" >&2; cat "$work/report.txt" >&2; exit 1; }
}
export work cases gj ISOLATE BWRAP GRIDJUDGE_BASE
export -f bare_loop isolate_loop bwrap_loop floor_loop loop gridjudge_run base_run

# Runs one contender's whole loop under /usr/bin/time; prints "WALL/CPU" in ms per case,
# CPU being user + system of everything the loop started (the judge, launchers, boxes,
# the programs).
timed() {
    /usr/bin/time -f '%e %U %S' -o "$work/time" bash -c "$*"
    awk -v n="$cases" '{ printf "%.2f/%.2f", $1 * 1000 / n, ($2 + $3) * 1000 / n }' "$work/time"
}

measure() {
    local label=$1 jobs=$2
    local names=(bare gridjudge)
    local have_isolate=0 have_bwrap=0 have_floor=0 have_base=0
    if [ -n "${GRIDJUDGE_BASE:-}" ] && [ -x "$GRIDJUDGE_BASE" ]; then
        names+=(base); have_base=1
    fi
    if [ "$(id -u)" = 0 ] && [ -x "$work/floor" ] \
        && "$work/floor" 1 "$work/fw.0" "$work/in/case.in" "$work/out.0" "$work/prog"; then
        names+=(floor); have_floor=1
    fi
    if [ -n "${ISOLATE:-}" ] && [ -x "$ISOLATE" ] && [ "$(id -u)" = 0 ]; then
        names+=(isolate); have_isolate=1
    fi
    BWRAP="${BWRAP:-$(command -v bwrap || true)}"
    if [ -n "$BWRAP" ] && "$BWRAP" --unshare-all --ro-bind / / true 2>/dev/null; then
        names+=(bwrap); have_bwrap=1
    fi
    declare -A all=()
    for _ in $(seq 1 "$rounds"); do
        all[bare]+="$(timed loop bare_loop "$jobs") "
        all[gridjudge]+="$(timed gridjudge_run "$jobs") "
        if [ $have_base = 1 ]; then all[base]+="$(timed base_run "$jobs") "; fi
        if [ $have_isolate = 1 ]; then all[isolate]+="$(timed loop isolate_loop "$jobs") "; fi
        if [ $have_bwrap = 1 ]; then all[bwrap]+="$(timed loop bwrap_loop "$jobs") "; fi
        if [ $have_floor = 1 ]; then all[floor]+="$(timed loop floor_loop "$jobs") "; fi
    done
    echo "## $label: $cases cases of the poj3074 sample, $rounds rounds, -j $jobs"
    echo "## ms per case, WALL/CPU per round; medians of wall and of CPU; wall and CPU above bare"
    local bare_wall bare_cpu
    for n in "${names[@]}"; do
        # shellcheck disable=SC2086
        wall=$(printf '%s\n' ${all[$n]} | cut -d/ -f1 | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
        # shellcheck disable=SC2086
        cpu=$(printf '%s\n' ${all[$n]} | cut -d/ -f2 | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }')
        if [ "$n" = bare ]; then bare_wall=$wall; bare_cpu=$cpu; fi
        printf '%-10s %-34s wall %6s  cpu %6s   +wall %6s  +cpu %6s\n' "$n" "${all[$n]}" "$wall" "$cpu" \
            "$(awk -v a="$wall" -v b="$bare_wall" 'BEGIN { printf "%.2f", a - b }')" \
            "$(awk -v a="$cpu" -v b="$bare_cpu" 'BEGIN { printf "%.2f", a - b }')"
    done
    [ $have_isolate = 1 ] || echo "isolate    SKIPPED: set ISOLATE to an isolate binary built from ioi/isolate (and run as root)"
    [ $have_bwrap = 1 ] || echo "bwrap      SKIPPED: no working bwrap (apt install bubblewrap)"
    [ $have_floor = 1 ] || echo "floor      SKIPPED: benches/isolation_floor.c could not be built or run here (it needs gcc, the kernel headers, and root with the right to mount and make namespaces)"
}

echo "$(uname -r), $(nproc) cores, $(date -u +%F)"
if [ "$only" != busy ]; then
    measure quiet 1
fi
if [ "$only" != quiet ]; then
    for _ in 1 2; do
        sh -c 'while :; do :; done' &
        busy_pids+=($!)
    done
    measure "busy (two spinning shell loops)" 2
fi
