#!/usr/bin/env bash
# The cost of the judge's relay between an interactive program and its interactor,
# side by side with the direct connection in one run: a 2023-07 interactive package
# whose C interactor plays ROUNDS one-line rounds with a C program that answers each
# (both written here), judged with `gridjudge judge --package` without and with
# `--relay-interaction`, alternating, ROUNDS_OF_RUNS times. Prints the median wall and
# CPU seconds of the program's run as the JSON report gives them, and the ratios.
#
#   benches/interaction_rounds.sh [--rounds N] [--runs K] [--bin PATH]
set -euo pipefail
rounds=100000 runs=5 bin=""
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        --bin) bin="$2"; shift 2 ;;
        *) echo "usage: $0 [--rounds N] [--runs K] [--bin PATH]" >&2; exit 64 ;;
    esac
done
cd "$(dirname "$0")/.."
if [ -z "$bin" ]; then
    cargo build --release -q
    bin="$PWD/target/release/gridjudge"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
pkg="$work/pingpong"
mkdir -p "$pkg/output_validator" "$pkg/data/secret" "$pkg/submissions/accepted"
printf 'problem_format_version: 2023-07\nname: Ping pong\ntype: interactive\nlimits:\n  time_limit: 20\n' > "$pkg/problem.yaml"
cat > "$pkg/output_validator/interactor.c" <<'C'
#include <stdio.h>
int main(int argc, char **argv) {
    FILE *in = argc > 1 ? fopen(argv[1], "r") : NULL;
    long n = 0, r;
    if (!in || fscanf(in, "%ld", &n) != 1) return 1;
    for (long i = 0; i < n; i++) {
        printf("%ld\n", i);
        fflush(stdout);
        if (scanf("%ld", &r) != 1 || r != i + 1) return 43;
    }
    printf("-1\n");
    fflush(stdout);
    return 42;
}
C
cat > "$pkg/submissions/accepted/answer.c" <<'C'
#include <stdio.h>
int main(void) {
    long x;
    while (scanf("%ld", &x) == 1 && x >= 0) { printf("%ld\n", x + 1); fflush(stdout); }
    return 0;
}
C
echo "$rounds" > "$pkg/data/secret/1.in"
echo 0 > "$pkg/data/secret/1.ans"
one() { # prints "wall cpu" of the case
    "$bin" judge --package "$pkg" --source "$pkg/submissions/accepted/answer.c" --format json "$@" |
        python3 -c 'import json,sys; c=json.load(sys.stdin)["problems"][0]["cases"][0]; assert c["verdict"]=="AC", c; print(c["wall_seconds"], c["cpu_seconds"])'
}
: > "$work/direct"; : > "$work/relay"
for _ in $(seq "$runs"); do
    one >> "$work/direct"
    one --relay-interaction >> "$work/relay"
done
python3 - "$work/direct" "$work/relay" "$rounds" "$runs" <<'PY'
import statistics, sys
def med(path, i):
    return statistics.median(float(l.split()[i]) for l in open(path))
d, r, rounds, runs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
print(f"{rounds} rounds, median of {runs} runs each, seconds of the program's run")
print("| connection | wall | CPU |")
print("|---|---:|---:|")
print(f"| direct | {med(d,0):.3f} | {med(d,1):.3f} |")
print(f"| relay | {med(r,0):.3f} | {med(r,1):.3f} |")
print(f"| relay / direct | {med(r,0)/med(d,0):.2f}x | {med(r,1)/med(d,1):.2f}x |")
PY
