//! A package as the judge's problem: its cases, its limits (with the time limit decided
//! by the caller: `--time-limit`, the package's own, or problemtools' rule in
//! [`verify`](crate::package::submissions)) and its output validator, built once.

use crate::judge::problem::{Checker, JudgeProblem, OutputChecker, ProblemLimits, Protocol};
use crate::judge::scoring::SharedGrader;
use crate::package::grader::ProgramGrader;
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
    pub(crate) fn stated_time_limit(&self, cli: Option<f64>) -> Option<f64> {
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
        let flags: Vec<(std::path::PathBuf, Vec<String>)> = self
            .cases
            .iter()
            .chain(self.validation_cases.iter().map(|v| &v.case))
            .map(|c| (c.case.input.clone(), c.flags.clone()))
            .collect();
        let invalid = |message: String| PackageError::Invalid {
            path: self.dir.clone(),
            message,
        };
        let checker: Arc<dyn OutputChecker> = match &self.validation {
            Validation::Default => Arc::new(DefaultChecker::new(&flags).map_err(invalid)?),
            Validation::Custom(source) => Arc::new(
                CustomChecker::build(source, launcher, &flags, &self.constants)
                    .map_err(invalid)?
                    .with_protocol(Protocol {
                        interactive: self.interactive,
                        passes: self.passes,
                    }),
            ),
        };
        let mut scoring = self.scoring.clone();
        if let (Some(s), Some(source)) = (&mut scoring, &self.grader) {
            let grader = ProgramGrader::build(&self.dir, source, launcher, &self.constants)
                .map_err(|message| PackageError::Invalid {
                    path: source.clone(),
                    message,
                })?;
            s.grader = Some(SharedGrader(Arc::new(grader)));
        }
        Ok(JudgeProblem {
            dir: self.dir.clone(),
            name: self.short_name.clone(),
            title: self.name.clone(),
            source: "Kattis problem package".into(),
            limits: self.limits(time_limit),
            cases: self.cases.iter().map(|c| c.case.clone()).collect(),
            checker: Checker::External(checker),
            source_substitutions: self.constants.tokens(),
            scoring: scoring.map(Arc::new),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::config::{Case, Group};
    use crate::package::{FormatVersion, PackageCase};
    use std::path::PathBuf;

    fn package(validation: Validation, flags: Vec<String>) -> Package {
        Package {
            dir: PathBuf::from("/nonexistent/pkg"),
            short_name: "pkg".into(),
            name: "A Package".into(),
            version: FormatVersion::Legacy,
            time_limit: Some(2.0),
            format_version: "legacy".into(),
            time_multiplier: 5.0,
            time_safety_margin: 2.0,
            time_resolution: 1.0,
            memory_mib: 256.0,
            output_mib: 8.0,
            validation,
            interactive: false,
            passes: None,
            constants: Default::default(),
            scoring: None,
            grader: None,
            warnings: Vec::new(),
            validation_cases: Vec::new(),
            cases: vec![PackageCase {
                case: Case {
                    group: Group::Secret,
                    name: "g/01".into(),
                    input: PathBuf::from("/nonexistent/pkg/data/secret/g/01.in"),
                    answer: None,
                },
                flags,
            }],
        }
    }

    #[test]
    fn a_package_is_a_judge_problem_with_its_own_limits_and_validator() {
        let pkg = package(Validation::Default, vec!["case_sensitive".into()]);
        assert_eq!(pkg.stated_time_limit(None), Some(2.0));
        assert_eq!(pkg.stated_time_limit(Some(0.5)), Some(0.5));
        let p = pkg
            .judge_problem(Path::new("/nonexistent/gridjudge"), 1.5)
            .expect("the default validator needs no build");
        assert_eq!(p.name, "pkg");
        assert_eq!(p.title, "A Package");
        assert_eq!(p.limits.time, Duration::from_millis(1500));
        assert_eq!(
            p.limits.wall,
            crate::judge::problem::default_wall(p.limits.time)
        );
        assert_eq!(p.limits.memory_bytes, 256 * MIB);
        assert_eq!(p.limits.output_bytes, 8 * MIB);
        assert_eq!(p.cases.len(), 1);
        assert!(
            p.gridjudge_problem().is_none(),
            "the package's validator judges"
        );
    }

    #[test]
    fn bad_validator_flags_are_a_broken_package_naming_its_folder() {
        let pkg = package(Validation::Default, vec!["float_tolerance".into()]);
        let e = pkg
            .judge_problem(Path::new("/nonexistent/gridjudge"), 1.0)
            .expect_err("a flag without its value");
        assert!(matches!(e, PackageError::Invalid { .. }), "{e}");
        assert!(e.to_string().starts_with("/nonexistent/pkg: "), "{e}");
    }
}
