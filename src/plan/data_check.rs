//! A package's data checked before any program runs on it: the package's input
//! validators on every input, its output validator on every answer
//! ([`crate::package::data_check`]). Both `judge --package` and
//! `verify-submissions --package` refuse to judge against data that fails it.

use super::Notice;
use crate::error::Failure;
use crate::judge::case_loop::JudgeSettings;
use crate::judge::problem::{Checker, JudgeProblem};
use crate::package::Package;

/// Checks the data of `pkg`, its answers through the output validator of `problem` (the
/// package as the judge's problem). The warnings and the checks skipped are told to
/// `notice`; errors too, each naming the file, the check and the message, and then end
/// the command (exit 3).
pub(crate) fn check_package_data(
    pkg: &Package,
    problem: &JudgeProblem,
    settings: &JudgeSettings,
    notice: &dyn Fn(Notice),
) -> Result<(), Failure> {
    let Checker::External(checker) = &problem.checker else {
        return Err(Failure::internal(
            "a package's problem is judged by gridjudge's own checker",
        ));
    };
    let report = crate::package::data_check::check_data(
        pkg,
        checker.as_ref(),
        &settings.launcher,
        settings.jobs,
    );
    for w in report.warnings() {
        notice(Notice::Warning(w.to_string()));
    }
    for s in &report.skipped {
        notice(Notice::Note(s.to_string()));
    }
    let errors: Vec<_> = report.errors().collect();
    if errors.is_empty() {
        return Ok(());
    }
    for e in &errors {
        notice(Notice::Error(e.to_string()));
    }
    Err(Failure::judge(format!(
        "{}: {} error(s) in the package's data (above): no program is judged against it \
         (--no-data-check judges anyway)",
        pkg.dir.display(),
        errors.len()
    )))
}
