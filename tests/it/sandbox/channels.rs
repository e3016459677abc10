//! Covert channels between runs through what they share on the host: the page cache of
//! a file every run can read, and file locks on it (`cache_channel.c`, a sender and a
//! receiver). Each test shows the channel working without confinement (the control),
//! then that confined runs pass nothing: the eviction and prefetch calls are refused,
//! what a run loaded is dropped from the cache when it ends, and a lock is never held.
//! And what a run learns of the judge's folders through an interactive input.

use crate::support;

use gridjudge::sandbox::limits::Isolation;
use gridjudge::sandbox::ExitStatus;
use std::collections::BTreeMap;
use std::io::Write;
use std::os::fd::AsRawFd;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use support::judge::*;

/// The probe, with 10 MiB appended (the pages the channel uses: no other program
/// touches them, so the test controls whether they are cached), flushed to disk.
fn probe(dir: &Path) -> PathBuf {
    let exe = compile_c(dir, "cache_channel");
    let mut f = std::fs::OpenOptions::new().append(true).open(&exe).unwrap();
    let mut x: u32 = 0x9e37_79b9;
    let block: Vec<u8> = (0..1 << 20)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect();
    for _ in 0..10 {
        f.write_all(&block).unwrap();
    }
    f.sync_all().unwrap();
    // Pages cached by the writes may be large folios, of which one page cannot be
    // evicted alone: the pages read back later are the ones any file under /usr has.
    cool(&exe);
    exe
}

/// Every page of `file` cached (read through).
fn warm(file: &Path) {
    std::fs::read(file).unwrap();
}

/// No page of `file` cached.
fn cool(file: &Path) {
    let f = std::fs::File::open(file).unwrap();
    f.sync_all().unwrap();
    // SAFETY: plain advice on an open descriptor.
    let r = unsafe { libc::posix_fadvise(f.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED) };
    assert_eq!(r, 0);
}

/// The `bits=` line of the receiver.
fn bits(stdout: &[u8]) -> String {
    let text = String::from_utf8_lossy(stdout);
    text.lines()
        .find_map(|l| l.strip_prefix("bits="))
        .unwrap_or_else(|| panic!("no bits in {text}"))
        .to_string()
}

/// How many of the 64 bits of `message` (bit i = character i) `got` has right.
fn score(message: u64, got: &str) -> usize {
    got.chars()
        .enumerate()
        .filter(|&(i, c)| (c == '1') == ((message >> i) & 1 == 1))
        .count()
}

fn unconfined(slot: u32) -> Isolation {
    let mut i = isolation_for(slot);
    i.confine = false;
    i
}

/// A sender run then a receiver run (each with a launcher of its own, as two judge
/// processes one after the other); the receiver's score and output, with the sender's
/// `evict ERRNO` line.
fn pair(exe: &Path, message: u64, method: &str, isolation: [Isolation; 2]) -> (usize, String) {
    let dir = exe.parent().unwrap();
    let stdin = empty_input(dir);
    let hex = format!("{message:016x}");
    let (out, sent) = run_with(
        exe,
        &["send", &hex, method],
        &stdin,
        limits(),
        isolation[0],
        &[],
    );
    assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
    let (out, stdout) = run_with(exe, &["recv"], &stdin, limits(), isolation[1], &[]);
    assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
    let got = bits(&stdout);
    let sent = String::from_utf8_lossy(&sent);
    let evict = sent.lines().find(|l| l.starts_with("evict ")).unwrap_or("");
    (
        score(message, &got),
        format!(
            "{} {evict}",
            String::from_utf8_lossy(&stdout).replace('\n', " ")
        ),
    )
}

