//! A catalogue of malformed judge inputs, at least 20 per format: each must be rejected
//! by the validator with the exact line and column and a message saying what was
//! expected — and nothing may panic (parse, validate and check are all exercised).

use crate::support;

use gridjudge::check::check;
use gridjudge::{format, Problem, Verdict};
use support::samples;

struct Bad {
    name: &'static str,
    input: Vec<u8>,
    line: usize,
    col: usize,
    message: &'static str,
}

fn bad(
    name: &'static str,
    input: impl Into<Vec<u8>>,
    line: usize,
    col: usize,
    message: &'static str,
) -> Bad {
    Bad {
        name,
        input: input.into(),
        line,
        col,
        message,
    }
}

/// A 100 MB line of `byte`.
fn huge_line(byte: u8) -> Vec<u8> {
    let mut v = vec![byte; 100 * 1024 * 1024];
    v.push(b'\n');
    v
}

fn run_catalogue(problem: Problem, cases: Vec<Bad>) {
    assert!(
        cases.len() >= 20,
        "{problem}: only {} malformed cases",
        cases.len()
    );
    let mut failures = Vec::new();
    for case in &cases {
        let _ = format::parse_input(problem, &case.input);
        match format::validate_input(problem, &case.input) {
            Ok(_) => failures.push(format!("{}: accepted", case.name)),
            Err(e) => {
                if (e.line, e.col) != (case.line, case.col) || !e.message.contains(case.message) {
                    failures.push(format!(
                        "{}: got `{e}`, want line {}, col {} containing `{}`",
                        case.name, case.line, case.col, case.message
                    ));
                }
            }
        }
        let outcome = check(problem, &case.input, b"", None);
        if outcome.verdict != Verdict::JudgeError
            || !outcome.message.starts_with("judge input is invalid: line ")
        {
            failures.push(format!("{}: check gave {outcome:?}", case.name));
        }
    }
    assert!(failures.is_empty(), "{problem}:\n{}", failures.join("\n"));
}

#[test]
fn poj3074_malformed() {
    let (p1, p2) = samples::poj3074_puzzles();
    let ok = format!("{p1}\n{p2}\nend\n");
    let with = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut v = ok.clone().into_bytes();
        f(&mut v);
        v
    };
    let mut long = p1.as_bytes().to_vec();
    long.truncate(40);
    run_catalogue(
        Problem::Poj3074,
        vec![
            bad(
                "empty file",
                "",
                1,
                1,
                "expected a puzzle line (81 cells), found end of file",
            ),
            bad(
                "only end",
                "end\n",
                1,
                1,
                "expected at least one puzzle before 'end'",
            ),
            bad(
                "short line",
                format!("{}\nend\n", &p1[..80]),
                1,
                81,
                "expected 81 cells, the line ends after 80",
            ),
            bad(
                "long line",
                format!("{p1}.\nend\n"),
                1,
                82,
                "expected end of line after 81 cells, the line is longer",
            ),
            bad(
                "bad character",
                with(&|v| v[11] = b'x'),
                1,
                12,
                "expected '.' or a digit 1-9, found 'x'",
            ),
            bad(
                "zero digit",
                with(&|v| v[82 + 3] = b'0'),
                2,
                4,
                "expected '.' or a digit 1-9, found '0'",
            ),
            bad(
                "missing end",
                format!("{p1}\n{p2}\n"),
                3,
                1,
                "expected a puzzle line or 'end', found end of file",
            ),
            bad(
                "end without newline",
                format!("{p1}\nend"),
                2,
                4,
                "expected end of line after 'end', found end of file",
            ),
            bad(
                "text after end",
                format!("{p1}\nend\n{p2}\n"),
                3,
                1,
                "expected end of file, found '.'",
            ),
            bad(
                "CRLF",
                format!("{p1}\r\nend\r\n"),
                1,
                82,
                "found a carriage return (CR)",
            ),
            bad(
                "END uppercase",
                format!("{p1}\nEND\n"),
                2,
                1,
                "expected '.' or a digit 1-9, found 'E'",
            ),
            bad(
                "end then space",
                format!("{p1}\nend \n"),
                2,
                4,
                "expected end of line after 'end', found a space",
            ),
            bad(
                "blank line",
                format!("{p1}\n\n{p2}\nend\n"),
                2,
                1,
                "expected 81 cells, the line ends after 0",
            ),
            bad("tab", with(&|v| v[5] = b'\t'), 1, 6, "found a tab"),
            bad(
                "binary garbage",
                vec![0xff, 0x00, 0x13, 0x37, 0x80],
                1,
                1,
                "found byte 0xff",
            ),
            bad("100 MB line", huge_line(b'.'), 1, 82, "the line is longer"),
            bad("truncated mid-line", long, 1, 41, "found end of file"),
            bad(
                "clashing givens in a row",
                format!("11{}\nend\n", &p1[2..]),
                1,
                2,
                "puzzle 1: row 1 has two 1s, at columns 1 and 2",
            ),
            bad(
                "clashing givens in a column",
                with(&|v| v[82] = b'6'),
                2,
                55,
                "puzzle 2: column 1 has two 6s, at rows 1 and 7",
            ),
            bad(
                "utf-8",
                format!("{}é{}\nend\n", &p1[..3], &p1[4..]),
                1,
                4,
                "found byte 0xc3",
            ),
            bad(
                "leading space",
                format!(" {}\nend\n", &p1[1..]),
                1,
                1,
                "found a space",
            ),
            bad(
                "NUL in second puzzle",
                with(&|v| v[82 + 80] = 0),
                2,
                81,
                "found byte 0x00",
            ),
        ],
    );
}

