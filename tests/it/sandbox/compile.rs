//! Compilation in the sandbox: every hostile compile probe (the example submissions in
//! `judge-cases/poj3074/submissions/compile_error/` and `wrong_answer/compile_time_env.rs`)
//! gets CE or its honest verdict, nothing secret reaches a message or a report, the
//! compiler bombs end at a compile limit within seconds, and the compiled program lives
//! in a private folder while the build folder and the source copy are gone.
//!
//! Each probe has a control showing that it works unconfined (the same source built by
//! the system compiler run directly), so a pass is not a probe that never could have
//! leaked. The bombs run under small limits ([`CompileLimits`]) to end in a few seconds.
//! These tests need root (the compile uid, `/etc/shadow`): they assert it.

use crate::support;

use gridjudge::judge::compile::{CompileLimits, Compiler};
use gridjudge::Verdict;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn launcher() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_gridjudge"))
}

fn problem() -> PathBuf {
    repo().join("judge-cases/poj3074")
}

fn submission(path: &str) -> PathBuf {
    problem().join("submissions").join(path)
}

fn assert_root() {
    let root = gridjudge::sandbox::is_root();
    assert!(
        root,
        "these tests check the compile uid and /etc/shadow: run them as root"
    );
}

/// Every `.ans` of poj3074 with its `.in` (sample first, then secret, by name).
fn cases() -> Vec<(PathBuf, PathBuf)> {
    let mut out = Vec::new();
    for group in ["sample", "secret"] {
        let mut names: Vec<PathBuf> = std::fs::read_dir(problem().join("data").join(group))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "ans"))
            .collect();
        names.sort();
        out.extend(names.into_iter().map(|a| (a.with_extension("in"), a)));
    }
    assert_eq!(out.len(), 9, "poj3074 has 1 sample and 8 secret cases");
    out
}

