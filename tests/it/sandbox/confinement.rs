//! Confinement against hostile programs (`tests/fixtures/judge/programs/`): an answer
//! thief, a `setsid()` daemon and a double-forked sleeper, sockets to loopback and to the
//! outside, a fork bomb, writes outside the working folder. Each test that needs a
//! mechanism this machine lacks (not root, no Landlock) says so and checks only what
//! the outcome's guarantees claim. Where a control run without confinement is cheap, it
//! shows the hostile program really works when unconfined, so a pass means something.

use crate::support;

use gridjudge::judge::limit_verdict::limit_verdict;
use gridjudge::sandbox::limits::Isolation;
use gridjudge::sandbox::ExitStatus;
use gridjudge::Verdict;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::time::Duration;
use support::judge::*;

fn is_root() -> bool {
    gridjudge::sandbox::is_root()
}

/// A world-readable folder (the sandbox uid can read it by its modes).
fn open_dir(prefix: &str) -> tempfile::TempDir {
    let d = tempfile::Builder::new().prefix(prefix).tempdir().unwrap();
    std::fs::set_permissions(d.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    d
}

#[test]
fn answer_thief_finds_nothing_when_confined() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "steal_answers");
    // A judge-like problem folder: data/secret/01.in and its 01.ans, readable by modes.
    let problem = open_dir("gridjudge-thief-problem-");
    let data = problem.path().join("data/secret");
    std::fs::create_dir_all(&data).unwrap();
    for d in [problem.path().join("data"), data.clone()] {
        std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let input = data.join("01.in");
    let answer = data.join("01.ans");
    std::fs::write(&input, b"puzzle 7 3 1\n").unwrap();
    std::fs::write(&answer, b"the secret answer\n").unwrap();
    for f in [&input, &answer] {
        std::fs::set_permissions(f, std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    let root = problem.path().display().to_string();

    // Control: unconfined, as the judge's own user, the thief finds and prints it.
    let (_, stolen) = run_with(&exe, &[&root], &input, limits(), Isolation::NONE, &[]);
    assert_eq!(
        stolen, b"the secret answer\n",
        "the thief should work unconfined"
    );

    // Confined (even without covering the folder, and told where to look): nothing.
    let mut isolation = isolation_for(40);
    for hide in [vec![], vec![problem.path().to_path_buf()]] {
        let (out, stolen) = run_with(&exe, &[&root], &input, limits(), isolation, &hide);
        assert_eq!(out.status, ExitStatus::Exited(0));
        if out.guarantees.landlock_abi.is_none() && !is_root() {
            skip(
                "answer_thief_finds_nothing_when_confined",
                "no Landlock here and not root: confinement not checked",
            );
            return;
        }
        assert!(
            stolen.is_empty(),
            "confined thief printed {:?} (guarantees {:?})",
            String::from_utf8_lossy(&stolen),
            out.guarantees
        );
        isolation = isolation_for(41);
    }
}

#[test]
fn setsid_daemon_and_double_fork_leave_no_process_behind() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "strays");
    let marker = format!("gridjudge-confined-stray-{}", std::process::id());
    let (out, _) = run_with(
        &exe,
        &[&marker],
        &empty_input(bins.path()),
        limits(),
        isolation_for(42),
        &[],
    );
    assert_eq!(out.status, ExitStatus::Exited(0));
    assert_eq!(limit_verdict(&out, &limits()), None);
    if is_root() {
        assert!(
            out.guarantees.pid_namespace,
            "root can make a PID namespace"
        );
    }
    let left = survivors(&marker, out.pgid);
    assert!(left.is_empty(), "survivors: {left:?}");
}

