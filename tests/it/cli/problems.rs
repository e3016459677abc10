//! One rule for a PROBLEM argument, and a binary that needs no checkout: a problem is a
//! bundled id, an id under `--cases`, or a path to a problem folder (`.`, `./mine`, or
//! `mine` from its parent), in `judge`, `verify-submissions`, `stress`, `export` and
//! `generate` alike; an unknown one lists the bundled ids and the places searched. A
//! copy of the binary, moved away from the source tree, judges, exports and verifies
//! the bundled problems on its own.

use crate::support;
use support::judge::copy_dir;

use std::path::Path;
use std::process::{Command, Output};

fn run(bin: &Path, dir: &Path, cache: &Path, args: &[&str]) -> Output {
    Command::new(bin)
        .args(args)
        .current_dir(dir)
        .env_remove("GRIDJUDGE_CASES")
        .env("XDG_CACHE_HOME", cache)
        .output()
        .unwrap()
}

fn code(out: &Output) -> (Option<i32>, String) {
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_problem_is_an_id_or_a_path_in_every_command() {
    let _machine = support::machine::shared();
    let bin = Path::new(env!("CARGO_BIN_EXE_gridjudge"));
    let tmp = tempfile::tempdir().unwrap();
    let cache = tmp.path().join("cache");
    let mine = tmp.path().join("mysudoku");
    copy_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/judge/cases/poj3074"),
        &mine,
    );
    let judge = ["judge", "--reference", "--case", "1"];
    for (cwd, name) in [
        (tmp.path(), "./mysudoku"),
        (tmp.path(), "mysudoku"),
        (mine.as_path(), "."),
    ] {
        let mut args = vec![judge[0], name];
        args.extend(&judge[1..]);
        let (c, err) = code(&run(bin, cwd, &cache, &args));
        assert_eq!(c, Some(0), "{args:?} in {}: {err}", cwd.display());
    }
    // The same rule in the other commands.
    let out_dir = tmp.path().join("pkg");
    let (c, err) = code(&run(
        bin,
        tmp.path(),
        &cache,
        &["export", "mysudoku", "--kattis", out_dir.to_str().unwrap()],
    ));
    assert_eq!(c, Some(0), "export: {err}");
    let (c, err) = code(&run(
        bin,
        tmp.path(),
        &cache,
        &["generate", "./mysudoku", "--check"],
    ));
    assert_ne!(c, Some(64), "generate takes the path: {err}");
    // An unknown problem names the bundled ids and where it looked, in every command.
    for args in [
        &["judge", "nosuch", "--reference"][..],
        &["verify-submissions", "nosuch"],
        &["stress", "nosuch", "--", "/bin/true"],
        &["export", "nosuch", "--kattis", "x"],
        &["generate", "nosuch"],
    ] {
        let (c, err) = code(&run(bin, tmp.path(), &cache, args));
        assert_eq!(c, Some(64), "{args:?}: {err}");
        assert!(err.contains("nosuch"), "{args:?}: {err}");
        assert!(err.contains("poj3074, poj3076"), "{args:?}: the ids: {err}");
    }
}

#[test]
fn a_binary_moved_away_from_the_checkout_has_the_bundled_problems() {
    let _machine = support::machine::shared();
    let tmp = tempfile::tempdir().unwrap();
    let bin = tmp.path().join("bin/gridjudge");
    std::fs::create_dir_all(bin.parent().unwrap()).unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_gridjudge"), &bin).unwrap();
    let cache = tmp.path().join("cache");
    let work = tmp.path().join("work");
    std::fs::create_dir_all(&work).unwrap();
    let (c, err) = code(&run(
        &bin,
        &work,
        &cache,
        &["judge", "--all", "--reference", "--case", "1"],
    ));
    assert_eq!(c, Some(0), "judge --all: {err}");
    let (c, err) = code(&run(
        &bin,
        &work,
        &cache,
        &["export", "poj3076", "--kattis", "poj3076-pkg"],
    ));
    assert_eq!(c, Some(0), "export: {err}");
    assert!(work.join("poj3076-pkg/problem.yaml").is_file());
    let (c, err) = code(&run(
        &bin,
        &work,
        &cache,
        &["verify-submissions", "poj3076"],
    ));
    assert_eq!(c, Some(0), "verify-submissions: {err}");
    // Written once into the cache, and reused.
    let folders: Vec<_> = std::fs::read_dir(cache.join("gridjudge"))
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(folders.len(), 1, "{folders:?}");
    assert!(folders[0].starts_with("judge-cases-"), "{folders:?}");
}
