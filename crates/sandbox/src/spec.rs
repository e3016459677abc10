//! What one run is: the [`RunSpec`] the judge hands to the launcher (program, argv,
//! environment, files, limits, isolation) and the per-case folders ([`CaseDirs`]) the
//! program works and writes in.

use crate::limits::{Isolation, Limits, RunAs};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The first argument that switches the gridjudge binary into launcher mode.
pub const LAUNCH_ARG: &str = "__launch";

/// Everything the launcher needs to run one program. Paths must be absolute.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunSpec {
    /// The executable (absolute path; no `PATH` search happens in the launcher).
    pub program: PathBuf,
    /// `argv[0]`, then the arguments.
    pub argv: Vec<String>,
    /// The complete environment of the program.
    pub env: Vec<(String, String)>,
    /// Working directory (fresh per case, owned by the sandbox user).
    pub workdir: PathBuf,
    /// File read as standard input.
    pub stdin: PathBuf,
    /// File that receives standard output (created or truncated).
    pub stdout: PathBuf,
    /// File that receives standard error (created or truncated).
    pub stderr: PathBuf,
    /// Limits to enforce.
    pub limits: Limits,
    /// Isolation to apply.
    pub isolation: Isolation,
    /// Directories the program must not see (the judge's answers): each is covered with
    /// an empty read-only tmpfs in a private mount namespace. Best effort, like the
    /// network namespace; [`Guarantees::hidden_paths`](crate::Guarantees::hidden_paths) says whether it worked.
    #[serde(default)]
    pub hide: Vec<PathBuf>,
    /// Folders the program may also read and execute, seen at the same path (a
    /// toolchain outside `/usr`, such as rustup's sysroot). Confined runs only.
    #[serde(default)]
    pub read_only: Vec<PathBuf>,
    /// Keep what the program writes in `workdir` (a compiler's output): a confined run
    /// then sees the host folder itself at [`BOX_DIR`], not a private tmpfs.
    #[serde(default)]
    pub keep_workdir: bool,
    /// Host files and folders shown inside a confined run's minimal root at paths of
    /// their own ([`Bind`]): the case files of the setter's code (`/jury/input`,
    /// `/jury/answer`, `/jury/feedback/`). Confined runs only; each must be a regular
    /// file or a folder.
    #[serde(default)]
    pub binds: Vec<Bind>,
    /// The files through which two runs share their run-queue wait: a program and its
    /// interactor each wait for the other, so each one's deadline is credited with the
    /// other's wait as well as its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wait_share: Option<WaitShare>,
}

/// How a run shares its run-queue wait with a peer ([`RunSpec::wait_share`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WaitShare {
    /// The launcher writes the run's own measured wait here as it samples it (from the
    /// run's start, every sampling interval).
    pub publish: PathBuf,
    /// The launcher credits the run's deadline with the wait read from here too: the
    /// peer's own wait.
    pub follow: PathBuf,
}

/// One host file or folder bound into a confined run's minimal root.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bind {
    /// The host's file or folder (absolute; a regular file or a folder, never a link).
    pub host: PathBuf,
    /// Where the run sees it (absolute, outside the shared system folders).
    pub inside: PathBuf,
    /// Whether the run may write it (and, for a folder, create files in it); otherwise
    /// it is read-only, in the mount and in the Landlock rules alike.
    pub writable: bool,
}

/// Where setter code (output validators, interactors, graders) sees its case files.
pub const JURY_DIR: &str = "/jury";

/// Where a confined run sees its working folder, inside its own minimal root.
pub const BOX_DIR: &str = "/box";

/// A minimal environment for contestant programs: `PATH`, `HOME` and `TMPDIR` (the
/// working directory, which a confined run sees as [`BOX_DIR`]), `LANG=C.UTF-8`.
/// Nothing of the judge's own environment leaks.
pub fn default_env(workdir: &Path) -> Vec<(String, String)> {
    let work = workdir.to_string_lossy().into_owned();
    vec![
        ("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into()),
        ("HOME".into(), work.clone()),
        ("TMPDIR".into(), work),
        ("LANG".into(), "C.UTF-8".into()),
    ]
}

/// The directories of one case: a fresh working directory owned by the sandbox user,
/// and a judge-only directory for the captured stdout and stderr. Both are removed on drop.
#[derive(Debug)]
pub struct CaseDirs {
    work: tempfile::TempDir,
    io: tempfile::TempDir,
}

impl CaseDirs {
    /// Creates both directories; the working directory is handed to `run_as` if given.
    pub fn new(run_as: Option<RunAs>) -> std::io::Result<CaseDirs> {
        let work = Self::new_workdir(run_as)?;
        let io = tempfile::Builder::new().prefix("gridjudge-io-").tempdir()?;
        Ok(CaseDirs { work, io })
    }

    fn new_workdir(run_as: Option<RunAs>) -> std::io::Result<tempfile::TempDir> {
        let work = tempfile::Builder::new()
            .prefix("gridjudge-work-")
            .tempdir()?;
        if let Some(user) = run_as {
            std::os::unix::fs::chown(work.path(), Some(user.uid), Some(user.gid))?;
        }
        Ok(work)
    }

    /// Readies the directories for the next case.
    ///
    /// The working directory is renewed (the old one removed with whatever the last
    /// program left in it) unless `workdir_untouched`: when the last run had a private
    /// tmpfs over it (`Guarantees::private_workdir`), the program wrote into that tmpfs,
    /// which died with its mount namespace, and the directory itself is still empty.
    /// The capture directory stays: the launcher empties both capture files when it
    /// opens them.
    ///
    /// PERF: keeping the directory saves making, handing over and removing one per
    /// case, about 0.06 ms of CPU on ext4 (`benches/sandbox_peers.sh`).
    pub fn renew(&mut self, run_as: Option<RunAs>, workdir_untouched: bool) -> std::io::Result<()> {
        if !workdir_untouched {
            self.work = Self::new_workdir(run_as)?;
        }
        Ok(())
    }

    /// The program's working directory.
    pub fn workdir(&self) -> &Path {
        self.work.path()
    }

    /// Where standard output goes.
    pub fn stdout(&self) -> PathBuf {
        self.io.path().join("stdout")
    }

    /// Where standard error goes.
    pub fn stderr(&self) -> PathBuf {
        self.io.path().join("stderr")
    }
}