#[test]
fn sockets_to_loopback_and_outside_fail() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "net_connect");
    // A listener in the judge's namespace: reachable unconfined, not from the sandbox.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let input = empty_input(bins.path());
    let (control, _) = run_with(&exe, &[&port], &input, limits(), Isolation::NONE, &[]);
    match control.status {
        ExitStatus::Exited(code) => assert_eq!(code & 1, 1, "loopback unreachable unconfined"),
        other => panic!("control run ended with {other:?}"),
    }
    let (out, _) = run_with(&exe, &[&port], &input, limits(), isolation_for(43), &[]);
    if !out.guarantees.no_network && out.guarantees.landlock_abi.unwrap_or(0) < 4 {
        skip(
            "sockets_to_loopback_and_outside_fail",
            "no network namespace and no Landlock TCP rules here",
        );
        return;
    }
    assert_eq!(
        out.status,
        ExitStatus::Exited(0),
        "some connection succeeded (bit 1 loopback, 2 outside TCP, 4 outside UDP)"
    );
    // Landlock alone (ABI >= 4), without the network namespace, denies TCP too.
    let landlock_only = Isolation {
        no_network: false,
        ..isolation_for(43)
    };
    let (out, _) = run_with(&exe, &[&port], &input, limits(), landlock_only, &[]);
    if out.guarantees.landlock_abi.unwrap_or(0) >= 4 {
        match out.status {
            ExitStatus::Exited(code) => assert_eq!(code & 3, 0, "TCP got through Landlock"),
            other => panic!("unexpected {other:?}"),
        }
    }
}

#[test]
fn fork_bomb_is_contained_and_the_machine_stays_usable() {
    let _machine = support::machine::alone();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "forkbomb");
    let marker = format!("gridjudge-confined-bomb-{}", std::process::id());
    let mut l = limits();
    l.wall = Duration::from_millis(800);
    let (out, _) = run_with(
        &exe,
        &[&marker],
        &empty_input(bins.path()),
        l,
        isolation_for(44),
        &[],
    );
    // An endless fork loop ends at the wall limit or, since the memory cgroup counts
    // every process of the run, at the memory limit: either is a limit verdict.
    let verdict = limit_verdict(&out, &l).unwrap().0;
    assert!(
        matches!(
            verdict,
            Verdict::TimeLimitExceeded | Verdict::MemoryLimitExceeded
        ),
        "{verdict:?}"
    );
    if is_root() {
        assert_eq!(out.guarantees.process_limit, Some(64));
        assert!(out.guarantees.pid_namespace);
    }
    assert!(survivors(&marker, out.pgid).is_empty());
    // The machine can still start processes.
    let st = std::process::Command::new("true").status().unwrap();
    assert!(st.success());
}

#[test]
fn writes_outside_the_working_folder_fail() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "write_outside");
    let marker = format!("gridjudge-escape-{}", std::process::id());
    let open = tempfile::Builder::new()
        .prefix("gridjudge-world-writable-")
        .tempdir()
        .unwrap();
    std::fs::set_permissions(open.path(), std::fs::Permissions::from_mode(0o1777)).unwrap();
    let target = open.path().display().to_string();
    let (out, _) = run_with(
        &exe,
        &[&marker, &target],
        &empty_input(bins.path()),
        limits(),
        isolation_for(45),
        &[],
    );
    let escaped: Vec<PathBuf> = ["/tmp", "/var/tmp", "/dev/shm", &target]
        .iter()
        .map(|d| Path::new(d).join(&marker))
        .filter(|p| p.exists())
        .collect();
    for p in &escaped {
        let _ = std::fs::remove_file(p);
    }
    if out.guarantees.landlock_abi.is_none() {
        skip(
            "writes_outside_the_working_folder_fail",
            "no Landlock here: writes are limited by file modes only",
        );
        return;
    }
    assert_eq!(
        out.status,
        ExitStatus::Exited(0),
        "exit code bits: 1 parent, 2 /tmp, 4 /var/tmp, 8 /dev/shm, 16 open folder, 64 cwd failed"
    );
    assert!(escaped.is_empty(), "files written outside: {escaped:?}");
}

