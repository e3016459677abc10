//! The time-limit margin options of `gridjudge verify-submissions`
//! (`--time-safety-margin`, `--strict`, `--suggest-limits`): judging TLE examples under
//! limit × margin and printing the per-problem margins after the verdict table. The
//! rule itself lives in [`gridjudge::judge::margins`].

use gridjudge::judge::case_loop::{self, CaseResult, JudgeSettings};
use gridjudge::judge::compile::Program;
use gridjudge::judge::config::ProblemDir;
use gridjudge::judge::margins::{self, ProblemMargins};
use gridjudge::Verdict;
use std::time::Duration;

/// Options of the time-limit margin check.
#[derive(Debug, Clone, clap::Args)]
pub struct MarginArgs {
    /// Safety margin (problemtools' time_safety_margin): accepted examples must run within
    /// limit / margin, TLE examples must still run at limit × margin.
    #[arg(long, default_value_t = margins::DEFAULT_MARGIN, value_name = "FACTOR",
          value_parser = parse_margin)]
    pub time_safety_margin: f64,
    /// Fail (exit 1) when a margin does not hold, instead of warning.
    #[arg(long)]
    pub strict: bool,
    /// Print, per problem, the time limit the accepted examples support.
    #[arg(long)]
    pub suggest_limits: bool,
}

fn parse_margin(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(m) if m.is_finite() && m >= 1.0 => Ok(m),
        _ => Err(format!("{s:?} is not a margin (a number of at least 1)")),
    }
}

/// A problem's margins being gathered while its examples are judged.
pub struct Gathering {
    margins: ProblemMargins,
}

impl MarginArgs {
    /// Starts gathering the margins of `problem`.
    pub fn start(&self, problem: &ProblemDir) -> Gathering {
        Gathering {
            margins: ProblemMargins::new(problem, self.time_safety_margin),
        }
    }

    /// The margin report: one line per problem (slowest AC, fastest TLE against the
    /// limit), a WARNING (ERROR with `--strict`) per margin that does not hold, the
    /// suggested limits with `--suggest-limits`; and whether `--strict` fails. The table
    /// report prints the lines after the table, the JSON report carries them.
    pub fn report_lines(&self, all: &[Gathering]) -> (Vec<String>, bool) {
        let mut warnings = 0;
        let mut lines = Vec::new();
        for g in all {
            lines.push(g.margins.line());
            for w in g.margins.warnings() {
                warnings += 1;
                lines.push(format!(
                    "{}: {w}",
                    if self.strict { "ERROR" } else { "WARNING" }
                ));
            }
            if self.suggest_limits {
                lines.push(g.margins.suggestion());
            }
        }
        (lines, self.strict && warnings > 0)
    }
}

impl Gathering {
    /// Records an accepted example judged under the real limits.
    pub fn record_ac(&mut self, name: &str, report: &case_loop::ProblemReport) {
        self.margins.record_ac(name, report);
    }

    /// Judges a TLE example under limit × margin, records it, and returns its verdict
    /// against the real limit with the case and message.
    pub fn judge_tle(
        &mut self,
        name: &str,
        problem: &ProblemDir,
        program: &Program,
        settings: &JudgeSettings,
    ) -> (Verdict, String, String) {
        let extended = self.margins.extended(problem);
        let quiet = |_: &CaseResult| {};
        let report = case_loop::judge_problem(&extended, program, settings, &quiet);
        self.margins.record_tle(name, &report);
        let limit = Duration::from_secs_f64(problem.config.limits.time_seconds.max(0.0));
        margins::verdict_under(&report, limit)
    }
}
