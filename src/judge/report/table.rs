//! The human report: one row per case (problem, case, verdict, CPU, wall, memory,
//! message) and a summary line.

use crate::judge::report::Session;
use comfy_table::{presets::UTF8_FULL_CONDENSED, Cell, CellAlignment, Table};

/// Longest message shown in a table cell; the JSON report has the whole text.
const MESSAGE_WIDTH: usize = 100;

fn short(message: &str) -> String {
    let first = crate::judge::compile::headline(message);
    let mut s: String = first.chars().take(MESSAGE_WIDTH).collect();
    if first.chars().count() > MESSAGE_WIDTH || message.lines().nth(1).is_some() {
        s.push('…');
    }
    s
}

/// Renders the table and the summary line.
pub fn render(session: &Session) -> String {
    let mut table = Table::new();
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
                Cell::new(&p.problem),
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
                Cell::new(&p.problem),
                Cell::new(&c.case),
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
        session.program,
        session.summary(),
        session.guarantees_line()
    )
}
