//! Every subcommand's `--help`, walked: each prints, names no raw documentation
//! placeholder (`[`NAME`]`), gives every numeric option a unit, and uses each option
//! name with one meaning across commands (`--format` is always a report format, `--out`
//! always where results go, `-o` always `--out`). And the same mistake gets the same
//! exit code in every command that can make it.

use std::collections::BTreeMap;
use std::process::{Command, Output};

fn gridjudge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap()
}

/// Every subcommand path (`judge`, `gen sudoku`, …), from the top-level help down.
fn subcommands() -> Vec<Vec<String>> {
    fn listed(help: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut inside = false;
        for line in help.lines() {
            if line.starts_with("Commands:") {
                inside = true;
                continue;
            }
            if inside {
                let Some(word) = line
                    .strip_prefix("  ")
                    .and_then(|l| l.split_whitespace().next())
                else {
                    break;
                };
                if word != "help" {
                    out.push(word.to_string());
                }
            }
        }
        out
    }
    let mut all = Vec::new();
    let top = String::from_utf8(gridjudge(&["--help"]).stdout).unwrap();
    for sub in listed(&top) {
        let help = String::from_utf8(gridjudge(&[&sub, "--help"]).stdout).unwrap();
        let nested = listed(&help);
        all.push(vec![sub.clone()]);
        for n in nested {
            all.push(vec![sub.clone(), n]);
        }
    }
    all
}

