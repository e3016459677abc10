//! The library's items are `pub(crate)` unless something outside the library names them:
//! an item that is `pub` and named by nothing but the library hides dead code from the
//! dead-code lint, which only sees crate-private items.
//!
//! "Outside" is the binary (`src/cli`, `src/main.rs`), the tests, the benches, the fuzz
//! targets and the doc comments' examples. The check is by name: an item whose name
//! appears anywhere outside passes, so it errs on the side of `pub` (a name like `run` is
//! always taken as used) and never asks to hide an item that is used.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `.rs` files under `dir`, in order, skipping `target` folders.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "target") {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// Every identifier of `text`.
fn words(text: &str, into: &mut BTreeSet<String>) {
    for w in text.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
        if !w.is_empty() {
            into.insert(w.to_string());
        }
    }
}

/// The library's files (`src/` without the binary's).
fn library_files() -> Vec<PathBuf> {
    let src = root().join("src");
    rust_files(&src)
        .into_iter()
        .filter(|p| !p.starts_with(src.join("cli")) && !p.ends_with("src/main.rs"))
        .collect()
}

/// The names used outside the library.
fn outside_names() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let r = root();
    let mut files = rust_files(&r.join("src/cli"));
    files.push(r.join("src/main.rs"));
    for dir in ["tests", "benches", "fuzz"] {
        files.extend(rust_files(&r.join(dir)));
    }
    for f in files {
        words(&std::fs::read_to_string(&f).unwrap_or_default(), &mut names);
    }
    for f in library_files() {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for line in text.lines() {
            let t = line.trim_start();
            if t.starts_with("///") || t.starts_with("//!") {
                words(t, &mut names);
            }
        }
    }
    names
}

/// The `pub` items of `text` (functions, types, traits, constants, statics, modules)
/// with their line numbers.
fn pub_items(text: &str) -> Vec<(usize, String)> {
    const KINDS: [&str; 8] = [
        "fn ", "struct ", "enum ", "const ", "static ", "trait ", "type ", "mod ",
    ];
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(rest) = line.trim_start().strip_prefix("pub ") else {
            continue;
        };
        let Some(rest) = KINDS.iter().find_map(|k| rest.strip_prefix(k)) else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            out.push((i + 1, name));
        }
    }
    out
}

/// The names the library's public interface uses: the words of every `pub` line but the
/// name it declares (a field's type, a function's signature, its continuation lines up
/// to the body), of the variants of a `pub enum` and of the body of a `pub trait`. A type named there must stay `pub`
/// (rustc's `private_interfaces`).
fn interface_names(text: &str, into: &mut BTreeSet<String>) {
    let mut in_signature = false;
    let mut enum_indent: Option<usize> = None;
    for line in text.lines() {
        let t = line.trim_start();
        let indent = line.len() - t.len();
        if t.starts_with("//") {
            continue;
        }
        if let Some(i) = enum_indent {
            if indent == i && t.starts_with('}') {
                enum_indent = None;
            } else {
                words(t, into);
            }
            continue;
        }
        let declared = pub_items(line).into_iter().next().map(|(_, n)| n);
        if t.starts_with("pub ") {
            let mut mine = BTreeSet::new();
            words(t, &mut mine);
            if let Some(name) = &declared {
                mine.remove(name);
            }
            into.extend(mine);
            if (t.starts_with("pub enum ") || t.starts_with("pub trait ")) && t.ends_with('{') {
                enum_indent = Some(indent);
            }
            in_signature = t.starts_with("pub fn ") && !t.contains('{') && !t.ends_with(';');
            continue;
        }
        if in_signature {
            words(t, into);
            in_signature = !t.contains('{') && !t.ends_with(';');
        }
    }
}

/// The `pub` items of the library that nothing outside it names, nor its public
/// interface, as `file:line: name`.
fn needlessly_public(outside: &BTreeSet<String>) -> Vec<String> {
    let mut interface = BTreeSet::new();
    for f in library_files() {
        interface_names(
            &std::fs::read_to_string(&f).unwrap_or_default(),
            &mut interface,
        );
    }
    let mut out = Vec::new();
    for f in library_files() {
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        for (line, name) in pub_items(&text) {
            if !outside.contains(&name) && !interface.contains(&name) {
                let rel = f.strip_prefix(root()).unwrap_or(&f).display().to_string();
                out.push(format!("{rel}:{line}: {name}"));
            }
        }
    }
    out
}

#[test]
fn every_public_item_of_the_library_is_named_outside_it() {
    let found = needlessly_public(&outside_names());
    assert!(
        found.is_empty(),
        "pub items that nothing outside the library names, nor its public interface: \
         make them pub(crate)\n{}",
        found.join("\n")
    );
}

#[test]
fn a_pub_item_named_by_nothing_outside_is_found() {
    let text = "pub fn used() {}\n    pub(crate) fn private() {}\n    pub struct Lonely;\n";
    assert_eq!(
        pub_items(text),
        [(1, "used".to_string()), (3, "Lonely".to_string())]
    );
    let outside: BTreeSet<String> = ["used".to_string()].into();
    let lonely: Vec<_> = pub_items(text)
        .into_iter()
        .filter(|(_, n)| !outside.contains(n))
        .collect();
    assert_eq!(lonely, [(3, "Lonely".to_string())]);
}
