//! README.md's commands, tried: every line of its five-minute tour runs, in order, in
//! an empty folder with this build's `gridjudge` first on `PATH`, and must exit with the
//! code the README gives it (`# exit N` at the end of the line, else 0). The only other
//! commands in README are its two commands (`cargo run --release -- judge --all
//! --reference` and `cargo test`), which `.ci/run` runs as its main job and test step.
//! And the man pages: `gridjudge man --out DIR` writes a page for every command that a
//! page names, each with the exit codes.

use std::path::Path;
use std::process::Command;

fn readme() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap()
}

/// The `sh` blocks of README, each with the heading of the section it is in.
fn sh_blocks(text: &str) -> Vec<(String, Vec<String>)> {
    let mut blocks = Vec::new();
    let mut section = String::new();
    let mut current: Option<Vec<String>> = None;
    for line in text.lines() {
        match &mut current {
            Some(lines) if line.starts_with("```") => {
                blocks.push((section.clone(), std::mem::take(lines)));
                current = None;
            }
            Some(lines) => lines.push(line.to_string()),
            None if line.starts_with("```sh") => current = Some(Vec::new()),
            None if line.starts_with("## ") => section = line.to_string(),
            None => {}
        }
    }
    blocks
}

/// The exit code a line of the tour states (`# exit N`), and the command before it.
fn expected_exit(line: &str) -> (String, i32) {
    match line.rsplit_once("# exit ") {
        Some((command, code)) => (
            command.trim_end().to_string(),
            code.trim().parse().expect("`# exit N` names a number"),
        ),
        None => (line.to_string(), 0),
    }
}

#[test]
fn every_command_of_the_tour_runs_with_the_exit_code_the_readme_gives() {
    let _machine = crate::support::machine::shared();
    let text = readme();
    let blocks = sh_blocks(&text);
    let tour: Vec<&String> = blocks
        .iter()
        .filter(|(section, _)| section.starts_with("## A five-minute tour"))
        .flat_map(|(_, lines)| lines)
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .collect();
    assert!(tour.len() >= 15, "the tour has its commands: {tour:?}");
    // Every other command of README is one of the two commands CI runs itself.
    for (section, lines) in &blocks {
        if section.starts_with("## A five-minute tour") {
            continue;
        }
        for line in lines
            .iter()
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        {
            assert!(
                ["cargo run --release -- judge --all --reference", "cargo test"].contains(&line.trim()),
                "{section}: `{line}` is neither in the tour (run here) nor one of the two commands (run by .ci/run)"
            );
        }
    }
    let bin = Path::new(env!("CARGO_BIN_EXE_gridjudge"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let dir = tempfile::tempdir().unwrap();
    for line in tour {
        let (command, code) = expected_exit(line);
        let out = Command::new("bash")
            .args(["-c", &command])
            .env("PATH", &path)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(code),
            "README: `{line}`\nstdout: {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        // A newcomer's first hour prints no warning: the tour's own data is as a
        // demanding checker wants it.
        let stderr = String::from_utf8_lossy(&out.stderr).to_lowercase();
        assert!(
            !stderr.contains("warning"),
            "README: `{line}` warns:\n{stderr}"
        );
    }
    // What the tour says it leaves behind.
    for file in [
        "three.out",
        "report.json",
        "mysudoku.xml",
        "found/reproduce.sh",
        "all.xml",
        "all.html",
        "exported/poj2676/problem.yaml",
    ] {
        assert!(dir.path().join(file).is_file(), "the tour writes {file}");
    }
}

#[test]
fn every_man_page_a_page_names_exists_with_the_exit_codes() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["man", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pages: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(pages.len() >= 15, "{pages:?}");
    for page in &pages {
        let text = std::fs::read_to_string(dir.path().join(page)).unwrap();
        assert!(
            text.contains(".SH \"EXIT STATUS\"") && text.contains("\\fB64\\fR"),
            "{page}"
        );
        // Every page a page points to (`gridjudge-judge(1)`) was written.
        for (i, _) in text.match_indices("(1)") {
            let start = text[..i]
                .rfind(|c: char| c.is_whitespace() || c == '"')
                .map_or(0, |s| s + 1);
            let name = text[start..i].replace("\\-", "-");
            if name.starts_with("gridjudge") {
                assert!(
                    pages.contains(&format!("{name}.1")),
                    "{page} names {name}(1), which is missing"
                );
            }
        }
    }
    let one = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["man", "gen", "sudoku"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&one.stdout).contains("gridjudge\\-gen\\-sudoku"));
    let bad = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["man", "nosuch"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(64));
}