/// The lines of the jury answers (each a full solved grid row set of 81 digits).
fn answer_lines() -> Vec<String> {
    cases()
        .iter()
        .flat_map(|(_, a)| {
            std::fs::read_to_string(a)
                .unwrap()
                .lines()
                .filter(|l| l.len() >= 20)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The non-empty lines of `/etc/shadow` (readable: we are root).
fn shadow_lines() -> Vec<String> {
    let text = std::fs::read_to_string("/etc/shadow").expect("read /etc/shadow as root");
    let lines: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    assert!(!lines.is_empty(), "/etc/shadow has no lines to look for");
    lines
}

fn assert_leaks_nothing(what: &str, text: &str, secrets: &[String]) {
    for s in secrets {
        assert!(
            !text.contains(s.as_str()),
            "{what} contains the secret line {s:?}:\n{text}"
        );
    }
}

/// A C source embedding every input and answer of poj3074 by absolute path with
/// `.incbin`, printing the answer whose input matches stdin.
fn incbin_source() -> String {
    let mut src = String::from("#include <stdio.h>\n#include <string.h>\n");
    let mut names = Vec::new();
    for (k, (input, answer)) in cases().iter().enumerate() {
        for (sym, file) in [(format!("in{k}"), input), (format!("ans{k}"), answer)] {
            src.push_str(&format!(
                "__asm__(\".section .rodata\\n.global {sym}\\n{sym}:\\n.incbin \\\"{}\\\"\\n.byte 0\\n.previous\\n\");\nextern const char {sym}[];\n",
                file.display()
            ));
        }
        names.push(k);
    }
    let list = |p: &str| {
        names
            .iter()
            .map(|k| format!("{p}{k}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    src.push_str(&format!(
        "static char input[1 << 22];\nint main(void) {{\n  const char *ins[] = {{{}}};\n  const char *ans[] = {{{}}};\n  size_t n = fread(input, 1, sizeof input - 1, stdin); input[n] = 0;\n  for (unsigned i = 0; i < sizeof ins / sizeof *ins; i++) if (!strcmp(input, ins[i])) {{ fputs(ans[i], stdout); return 0; }}\n  return 0;\n}}\n",
        list("in"),
        list("ans")
    ));
    src
}

/// Builds `source` with the system compiler run directly (the control: what an
/// unconfined compile does), returning the executable.
fn unconfined_build(dir: &Path, compiler: &str, args: &[&str], source: &Path) -> PathBuf {
    let exe = dir.join("control");
    let out = Command::new(compiler)
        .args(args)
        .arg("-o")
        .arg(&exe)
        .arg(source)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "the unconfined control build failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn compile_failure(compiler: &Compiler, source: &Path) -> (Verdict, String) {
    match compiler.compile(source) {
        Ok(p) => panic!("{} compiled: {}", source.display(), p.path.display()),
        Err(f) => (f.verdict, f.message),
    }
}

#[test]
fn incbin_of_the_jury_answers_is_a_compile_error() {
    let _machine = support::machine::shared();
    assert_root();
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("incbin.c");
    std::fs::write(&source, incbin_source()).unwrap();

    // Control: built unconfined, the program answers every case from the embedded files.
    let exe = unconfined_build(dir.path(), "gcc", &["-O2", "-std=c11"], &source);
    for (input, answer) in cases() {
        let out = Command::new(&exe)
            .stdin(std::fs::File::open(&input).unwrap())
            .output()
            .unwrap();
        assert_eq!(
            out.stdout,
            std::fs::read(&answer).unwrap(),
            "control on {input:?}"
        );
    }

    // Confined, hidden problem folder or not: CE, quoting none of the answers.
    let secrets = answer_lines();
    for compiler in [
        Compiler::new(&launcher()),
        Compiler::new(&launcher()).hiding([problem()]),
    ] {
        let (verdict, message) = compile_failure(&compiler, &source);
        assert_eq!(verdict, Verdict::CompileError, "{message}");
        assert!(
            message.contains(".incbin")
                || message.contains("file not found")
                || message.contains("Permission denied"),
            "{message}"
        );
        assert_leaks_nothing("the CE message", &message, &secrets);
    }

    // The example submission (a guessed checkout path) is CE through the judge too.
    let out = Command::new(launcher())
        .args(["judge", "poj3074", "--format", "json", "--cases"])
        .arg(repo().join("judge-cases"))
        .arg("--source")
        .arg(submission("compile_error/incbin_answers.c"))
        .output()
        .unwrap();
    let json = String::from_utf8_lossy(&out.stdout);
    assert!(json.contains("\"CE\""), "{json}");
    assert_leaks_nothing("the JSON report", &json, &secrets);
}

#[test]
fn include_of_etc_shadow_and_of_an_answer_leaks_nothing_into_any_report() {
    let _machine = support::machine::shared();
    assert_root();
    let dir = tempfile::tempdir().unwrap();
    let mut secrets = shadow_lines();
    secrets.extend(answer_lines());

    // Control: an unconfined compiler quotes the file in its message.
    let shadow = dir.path().join("shadow.c");
    std::fs::write(
        &shadow,
        "#include \"/etc/shadow\"\nint main(void) { return 0; }\n",
    )
    .unwrap();
    let control = Command::new("gcc")
        .args(["-fsyntax-only", "-std=c11"])
        .arg(&shadow)
        .output()
        .unwrap();
    let quoted = String::from_utf8_lossy(&control.stderr);
    assert!(
        shadow_lines().iter().any(|l| quoted.contains(l.as_str())),
        "the control compile does not quote /etc/shadow: {quoted}"
    );

    let answer = dir.path().join("answer.c");
    std::fs::write(
        &answer,
        format!(
            "#include \"{}\"\nint main(void) {{ return 0; }}\n",
            cases()[1].1.display()
        ),
    )
    .unwrap();
    let example = submission("compile_error/include_secrets.c");
    for source in [&shadow, &answer, &example] {
        let junit = dir.path().join("report.xml");
        let html = dir.path().join("report.html");
        let json = Command::new(launcher())
            .args(["judge", "poj3074", "--format", "json", "--cases"])
            .arg(repo().join("judge-cases"))
            .arg("--source")
            .arg(source)
            .arg("--junit")
            .arg(&junit)
            .arg("--html")
            .arg(&html)
            .output()
            .unwrap();
        let table = Command::new(launcher())
            .args(["judge", "poj3074", "--cases"])
            .arg(repo().join("judge-cases"))
            .arg("--source")
            .arg(source)
            .output()
            .unwrap();
        let json_text = String::from_utf8_lossy(&json.stdout).into_owned();
        let doc: serde_json::Value = serde_json::from_str(&json_text).unwrap();
        let problem = &doc["problems"][0];
        assert_eq!(problem["failure"]["verdict"], "CE", "{json_text}");
        let message = problem["failure"]["message"].as_str().unwrap_or_default();
        assert!(
            message.contains("Permission denied") || message.contains("No such file"),
            "{message}"
        );
        let reports = [
            ("the JSON report", json_text.clone()),
            ("stderr", String::from_utf8_lossy(&json.stderr).into_owned()),
            (
                "the table",
                String::from_utf8_lossy(&table.stdout).into_owned(),
            ),
            ("the JUnit report", std::fs::read_to_string(&junit).unwrap()),
            ("the HTML report", std::fs::read_to_string(&html).unwrap()),
        ];
        for (what, text) in &reports {
            assert_leaks_nothing(what, text, &secrets);
        }
    }
}

/// Limits small enough for a bomb to end in a few seconds.
fn small_limits() -> CompileLimits {
    CompileLimits {
        cpu: Duration::from_secs(5),
        wall: Duration::from_secs(10),
        memory_bytes: 128 << 20,
        ..CompileLimits::default()
    }
}

fn assert_bomb_ends_at_a_limit(source: &Path) {
    let limits = small_limits();
    let compiler = Compiler::new(&launcher()).with_limits(limits);
    let start = Instant::now();
    let (verdict, message) = compile_failure(&compiler, source);
    let took = start.elapsed();
    assert_eq!(verdict, Verdict::CompileError, "{message}");
    let first = message.lines().next().unwrap_or_default();
    assert!(
        [
            "compilation exceeded the memory limit of 128 MiB",
            "compilation exceeded the CPU limit of 5 s",
            "compilation exceeded the wall-time limit of 10 s",
        ]
        .contains(&first),
        "{message}"
    );
    assert!(took < limits.wall + Duration::from_secs(5), "took {took:?}");
}

#[test]
fn include_of_dev_zero_ends_at_a_compile_limit() {
    let _machine = support::machine::shared();
    assert_bomb_ends_at_a_limit(&submission("compile_error/include_dev_zero.c"));
}

#[test]
fn template_explosion_ends_at_a_compile_limit() {
    let _machine = support::machine::shared();
    assert_bomb_ends_at_a_limit(&submission("compile_error/template_explosion.cpp"));
}

/// A Rust source that declares itself a library makes rustc write an archive as
/// `main`: a compile error for the submission, not a judge error at every run.
#[test]
fn a_library_crate_is_a_compile_error_not_a_judge_error() {
    let _machine = support::machine::shared();
    let compiler = Compiler::new(&launcher());
    let (verdict, message) =
        compile_failure(&compiler, &submission("compile_error/crate_type_lib.rs"));
    assert_eq!(verdict, Verdict::CompileError, "{message}");
    assert!(
        message
            .starts_with("rustc wrote no executable program (an ELF file) but a library archive"),
        "{message}"
    );
}

#[test]
fn the_compiler_sees_nothing_of_the_judges_environment() {
    let _machine = support::machine::shared();
    let example = submission("wrong_answer/compile_time_env.rs");
    // Control: compiled with the judge's environment (and the secret), the program
    // knows and exits 3.
    let dir = tempfile::tempdir().unwrap();
    let exe = dir.path().join("control");
    let out = Command::new("rustc")
        .args(["--edition", "2021", "-o"])
        .arg(&exe)
        .arg(&example)
        .env("GRIDJUDGE_SECRET", "hunter2")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(Command::new(&exe).status().unwrap().code(), Some(3));

    // Through the judge, with the secret in the judge's environment: WA (it saw nothing).
    let out = Command::new(launcher())
        .args([
            "judge", "poj3074", "--case", "sample/1", "--format", "json", "--cases",
        ])
        .arg(repo().join("judge-cases"))
        .arg("--source")
        .arg(&example)
        .env("GRIDJUDGE_SECRET", "hunter2")
        .output()
        .unwrap();
    let json = String::from_utf8_lossy(&out.stdout);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["problems"][0]["cases"][0]["verdict"], "WA", "{json}");
}

/// A compile's mount table names no folder of the judge: its working folder is a
/// detached copy at `/box` (`/ /box … - tmpfs`), not the judge's build folder. The
/// program embeds the table its compiler saw (`include_str!("/proc/self/mountinfo")`).
/// Only the Rust toolchain's own folder may appear (too large to copy, docs/sandbox.md).
#[test]
fn a_compiles_mount_table_names_no_folder_of_the_judge() {
    let _machine = support::machine::shared();
    let source = support::judge::fixtures()
        .join("programs")
        .join("compile_mountinfo.rs");
    let program = Compiler::new(&launcher())
        .compile(&source)
        .unwrap_or_else(|f| panic!("{}", f.message));
    let out = Command::new(&program.path).output().unwrap();
    let mounts = String::from_utf8_lossy(&out.stdout);
    if !gridjudge::sandbox::is_root() || !mounts.contains(" /box ") {
        support::judge::skip(
            "a_compiles_mount_table_names_no_folder_of_the_judge",
            "no minimal root here (not root): the compile sees the host's mount table",
        );
        return;
    }
    let kernel = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    let mut parts = kernel
        .trim()
        .split('.')
        .filter_map(|p| p.parse::<u32>().ok());
    if (parts.next().unwrap_or(0), parts.next().unwrap_or(0)) < (6, 15) {
        support::judge::skip(
            "a_compiles_mount_table_names_no_folder_of_the_judge",
            "Linux before 6.15 cannot copy a detached mount: the build folder is bound",
        );
        return;
    }
    let build = program.path.parent().expect("the program's folder");
    for line in mounts.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        let (root, point) = (fields[3], fields[4]);
        if point == "/box" {
            assert_eq!(root, "/", "{line}\n{mounts}");
        }
        assert!(
            !line.contains("/tmp/") && !line.contains(&build.display().to_string()),
            "a compile's mount table names a folder of the judge: {line}\n{mounts}"
        );
    }
}

/// The build folders (`gridjudge-build-*/box`) that hold a source containing `marker`.
fn builds_holding(marker: &str) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for base in [std::env::temp_dir(), PathBuf::from("/tmp")] {
        let Ok(entries) = std::fs::read_dir(&base) else {
            continue;
        };
        for e in entries.flatten() {
            if !e
                .file_name()
                .to_string_lossy()
                .starts_with("gridjudge-build-")
            {
                continue;
            }
            for name in ["main.c", "main.py"] {
                let p = e.path().join("box").join(name);
                if std::fs::read_to_string(&p).is_ok_and(|t| t.contains(marker)) {
                    found.push(p);
                }
            }
        }
    }
    found
}

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p).unwrap().permissions().mode() & 0o7777
}

