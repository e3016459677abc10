//! Judging: running contestant programs through the [`sandbox`](crate::sandbox) and
//! turning runs and checker outcomes into verdicts. The reports of a run are the
//! [`report`](crate::report) layer above, and the example submissions judged against
//! their expectations are [`submissions`](crate::submissions).
//!
//! - [`bundled`]: the bundled problems, embedded in the binary and written to a cache
//!   folder on first use.
//! - [`config`]: a judge-case folder's files (`problem.toml`, `data/{sample,secret}`).
//! - [`lookup`]: where a PROBLEM argument leads (the folders of problem folders, then
//!   the bundled problems).
//! - [`problem`]: the judge's problem type, limits resolved once, from a folder, a
//!   package or the command line.
//! - [`language`]: the language table (extensions, detection, compile and run commands)
//!   and the detection of a submission's language and entry file.
//! - [`compile`]: sources of every language of the table to programs (CE with the
//!   compiler's message).
//! - [`stage`]: copies of programs and scripts the sandbox user could not reach.
//! - [`case_loop`]: the case loop: a [`Sandbox`](crate::sandbox::Sandbox) run per case,
//!   then the limit verdicts, then the checker.
//! - [`interaction`]: interactive and multi-pass cases: the program and the interactor
//!   connected by two FIFOs, the passes, and the interactive verdict rules.
//! - [`limit_verdict`]: the one rule that turns a run's outcome into TLE, MLE, OLE or RE.
//! - [`first_difference`]: where a wrong answer's output first differs from the jury's
//!   answer, the excerpt its report shows.
//! - [`margins`]: time-limit safety margins of example submissions (problemtools' rule).
//! - [`subject`]: what `gridjudge judge` judges (a command, a source, the reference
//!   solver), made runnable once and judged on every problem.
//! - [`expectation`]: what an example submission is expected to get (a verdict, or a
//!   package's permitted and required verdicts) and the package format's verdicts.
//! - [`scoring`]: scoring problems: test groups and their scores (legacy grader rules,
//!   2023-07 / 2025-09 aggregation).
//! - [`shard`]: `--shard K/N`, one run split over the machines of a CI matrix.
//!
//! The isolation itself (limits, launcher, namespaces, Landlock, cgroups, seccomp) is
//! the [`sandbox`](crate::sandbox) layer below, which knows nothing of verdicts.

pub mod bundled;
pub mod case_loop;
pub mod compile;
pub mod config;
pub mod expectation;
pub mod first_difference;
pub mod interaction;
pub mod language;
pub mod limit_verdict;
pub mod lookup;
pub mod margins;
pub mod pipes;
pub mod problem;
pub mod scoring;
pub mod shard;
pub mod stage;
pub mod subject;
