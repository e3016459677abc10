//! The layers' imports point down: a test that reads every file of `src/` and fails when
//! a module imports one that its layer may not use.
//!
//! The crate's data flows one way (see `src/lib.rs`): parse → model → solve / verify →
//! check → judge → submissions → package → report. The rules that matter most:
//!
//! - nothing that judges imports `report`: the example-submission loop and a package's
//!   verification build the documents of `document` (`VerifyReport`, `GateReport`),
//!   and `report`, above them all, only writes and reads those documents;
//! - `model` and `verify` import nothing from `solve`, `gen`, `format`, `check` or
//!   `judge`: a validator shares no code with the solvers, so a solver bug can never hide
//!   behind a validator bug. This test is what makes that a checked fact.
//! - The core (`crates/core`: `verdict`, `model`, `problem`, `verify`, `solve`,
//!   `format`, `check` and the generators of `gen`) and `sandbox` (`crates/sandbox`) are
//!   crates of their own, re-exported by gridjudge under those module names: cargo
//!   keeps them from importing the judge, the packages or the command line, and this
//!   test checks that their manifests never name a gridjudge crate above them. Inside
//!   the core the rules above are still this test's to keep: its files are read as the
//!   library's are.
//!
//! What counts as an import: every path through `crate::` (`use crate::solve::dlx;`,
//! `crate::format::write(..)`, the names in `use crate::{a, b::c}`), the crate root's
//! re-exports (`crate::Verdict` is the `verdict` module) and `super::` paths that climb
//! to the crate root. Comments, doc comments, string literals and `#[cfg(test)]` items
//! are left out: a unit test may use a generator or a solver to make its data, and a doc
//! link is not a dependency. The command-line binary (`src/main.rs`, `src/cli/`) sits
//! on top and may use everything.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Each top-level module of the library and the modules it may import (besides itself).
/// Read from the bottom up: each line may only name lines above it.
const ALLOWED: &[(&str, &[&str])] = &[
    ("verdict", &[]),
    ("model", &[]),
    ("sandbox", &[]),
    ("tree", &[]),
    ("exit", &["sandbox", "verdict"]),
    ("error", &["exit"]),
    ("problem", &["model", "verdict"]),
    ("verify", &["model"]),
    ("solve", &["model", "problem"]),
    ("format", &["model", "problem", "verify"]),
    (
        "check",
        &["format", "model", "problem", "verdict", "verify"],
    ),
    (
        "judge",
        &[
            "check", "error", "exit", "problem", "sandbox", "tree", "verdict",
        ],
    ),
    ("document", &["exit", "judge", "verdict"]),
    (
        "submissions",
        &["document", "exit", "judge", "sandbox", "verdict"],
    ),
    (
        "package",
        &[
            "check",
            "document",
            "error",
            "exit",
            "judge",
            "problem",
            "sandbox",
            "submissions",
            "tree",
            "verdict",
        ],
    ),
    (
        "report",
        &["document", "error", "exit", "judge", "sandbox", "verdict"],
    ),
    (
        "gen",
        &[
            "check", "error", "exit", "format", "judge", "model", "problem", "solve", "tree",
            "verdict",
        ],
    ),
    (
        "stress",
        &[
            "check", "error", "exit", "format", "gen", "judge", "model", "problem", "sandbox",
            "solve", "tree", "verdict", "verify",
        ],
    ),
    (
        "plan",
        &[
            "check",
            "document",
            "error",
            "exit",
            "format",
            "gen",
            "judge",
            "package",
            "problem",
            "report",
            "sandbox",
            "solve",
            "stress",
            "submissions",
            "tree",
            "verdict",
            "verify",
        ],
    ),
    (
        "fuzzing",
        &[
            "check", "document", "format", "gen", "judge", "model", "package", "problem", "report",
            "sandbox", "solve", "tree", "verdict", "verify",
        ],
    ),
];

