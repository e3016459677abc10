#!/usr/bin/env bash
# `gridjudge generate --package` against BAPCtools' `bt generate`, byte for byte: one
# package with a generators.yaml (Python and C++ generators, `{seed}` and `{seed:N}`
# with a `random_salt`, a numbered list group with a group inside, `count:`, `copy:`,
# `in:`/`ans:` literals, a generator that writes its own `.ans`, a `generators:` entry
# of two files, a folder generator run from its `main.py`, `include:`, a
# `test_group.yaml` of a nested group) is built by both,
# each in its own copy, and the two `data/` folders are compared with `diff -r`
# (which reads through BAPCtools' links for included cases; gridjudge writes copies).
#
# Usage: benches/peers/generate_vs_bt.sh
#   BT: the bt command (default: `bt` on PATH; `pip install bapctools` in a venv gives it)
#   GRIDJUDGE: the gridjudge binary (default: target/debug/gridjudge, built if missing)
#   KEEP=1: keep the temporary folder (both packages and logs) and print its path
# Without bt it prints a SKIP line and exits 0. Exit 1 when the folders differ.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bt="${BT:-bt}"
if ! command -v "$bt" >/dev/null 2>&1; then
    echo "SKIP generate_vs_bt: no bt (BAPCtools) found; set BT=/path/to/bt or pip install bapctools"
    exit 0
fi
gridjudge="${GRIDJUDGE:-$root/target/debug/gridjudge}"
if [[ ! -x "$gridjudge" ]]; then
    (cd "$root" && cargo build --quiet)
fi
work="$(mktemp -d)"
trap 'if [[ -n "${KEEP:-}" ]]; then echo "kept $work"; else rm -rf "$work"; fi' EXIT
pkg="$work/gensum"
mkdir -p "$pkg/generators/manual" "$pkg/submissions/accepted"
cat > "$pkg/problem.yaml" <<'YAML'
problem_format_version: 2025-09
type: pass-fail
name: Sum
uuid: 8ee7605a-0000-4000-8000-000000000001
credits: Tester
license: cc by-sa
rights_owner: Tester
limits:
  time_limit: 1.0
YAML
cat > "$pkg/submissions/accepted/sol.py" <<'PY'
import sys
t = sys.stdin.read().split()
n = int(t[0])
print(sum(int(x) for x in t[1:1 + n]))
PY
cat > "$pkg/generators/gen.py" <<'PY'
import random, sys
random.seed(int(sys.argv[1]))
n = int(sys.argv[2])
print(n)
print(*[random.randint(1, 100) for _ in range(n)])
PY
cat > "$pkg/generators/gen.cpp" <<'CPP'
#include <cstdio>
#include <cstdlib>
int main(int argc, char** argv) {
    unsigned long long s = strtoull(argv[1], 0, 10);
    int n = atoi(argv[2]);
    printf("%d\n", n);
    for (int i = 0; i < n; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        printf("%llu%c", (s >> 33) % 1000, i + 1 < n ? ' ' : '\n');
    }
}
CPP
cat > "$pkg/generators/both.py" <<'PY'
with open("testcase.in", "w") as f:
    f.write("3\n1 1 1\n")
with open("testcase.ans", "w") as f:
    f.write("3\n")
PY
cat > "$pkg/generators/tree.py" <<'PY'
import sys
from lib import values
n = int(sys.argv[2])
print(n)
print(*values(int(sys.argv[1]), n))
PY
cat > "$pkg/generators/lib.py" <<'PY'
def values(seed, n):
    return [(seed * (i + 7)) % 97 for i in range(n)]
PY
mkdir -p "$pkg/generators/folder"
cat > "$pkg/generators/folder/helper.py" <<'PY'
def line(seed, n):
    return " ".join(str((seed >> i) % 10 + 1) for i in range(n))
PY
cat > "$pkg/generators/folder/main.py" <<'PY'
import sys
from helper import line
n = int(sys.argv[2])
print(n)
print(line(int(sys.argv[1]), n))
PY
printf '1\n41\n' > "$pkg/generators/manual/case1.in"
printf '41\n' > "$pkg/generators/manual/case1.ans"
cat > "$pkg/generators/generators.yaml" <<'YAML'
solution: /submissions/accepted/sol.py
random_salt: abc
generators:
  tree:
    - tree.py
    - lib.py
data:
  sample:
    data:
      "1":
        in: "2\n1 2"
        ans: "3"
      "2":
        copy: manual/case1
  secret:
    include:
      - "1"
    test_group.yaml:
      output_validator_args: [space_change_sensitive]
    data:
      - small: gen.py {seed} 3
      - cpp: gen.cpp {seed:2} 5
      - '': gen.py {seed} 4
      - both: both.py
      - group:
          test_group.yaml:
            output_validator_args:
              - case_sensitive
            description: 'a group'
          data:
            x: gen.py {seed:7} 2
            y: tree {seed} 6
      - counted:
          generate: gen.py {seed} {count}
          count: 2
      - listed: tree {seed:3} 4
      - folder: folder {seed} 5
YAML
cp -a "$pkg" "$work/bt"
cp -a "$pkg" "$work/gridjudge"
# bt's exit code counts its warnings too (no statement, no input validators), so
# what it made is what decides.
(cd "$work/bt" && "$bt" generate --no-validators >"$work/bt.log" 2>&1) || true
if ! find "$work/bt/data" -name '*.in' 2>/dev/null | grep -q .; then
    echo "bt generate made no data/:"; tail -20 "$work/bt.log"; exit 1
fi
"$gridjudge" generate --package "$work/gridjudge" >"$work/gridjudge.log" 2>&1 || {
    echo "gridjudge generate failed:"; cat "$work/gridjudge.log"; exit 1
}
count="$(find "$work/bt/data" \( -type f -o -type l \) | wc -l)"
version="$("$bt" --version 2>/dev/null | head -n 1)" || true
if diff -r "$work/bt/data" "$work/gridjudge/data"; then
    echo "generate_vs_bt: same bytes ($count files of data/; ${version:-bt})"
    # bt's own data/ (its links for included cases among it) passes `--check` and is
    # rewritten as it is.
    "$gridjudge" generate --package "$work/bt" --check >"$work/check.log" 2>&1 || {
        echo "generate_vs_bt: --check of bt's data/ failed:"; cat "$work/check.log"; exit 1
    }
    "$gridjudge" generate --package "$work/bt" >"$work/again.log" 2>&1 || {
        echo "generate_vs_bt: generate over bt's data/ failed:"; cat "$work/again.log"; exit 1
    }
    echo "generate_vs_bt: bt's data/ passes --check; $(tail -n 1 "$work/again.log")"
else
    echo "generate_vs_bt: data/ differs (above: < bt, > gridjudge)"
    exit 1
fi
