//! Where this process sits in the cgroup hierarchies, read from `/proc/self/cgroup` and
//! `/proc/self/mountinfo`, and so which hierarchy the runs' cgroups go to.
//!
//! The choice follows the memory controller, because memory is what the runs' cgroup is
//! for: a v1 hierarchy that has it (`N:memory:/path`, mounted with fstype `cgroup` and
//! `memory` among its super options) wins; otherwise the unified hierarchy
//! (`0::/path`, fstype `cgroup2`). A hybrid host (systemd's `unified` mount beside v1
//! controllers, as on the machines this project grew up on) therefore uses v1, where its
//! memory controller is. The parsing is pure (strings in, paths out) so that every
//! layout is tested without the host having it.

use std::path::{Path, PathBuf};

/// A cgroup hierarchy's version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Version {
    /// The v1 memory controller's own hierarchy.
    V1,
    /// The unified hierarchy.
    V2,
}

/// Where this process is: the hierarchy holding the memory controller (or the unified
/// one) and this process's own cgroup folder in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// Which hierarchy.
    pub version: Version,
    /// This process's own cgroup, as a folder under the hierarchy's mount point.
    pub own: PathBuf,
}

/// This process's position, from `/proc/self/cgroup` and `/proc/self/mountinfo`.
/// `None` when neither a v1 memory hierarchy nor a unified one is mounted where this
/// process can see its own cgroup.
pub fn here() -> Option<Position> {
    let (cgroup, mountinfo) = read_self()?;
    position(&cgroup, &mountinfo)
}

/// This process's own cgroup in the unified (v2) hierarchy, whichever hierarchy holds
/// the memory controller (on a hybrid host, systemd's `unified` mount).
pub fn unified_here() -> Option<PathBuf> {
    let (cgroup, mountinfo) = read_self()?;
    unified(&cgroup, &mountinfo)
}

/// The texts of `/proc/self/cgroup` and `/proc/self/mountinfo`.
fn read_self() -> Option<(String, String)> {
    Some((
        std::fs::read_to_string("/proc/self/cgroup").ok()?,
        std::fs::read_to_string("/proc/self/mountinfo").ok()?,
    ))
}

/// The position described by the texts of `/proc/self/cgroup` and `/proc/self/mountinfo`.
pub fn position(cgroup: &str, mountinfo: &str) -> Option<Position> {
    if let Some(own) = v1_controller(cgroup, mountinfo, "memory") {
        return Some(Position {
            version: Version::V1,
            own,
        });
    }
    unified(cgroup, mountinfo).map(|own| Position {
        version: Version::V2,
        own,
    })
}

/// This process's own cgroup folder in the v1 hierarchy of `controller`, if one is
/// mounted where this process can see its cgroup.
pub fn v1_here(controller: &str) -> Option<PathBuf> {
    let (cgroup, mountinfo) = read_self()?;
    v1_controller(&cgroup, &mountinfo, controller)
}

/// The folder of this process's cgroup in the v1 hierarchy of `controller`
/// (`N:a,controller:/path`, mounted with fstype `cgroup` and `controller` among its
/// super options), from the texts of `/proc/self/cgroup` and `/proc/self/mountinfo`.
pub fn v1_controller(cgroup: &str, mountinfo: &str, controller: &str) -> Option<PathBuf> {
    let path = cgroup.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_id, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        controllers
            .split(',')
            .any(|c| c == controller)
            .then_some(path)
    })?;
    mountinfo
        .lines()
        .filter_map(Mount::parse)
        .filter(|m| m.fstype == "cgroup" && m.super_options.split(',').any(|o| o == controller))
        .find_map(|m| m.folder_of(path))
}

/// The folder of this process's unified cgroup (`0::/path`) under a `cgroup2` mount.
fn unified(cgroup: &str, mountinfo: &str) -> Option<PathBuf> {
    let path = cgroup.lines().find_map(|l| l.strip_prefix("0::"))?;
    mountinfo
        .lines()
        .filter_map(Mount::parse)
        .filter(|m| m.fstype == "cgroup2")
        .find_map(|m| m.folder_of(path))
}

/// One line of `/proc/self/mountinfo`, the fields this module needs.
#[derive(Debug)]
struct Mount {
    /// The folder of the filesystem mounted there (`/` or, for a cgroup namespace's
    /// view or a bind mount, a sub-cgroup).
    root: String,
    /// Where it is mounted.
    point: PathBuf,
    fstype: String,
    super_options: String,
}

impl Mount {
    /// `ID PARENT MAJ:MIN ROOT POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER_OPTIONS`.
    fn parse(line: &str) -> Option<Mount> {
        let (left, right) = line.split_once(" - ")?;
        let mut l = left.split(' ');
        let (_id, _parent, _dev) = (l.next()?, l.next()?, l.next()?);
        let root = unescape(l.next()?);
        let point = PathBuf::from(unescape(l.next()?));
        let mut r = right.split(' ');
        let fstype = r.next()?.to_string();
        let _source = r.next()?;
        let super_options = r.next().unwrap_or("").to_string();
        Some(Mount {
            root,
            point,
            fstype,
            super_options,
        })
    }

    /// The folder of cgroup `path` (as `/proc/self/cgroup` names it) under this mount,
    /// if the mount shows it. A path outside the mount's root (`/../x` in a cgroup
    /// namespace) is not shown.
    fn folder_of(&self, path: &str) -> Option<PathBuf> {
        if path.split('/').any(|c| c == "..") {
            return None;
        }
        let rel = if self.root == "/" {
            path.trim_start_matches('/')
        } else {
            let rest = path.strip_prefix(self.root.as_str())?;
            if !rest.is_empty() && !rest.starts_with('/') {
                return None; // /docker/abc is not inside /docker/ab
            }
            rest.trim_start_matches('/')
        };
        Some(if rel.is_empty() {
            self.point.clone()
        } else {
            self.point.join(rel)
        })
    }
}

