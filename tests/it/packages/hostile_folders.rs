//! Package and problem folders as hostile input (`src/tree.rs`): a link out of the folder,
//! a FIFO, a device or a socket in it is a broken package (exit 3, one line naming the
//! file) and nothing of the host file appears in the output; links that loop end at once;
//! an export, `gen` and `generate` write through no planted link; a judge given a FIFO
//! for a case, sent SIGTERM, ends at once leaving no temporary folder.

use super::write;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A file outside every package, holding a secret the output must never quote.
struct Secret {
    _dir: tempfile::TempDir,
    path: PathBuf,
    text: String,
}

fn secret() -> Secret {
    let dir = tempfile::tempdir().expect("temp dir");
    let text = format!("HOST-SECRET-{}-{:?}", std::process::id(), Instant::now());
    let path = dir.path().join("shadow");
    std::fs::write(&path, format!("{text}\n")).expect("write the secret");
    Secret {
        _dir: dir,
        path,
        text,
    }
}

/// A small legacy package: one sample, one secret case, a Python sum.
fn package(dir: &Path) {
    write(dir, "problem.yaml", "name: Sum\n");
    write(dir, "data/sample/1.in", "1 2\n");
    write(dir, "data/sample/1.ans", "3\n");
    write(dir, "data/secret/2.in", "2 2\n");
    write(dir, "data/secret/2.ans", "4\n");
    write(
        dir,
        "submissions/accepted/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
}

/// `gridjudge ARGS` with a fresh `TMPDIR`, killed after 60 s (a hang is a failure).
fn run(args: &[&str], tmp: &Path) -> (Option<i32>, String, Duration) {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .env("TMPDIR", tmp)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gridjudge runs");
    let deadline = start + Duration::from_secs(60);
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out: Output = child.wait_with_output().expect("output");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.code(), text, start.elapsed())
}

fn verify(dir: &Path) -> (Option<i32>, String, Duration) {
    let tmp = tempfile::tempdir().expect("temp dir");
    run(
        &[
            "verify-submissions",
            "--package",
            dir.to_str().expect("utf-8"),
            "--time-limit",
            "2",
        ],
        tmp.path(),
    )
}

/// The first line of the host's `/etc/shadow`, when there is one to look for.
fn host_shadow() -> Option<String> {
    let text = std::fs::read_to_string("/etc/shadow").ok()?;
    text.lines().next().map(str::to_string)
}

/// A broken package: exit 3, a line naming `name`, no secret quoted.
fn assert_refused(code: Option<i32>, text: &str, name: &str, secret: &Secret) {
    assert_eq!(code, Some(3), "{text}");
    assert!(
        text.lines().any(|l| l.contains(name)),
        "no line names {name}: {text}"
    );
    assert!(!text.contains(&secret.text), "the secret leaked: {text}");
    if let Some(line) = host_shadow() {
        assert!(!text.contains(&line), "/etc/shadow leaked: {text}");
    }
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(status.success());
}

#[test]
fn a_case_linked_out_of_the_package_is_refused_unread() {
    let secret = secret();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("pkg");
    package(&dir);
    symlink(&secret.path, dir.join("data/secret/1.in")).expect("link");
    let (code, text, _) = verify(&dir);
    assert_refused(code, &text, "data/secret/1.in", &secret);
    assert!(text.contains("outside"), "{text}");
    // /etc/shadow itself, through a link to a folder of the host.
    std::fs::remove_file(dir.join("data/secret/1.in")).expect("rm");
    symlink("/etc", dir.join("data/secret/etc")).expect("link");
    let (code, text, _) = verify(&dir);
    assert_refused(code, &text, "data/secret/etc", &secret);
}

