//! Every submission a package holds: files of every language of the table (`.c++`,
//! `.C`, `.py3`, Java, a Java class not named after its file, Java classes in packages), a folder of several files, a submission that needs the
//! package's `include/cpp/` header, Python 3 submissions beside an `include/python3/` file
//! that comes first by name, a Python 2 file skipped with its reason where no
//! Python 2 is installed, and a `.gitkeep` that is no submission at all.

use crate::support;

use std::path::Path;
use std::process::Command;

/// Whether the tests run in CI, where a missing JDK is a failure, not a skip.
fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().expect("a parent")).expect("mkdir");
    std::fs::write(path, text).expect("write");
}

const CPP_SUM: &str =
    "#include <iostream>\nint main() { long a, b; std::cin >> a >> b; std::cout << a + b << '\\n'; }\n";

/// A package of the sum of two numbers with one submission of each kind.
fn package(root: &Path) -> std::path::PathBuf {
    let dir = root.join("sum");
    write(&dir.join("problem.yaml"), "name: Sum\n");
    write(&dir.join("data/sample/1.in"), "3 4\n");
    write(&dir.join("data/sample/1.ans"), "7\n");
    write(&dir.join("data/secret/1.in"), "-5 12\n");
    write(&dir.join("data/secret/1.ans"), "7\n");
    write(
        &dir.join("include/cpp/helper.h"),
        "inline long add(long a, long b) { return a + b; }\n",
    );
    // Copied beside every Python 3 submission, and first by name: never the entry file.
    write(&dir.join("include/python3/a_helper.py"), "HELPER = 1\n");
    let ac = dir.join("submissions/accepted");
    write(&ac.join(".gitkeep"), "");
    write(&ac.join("notes.md"), "# not a submission\n");
    write(&ac.join("plus.c++"), CPP_SUM);
    write(&ac.join("upper.C"), CPP_SUM);
    write(
        &ac.join("sum.py3"),
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    write(
        &ac.join("Sum.java"),
        "import java.util.Scanner;\npublic class Sum {\n  public static void main(String[] x) {\n    \
         Scanner s = new Scanner(System.in);\n    System.out.println(s.nextLong() + s.nextLong());\n  }\n}\n",
    );
    write(
        &ac.join("two.py"),
        "#!/usr/bin/env python2\na, b = map(int, raw_input().split())\nprint a + b\n",
    );
    write(
        &ac.join("with_helper.cpp"),
        "#include <iostream>\n#include \"helper.h\"\nint main() { long a, b; std::cin >> a >> b; std::cout << add(a, b) << '\\n'; }\n",
    );
    write(&ac.join("several/add.h"), "long add2(long a, long b);\n");
    write(
        &ac.join("several/add.cpp"),
        "#include \"add.h\"\nlong add2(long a, long b) { return a + b; }\n",
    );
    write(
        &ac.join("several/main.cpp"),
        "#include <iostream>\n#include \"add.h\"\nint main() { long a, b; std::cin >> a >> b; std::cout << add2(a, b) << '\\n'; }\n",
    );
    write(
        &ac.join("pyfolder/main.py"),
        "import util\nif __name__ == \"__main__\":\n    print(util.total(input()))\n",
    );
    write(
        &ac.join("pyfolder/util.py"),
        "def total(line):\n    return sum(map(int, line.split()))\n",
    );
    // A class that is not named after its file (DOMjudge's examples have them): the one
    // class declaring `main` is run.
    write(
        &ac.join("sum-main.java"),
        "import java.util.Scanner;\nclass Main {\n  public static void main(String[] x) {\n    \
         Scanner s = new Scanner(System.in);\n    System.out.println(s.nextLong() + s.nextLong());\n  }\n}\n",
    );
    // Classes in packages: run by their qualified names, found by the file's name or,
    // in a file of another name, as the one class declaring `main`.
    write(
        &ac.join("Packaged.java"),
        "package contest.sum;\nimport java.util.Scanner;\npublic class Packaged {\n  \
         public static void main(String[] x) {\n    Scanner s = new Scanner(System.in);\n    \
         System.out.println(Add.add(s.nextLong(), s.nextLong()));\n  }\n}\n\
         class Add { static long add(long a, long b) { return a + b; } }\n",
    );
    write(
        &ac.join("pkg-main.java"),
        "package a.b;\nimport java.util.Scanner;\nclass Main {\n  public static void main(String[] x) {\n    \
         Scanner s = new Scanner(System.in);\n    System.out.println(s.nextLong() + s.nextLong());\n  }\n}\n",
    );
    write(
        &dir.join("submissions/wrong_answer/Off.java"),
        "public class Off { public static void main(String[] a) { System.out.println(0); } }\n",
    );
    dir
}

#[test]
fn every_kind_of_submission_of_a_package_is_judged_or_skipped_with_its_reason() {
    let java = ["javac", "java"]
        .iter()
        .all(|t| Path::new("/usr/bin").join(t).is_file());
    if !java {
        assert!(!in_ci(), "javac and java must be installed in CI");
        eprintln!("SKIPPED: no javac or java in /usr/bin");
        return;
    }
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = package(root.path());
    let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["verify-submissions", "--package"])
        .arg(&dir)
        .args(["--time-limit", "5", "--format", "json"])
        .output()
        .expect("gridjudge runs");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let mut judged: Vec<(String, String)> = json["submissions"]
        .as_array()
        .expect("submissions")
        .iter()
        .map(|s| {
            let got = s["got"].as_str().unwrap_or_default().to_string();
            let why = s["message"].as_str().unwrap_or_default();
            (
                s["submission"].as_str().unwrap_or_default().to_string(),
                format!("{got} {why}"),
            )
        })
        .collect();
    judged.sort();
    let python2 = ["/usr/bin/python2", "/usr/local/bin/python2", "/bin/python2"]
        .iter()
        .any(|p| Path::new(p).is_file());
    let mut expected = vec![
        ("accepted/Packaged.java", "AC "),
        ("accepted/Sum.java", "AC "),
        ("accepted/pkg-main.java", "AC "),
        ("accepted/plus.c++", "AC "),
        ("accepted/pyfolder", "AC "),
        ("accepted/several", "AC "),
        ("accepted/sum-main.java", "AC "),
        ("accepted/sum.py3", "AC "),
        ("accepted/upper.C", "AC "),
        ("accepted/with_helper.cpp", "AC "),
        ("wrong_answer/Off.java", "WA"),
    ];
    if python2 {
        expected.push(("accepted/two.py", "AC "));
        expected.sort();
    }
    let names: Vec<&str> = judged.iter().map(|(n, _)| n.as_str()).collect();
    let want: Vec<&str> = expected.iter().map(|(n, _)| *n).collect();
    assert_eq!(names, want, "{json}");
    for ((name, got), (_, verdict)) in judged.iter().zip(&expected) {
        assert!(got.starts_with(verdict), "{name}: {got}\n{json}");
    }
    let skipped: Vec<&str> = json["skipped"]
        .as_array()
        .expect("skipped")
        .iter()
        .filter_map(|s| s.as_str())
        .collect();
    if python2 {
        assert!(skipped.is_empty(), "{skipped:?}");
    } else {
        assert_eq!(skipped, ["accepted/two.py: Python 2 is not installed"]);
    }
    assert_eq!(out.status.code(), Some(0), "{json}");
}

