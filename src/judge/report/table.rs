//! The human report: one row per case (problem, case, verdict, CPU, wall, memory,
//! message) and a summary line; after a comparison with a baseline, the flagged cases and
//! the comparison's summary ([`Comparison::render_text`]).
//!
//! It is printed on a terminal, so every piece of outside text goes through
//! [`visible_line`]: the program, the problem and case names, and the message (its
//! headline, at most `MESSAGE_WIDTH` characters) have no control character, and each
//! row is one line. The whole message is in the JSON report.

use crate::judge::report::baseline::Comparison;
use crate::judge::report::{visible_line, Render, ReportError, Session};
use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, CellAlignment, Table as Grid};

/// Longest message shown in a table cell; the JSON report has the whole text.
const MESSAGE_WIDTH: usize = 100;

/// The headline of a message, cut at [`MESSAGE_WIDTH`] characters, `…` when something
/// was left out; control characters shown by [`visible_line`].
fn short(message: &str) -> String {
    let first = crate::judge::compile::headline(message);
    let mut s: String = first.chars().take(MESSAGE_WIDTH).collect();
    if first.chars().count() > MESSAGE_WIDTH || message.lines().nth(1).is_some() {
        s.push('…');
    }
    visible_line(&s).into_owned()
}

/// The table writer, with the comparison with a baseline to list after the table.
#[derive(Debug, Clone, Copy, Default)]
pub struct Table<'a> {
    /// The comparison with a baseline, if the session was compared with one.
    pub baseline: Option<&'a Comparison>,
}

impl Render<Session> for Table<'_> {
    fn render(&self, session: &Session) -> Result<String, ReportError> {
        let mut text = render(session);
        if let Some(c) = self.baseline {
            text.push_str(&c.render_text());
        }
        Ok(text)
    }
}

/// Renders the table and the summary line.
pub fn render(session: &Session) -> String {
    let mut table = Grid::new();
    table.load_style(UTF8_FULL_CONDENSED);
    table.set_header([
        "problem",
        "case",
        "verdict",
        "CPU s",
        "wall s",
        "memory MiB",
        "message",
    ]);
    for p in &session.problems {
        if let Some((v, m)) = &p.failure {
            table.add_row(vec![
                Cell::new(visible_line(&p.problem)),
                Cell::new("—"),
                Cell::new(v.code()),
                Cell::new(""),
                Cell::new(""),
                Cell::new(""),
                Cell::new(short(m)),
            ]);
        }
        for c in &p.cases {
            table.add_row(vec![
                Cell::new(visible_line(&p.problem)),
                Cell::new(visible_line(&c.case)),
                Cell::new(c.verdict.code()),
                Cell::new(format!("{:.3}", c.cpu_seconds)).set_alignment(CellAlignment::Right),
                Cell::new(format!("{:.3}", c.wall_seconds)).set_alignment(CellAlignment::Right),
                Cell::new(format!(
                    "{:.1}",
                    c.memory_bytes as f64 / (1u64 << 20) as f64
                ))
                .set_alignment(CellAlignment::Right),
                Cell::new(short(&c.message)),
            ]);
        }
    }
    format!(
        "Judging {}\n{table}\n{}\n{}\n",
        visible_line(&session.program),
        session.summary(),
        session.guarantees_line()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::report::test_support::{case, session};
    use crate::Verdict;

    /// Regression (fuzz/regressions/report_writers/crash-table_*): a contestant's stderr
    /// line in an RE message, or a control character in a name, reached the terminal raw.
    #[test]
    fn outside_text_cannot_drive_the_terminal() {
        let s = session(
            "./a.out\x1b]0;title\x07",
            "poj\x083074",
            vec![
                case(
                    "secret/\t1\n2",
                    Verdict::RuntimeError,
                    "exit code 1; stderr: \x1b[2J\x1b[Hgotcha\0\r",
                    0.1,
                ),
                case("sample/1", Verdict::Accepted, "", 0.1),
            ],
            None,
        );
        let out = render(&s);
        assert!(out.chars().all(|c| !c.is_control() || c == '\n'), "{out:?}");
        assert!(out.starts_with("Judging ./a.out␛]0;title␇\n"), "{out}");
        assert!(out.contains("secret/␉1␊2"), "{out}");
        assert!(out.contains("poj␈3074"), "{out}");
        assert!(
            out.contains("exit code 1; stderr: ␛[2J␛[Hgotcha␀␍"),
            "{out}"
        );
        assert!(out.contains("2 case(s): 1 AC, 1 RE — overall RE;"), "{out}");
    }
}