#[test]
fn a_fifo_a_device_and_a_socket_are_refused_at_once() {
    let secret = secret();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("pkg");
    package(&dir);
    // A FIFO: nobody ever writes it, so a judge that opens it blocks for ever.
    mkfifo(&dir.join("data/secret/1.in"));
    let (code, text, took) = verify(&dir);
    assert_refused(code, &text, "data/secret/1.in", &secret);
    assert!(text.contains("FIFO"), "{text}");
    assert!(took < Duration::from_secs(30), "{took:?}");
    std::fs::remove_file(dir.join("data/secret/1.in")).expect("rm");
    // A link to an endless device of the host.
    symlink("/dev/zero", dir.join("data/secret/1.in")).expect("link");
    let (code, text, _) = verify(&dir);
    assert_refused(code, &text, "data/secret/1.in", &secret);
    std::fs::remove_file(dir.join("data/secret/1.in")).expect("rm");
    // A device node inside the package (root only: mknod).
    let made = Command::new("mknod")
        .arg(dir.join("data/secret/1.in"))
        .args(["c", "1", "5"])
        .status()
        .is_ok_and(|s| s.success());
    if made {
        let (code, text, _) = verify(&dir);
        assert_refused(code, &text, "data/secret/1.in", &secret);
        assert!(text.contains("character device"), "{text}");
        std::fs::remove_file(dir.join("data/secret/1.in")).expect("rm");
    }
    // A socket.
    let _listener = std::os::unix::net::UnixListener::bind(dir.join("data/secret/1.in"))
        .expect("bind a socket");
    let (code, text, _) = verify(&dir);
    assert_refused(code, &text, "data/secret/1.in", &secret);
    assert!(text.contains("socket"), "{text}");
}

#[test]
fn links_that_loop_end_at_once_with_an_error() {
    let secret = secret();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("pkg");
    package(&dir);
    for name in ["a", "b", "c", "d"] {
        symlink(".", dir.join("data").join(name)).expect("link");
    }
    let (code, text, took) = verify(&dir);
    assert_refused(code, &text, "data/", &secret);
    assert!(text.contains("loop"), "{text}");
    assert!(took < Duration::from_secs(10), "{took:?}: {text}");
    // A second way to a folder (a diamond of links) is refused too.
    for name in ["a", "b", "c", "d"] {
        std::fs::remove_file(dir.join("data").join(name)).expect("rm");
    }
    symlink("../sample", dir.join("data/secret/again")).expect("link");
    let (code, text, _) = verify(&dir);
    assert_refused(code, &text, "sample", &secret);
}

#[test]
fn a_submission_an_included_file_or_a_validator_linked_out_is_refused_unread() {
    let secret = secret();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("pkg");
    package(&dir);
    symlink(&secret.path, dir.join("submissions/accepted/leak.py")).expect("link");
    let (code, text, _) = verify(&dir);
    assert_refused(code, &text, "leak.py", &secret);
    std::fs::remove_file(dir.join("submissions/accepted/leak.py")).expect("rm");
    // A folder submission's file.
    std::fs::create_dir_all(dir.join("submissions/accepted/multi")).expect("mkdir");
    symlink(&secret.path, dir.join("submissions/accepted/multi/util.py")).expect("link");
    let (code, text, _) = verify(&dir);
    assert_refused(code, &text, "util.py", &secret);
    std::fs::remove_dir_all(dir.join("submissions/accepted/multi")).expect("rm");
    // An included file.
    std::fs::create_dir_all(dir.join("include/default")).expect("mkdir");
    symlink(&secret.path, dir.join("include/default/secret.txt")).expect("link");
    let (code, text, _) = verify(&dir);
    assert_refused(code, &text, "include/default/secret.txt", &secret);
    std::fs::remove_dir_all(dir.join("include")).expect("rm");
    // A validator folder linked to a big folder of the host: refused, not copied.
    std::fs::create_dir_all(dir.join("output_validators")).expect("mkdir");
    symlink("/usr/share", dir.join("output_validators/v")).expect("link");
    write(&dir, "problem.yaml", "name: Sum\nvalidation: custom\n");
    let (code, text, took) = verify(&dir);
    assert_refused(code, &text, "output_validators/v", &secret);
    assert!(took < Duration::from_secs(20), "{took:?}");
}