#[test]
fn java_programs_get_their_verdicts_on_a_bundled_problem() {
    if !Path::new("/usr/bin/javac").is_file() {
        assert!(!in_ci(), "javac must be installed in CI");
        eprintln!("SKIPPED: no javac in /usr/bin");
        return;
    }
    let _machine = support::machine::shared();
    let fixtures = format!("{}/tests/fixtures/java", env!("CARGO_MANIFEST_DIR"));
    // Under `--memory-mode as` too: a JVM runs without the address-space limit (it
    // reserves over a GiB before its first instruction), its heap bounded by `-Xmx`.
    for (source, verdict, limit, memory_mode) in [
        ("Sudoku.java", "AC", "4", "rss"),
        ("Sudoku.java", "AC", "4", "as"),
        ("wa/Sudoku.java", "WA", "4", "rss"),
        ("tle/Sudoku.java", "TLE", "1", "rss"),
    ] {
        // The accepted program's slowest case takes 0.85–1.05 s of CPU on a 2-core
        // machine (the JVM's compiler threads count), too close to poj3074's 1 s for
        // a verdict that is about the language, not the speed: it runs under 4 s; the
        // spinning one under the problem's own limit.
        let out = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
            .args(["judge", "poj3074", "--source"])
            .arg(format!("{fixtures}/{source}"))
            .args(["--time-limit", limit, "--memory-mode", memory_mode])
            .args(["--format", "json"])
            .output()
            .expect("gridjudge runs");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{source}: {e}: {}", String::from_utf8_lossy(&out.stderr)));
        assert_eq!(json["overall"], verdict, "{source} {memory_mode}: {json}");
    }
}
