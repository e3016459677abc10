//! How every run of a command is made, from the options the judging commands share
//! (`-j`, `--memory-mode`, `--run-as-self`, `--wall-limit`, `--keep-outputs`,
//! `--python`, `--require-isolation`, `--relay-interaction`): the judge's
//! [`JudgeSettings`], with this very binary as the sandbox's launcher.

use crate::error::Failure;
use crate::judge::case_loop::{JudgeSettings, KeepOutputs};
use crate::sandbox::limits::MemoryMode;
use std::path::PathBuf;
use std::time::Duration;

/// The shared run options, as plain values.
#[derive(Debug, Clone)]
pub struct RunSettings {
    /// Runs at a time (at least 1).
    pub jobs: usize,
    /// How the memory limit is enforced.
    pub memory_mode: MemoryMode,
    /// Whether runs are confined (uid drop, namespaces): false runs them as the judge's
    /// own user.
    pub isolate: bool,
    /// Interactive problems: the exchange goes through the judge, which counts bytes.
    pub relay_interaction: bool,
    /// The wall limit of every run, seconds (else the problem's).
    pub wall_limit: Option<f64>,
    /// Every judged case's files kept in this folder (made if missing).
    pub keep_outputs: Option<PathBuf>,
    /// Python 3 programs run with this interpreter (a name or a path).
    pub python: Option<String>,
    /// Refuse to judge unless every confinement guarantee holds here.
    pub require_isolation: bool,
}

impl RunSettings {
    /// The judge settings, unchecked: nothing is probed, made or looked up (for
    /// `--explain-sandbox`, which reports what holds rather than requiring it).
    pub fn unchecked(&self) -> Result<JudgeSettings, Failure> {
        let launcher = std::env::current_exe()
            .map_err(|e| Failure::internal(format!("cannot find the gridjudge executable: {e}")))?;
        let mut s = JudgeSettings::new(launcher);
        s.jobs = self.jobs.max(1);
        s.memory_mode = self.memory_mode;
        s.isolate = self.isolate;
        s.relay_interaction = self.relay_interaction;
        s.wall_limit = self.wall_limit.map(Duration::from_secs_f64);
        s.keep_outputs = self.keep_outputs.as_ref().map(|dir| KeepOutputs {
            dir: dir.clone(),
            under: PathBuf::new(),
        });
        Ok(s)
    }

    /// The judge settings: the Python interpreter looked up (a usage error when there is
    /// none of that name), the kept-outputs folder made (74 when it cannot be), and with
    /// `require_isolation` a probe run that fails with exit 3 naming every missing
    /// guarantee.
    pub fn judge_settings(&self) -> Result<JudgeSettings, Failure> {
        let mut settings = self.unchecked()?;
        if let Some(name) = &self.python {
            let chosen = crate::judge::compile::python_named(name)
                .map_err(|e| Failure::usage(format!("--python {e}")))?;
            settings.python = Some(chosen);
        }
        if let Some(dir) = &self.keep_outputs {
            std::fs::create_dir_all(dir)
                .map_err(|e| Failure::cannot_write(dir, e).context("--keep-outputs"))?;
        }
        if self.require_isolation {
            let g = settings.probe_guarantees().map_err(Failure::judge)?;
            let missing = g.missing();
            if !missing.is_empty() {
                return Err(Failure::judge(format!(
                    "--require-isolation: missing guarantees: {} (see --explain-sandbox)",
                    missing.join(", ")
                )));
            }
        }
        Ok(settings)
    }
}