#[test]
fn poj2676_malformed() {
    let g = samples::poj2676_rows();
    let grid = g.join("\n") + "\n";
    let ok = format!("1\n{grid}");
    let with = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut v = ok.clone().into_bytes();
        f(&mut v);
        v
    };
    let mut digits = vec![b'9'; 100 * 1024 * 1024];
    digits.push(b'\n');
    let mut huge_row = format!("1\n{}\n", g[..8].join("\n")).into_bytes();
    huge_row.extend(huge_line(b'1'));
    run_catalogue(
        Problem::Poj2676,
        vec![
            bad(
                "empty file",
                "",
                1,
                1,
                "expected the number of cases T, found end of file",
            ),
            bad(
                "T = 0",
                format!("0\n{grid}"),
                1,
                1,
                "the number of cases T must be 1 to 1000000, found 0",
            ),
            bad(
                "T not a number",
                format!("abc\n{grid}"),
                1,
                1,
                "expected the number of cases T, found 'a'",
            ),
            bad(
                "T leading zero",
                format!("01\n{grid}"),
                1,
                1,
                "expected the number of cases T without leading zeros",
            ),
            bad(
                "T huge",
                format!("99999999999999999999\n{grid}"),
                1,
                1,
                "the number of cases T must be 1 to 1000000, found 99999999999999999999",
            ),
            bad(
                "T = 2, one case",
                format!("2\n{grid}"),
                11,
                1,
                "expected case 2 of 2, found end of file",
            ),
            bad(
                "T = 1, two cases",
                format!("1\n{grid}{grid}"),
                11,
                1,
                "expected end of file, found '1'",
            ),
            bad(
                "short row",
                with(&|v| {
                    v.remove(2 + 10 + 8);
                }),
                3,
                9,
                "expected 9 cells, the line ends after 8",
            ),
            bad(
                "long row",
                with(&|v| v.insert(2 + 9, b'1')),
                2,
                10,
                "the line is longer",
            ),
            bad(
                "dot for empty",
                with(&|v| v[3] = b'.'),
                2,
                2,
                "expected a digit 0-9, found '.'",
            ),
            bad(
                "no newline after T",
                format!("1 {grid}"),
                1,
                2,
                "expected end of line, found a space",
            ),
            bad(
                "CRLF after T",
                format!("1\r\n{grid}"),
                1,
                2,
                "expected end of line, found a carriage return (CR)",
            ),
            bad(
                "truncated case",
                format!("1\n{}\n", g[..5].join("\n")),
                7,
                1,
                "expected a digit 0-9, found end of file",
            ),
            bad(
                "blank line between cases",
                format!("2\n{grid}\n{grid}"),
                11,
                1,
                "expected 9 cells, the line ends after 0",
            ),
            bad(
                "binary garbage",
                vec![0x7f, 0x45, 0x4c, 0x46, 0x02],
                1,
                1,
                "expected the number of cases T, found byte 0x7f",
            ),
            bad(
                "100 MB line in a case",
                huge_row,
                10,
                10,
                "the line is longer",
            ),
            bad(
                "100 MB number",
                digits,
                1,
                1,
                "must be 1 to 1000000, found 99999999999999999999… (104857600 digits)",
            ),
            bad("negative T", format!("-1\n{grid}"), 1, 1, "found '-'"),
            bad(
                "clashing givens",
                with(&|v| v[2 + 1] = b'1'),
                2,
                2,
                "puzzle 1: row 1 has two 1s, at columns 1 and 2",
            ),
            // A later puzzle, a later row: the line counts whole puzzles and rows
            // (cargo-mutants: `index * 9 + row` had survived as `- row` and `* row`).
            bad(
                "clashing givens in row 4 of puzzle 2",
                format!("2\n{grid}{}", grid.replacen("300502006", "330502006", 1)),
                14,
                2,
                "puzzle 2: row 4 has two 3s, at columns 1 and 2",
            ),
            bad(
                "T trailing space",
                format!("1 \n{grid}"),
                1,
                2,
                "expected end of line, found a space",
            ),
            bad(
                "missing final newline",
                &ok.as_bytes()[..ok.len() - 1],
                10,
                10,
                "expected end of line after 9 cells, found end of file",
            ),
            bad(
                "letter in row",
                with(&|v| v[2 + 10 * 8 + 4] = b'A'),
                10,
                5,
                "found 'A'",
            ),
        ],
    );
}