#[test]
fn peak_memory_inside_the_confinement_is_the_programs_own() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "touch_mem");
    let mut l = limits();
    l.memory_bytes = 256 << 20;
    let input = empty_input(bins.path());
    let (tiny, _) = run_with(&exe, &["0"], &input, l, isolation_for(46), &[]);
    let (big, _) = run_with(&exe, &["100"], &input, l, isolation_for(46), &[]);
    if is_root() {
        assert!(tiny.guarantees.pid_namespace);
    }
    assert!(
        tiny.peak_memory_bytes < 5_000_000,
        "{}",
        tiny.peak_memory_bytes
    );
    let want = 100.0 * (1u64 << 20) as f64;
    let got = big.peak_memory_bytes as f64;
    assert!(
        (got - want).abs() <= 0.1 * want,
        "100 MiB program read {got}"
    );
}

#[test]
fn explain_sandbox_and_require_isolation() {
    let _machine = support::machine::shared();
    let explain = std::process::Command::new(launcher())
        .args(["judge", "--explain-sandbox"])
        .output()
        .unwrap();
    assert_eq!(explain.status.code(), Some(0));
    let text = String::from_utf8_lossy(&explain.stdout);
    for name in ["filesystem", "processes", "network", "process limit"] {
        assert!(text.contains(&format!("] {name}:")), "{text}");
    }
    // Unconfined judging is refused under --require-isolation, naming what is missing.
    let cases = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/judge/cases");
    let refused = std::process::Command::new(launcher())
        .args([
            "judge",
            "poj3074",
            "--run-as-self",
            "--require-isolation",
            "--cases",
        ])
        .arg(&cases)
        .args(["--", "/bin/cat"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(3));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("missing guarantees: filesystem"), "{err}");
    if is_root() && gridjudge::sandbox::confine::kernel_abi().is_some() {
        assert!(text.contains("All guarantees hold"), "{text}");
        // With every guarantee in force it judges (cat is a wrong answer: exit 1).
        let judged = std::process::Command::new(launcher())
            .args(["judge", "poj3074", "--require-isolation", "--cases"])
            .arg(&cases)
            .args(["--", "/bin/cat"])
            .output()
            .unwrap();
        assert_eq!(
            judged.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&judged.stderr)
        );
    }
}

#[test]
fn memory_hidden_in_a_child_counts_with_a_cgroup() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "child_mem");
    let input = empty_input(bins.path());
    let (out, _) = run_with(&exe, &["200"], &input, limits(), isolation_for(47), &[]);
    if !out.guarantees.memory_cgroup {
        skip(
            "memory_hidden_in_a_child_counts_with_a_cgroup",
            "no memory cgroup here: a child's memory is not watched",
        );
        return;
    }
    let (verdict, message) = limit_verdict(&out, &limits()).unwrap();
    assert_eq!(verdict, Verdict::MemoryLimitExceeded, "{message}");
    // Within the limit, the child's memory is still measured (about 40 MiB).
    let (out, _) = run_with(&exe, &["40"], &input, limits(), isolation_for(47), &[]);
    assert_eq!(limit_verdict(&out, &limits()), None);
    let got = out.peak_memory_bytes as f64 / (1u64 << 20) as f64;
    assert!(
        (36.0..50.0).contains(&got),
        "child's 40 MiB read as {got:.1} MiB"
    );
}

