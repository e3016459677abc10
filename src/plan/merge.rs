//! `gridjudge report merge`, planned: the JSON reports of the N shards of one run
//! (`judge`, `verify-submissions` or `verify` with `--shard K/N`, one per CI matrix
//! job) read and joined into the report of the whole run
//! ([`crate::report::merge`]), with the exit code the whole run would have had.
//!
//! Reports of different commands are not the shards of one run (64); a file that is not
//! UTF-8 or not a gridjudge report is 65, one that cannot be read 66.

use super::io::read_input;
use super::verify_submissions::Verified;
use crate::document::submissions::VerifyReport;
use crate::error::Failure;
use crate::exit;
use crate::report::baseline::Comparison;
use crate::report::formats::{Formattable, ReportFormat};
use crate::report::gate::GateReport;
use crate::report::merge::{self, Document};
use crate::report::{Render, ReportError, Session};
use std::path::PathBuf;

/// The merged report of a whole run.
#[derive(Debug, Clone)]
pub enum Merged {
    /// Of `gridjudge judge`.
    Session(Session),
    /// Of `gridjudge verify-submissions`, its margins checked again over every shard.
    Verify(Verified),
    /// Of `gridjudge verify`.
    Gate(GateReport),
}

impl Merged {
    /// The exit code of the whole run: 0, 1 or 3, as the command gives it.
    pub fn exit_code(&self) -> u8 {
        match self {
            Merged::Session(s) => exit::of_verdict(s.overall()),
            Merged::Verify(v) => v.exit_code(),
            Merged::Gate(g) => g.outcome(false).exit_code(),
        }
    }
}

/// A merged run is written in the formats that write all three documents, since the
/// command cannot know before reading its reports which one it is; a side file of every
/// such format is offered.
impl Formattable for Merged {
    const FORMAT_HELP: &'static str =
        "Report format on stdout: the command's table, or its JSON document.";

    fn writes(format: &ReportFormat) -> Option<Option<String>> {
        let files = [
            Session::writes(format)?,
            VerifyReport::writes(format)?,
            GateReport::writes(format)?,
        ];
        let file = files.iter().all(Option::is_some);
        Some(file.then(|| format!("Also write {} of the whole run here.", format.noun)))
    }

    fn writer<'a>(
        format: &ReportFormat,
        _baseline: Option<&'a Comparison>,
    ) -> Option<Box<dyn Render<Self> + 'a>> {
        Some(Box::new(MergedRender {
            session: Session::writer(format, None)?,
            verify: VerifyReport::writer(format, None)?,
            gate: GateReport::writer(format, None)?,
        }))
    }
}

/// One format's writers of the three documents, for whichever the merge made.
struct MergedRender<'a> {
    session: Box<dyn Render<Session> + 'a>,
    verify: Box<dyn Render<VerifyReport> + 'a>,
    gate: Box<dyn Render<GateReport> + 'a>,
}

impl Render<Merged> for MergedRender<'_> {
    fn render(&self, merged: &Merged) -> Result<String, ReportError> {
        match merged {
            Merged::Session(s) => self.session.render(s),
            Merged::Verify(v) => self.verify.render(&v.report),
            Merged::Gate(g) => self.gate.render(g),
        }
    }
}

/// Reads the reports at `paths` and merges them; for verify-submissions reports the
/// margins are checked over the whole run (`strict`: a margin that does not hold fails
/// it; `suggest_limits`: the lines suggest the limit).
pub fn merge(paths: &[PathBuf], strict: bool, suggest_limits: bool) -> Result<Merged, Failure> {
    let mut sessions = Vec::new();
    let mut verifies = Vec::new();
    let mut gates = Vec::new();
    for path in paths {
        let bytes = read_input(path)?;
        let text = String::from_utf8(bytes).map_err(|e| {
            Failure::new(
                exit::DATA_ERROR,
                format!(
                    "{}: not UTF-8 (byte {})",
                    path.display(),
                    e.utf8_error().valid_up_to()
                ),
            )
        })?;
        match merge::read(path, &text).map_err(|e| Failure::new(exit::DATA_ERROR, e.to_string()))? {
            Document::Session(s) => sessions.push((path.clone(), s)),
            Document::Verify(v) => verifies.push((path.clone(), v)),
            Document::Gate(g) => gates.push((path.clone(), g)),
        }
    }
    let shards = |e: merge::MergeError| Failure::usage(e.to_string());
    if !gates.is_empty() {
        if gates.len() != paths.len() {
            return Err(Failure::usage(format!(
                "{} is a verify report and the others are not: merge the shards of one command",
                gates[0].0.display()
            )));
        }
        return merge::gate_reports(gates).map(Merged::Gate).map_err(shards);
    }
    if !sessions.is_empty() && !verifies.is_empty() {
        return Err(Failure::usage(format!(
            "{} is a judge report and {} a verify-submissions report: merge the shards of one command",
            sessions[0].0.display(),
            verifies[0].0.display()
        )));
    }
    if verifies.is_empty() {
        return merge::sessions(sessions)
            .map(Merged::Session)
            .map_err(shards);
    }
    let (mut report, margins) = merge::verify_reports(verifies).map_err(shards)?;
    let (lines, margins_failed) =
        crate::judge::margins::report_lines(&margins, strict, suggest_limits);
    if report.margins.is_some() || !lines.is_empty() {
        report.margins = Some(lines);
    }
    Ok(Merged::Verify(Verified {
        report,
        margins_failed,
    }))
}
