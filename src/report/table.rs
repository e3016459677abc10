//! The human report: one row per case (problem, case, verdict, CPU, wall, memory,
//! message) and a summary line; after a comparison with a baseline, the flagged cases and
//! the comparison's summary ([`Comparison::render_text`]).
//!
//! It is printed on a terminal, so every piece of outside text goes through
//! [`visible_line`]: the program, the problem and case names, and the message (its
//! headline, at most `MESSAGE_WIDTH` characters) have no control character, and each
//! row is one line. A compile error's first error is shown in full under the table (the
//! line naming it, the source excerpt and caret after it). The whole message is in the
//! JSON and JUnit reports.

use crate::report::baseline::Comparison;
use crate::report::formats::{ReportFormat, Writes};
use crate::report::{visible_line, Render, ReportError, Session};
use crate::Verdict;
use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, CellAlignment, Table as Grid};

/// The table as a report format: on stdout only, for every document.
pub const FORMAT: ReportFormat = ReportFormat {
    name: "table",
    about: "A table and a summary line.",
    noun: "the table",
    on_stdout: true,
    shows_baseline: true,
    session: Some(Writes {
        render: |s, baseline| Table { baseline }.render(s),
        file: None,
    }),
    submissions: Some(Writes {
        render: |r| crate::report::submissions::Table.render(r),
        file: None,
    }),
    gate: Some(Writes {
        render: |r| crate::report::gate::Table.render(r),
        file: None,
    }),
};

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
                Cell::new(wall_cell(c.wall_seconds, c.wait_seconds))
                    .set_alignment(CellAlignment::Right),
                Cell::new(format!(
                    "{:.1}",
                    c.memory_bytes as f64 / (1u64 << 20) as f64
                ))
                .set_alignment(CellAlignment::Right),
                Cell::new(match &c.protocol {
                    Some(note) => {
                        format!("[{}] {}", visible_line(&note.describe()), short(&c.message))
                    }
                    None => short(&c.message),
                }),
            ]);
        }
    }
    let mut text = format!("Judging {}\n{table}\n", visible_line(&session.program));
    let waited = session
        .problems
        .iter()
        .flat_map(|p| &p.cases)
        .map(|c| c.wait_seconds)
        .filter(|&w| w >= WAIT_SHOWN)
        .fold(None, |most: Option<f64>, w| {
            Some(most.map_or(w, |m| m.max(w)))
        });
    if let Some(most) = waited {
        text.push_str(&format!(
            "note: (-X wait) is time a run waited for a CPU (the machine's load, at most {most:.3} s), which the wall limit does not count\n"
        ));
    }
    text.push_str(&differences(session));
    for p in &session.problems {
        if let Some(s) = &p.scored {
            text.push_str(&format!(
                "{}: {} score {}\n",
                visible_line(&p.problem),
                s.verdict.code(),
                visible_line(&s.describe())
            ));
        }
        if let Some((Verdict::CompileError, m)) = &p.failure {
            text.push_str(&first_error(&p.problem, m));
        }
    }
    text.push_str(&format!(
        "{}\n{}\n",
        session.summary(),
        session.guarantees_line()
    ));
    if let Some(p) = &session.provenance {
        text.push_str(&format!("{}\n", visible_line(&p.line())));
    }
    text
}

/// Most wrong answers whose first difference the table shows; the JSON report has
/// every one.
const DIFFERENCES_SHOWN: usize = 3;

/// The first difference of the first [`DIFFERENCES_SHOWN`] wrong answers from their
/// answers, three lines each, then how many more there are.
fn differences(session: &Session) -> String {
    let all: Vec<_> = session
        .problems
        .iter()
        .flat_map(|p| p.cases.iter().map(move |c| (p, c)))
        .filter_map(|(p, c)| c.first_difference.as_ref().map(|d| (p, c, d)))
        .collect();
    let mut text = String::new();
    for (p, c, d) in all.iter().take(DIFFERENCES_SHOWN) {
        let [at, expected, got] = d.lines();
        text.push_str(&format!(
            "{} {}: {at}\n  {}\n  {}\n",
            visible_line(&p.problem),
            visible_line(&c.case),
            visible_line(&expected),
            visible_line(&got)
        ));
    }
    if all.len() > DIFFERENCES_SHOWN {
        text.push_str(&format!(
            "… {} more wrong answer(s) with a first difference: --format json or --html FILE\n",
            all.len() - DIFFERENCES_SHOWN
        ));
    }
    text
}

