#!/usr/bin/env bash
# Classic Kakuro, whole process: `gridjudge solve kakuro FILE` against the plain CP-SAT
# model of cpsat_kakuro.py (one worker), per file, median of N rounds, each run capped.
# See benches/peers/README.md ("Kakuro against CP-SAT").
#
#   benches/peers/kakuro/side_by_side.sh [--rounds 3] [--cap 60] [--sets] FILE...
#
# CP-SAT comes from PyPI (`ortools`) in a venv under target/peers/venv; when it cannot
# be installed the script prints `cp-sat: SKIPPED (...)` and times gridjudge alone.
# `--sets` also times the model with per-run digit-set pruning. Verdicts (solved / no
# solution) must agree, else the row says MISMATCH. Prints a Markdown table on stdout.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
rounds=3
cap=60
sets=0
files=()
while [ $# -gt 0 ]; do
  case "$1" in
    --rounds) rounds=$2; shift 2 ;;
    --cap) cap=$2; shift 2 ;;
    --sets) sets=1; shift ;;
    *) files+=("$1"); shift ;;
  esac
done
[ ${#files[@]} -gt 0 ] || { echo "usage: $0 [--rounds N] [--cap S] [--sets] FILE..." >&2; exit 2; }

gj=${GRIDJUDGE:-$root/target/release/gridjudge}
if [ -z "${GRIDJUDGE:-}" ]; then
  (cd "$root" && cargo build --release --quiet) || exit 1
fi
venv=$root/target/peers/venv
py=$venv/bin/python
cpsat=1
if ! "$py" -c 'import ortools' 2>/dev/null; then
  { python3 -m venv "$venv" && "$venv/bin/pip" install --quiet ortools; } >&2 2>"$root/target/peers-pip.log" || true
  if ! "$py" -c 'import ortools' 2>/dev/null; then
    echo "cp-sat: SKIPPED (pip install ortools failed, see target/peers-pip.log)"
    cpsat=0
  fi
fi

# run_one CMD... -> prints "ms verdict" (verdict: K-none, the number of cases without a fill; unk, err, cap); the cap is
# wall time, enforced by timeout(1).
run_one() {
  local t0 t1 out rc
  t0=$EPOCHREALTIME
  out=$(timeout "$cap" "$@" 2>&1)
  rc=$?
  t1=$EPOCHREALTIME
  local ms
  ms=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) * 1000 }')
  if [ $rc -eq 124 ]; then echo "$ms cap"; return; fi
  if grep -q "unknown\|gave up" <<<"$out"; then echo "$ms unk"
  elif [ $rc -ne 0 ] && ! grep -qi "no solution" <<<"$out"; then echo "$ms err"
  else echo "$ms $(grep -ci "no solution" <<<"$out")-none"; fi
}

median() { sort -n | awk '{ a[NR] = $1 } END { if (NR == 0) print "-"; else print a[int((NR + 1) / 2)] }'; }

capped() { # capped MS: whether a median reached the cap (most rounds were stopped)
  awk -v m="$1" -v c="$cap" 'BEGIN { exit !(m >= c * 1000) }'
}

fmt() { # fmt MS
  if capped "$1"; then echo "> $(awk -v c="$cap" 'BEGIN { printf "%d", c * 1000 }')"; else echo "$1"; fi
}

echo "rounds $rounds, cap ${cap} s, $(date -u +%FT%TZ), $(git -C "$root" rev-parse --short HEAD)"
echo
if [ $sets = 1 ]; then
  echo "| file | cases | gridjudge ms | verdict | CP-SAT ms | CP-SAT + sets ms | CP-SAT / gridjudge |"
  echo "|---|---:|---:|---|---:|---:|---:|"
else
  echo "| file | cases | gridjudge ms | verdict | CP-SAT ms | CP-SAT / gridjudge |"
  echo "|---|---:|---:|---|---:|---:|"
fi
for f in "${files[@]}"; do
  cases=$(grep -cE '^[0-9]+ [0-9]+$' "$f")
  ours=() theirs=() theirs2=()
  ov="" tv="" tv2=""
  for _ in $(seq "$rounds"); do
    read -r ms v < <(run_one "$gj" solve kakuro "$f"); ours+=("$ms"); ov=$v
    if [ $cpsat = 1 ]; then
      read -r ms v < <(run_one "$py" "$here/cpsat_kakuro.py" "$f"); theirs+=("$ms"); tv=$v
      if [ $sets = 1 ]; then
        read -r ms v < <(run_one "$py" "$here/cpsat_kakuro.py" "$f" --digit-sets); theirs2+=("$ms"); tv2=$v
      fi
    fi
  done
  om=$(printf '%s\n' "${ours[@]}" | median)
  o=$(fmt "$om")
  capped "$om" && ov=cap
  if [ $cpsat = 1 ]; then
    tm=$(printf '%s\n' "${theirs[@]}" | median)
    t=$(fmt "$tm")
    capped "$tm" && tv=cap
    ratio=$(awk -v a="$tm" -v b="$om" 'BEGIN { printf "%.1f", a / b }')
    [ "$tv" = cap ] && ratio="> $(awk -v a="$cap" -v b="$om" 'BEGIN { printf "%.1f", a * 1000 / b }')"
    [ "$ov" = cap ] && ratio="?"
    verdict=$ov
    if [ "$ov" != cap ] && [ "$tv" != cap ] && [ "$tv" != unk ] && [ "$ov" != "$tv" ]; then verdict="MISMATCH ($ov / $tv)"; fi
    if [ $sets = 1 ]; then
      t2=$(fmt "$(printf '%s\n' "${theirs2[@]}" | median)")
      echo "| $(basename "$f") | $cases | $o | $verdict | $t | $t2 | $ratio |"
    else
      echo "| $(basename "$f") | $cases | $o | $verdict | $t | $ratio |"
    fi
  else
    echo "| $(basename "$f") | $cases | $o | $ov | - | - |"
  fi
done