#[test]
fn page_cache_and_lock_calls_are_filtered() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = probe(bins.path());
    let stdin = empty_input(bins.path());
    let results = |isolation: Isolation| {
        let (out, stdout) = run_with(&exe, &["calls"], &stdin, limits(), isolation, &[]);
        assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
        let text = String::from_utf8_lossy(&stdout).into_owned();
        let map: BTreeMap<String, i32> = text
            .lines()
            .filter_map(|l| l.split_once(' '))
            .map(|(k, v)| (k.to_string(), v.parse().unwrap()))
            .collect();
        (out, map)
    };
    let (_, control) = results(unconfined(80));
    let (out, confined) = results(isolation_for(80));
    if !out.guarantees.seccomp {
        skip(
            "page_cache_and_lock_calls_are_filtered",
            "no seccomp filter here (not x86-64?)",
        );
        return;
    }
    // The control: every call works, every lock is seen from another descriptor or
    // process.
    for (name, &v) in &control {
        let want = i32::from(name.ends_with("_seen"));
        assert_eq!(v, want, "unconfined {name}: {control:?}");
    }
    for (name, &v) in &confined {
        let want = match name.as_str() {
            "madvise_pageout" | "madvise_cold" | "madvise_remove" => libc::EINVAL,
            // A read-ahead hint "succeeds", and reads nothing.
            "madvise_willneed" => 0,
            "madvise_dontneed_anon" | "madvise_dontneed_file" => 0,
            // A lock call "succeeds", and nobody sees the lock.
            "f_ofd_setlk" | "f_ofd_setlkw" | "f_setlk" | "f_setlkw" | "flock" => 0,
            n if n.ends_with("_seen") => 0,
            _ => libc::EPERM,
        };
        assert_eq!(
            v,
            want,
            "confined {name}: {v}, unconfined {:?}",
            control.get(name)
        );
    }
    assert_eq!(confined.len(), 25, "{confined:?}");
    assert_eq!(control.len(), confined.len(), "{control:?}");
}

#[test]
fn a_run_leaves_no_bits_in_the_page_cache_for_the_next() {
    // Timings of a few microseconds: no other test's programs run beside it.
    let _machine = support::machine::alone();
    let bins = bin_dir();
    let exe = probe(bins.path());
    // The control, unconfined: evicting (the pages cached before) or loading (the
    // pages not cached) passes the message.
    let free = [unconfined(81), unconfined(82)];
    let message = 0x5a5a_5a5a_0f0f_3c3c;
    // The control shows the channel exists: its best of three pairs, since on a busy
    // machine the kernel may keep a few just-read pages an eviction asked it to drop
    // (seen: the last 6 to 12 pairs of the region, 51–55/64).
    let best = |method: &str, prepare: &dyn Fn(&Path)| {
        (0..3)
            .map(|_| {
                prepare(&exe);
                pair(&exe, message, method, free)
            })
            .max_by_key(|(got, _)| *got)
            .unwrap_or_default()
    };
    let (hot, seen) = best("fadvise", &warm);
    assert!(
        hot >= 56,
        "eviction should pass the bits unconfined: {hot}/64 {seen}"
    );
    let (cold, seen) = best("none", &cool);
    assert!(
        cold >= 56,
        "loading should pass the bits unconfined: {cold}/64 {seen}"
    );

    // Confined: 20 pairs, each with a message of its own; evicting is refused, what the
    // sender loaded is gone when the receiver starts.
    let confined = [isolation_for(81), isolation_for(82)];
    let mut x = u64::from(std::process::id()) | 1 << 40;
    let mut scores = Vec::new();
    for k in 0..20 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let (method, hot) = match k % 4 {
            0 => ("fadvise", true),
            1 => ("pageout", true),
            _ => ("none", false),
        };
        if hot {
            warm(&exe);
        } else {
            cool(&exe);
        }
        let (got, seen) = pair(&exe, x, method, confined);
        if method != "none" {
            assert!(
                !seen.ends_with("evict 0"),
                "a confined {method} eviction succeeded: {seen}"
            );
        }
        scores.push((got, method, seen));
    }
    let (run, _) = run_with(
        &exe,
        &["recv"],
        &empty_input(bins.path()),
        limits(),
        confined[0],
        &[],
    );
    if !run.guarantees.seccomp || !run.guarantees.memory_cgroup {
        skip(
            "a_run_leaves_no_bits_in_the_page_cache_for_the_next",
            "no seccomp filter or no memory cgroup here",
        );
        return;
    }
    let report: Vec<String> = scores
        .iter()
        .map(|(g, m, s)| format!("{g}/64 {m}: {s}"))
        .collect();
    let report = report.join("\n");
    // The channels the sandbox closes: a sender that evicts with MADV_PAGEOUT (refused),
    // and one that loads pages nobody had cached (dropped when its run ends). At chance
    // a pair scores 32 ± 4; an open channel scores 58 to 64.
    let closed: Vec<_> = scores.iter().filter(|s| s.1 != "fadvise").collect();
    assert!(
        closed.iter().all(|s| s.0 <= 56),
        "a pair passed bits:\n{report}"
    );
    let cold: usize = closed.iter().filter(|s| s.1 == "none").map(|s| s.0).sum();
    assert!(
        cold <= 10 * 40,
        "pages the senders loaded were still cached: {cold}/640\n{report}"
    );
    let total: usize = closed.iter().map(|s| s.0).sum();
    assert!(
        total <= 15 * 40,
        "the pairs score above chance: {total}/960\n{report}"
    );
    // The residual docs/sandbox.md states: a "fadvise" sender's eviction is refused (the
    // test above), so it only *reads* pages that were cached, and a page read a moment
    // ago faults a little faster for the next reader (the CPU's caches hold what the
    // fault touched). How much that carries depends on the host: from chance to 51/64
    // on the machines measured, above 56/64 in one pair on a CI runner. It is measured
    // and printed here, not bounded: the sandbox does not close it.
    let residual: Vec<usize> = scores
        .iter()
        .filter(|s| s.1 == "fadvise")
        .map(|s| s.0)
        .collect();
    eprintln!(
        "page-cache channel, 15 confined pairs that evict or load: {total}/960 bits right \
         (chance 480); the read-only residual, 5 pairs: {residual:?} of 64\n{report}"
    );
}

