//! Making the memory controller usable for the runs on cgroup v2.
//!
//! cgroup v2 has one rule that v1 had not: a cgroup other than the root cannot both hold
//! processes and give controllers to its children ("no internal processes"). The judge
//! starts inside some cgroup `X` (a systemd service or scope, a container's root); to
//! give its runs `X/gridjudge-run-PID` with the memory controller, `X` must enable
//! `memory` in `cgroup.subtree_control`, which the kernel refuses (`EBUSY`) while `X`
//! holds processes. So, once, before the first launcher starts, the judge:
//!
//! 1. does nothing if `X` already gives `memory` to its children (the root cgroup, or a
//!    setup done by hand or by an earlier judge);
//! 2. enables the controllers directly where `X` is the root cgroup (which has no
//!    `cgroup.type`, and is exempt from the rule), as on a VM or a bare host without
//!    systemd;
//! 3. gives up, with the reason, if `memory` is not even available in `X`
//!    (`cgroup.controllers`: the parent did not delegate it), or if `X` holds processes
//!    that are not the judge's (it never moves another program's processes);
//! 4. otherwise moves itself into the leaf `X/gridjudge-judge` and enables `+memory` (and
//!    `+pids` where available) in `X/cgroup.subtree_control`. Its launchers start in that
//!    leaf and make their runs' cgroups beside it, in `X` ([`super::run_parent`]).
//!
//! This is what a delegated manager does on systemd hosts (systemd's "Control Group
//! APIs and Delegation"): `systemd-run --scope -p Delegate=yes -- gridjudge judge ...`
//! gives the judge a scope of its own with the controllers available, and step 4 takes
//! it from there. The leaf stays until the judge ends (a process cannot remove its own
//! cgroup); systemd removes the scope with it.

use super::locate::controllers;
use std::path::{Path, PathBuf};

/// The leaf the judge moves itself into.
pub const JUDGE_LEAF: &str = "gridjudge-judge";

/// Enables the controllers `required` (all of them, or the call fails) and, where
/// available, `optional` for the children of cgroup folder `own`, moving the processes
/// `ours` (every process in `own` must be one of them) into the leaf
/// `own/`[`JUDGE_LEAF`] first. Returns `own`, where the runs' cgroups may now be made,
/// or the reason it is impossible. Nothing is left changed on failure.
pub fn enable_for_children(
    own: &Path,
    required: &[&str],
    optional: &[&str],
    ours: &[u32],
) -> Result<PathBuf, String> {
    let enabled = controllers(own, "cgroup.subtree_control");
    if required.iter().all(|c| enabled.iter().any(|e| e == c)) {
        return Ok(own.to_path_buf());
    }
    let available = controllers(own, "cgroup.controllers");
    let missing: Vec<&str> = required
        .iter()
        .copied()
        .filter(|c| !available.iter().any(|a| a == c))
        .collect();
    if !missing.is_empty() {
        return Err(format!(
            "cgroup v2: the {} controller is not delegated to {} (run the judge in a \
             delegated cgroup, e.g. `systemd-run --scope -p Delegate=yes -- gridjudge ...`)",
            missing.join(", "),
            own.display()
        ));
    }
    if !own.join("cgroup.type").exists() {
        // The root cgroup: processes and controllers for children may coexist.
        enable(own, required, optional, &available)?;
        return Ok(own.to_path_buf());
    }
    let procs = std::fs::read_to_string(own.join("cgroup.procs"))
        .map_err(|e| format!("cgroup v2: cannot read {}/cgroup.procs: {e}", own.display()))?;
    let others: Vec<&str> = procs
        .split_ascii_whitespace()
        .filter(|p| p.parse::<u32>().map_or(true, |p| !ours.contains(&p)))
        .collect();
    if !others.is_empty() {
        return Err(format!(
            "cgroup v2: {} holds {} process(es) besides the judge (pid {}), so it cannot \
             give the memory controller to the runs' cgroups; run the judge in a cgroup of \
             its own: `systemd-run --scope -p Delegate=yes -- gridjudge ...`",
            own.display(),
            others.len(),
            others.join(", ")
        ));
    }
    let leaf = own.join(JUDGE_LEAF);
    let made_leaf = match std::fs::create_dir(&leaf) {
        Ok(()) => true,
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => false,
        Err(e) => return Err(format!("cgroup v2: cannot make {}: {e}", leaf.display())),
    };
    let undo = |moved: &[u32]| {
        for pid in moved {
            let _ = std::fs::write(own.join("cgroup.procs"), pid.to_string());
        }
        if made_leaf {
            let _ = std::fs::remove_dir(&leaf);
        }
    };
    for (i, pid) in ours.iter().enumerate() {
        // A process of ours that has ended meanwhile is no obstacle.
        if let Err(e) = std::fs::write(leaf.join("cgroup.procs"), pid.to_string()) {
            if e.raw_os_error() != Some(libc::ESRCH) {
                undo(&ours[..i]);
                return Err(format!(
                    "cgroup v2: cannot move pid {pid} into {}: {e}",
                    leaf.display()
                ));
            }
        }
    }
    if let Err(e) = enable(own, required, optional, &available) {
        undo(ours);
        return Err(e);
    }
    Ok(own.to_path_buf())
}