fn assert_private(file: &Path, file_mode: u32) {
    let folder = file.parent().unwrap();
    let meta = std::fs::metadata(folder).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (0, 65534), "{folder:?}");
    assert_eq!(mode(folder), 0o750, "{folder:?}");
    let meta = std::fs::metadata(file).unwrap();
    assert_eq!((meta.uid(), meta.gid()), (0, 65534), "{file:?}");
    assert_eq!(mode(file), file_mode, "{file:?}");
    // The run uids reach it through their group: staging keeps it where it is.
    assert!(gridjudge::judge::stage::reachable_by_sandbox(
        file,
        file_mode & 0o100 != 0
    ));
    assert!(!gridjudge::judge::stage::reachable_by_others(file, false));
}

#[test]
fn the_source_copy_is_private_and_only_the_program_survives() {
    let _machine = support::machine::shared();
    assert_root();
    let dir = tempfile::tempdir().unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
    let marker = format!("private-marker-{}", std::process::id());

    // A 0600 source in a 0700 folder compiles, runs, and gets its verdict.
    let c = dir.path().join("sol.c");
    std::fs::write(
        &c,
        format!(
            "/* {marker} */\n#include <stdio.h>\nint main(void) {{ puts(\"1\"); return 0; }}\n"
        ),
    )
    .unwrap();
    std::fs::set_permissions(&c, std::fs::Permissions::from_mode(0o600)).unwrap();
    let program = Compiler::new(&launcher()).compile(&c).unwrap();
    assert_private(&program.path, 0o550);
    assert!(
        builds_holding(&marker).is_empty(),
        "the build folder is left behind"
    );
    let staged = gridjudge::judge::stage::stage(program, true).unwrap();
    assert!(
        staged.path.starts_with(std::env::temp_dir()) || staged.path.starts_with("/tmp"),
        "{:?}",
        staged.path
    );
    assert!(
        staged
            .path
            .parent()
            .unwrap()
            .to_string_lossy()
            .contains("gridjudge-program-"),
        "staging copied the private program out: {:?}",
        staged.path
    );
    let out = Command::new(launcher())
        .args([
            "judge", "poj3074", "--case", "sample/1", "--format", "json", "--cases",
        ])
        .arg(repo().join("judge-cases"))
        .arg("--source")
        .arg(&c)
        .output()
        .unwrap();
    let json = String::from_utf8_lossy(&out.stdout);
    let doc: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(doc["problems"][0]["cases"][0]["verdict"], "WA", "{json}");

    // A Python script: the interpreter stays the system one, the script is private.
    let py = dir.path().join("sol.py");
    std::fs::write(&py, format!("# {marker}\nprint(1)\n")).unwrap();
    std::fs::set_permissions(&py, std::fs::Permissions::from_mode(0o600)).unwrap();
    let program = Compiler::new(&launcher()).compile(&py).unwrap();
    let script = PathBuf::from(&program.argv[1]);
    assert_private(&script, 0o440);
    assert!(
        builds_holding(&marker).is_empty(),
        "the build folder is left behind"
    );

    // A syntax error in Python is CE naming the contestant's file.
    let bad = dir.path().join("bad.py");
    std::fs::write(&bad, "def f(:\n").unwrap();
    let (verdict, message) = compile_failure(&Compiler::new(&launcher()), &bad);
    assert_eq!(verdict, Verdict::CompileError);
    assert!(message.contains(&bad.display().to_string()), "{message}");
}
