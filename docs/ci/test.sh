#!/usr/bin/env bash
# Runs the commands of the ready-to-copy CI jobs (docs/ci/github-actions.yml,
# docs/ci/gitlab-ci.yml and the problems-repository template docs/ci/problems-repo.yml)
# here, as CI would: every block between "# >>> gridjudge-ci NAME"
# and "# <<< gridjudge-ci NAME" is extracted from the YAML and run with bash from the
# repository root. The judge block runs twice (the second run finds the first as its
# baseline), the criterion block once per file with a short CRITERION_ARGS. Then the
# outputs are checked: JSON report (with "baseline" the second time), JUnit XML, the HTML
# report (one row per case, no URL), BMF and github-action-benchmark JSON for the judge cases and for criterion.
# Scratch output also gridjudge-shards/.
# Then the matrix jobs: the shard block four times (SHARD=1..4, SHARDS=4) and the merge
# block, whose merged report must be the single run's, case for case.
# The YAML files are also parsed (PyYAML), and each extracted block must be one of the
# scripts the YAML really runs. Scratch output: gridjudge-out/, gridjudge-baseline/
# (removed before and after).
set -euo pipefail
cd "$(dirname "$0")/../.."
export CRITERION_ARGS="${CRITERION_ARGS:---warm-up-time 0.2 --measurement-time 0.5 big/dlx}"
cleanup() { rm -rf gridjudge-out gridjudge-baseline gridjudge-shards; }
trap cleanup EXIT
scratch=$(mktemp -d)
trap 'cleanup; rm -rf "$scratch"' EXIT

extract() { # FILE NAME -> the block, unindented
    python3 - "$1" "$2" <<'PY'
import sys, textwrap
path, name = sys.argv[1], sys.argv[2]
lines = open(path, encoding="utf-8").read().split("\n")
start = [i for i, l in enumerate(lines) if l.strip() == f"# >>> gridjudge-ci {name}"]
end = [i for i, l in enumerate(lines) if l.strip() == f"# <<< gridjudge-ci {name}"]
if len(start) != 1 or len(end) != 1 or end[0] <= start[0]:
    sys.exit(f"{path}: no single '# >>> gridjudge-ci {name}' ... '# <<<' block")
print(textwrap.dedent("\n".join(lines[start[0] + 1 : end[0]])))
PY
}

check_yaml() { # FILE [BLOCK...]: parses, and every block is (part of) a script the YAML runs
    python3 - "$@" <<'PY'
import sys
try:
    import yaml
except ImportError:
    print(f"SKIPPED: PyYAML missing, {sys.argv[1]} not parsed")
    sys.exit(0)
doc = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
scripts = []
def walk(x):
    if isinstance(x, dict):
        for k, v in x.items():
            if k in ("run", "script") and isinstance(v, (str, list)):
                scripts.extend(v if isinstance(v, list) else [v])
            else:
                walk(v)
    elif isinstance(x, list):
        for v in x:
            walk(v)
walk(doc)
for name in sys.argv[2:] or ("judge", "criterion", "shard", "merge"):
    if not any(f"# >>> gridjudge-ci {name}" in s and f"# <<< gridjudge-ci {name}" in s for s in scripts):
        sys.exit(f"{sys.argv[1]}: block {name} is not inside a run/script of the job")
names = ", ".join(sys.argv[2:] or ("judge", "criterion", "shard", "merge"))
print(f"{sys.argv[1]}: YAML parses, {len(scripts)} script(s), blocks {names} inside")
PY
}

