//! Snapshot tests of the input validator's error messages:
//! `gridjudge validate PROBLEM -` on a catalogue of malformed inputs per
//! problem, one snapshot per problem in the top-level `snapshots/`, each entry with the
//! exit code and the exact stderr. (`tests/it/formats/malformed_inputs.rs` asserts line, column and
//! message for a larger catalogue; this one shows what a user actually sees.)

use crate::support;

use std::io::Write;
use std::process::{Command, Stdio};
use support::samples;

fn snapshot(name: &str, text: &str) {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
    s.set_prepend_module_to_snapshot(false);
    s.bind(|| insta::assert_snapshot!(name, text));
}

/// Runs `gridjudge validate PROBLEM -` with `input` on stdin.
fn validate(problem: &str, input: &[u8]) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["validate", problem, "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let data = input.to_vec();
    // Write on a thread: the validator may stop reading early.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    let _ = writer.join();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn catalogue(problem: &str, cases: &[(&str, Vec<u8>)]) -> String {
    let mut text = String::new();
    for (name, input) in cases {
        let (code, stderr) = validate(problem, input);
        text.push_str(&format!("### {name}\nexit {code}\n{stderr}\n"));
    }
    text
}

fn v(s: impl AsRef<[u8]>) -> Vec<u8> {
    s.as_ref().to_vec()
}

#[test]
fn validate_errors_poj3074() {
    let (p1, p2) = samples::poj3074_puzzles();
    let ok = format!("{p1}\n{p2}\nend\n");
    let mut bad_char = v(&ok);
    bad_char[11] = b'x';
    let cases = [
        ("valid input (for reference)", v(&ok)),
        ("empty file", v("")),
        ("only end", v("end\n")),
        ("short line", v(format!("{}\nend\n", &p1[..80]))),
        ("long line", v(format!("{p1}.\nend\n"))),
        ("bad character", bad_char),
        ("missing end", v(format!("{p1}\n{p2}\n"))),
        ("CRLF line ends", v(format!("{p1}\r\nend\r\n"))),
        ("text after end", v(format!("{p1}\nend\n{p2}\n"))),
        ("clashing givens", v(format!("11{}\nend\n", &p1[2..]))),
        ("binary garbage", vec![0xff, 0x00, 0x13, 0x37]),
    ];
    snapshot("validate_errors_poj3074", &catalogue("poj3074", &cases));
}

#[test]
fn validate_errors_poj2676() {
    let g2676 = samples::joined(&samples::poj2676_rows());
    let cases = [
        ("valid input (for reference)", v(format!("1\n{g2676}"))),
        ("empty file", v("")),
        ("count zero", v(format!("0\n{g2676}"))),
        ("count larger than the cases", v(format!("2\n{g2676}"))),
        ("negative count", v(format!("-1\n{g2676}"))),
        (
            "dot instead of 0",
            v(format!("1\n{}", g2676.replacen('0', ".", 1))),
        ),
        (
            "row of 10 digits",
            v(format!(
                "1\n{}",
                g2676.replacen("103000509\n", "1030005090\n", 1)
            )),
        ),
        ("8 rows", v(format!("1\n{}", &g2676[..80]))),
        (
            "clashing givens",
            v(format!("1\n{}", g2676.replacen("103", "113", 1))),
        ),
        (
            "trailing space",
            v(format!("1\n{}", g2676.replacen('\n', " \n", 1))),
        ),
    ];
    snapshot("validate_errors_poj2676", &catalogue("poj2676", &cases));
}

fn grid16() -> String {
    // The poj3076 sample.
    samples::joined(&samples::lines("poj3076.in"))
}

#[test]
fn validate_errors_poj3076() {
    let g = grid16();
    let cases = [
        ("valid input (for reference)", v(&g)),
        ("empty file", v("")),
        ("two sets without the empty line", v(format!("{g}{g}"))),
        ("two empty lines between sets", v(format!("{g}\n\n{g}"))),
        ("lowercase letter", v(g.replacen('A', "a", 1))),
        ("letter Q", v(g.replacen('A', "Q", 1))),
        ("15 lines", v(&g[..15 * 17])),
        ("line of 17", v(g.replacen('\n', "-\n", 1))),
        ("clashing givens", v(g.replacen("--A-", "A-A-", 1))),
    ];
    snapshot("validate_errors_poj3076", &catalogue("poj3076", &cases));
}

const K: &str =
    "3 3\nXXXXXXX 003\\XXX 004\\XXX\nXXX\\003 ....... .......\nXXX\\004 ....... .......\n";

fn kakuro_cases() -> Vec<(&'static str, Vec<u8>)> {
    vec![
        ("valid input (for reference)", v(K)),
        ("empty file", v("")),
        ("n too small", v(K.replacen("3 3", "1 3", 1))),
        ("n too large", v(K.replacen("3 3", "101 3", 1))),
        (
            "token of 10 dots",
            v(K.replacen(".......", "..........", 1)),
        ),
        (
            "token of 6 dots",
            v(K.replacen("....... .......", "...... .......", 1)),
        ),
        (
            "token XXXXXXXXXX",
            v(K.replacen("XXXXXXX", "XXXXXXXXXX", 1)),
        ),
        (
            "clue of 4 digits",
            v(K.replacen("003\\XXX", "0003\\XXX", 1)),
        ),
        (
            "two spaces between cells",
            v(K.replacen("XXXXXXX ", "XXXXXXX  ", 1)),
        ),
        (
            "white cell in the first column",
            v(K.replacen("XXX\\003 ", "....... ", 1)),
        ),
        (
            "run without a clue",
            v(K.replacen("XXX\\004", "XXXXXXX", 1)),
        ),
        (
            "clue without a run",
            v("2 2\nXXXXXXX 005\\XXX\nXXXXXXX XXXXXXX\n"),
        ),
        (
            "clue too large for its run",
            v(K.replacen("003\\XXX", "019\\XXX", 1)
                .replacen("XXX\\003", "XXX\\019", 1)),
        ),
        ("totals differ", v(K.replacen("003\\XXX", "005\\XXX", 1))),
        ("missing row", v(K.rsplit_once("XXX\\004").unwrap().0)),
    ]
}

#[test]
fn validate_errors_hdu3338() {
    let mut cases = kakuro_cases();
    cases.push(("a run of 10 (fine for the extension)", v(long_run())));
    snapshot("validate_errors_hdu3338", &catalogue("hdu3338", &cases));
}

#[test]
fn validate_errors_kakuro() {
    let mut cases = kakuro_cases();
    cases.push(("a run of 10 (classic: too long)", v(long_run())));
    cases.push((
        "repeated digits needed (clue 2 over 2 cells)",
        v("3 3\nXXXXXXX 002\\XXX 002\\XXX\nXXX\\002 ....... .......\nXXX\\002 ....... .......\n"),
    ));
    snapshot("validate_errors_kakuro", &catalogue("kakuro", &cases));
}

/// A 2x11 board with one across run of 10 cells, all ones (down runs of length 1).
fn long_run() -> String {
    let mut top = vec!["XXXXXXX".to_string()];
    top.extend(std::iter::repeat_n("001\\XXX".to_string(), 10));
    let mut row = vec!["XXX\\010".to_string()];
    row.extend(std::iter::repeat_n(".......".to_string(), 10));
    format!("2 11\n{}\n{}\n", top.join(" "), row.join(" "))
}
