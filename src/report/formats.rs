//! The report formats, listed once: [`FORMATS`].
//!
//! A format is a [`ReportFormat`]: its name (the value of `--format NAME`, and the flag
//! `--NAME FILE` of a side file), and for each kind of document it can write (a judge
//! [`Session`], a verify-submissions [`VerifyReport`], a `verify` [`GateReport`]) a
//! [`Writes`]: the writer, and the help line of its side-file flag when the format is
//! offered as one. The commands build their `--format` values and their side-file flags
//! from this list, for the documents they write, and render through [`Formattable::writer`],
//! so a new format is one module (its writers and its `FORMAT`) and one entry here: every
//! command that writes a document it renders then offers it, on stdout and as a file.
//!
//! Whether a format can print on stdout is the format's to say ([`ReportFormat::on_stdout`]:
//! an XML or HTML document belongs in a file); whether a session's writer shows the
//! comparison with a baseline itself, too ([`ReportFormat::shows_baseline`]: the judge
//! prints it on stderr beside the ones that do not).

use crate::document::gate::GateReport;
use crate::document::submissions::VerifyReport;
use crate::report::baseline::Comparison;
use crate::report::{html, json, junit, table, tracker};
use crate::report::{Render, ReportError, Session};

/// A session's writer: the session and the comparison with a baseline, when there is one.
pub type SessionWriter = fn(&Session, Option<&Comparison>) -> Result<String, ReportError>;

/// A writer of one document `D`.
pub type DocumentWriter<D> = fn(&D) -> Result<String, ReportError>;

/// What a format writes for one kind of document.
#[derive(Clone, Copy)]
pub struct Writes<F> {
    /// The writer.
    pub render: F,
    /// The help line of the side-file flag `--NAME FILE` for this document; `None` when
    /// the format is not offered as a side file of it.
    pub file: Option<&'static str>,
}

impl<F> Writes<F> {
    /// The side-file flag's help line, if the format is offered as a side file.
    fn file_help(&self) -> Option<String> {
        self.file.map(str::to_string)
    }
}

/// One report format: its name and its writer for each document it writes.
#[derive(Clone, Copy)]
pub struct ReportFormat {
    /// `--format NAME` and `--NAME FILE`.
    pub name: &'static str,
    /// The help line of the value `NAME` of `--format`.
    pub about: &'static str,
    /// What the format's document is called in a sentence ("a JUnit XML report").
    pub noun: &'static str,
    /// Whether `--format NAME` may print it on stdout.
    pub on_stdout: bool,
    /// Whether the session's writer shows the comparison with a baseline itself.
    pub shows_baseline: bool,
    /// For a judge session.
    pub session: Option<Writes<SessionWriter>>,
    /// For a verify-submissions report.
    pub submissions: Option<Writes<DocumentWriter<VerifyReport>>>,
    /// For a `verify` gate report.
    pub gate: Option<Writes<DocumentWriter<GateReport>>>,
}

impl std::fmt::Debug for ReportFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ReportFormat({})", self.name)
    }
}

/// Every report format, in the order the commands' help lists them.
pub const FORMATS: &[ReportFormat] = &[
    table::FORMAT,
    json::FORMAT,
    junit::FORMAT,
    html::FORMAT,
    tracker::BMF,
    tracker::GAB,
];

/// The format named `name`, if there is one.
pub fn named(name: &str) -> Option<&'static ReportFormat> {
    FORMATS.iter().find(|f| f.name == name)
}

/// A document a command writes (a session, a verify-submissions report, a gate report,
/// a merged run), in the formats of [`FORMATS`] that render it.
pub trait Formattable: Sized {
    /// What `--format` says of this document on the command that writes it.
    const FORMAT_HELP: &'static str;

    /// Whether `format` writes this document, and the help line of its side-file flag
    /// (`None` inside when it is not offered as a side file).
    fn writes(format: &ReportFormat) -> Option<Option<String>>;

    /// `format`'s writer of this document, with the comparison with a baseline for the
    /// writers that show one; `None` when the format does not write it.
    fn writer<'a>(
        format: &ReportFormat,
        baseline: Option<&'a Comparison>,
    ) -> Option<Box<dyn Render<Self> + 'a>>;
}

/// A [`SessionWriter`] bound to its comparison, as a [`Render`].
struct SessionRender<'a>(SessionWriter, Option<&'a Comparison>);

impl Render<Session> for SessionRender<'_> {
    fn render(&self, report: &Session) -> Result<String, ReportError> {
        (self.0)(report, self.1)
    }
}

/// A [`DocumentWriter`] as a [`Render`].
struct DocumentRender<D>(DocumentWriter<D>);

impl<D> DocumentRender<D> {
    /// `w`'s writer as a boxed [`Render`].
    fn boxed<'a>(w: &Writes<DocumentWriter<D>>) -> Box<dyn Render<D> + 'a>
    where
        D: 'a,
    {
        Box::new(DocumentRender(w.render))
    }
}

impl<D> Render<D> for DocumentRender<D> {
    fn render(&self, report: &D) -> Result<String, ReportError> {
        (self.0)(report)
    }
}

impl Formattable for Session {
    const FORMAT_HELP: &'static str = "Report format on stdout.";

    fn writes(format: &ReportFormat) -> Option<Option<String>> {
        format.session.as_ref().map(Writes::file_help)
    }

    fn writer<'a>(
        format: &ReportFormat,
        baseline: Option<&'a Comparison>,
    ) -> Option<Box<dyn Render<Self> + 'a>> {
        let w = format.session.as_ref()?;
        Some(Box::new(SessionRender(w.render, baseline)))
    }
}

impl Formattable for VerifyReport {
    const FORMAT_HELP: &'static str = "Report format on stdout: the table, or one JSON \
        document (every submission with its expected and actual verdict, case and whole \
        message, and the counts).";

    fn writes(format: &ReportFormat) -> Option<Option<String>> {
        format.submissions.as_ref().map(Writes::file_help)
    }

    fn writer<'a>(
        format: &ReportFormat,
        _baseline: Option<&'a Comparison>,
    ) -> Option<Box<dyn Render<Self> + 'a>> {
        format.submissions.as_ref().map(DocumentRender::boxed)
    }
}

impl Formattable for GateReport {
    const FORMAT_HELP: &'static str = "Report format on stdout: per problem the checks that \
        did not pass and the submissions' table, or one JSON document (every check and \
        submission).";

    fn writes(format: &ReportFormat) -> Option<Option<String>> {
        format.gate.as_ref().map(Writes::file_help)
    }

    fn writer<'a>(
        format: &ReportFormat,
        _baseline: Option<&'a Comparison>,
    ) -> Option<Box<dyn Render<Self> + 'a>> {
        format.gate.as_ref().map(DocumentRender::boxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_lower_case_words() {
        for (i, f) in FORMATS.iter().enumerate() {
            assert!(
                f.name.bytes().all(|b| b.is_ascii_lowercase()),
                "{}: a flag name",
                f.name
            );
            assert!(
                FORMATS[..i].iter().all(|g| g.name != f.name),
                "{} twice",
                f.name
            );
            assert_eq!(named(f.name).map(|g| g.about), Some(f.about));
        }
        assert!(named("markdown").is_none());
    }

    #[test]
    fn every_format_writes_a_session_and_the_table_prints_on_stdout_only() {
        for f in FORMATS {
            assert!(Session::writes(f).is_some(), "{}", f.name);
        }
        let table = named("table").unwrap();
        assert!(table.on_stdout);
        assert_eq!(Session::writes(table), Some(None));
        assert_eq!(GateReport::writes(named("bmf").unwrap()), None);
    }
}
