//! Embeds the bundled judge cases (`judge-cases/`) in the binary, so that an installed
//! `gridjudge` (`cargo install --path .`) judges, verifies and exports the bundled
//! problems without the checkout: writes `$OUT_DIR/bundled.rs`, one
//! `(relative path, include_bytes!(…))` pair per file, sorted by path. Cargo reruns this
//! when anything under `judge-cases/` changes, or when another copy of the sources built
//! in the same target folder last.
//!
//! Also names the commit the binary is built from, for `gridjudge --version` and the
//! reports' provenance (`GRIDJUDGE_COMMIT`, empty when unknown, and
//! `GRIDJUDGE_VERSION`, the version with it): `$GRIDJUDGE_COMMIT` if
//! set (a release build from a tarball), else the `git.sha1` of `.cargo_vcs_info.json`
//! (what `cargo package` records: a crates.io install), else `git rev-parse HEAD` in the
//! checkout (without asking whether the work tree differs from it).

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

/// The commit of the sources, and the files whose change makes it stale.
fn commit(manifest: &Path) -> (String, Vec<PathBuf>) {
    println!("cargo:rerun-if-env-changed=GRIDJUDGE_COMMIT");
    if let Ok(given) = std::env::var("GRIDJUDGE_COMMIT") {
        return (given.trim().to_string(), Vec::new());
    }
    let vcs_info = manifest.join(".cargo_vcs_info.json");
    let recorded = std::fs::read_to_string(&vcs_info)
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok());
    if let Some(info) = recorded {
        // {"git": {"sha1": "…", "dirty": true}, "path_in_vcs": ""}
        if let Some(sha) = info["git"]["sha1"].as_str() {
            let dirty = info["git"]["dirty"].as_bool() == Some(true);
            let suffix = if dirty { "-dirty" } else { "" };
            return (format!("{sha}{suffix}"), vec![vcs_info]);
        }
    }
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .args(args)
            .current_dir(manifest)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
    };
    let Some(sha) = git(&["rev-parse", "HEAD"]) else {
        return (String::new(), Vec::new());
    };
    // HEAD, the packed refs and the folder of branches (a commit writes its branch's
    // file there, or creates it in a fresh clone whose refs are all packed): a commit or
    // a checkout reruns this. Whether the work tree differs from HEAD is not asked:
    // watching the index would rebuild the crate at every `git add`.
    let watched = ["HEAD", "packed-refs", "refs/heads"]
        .into_iter()
        .filter_map(|name| git(&["rev-parse", "--git-path", name]))
        .map(|p| manifest.join(p))
        .collect();
    (sha, watched)
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
    let (sha, watched) = commit(&manifest);
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    println!("cargo:rustc-env=GRIDJUDGE_COMMIT={sha}");
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let version = if sha.is_empty() {
        version
    } else {
        format!("{version} ({sha})")
    };
    println!("cargo:rustc-env=GRIDJUDGE_VERSION={version}");
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