#[test]
fn poj3076_malformed() {
    let s16 = samples::lines("poj3076.in");
    let set = s16.join("\n") + "\n";
    let ok = set.clone();
    let with = |f: &dyn Fn(&mut Vec<u8>)| {
        let mut v = ok.clone().into_bytes();
        f(&mut v);
        v
    };
    let mut huge = s16[..3].join("\n").into_bytes();
    huge.push(b'\n');
    huge.extend(huge_line(b'-'));
    run_catalogue(
        Problem::Poj3076,
        vec![
            bad(
                "empty file",
                "",
                1,
                1,
                "expected a data set (16 lines of 16 cells), found end of file",
            ),
            bad(
                "15 rows",
                s16[..15].join("\n") + "\n",
                16,
                1,
                "expected '-' or a letter A-P, found end of file",
            ),
            bad(
                "short row",
                with(&|v| {
                    v.remove(17 + 3);
                }),
                2,
                16,
                "expected 16 cells, the line ends after 15",
            ),
            bad(
                "long row",
                with(&|v| v.insert(16, b'A')),
                1,
                17,
                "the line is longer",
            ),
            bad(
                "lowercase",
                with(&|v| v[2] = b'a'),
                1,
                3,
                "expected '-' or a letter A-P, found 'a'",
            ),
            bad("Q", with(&|v| v[0] = b'Q'), 1, 1, "found 'Q'"),
            bad("digit", with(&|v| v[1] = b'1'), 1, 2, "found '1'"),
            bad("dot for empty", with(&|v| v[0] = b'.'), 1, 1, "found '.'"),
            bad(
                "two blank lines",
                format!("{set}\n\n{set}"),
                18,
                1,
                "expected 16 cells, the line ends after 0",
            ),
            bad(
                "no blank line",
                format!("{set}{set}"),
                17,
                1,
                "expected an empty line between data sets, or end of file, found '-'",
            ),
            bad(
                "trailing blank line",
                format!("{set}\n"),
                18,
                1,
                "expected a data set after the empty line, found end of file",
            ),
            bad(
                "CRLF",
                set.replace('\n', "\r\n"),
                1,
                17,
                "found a carriage return (CR)",
            ),
            bad(
                "missing final newline",
                &set.as_bytes()[..set.len() - 1],
                16,
                17,
                "found end of file",
            ),
            bad("tab", with(&|v| v[4] = b'\t'), 1, 5, "found a tab"),
            bad(
                "binary garbage",
                vec![0xde, 0xad, 0xbe, 0xef],
                1,
                1,
                "found byte 0xde",
            ),
            bad("100 MB line", huge, 4, 17, "the line is longer"),
            bad(
                "clash in a row",
                with(&|v| v[0] = b'A'),
                1,
                3,
                "puzzle 1: row 1 has two As, at columns 1 and 3",
            ),
            // A later set, a later row: 17 lines per set (16 and the blank).
            bad(
                "clash in row 5 of set 2",
                format!(
                    "{set}\n{}",
                    set.replacen("----E----C--G---", "E---E----C--G---", 1)
                ),
                22,
                5,
                "puzzle 2: row 5 has two Es, at columns 1 and 5",
            ),
            bad(
                "clash in a box",
                with(&|v| v[0] = b'J'),
                2,
                2,
                "puzzle 1: box 1 has two Js, at (1,1) and (2,2)",
            ),
            bad(
                "leading space",
                format!(" {}", &set[1..]),
                1,
                1,
                "found a space",
            ),
            bad(
                "bad cell in second set",
                format!("{set}\n{}", set.replacen("--A", "--@", 1)),
                18,
                3,
                "found '@'",
            ),
            bad(
                "end line",
                format!("{set}end\n"),
                17,
                1,
                "expected an empty line between data sets, or end of file, found 'e'",
            ),
        ],
    );
}

