//! The tracking options of `gridjudge judge`: comparing with a baseline report
//! (`--baseline`, thresholds, `--fail-on-slowdown`). They only read a finished
//! [`Session`] and the previous report; the tracker formats (`--bmf`, `--gab`) are
//! report formats like the others (src/cli/reports.rs).

use crate::cli::{exit, Failure};
use gridjudge::report::baseline::{self, Baseline, Comparison, Thresholds};
use gridjudge::report::Session;
use std::path::PathBuf;

/// Options that compare a run with a previous one.
#[derive(Debug, Clone, clap::Args)]
pub struct TrackArgs {
    /// Compare with a previous `--format json` report: list verdict changes and cases
    /// whose CPU time or peak memory grew beyond the thresholds; a verdict regression
    /// (AC before, not now) exits 1.
    #[arg(long, value_name = "OLD.json")]
    pub baseline: Option<PathBuf>,
    /// A case is slower when its CPU time is above the baseline's times this.
    #[arg(
        long,
        default_value_t = 1.25,
        value_name = "RATIO",
        requires = "baseline"
    )]
    pub time_threshold: f64,
    /// ... and more than this many milliseconds above it (so noise is not a slowdown).
    #[arg(long, default_value_t = 5.0, value_name = "MS", requires = "baseline")]
    pub time_floor_ms: f64,
    /// A case uses more memory when its peak is above the baseline's times this.
    #[arg(
        long,
        default_value_t = 1.25,
        value_name = "RATIO",
        requires = "baseline"
    )]
    pub memory_threshold: f64,
    /// ... and more than this many MiB above it.
    #[arg(long, default_value_t = 1.0, value_name = "MIB", requires = "baseline")]
    pub memory_floor_mib: f64,
    /// Exit 1 when a case got slower or uses more memory beyond the thresholds.
    #[arg(long, requires = "baseline")]
    pub fail_on_slowdown: bool,
}

impl TrackArgs {
    /// Reads the baseline (before judging, so a bad file fails fast: exit 66).
    pub fn load(&self) -> Result<Option<(Baseline, Thresholds)>, Failure> {
        let Some(path) = &self.baseline else {
            return Ok(None);
        };
        let thresholds = Thresholds::checked(
            self.time_threshold,
            self.time_floor_ms,
            self.memory_threshold,
            self.memory_floor_mib,
        )?;
        let b = Baseline::load(path)
            .map_err(|m| Failure::new(exit::NO_INPUT, format!("--baseline: {m}")))?;
        Ok(Some((b, thresholds)))
    }

    /// The comparison of `session` with the loaded baseline.
    pub fn compare(
        loaded: &Option<(Baseline, Thresholds)>,
        session: &Session,
    ) -> Option<Comparison> {
        loaded
            .as_ref()
            .map(|(b, t)| baseline::compare(session, b, *t))
    }

    /// The exit code after the comparison ([`Comparison::exit_code`]).
    pub fn exit_code(&self, code: u8, comparison: Option<&Comparison>) -> u8 {
        comparison.map_or(code, |c| c.exit_code(code, self.fail_on_slowdown))
    }
}
