//! Descriptor hygiene (`crates/sandbox/src/descriptors.rs`): a program judged by gridjudge starts
//! with exactly stdin, stdout and stderr open, whatever its caller left open. The probe
//! `tests/fixtures/judge/programs/fd_probe.c` lists, writes to and reads from every
//! descriptor above 2; each test first shows that the probe does see descriptors when
//! they are there (a control run), so a pass means something.

use crate::support;

use std::fs::OpenOptions;
use std::os::fd::AsRawFd;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Command;
use support::judge::*;

/// A host file that only root may touch, as in the report: the program must
/// not be able to append to it through an inherited descriptor.
fn host_file(dir: &Path, name: &str, text: &str) -> std::path::PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o600)).unwrap();
    p
}

/// Runs `cmd` with `append` open for appending on fd 7 and `secret` open for reading on
/// fd 8, neither close-on-exec (as a shell's `7>>append 8<secret` leaves them).
fn with_fds_7_and_8(cmd: &mut Command, append: &Path, secret: &Path) -> std::process::Output {
    let a = OpenOptions::new().append(true).open(append).unwrap();
    let s = std::fs::File::open(secret).unwrap();
    let (a_fd, s_fd) = (a.as_raw_fd(), s.as_raw_fd());
    let pre_exec = move || {
        // Out of the way first: `a_fd` or `s_fd` may itself be 7 or 8.
        // SAFETY: fcntl on the test's own open descriptors, between fork and exec.
        let a_high = unsafe { libc::fcntl(a_fd, libc::F_DUPFD_CLOEXEC, 200) };
        // SAFETY: as above.
        let s_high = unsafe { libc::fcntl(s_fd, libc::F_DUPFD_CLOEXEC, 200) };
        for (from, to) in [a_high, s_high].into_iter().zip([7, 8]) {
            // dup2 leaves the new descriptor without FD_CLOEXEC: it is inherited.
            // SAFETY: dup2 takes no pointers; 7 and 8 are the child's to replace.
            if from < 0 || unsafe { libc::dup2(from, to) } < 0 {
                return Err(std::io::Error::last_os_error());
            }
        }
        // Nothing else of the test harness's (cargo's jobserver pipes): the probe
        // writes into whatever it finds.
        for fd in [3, 4, 5, 6] {
            // SAFETY: the child's copies, which the program must not inherit.
            unsafe { libc::close(fd) };
        }
        // SAFETY: as above, every descriptor from 9 on.
        unsafe { libc::syscall(libc::SYS_close_range, 9u32, u32::MAX, 0u32) };
        Ok(())
    };
    // SAFETY: `pre_exec` makes raw system calls only (no allocation, no lock), between
    // fork and exec; `a` and `s` outlive the spawn.
    unsafe { cmd.pre_exec(pre_exec) };
    let out = cmd.output().unwrap();
    drop((a, s));
    out
}

#[test]
fn the_probe_sees_inherited_descriptors_when_run_directly() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let probe = compile_c(bins.path(), "fd_probe");
    let tmp = tempfile::tempdir().unwrap();
    let append = host_file(tmp.path(), "host_file", "");
    let secret = host_file(tmp.path(), "secret", "root's secret\n");
    let out = with_fds_7_and_8(&mut Command::new(&probe), &append, &secret);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains(" 7") && stdout.contains(" 8"), "{stdout}");
    assert_eq!(out.status.code(), Some(102), "{stdout}");
    assert_eq!(std::fs::read_to_string(&append).unwrap(), "leaked\n");
}

#[test]
fn a_judged_program_sees_only_0_1_2_whatever_the_judge_inherited() {
    let _machine = support::machine::shared();
    let bins = bin_dir();
    let probe = compile_c(bins.path(), "fd_probe");
    let tmp = tempfile::tempdir().unwrap();
    let append = host_file(tmp.path(), "host_file", "untouched\n");
    let secret = host_file(tmp.path(), "secret", "root's secret\n");
    let cases = fixtures().join("cases");
    for extra in [&[][..], &["--run-as-self"][..]] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_gridjudge"));
        cmd.args(["judge", "poj3074", "--cases"])
            .arg(&cases)
            .args(["--format", "json"])
            .args(extra)
            .arg("--")
            .arg(&probe);
        let out = with_fds_7_and_8(&mut cmd, &append, &secret);
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}): {}\nstderr: {}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            )
        });
        let judged = json["problems"][0]["cases"].as_array().unwrap();
        assert!(!judged.is_empty());
        for case in judged {
            // "none" is a wrong answer; a probe that saw a descriptor exits 100 + n (RE).
            assert_eq!(case["verdict"], "WA", "{extra:?}: {case}");
        }
    }
    assert_eq!(std::fs::read_to_string(&append).unwrap(), "untouched\n");
}

#[test]
fn the_launcher_and_the_child_close_what_the_caller_left_open() {
    let _machine = support::machine::shared();
    // The library path: this test process does not seal its descriptors, so the
    // launcher it spawns inherits one; the launcher closes it at start and the child
    // seals everything before exec.
    let bins = bin_dir();
    let probe = compile_c(bins.path(), "fd_probe");
    let tmp = tempfile::tempdir().unwrap();
    let append = host_file(tmp.path(), "host_file", "untouched\n");
    let file = OpenOptions::new().append(true).open(&append).unwrap();
    // SAFETY: a dup far above anything else this test process holds; not close-on-exec.
    let leaked = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_DUPFD, 700) };
    assert!(leaked >= 700);
    let stdin = empty_input(bins.path());
    let isolation = isolation_for(54);
    let dirs = gridjudge::sandbox::CaseDirs::new(isolation.run_as).unwrap();
    let spec = spec(&dirs, &probe, &[], &stdin, limits(), isolation, &[]);
    let outcome = gridjudge::sandbox::Sandbox::new(&launcher())
        .run(&spec)
        .unwrap();
    // SAFETY: our own descriptor.
    unsafe { libc::close(leaked) };
    let stdout = std::fs::read_to_string(dirs.stdout()).unwrap();
    assert_eq!(stdout, "none\n", "{outcome:?}");
    assert_eq!(std::fs::read_to_string(&append).unwrap(), "untouched\n");
}