#[test]
fn of_etc_only_what_the_runtimes_read_is_readable() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "open_paths");
    let paths = [
        "/etc/ld.so.cache",
        "/etc/localtime",
        "/etc/passwd",
        "/etc/hostname",
        "/etc/machine-id",
        "/etc/hosts",
    ];
    let stdin = bins.path().join("paths.in");
    std::fs::write(&stdin, paths.join("\n")).unwrap();
    std::fs::set_permissions(&stdin, std::fs::Permissions::from_mode(0o644)).unwrap();
    let mut unconfined = isolation_for(50);
    unconfined.confine = false;
    let (_, control) = run_with(&exe, &[], &stdin, limits(), unconfined, &[]);
    let control = String::from_utf8_lossy(&control);
    // The control: without confinement every one of these is world-readable.
    assert!(control.contains("/etc/passwd ok"), "{control}");
    let (out, stdout) = run_with(&exe, &[], &stdin, limits(), isolation_for(50), &[]);
    if out.guarantees.landlock_abi.is_none() {
        skip(
            "of_etc_only_what_the_runtimes_read_is_readable",
            "no Landlock here: /etc is limited by file modes only",
        );
        return;
    }
    let stdout = String::from_utf8_lossy(&stdout);
    for allowed in ["/etc/ld.so.cache ok", "/etc/localtime ok"] {
        assert!(stdout.contains(allowed), "{allowed}?\n{stdout}");
    }
    // (`/etc/os-release` would be readable: it is a link into `/usr/lib`.)
    for denied in [
        "/etc/passwd",
        "/etc/hostname",
        "/etc/machine-id",
        "/etc/hosts",
    ] {
        if !control.contains(&format!("{denied} ok")) {
            continue; // not on this machine
        }
        // Denied by Landlock, or (in the minimal root) not there at all.
        assert!(
            stdout.contains(&format!("{denied} denied"))
                || stdout.contains(&format!("{denied} error 2")),
            "{denied} readable:\n{stdout}"
        );
    }
}

#[test]
fn python_starts_cleanly_with_the_narrow_etc() {
    let _machine = support::machine::shared();
    let python = Path::new("/usr/bin/python3");
    if !python.exists() {
        skip(
            "python_starts_cleanly_with_the_narrow_etc",
            "no /usr/bin/python3 here: the Python runtime under confinement is not checked",
        );
        return;
    }
    let bins = bin_dir();
    let code = "import sys, json, collections, decimal, re, time; print(sum(range(10)), time.localtime().tm_year > 2000)";
    let (out, stdout) = run_with(
        python,
        &["-c", code],
        &empty_input(bins.path()),
        limits(),
        isolation_for(51),
        &[],
    );
    assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
    assert_eq!(String::from_utf8_lossy(&stdout), "45 True\n");
    assert_eq!(
        out.stderr_bytes, 0,
        "Python wrote to stderr under confinement"
    );
}

#[test]
fn the_system_call_filter_denies_each_call_and_leaves_fork_and_threads() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "syscall_probe");
    let stdin = empty_input(bins.path());
    let results = |isolation: Isolation| {
        let (out, stdout) = run_with(&exe, &[], &stdin, limits(), isolation, &[]);
        assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
        let text = String::from_utf8_lossy(&stdout).into_owned();
        let map: std::collections::BTreeMap<String, i32> = text
            .lines()
            .filter_map(|l| l.split_once(' '))
            .map(|(k, v)| (k.to_string(), v.parse().unwrap()))
            .collect();
        (out, map)
    };
    let mut unconfined = isolation_for(52);
    unconfined.confine = false;
    let (_, control) = results(unconfined);
    let (out, confined) = results(isolation_for(52));
    if !out.guarantees.seccomp {
        skip(
            "the_system_call_filter_denies_each_call_and_leaves_fork_and_threads",
            "no seccomp filter here (not x86-64?)",
        );
        return;
    }
    // The control: without the filter, most of these do something else than EPERM.
    assert_eq!(control.get("fallocate"), Some(&0), "{control:?}");
    let other = control.iter().filter(|(_, &e)| e != libc::EPERM).count();
    assert!(
        other >= 10,
        "the probe's calls are not distinctive: {control:?}"
    );
    for (name, &errno) in &confined {
        let want = match name.as_str() {
            "fork" | "thread" => 0,
            "clone3" => libc::ENOSYS,
            "fallocate" => libc::EOPNOTSUPP,
            "memfd_hugetlb" => libc::EINVAL,
            "mmap_hugetlb" => libc::ENOMEM,
            _ => libc::EPERM,
        };
        assert_eq!(
            errno,
            want,
            "{name}: confined {errno}, unconfined {:?}",
            control.get(name)
        );
    }
    assert_eq!(confined.len(), 23, "{confined:?}");
}

