//! A submission's (or a package validator's) file names and files reach its compiler
//! as files only: a name that reads as an option (`-Dmain=broken.c` for gcc,
//! `-J-javaagent:agent.jar=.java`, which loads a Java agent into javac) is passed as
//! `./name`, and Python's syntax check imports nothing from the submission's folder (a
//! `# coding: idna` line imports `stringprep`, which a folder submission may hold).
//! Each hostile folder compiles as its honest twin would; each attack is shown working
//! against the compiler run the naive way first (the control).

use crate::support;

use gridjudge::judge::compile::Compiler;
use std::path::{Path, PathBuf};
use std::process::Command;

fn launcher() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_gridjudge"))
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

/// Whether the tests run in CI, where a missing JDK is a failure, not a skip.
fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

#[test]
fn a_c_file_named_like_an_option_is_compiled_as_a_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let sub = dir.path().join("sub");
    write(
        &sub.join("main.c"),
        "#include <stdio.h>\nint helper(void);\nint main(void) { long a, b;\n  \
         if (scanf(\"%ld %ld\", &a, &b) != 2) return 1;\n  printf(\"%ld\\n\", a + b + helper());\n  return 0; }\n",
    );
    write(
        &sub.join("-Dmain=broken.c"),
        "int helper(void) { return 0; }\n",
    );
    // The control: the name as an argument is a definition that breaks `main`.
    let naive = Command::new("gcc")
        .args([
            "-O2",
            "-std=gnu11",
            "-o",
            "main",
            "-Dmain=broken.c",
            "main.c",
        ])
        .current_dir(&sub)
        .output()
        .expect("gcc runs");
    assert!(!naive.status.success(), "the control compiled");
    let compiled = Compiler::new(&launcher()).compile(&sub);
    assert!(compiled.is_ok(), "{compiled:?}");
}

/// A Java agent whose `premain` says so and ends the JVM it was loaded into, as
/// `agent.jar` in `dir`.
fn agent_jar(dir: &Path) -> PathBuf {
    let src = dir.join("agent-src");
    write(
        &src.join("Agent.java"),
        "public class Agent {\n  public static void premain(String args) {\n    \
         System.err.println(\"AGENT LOADED\");\n    System.exit(7);\n  }\n}\n",
    );
    write(&src.join("manifest.txt"), "Premain-Class: Agent\n");
    let run = |program: &str, args: &[&str]| {
        let out = Command::new(program)
            .args(args)
            .current_dir(&src)
            .output()
            .expect("the JDK runs");
        assert!(out.status.success(), "{program}: {out:?}");
    };
    run("javac", &["Agent.java"]);
    run("jar", &["cfm", "agent.jar", "manifest.txt", "Agent.class"]);
    src.join("agent.jar")
}