/// The lines of [`ALLOWED`] that are crates of the workspace re-exported under a
/// module's name rather than folders of `src/`: cargo layers them.
const CRATES: &[(&str, &str)] = &[("sandbox", "crates/sandbox")];

/// The crate whose modules gridjudge re-exports under their own names
/// (`pub use gridjudge_core::{check, …}`), and its folder.
const CORE: (&str, &str) = ("gridjudge_core", "crates/core");

/// A layering table: each module and the modules it may import, bottom up.
type Table = &'static [(&'static str, &'static [&'static str])];

/// Inside a module, the same rule one level down: each submodule and the siblings it may
/// import (`mod.rs` is the module's own name). What it keeps true: a problem's files
/// and the judge's problem type are plain data below everything that runs programs;
/// reports only format what the case loop produced; a package's judging builds on its
/// reading, never the other way.
const INNER: &[(&str, Table)] = &[
    (
        "judge",
        &[
            ("judge", &[]),
            ("bundled", &[]),
            ("config", &[]),
            ("lookup", &["bundled", "config"]),
            ("expectation", &[]),
            ("scoring", &["expectation"]),
            ("problem", &["config", "scoring"]),
            ("limit_verdict", &[]),
            ("first_difference", &[]),
            ("pipes", &[]),
            (
                "interaction",
                &["config", "limit_verdict", "pipes", "problem"],
            ),
            ("language", &[]),
            ("compile", &["language", "limit_verdict"]),
            ("stage", &["compile"]),
            (
                "case_loop",
                &[
                    "compile",
                    "config",
                    "expectation",
                    "first_difference",
                    "interaction",
                    "limit_verdict",
                    "problem",
                    "scoring",
                    "stage",
                ],
            ),
            ("margins", &["case_loop", "problem"]),
            ("shard", &[]),
            ("subject", &["case_loop", "compile", "problem", "stage"]),
        ],
    ),
    (
        "package",
        &[
            ("metadata", &[]),
            ("package", &["metadata"]),
            ("default_output_validator", &[]),
            (
                "output_validator",
                &["default_output_validator", "metadata"],
            ),
            ("scoring", &["metadata", "package"]),
            ("grader", &["metadata", "output_validator", "scoring"]),
            ("generators", &["metadata", "output_validator", "package"]),
            ("problem", &["grader", "output_validator", "package"]),
            ("expectations", &["package"]),
            ("data_check", &["output_validator", "package"]),
            ("shape", &["data_check", "expectations", "package"]),
            ("submissions", &["expectations", "package", "problem"]),
            ("contest", &["package"]),
            (
                "gate",
                &[
                    "contest",
                    "data_check",
                    "expectations",
                    "generators",
                    "package",
                    "problem",
                    "submissions",
                ],
            ),
            ("export", &[]),
        ],
    ),
];

/// The crate root's re-exports and the module each stands for.
const ROOT_REEXPORTS: &[(&str, &str)] = &[
    ("Answer", "problem"),
    ("Problem", "problem"),
    ("Puzzle", "problem"),
    ("Verdict", "verdict"),
];

/// One import of a top-level module found in a file, with its line.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Import {
    module: String,
    line: usize,
}

