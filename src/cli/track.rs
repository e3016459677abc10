//! The tracking options of `gridjudge judge`: comparing with a baseline report
//! (`--baseline`, thresholds, `--fail-on-slowdown`) and the tracker reports written to
//! files next to the main one (`--bmf`, `--gab`, `--html`). They only read a finished
//! [`Session`] and the previous report; the writers live in `judge::report`.

use crate::cli::{exit, Failure};
use gridjudge::judge::report::baseline::{self, Baseline, Comparison, Thresholds};
use gridjudge::judge::report::{html, tracker, Render, Session};
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
    /// Also write the Bencher Metric Format report (as `--format bmf`) here.
    #[arg(long, value_name = "FILE")]
    pub bmf: Option<PathBuf>,
    /// Also write the github-action-benchmark report (as `--format gab`) here.
    #[arg(long, value_name = "FILE")]
    pub gab: Option<PathBuf>,
    /// Also write a self-contained HTML report here (verdicts in colour, CPU time and
    /// memory as bars against the limits, messages on hover or expansion).
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
}

impl TrackArgs {
    /// The thresholds, checked (ratios at least 1, floors not negative).
    fn thresholds(&self) -> Result<Thresholds, Failure> {
        let ok = |x: f64| x.is_finite() && x >= 0.0;
        let ratio = |x: f64| x.is_finite() && x >= 1.0;
        if !ratio(self.time_threshold) || !ratio(self.memory_threshold) {
            return Err(Failure::usage("thresholds must be ratios of at least 1"));
        }
        if !ok(self.time_floor_ms) || !ok(self.memory_floor_mib) {
            return Err(Failure::usage("floors must be numbers of at least 0"));
        }
        Ok(Thresholds {
            time: self.time_threshold,
            time_floor_seconds: self.time_floor_ms / 1000.0,
            memory: self.memory_threshold,
            memory_floor_bytes: (self.memory_floor_mib * (1u64 << 20) as f64) as u64,
        })
    }

    /// Reads the baseline (before judging, so a bad file fails fast: exit 66).
    pub fn load(&self) -> Result<Option<(Baseline, Thresholds)>, Failure> {
        let Some(path) = &self.baseline else {
            return Ok(None);
        };
        let thresholds = self.thresholds()?;
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

    /// Writes the reports asked for with `--bmf`, `--gab` and `--html` (exit 74 when a file cannot
    /// be written).
    pub fn write_files(
        &self,
        session: &Session,
        comparison: Option<&Comparison>,
    ) -> Result<(), Failure> {
        let files: [(&Option<PathBuf>, &dyn Render<Session>); 3] = [
            (&self.bmf, &tracker::Bmf),
            (&self.gab, &tracker::Gab),
            (
                &self.html,
                &html::Html {
                    baseline: comparison,
                },
            ),
        ];
        for (path, writer) in files {
            if let Some(path) = path {
                let text = writer
                    .render(session)
                    .map_err(|e| Failure::internal(e.to_string()))?;
                crate::cli::write_file(path, text)?;
            }
        }
        Ok(())
    }

    /// The exit code after the comparison: `code` unless a verdict regression (or, with
    /// `--fail-on-slowdown`, a slowdown) turns a success into 1.
    pub fn exit_code(&self, code: u8, comparison: Option<&Comparison>) -> u8 {
        let Some(c) = comparison else {
            return code;
        };
        let failed = c.verdict_regressions() > 0 || (self.fail_on_slowdown && c.slowdowns() > 0);
        if failed && code == exit::OK {
            exit::REJECTED
        } else {
            code
        }
    }
}
