//! Descriptor hygiene: nothing the judge's caller left open reaches a program the judge
//! starts.
//!
//! Landlock and the uid drop restrict what a program can *open*; they do nothing about
//! descriptors it *inherits*. `gridjudge judge … 7>>file 8<secret` would otherwise hand
//! fds 7 and 8 to the contestant's program (and to compilers and validators), past every
//! other guarantee. Three layers close that door:
//!
//! 1. [`seal_inherited`] at the start of every `gridjudge` process (`main`) marks every
//!    descriptor ≥ 3 close-on-exec, so no `Command` the judge spawns (compilers,
//!    validators, the launcher) inherits them, while the judge itself may still use
//!    what it opened.
//! 2. The launcher ([`close_inherited`]) closes every descriptor ≥ 3 when it starts:
//!    it keeps nothing of its caller's even when it is started by other code.
//! 3. The launcher's child calls [`raw_cloexec_from`] after wiring stdio and before
//!    `exec`: whatever the launcher holds (its pipes, the cgroup file, the Landlock
//!    ruleset) stays usable until `exec` and is gone after it. The program starts
//!    with exactly 0, 1 and 2.
//!
//! `close_range(2)` (Linux 5.9; `CLOSE_RANGE_CLOEXEC` 5.11) does each in one system call.
//! Where the kernel lacks it (`ENOSYS`, `EINVAL`), a loop over `fcntl` up to the
//! descriptor limit does the same. Both paths are async-signal-safe: no allocation.

/// `CLOSE_RANGE_CLOEXEC` from `<linux/close_range.h>`: mark instead of close.
const CLOSE_RANGE_CLOEXEC: libc::c_uint = 1 << 2;

/// The highest descriptor the `fcntl` fallback visits: the soft `RLIMIT_NOFILE`, capped
/// so that a huge limit does not turn the fallback into millions of system calls.
const FALLBACK_CAP: u64 = 1 << 16;

/// Marks every descriptor ≥ `first` close-on-exec. Async-signal-safe (raw system calls
/// only), so it may run between `fork` and `exec`. Returns whether every descriptor
/// could be marked.
///
/// # Safety
/// Only affects descriptor flags; safe to call anywhere, including a forked child. It is
/// `unsafe` because it is meant for that context, where the caller must not rely on any
/// descriptor ≥ `first` surviving `exec`.
pub unsafe fn raw_cloexec_from(first: u32) -> bool {
    // SAFETY: close_range only changes descriptor flags of this process.
    let r = unsafe {
        libc::syscall(
            libc::SYS_close_range,
            first as libc::c_uint,
            libc::c_uint::MAX,
            CLOSE_RANGE_CLOEXEC,
        )
    };
    if r == 0 {
        return true;
    }
    let mark = |fd| {
        // SAFETY: F_SETFD changes a flag of `fd` only (EBADF when it is not open).
        unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) }
    };
    // SAFETY: `mark` only changes descriptor flags.
    unsafe { fcntl_loop(first, mark) }
}

/// Closes every descriptor ≥ `first`. Async-signal-safe. Returns whether it succeeded.
///
/// # Safety
/// Closes descriptors that other code in this process may own: call it only where
/// nothing above `first - 1` is in use (a freshly started process).
pub unsafe fn raw_close_from(first: u32) -> bool {
    // SAFETY: closing descriptors; the caller guarantees none of them is in use.
    let r = unsafe {
        libc::syscall(
            libc::SYS_close_range,
            first as libc::c_uint,
            libc::c_uint::MAX,
            0 as libc::c_uint,
        )
    };
    if r == 0 {
        return true;
    }
    let close = |fd| {
        // SAFETY: the caller guarantees no descriptor ≥ `first` is in use; EBADF on
        // descriptors that are not open is ignored.
        unsafe { libc::close(fd) }
    };
    // SAFETY: as for `close`.
    unsafe { fcntl_loop(first, close) }
}

/// Applies `op` to every descriptor from `first` to the soft descriptor limit (capped at
/// [`FALLBACK_CAP`]); an `EBADF` (not open) is not a failure.
///
/// # Safety
/// `op` may act on any descriptor ≥ `first`: the caller must own them all, or `op` must
/// leave them usable (a flag change).
unsafe fn fcntl_loop(first: u32, op: impl Fn(i32) -> i32) -> bool {
    let mut lim = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: valid out-pointer.
    let top = if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) } == 0 {
        lim.rlim_cur.min(FALLBACK_CAP)
    } else {
        1024
    };
    let mut ok = true;
    for fd in u64::from(first)..top {
        if op(fd as i32) != 0 && errno() != libc::EBADF {
            ok = false;
        }
    }
    ok
}

fn errno() -> i32 {
    std::io::Error::last_os_error().raw_os_error().unwrap_or(0)
}

/// Marks every descriptor the process inherited above stderr close-on-exec (layer 1).
/// Call first thing in `main`. Returns whether every descriptor could be marked.
pub fn seal_inherited() -> bool {
    // SAFETY: only descriptor flags change; the judge keeps using what it opens later
    // (std opens everything close-on-exec anyway).
    unsafe { raw_cloexec_from(3) }
}

/// Closes every descriptor above stderr (layer 2): for the launcher, at its start, when
/// it holds nothing but its stdio pipes.
pub fn close_inherited() -> bool {
    // SAFETY: called at the launcher's start, before it opens anything.
    unsafe { raw_close_from(3) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::fd::AsRawFd;

    fn cloexec(fd: i32) -> bool {
        // SAFETY: F_GETFD on an open descriptor.
        let flags = unsafe { libc::fcntl(fd, libc::F_GETFD) };
        flags >= 0 && flags & libc::FD_CLOEXEC != 0
    }

    #[test]
    fn cloexec_from_marks_an_inherited_descriptor() {
        let file = tempfile::tempfile().expect("temp file");
        // An fd without FD_CLOEXEC, as a shell's `7>>file` leaves it.
        // SAFETY: dup of an open descriptor; the result is closed below.
        let fd = unsafe { libc::dup(file.as_raw_fd()) };
        assert!(fd >= 3);
        assert!(!cloexec(fd), "dup() clears FD_CLOEXEC");
        // SAFETY: only flags change; this test owns `fd`.
        assert!(unsafe { raw_cloexec_from(fd as u32) });
        assert!(cloexec(fd));
        // SAFETY: our own descriptor.
        unsafe { libc::close(fd) };
    }

    #[test]
    fn the_fallback_loop_marks_and_closes() {
        let file = tempfile::tempfile().expect("temp file");
        // SAFETY: dup of an open descriptor, moved far up so that nothing else of this
        // multi-threaded test process lives at or above it.
        let fd = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_DUPFD, 900) };
        assert!(fd >= 900);
        let mark = |d| {
            // SAFETY: a flag of `d` only.
            unsafe { libc::fcntl(d, libc::F_SETFD, libc::FD_CLOEXEC) }
        };
        // SAFETY: flags of `fd` and the (closed) ones above it only.
        assert!(unsafe { fcntl_loop(fd as u32, mark) });
        assert!(cloexec(fd));
        let close = |d| {
            // SAFETY: nothing else of this process lives at or above `fd`.
            unsafe { libc::close(d) }
        };
        // SAFETY: as for `close`.
        assert!(unsafe { fcntl_loop(fd as u32, close) });
        // SAFETY: F_GETFD on a closed descriptor fails with EBADF.
        assert!(unsafe { libc::fcntl(fd, libc::F_GETFD) } < 0);
    }
}