#[test]
fn a_java_file_named_like_a_javac_option_loads_no_agent() {
    let jdk = ["javac", "java", "jar"]
        .iter()
        .all(|t| Path::new("/usr/bin").join(t).is_file());
    if !jdk {
        assert!(!in_ci(), "javac, java and jar must be installed in CI");
        eprintln!("SKIPPED: no javac, java or jar in /usr/bin");
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    let sub = dir.path().join("sub");
    write(
        &sub.join("Main.java"),
        "import java.util.Scanner;\npublic class Main {\n  public static void main(String[] x) {\n    \
         Scanner s = new Scanner(System.in);\n    System.out.println(s.nextLong() + s.nextLong());\n  }\n}\n",
    );
    let hostile = "-J-javaagent:agent.jar=.java";
    write(&sub.join(hostile), "class Helper {}\n");
    std::fs::copy(agent_jar(dir.path()), sub.join("agent.jar")).expect("copy the agent");
    // The control: javac given the name as an argument runs the agent.
    let naive = Command::new("javac")
        .args(["-d", "classes", "Main.java", hostile])
        .current_dir(&sub)
        .output()
        .expect("javac runs");
    assert!(
        String::from_utf8_lossy(&naive.stderr).contains("AGENT LOADED"),
        "the control loaded no agent: {naive:?}"
    );
    let compiled = Compiler::new(&launcher()).compile(&sub);
    assert!(compiled.is_ok(), "{compiled:?}");
}

/// `stringprep.py` of a submission: during Python's syntax check (run as `-c`) it ends
/// the check saying so; in a run it is the standard library's, so that the program's
/// `# coding: idna` line decodes (a run imports the submission's own modules).
const OWN_STRINGPREP: &str = r#"import sys
if sys.argv[:1] == ["-c"]:
    raise SystemExit("PWNED: the submission's stringprep.py ran in the syntax check")
import importlib.util, os, sysconfig
spec = importlib.util.spec_from_file_location(
    "_stdlib_stringprep", os.path.join(sysconfig.get_paths()["stdlib"], "stringprep.py"))
real = importlib.util.module_from_spec(spec)
spec.loader.exec_module(real)
globals().update({k: v for k, v in vars(real).items() if not k.startswith("__")})
"#;

#[test]
fn pythons_syntax_check_imports_nothing_of_the_submission() {
    let dir = tempfile::tempdir().expect("temp dir");
    let sub = dir.path().join("sub");
    write(
        &sub.join("main.py"),
        "# coding: idna\na, b = map(int, input().split())\nprint(a + b)\n",
    );
    write(&sub.join("stringprep.py"), OWN_STRINGPREP);
    // The control: the check as a plain `python3 -c`, in the folder.
    let naive = Command::new("/usr/bin/python3")
        .args([
            "-c",
            "import sys\nfor f in sys.argv[1:]: compile(open(f, 'rb').read(), f, 'exec')",
            "main.py",
        ])
        .current_dir(&sub)
        .output()
        .expect("python3 runs");
    assert!(
        String::from_utf8_lossy(&naive.stderr).contains("PWNED"),
        "the control imported nothing: {naive:?}"
    );
    let compiled = Compiler::new(&launcher()).compile(&sub);
    assert!(compiled.is_ok(), "{compiled:?}");
    // And the program runs as `python3 main.py` always has: its folder's own modules
    // first on `sys.path`.
    let program = compiled.expect("compiled");
    let run = Command::new(&program.path)
        .args(&program.argv[1..])
        .current_dir(dir.path())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().expect("stdin").write_all(b"3 4\n")?;
            child.wait_with_output()
        })
        .expect("the program runs");
    assert_eq!(String::from_utf8_lossy(&run.stdout), "7\n", "{run:?}");
}

/// A Kattis output validator in C++: accepts when the team's number equals the
/// answer's.
const VALIDATOR: &str = r#"#include <fstream>
#include <iostream>
int helper();
int main(int argc, char **argv) {
    if (argc < 4) return 1;
    std::ifstream answer(argv[2]);
    long want = 0, got = 0;
    answer >> want;
    if (!(std::cin >> got)) return 43;
    return got + helper() == want ? 42 : 43;
}
"#;

#[test]
fn a_validator_file_named_like_an_option_is_compiled_as_a_file() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let pkg = root.path().join("sum");
    write(&pkg.join("problem.yaml"), "name: Sum\nvalidation: custom\n");
    write(&pkg.join("data/sample/1.in"), "3 4\n");
    write(&pkg.join("data/sample/1.ans"), "7\n");
    write(&pkg.join("data/secret/1.in"), "-5 12\n");
    write(&pkg.join("data/secret/1.ans"), "7\n");
    write(&pkg.join("output_validators/v/validate.cpp"), VALIDATOR);
    write(
        &pkg.join("output_validators/v/-Dmain=broken.cpp"),
        "int helper() { return 0; }\n",
    );
    write(
        &pkg.join("submissions/accepted/sum.py"),
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    let out = Command::new(launcher())
        .args(["verify-submissions", "--package"])
        .arg(&pkg)
        .args(["--time-limit", "5"])
        .output()
        .expect("gridjudge runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
