//! `docs/layout.md`'s table of modules (the section "## The modules") against the
//! modules on disk: every name the table gives is a module that exists, every module
//! is in the table, and none is in it twice.
//!
//! A module here is what the table lists: a top-level module of the library
//! (`src/X.rs` or `src/X/mod.rs`, `lib.rs` and `main.rs` aside) as `X`, a second-level one
//! (`src/X/Y.rs` or `src/X/Y/mod.rs`) as `X::Y`, the same for the core crate's files
//! (`crates/core/src/…`, which the library re-exports under the same names; `gen` has
//! files in both), a top-level module of the sandbox crate
//! (`crates/sandbox/src/Y.rs` or `Y/mod.rs`) as `sandbox::Y`, and the binary's command
//! line (`src/cli/mod.rs`, `src/cli/Y.rs`) as `cli` and `cli::Y`. Deeper files (a
//! module's own submodules, such as `solve::exact_cover`'s `dance.rs`) are left to
//! their module's row.
//!
//! The comparison is plain functions of the document's text and a list of files (paths
//! relative to the repository, with `/`), so the last test runs it on a planted table.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The heading of the section whose table is checked.
const HEADING: &str = "## The modules";

/// The folders whose files are modules: the library (and the binary's `cli`), the core
/// crate and the sandbox crate.
const SOURCE_ROOTS: &[&str] = &["src", "crates/core/src", "crates/sandbox/src"];

/// The folders whose modules the library names as its own (the core crate's are
/// re-exported under the same names).
const LIBRARY_ROOTS: &[&str] = &["src", "crates/core/src"];

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The module names of the rows of the table under [`HEADING`], in order: the first
/// backticked name of every line that starts with "| `", up to the next `## ` heading.
/// `None` when the document has no such heading.
fn table_modules(doc: &str) -> Option<Vec<String>> {
    let mut lines = doc.lines().skip_while(|l| l.trim_end() != HEADING);
    lines.next()?;
    let names = lines
        .take_while(|l| !l.starts_with("## "))
        .filter_map(|l| l.strip_prefix("| `"))
        .map(|rest| {
            rest.split('`')
                .next()
                .unwrap_or_default()
                .trim()
                .to_string()
        })
        .collect();
    Some(names)
}

/// Whether `s` is a Rust identifier as module names spell them.
fn is_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// The files a module name of the table stands for (either one will do); empty for a
/// name that is no module of the table's kinds (deeper than two levels, `lib`, `mod`, …).
fn candidate_files(name: &str) -> Vec<String> {
    let parts: Vec<&str> = name.split("::").collect();
    if parts
        .iter()
        .any(|p| !is_ident(p) || matches!(*p, "mod" | "lib" | "main"))
    {
        return Vec::new();
    }
    match parts[..] {
        ["sandbox", y] => vec![
            format!("crates/sandbox/src/{y}.rs"),
            format!("crates/sandbox/src/{y}/mod.rs"),
        ],
        ["cli"] => vec!["src/cli/mod.rs".to_string()],
        [a] => LIBRARY_ROOTS
            .iter()
            .flat_map(|r| [format!("{r}/{a}.rs"), format!("{r}/{a}/mod.rs")])
            .collect(),
        [a, b] => LIBRARY_ROOTS
            .iter()
            .flat_map(|r| [format!("{r}/{a}/{b}.rs"), format!("{r}/{a}/{b}/mod.rs")])
            .collect(),
        _ => Vec::new(),
    }
}

/// The module name of a file `NAME.rs` other than `mod.rs`.
fn file_module(file: &str) -> Option<&str> {
    file.strip_suffix(".rs")
        .filter(|stem| is_ident(stem) && *stem != "mod")
}

/// The module a file is, when it is one the table must list (see the module doc).
fn module_of(file: &str) -> Option<String> {
    if let Some(rest) = file.strip_prefix("crates/sandbox/src/") {
        let y = match rest.split('/').collect::<Vec<_>>()[..] {
            [file] if file != "lib.rs" => file_module(file)?,
            [dir, "mod.rs"] if is_ident(dir) => dir,
            _ => return None,
        };
        return Some(format!("sandbox::{y}"));
    }
    let rest = file
        .strip_prefix("src/")
        .or_else(|| file.strip_prefix("crates/core/src/"))?;
    match rest.split('/').collect::<Vec<_>>()[..] {
        [file] if file != "lib.rs" && file != "main.rs" => file_module(file).map(str::to_string),
        [dir, "mod.rs"] if is_ident(dir) => Some(dir.to_string()),
        [dir, file] if is_ident(dir) => file_module(file).map(|y| format!("{dir}::{y}")),
        [dir, sub, "mod.rs"] if is_ident(dir) && is_ident(sub) => Some(format!("{dir}::{sub}")),
        _ => None,
    }
}

/// The names of the table that resolve to no file of `files`, each with the files it
/// would have been.
fn unresolved(table: &[String], files: &BTreeSet<String>) -> Vec<String> {
    table
        .iter()
        .filter_map(|name| {
            let candidates = candidate_files(name);
            if candidates.iter().any(|f| files.contains(f)) {
                None
            } else if candidates.is_empty() {
                Some(format!("`{name}`: not a module name of the table's kinds"))
            } else {
                Some(format!("`{name}`: no {}", candidates.join(" nor ")))
            }
        })
        .collect()
}

/// The modules of `files` that the table does not name, each with its file.
fn missing(table: &[String], files: &BTreeSet<String>) -> Vec<String> {
    let named: BTreeSet<&str> = table.iter().map(String::as_str).collect();
    files
        .iter()
        .filter_map(|f| module_of(f).map(|m| (m, f)))
        .filter(|(m, _)| !named.contains(m.as_str()))
        .map(|(m, f)| format!("`{m}` ({f})"))
        .collect()
}