#[test]
fn the_working_folder_holds_at_most_the_output_limit_and_4096_files() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "fill_workdir");
    let stdin = empty_input(bins.path());
    let mut l = limits(); // 1 MiB of output
                          // Creating 6,000 files on the host's disk takes 0.1 s on a quiet machine, over 1 s
                          // of CPU on a busy one.
    l.cpu = std::time::Duration::from_secs(10);
    l.wall = std::time::Duration::from_secs(30);
    let parse = |stdout: &[u8]| -> (u64, u64) {
        let text = String::from_utf8_lossy(stdout).into_owned();
        let f: Vec<u64> = text
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect();
        assert_eq!(f.len(), 2, "{text}");
        (f[0], f[1])
    };
    // The control: on the host's disk, 8 MiB in 32 files of 256 KiB and 6000 files.
    let mut unconfined = isolation_for(53);
    unconfined.confine = false;
    let (cout, control) = run_with(&exe, &["8", "6000"], &stdin, l, unconfined, &[]);
    assert_eq!(cout.status, ExitStatus::Exited(0), "{cout:?}");
    assert_eq!(parse(&control), (8 << 20, 6000));
    let (out, stdout) = run_with(&exe, &["8", "6000"], &stdin, l, isolation_for(53), &[]);
    if !out.guarantees.private_workdir {
        skip(
            "the_working_folder_holds_at_most_the_output_limit_and_4096_files",
            "no private working folder here (no mount namespace)",
        );
        return;
    }
    assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
    let (bytes, files) = parse(&stdout);
    assert!(bytes <= l.output_bytes, "{bytes} bytes written");
    assert!(
        bytes >= l.output_bytes / 2,
        "only {bytes} bytes: is the folder usable?"
    );
    // The tmpfs root takes one inode of the 4096.
    assert!((4000..=4096).contains(&files), "{files} files");
}

/// Whether the running kernel is at least `major.minor`.
fn kernel_at_least(major: u32, minor: u32) -> bool {
    let release = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    let mut parts = release
        .trim()
        .split(|c: char| !c.is_ascii_digit())
        .filter_map(|p| p.parse::<u32>().ok());
    let (a, b) = (parts.next().unwrap_or(0), parts.next().unwrap_or(0));
    (a, b) >= (major, minor)
}

