//! The cgroup v2 path against a real kernel's unified hierarchy.
//!
//! This project's machines are hybrid: the memory and pids controllers live in v1
//! hierarchies, and the unified one (systemd's `/sys/fs/cgroup/unified`) has only
//! `hugetlb`. What v2 does without the memory controller is tested here for real: the
//! "no internal processes" rule that [`delegate`] works around (with `hugetlb` standing
//! in for `memory`), the move of a process into a run cgroup by writing `0` to an open
//! `cgroup.procs` (as the launcher's child does), and `cgroup.kill` ending a whole
//! process tree. The memory controller's files on v2 are tested against a fake folder
//! in `crates/sandbox/src/cgroup`, and a whole judge run on a v2-only kernel by
//! `tests/vm/cgroup_v2.sh` (a VM, run by `.ci/run`).

use crate::support;

use gridjudge::sandbox::cgroup::{delegate, kill_and_remove, locate};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};
use support::judge::skip;

/// A fresh cgroup under this process's own unified cgroup, or why there is none.
fn scratch(name: &str) -> Result<PathBuf, String> {
    if !gridjudge::sandbox::is_root() {
        return Err("not root: cannot make cgroups".into());
    }
    let own = locate::unified_here().ok_or("no cgroup2 hierarchy mounted")?;
    let dir = own.join(format!("gridjudge-test-{name}-{}", std::process::id()));
    std::fs::create_dir(&dir).map_err(|e| format!("cannot make {}: {e}", dir.display()))?;
    Ok(dir)
}

/// Starts `sleep` moved into cgroup `dir` before it runs.
fn sleeper_in(dir: &Path) -> std::process::Child {
    let procs = dir.join("cgroup.procs");
    let mut cmd = Command::new("sleep");
    cmd.arg("60").stdout(Stdio::null()).stderr(Stdio::null());
    // SAFETY: the closure only writes a file, as the launcher's child does.
    unsafe {
        cmd.pre_exec(move || std::fs::write(&procs, "0"));
    }
    cmd.spawn().unwrap()
}

fn procs(dir: &Path) -> Vec<u32> {
    std::fs::read_to_string(dir.join("cgroup.procs"))
        .unwrap_or_default()
        .split_ascii_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect()
}

/// Removes a test cgroup and everything in it (its leaf first).
fn clean(dir: &Path) {
    for leaf in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        if leaf.path().is_dir() {
            kill_and_remove(locate::Version::V2, &leaf.path());
        }
    }
    kill_and_remove(locate::Version::V2, dir);
}

#[test]
fn delegation_moves_the_judge_to_a_leaf_and_enables_the_controller() {
    let _machine = support::machine::shared();
    let x = match scratch("delegate") {
        Ok(x) => x,
        Err(why) => return skip("delegation_moves_the_judge_to_a_leaf", &why),
    };
    // The test's cgroup gets a controller from its parent when the parent gives one:
    // the root cgroup (exempt from the rule) can, so enable one there if none is.
    let parent = x.parent().unwrap();
    if locate::controllers(parent, "cgroup.subtree_control").is_empty() {
        if let Some(c) = locate::controllers(parent, "cgroup.controllers").first() {
            let _ = std::fs::write(parent.join("cgroup.subtree_control"), format!("+{c}"));
        }
    }
    let available = locate::controllers(&x, "cgroup.controllers");
    let Some(controller) = available.first().cloned() else {
        clean(&x);
        return skip(
            "delegation_moves_the_judge_to_a_leaf",
            "no controller is available in the unified hierarchy",
        );
    };
    let mut judge = sleeper_in(&x);
    let mut stranger = sleeper_in(&x);
    // The kernel's rule, for real: a cgroup with processes cannot give controllers.
    let direct = std::fs::write(x.join("cgroup.subtree_control"), format!("+{controller}"));
    assert_eq!(
        direct.as_ref().err().and_then(|e| e.raw_os_error()),
        Some(libc::EBUSY),
        "{direct:?}"
    );
    // A stranger in the judge's cgroup: refused, nothing moved.
    let refused = delegate::enable_for_children(&x, &[controller.as_str()], &[], &[judge.id()]);
    let why = refused.unwrap_err();
    assert!(why.contains("besides the judge"), "{why}");
    assert!(!x.join(delegate::JUDGE_LEAF).exists());
    assert_eq!(procs(&x).len(), 2);
    // The judge alone: it moves to its leaf and the controller is enabled.
    stranger.kill().unwrap();
    stranger.wait().unwrap();
    let ready = delegate::enable_for_children(&x, &[controller.as_str()], &[], &[judge.id()]);
    assert_eq!(ready, Ok(x.clone()));
    assert_eq!(procs(&x.join(delegate::JUDGE_LEAF)), vec![judge.id()]);
    assert!(procs(&x).is_empty());
    assert!(locate::controllers(&x, "cgroup.subtree_control").contains(&controller));
    // A run cgroup beside the leaf has the controller's files.
    let run = x.join("gridjudge-run-1");
    std::fs::create_dir(&run).unwrap();
    assert!(locate::controllers(&run, "cgroup.controllers").contains(&controller));
    // Asked again (a second launcher, a second judge in the same cgroup): nothing to do.
    assert_eq!(
        delegate::enable_for_children(&x, &[controller.as_str()], &[], &[]),
        Ok(x.clone())
    );
    judge.kill().unwrap();
    judge.wait().unwrap();
    clean(&x);
    assert!(!x.exists());
}

#[test]
fn cgroup_kill_ends_a_whole_process_tree() {
    let _machine = support::machine::shared();
    let dir = match scratch("kill") {
        Ok(x) => x,
        Err(why) => return skip("cgroup_kill_ends_a_whole_process_tree", &why),
    };
    if !dir.join("cgroup.kill").exists() {
        clean(&dir);
        return skip(
            "cgroup_kill_ends_a_whole_process_tree",
            "kernel without cgroup.kill (before 5.14)",
        );
    }
    // A shell that starts two background sleeps in a new session (out of reach of its
    // process group) and then waits: three processes, all moved in by the `0` write.
    let procs_file = dir.join("cgroup.procs");
    let mut cmd = Command::new("sh");
    cmd.args(["-c", "setsid sleep 60 & sleep 60 & wait"])
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // SAFETY: the closure only writes a file.
    unsafe {
        cmd.pre_exec(move || std::fs::write(&procs_file, "0"));
    }
    let mut shell = cmd.spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    while procs(&dir).len() < 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(5));
    }
    let members = procs(&dir);
    assert_eq!(members.len(), 3, "{members:?}");
    assert!(
        kill_and_remove(locate::Version::V2, &dir),
        "cgroup not emptied"
    );
    shell.wait().unwrap();
    for pid in members {
        // Each is gone, or a zombie waiting for a reaper that is not us.
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let state = state.rsplit(") ").next().and_then(|s| s.chars().next());
        assert!(
            matches!(state, None | Some('Z') | Some('X')),
            "pid {pid}: {state:?}"
        );
    }
}