/// mountinfo escapes space, tab, newline and backslash as `\ooo` octal.
fn unescape(field: &str) -> String {
    let bytes = field.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' && i + 4 <= bytes.len() {
            let oct = &bytes[i + 1..i + 4];
            if oct.iter().all(|b| (b'0'..=b'7').contains(b)) {
                let value = oct.iter().fold(0u32, |v, b| v * 8 + u32::from(b - b'0'));
                if let Ok(v) = u8::try_from(value) {
                    out.push(v);
                    i += 4;
                    continue;
                }
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The controllers named in a `cgroup.controllers` or `cgroup.subtree_control` file
/// (space-separated), read from `dir`. Empty when the file cannot be read.
pub fn controllers(dir: &Path, file: &str) -> Vec<String> {
    std::fs::read_to_string(dir.join(file))
        .map(|t| t.split_ascii_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// This project's own machines: v1 controllers, systemd's unified mount beside them,
    /// the process in a memory cgroup of its own.
    const HYBRID_CGROUP: &str = "9:name=systemd:/\n8:pids:/\n4:memory:/process_api/03e4\n\
                                 3:cpuset:/\n0::/\n";
    const HYBRID_MOUNTS: &str = "\
30 25 0:26 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
33 30 0:29 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
34 30 0:30 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
40 30 0:36 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
";

    /// A current Ubuntu runner: unified only, the process in a systemd service.
    const UNIFIED_CGROUP: &str = "0::/system.slice/runner.service\n";
    const UNIFIED_MOUNTS: &str = "\
22 1 259:1 / / rw,relatime shared:1 - ext4 /dev/root rw
26 22 0:23 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot
";

    #[test]
    fn a_hybrid_host_uses_the_v1_memory_hierarchy() {
        assert_eq!(
            position(HYBRID_CGROUP, HYBRID_MOUNTS),
            Some(Position {
                version: Version::V1,
                own: "/sys/fs/cgroup/memory/process_api/03e4".into()
            })
        );
    }

    #[test]
    fn a_unified_host_uses_v2() {
        assert_eq!(
            position(UNIFIED_CGROUP, UNIFIED_MOUNTS),
            Some(Position {
                version: Version::V2,
                own: "/sys/fs/cgroup/system.slice/runner.service".into()
            })
        );
    }

    #[test]
    fn a_v1_memory_line_without_its_mount_falls_back_to_v2() {
        let mounts = "40 30 0:36 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n";
        assert_eq!(
            position(HYBRID_CGROUP, mounts),
            Some(Position {
                version: Version::V2,
                own: "/sys/fs/cgroup/unified".into()
            })
        );
    }

    #[test]
    fn a_container_sees_its_cgroup_as_the_mount_root() {
        // Docker with a private cgroup namespace: `0::/`, the container's cgroup mounted
        // at /sys/fs/cgroup.
        let mounts = "700 690 0:23 / /sys/fs/cgroup rw - cgroup2 cgroup rw\n";
        assert_eq!(
            position("0::/\n", mounts).map(|p| p.own),
            Some("/sys/fs/cgroup".into())
        );
        // Without one: the host path, and the mount's root is the container's cgroup.
        let mounts = "700 690 0:23 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup rw\n";
        assert_eq!(
            position("0::/docker/abc/sub\n", mounts).map(|p| p.own),
            Some("/sys/fs/cgroup/sub".into())
        );
        assert_eq!(position("0::/docker/abcd\n", mounts), None);
        assert_eq!(position("0::/../escaped\n", UNIFIED_MOUNTS), None);
    }

    #[test]
    fn the_cpu_accounting_hierarchy_is_found_by_its_controller() {
        let cgroup = "4:memory:/process_api/03e4\n2:cpuacct:/\n1:cpu:/\n0::/\n";
        let mounts = "\
32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
";
        assert_eq!(
            v1_controller(cgroup, mounts, "cpuacct"),
            Some(PathBuf::from("/sys/fs/cgroup/cpuacct"))
        );
        assert_eq!(
            v1_controller(cgroup, mounts, "memory"),
            Some(PathBuf::from("/sys/fs/cgroup/memory/process_api/03e4"))
        );
        // Joined hierarchies (`cpu,cpuacct`) are found by either name.
        let joined = "3:cpu,cpuacct:/judge\n";
        let joined_mounts =
            "33 31 0:30 / /sys/fs/cgroup/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n";
        assert_eq!(
            v1_controller(joined, joined_mounts, "cpuacct"),
            Some(PathBuf::from("/sys/fs/cgroup/cpu,cpuacct/judge"))
        );
        assert_eq!(v1_controller(cgroup, mounts, "pids"), None);
    }

    #[test]
    fn nothing_mounted_is_no_position() {
        assert_eq!(position(UNIFIED_CGROUP, ""), None);
        assert_eq!(position("", UNIFIED_MOUNTS), None);
        assert_eq!(position("garbage\n::\n", "garbage\n"), None);
    }

    #[test]
    fn mount_points_are_unescaped() {
        let mounts = "1 1 0:1 / /sys/fs/my\\040cgroup rw - cgroup2 cgroup2 rw\n";
        assert_eq!(
            position("0::/a\n", mounts).map(|p| p.own),
            Some("/sys/fs/my cgroup/a".into())
        );
        assert_eq!(unescape("a\\134b\\0"), "a\\b\\0");
    }
}