/// The `key=value` lines of `host_view.c`.
fn observations(stdout: &[u8]) -> std::collections::BTreeMap<String, String> {
    String::from_utf8_lossy(stdout)
        .lines()
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn the_program_sees_nothing_of_the_host_in_its_minimal_root() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "host_view");
    // A problem folder with an answer, as the judge hides it, and a case file in a
    // folder whose name the program must not learn.
    let problem = open_dir("gridjudge-test-problem-");
    let secret = problem.path().join("data/secret");
    std::fs::create_dir_all(&secret).unwrap();
    let answer = secret.join("01.ans");
    std::fs::write(&answer, "the answer\n").unwrap();
    let case = problem.path().join("data/secret/01.in");
    let needle = problem.path().display().to_string();
    std::fs::write(&case, format!("{}\n{needle}\n", answer.display())).unwrap();
    for p in [problem.path(), &problem.path().join("data"), &secret] {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    for p in [&case, &answer] {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    let hide = [problem.path().to_path_buf()];
    // The control: unconfined, the probe sees the host.
    let mut unconfined = isolation_for(58);
    unconfined.confine = false;
    let (cout, control) = run_with(&exe, &[], &case, limits(), unconfined, &[]);
    assert_eq!(cout.status, ExitStatus::Exited(0), "{cout:?}");
    let control = observations(&control);
    assert_eq!(control["stat"], "ok", "{control:?}");
    assert!(control["fd0"].ends_with("01.in"), "{control:?}");

    let (out, stdout) = run_with(&exe, &[], &case, limits(), isolation_for(58), &hide);
    if !out.guarantees.minimal_root {
        skip(
            "the_program_sees_nothing_of_the_host_in_its_minimal_root",
            "no minimal root here (not root)",
        );
        return;
    }
    assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
    let seen = observations(&stdout);
    let text = String::from_utf8_lossy(&stdout);
    assert_eq!(seen["fd0"], "/memfd:stdin (deleted)", "{text}");
    // The capture files through a detached copy of their folder, the init under a
    // neutral name: no path of the host.
    assert_eq!(seen["fd1"], "/stdout", "{text}");
    assert_eq!(seen["fd2"], "/stderr", "{text}");
    assert!(!seen["init"].contains('/'), "{text}");
    assert_eq!(seen["cwd"], "/box", "{text}");
    assert_ne!(seen["cmdline"], "ok", "{text}");
    assert_eq!(seen["hostname"], "gridjudge", "{text}");
    assert!(
        !text.contains(&needle) && !text.contains("gridjudge-test-problem"),
        "a host path leaked:\n{text}"
    );
    for line in seen["cgroup"].split(';').filter(|l| !l.is_empty()) {
        assert!(
            line.ends_with(":/"),
            "the cgroup path leaked: {line}\n{text}"
        );
    }
    let allowed = [
        "bin", "box", "dev", "etc", "lib", "lib32", "lib64", "proc", "program", "sbin", "sys",
        "tmp", "usr",
    ];
    // `/` itself is not listable under Landlock; whatever it shows is the root's own.
    if seen["root"] != "Permission denied" {
        for entry in seen["root"].split(',') {
            assert!(allowed.contains(&entry), "/{entry} in the root:\n{text}");
        }
    }
    assert_eq!(seen["stat"], "No such file or directory", "{text}");
    // No watch at all under the system-call filter (another run's reads of a shared
    // file would be events); the answer's path does not exist either.
    let no_watch = if out.guarantees.seccomp {
        "Operation not permitted"
    } else {
        "No such file or directory"
    };
    assert_eq!(seen["inotify"], no_watch, "{text}");
    assert_eq!(seen["mountinfo"], "0", "{text}");
    // The probe itself is a staged copy under /program: no mount, link or argument
    // names the folder it was built in.
    if kernel_at_least(6, 15) {
        let built = bins.path().display().to_string();
        assert_eq!(seen["exe"], "/program/host_view", "{text}");
        assert_eq!(seen["argv0"], "/program/host_view", "{text}");
        let mounts: Vec<&str> = seen["mounts"]
            .split(';')
            .filter(|m| !m.is_empty())
            .collect();
        assert!(mounts.contains(&"/>/program"), "{text}");
        for mount in mounts {
            assert!(
                !mount.contains(&built) && !mount.contains("/tmp/"),
                "mountinfo names a host path: {mount}\n{text}"
            );
        }
    } else {
        skip(
            "the_program_sees_nothing_of_the_host_in_its_minimal_root (its own path)",
            "Linux before 6.15 cannot copy a detached mount: the program is bound from its host path",
        );
    }
    assert_eq!(
        seen["vsock"], "Address family not supported by protocol",
        "{text}"
    );
    assert_eq!(
        seen["alg"], "Address family not supported by protocol",
        "{text}"
    );
    for call in ["modify_ldt", "memfd_secret", "listmount", "open_tree_attr"] {
        // EPERM from the filter (ENOSYS only where the kernel lacks the call).
        assert!(
            seen[call] == libc::EPERM.to_string() || seen[call] == libc::ENOSYS.to_string(),
            "{call} allowed:\n{text}"
        );
    }
    assert_eq!(seen["nofile"], "64", "{text}");
}

#[test]
fn cpu_burnt_in_children_never_waited_for_counts() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_submission(
        bins.path(),
        "poj3074",
        "time_limit_exceeded",
        "cpu_in_unreaped_children",
    );
    let stdin = empty_input(bins.path());
    let mut l = limits();
    l.wall = Duration::from_secs(15);
    // The control, unconfined: the zombies' CPU time is nobody's.
    let mut unconfined = isolation_for(60);
    unconfined.confine = false;
    let (control, _) = run_with(&exe, &[], &stdin, l, unconfined, &[]);
    assert_eq!(control.status, ExitStatus::Exited(0), "{control:?}");
    assert!(
        control.cpu < l.cpu,
        "the probe hides its CPU time: {control:?}"
    );
    let (out, _) = run_with(&exe, &[], &stdin, l, isolation_for(60), &[]);
    if !out.guarantees.cpu_all_processes {
        skip(
            "cpu_burnt_in_children_never_waited_for_counts",
            "no CPU-accounting cgroup here",
        );
        return;
    }
    assert!(out.cpu >= l.cpu, "{out:?}");
    assert!(
        out.wall < Duration::from_secs(4),
        "killed near the limit: {out:?}"
    );
    assert_eq!(
        limit_verdict(&out, &l).map(|(v, _)| v),
        Some(Verdict::TimeLimitExceeded),
        "{out:?}"
    );
}