/// Replaces comments and the insides of string and char literals with spaces, keeping
/// line breaks, so that line numbers stay right and nothing in them counts as code.
fn blank_comments_and_strings(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    let keep_newlines = |bytes: &[u8], out: &mut Vec<u8>| {
        for &c in bytes {
            out.push(if c == b'\n' { b'\n' } else { b' ' });
        }
    };
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p);
            keep_newlines(&b[i..end], &mut out);
            i = end;
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            let start = i;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            keep_newlines(&b[start..i.min(b.len())], &mut out);
        } else if b[i] == b'r' && (b[i..].starts_with(b"r\"") || b[i..].starts_with(b"r#")) {
            // Raw string: r"..." or r#"..."#.
            let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
            if b.get(i + 1 + hashes) != Some(&b'"') {
                out.push(b[i]);
                i += 1;
                continue;
            }
            let mut close = vec![b'"'];
            close.extend(std::iter::repeat_n(b'#', hashes));
            let body = i + 2 + hashes;
            let end = (body..b.len())
                .find(|&j| b[j..].starts_with(&close))
                .map_or(b.len(), |j| j + close.len());
            keep_newlines(&b[i..end], &mut out);
            i = end;
        } else if b[i] == b'"' {
            let start = i;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            keep_newlines(&b[start..i], &mut out);
        } else if b[i] == b'\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a): blank only the former.
            let close = if b.get(i + 1) == Some(&b'\\') {
                (i + 2..b.len().min(i + 12)).find(|&j| b[j] == b'\'')
            } else if b.get(i + 2) == Some(&b'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(end) => {
                    keep_newlines(&b[i..=end], &mut out);
                    i = end + 1;
                }
                None => {
                    out.push(b[i]);
                    i += 1;
                }
            }
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Blanks every item marked `#[cfg(test)]` (up to its closing brace or semicolon).
fn blank_test_items(code: &str) -> String {
    let mut b = code.as_bytes().to_vec();
    let marker = b"#[cfg(test)]";
    let mut from = 0;
    while let Some(p) = b[from..].windows(marker.len()).position(|w| w == marker) {
        let start = from + p;
        let mut i = start + marker.len();
        let mut depth = 0usize;
        while i < b.len() {
            match b[i] {
                b'{' => depth += 1,
                b'}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        i += 1;
                        break;
                    }
                }
                b';' if depth == 0 => {
                    i += 1;
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        for c in &mut b[start..i.min(code.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        from = i.min(code.len());
    }
    String::from_utf8_lossy(&b).into_owned()
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

fn ident_at(b: &[u8], i: usize) -> &str {
    let end = (i..b.len()).find(|&j| !is_ident(b[j])).unwrap_or(b.len());
    std::str::from_utf8(&b[i..end]).unwrap_or("")
}

fn skip_space(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The top-level modules named by one path segment after `crate::` (or by a root
/// re-export), with a `{ a, b::c }` group read name by name.
fn names_at(b: &[u8], i: usize, line: usize, found: &mut Vec<Import>) {
    let i = skip_space(b, i);
    if b.get(i) == Some(&b'{') {
        let mut depth = 0;
        let mut j = i;
        let mut expect_name = true;
        while j < b.len() {
            match b[j] {
                b'{' => {
                    depth += 1;
                    expect_name = depth == 1;
                }
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                b',' if depth == 1 => expect_name = true,
                c if is_ident(c) && expect_name && depth == 1 => {
                    let name = ident_at(b, j);
                    push(name, line + count_lines(&b[i..j]), found);
                    expect_name = false;
                    j += name.len();
                    continue;
                }
                _ => {}
            }
            j += 1;
        }
    } else {
        push(ident_at(b, i), line, found);
    }
}

fn count_lines(b: &[u8]) -> usize {
    b.iter().filter(|&&c| c == b'\n').count()
}

fn push(name: &str, line: usize, found: &mut Vec<Import>) {
    let module = ROOT_REEXPORTS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(name, |(_, m)| m);
    if !module.is_empty() && module != "self" {
        found.push(Import {
            module: module.to_string(),
            line,
        });
    }
}

/// Every top-level module a file's production code imports. `depth` is how many
/// `super::` reach the crate root from the file's module (1 for `src/a.rs` and
/// `src/a/mod.rs`, 2 for `src/a/b.rs`, ...).
fn imports(src: &str, depth: usize) -> Vec<Import> {
    scan(src, "crate::", depth)
}

/// The names that follow `root` (`crate::`, `crate::judge::`) in a file's production
/// code, and those after exactly `supers` `super::` (which reach the same module).
fn scan(src: &str, root: &str, supers: usize) -> Vec<Import> {
    let code = blank_test_items(&blank_comments_and_strings(src));
    let b = code.as_bytes();
    let mut found = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\n' {
            line += 1;
            i += 1;
            continue;
        }
        let at_word = i == 0 || !is_ident(b[i - 1]);
        if at_word && b[i..].starts_with(root.as_bytes()) {
            names_at(b, i + root.len(), line, &mut found);
            i += root.len();
        } else if at_word && b[i..].starts_with(b"super::") {
            let mut k = 0;
            let mut j = i;
            while b[j..].starts_with(b"super::") {
                k += 1;
                j += 7;
            }
            if k == supers {
                names_at(b, j, line, &mut found);
            }
            i = j;
        } else {
            i += 1;
        }
    }
    found
}

/// The library's source files with their top-level module and `super::` depth.
fn library_files(src: &Path) -> Vec<(PathBuf, String, usize)> {
    let mut files = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let mut entries: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let rel = path.strip_prefix(src).expect("below src");
            let parts: Vec<String> = rel
                .iter()
                .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
                .collect();
            let top = parts[0].clone();
            if top == "lib" || top == "main" || top == "cli" {
                continue;
            }
            let depth = parts.len() - usize::from(parts.last().is_some_and(|p| p == "mod"));
            files.push((path, top, depth));
        }
    }
    files
}

/// Every import that breaks [`ALLOWED`], as `file:line: module imports other`.
fn violations(src: &Path, allowed: &[(&str, &[&str])]) -> Vec<String> {
    let rules: BTreeMap<&str, BTreeSet<&str>> = allowed
        .iter()
        .map(|(m, deps)| (*m, deps.iter().copied().collect()))
        .collect();
    let mut bad = Vec::new();
    for (path, top, depth) in library_files(src) {
        let Some(may) = rules.get(top.as_str()) else {
            bad.push(format!(
                "{}: module `{top}` has no line in ALLOWED (tests/it/layering.rs): say which layers it may use",
                path.display()
            ));
            continue;
        };
        let text = std::fs::read_to_string(&path).expect("read a source file");
        for import in imports(&text, depth) {
            if import.module != top && !may.contains(import.module.as_str()) {
                bad.push(format!(
                    "{}:{}: `{top}` imports `{}`, which its layer may not use",
                    path.display(),
                    import.line,
                    import.module
                ));
            }
        }
    }
    bad
}

/// The sibling submodules of `top` a file's production code imports: `crate::top::X`
/// paths, and `super::X` paths that climb exactly to `top` (`depth` as for
/// [`imports`]).
fn inner_imports(src: &str, depth: usize, top: &str) -> Vec<Import> {
    // `super::` climbs to `top` only from a file below it (depth 2 or more).
    let supers = if depth >= 2 { depth - 1 } else { usize::MAX };
    scan(src, &format!("crate::{top}::"), supers)
}

/// Every import between submodules that breaks [`INNER`].
fn inner_violations(src: &Path, inner: &[(&str, Table)]) -> Vec<String> {
    let mut bad = Vec::new();
    for (top, table) in inner {
        let rules: BTreeMap<&str, BTreeSet<&str>> = table
            .iter()
            .map(|(m, deps)| (*m, deps.iter().copied().collect()))
            .collect();
        for (path, file_top, depth) in library_files(src) {
            if file_top != *top {
                continue;
            }
            let rel = path.strip_prefix(src.join(top)).expect("below the module");
            let first = rel
                .iter()
                .next()
                .map(|p| p.to_string_lossy().trim_end_matches(".rs").to_string())
                .unwrap_or_default();
            let node = if first == "mod" {
                top.to_string()
            } else {
                first
            };
            let Some(may) = rules.get(node.as_str()) else {
                bad.push(format!(
                    "{}: `{top}::{node}` has no line in INNER (tests/it/layering.rs)",
                    path.display()
                ));
                continue;
            };
            let text = std::fs::read_to_string(&path).expect("read a source file");
            for import in inner_imports(&text, depth, top) {
                let known = rules.contains_key(import.module.as_str());
                if known && import.module != node && !may.contains(import.module.as_str()) {
                    bad.push(format!(
                        "{}:{}: `{top}::{node}` imports `{top}::{}`, which it may not use",
                        path.display(),
                        import.line,
                        import.module
                    ));
                }
            }
        }
    }
    bad
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The core crate's sources, whose modules are the library's too.
fn core_src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(CORE.1)
        .join("src")
}

/// The folders whose files are the library's modules: gridjudge's and the core's.
fn library_roots() -> [PathBuf; 2] {
    [src_dir(), core_src_dir()]
}

#[test]
fn every_import_points_down_the_layers() {
    let bad: Vec<String> = library_roots()
        .iter()
        .flat_map(|root| violations(root, ALLOWED))
        .collect();
    assert!(
        bad.is_empty(),
        "imports against the layering:\n{}",
        bad.join("\n")
    );
}

#[test]
fn inside_judge_and_package_imports_point_down_too() {
    let bad = inner_violations(&src_dir(), INNER);
    assert!(
        bad.is_empty(),
        "imports against the inner layering:\n{}",
        bad.join("\n")
    );
    for (top, table) in INNER {
        for (k, (module, deps)) in table.iter().enumerate() {
            let above: Vec<&str> = table[..k].iter().map(|(m, _)| *m).collect();
            for d in *deps {
                assert!(
                    above.contains(d),
                    "`{top}::{module}` may use `{d}`, which is not above it"
                );
            }
        }
    }
    // A planted upward import (the problem type reaching into the case loop) fails.
    let copy = tempfile::tempdir().expect("temporary folder");
    copy_tree(&src_dir(), copy.path());
    let victim = copy.path().join("judge").join("problem.rs");
    let text = std::fs::read_to_string(&victim).expect("read judge/problem.rs");
    std::fs::write(
        &victim,
        format!("{text}\n#[allow(unused_imports)]\nuse crate::judge::case_loop::Worker;\n"),
    )
    .expect("write the planted import");
    let bad = inner_violations(copy.path(), INNER);
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(
        bad[0].contains("`judge::problem` imports `judge::case_loop`"),
        "{}",
        bad[0]
    );
}

#[test]
fn the_allowed_table_lists_every_library_module_and_only_lower_ones() {
    // Each line may only name lines above it, so the table is itself a layering.
    for (k, (module, deps)) in ALLOWED.iter().enumerate() {
        let above: Vec<&str> = ALLOWED[..k].iter().map(|(m, _)| *m).collect();
        for d in *deps {
            assert!(
                above.contains(d),
                "`{module}` may use `{d}`, which is not above it"
            );
        }
    }
    let listed: BTreeSet<String> = ALLOWED.iter().map(|(m, _)| m.to_string()).collect();
    let present: BTreeSet<String> = library_roots()
        .iter()
        .flat_map(|root| library_files(root))
        .map(|(_, top, _)| top)
        .chain(CRATES.iter().map(|(m, _)| m.to_string()))
        .collect();
    assert_eq!(
        listed, present,
        "ALLOWED and the modules of src/ and crates/core/src differ"
    );
}

#[test]
fn validators_and_the_sandbox_use_nothing_above_them() {
    // The promises of the crate docs, written out so the table cannot drift from them.
    let rules: BTreeMap<&str, &[&str]> = ALLOWED.iter().copied().collect();
    for forbidden in ["solve", "gen", "format", "check", "judge"] {
        assert!(!rules["model"].contains(&forbidden));
        assert!(!rules["verify"].contains(&forbidden));
    }
    assert!(rules["sandbox"].is_empty());
}

/// The crates below gridjudge depend on nothing of it: their manifests name no
/// gridjudge package (cargo then refuses any import upwards), and gridjudge re-exports
/// each under its module name.
#[test]
fn the_sandbox_crate_depends_on_nothing_of_gridjudge() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let lib = std::fs::read_to_string(src_dir().join("lib.rs")).expect("read src/lib.rs");
    for (module, dir) in CRATES {
        let manifest = std::fs::read_to_string(root.join(dir).join("Cargo.toml"))
            .unwrap_or_else(|e| panic!("{dir}/Cargo.toml: {e}"));
        let manifest: toml::Table = manifest.parse().expect("a TOML manifest");
        let name = manifest["package"]["name"].as_str().expect("package.name");
        for section in ["dependencies", "dev-dependencies", "build-dependencies"] {
            let Some(deps) = manifest.get(section).and_then(|d| d.as_table()) else {
                continue;
            };
            for dep in deps.keys() {
                assert!(
                    dep == name || !dep.starts_with("gridjudge"),
                    "{dir} depends on {dep} ([{section}])"
                );
            }
        }
        let crate_name = name.replace('-', "_");
        assert!(
            lib.contains(&format!("pub use {crate_name} as {module};")),
            "src/lib.rs does not re-export {crate_name} as {module}"
        );
    }
}

/// The core crate names no other gridjudge crate (so the judge, the packages and the
/// sandbox are out of its reach), its command-line derives come only with its `clap`
/// feature, and every top-level module of it is the library's under the same name:
/// re-exported, or (`gen`) a gridjudge module that re-exports it beside its own.
#[test]
fn the_core_crate_depends_on_nothing_of_gridjudge_and_is_re_exported() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = std::fs::read_to_string(root.join(CORE.1).join("Cargo.toml"))
        .expect("read the core's Cargo.toml");
    let manifest: toml::Table = manifest.parse().expect("a TOML manifest");
    for section in ["dependencies", "dev-dependencies", "build-dependencies"] {
        let Some(deps) = manifest.get(section).and_then(|d| d.as_table()) else {
            continue;
        };
        for dep in deps.keys() {
            assert!(
                !dep.starts_with("gridjudge"),
                "{} depends on {dep} ([{section}])",
                CORE.1
            );
        }
        if let Some(clap) = deps.get("clap") {
            assert_eq!(
                clap.get("optional").and_then(|o| o.as_bool()),
                Some(true),
                "the core's clap is optional"
            );
        }
    }
    let lib = std::fs::read_to_string(src_dir().join("lib.rs")).expect("read src/lib.rs");
    let re_export = lib
        .split(&format!("pub use {}::{{", CORE.0))
        .nth(1)
        .and_then(|rest| rest.split('}').next())
        .unwrap_or_default()
        .to_string();
    let re_exported: BTreeSet<&str> = re_export.split(',').map(str::trim).collect();
    let core_modules: BTreeSet<String> = library_files(&core_src_dir())
        .into_iter()
        .map(|(_, top, _)| top)
        .collect();
    for module in &core_modules {
        let own = src_dir().join(module).join("mod.rs");
        let wrapped = std::fs::read_to_string(&own)
            .is_ok_and(|text| text.contains(&format!("pub use {}::{module}::", CORE.0)));
        assert!(
            re_exported.contains(module.as_str()) || wrapped,
            "src/lib.rs does not re-export {}::{module}",
            CORE.0
        );
    }
}

