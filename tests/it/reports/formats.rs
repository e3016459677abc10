//! The report formats as the commands offer them: every command that writes a report has
//! `--format NAME` and `--NAME FILE` for exactly the formats of the library's list that
//! write its document, and a side file holds the same document as stdout.

use gridjudge::document::gate::GateReport;
use gridjudge::document::submissions::VerifyReport;
use gridjudge::report::formats::{Formattable, FORMATS};
use gridjudge::report::Session;
use std::process::{Command, Output};

fn gridjudge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .output()
        .expect("run gridjudge")
}

/// The `--NAME` of `help` that are side files (`--NAME <FILE>`), in order.
fn side_files(help: &str) -> Vec<String> {
    help.lines()
        .filter_map(|l| l.trim().strip_prefix("--"))
        .filter_map(|l| l.strip_suffix(" <FILE>").map(str::to_string))
        .filter(|name| FORMATS.iter().any(|f| f.name == name))
        .collect()
}

/// The names of the formats offered as side files of `D`.
fn offered<D: Formattable>() -> Vec<String> {
    FORMATS
        .iter()
        .filter(|f| matches!(D::writes(f), Some(Some(_))))
        .map(|f| f.name.to_string())
        .collect()
}

#[test]
fn each_command_offers_the_side_files_of_the_formats_that_write_its_report() {
    let merged: Vec<String> = offered::<Session>()
        .into_iter()
        .filter(|n| offered::<VerifyReport>().contains(n) && offered::<GateReport>().contains(n))
        .collect();
    for (command, want) in [
        (vec!["judge"], offered::<Session>()),
        (vec!["verify-submissions"], offered::<VerifyReport>()),
        (vec!["verify"], offered::<GateReport>()),
        (vec!["report", "merge"], merged),
    ] {
        let mut args = command.clone();
        args.push("--help");
        let out = gridjudge(&args);
        assert_eq!(out.status.code(), Some(0), "{command:?}");
        let help = String::from_utf8(out.stdout).unwrap();
        assert_eq!(side_files(&help), want, "{command:?}:\n{help}");
        assert!(want.iter().any(|n| n == "junit"), "{command:?}");
    }
    assert_eq!(
        offered::<Session>(),
        ["json", "junit", "html", "bmf", "gab"]
    );
}

#[test]
fn a_side_file_holds_the_document_printed_on_stdout() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("run.json");
    let junit = dir.path().join("run.xml");
    let out = gridjudge(&[
        "judge",
        "poj3074",
        "--case",
        "sample/1",
        "--reference",
        "--format",
        "json",
        "--json",
        json.to_str().unwrap(),
        "--junit",
        junit.to_str().unwrap(),
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = std::fs::read(&json).unwrap();
    assert_eq!(file, out.stdout, "--json FILE differs from --format json");
    let doc: serde_json::Value = serde_json::from_slice(&file).unwrap();
    assert_eq!(doc["problems"][0]["cases"][0]["verdict"], "AC");
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("<testsuite name=\"poj3074\""), "{xml}");

    // A format that does not write the command's report is a usage error, with the list.
    let out = gridjudge(&["verify-submissions", "poj3074", "--format", "bmf"]);
    assert_eq!(out.status.code(), Some(64), "a usage error");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("[possible values: table, json]"), "{err}");
}