#[test]
fn cpu_of_python_multiprocessing_workers_counts() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let script = bins.path().join("workers.py");
    std::fs::write(
        &script,
        "import multiprocessing as m, time\n\
         def burn():\n    end = time.process_time() + 0.6\n    while time.process_time() < end: pass\n\
         if __name__ == '__main__':\n    ps = [m.Process(target=burn) for _ in range(4)]\n\
         \x20   [p.start() for p in ps]\n    [p.join() for p in ps]\n    print('done')\n",
    )
    .unwrap();
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o644)).unwrap();
    let python = Path::new("/usr/bin/python3");
    if !python.is_file() {
        skip(
            "cpu_of_python_multiprocessing_workers_counts",
            "no /usr/bin/python3",
        );
        return;
    }
    let mut l = limits();
    l.wall = Duration::from_secs(15);
    let script_arg = script.display().to_string();
    let (out, stdout) = run_with(
        python,
        &[&script_arg],
        &empty_input(bins.path()),
        l,
        isolation_for(61),
        &[],
    );
    if !out.guarantees.cpu_all_processes {
        skip(
            "cpu_of_python_multiprocessing_workers_counts",
            "no CPU-accounting cgroup here",
        );
        return;
    }
    // 2.4 s of CPU in four worker processes: TLE at 1 s, whatever the main one used.
    assert!(
        out.cpu >= l.cpu,
        "{out:?} {}",
        String::from_utf8_lossy(&stdout)
    );
    assert_eq!(
        limit_verdict(&out, &l).map(|(v, _)| v),
        Some(Verdict::TimeLimitExceeded),
        "{out:?}"
    );
}

#[test]
fn system_v_ipc_objects_do_not_outlive_a_run() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "ipc_objects");
    let stdin = empty_input(bins.path());
    let (put, stdout) = run_with(&exe, &["put"], &stdin, limits(), isolation_for(62), &[]);
    if !put.guarantees.private_ipc {
        skip(
            "system_v_ipc_objects_do_not_outlive_a_run",
            "no IPC namespace here",
        );
        return;
    }
    assert_eq!(String::from_utf8_lossy(&stdout), "put\n");
    let (_, stdout) = run_with(&exe, &["get"], &stdin, limits(), isolation_for(62), &[]);
    assert_eq!(
        String::from_utf8_lossy(&stdout),
        "none\n",
        "the next run saw them"
    );
    // Nor does the host hold them.
    // SAFETY: a plain System V call with a fixed key; nothing is created.
    let segment = unsafe { libc::shmget(0x67726a31, 0, 0) };
    assert!(segment < 0, "a segment is left on the host");
    // SAFETY: as above.
    let semaphores = unsafe { libc::semget(0x67726a32, 0, 0) };
    assert!(semaphores < 0, "a semaphore set is left");
    // SAFETY: as above.
    let queue = unsafe { libc::msgget(0x67726a33, 0) };
    assert!(queue < 0, "a message queue is left");
}

