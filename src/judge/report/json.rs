//! The machine report: the whole session as one JSON document, a
//! [`SessionReport`] serialized. Every text
//! is kept exactly; the bidirectional formatting characters, U+2028/U+2029 and the other
//! invisible format characters are written as `\u` escapes
//! ([`escape_invisible_in_json`]), never raw.

use crate::judge::report::baseline::Comparison;
use crate::judge::report::schema::SessionReport;
use crate::judge::report::{escape_invisible_in_json, Session};

/// Renders the session as pretty JSON with the overall verdict and the summary line (and,
/// after a signal, `"interrupted": {"cases_not_run": N, "signal": "SIGTERM"}`).
pub fn render(session: &Session) -> String {
    render_with(session, None)
}

/// [`render`], with the comparison with a baseline under `"baseline"` when there is one.
pub fn render_with(session: &Session, comparison: Option<&Comparison>) -> String {
    let doc = SessionReport::of(session, comparison);
    let mut s = escape_invisible_in_json(
        serde_json::to_string_pretty(&doc).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}")),
    );
    s.push('\n');
    s
}