check_outputs() { # BASELINE_EXPECTED(0/1)
    python3 - "$1" <<'PY'
import json, sys, xml.etree.ElementTree as ET
want_baseline = sys.argv[1] == "1"
d = json.load(open("gridjudge-out/judge.json"))
assert d["overall"] == "AC", d["summary"]
n = sum(len(p["cases"]) for p in d["problems"])
assert n > 0
if want_baseline:
    assert len(d["baseline"]["cases"]) == n, "every case compared with the first run"
    assert d["baseline"]["thresholds"]["time"] == 1.5, "the jobs gate at 1.5x"
else:
    assert "baseline" not in d
bmf = json.load(open("gridjudge-out/bmf.json"))
assert len(bmf) == n, (len(bmf), n)
for name, measures in bmf.items():
    assert set(measures) == {"cpu-time", "wall-time", "peak-memory"}, name
    assert all(isinstance(m["value"], (int, float)) for m in measures.values())
gab = json.load(open("gridjudge-out/gab.json"))
assert len(gab) == 3 * n and all({"name", "unit", "value"} <= set(e) for e in gab)
page = open("gridjudge-out/report.html", encoding="utf-8").read()
assert page.count('<tr class="case"') == n and "http://" not in page and "https://" not in page
suites = ET.parse("gridjudge-out/junit.xml").getroot()
assert sum(int(s.get("tests")) for s in suites.iter("testsuite")) == n
print(f"outputs ok: {n} cases in JSON, BMF, gab, JUnit and HTML" + (", baseline compared" if want_baseline else ""))
PY
}

check_criterion() {
    python3 - <<'PY'
import json
bmf = json.load(open("gridjudge-out/criterion-bmf.json"))
assert bmf and all(v["latency"]["value"] > 0 for v in bmf.values())
gab = json.load(open("gridjudge-out/criterion-gab.json"))
assert len(gab) == len(bmf) and all(e["unit"] == "ns" for e in gab)
print(f"criterion ok: {len(bmf)} benchmark(s) in BMF and gab")
PY
}

check_merged() { # SINGLE_REPORT: the merged report is the single run's, case for case
    python3 - "$1" <<'PY'
import json, sys, xml.etree.ElementTree as ET
single = json.load(open(sys.argv[1]))
merged = json.load(open("gridjudge-out/judge.json"))
cases = lambda d: [(p["problem"], c["case"], c["verdict"]) for p in d["problems"] for c in p["cases"]]
assert cases(merged) == cases(single), "the merged shards are the single run, in its order"
assert merged["overall"] == single["overall"] and "shard" not in merged
n = len(cases(single))
suites = ET.parse("gridjudge-out/junit.xml").getroot()
assert sum(int(s.get("tests")) for s in suites.iter("testsuite")) == n
page = open("gridjudge-out/report.html", encoding="utf-8").read()
assert page.count('<tr class="case"') == n
print(f"merge ok: 4 shards joined into the single run's {n} cases (JSON, JUnit, HTML)")
PY
}

