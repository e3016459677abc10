//! `verify-submissions` checks time-limit margins as problemtools does: a TLE example
//! that stops before limit × margin is caught (`--strict` fails), a well-behaved problem
//! passes, and `--suggest-limits` prints the limit the accepted examples support.

use crate::support;

use std::path::Path;
use std::process::{Command, Output};
use support::judge::fixtures;

/// A CPU burner that stops after `ms` milliseconds of CPU time and prints nothing.
fn burner(ms: u32) -> String {
    format!(
        "#define _POSIX_C_SOURCE 200809L\n#include <time.h>\n\
         static double cpu(void) {{ struct timespec t; \
         clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec / 1e9; }}\n\
         int main(void) {{ volatile unsigned long x = 0; \
         while (cpu() < {ms} / 1000.0) x++; return 0; }}\n"
    )
}

/// A poj3074 problem folder (fixture data) with a 0.2 s limit and these submissions. The
/// wall limit is generous, so that a busy machine does not turn a CPU burner into a
/// wall-time TLE.
fn problem(root: &Path, submissions: &[(&str, String)]) {
    let dir = root.join("p");
    let data = fixtures().join("cases/poj3074/data");
    for group in ["sample", "secret"] {
        std::fs::create_dir_all(dir.join("data").join(group)).unwrap();
        for e in std::fs::read_dir(data.join(group)).unwrap().flatten() {
            std::fs::copy(e.path(), dir.join("data").join(group).join(e.file_name())).unwrap();
        }
    }
    std::fs::write(
        dir.join("problem.toml"),
        "problem = \"poj3074\"\ntitle = \"t\"\n[limits]\ntime_seconds = 0.2\nwall_seconds = 10\nmemory_mib = 64\n\
         [checker]\ntype = \"builtin\"\n",
    )
    .unwrap();
    for (rel, text) in submissions {
        let f = dir.join("submissions").join(rel);
        std::fs::create_dir_all(f.parent().unwrap()).unwrap();
        std::fs::write(f, text).unwrap();
    }
}

fn verify(root: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let out: Output = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["verify-submissions", "p", "--cases"])
        .arg(root)
        .args(extra)
        .output()
        .unwrap();
    (
        out.status.code(),
        format!(
            "{}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    )
}

/// The number right after the first `label` in a report.
fn figure_after(text: &str, label: &str) -> f64 {
    let at = text
        .find(label)
        .unwrap_or_else(|| panic!("no {label:?} in\n{text}"))
        + label.len();
    let figure: String = text[at..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    figure
        .parse()
        .unwrap_or_else(|e| panic!("{figure}: {e}\n{text}"))
}

fn accepted() -> String {
    std::fs::read_to_string(fixtures().join("cases/poj3074/submissions/accepted/bitmask.c"))
        .unwrap()
}

#[test]
fn strict_catches_a_tle_example_that_stops_too_soon() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    // 0.3 s of CPU: over the 0.2 s limit (so TLE, as its folder says), but it stops
    // before limit × margin = 0.4 s.
    problem(
        root.path(),
        &[
            ("accepted/fast.c", accepted()),
            ("time_limit_exceeded/barely.c", burner(300)),
        ],
    );
    let (code, text) = verify(root.path(), &[]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("2 as expected, 0 mismatch(es)"), "{text}");
    assert!(
        text.contains("WARNING: p: TLE example time_limit_exceeded/barely.c stops after 0.3"),
        "{text}"
    );
    assert!(text.contains("below limit × margin = 0.400 s"), "{text}");

    let (code, text) = verify(root.path(), &["--strict", "--suggest-limits"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains("ERROR: p: TLE example"), "{text}");
    // The suggestion is the slowest accepted run × 2 rounded up to a tenth of a second
    // (the run's time depends on the machine: 0.03-0.06 s here). The printed figure is
    // rounded to milliseconds, so the check allows one millisecond either way.
    let slowest = figure_after(&text, "slowest AC ");
    let suggested = figure_after(&text, "p: suggested time limit ");
    assert!(
        (suggested * 10.0 - (suggested * 10.0).round()).abs() < 1e-9
            && suggested + 1e-9 >= (2.0 * (slowest - 0.001)).max(0.1)
            && suggested < 2.0 * (slowest + 0.001) + 0.1,
        "suggested {suggested} for slowest {slowest}\n{text}"
    );

    // With a margin of 1.25 (limit × margin = 0.25 s) the example is slow enough.
    let (code, text) = verify(root.path(), &["--strict", "--time-safety-margin", "1.25"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(!text.contains("ERROR"), "{text}");
}

#[test]
fn strict_passes_good_margins_and_catches_a_slow_accepted_example() {
    let _machine = support::machine::shared();
    let root = tempfile::tempdir().unwrap();
    let spin = std::fs::read_to_string(
        fixtures().join("cases/poj3074/submissions/time_limit_exceeded/spin.c"),
    )
    .unwrap();
    problem(
        root.path(),
        &[
            ("accepted/fast.c", accepted()),
            ("time_limit_exceeded/spin.c", spin),
        ],
    );
    let (code, text) = verify(root.path(), &["--strict"]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("fastest TLE still running at 0.4"), "{text}");

    // An accepted example of 0.105 s CPU and then the fixture solver (a burner prints
    // nothing, and the right answer is needed): over limit / margin = 0.1 s, under the
    // 0.2 s limit even where the start, the solver and the sandbox add 0.09 s (as they
    // do on a loaded machine: 0.08 s for the fast example above at load 6).
    let slow_ac = accepted().replacen(
        "int main(void) {",
        "static double cpu_(void) { struct timespec t; \
         clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec / 1e9; }\n\
         int main(void) { { volatile unsigned long x = 0; while (cpu_() < 0.105) x++; }",
        1,
    );
    let slow_ac = format!("#define _POSIX_C_SOURCE 200809L\n#include <time.h>\n{slow_ac}");
    assert_ne!(
        slow_ac,
        accepted(),
        "the fixture's main() changed: adapt the test"
    );
    std::fs::write(root.path().join("p/submissions/accepted/slow.c"), slow_ac).unwrap();
    let (code, text) = verify(root.path(), &["--strict"]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("ERROR: p: accepted example accepted/slow.c runs 0.1"),
        "{text}"
    );
}