/// The names that are rows of the table more than once, with their count.
fn duplicates(table: &[String]) -> Vec<String> {
    let mut count: BTreeMap<&str, usize> = BTreeMap::new();
    for name in table {
        *count.entry(name).or_default() += 1;
    }
    count
        .into_iter()
        .filter(|&(_, n)| n > 1)
        .map(|(name, n)| format!("`{name}` ({n} rows)"))
        .collect()
}

/// Every `.rs` file under [`SOURCE_ROOTS`], relative to the repository, with `/`.
fn source_files() -> BTreeSet<String> {
    let mut files = BTreeSet::new();
    let mut stack: Vec<_> = SOURCE_ROOTS.iter().map(|d| root().join(d)).collect();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let rel = path.strip_prefix(root()).expect("below the repository");
                let parts: Vec<_> = rel.iter().map(|p| p.to_string_lossy()).collect();
                files.insert(parts.join("/"));
            }
        }
    }
    files
}

/// The table of `docs/layout.md`; fails when the section is missing or empty.
fn layout_table() -> Vec<String> {
    let path = root().join("docs/layout.md");
    let doc = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let table = table_modules(&doc)
        .unwrap_or_else(|| panic!("docs/layout.md has no section \"{HEADING}\""));
    assert!(
        !table.is_empty(),
        "docs/layout.md: no rows (\"| `module` | …\") under \"{HEADING}\""
    );
    table
}

#[test]
fn every_module_the_layout_names_exists() {
    let table = layout_table();
    let bad = unresolved(&table, &source_files());
    assert!(
        bad.is_empty(),
        "docs/layout.md names modules that do not exist:\n{}",
        bad.join("\n")
    );
    let twice = duplicates(&table);
    assert!(
        twice.is_empty(),
        "docs/layout.md lists modules more than once:\n{}",
        twice.join("\n")
    );
}

#[test]
fn every_module_is_in_the_layout() {
    let absent = missing(&layout_table(), &source_files());
    assert!(
        absent.is_empty(),
        "modules missing from the table of docs/layout.md (\"{HEADING}\"):\n{}",
        absent.join("\n")
    );
}

#[test]
fn a_planted_table_fails_each_check() {
    let doc = "\
# Layout

| module | what it owns |
|---|---|
| `before_the_heading` | not a row of the checked table |

## The modules

| module | what it owns |
|---|---|
| `verdict` | verdicts |
| `judge` | judging |
| `judge::nothing_here` | a module that does not exist |
| `sandbox::host` | host programs |
| `cli` | the command line |
| `cli::judge` | `judge` |
| `judge` | judging, again |
| `judge::report::html` | too deep for the table |

## After the table

| `after_the_table` | not a row either |
";
    let files: BTreeSet<String> = [
        "src/lib.rs",
        "src/main.rs",
        "crates/core/src/lib.rs",
        "crates/core/src/verdict.rs",
        "src/judge/mod.rs",
        "src/judge/lookup.rs",
        "src/judge/report/mod.rs",
        "src/judge/report/html.rs",
        "crates/core/src/solve/exact_cover/dance.rs",
        "crates/sandbox/src/lib.rs",
        "crates/sandbox/src/host.rs",
        "crates/sandbox/src/launcher/mod.rs",
        "crates/sandbox/src/launcher/child.rs",
        "src/cli/mod.rs",
        "src/cli/judge.rs",
    ]
    .iter()
    .map(|f| f.to_string())
    .collect();
    let table = table_modules(doc).expect("the heading is there");
    assert_eq!(
        table,
        [
            "verdict",
            "judge",
            "judge::nothing_here",
            "sandbox::host",
            "cli",
            "cli::judge",
            "judge",
            "judge::report::html",
        ]
    );
    assert_eq!(
        unresolved(&table, &files),
        [
            "`judge::nothing_here`: no src/judge/nothing_here.rs nor src/judge/nothing_here/mod.rs \
             nor crates/core/src/judge/nothing_here.rs nor crates/core/src/judge/nothing_here/mod.rs",
            "`judge::report::html`: not a module name of the table's kinds",
        ]
    );
    assert_eq!(
        missing(&table, &files),
        [
            "`sandbox::launcher` (crates/sandbox/src/launcher/mod.rs)",
            "`judge::lookup` (src/judge/lookup.rs)",
            "`judge::report` (src/judge/report/mod.rs)",
        ]
    );
    assert_eq!(duplicates(&table), ["`judge` (2 rows)"]);
    // The rules of names one by one: what each file is, and where each name leads.
    assert_eq!(module_of("src/lib.rs"), None);
    assert_eq!(module_of("crates/sandbox/src/lib.rs"), None);
    assert_eq!(module_of("crates/core/src/lib.rs"), None);
    assert_eq!(
        module_of("crates/core/src/solve/exact_cover/dance.rs"),
        None
    );
    assert_eq!(
        module_of("crates/core/src/verdict.rs").as_deref(),
        Some("verdict")
    );
    assert_eq!(module_of("src/cli/mod.rs").as_deref(), Some("cli"));
    assert_eq!(module_of("src/cli/judge.rs").as_deref(), Some("cli::judge"));
    assert_eq!(module_of("src/tree.rs").as_deref(), Some("tree"));
    assert!(candidate_files("lib").is_empty());
    assert!(candidate_files("judge::mod").is_empty());
    assert!(candidate_files("sandbox")
        .iter()
        .all(|f| !files.contains(f)));
    assert_eq!(table_modules("no heading here\n| `verdict` | x |\n"), None);
}