/// Writes `+C` to `own/cgroup.subtree_control` for every controller of `required` (failing
/// on the first refusal, with the reason) and of `optional` that is `available`.
fn enable(
    own: &Path,
    required: &[&str],
    optional: &[&str],
    available: &[String],
) -> Result<(), String> {
    for c in required {
        std::fs::write(own.join("cgroup.subtree_control"), format!("+{c}")).map_err(|e| {
            format!(
                "cgroup v2: cannot enable {c} in {}/cgroup.subtree_control: {e}",
                own.display()
            )
        })?;
    }
    for c in optional
        .iter()
        .filter(|c| available.iter().any(|a| a == *c))
    {
        let _ = std::fs::write(own.join("cgroup.subtree_control"), format!("+{c}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder laid out like a v2 cgroup's interface files (regular files: writes are
    /// recorded, the kernel's checks are not made).
    fn fake(controllers: &str, subtree: &str, procs: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("cgroup.controllers"), controllers).unwrap();
        std::fs::write(dir.path().join("cgroup.subtree_control"), subtree).unwrap();
        std::fs::write(dir.path().join("cgroup.procs"), procs).unwrap();
        std::fs::write(dir.path().join("cgroup.type"), "domain\n").unwrap();
        dir
    }

    #[test]
    fn the_root_cgroup_enables_without_moving_anyone() {
        let x = fake("memory pids\n", "", "1\n7\n99\n");
        std::fs::remove_file(x.path().join("cgroup.type")).unwrap();
        assert_eq!(
            enable_for_children(x.path(), &["memory"], &[], &[7]),
            Ok(x.path().to_path_buf())
        );
        assert!(!x.path().join(JUDGE_LEAF).exists());
        assert_eq!(
            std::fs::read_to_string(x.path().join("cgroup.subtree_control")).unwrap(),
            "+memory"
        );
    }

    #[test]
    fn an_enabled_cgroup_is_used_as_it_is() {
        let x = fake("cpu memory pids\n", "memory pids\n", "1\n7\n");
        assert_eq!(
            enable_for_children(x.path(), &["memory"], &["pids"], &[7]),
            Ok(x.path().to_path_buf())
        );
        assert!(!x.path().join(JUDGE_LEAF).exists());
    }

    #[test]
    fn an_undelegated_controller_is_refused_with_the_way_out() {
        let x = fake("cpu pids\n", "", "7\n");
        let err = enable_for_children(x.path(), &["memory"], &[], &[7]).unwrap_err();
        assert!(err.contains("memory controller is not delegated"), "{err}");
        assert!(err.contains("Delegate=yes"), "{err}");
        assert!(!x.path().join(JUDGE_LEAF).exists());
    }

    #[test]
    fn other_processes_are_never_moved() {
        let x = fake("memory pids\n", "", "7\n99\n100\n");
        let err = enable_for_children(x.path(), &["memory"], &[], &[7]).unwrap_err();
        assert!(
            err.contains("2 process(es) besides the judge (pid 99, 100)"),
            "{err}"
        );
        assert!(!x.path().join(JUDGE_LEAF).exists());
        assert_eq!(
            std::fs::read_to_string(x.path().join("cgroup.subtree_control")).unwrap(),
            ""
        );
    }

    #[test]
    fn the_judge_moves_to_its_leaf_then_enables_the_controllers() {
        let x = fake("cpu memory pids\n", "", "7\n");
        let leaf = x.path().join(JUDGE_LEAF);
        // The kernel makes a new cgroup's files; the fake has to.
        std::fs::create_dir(&leaf).unwrap();
        assert_eq!(
            enable_for_children(x.path(), &["memory"], &["pids", "hugetlb"], &[7]),
            Ok(x.path().to_path_buf())
        );
        assert_eq!(
            std::fs::read_to_string(leaf.join("cgroup.procs")).unwrap(),
            "7"
        );
        // Each write replaces the fake file's text; the last one is the optional pids
        // (hugetlb is not available, so not tried).
        assert_eq!(
            std::fs::read_to_string(x.path().join("cgroup.subtree_control")).unwrap(),
            "+pids"
        );
    }
}
