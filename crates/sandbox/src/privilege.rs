//! Whether the judge runs as root: the one place that asks the kernel. As root the
//! sandbox drops each run to a uid of its own, builds a minimal root and uses cgroups;
//! otherwise it confines what an unprivileged process can (see the crate docs).

/// Whether this process's effective uid is 0.
pub fn is_root() -> bool {
    effective_ids().0 == 0
}

/// This process's effective uid and gid.
pub fn effective_ids() -> (u32, u32) {
    // SAFETY: geteuid has no preconditions and cannot fail.
    let uid = unsafe { libc::geteuid() };
    // SAFETY: getegid has no preconditions and cannot fail.
    let gid = unsafe { libc::getegid() };
    (uid, gid)
}