/// A link that stays inside the package is followed: a submission linked to a file of
/// another folder of the package, and a folder submission's file linked to an include,
/// are judged like the files they name.
#[test]
fn a_submission_linked_inside_the_package_is_judged() {
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("pkg");
    package(&dir);
    write(
        &dir,
        "solutions/sum.py",
        "a, b = map(int, input().split())\nprint(a + b)\n",
    );
    symlink(
        "../../solutions/sum.py",
        dir.join("submissions/accepted/linked.py"),
    )
    .expect("link");
    std::fs::create_dir_all(dir.join("submissions/accepted/multi")).expect("mkdir");
    symlink(
        "../../../solutions/sum.py",
        dir.join("submissions/accepted/multi/main.py"),
    )
    .expect("link");
    let (code, text, _) = verify(&dir);
    assert_eq!(code, Some(0), "{text}");
    for name in ["linked.py", "multi"] {
        assert!(
            text.lines().any(|l| l.contains(name) && l.contains("AC")),
            "{name} not judged AC: {text}"
        );
    }
}

/// A gridjudge problem folder (poj3074's sample) at `root/mine`.
fn problem(root: &Path) -> PathBuf {
    let dir = root.join("mine");
    std::fs::create_dir_all(dir.join("data/secret")).expect("mkdir");
    let sample = Path::new(env!("CARGO_MANIFEST_DIR")).join("judge-cases/poj3074/data/sample");
    std::fs::copy(sample.join("1.in"), dir.join("data/secret/1.in")).expect("copy");
    std::fs::copy(sample.join("1.ans"), dir.join("data/secret/1.ans")).expect("copy");
    std::fs::write(
        dir.join("problem.toml"),
        "problem = \"poj3074\"\ntitle = \"Mine\"\n[limits]\ntime_seconds = 1\nmemory_mib = 64\n[checker]\ntype = \"builtin\"\n",
    )
    .expect("write");
    dir
}

#[test]
fn an_export_of_a_problem_with_a_link_out_is_refused_and_writes_nothing() {
    let secret = secret();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = problem(root.path());
    symlink(&secret.path, dir.join("data/secret/2.ans")).expect("link");
    std::fs::copy(dir.join("data/secret/1.in"), dir.join("data/secret/2.in")).expect("copy");
    let out = root.path().join("pkg");
    let tmp = tempfile::tempdir().expect("temp dir");
    let args = [
        "export",
        "mine",
        "--cases",
        root.path().to_str().expect("utf-8"),
        "--kattis",
        out.to_str().expect("utf-8"),
        "--zip",
    ];
    let (code, text, _) = run(&args, tmp.path());
    assert_refused(code, &text, "data/secret/2.ans", &secret);
    assert!(!out.exists(), "{text}");
    assert!(!out.with_extension("zip").exists(), "{text}");
    // Without the link, a zip planted as a link to a host file is not written through.
    std::fs::remove_file(dir.join("data/secret/2.ans")).expect("rm");
    std::fs::remove_file(dir.join("data/secret/2.in")).expect("rm");
    symlink(&secret.path, out.with_extension("zip")).expect("link");
    let (code, text, _) = run(&args, tmp.path());
    assert_ne!(code, Some(0), "{text}");
    assert_eq!(
        std::fs::read_to_string(&secret.path).expect("read"),
        format!("{}\n", secret.text),
        "the export wrote through the link: {text}"
    );
}

