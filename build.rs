//! Embeds the bundled judge cases (`judge-cases/`) in the binary, so that an installed
//! `gridjudge` (`cargo install --path .`) judges, verifies and exports the bundled
//! problems without the checkout: writes `$OUT_DIR/bundled.rs`, one
//! `(relative path, include_bytes!(…))` pair per file, sorted by path. Cargo reruns this
//! when anything under `judge-cases/` changes, or when another copy of the sources built
//! in the same target folder last.

use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        match entry.file_type() {
            Ok(t) if t.is_dir() => files(&path, out),
            Ok(t) if t.is_file() => out.push(path),
            _ => {}
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let root = manifest.join("judge-cases");
    // The absolute path: the code below names these files by absolute path, and a copy
    // of the sources elsewhere that shares this target folder (the unpacked .crate that
    // `.ci/run` checks) must make this rerun, which a relative path would not (cargo
    // resolves it in whichever copy builds next, finds it unchanged and keeps the other
    // copy's file list).
    println!("cargo:rerun-if-changed={}", root.display());
    let mut list = Vec::new();
    files(&root, &mut list);
    list.sort();
    let mut code = String::from("/// The bundled judge cases: path below `judge-cases/`, bytes.\n");
    code.push_str("pub static FILES: &[(&str, &[u8])] = &[\n");
    for path in &list {
        let rel = path.strip_prefix(&root).unwrap_or(path);
        code.push_str(&format!(
            "    ({:?}, include_bytes!({:?})),\n",
            rel.to_string_lossy(),
            path.to_string_lossy()
        ));
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").unwrap_or_default()).join("bundled.rs");
    if let Err(e) = std::fs::write(&out, code) {
        panic!("cannot write {}: {e}", out.display());
    }
}
