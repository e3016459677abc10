//! The bundled problems (`judge-cases/` of the source tree), embedded in the binary by
//! `build.rs`, so that an installed gridjudge needs no checkout.
//!
//! The judge works on files (cases are paths, the checker and the sandbox read them), so
//! [`root`] writes the embedded tree once into the user's cache folder
//! (`$XDG_CACHE_HOME/gridjudge`, else `~/.cache/gridjudge`, else the temporary folder),
//! under a name that carries a fingerprint of the contents: `judge-cases-<16 hex>`. A
//! binary built from other cases writes a folder of its own; the same binary reuses its
//! folder. The tree is written into a temporary folder beside it and renamed into place,
//! so a reader never sees half of it, and two gridjudges starting at once both end with
//! one whole folder.

use std::path::{Path, PathBuf};

mod data {
    include!(concat!(env!("OUT_DIR"), "/bundled.rs"));
}

/// The embedded files: path below `judge-cases/`, contents.
pub fn files() -> &'static [(&'static str, &'static [u8])] {
    data::FILES
}

/// The ids of the bundled problems (folders with a `problem.toml`), sorted.
pub fn ids() -> Vec<&'static str> {
    files()
        .iter()
        .filter_map(|(path, _)| path.strip_suffix("/problem.toml"))
        .filter(|id| !id.contains('/'))
        .collect()
}

/// FNV-1a over every path and its contents: what names the extracted folder.
fn fingerprint() -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (path, bytes) in files() {
        for b in path
            .bytes()
            .chain([0])
            .chain(bytes.iter().copied())
            .chain([0])
        {
            h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
        }
    }
    h
}

/// The folder the cache lives in.
fn cache_folder() -> PathBuf {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    env("XDG_CACHE_HOME")
        .or_else(|| env("HOME").map(|h| h.join(".cache")))
        .unwrap_or_else(std::env::temp_dir)
        .join("gridjudge")
}

/// The bundled judge cases as a folder on disk (one folder per problem), written on
/// first use.
pub fn root() -> std::io::Result<PathBuf> {
    root_in(&cache_folder())
}

/// [`root`] with the cache in `cache`.
pub(crate) fn root_in(cache: &Path) -> std::io::Result<PathBuf> {
    use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
    let target = cache.join(format!("judge-cases-{:016x}", fingerprint()));
    let complete = |dir: &Path| dir.join(".complete").is_file();
    if complete(&target) {
        return Ok(target);
    }
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o755)
        .create(cache)?;
    let staging = tempfile::Builder::new()
        .prefix(".judge-cases-")
        .tempdir_in(cache)?;
    for (rel, bytes) in files() {
        let path = staging.path().join(rel);
        if let Some(parent) = path.parent() {
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o755)
                .create(parent)?;
        }
        std::fs::write(&path, bytes)?;
    }
    std::fs::write(staging.path().join(".complete"), b"")?;
    std::fs::set_permissions(staging.path(), std::fs::Permissions::from_mode(0o755))?;
    let staged = staging.keep();
    match std::fs::rename(&staged, &target) {
        Ok(()) => Ok(target),
        // Another gridjudge got there first (or an old, incomplete folder is in the
        // way): use a complete one, else replace what is there.
        Err(_) if complete(&target) => {
            let _ = std::fs::remove_dir_all(&staged);
            Ok(target)
        }
        Err(_) => {
            let _ = std::fs::remove_dir_all(&target);
            std::fs::rename(&staged, &target).inspect_err(|_| {
                let _ = std::fs::remove_dir_all(&staged);
            })?;
            Ok(target)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_five_problems_are_bundled() {
        assert_eq!(
            ids(),
            ["hdu3338", "kakuro", "poj2676", "poj3074", "poj3076"]
        );
        assert!(files()
            .iter()
            .any(|(p, _)| *p == "poj3074/data/sample/1.in"));
    }

    #[test]
    fn the_tree_is_written_once_whole_and_reused() {
        let cache = tempfile::tempdir().expect("temp dir");
        let root = root_in(cache.path()).expect("written");
        for (rel, bytes) in files() {
            assert_eq!(
                std::fs::read(root.join(rel)).expect("a file"),
                *bytes,
                "{rel}"
            );
        }
        let mtime = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
        let before = mtime(&root.join("poj3074/problem.toml"));
        assert_eq!(root_in(cache.path()).expect("again"), root);
        assert_eq!(
            mtime(&root.join("poj3074/problem.toml")),
            before,
            "rewritten"
        );
        // Only the folder itself: no staging folder left behind.
        let names: Vec<_> = std::fs::read_dir(cache.path())
            .expect("list")
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        // An incomplete folder (a crash half-way) is replaced.
        std::fs::remove_file(root.join(".complete")).expect("remove");
        std::fs::remove_file(root.join("poj3074/problem.toml")).expect("remove");
        let again = root_in(cache.path()).expect("rewritten");
        assert!(again.join("poj3074/problem.toml").is_file());
    }
}
