//! Tests that share the machine with programs that load all of it, and tests that time
//! what nothing else may disturb. The integration tests
//! run as threads of one process, so a test running a fork bomb (hundreds of processes
//! spinning until a limit ends them) could overlap with a test that judges programs and
//! asserts their verdicts: a program starved by the bomb spends its wall limit waiting.
//! A test that runs such a bomb holds [`alone`]; a test that judges programs under wall
//! limits holds [`shared`]. Shared holders run side by side, never beside a bomb.

use std::sync::{PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};

static MACHINE: RwLock<()> = RwLock::new(());

/// Held by a test whose programs load the whole machine (fork bombs), or one that times
/// microseconds (the page-cache channel).
pub fn alone() -> RwLockWriteGuard<'static, ()> {
    MACHINE.write().unwrap_or_else(PoisonError::into_inner)
}

/// Held by a test that judges programs under wall limits.
pub fn shared() -> RwLockReadGuard<'static, ()> {
    MACHINE.read().unwrap_or_else(PoisonError::into_inner)
}
