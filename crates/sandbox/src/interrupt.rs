//! Interruption of a judging process by SIGINT, SIGTERM or SIGHUP: this module owns the
//! handlers of those three signals and the record of the first one received.
//!
//! Once [`install`]ed, a signal does not kill the process: the handler records it and
//! wakes every waiter through a self-pipe (its read end, [`wake_fd`], turns readable for
//! good). What runs long polls it: a [`Sandbox`](crate::Sandbox) waiting for its
//! launcher kills that launcher (and with it the program it runs) and returns
//! [`SandboxError::Interrupted`](crate::SandboxError::Interrupted); the case
//! loop and the stress search take no new case after [`signal`] says so. Then every
//! thread returns, every temporary folder is removed by its owner's drop, the reports
//! of what finished are printed, and `main` exits with [`exit_code`]: 128 plus the
//! signal number (129 SIGHUP, 130 SIGINT, 143 SIGTERM), the shell's convention.
//!
//! A second signal while that clean-up runs ends the process at once with its own
//! 128 + N code (no clean-up: the way out when something hangs).
//!
//! Only the commands that run programs (`judge`, `verify-submissions`, `stress`)
//! install the handlers; every other command keeps the default action (die at once).

use std::fmt;
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::OnceLock;

/// The signals that interrupt: SIGHUP, SIGINT, SIGTERM.
pub const SIGNALS: [i32; 3] = [libc::SIGHUP, libc::SIGINT, libc::SIGTERM];

/// Set by the first signal; a signal that finds it set exits at once.
static ARMED: AtomicBool = AtomicBool::new(false);
/// The number of the signal received (0 before any).
static WHICH: AtomicUsize = AtomicUsize::new(0);
/// The read end of the self-pipe: readable once a signal has arrived (never drained).
static WAKE: OnceLock<UnixStream> = OnceLock::new();

/// A run or a loop stopped by a signal (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Interrupted {
    /// The signal number.
    pub signal: i32,
}

impl fmt::Display for Interrupted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "interrupted by {}", crate::signal_name(self.signal))
    }
}

/// Installs the handlers of [`SIGNALS`] (once per process; later calls do nothing).
pub fn install() -> std::io::Result<()> {
    if WAKE.get().is_some() {
        return Ok(());
    }
    let (read, write) = UnixStream::pair()?;
    // The read end is polled, never read: it must not block anyone who reads it by
    // mistake.
    read.set_nonblocking(true)?;
    if WAKE.set(read).is_err() {
        return Ok(());
    }
    for signal in SIGNALS {
        // Order matters: the exit on a second signal is checked before the first one
        // arms it.
        signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, &ARMED)?;
        signal_hook::flag::register(signal, &ARMED)?;
        signal_hook::flag::register_usize(signal, &WHICH, signal as usize)?;
        signal_hook::low_level::pipe::register(signal, write.try_clone()?)?;
    }
    Ok(())
}

/// The signal received, if one was.
pub fn signal() -> Option<i32> {
    match WHICH.load(Ordering::SeqCst) {
        0 => None,
        n => i32::try_from(n).ok(),
    }
}

/// `Err` once a signal was received.
pub fn check() -> Result<(), Interrupted> {
    match signal() {
        Some(signal) => Err(Interrupted { signal }),
        None => Ok(()),
    }
}

/// A descriptor that turns readable (and stays so) when a signal arrives: poll it beside
/// what you wait for. `None` before [`install`].
pub fn wake_fd() -> Option<BorrowedFd<'static>> {
    WAKE.get().map(AsFd::as_fd)
}

/// The exit status of a process interrupted by `signal`: 128 + its number.
pub fn exit_code(signal: i32) -> u8 {
    u8::try_from(128 + signal).unwrap_or(u8::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_codes_follow_the_shell() {
        assert_eq!(exit_code(libc::SIGHUP), 129);
        assert_eq!(exit_code(libc::SIGINT), 130);
        assert_eq!(exit_code(libc::SIGTERM), 143);
        assert_eq!(
            Interrupted {
                signal: libc::SIGTERM
            }
            .to_string(),
            "interrupted by SIGTERM"
        );
    }
}