/// The hdu3338 sample's first case, 6x6.
fn hdu3338_first_case() -> String {
    samples::joined(&samples::lines("hdu3338.in")[..7])
}

/// The malformations of the HDU 3338 format, shared by hdu3338 and kakuro.
fn kakuro_format_catalogue() -> Vec<Bad> {
    let k = hdu3338_first_case();
    let line = |n: usize| k.lines().nth(n - 1).unwrap_or_default().to_string();
    let replace_line = |n: usize, new: &str| -> Vec<u8> {
        k.lines()
            .enumerate()
            .map(|(i, l)| {
                if i + 1 == n {
                    format!("{new}\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect::<String>()
            .into_bytes()
    };
    let mut huge = k
        .lines()
        .take(3)
        .map(|l| format!("{l}\n"))
        .collect::<String>()
        .into_bytes();
    huge.extend(b"XXX\\034");
    for _ in 0..(100 * 1024 * 1024 / 8) {
        huge.extend(b" .......");
    }
    huge.push(b'\n');
    vec![
        bad(
            "empty file",
            "",
            1,
            1,
            "expected a case header 'n m', found end of file",
        ),
        bad(
            "n = 101",
            k.replacen("6 6", "101 6", 1),
            1,
            1,
            "the number of rows n must be 2 to 100, found 101",
        ),
        bad(
            "n = 1",
            k.replacen("6 6", "1 6", 1),
            1,
            1,
            "the number of rows n must be 2 to 100, found 1",
        ),
        bad(
            "m = 101",
            k.replacen("6 6", "6 101", 1),
            1,
            3,
            "the number of columns m must be 2 to 100, found 101",
        ),
        bad(
            "double space in header",
            k.replacen("6 6", "6  6", 1),
            1,
            3,
            "expected the number of columns m, found a space",
        ),
        bad(
            "header without m",
            k.replacen("6 6", "6", 1),
            1,
            2,
            "expected a single space between n and m, found end of line",
        ),
        bad(
            "6-character token",
            replace_line(3, &line(3).replacen(".......", "......", 1)),
            3,
            23,
            "expected '.' (a white cell is '.......'), found a space",
        ),
        bad(
            "10-character token",
            replace_line(3, &line(3).replacen(".......", "..........", 1)),
            3,
            24,
            "expected a single space between cells, found '.'",
        ),
        bad(
            "blank line inside the board",
            replace_line(4, ""),
            4,
            1,
            "expected row 3 of 6 (6 cells), found end of line",
        ),
        bad(
            "row ends after a space",
            replace_line(4, &line(4)[..16]),
            4,
            17,
            "expected a cell ('.......', 'XXXXXXX' or a clue 'AAA\\BBB'), found end of line",
        ),
        bad(
            "bad character",
            replace_line(4, &line(4).replacen(".......", "..x....", 1)),
            4,
            11,
            "expected '.' (a white cell is '.......'), found 'x'",
        ),
        bad(
            "2-digit clue",
            replace_line(2, &line(2).replacen("028\\XXX", "28\\XXXX", 1)),
            2,
            19,
            "expected a down clue (3 digits or 'XXX'): a digit, found '\\'",
        ),
        bad(
            "lowercase black",
            replace_line(2, &line(2).replacen("XXXXXXX", "xxxxxxx", 1)),
            2,
            1,
            "expected a cell ('.......', 'XXXXXXX' or a clue 'AAA\\BBB'), found 'x'",
        ),
        bad(
            "slash instead of backslash",
            replace_line(2, &line(2).replacen("028\\XXX", "028/XXX", 1)),
            2,
            20,
            "expected '\\' between the down and right clues, found '/'",
        ),
        bad(
            "clue with no run",
            replace_line(
                2,
                &line(2).replacen("XXXXXXX XXXXXXX 028", "XXXXXXX 005\\XXX 028", 1),
            ),
            2,
            9,
            "down clue 5 has no run (the cell below is not white)",
        ),
        bad(
            "run with no clue",
            replace_line(5, &line(5).replacen("XXX\\014", "XXXXXXX", 1)),
            5,
            9,
            "the across run starting here has no clue in the cell to its left",
        ),
        bad(
            "first row white",
            replace_line(
                2,
                &line(2).replacen("XXXXXXX XXXXXXX", "XXXXXXX .......", 1),
            ),
            2,
            9,
            "the first row and the first column must be black",
        ),
        bad(
            "truncated: missing rows",
            k.lines()
                .take(5)
                .map(|l| format!("{l}\n"))
                .collect::<String>(),
            6,
            1,
            "expected row 5 of 6 (6 cells), found end of file",
        ),
        bad(
            "row with too few cells",
            replace_line(3, &line(3)[..line(3).len() - 8]),
            3,
            40,
            "expected a single space between cells, found end of line",
        ),
        bad(
            "row with too many cells",
            replace_line(3, &format!("{} XXXXXXX", line(3))),
            3,
            48,
            "expected end of line after the last cell of the row, found a space",
        ),
        bad(
            "CRLF",
            k.replace('\n', "\r\n"),
            1,
            4,
            "expected end of line, found a carriage return (CR)",
        ),
        bad(
            "binary garbage",
            vec![0x1f, 0x8b, 0x08, 0x00],
            1,
            1,
            "expected the number of rows n, found byte 0x1f",
        ),
        bad(
            "100 MB line",
            huge,
            4,
            48,
            "expected end of line after the last cell of the row, found a space",
        ),
        bad(
            "trailing space",
            replace_line(2, &format!("{} ", line(2))),
            2,
            48,
            "expected end of line after the last cell of the row, found a space",
        ),
        bad(
            "tab separator",
            replace_line(2, &line(2).replacen(' ', "\t", 1)),
            2,
            8,
            "expected a single space between cells, found a tab",
        ),
        bad(
            "clue 000",
            replace_line(7, &line(7).replacen("XXX\\016", "XXX\\000", 1)),
            7,
            9,
            "across clue 0 is impossible for a run of 2 cells (must be 2 to 18)",
        ),
        bad(
            "clue over 9 x length",
            replace_line(3, &line(3).replacen("010\\XXX", "019\\XXX", 1)),
            3,
            41,
            "down clue 19 is impossible for a run of 2 cells (must be 2 to 18)",
        ),
        bad(
            "totals differ",
            replace_line(7, &line(7).replacen("XXX\\016", "XXX\\015", 1)),
            1,
            1,
            "case 1: across clues total 120 but down clues total 121",
        ),
        bad(
            "second case truncated",
            format!("{k}6 6\n"),
            9,
            1,
            "expected row 1 of 6 (6 cells), found end of file",
        ),
    ]
}

#[test]
fn hdu3338_malformed() {
    run_catalogue(Problem::Hdu3338, kakuro_format_catalogue());
}

#[test]
fn kakuro_malformed() {
    let mut cases = kakuro_format_catalogue();
    let two_by_two =
        "3 3\nXXXXXXX 002\\XXX 002\\XXX\nXXX\\002 ....... .......\nXXX\\002 ....... .......\n";
    cases.push(bad(
        "classic: 2 on two cells",
        two_by_two,
        2,
        9,
        "down clue 2 is impossible for 2 distinct digits (must be 3 to 17)",
    ));
    // One across run of `n` cells with clue `n` (each cell under a down clue 1): too
    // long for distinct digits. 20 cells: the bounds of the message must not underflow
    // (`19 - len` did, a panic in debug builds, before the rule moved to the model).
    let one_long_run = |n: usize| {
        let mut text = format!("2 {}\nXXXXXXX", n + 1);
        text.push_str(&" 001\\XXX".repeat(n));
        text.push_str(&format!("\nXXX\\{n:03}"));
        text.push_str(&" .......".repeat(n));
        text.push('\n');
        text
    };
    // Nine cells: the longest run distinct digits can fill, so the clue's range is
    // named, not the length (cargo-mutants: `len >= 9` said "cannot hold").
    cases.push(bad(
        "classic: run of 9",
        one_long_run(9),
        3,
        1,
        "across clue 9 is impossible for 9 distinct digits (must be 45 to 45)",
    ));
    cases.push(bad(
        "classic: run of 10",
        one_long_run(10),
        3,
        1,
        "across run of 10 cells cannot hold distinct digits 1-9",
    ));
    cases.push(bad(
        "classic: run of 20",
        one_long_run(20),
        3,
        1,
        "across run of 20 cells cannot hold distinct digits 1-9",
    ));
    // The hdu3338 sample's second case: 43 on 7 cells needs a repeat.
    let sample = samples::bytes("hdu3338.in");
    cases.push(bad(
        "classic: 43 on 7 cells",
        sample,
        12,
        1,
        "across clue 43 is impossible for 7 distinct digits (must be 28 to 42)",
    ));
    run_catalogue(Problem::Kakuro, cases);
}

#[test]
fn every_valid_prefix_and_truncation_is_handled() {
    let (p1, p2) = samples::poj3074_puzzles();
    let g = samples::poj2676_rows();
    let s16 = samples::lines("poj3076.in");
    let k = hdu3338_first_case();
    // Truncating a valid input anywhere must give a located error or a valid shorter
    // input, never a panic.
    for (problem, input) in [
        (Problem::Poj3074, format!("{p1}\n{p2}\nend\n")),
        (Problem::Poj2676, format!("1\n{}\n", g.join("\n"))),
        (Problem::Poj3076, s16.join("\n") + "\n"),
        (Problem::Hdu3338, k.to_string()),
        (
            Problem::Kakuro,
            k.lines().take(7).map(|l| format!("{l}\n")).collect(),
        ),
    ] {
        let bytes = input.as_bytes();
        format::validate_input(problem, bytes).unwrap_or_else(|e| panic!("{problem}: {e}"));
        for cut in 0..bytes.len() {
            if let Err(e) = format::validate_input(problem, &bytes[..cut]) {
                assert!(e.line >= 1 && e.col >= 1, "{problem} cut at {cut}: {e}");
            }
        }
    }
}