/// Runs an example submission of poj3074's `memory_limit_exceeded` under its limits
/// (64 MiB) in `mode`; returns the outcome and the verdict.
fn memory_probe(
    name: &str,
    mode: gridjudge::sandbox::limits::MemoryMode,
    slot: u32,
) -> (gridjudge::sandbox::RunOutcome, Option<Verdict>) {
    let bins = bin_dir();
    let exe = compile_submission(bins.path(), "poj3074", "memory_limit_exceeded", name);
    let mut l = limits();
    l.output_bytes = 64 << 20;
    l.memory_mode = mode;
    l.wall = Duration::from_secs(10);
    let (out, _) = run_with(
        &exe,
        &[],
        &empty_input(bins.path()),
        l,
        isolation_for(slot),
        &[],
    );
    let verdict = limit_verdict(&out, &l).map(|(v, _)| v);
    (out, verdict)
}

#[test]
fn memory_held_in_the_kernel_and_in_files_counts_in_both_modes() {
    let _machine = support::machine::shared();
    use gridjudge::sandbox::limits::MemoryMode;
    // oom_child_then_spin: a kernel OOM kill of a child, then a CPU-limit kill, is MLE.
    for name in [
        "socket_buffers",
        "workdir_files_and_memfd",
        "oom_child_then_spin",
    ] {
        for (mode, slot) in [(MemoryMode::PeakRss, 63), (MemoryMode::AddressSpace, 64)] {
            let (out, verdict) = memory_probe(name, mode, slot);
            if !out.guarantees.memory_cgroup {
                skip(
                    "memory_held_in_the_kernel_and_in_files_counts_in_both_modes",
                    "no memory cgroup here",
                );
                return;
            }
            assert_eq!(
                verdict,
                Some(Verdict::MemoryLimitExceeded),
                "{name} {mode:?}: {out:?}"
            );
            assert!(out.peak_memory_bytes > 64 << 20, "{name} {mode:?}: {out:?}");
        }
    }
}

#[test]
fn caches_a_run_leaves_charged_do_not_count_against_the_next_run() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let lookups = compile_c(bins.path(), "missing_names");
    let tiny = compile_c(bins.path(), "echo_sum");
    let input = bins.path().join("sum.in");
    std::fs::write(&input, b"2 3\n").unwrap();
    std::fs::set_permissions(&input, std::fs::Permissions::from_mode(0o644)).unwrap();
    let isolation = isolation_for(65);
    // One launcher for both runs, as a judge worker has.
    let mut sandbox = gridjudge::sandbox::Sandbox::new(&launcher());
    let mut run = |exe: &Path| {
        let dirs = gridjudge::sandbox::CaseDirs::new(isolation.run_as).unwrap();
        let spec = spec(&dirs, exe, &[], &input, limits(), isolation, &[]);
        let out = sandbox.run(&spec).unwrap();
        (out, std::fs::read(dirs.stdout()).unwrap())
    };
    let (first, _) = run(&lookups);
    if !first.guarantees.memory_cgroup {
        skip(
            "caches_a_run_leaves_charged_do_not_count_against_the_next_run",
            "no memory cgroup here",
        );
        return;
    }
    let (second, stdout) = run(&tiny);
    assert_eq!(second.killed_for, None, "{first:?}\n{second:?}");
    assert_eq!(second.status, ExitStatus::Exited(0), "{second:?}");
    assert_eq!(String::from_utf8_lossy(&stdout).trim(), "5");
    assert!(
        second.peak_memory_bytes < 16 << 20,
        "the second run counts the first one's caches: {second:?}"
    );
}