#[test]
fn gen_and_generate_write_through_no_planted_link() {
    let secret = secret();
    let root = tempfile::tempdir().expect("temp dir");
    let tmp = tempfile::tempdir().expect("temp dir");
    let victim = || std::fs::read_to_string(&secret.path).expect("read");
    let before = victim();
    // gen --out and --ans onto links to a host file.
    let out = root.path().join("out.txt");
    let ans = root.path().join("ans.txt");
    symlink(&secret.path, &out).expect("link");
    let (code, text, _) = run(
        &[
            "gen",
            "sudoku",
            "--clues",
            "40",
            "--count",
            "1",
            "--out",
            out.to_str().expect("utf-8"),
        ],
        tmp.path(),
    );
    assert_eq!(code, Some(74), "{text}");
    assert!(text.contains("out.txt"), "{text}");
    std::fs::remove_file(&out).expect("rm");
    symlink(&secret.path, &ans).expect("link");
    let (code, text, _) = run(
        &[
            "gen",
            "sudoku",
            "--clues",
            "40",
            "--count",
            "1",
            "--out",
            out.to_str().expect("utf-8"),
            "--ans",
            ans.to_str().expect("utf-8"),
        ],
        tmp.path(),
    );
    assert_eq!(code, Some(74), "{text}");
    assert_eq!(victim(), before, "gen wrote through a link");
    // generate into a problem folder whose generated case is a link to its own
    // problem.toml: the link is refused, problem.toml kept.
    let dir = problem(root.path());
    std::fs::write(
        dir.join("generators.toml"),
        "[[file]]\nname = \"gen-a\"\ngen = \"sudoku --clues 40 --count 1\"\n",
    )
    .expect("write");
    symlink("../../problem.toml", dir.join("data/secret/gen-a.in")).expect("link");
    let toml = std::fs::read_to_string(dir.join("problem.toml")).expect("read");
    let (code, text, _) = run(&["generate", dir.to_str().expect("utf-8")], tmp.path());
    assert_ne!(code, Some(0), "{text}");
    assert!(text.contains("gen-a.in"), "{text}");
    assert_eq!(
        std::fs::read_to_string(dir.join("problem.toml")).expect("read"),
        toml,
        "generate wrote through a link"
    );
}

#[test]
fn a_problem_folder_with_a_link_out_or_a_fifo_is_refused_by_judge() {
    let secret = secret();
    let root = tempfile::tempdir().expect("temp dir");
    let dir = problem(root.path());
    let tmp = tempfile::tempdir().expect("temp dir");
    let judge = |tmp: &Path| run(&["judge", dir.to_str().expect("utf-8"), "--reference"], tmp);
    symlink(&secret.path, dir.join("data/secret/2.in")).expect("link");
    let (code, text, _) = judge(tmp.path());
    assert_refused(code, &text, "data/secret/2.in", &secret);
    std::fs::remove_file(dir.join("data/secret/2.in")).expect("rm");
    mkfifo(&dir.join("data/secret/2.in"));
    let (code, text, took) = judge(tmp.path());
    assert_refused(code, &text, "data/secret/2.in", &secret);
    assert!(took < Duration::from_secs(30), "{took:?}");
}

#[test]
fn sigterm_while_a_case_is_a_fifo_ends_the_judge_and_leaves_no_folder() {
    let root = tempfile::tempdir().expect("temp dir");
    let dir = root.path().join("pkg");
    package(&dir);
    mkfifo(&dir.join("data/secret/1.in"));
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(["verify-submissions", "--package"])
        .arg(&dir)
        .args(["--time-limit", "2"])
        .env("TMPDIR", tmp.path())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gridjudge runs");
    std::thread::sleep(Duration::from_millis(500));
    // SAFETY: kill sends a signal to the child this test started and has not waited for.
    unsafe { libc::kill(child.id() as i32, libc::SIGTERM) };
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("the judge did not end on SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    let text = String::from_utf8_lossy(&out.stderr).into_owned();
    // Refused before the signal (3, naming the FIFO) or ended by it (143, saying so).
    match out.status.code() {
        Some(3) => assert!(text.contains("FIFO"), "{text}"),
        Some(143) => assert!(text.contains("SIGTERM"), "{text}"),
        other => panic!("exit {other:?}: {text}"),
    }
    let left: Vec<_> = std::fs::read_dir(tmp.path())
        .expect("read TMPDIR")
        .flatten()
        .map(|e| e.file_name())
        .filter(|n| n.to_string_lossy().starts_with("gridjudge-"))
        .collect();
    assert!(left.is_empty(), "left behind: {left:?}");
}
