//! The programs the judge runs itself, outside any sandbox: the launcher (the gridjudge
//! binary, which confines what it runs) and rustup's proxy, asked where the Rust
//! toolchain is (`rustc --print sysroot`). Every one is started by [`host_command`] or
//! [`toolchain_command`]: in [`NEUTRAL_DIR`], with an environment built from nothing.
//!
//! # Why neither the caller's folder nor the caller's environment
//!
//! A tool's configuration follows the folder it starts in and the environment it
//! inherits, and the judge's user is often root. rustup reads `rust-toolchain.toml` (and
//! `rust-toolchain`) in the working folder and every folder above it, and a `[toolchain]
//! path = "…"` there is a folder whose `bin/rustc` rustup runs; it reads
//! `RUSTUP_TOOLCHAIN` the same way. pyenv reads `.python-version`, Python
//! `PYTHONPATH`, `PYTHONSTARTUP`, `PYTHONHOME`, a `pyvenv.cfg`, cargo
//! `.cargo/config.toml`. The judge is run from inside the very package it judges
//! (`verify-submissions --package .`), and the caller's environment may hold what a
//! tool such as direnv loaded from that folder: either would let a package choose a
//! program the judge runs unconfined.
//!
//! So a host program starts in `/`: a folder with no parent, that only root may write
//! to. A fresh temporary folder would not do: the tools search its parents too, and
//! `/tmp` is writable by every user. Its environment is empty, except, for a toolchain
//! lookup, the variables that say where the caller installed its toolchains
//! ([`INSTALLATION_VARS`]: `HOME`, `RUSTUP_HOME`, `CARGO_HOME`, each only when its value
//! is an absolute path: a relative one would name a folder of the caller's working
//! folder) and `RUSTUP_AUTO_INSTALL=0` (a lookup never downloads a toolchain). Nothing
//! else the caller sets reaches a host program: `RUSTUP_TOOLCHAIN` and `PYTHON*` are
//! not honoured. The caller picks the judge's Rust toolchain with `rustup default`, or
//! by putting a toolchain's own `bin` folder first in `PATH`.
//!
//! Where a tool is looked up, `PATH` counts only by its absolute folders
//! ([`search_path`]): an empty or relative entry (`PATH=.:…`, `PATH=:/usr/bin`) names the
//! caller's working folder, where a package's `rustc` may wait. [`find_program`] is that
//! lookup, for a compiler and for a tool the judge runs confined (`checktestdata`).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The working folder of every program the judge runs outside the sandbox: `/`, which
/// has no parent to search and which only root may write to.
pub const NEUTRAL_DIR: &str = "/";

/// The variables of the caller's environment a toolchain lookup keeps (when their value
/// is an absolute path): where rustup and its toolchains are installed.
pub const INSTALLATION_VARS: &[&str] = &["HOME", "RUSTUP_HOME", "CARGO_HOME"];

/// `program` as the judge runs it outside the sandbox: in [`NEUTRAL_DIR`], with an empty
/// environment. The caller adds arguments and the variables the program needs.
pub fn host_command(program: &Path) -> Command {
    let mut command = Command::new(program);
    command.current_dir(NEUTRAL_DIR).env_clear();
    command
}

/// A toolchain's lookup program (rustup's `rustc` proxy) as the judge runs it: a
/// [`host_command`] with the caller's [`INSTALLATION_VARS`] and `RUSTUP_AUTO_INSTALL=0`.
pub fn toolchain_command(program: &Path) -> Command {
    let mut command = host_command(program);
    command
        .envs(installation_env(|name| std::env::var_os(name)))
        .env("RUSTUP_AUTO_INSTALL", "0");
    command
}

/// The [`INSTALLATION_VARS`] that `lookup` gives an absolute path, with their values.
pub fn installation_env(
    lookup: impl Fn(&str) -> Option<OsString>,
) -> Vec<(&'static str, OsString)> {
    INSTALLATION_VARS
        .iter()
        .filter_map(|&name| {
            let value = lookup(name)?;
            Path::new(&value).is_absolute().then_some((name, value))
        })
        .collect()
}

/// The folders of the judge's `PATH` where it looks for a tool: the absolute ones, in
/// order (an empty or relative entry names the caller's working folder).
pub fn search_path() -> Vec<PathBuf> {
    std::env::var_os("PATH")
        .map(|p| absolute_entries(&p))
        .unwrap_or_default()
}

/// The first regular file `name` in the absolute folders of the judge's `PATH`
/// ([`search_path`]), if any: never in the caller's working folder.
pub fn find_program(name: &str) -> Option<PathBuf> {
    search_path()
        .into_iter()
        .map(|d| d.join(name))
        .find(|p| p.is_file())
}

/// The absolute folders of a `PATH` value, in order.
fn absolute_entries(path: &std::ffi::OsStr) -> Vec<PathBuf> {
    std::env::split_paths(path)
        .filter(|d| d.is_absolute())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_command_starts_in_the_root_folder_with_nothing_of_the_callers_environment() {
        let out = host_command(Path::new("/bin/sh"))
            .args(["-c", "pwd; env"])
            .output()
            .expect("sh runs");
        let text = String::from_utf8_lossy(&out.stdout);
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("/"), "{text}");
        // `sh` itself sets PWD (and some shells SHLVL, `_`): nothing else.
        let names: Vec<&str> = lines
            .filter_map(|l| l.split_once('=').map(|(n, _)| n))
            .filter(|n| !["PWD", "SHLVL", "_", "OLDPWD"].contains(n))
            .collect();
        assert!(names.is_empty(), "{names:?}");
    }

    #[test]
    fn only_absolute_installation_folders_pass() {
        let caller = |name: &str| -> Option<OsString> {
            match name {
                "HOME" => Some("/home/judge".into()),
                "RUSTUP_HOME" => Some(".rustup".into()),
                "CARGO_HOME" => Some("".into()),
                "RUSTUP_TOOLCHAIN" => Some("/pkg/tools".into()),
                _ => None,
            }
        };
        assert_eq!(
            installation_env(caller),
            [("HOME", OsString::from("/home/judge"))]
        );
    }

    #[test]
    fn relative_and_empty_path_entries_are_never_searched() {
        let entries = absolute_entries(std::ffi::OsStr::new(
            "tools/bin::.:/root/.cargo/bin:./x:/usr/bin:",
        ));
        assert_eq!(
            entries,
            [PathBuf::from("/root/.cargo/bin"), PathBuf::from("/usr/bin")]
        );
    }
}