/// The least run-queue wait, seconds, the wall column shows (a millisecond rounds to
/// the column's precision).
const WAIT_SHOWN: f64 = 0.0005;

/// The wall column of a case: the wall time, and the wait for a CPU the wall limit did
/// not count beside it (`4.510 (-4.200 wait)`).
fn wall_cell(wall: f64, wait: f64) -> String {
    if wait >= WAIT_SHOWN {
        format!("{wall:.3} (-{wait:.3} wait)")
    } else {
        format!("{wall:.3}")
    }
}

/// Most lines of a compiler's first error shown under the table.
const FIRST_ERROR_LINES: usize = 12;

/// A compile error's first error in full, under the table: the line that names it
/// ([`headline`](crate::judge::compile::headline)) and the indented lines after it (the
/// source excerpt and its caret), then where the rest of the message is.
fn first_error(problem: &str, message: &str) -> String {
    let head = crate::judge::compile::headline(message);
    let lines: Vec<&str> = message.lines().collect();
    let start = lines.iter().position(|l| *l == head).unwrap_or(0);
    let mut shown: Vec<&str> = vec![head];
    shown.extend(
        lines
            .iter()
            .skip(start + 1)
            .take_while(|l| l.starts_with(' ') || l.starts_with('\t'))
            .take(FIRST_ERROR_LINES - 1),
    );
    let mut out = format!("compile error ({}):\n", visible_line(problem));
    for l in &shown {
        out.push_str(&format!("  {}\n", visible_line(l)));
    }
    let rest = lines.len().saturating_sub(shown.len());
    if rest > 0 {
        out.push_str(&format!(
            "  … {rest} more line(s) of the compiler's message: --format json or --junit FILE\n"
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::test_support::{case, session};
    use crate::Verdict;

    /// Regression (fuzz/regressions/report_writers/crash-table_*): a contestant's stderr
    /// line in an RE message, or a control character in a name, reached the terminal raw.
    #[test]
    fn a_compile_error_shows_its_first_error_in_full() {
        let message = "main.c: In function 'main':\nmain.c:2:25: error: 'x' undeclared\n    2 | int main(void) { return x; }\n      |                         ^\nmain.c:2:25: note: each undeclared identifier is reported once\nmain.c:3:1: error: expected ';'\n";
        let text = first_error("poj3074", message);
        assert_eq!(
            text,
            "compile error (poj3074):\n  main.c:2:25: error: 'x' undeclared\n      2 | int main(void) { return x; }\n        |                         ^\n  … 3 more line(s) of the compiler's message: --format json or --junit FILE\n"
        );
        // Hostile text stays visible text; a one-line message has no "more".
        let one = first_error("p\x1b", "error: \x1b[31mred");
        assert!(
            !one.contains('\x1b') && !one.contains("more line"),
            "{one:?}"
        );
    }

    #[test]
    fn a_wait_for_a_cpu_shows_beside_the_wall_time() {
        assert_eq!(wall_cell(4.51, 4.2), "4.510 (-4.200 wait)");
        assert_eq!(wall_cell(0.25, 0.0001), "0.250");
        let mut waited = case("sample/1", Verdict::Accepted, "", 4.51);
        waited.wait_seconds = 4.2;
        let text = render(&session("a.c", "p", vec![waited], None));
        assert!(text.contains("4.510 (-4.200 wait)"), "{text}");
        assert!(text.contains("note: (-X wait)"), "{text}");
        let idle = render(&session(
            "a.c",
            "p",
            vec![case("sample/1", Verdict::Accepted, "", 0.2)],
            None,
        ));
        assert!(!idle.contains("wait"), "{idle}");
    }

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
