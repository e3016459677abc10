#!/usr/bin/env bash
# Shows what a new problem costs. In a scratch copy of the working tree it adds a sixth
# problem, `sudoku16` (16x16 Sudoku in the POJ 3076 format, dancing links by default),
# the way docs/adding-a-problem.md says: one module under crates/core/src/problem/defs/ and
# its line in that folder's list, then the problem's data files (judge data, samples,
# fuzz targets with seeds and dictionaries, its docs). Then it checks that:
#
#   - the copy's src/ and crates/ differ from this tree by that one new file and the
#     list's two lines (the entry and its doc comment), nothing else;
#   - the core's tests and tests/it/problem_completeness.rs pass in the copy;
#   - the copy's gridjudge knows the problem: `solve --help` names it, `judge sudoku16
#     --reference` and `verify-submissions sudoku16` pass on its data, `solve` answers
#     a generated case that `check` accepts, and `export` makes a package of it.
#
# Usage: bash tests/new_problem.sh [WORK_DIR]   (CI: .ci/run; most of its time goes to
# building the copy in a target folder of its own).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
copy="$work/gridjudge"
rm -rf "$copy"
mkdir -p "$copy"
# The working tree's tracked files, as they are now (uncommitted edits included).
git -C "$root" ls-files -z | (cd "$root" && tar --null -T - -cf - 2>/dev/null) | tar -xf - -C "$copy"
cd "$copy"

# The module: the problem's definition.
cat > crates/core/src/problem/defs/sudoku16.rs <<'EOF'
//! 16x16 Sudoku in the POJ 3076 format, solved by dancing links by default.

use crate::problem::{ProblemDef, Rules, SolverKind, Syntax};

/// The definition.
pub const DEF: ProblemDef = ProblemDef {
    id: "sudoku16",
    title: "Sudoku 16x16 (exact cover)",
    rules: Rules::Sudoku { box_size: 4 },
    syntax: Syntax::Poj3076,
    default_solver: SolverKind::Dlx,
    statement: "Each data set is 16 lines of 16 characters, A-P for a given and a dash for an empty cell; data sets are separated by one empty line. Print each completed grid in the same format, sets separated by one empty line; every row, column and 4x4 box holds A-P once and every given is kept.",
};
EOF
# The list entry, after the last one.
python3 - <<'EOF'
import re
path = "crates/core/src/problem/defs/mod.rs"
text = open(path).read()
last = re.search(r"^problems! \{\n(?:.*\n)*?(\}\n)", text, re.M)
assert last, "no problems! list in " + path
entry = "    /// 16x16 Sudoku in the POJ 3076 format, solved by dancing links by default.\n    Sudoku16 => sudoku16,\n"
open(path, "w").write(text[: last.start(1)] + entry + text[last.start(1):])
EOF

# What src/ and crates/ gained: one file and two lines.
changes=$(cd "$root" && diff -r -x target src "$copy/src"; diff -r -x target crates "$copy/crates") || true
expected="Only in $copy/crates/core/src/problem/defs: sudoku16.rs"
new_files=$(grep -c '^Only in' <<<"$changes" || true)
added=$(grep -c '^> ' <<<"$changes" || true)
removed=$(grep -c '^< ' <<<"$changes" || true)
echo "src/ and crates/: $new_files new file, $added lines added, $removed removed"
grep -qxF "$expected" <<<"$changes" && [ "$new_files" = 1 ] && [ "$added" = 2 ] && [ "$removed" = 0 ] ||
    { echo "new_problem.sh: the problem needed more than its module and its list entry:"; echo "$changes"; exit 1; }

# The data files, from poj3076's (same format, same rules).
cp -r judge-cases/poj3076 judge-cases/sudoku16
sed -i 's/^problem = "poj3076"/problem = "sudoku16"/; s/^title = .*/title = "Sudoku 16x16 (exact cover)"/' judge-cases/sudoku16/problem.toml
sed -i '1s/.*/# sudoku16: provenance of every data file (copied from poj3076, same format and rules)/' judge-cases/sudoku16/PROVENANCE.md
for ext in in ans; do cp tests/data/samples/poj3076.$ext tests/data/samples/sudoku16.$ext; done
for family in parse check; do
    sed 's/poj3076/sudoku16/g; s/Poj3076/Sudoku16/g' fuzz/fuzz_targets/${family}_poj3076.rs > fuzz/fuzz_targets/${family}_sudoku16.rs
    printf '\n[[bin]]\nname = "%s_sudoku16"\npath = "fuzz_targets/%s_sudoku16.rs"\ntest = false\ndoc = false\nbench = false\n' "$family" "$family" >> fuzz/Cargo.toml
    cp -r fuzz/regressions/${family}_poj3076 fuzz/regressions/${family}_sudoku16
    cp fuzz/dicts/${family}_poj3076.dict fuzz/dicts/${family}_sudoku16.dict
done
printf '\n## 16x16 Sudoku by exact cover: `sudoku16`\n\nThe format, limits and checker of `poj3076`; `gridjudge solve` uses dancing links.\n' >> docs/problems.md
sed -i 's/^| `poj3076` |.*/&\n| `sudoku16` | Sudoku 16×16 (exact cover) | as `poj3076` | 16×16 |/' README.md

# A target folder of its own: the copy's binaries must not replace this tree's.
export CARGO_TARGET_DIR="$work/target"
cargo test --quiet -p gridjudge-core
cargo test --quiet --test it problem_completeness
cargo build --quiet --bin gridjudge
gj="$CARGO_TARGET_DIR/debug/gridjudge"
"$gj" solve --help | grep -q sudoku16 || { echo "gridjudge solve --help does not name sudoku16"; exit 1; }
"$gj" judge sudoku16 --reference
"$gj" verify-submissions sudoku16
"$gj" gen sudoku --box 4 --clues 150 --count 1 --seed 16 > "$work/case.in"
"$gj" solve sudoku16 "$work/case.in" > "$work/case.out"
"$gj" check sudoku16 "$work/case.in" "$work/case.out"
"$gj" export sudoku16 --out "$work/package"
test -f "$work/package/problem.yaml"
echo "new_problem.sh: sudoku16 is one module and one list entry; it builds, tests, judges and exports"