#[test]
fn a_lock_taken_by_one_run_is_not_seen_by_another() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = probe(bins.path());
    let message: u64 = 0xdead_beef_0bad_f00d;
    let exchange = |isolation: [Isolation; 2]| {
        let stdin = empty_input(bins.path());
        std::thread::scope(|s| {
            let hold = s.spawn(|| {
                let hex = format!("{message:016x}");
                let (out, _) = run_with(
                    &exe,
                    &["lock", &hex, "2000"],
                    &stdin,
                    limits(),
                    isolation[0],
                    &[],
                );
                out
            });
            std::thread::sleep(std::time::Duration::from_millis(700));
            let (out, stdout) = run_with(&exe, &["locked"], &stdin, limits(), isolation[1], &[]);
            let sender = hold.join().unwrap();
            assert_eq!(sender.status, ExitStatus::Exited(0), "{sender:?}");
            assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
            (out, String::from_utf8_lossy(&stdout).into_owned())
        })
    };
    let (_, control) = exchange([unconfined(83), unconfined(84)]);
    assert_eq!(score(message, &bits(control.as_bytes())), 64, "{control}");
    assert!(control.contains("flock=1"), "{control}");
    let (out, seen) = exchange([isolation_for(83), isolation_for(84)]);
    if !out.guarantees.seccomp {
        skip(
            "a_lock_taken_by_one_run_is_not_seen_by_another",
            "no seccomp filter here",
        );
        return;
    }
    assert_eq!(bits(seen.as_bytes()), "0".repeat(64), "{seen}");
    assert!(seen.contains("flock=0"), "{seen}");
}

#[test]
fn an_interactive_runs_input_names_no_host_folder() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let exe = compile_c(bins.path(), "host_view");
    // The judge's pipes: a FIFO in a scratch folder whose name the program must not
    // learn, written by the "interactor" (here a thread).
    let scratch = tempfile::Builder::new()
        .prefix("gridjudge-pass-test-")
        .tempdir()
        .unwrap();
    std::fs::set_permissions(scratch.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let fifo = scratch.path().join("to_program");
    let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid C string path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let needle = scratch.path().display().to_string();
    let run = |isolation: Isolation| {
        std::thread::scope(|s| {
            s.spawn(|| {
                let mut w = std::fs::OpenOptions::new().write(true).open(&fifo).unwrap();
                let _ = w.write_all(format!("/nonexistent\n{needle}\n").as_bytes());
            });
            run_with(&exe, &[], &fifo, limits(), isolation, &[])
        })
    };
    let (cout, control) = run(unconfined(85));
    assert_eq!(cout.status, ExitStatus::Exited(0), "{cout:?}");
    let control = String::from_utf8_lossy(&control).into_owned();
    assert!(
        control.contains(&format!("fd0={needle}/to_program")),
        "{control}"
    );
    let (out, seen) = run(isolation_for(85));
    if !out.guarantees.minimal_root {
        skip(
            "an_interactive_runs_input_names_no_host_folder",
            "no minimal root here (not root)",
        );
        return;
    }
    assert_eq!(out.status, ExitStatus::Exited(0), "{out:?}");
    let seen = String::from_utf8_lossy(&seen).into_owned();
    assert!(seen.contains("fd0=/to_program\n"), "{seen}");
}
