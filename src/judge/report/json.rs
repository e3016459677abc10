//! The machine report: the whole session as one JSON document. Every text is kept
//! exactly; the bidirectional formatting characters, U+2028/U+2029 and the other
//! invisible format characters are written as `\u` escapes
//! ([`escape_invisible_in_json`]), never raw.

use crate::judge::report::baseline::Comparison;
use crate::judge::report::{escape_invisible_in_json, Session};

/// Renders the session as pretty JSON with the overall verdict and the summary line (and,
/// after a signal, `"interrupted": {"signal": "SIGTERM", "cases_not_run": N}`).
pub fn render(session: &Session) -> String {
    render_with(session, None)
}

/// [`render`], with the comparison with a baseline under `"baseline"` when there is one.
pub fn render_with(session: &Session, comparison: Option<&Comparison>) -> String {
    let mut doc = serde_json::json!({
        "program": session.program,
        "overall": session.overall(),
        "summary": session.summary(),
        "guarantees": session.guarantees(),
        "problems": session.problems.iter().map(|p| serde_json::json!({
            "problem": p.problem,
            "title": p.title,
            "overall": p.overall(),
            "failure": p.failure.as_ref().map(|(v, m)| serde_json::json!({"verdict": v, "message": m})),
            "limits": {
                "cpu_seconds": p.limits.cpu.as_secs_f64(),
                "wall_seconds": p.limits.wall.as_secs_f64(),
                "memory_bytes": p.limits.memory_bytes,
                "memory_mode": p.limits.memory_mode,
                "output_bytes": p.limits.output_bytes,
            },
            "cases": p.cases,
        })).collect::<Vec<_>>(),
    });
    if let (Some(i), Some(map)) = (&session.interrupted, doc.as_object_mut()) {
        map.insert(
            "interrupted".into(),
            serde_json::json!({
                "signal": crate::sandbox::signal_name(i.signal),
                "cases_not_run": i.cases_not_run,
            }),
        );
    }
    if let (Some(c), Some(map)) = (comparison, doc.as_object_mut()) {
        map.insert(
            "baseline".into(),
            serde_json::to_value(c).unwrap_or(serde_json::Value::Null),
        );
    }
    let mut s = escape_invisible_in_json(
        serde_json::to_string_pretty(&doc).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}")),
    );
    s.push('\n');
    s
}
