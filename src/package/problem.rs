//! A package as the judge's problem: its cases, its limits (with the time limit decided
//! by the caller: `--time-limit`, the package's own, or problemtools' rule in
//! [`verify`](crate::package::verify)) and its output validator, built once.

use crate::judge::problem::{Checker, JudgeProblem, OutputChecker, ProblemLimits};
use crate::package::output_validator::{CustomChecker, DefaultChecker};
use crate::package::{Package, PackageError, Validation};
use crate::sandbox::limits::MIB;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The time limit of a package that states none, when nothing else decides it, seconds.
pub const DEFAULT_TIME_LIMIT: f64 = 1.0;

impl Package {
    /// The time limit stated by the command line (`cli`) or else the package, if any.
    pub fn stated_time_limit(&self, cli: Option<f64>) -> Option<f64> {
        cli.or(self.time_limit)
    }

    /// The package's limits with the CPU time limit `time_limit` seconds (the wall
    /// limit by the one rule, [`default_wall`](crate::judge::problem::default_wall)).
    pub fn limits(&self, time_limit: f64) -> ProblemLimits {
        let mib = |m: f64| (m * MIB as f64).round() as u64;
        ProblemLimits {
            output_bytes: mib(self.output_mib),
            ..ProblemLimits::new(Duration::from_secs_f64(time_limit), mib(self.memory_mib))
        }
    }

    /// The package as the judge's problem: its cases, [`limits`](Self::limits) with
    /// `time_limit`, and its output validator (a custom one built here, through the
    /// sandbox of the `launcher` binary).
    pub fn judge_problem(
        &self,
        launcher: &Path,
        time_limit: f64,
    ) -> Result<JudgeProblem, PackageError> {
        let flags: Vec<(String, Vec<String>)> = self
            .cases
            .iter()
            .map(|c| (c.case.id(), c.flags.clone()))
            .collect();
        let invalid = |message: String| PackageError::Invalid {
            path: self.dir.clone(),
            message,
        };
        let checker: Arc<dyn OutputChecker> = match &self.validation {
            Validation::Default => Arc::new(DefaultChecker::new(&flags).map_err(invalid)?),
            Validation::Custom(source) => {
                Arc::new(CustomChecker::build(source, launcher, &flags).map_err(invalid)?)
            }
        };
        Ok(JudgeProblem {
            dir: self.dir.clone(),
            name: self.short_name.clone(),
            title: self.name.clone(),
            source: "Kattis problem package".into(),
            limits: self.limits(time_limit),
            cases: self.cases.iter().map(|c| c.case.clone()).collect(),
            checker: Checker::External(checker),
        })
    }
}
