//! The reports a command writes, chosen from the list of formats
//! ([`crate::report::formats::FORMATS`]): one format on stdout and any number of side
//! files, each a format and a path. The command line offers the choice (`--format NAME`,
//! `--NAME FILE`) from [`stdout_formats`] and [`side_formats`] and hands the names it
//! got to [`Reports::chosen`]; [`Reports::outputs`] then renders the document once per
//! output, whatever formats the list holds.

use super::io::{check_writable, Outputs};
use crate::error::Failure;
use crate::report::baseline::Comparison;
use crate::report::formats::{Formattable, ReportFormat};
use std::marker::PhantomData;
use std::path::PathBuf;

/// The formats of `formats` that may print document `D` on stdout.
pub fn stdout_formats<D: Formattable>(
    formats: &'static [ReportFormat],
) -> impl Iterator<Item = &'static ReportFormat> {
    formats
        .iter()
        .filter(|f| f.on_stdout && D::writes(f).is_some())
}

/// The formats of `formats` offered as side files of `D`, each with its flag's help.
pub fn side_formats<D: Formattable>(
    formats: &'static [ReportFormat],
) -> impl Iterator<Item = (&'static ReportFormat, String)> {
    formats
        .iter()
        .filter_map(|f| D::writes(f).flatten().map(|help| (f, help)))
}

/// A command's reports: the format on stdout and the side files, each with its format.
#[derive(Debug)]
pub struct Reports<D> {
    /// The format printed on stdout.
    pub format: &'static ReportFormat,
    /// The side files asked for, in the order of the list of formats.
    pub files: Vec<(&'static ReportFormat, PathBuf)>,
    document: PhantomData<fn() -> D>,
}

impl<D: Formattable> Reports<D> {
    /// The reports named: `stdout` among the [`stdout_formats`], each file's format among
    /// the [`side_formats`] (a usage error otherwise).
    pub fn chosen(
        formats: &'static [ReportFormat],
        stdout: &str,
        files: impl IntoIterator<Item = (&'static str, PathBuf)>,
    ) -> Result<Self, Failure> {
        let format = stdout_formats::<D>(formats)
            .find(|f| f.name == stdout)
            .ok_or_else(|| Failure::usage(format!("no report format `{stdout}` here")))?;
        let files = files
            .into_iter()
            .map(|(name, path)| {
                side_formats::<D>(formats)
                    .find(|(f, _)| f.name == name)
                    .map(|(f, _)| (f, path))
                    .ok_or_else(|| Failure::usage(format!("no side file `--{name}` here")))
            })
            .collect::<Result<_, _>>()?;
        Ok(Reports {
            format,
            files,
            document: PhantomData,
        })
    }

    /// Checks that every side file can be written, before anything runs (exit 74).
    pub fn check_writable(&self) -> Result<(), Failure> {
        self.files.iter().try_for_each(|(_, p)| check_writable(p))
    }

    /// The outputs: the stdout format's writer and each side file's, the writers that
    /// show a comparison given `baseline`.
    pub fn outputs<'a>(
        &'a self,
        baseline: Option<&'a Comparison>,
    ) -> Result<Outputs<'a, D>, Failure> {
        let writer = |f: &ReportFormat| {
            D::writer(f, baseline).ok_or_else(|| {
                Failure::internal(format!("the {} format does not write this report", f.name))
            })
        };
        let mut outputs = Outputs::new(writer(self.format)?);
        for (f, path) in &self.files {
            outputs = outputs.with_file(path, writer(f)?);
        }
        Ok(outputs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::gate::GateReport;
    use crate::document::submissions::VerifyReport;
    use crate::report::formats::{Writes, FORMATS};
    use crate::report::Session;

    /// A seventh format, defined as a new one is: its writers and its list entry.
    pub const MARKDOWN: ReportFormat = ReportFormat {
        name: "markdown",
        about: "A Markdown summary.",
        noun: "a Markdown summary",
        on_stdout: true,
        shows_baseline: false,
        session: Some(Writes {
            render: |s, _| Ok(format!("# {} problem(s)\n", s.problems.len())),
            file: Some("Also write a Markdown summary here."),
        }),
        submissions: None,
        gate: Some(Writes {
            render: |g| Ok(format!("# {} problem(s)\n", g.problems.len())),
            file: Some("Also write a Markdown summary here."),
        }),
    };

    /// The real list with the seventh format at its end.
    static WITH_MARKDOWN: [ReportFormat; 7] = [
        FORMATS[0], FORMATS[1], FORMATS[2], FORMATS[3], FORMATS[4], FORMATS[5], MARKDOWN,
    ];

    #[test]
    fn a_list_entry_is_a_report_of_every_document_it_writes() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.md");
        let files = [("markdown", path.clone())];
        let r = Reports::<GateReport>::chosen(&WITH_MARKDOWN, "table", files.clone()).unwrap();
        r.check_writable().unwrap();
        let outputs = r.outputs(None).unwrap();
        outputs
            .write(&GateReport::new(Vec::new(), None, None))
            .unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "# 0 problem(s)\n");
        assert!(Reports::<Session>::chosen(&WITH_MARKDOWN, "markdown", []).is_ok());
        // Not for a document it does not write, and not in the real list.
        assert!(Reports::<VerifyReport>::chosen(&WITH_MARKDOWN, "table", files.clone()).is_err());
        assert!(Reports::<Session>::chosen(FORMATS, "markdown", []).is_err());
        let side: Vec<_> = side_formats::<Session>(&WITH_MARKDOWN)
            .map(|(f, _)| f.name)
            .collect();
        assert_eq!(side, ["json", "junit", "html", "bmf", "gab", "markdown"]);
    }

    #[test]
    fn the_real_list_offers_each_document_its_formats() {
        let names = |it: Vec<&ReportFormat>| it.iter().map(|f| f.name).collect::<Vec<_>>();
        assert_eq!(
            names(stdout_formats::<Session>(FORMATS).collect()),
            ["table", "json", "bmf", "gab"]
        );
        assert_eq!(
            names(stdout_formats::<GateReport>(FORMATS).collect()),
            ["table", "json"]
        );
        let side: Vec<_> = side_formats::<VerifyReport>(FORMATS)
            .map(|(f, _)| f.name)
            .collect();
        assert_eq!(side, ["json", "junit", "html"]);
        assert!(Reports::<GateReport>::chosen(FORMATS, "bmf", []).is_err());
        assert!(Reports::<Session>::chosen(FORMATS, "junit", []).is_err());
    }
}
