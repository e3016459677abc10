//! The machine report: the whole session as one JSON document, a [`SessionReport`]
//! serialized. Every text is kept exactly; the bidirectional formatting characters,
//! U+2028/U+2029 and the other invisible format characters are written as `\u` escapes
//! ([`escape_invisible_in_json`]), never raw.

use crate::report::baseline::Comparison;
use crate::report::formats::{ReportFormat, Writes};
use crate::report::schema::SessionReport;
use crate::report::{escape_invisible_in_json, Render, ReportError, Session};

/// The JSON document as a report format: on stdout and as a side file, for every
/// document.
pub const FORMAT: ReportFormat = ReportFormat {
    name: "json",
    about: "One JSON document.",
    noun: "the JSON report",
    on_stdout: true,
    shows_baseline: true,
    session: Some(Writes {
        render: |s, baseline| Json { baseline }.render(s),
        file: Some("Also write the JSON report here, whatever --format prints."),
    }),
    submissions: Some(Writes {
        render: |r| crate::report::submissions::Json.render(r),
        file: Some("Also write the JSON report here, whatever --format prints."),
    }),
    gate: Some(Writes {
        render: |r| crate::report::gate::Json.render(r),
        file: Some("Also write the JSON report here, whatever --format prints."),
    }),
};

/// The JSON writer, with the comparison with a baseline to carry under `"baseline"`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<'a> {
    /// The comparison with a baseline, if the session was compared with one.
    pub baseline: Option<&'a Comparison>,
}

impl Render<Session> for Json<'_> {
    fn render(&self, session: &Session) -> Result<String, ReportError> {
        let doc = SessionReport::of(session, self.baseline);
        let mut s = escape_invisible_in_json(serde_json::to_string_pretty(&doc)?);
        s.push('\n');
        Ok(s)
    }
}

/// Renders the session as pretty JSON with the overall verdict and the summary line (and,
/// after a signal, `"interrupted": {"cases_not_run": N, "signal": "SIGTERM"}`).
pub fn render(session: &Session) -> String {
    render_with(session, None)
}

/// [`render`], with the comparison with a baseline under `"baseline"` when there is one.
/// The document cannot fail to serialize (it has no map with keys that are not
/// strings); if it did, the text is a JSON document that says so.
pub(crate) fn render_with(session: &Session, comparison: Option<&Comparison>) -> String {
    Json {
        baseline: comparison,
    }
    .render(session)
    .unwrap_or_else(|e| {
        let message = serde_json::Value::String(e.to_string());
        format!("{{\"error\": {message}}}\n")
    })
}