#[test]
fn every_help_prints_with_units_and_one_meaning_per_option() {
    let subs = subcommands();
    assert!(subs.len() >= 12, "{subs:?}");
    // Option name -> (the first command using it, its description's first words).
    let mut meanings: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for sub in &subs {
        let mut args: Vec<&str> = sub.iter().map(String::as_str).collect();
        args.push("--help");
        let out = gridjudge(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let help = String::from_utf8(out.stdout).unwrap();
        assert!(
            !help.contains("[`"),
            "{args:?}: a raw doc placeholder:\n{help}"
        );
        let lines: Vec<&str> = help.lines().collect();
        for (k, line) in lines.iter().enumerate() {
            let t = line.trim_start();
            if !t.starts_with('-') {
                continue;
            }
            let Some(long) = t
                .split(|c: char| c == ',' || c.is_whitespace())
                .find(|w| w.starts_with("--"))
            else {
                continue;
            };
            if t.starts_with("-o") {
                assert_eq!(long, "--out", "{args:?}: -o is always --out");
            }
            // A value named like a bare placeholder of its option (`<SHRINK_TIME>`) has
            // no unit; seconds are `<SECONDS>`.
            let upper = long
                .trim_start_matches("--")
                .replace('-', "_")
                .to_uppercase();
            if upper.contains("TIME") || upper.contains("DURATION") {
                assert!(
                    !t.contains(&format!("<{upper}>")) && !t.contains("<SECS>"),
                    "{args:?}: {t}: give the unit (SECONDS)"
                );
            }
            // The description: on the same line after two spaces (the compact layout),
            // else on the next line.
            let same_line = t
                .split_once("  ")
                .map(|(_, rest)| rest.trim())
                .unwrap_or("");
            let about = if same_line.is_empty() {
                lines.get(k + 1).map(|l| l.trim()).unwrap_or_default()
            } else {
                same_line
            }
            .to_lowercase();
            meanings
                .entry(long.to_string())
                .or_default()
                .push((sub.join(" "), about));
        }
    }
    for (sub, about) in &meanings["--format"] {
        assert!(
            about.contains("report format"),
            "`{sub} --format` is not a report format: {about}"
        );
    }
    for (sub, about) in meanings.get("--out").into_iter().flatten() {
        assert!(
            about.contains("write") || about.contains("save"),
            "`{sub} --out` does not say where output goes: {about}"
        );
    }
}

#[test]
fn the_same_mistake_has_the_same_code_everywhere() {
    let cases = format!("{}/tests/fixtures/judge/cases", env!("CARGO_MANIFEST_DIR"));
    let tmp = tempfile::tempdir().unwrap();
    let java = tmp.path().join("Main.kotlinscript");
    std::fs::write(&java, "x").unwrap();
    let src = java.to_str().unwrap();
    // A source in a language gridjudge does not compile: 64, with the same words.
    for args in [
        vec!["judge", "poj3074", "--cases", &cases, "--source", src],
        vec!["stress", "poj3074", "--cases", &cases, "--source", src],
    ] {
        let out = gridjudge(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(64), "{args:?}: {err}");
        assert!(
            err.contains("unsupported language (--source takes"),
            "{args:?}: {err}"
        );
    }
    // A generator request that cannot be met: 64 in gen and in stress.
    let out = gridjudge(&["gen", "sudoku", "--clues", "5", "--count", "1"]);
    assert_eq!(
        out.status.code(),
        Some(64),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = gridjudge(&[
        "stress",
        "poj3074",
        "--cases",
        &cases,
        "--iterations",
        "1",
        "--out",
        tmp.path().join("o").to_str().unwrap(),
        "--gen",
        "sudoku --clues 5 --count 1",
        "--",
        "/bin/cat",
    ]);
    assert_eq!(
        out.status.code(),
        Some(64),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A solver that cannot count is not offered by count.
    let input = format!(
        "{}/tests/data/samples/poj3074.in",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = gridjudge(&["count", "poj3074", "--solver", "flow", &input]);
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("possible values: dlx, dfs, search"));
}

/// The options of `sub` (its `Options:` lines' long names).
fn options_of(help: &str) -> Vec<String> {
    help.lines()
        .map(str::trim_start)
        .filter(|t| t.starts_with('-'))
        .filter_map(|t| {
            t.split(|c: char| c == ',' || c.is_whitespace())
                .find(|w| w.starts_with("--"))
                .map(|w| w.split(['=', '[']).next().unwrap_or(w).to_string())
        })
        .collect()
}

/// Help that tells the truth: every `--option` a command's help names in its text is
/// one of that command's options (a mention of another command's option names the
/// command: `verify-submissions … --time-limit`), and `judge --source` lists every
/// source extension of the language table.
#[test]
fn every_option_a_help_names_exists_and_judge_lists_every_language() {
    for sub in subcommands() {
        let mut args: Vec<&str> = sub.iter().map(String::as_str).collect();
        args.push("--help");
        let help = String::from_utf8(gridjudge(&args).stdout).unwrap();
        let own = options_of(&help);
        for line in help.lines() {
            let t = line.trim_start();
            // The option lines themselves, and text that names another command.
            if t.starts_with('-')
                || [
                    "verify-submissions",
                    "gen ",
                    "judge ",
                    "stress",
                    "report merge",
                    "export",
                    "generate",
                    "cargo ",
                ]
                .iter()
                .any(|c| t.contains(c))
            {
                continue;
            }
            for (k, _) in t.match_indices("--") {
                let name: String = t[k + 2..]
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '-')
                    .collect();
                if name.is_empty() {
                    continue;
                }
                let option = format!("--{}", name.trim_end_matches('-'));
                assert!(
                    own.contains(&option),
                    "`{}` help names {option}, which it does not take: {t}",
                    sub.join(" ")
                );
            }
        }
    }
    let help = String::from_utf8(gridjudge(&["judge", "--help"]).stdout).unwrap();
    let source = help
        .split("--source <SOURCE>")
        .nth(1)
        .and_then(|rest| rest.split("\n\n").next())
        .unwrap_or_else(|| panic!("{help}"));
    for lang in gridjudge::judge::language::LANGUAGES {
        assert!(
            lang.extensions
                .iter()
                .any(|e| source.contains(&format!(".{e}"))),
            "judge --source does not list {} ({:?}): {source}",
            lang.name,
            lang.extensions
        );
    }
}

/// `-j` means something of its own in each command that takes it, and each command's
/// help says what it runs in parallel, not what another command does.
#[test]
fn each_commands_jobs_help_says_what_it_runs_in_parallel() {
    for (command, says) in [
        ("judge", "cases in parallel"),
        ("verify-submissions", "submissions at a time"),
        ("verify", "validator runs at a time"),
        ("stress", "iterations at a time"),
    ] {
        let help = String::from_utf8(gridjudge(&[command, "--help"]).stdout).unwrap();
        let jobs = help
            .split("--jobs <JOBS>")
            .nth(1)
            .and_then(|rest| rest.split("\n\n").next())
            .unwrap_or_else(|| panic!("{command}: no --jobs: {help}"));
        let jobs = jobs.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(jobs.contains(says), "{command} -j: {jobs}");
        for other in ["verify-submissions", "`verify`", "stress"] {
            assert!(!jobs.contains(other), "{command} -j names {other}: {jobs}");
        }
    }
}