#[test]
fn the_scanner_sees_every_form_of_import() {
    let src = r#"
//! Docs may say crate::solve freely.
use crate::model::sudoku::Grid;
use crate::{format, solve::dlx, Verdict};
use super::super::gen::Rng;
fn f() -> usize { let s = "crate::judge"; crate::check::check(s); 'x'; 0 }
/* crate::stress */
#[cfg(test)]
mod tests {
    use crate::package;
}
"#;
    let found: Vec<(String, usize)> = imports(src, 2)
        .into_iter()
        .map(|i| (i.module, i.line))
        .collect();
    let expect: Vec<(String, usize)> = [
        ("model", 3),
        ("format", 4),
        ("solve", 4),
        ("verdict", 4),
        ("gen", 5),
        ("check", 6),
    ]
    .iter()
    .map(|(m, l)| (m.to_string(), *l))
    .collect();
    assert_eq!(found, expect);
    // One super:: less is a sibling module, not the crate root.
    assert!(imports("use super::gen::Rng;", 2).is_empty());
}

#[test]
fn a_planted_upward_import_fails_the_check() {
    // A copy of the core's sources with one validator file importing a solver must be
    // refused, naming the file and the line: cargo cannot, both are one crate.
    let copy = tempfile::tempdir().expect("temporary folder");
    copy_tree(&core_src_dir(), copy.path());
    let victim = copy.path().join("verify").join("sudoku.rs");
    let text = std::fs::read_to_string(&victim).expect("read verify/sudoku.rs");
    std::fs::write(
        &victim,
        format!("{text}\n#[allow(unused_imports)]\nuse crate::solve::sudoku_dfs;\n"),
    )
    .expect("write the planted import");
    let bad = violations(copy.path(), ALLOWED);
    assert_eq!(bad.len(), 1, "{bad:?}");
    assert!(
        bad[0].contains("sudoku.rs:") && bad[0].contains("`verify` imports `solve`"),
        "{}",
        bad[0]
    );
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("read a folder") {
        let entry = entry.expect("directory entry");
        let target = to.join(entry.file_name());
        if entry.path().is_dir() {
            std::fs::create_dir_all(&target).expect("create a folder");
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

/// The places of `src/` (the binary's too) that name `std::process::Command`
/// (`process::Command`, or `Command` in a `process::{…}` group), as `file:line`.
fn process_commands(src: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for path in std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("directory entry").path())
        {
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("read");
            let code = blank_test_items(&blank_comments_and_strings(&text));
            let squashed: String = code.chars().filter(|c| !c.is_whitespace()).collect();
            let whole = |at: usize| {
                let rest = &squashed.as_bytes()[at + "process::Command".len()..];
                rest.first().is_none_or(|&c| !is_ident(c))
            };
            let named = squashed
                .match_indices("process::Command")
                .any(|(at, _)| whole(at))
                || squashed.split("process::{").skip(1).any(|group| {
                    let group = group.split('}').next().unwrap_or_default();
                    group.split(',').any(|name| name == "Command")
                });
            if named {
                let rel = path.strip_prefix(src).expect("below src");
                found.push(rel.display().to_string());
            }
        }
    }
    found.sort();
    found
}

/// Every program the judge runs outside the sandbox starts through
/// `sandbox::host` (in `/`, with an environment built from nothing): no other file
/// of `src/`, of the core crate or of the sandbox crate names `std::process::Command`
/// (tests aside).
#[test]
fn only_sandbox_host_starts_programs_outside_the_sandbox() {
    assert!(process_commands(&src_dir()).is_empty());
    assert!(process_commands(&core_src_dir()).is_empty());
    let sandbox = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/sandbox/src");
    assert_eq!(process_commands(&sandbox), ["host.rs"]);
    // A planted use is found, in each form.
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, text) in [
        ("a.rs", "fn f() { std::process::Command::new(\"x\"); }\n"),
        ("b.rs", "use std::process::{Stdio, Command};\n"),
        ("c.rs", "// std::process::Command in a comment\nfn g() {}\n"),
        ("d.rs", "use std::os::unix::process::CommandExt;\n"),
    ] {
        std::fs::write(dir.path().join(name), text).expect("write");
    }
    assert_eq!(process_commands(dir.path()), ["a.rs", "b.rs"]);
}