for yml in docs/ci/github-actions.yml docs/ci/gitlab-ci.yml; do
    printf '\n==> %s\n' "$yml"
    check_yaml "$yml"
    cleanup
    extract "$yml" judge > "$scratch/judge.sh"
    extract "$yml" criterion > "$scratch/criterion.sh"
    bash "$scratch/judge.sh"
    check_outputs 0
    rm -f gridjudge-out/*
    bash "$scratch/judge.sh"
    check_outputs 1
    bash "$scratch/criterion.sh" > "$scratch/criterion.log" 2>&1 || { cat "$scratch/criterion.log"; exit 1; }
    check_criterion
    cp gridjudge-out/judge.json "$scratch/single.json"
    rm -rf gridjudge-out
    extract "$yml" shard > "$scratch/shard.sh"
    extract "$yml" merge > "$scratch/merge.sh"
    for k in 1 2 3 4; do SHARD=$k SHARDS=4 bash "$scratch/shard.sh"; done
    bash "$scratch/merge.sh"
    check_merged "$scratch/single.json"
done
# The problems-repository template: gridjudge installed from this checkout's commit as
# the template pins it (cargo install --git --rev --locked; the release build's
# dependencies come from target/), then the gate over a scratch repository holding a
# gridjudge problem folder and its Kattis export: green, then red once an accepted
# example answers wrong.
yml=docs/ci/problems-repo.yml
printf '\n==> %s\n' "$yml"
check_yaml "$yml" install verify
extract "$yml" install > "$scratch/install.sh"
extract "$yml" verify > "$scratch/verify.sh"
repo_root=$PWD
if [ -n "$(git status --porcelain --untracked-files=no 2>/dev/null)" ]; then
    echo "note: uncommitted changes are not in the installed gridjudge (it is built from HEAD)"
fi
GRIDJUDGE_GIT="file://$repo_root" GRIDJUDGE_REV="$(git rev-parse HEAD)" \
    CARGO_INSTALL_ROOT="$scratch/install" CARGO_TARGET_DIR="$repo_root/target" \
    PATH="$scratch/install/bin:$PATH" bash "$scratch/install.sh"
problems="$scratch/problems"
src="$problems/sudoku"
mkdir -p "$src/data/sample" "$src/submissions/accepted" "$src/submissions/wrong_answer"
cp judge-cases/poj2676/problem.toml "$src/"
cp judge-cases/poj2676/data/sample/1.in judge-cases/poj2676/data/sample/1.ans "$src/data/sample/"
cp judge-cases/poj2676/submissions/accepted/dfs_bitmask.c "$src/submissions/accepted/"
cp judge-cases/poj2676/submissions/wrong_answer/one_digit_changed.c "$src/submissions/wrong_answer/"
"$scratch/install/bin/gridjudge" export sudoku --cases "$problems" --kattis "$problems/sudoku-kattis" 2> "$scratch/export.log" ||
    { cat "$scratch/export.log"; exit 1; }
(cd "$problems" && PATH="$scratch/install/bin:$PATH" bash "$scratch/verify.sh") > "$scratch/verify.log" 2>&1 ||
    { cat "$scratch/verify.log"; echo "the problems gate failed on good problems"; exit 1; }
for f in sudoku sudoku-kattis; do
    [ -s "$problems/gridjudge-out/$f.xml" ] || { cat "$scratch/verify.log"; echo "no JUnit report for $f"; exit 1; }
done
[ -s "$problems/gridjudge-out/sudoku-kattis.html" ] || { cat "$scratch/verify.log"; echo "no HTML report for the package"; exit 1; }
# An input the package's input validator rejects fails the gate, named in the log.
printf '1 2 3\n' > "$problems/sudoku-kattis/data/sample/planted.in"
cp "$problems/sudoku-kattis/data/sample/1.ans" "$problems/sudoku-kattis/data/sample/planted.ans"
if (cd "$problems" && PATH="$scratch/install/bin:$PATH" bash "$scratch/verify.sh") > "$scratch/verify-data.log" 2>&1; then
    cat "$scratch/verify-data.log"; echo "the problems gate passed a package with an invalid input"; exit 1
fi
grep -q "planted.in" "$scratch/verify-data.log" || { cat "$scratch/verify-data.log"; exit 1; }
rm "$problems/sudoku-kattis/data/sample/planted.in" "$problems/sudoku-kattis/data/sample/planted.ans"
cp judge-cases/poj2676/submissions/wrong_answer/one_digit_changed.c "$src/submissions/accepted/wrong.c"
if (cd "$problems" && PATH="$scratch/install/bin:$PATH" bash "$scratch/verify.sh") > "$scratch/verify-bad.log" 2>&1; then
    cat "$scratch/verify-bad.log"; echo "the problems gate passed an accepted example that answers wrong"; exit 1
fi
grep -q "accepted/wrong.c" "$scratch/verify-bad.log" || { cat "$scratch/verify-bad.log"; exit 1; }
echo "problems gate ok: 2 problems verified green, red with an invalid input, red with a wrong accepted example"

echo "docs/ci/test.sh: the CI jobs' commands ran and their outputs check out"
