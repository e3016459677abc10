//! A program that writes one endless line to a line-reading interactor is judged by its
//! own limit, never JE: what it writes to the interactor counts against its output
//! limit (through the relay, which stops reading it past the limit: OLE), and an
//! interactor that fails under the flood does not turn the program's limit into the
//! judge's error. The interactor here stands for one that reads a line into memory: it
//! fails (exit 1) once it has been sent more than 8 MiB, so the test stays light
//! whatever the judge does; the program's output limit is 1 MiB.

use super::write;
use crate::support;

use serde_json::Value;
use std::process::Command;

/// Reads its input, failing (a judge error) past 8 MiB of it; at the end of its input,
/// rejects the line it did not finish.
const INTERACTOR: &str = r#"import sys
got = 0
while True:
    chunk = sys.stdin.buffer.read1(1 << 16)
    if not chunk:
        break
    got += len(chunk)
    if got > 8 << 20:
        sys.stderr.write("interactor: the line has no end\n")
        sys.exit(1)
with open(sys.argv[3] + "/judgemessage.txt", "w") as f:
    f.write(f"{got} bytes and no end of line")
sys.exit(43)
"#;

/// One line that never ends.
const ENDLESS: &str =
    "import sys\nw = sys.stdout.buffer.write\ns = b'7' * 65536\nwhile True:\n    w(s)\n";

#[test]
fn an_endless_line_to_the_interactor_is_the_programs_limit_not_je() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("flood");
    write(
        &dir,
        "problem.yaml",
        "problem_format_version: 2023-07\nname: Flood\ntype: interactive\nlimits:\n  time_limit: 2\n  output: 1\n  time_multipliers: {time_limit_to_tle: 1}\n",
    );
    write(&dir, "output_validator/interactor.py", INTERACTOR);
    write(&dir, "data/secret/1.in", "1\n");
    write(&dir, "data/secret/1.ans", "1\n");
    let program = root.path().join("endless.py");
    std::fs::write(&program, ENDLESS).expect("write");
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args([
            "judge",
            "--relay-interaction",
            "--format",
            "json",
            "--package",
        ])
        .arg(&dir)
        .arg("--source")
        .arg(&program)
        .output()
        .expect("gridjudge runs");
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", String::from_utf8_lossy(&out.stderr));
    });
    let case = &doc["problems"][0]["cases"][0];
    assert_eq!(case["verdict"], "OLE", "{case:#}");
    assert!(
        case["message"]
            .as_str()
            .is_some_and(|m| m.contains("stdout")),
        "{case:#}"
    );
    // The relay stopped reading within a chunk of the limit.
    let sent = case["protocol"]["bytes"]["program"].as_u64().unwrap_or(0);
    assert!(
        (1 << 20) < sent && sent <= (1 << 20) + (1 << 16),
        "{sent} bytes: {case:#}"
    );
    assert_eq!(out.status.code(), Some(1), "{doc:#}");
}
