//! The [`Sandbox`]: the sandbox layer's one API, the client of a launcher. A sandbox keeps
//! one long-lived launcher process that runs many programs, one after another — the
//! judge's side of the `gridjudge __launch` protocol. A one-shot run is
//! `Sandbox::new(launcher).run(&spec)`.
//!
//! Starting a launcher costs about a millisecond of CPU (executing the gridjudge binary,
//! dynamic linking, the runtime), and a fresh network namespace per run another
//! 0.7–0.9 ms plus its asynchronous teardown in the kernel. A judge worker therefore
//! keeps one launcher for all its cases: it writes one [`RunSpec`] as a JSON line to the
//! launcher's stdin and reads one [`LaunchReport`] line back. Every run is still
//! forked from that small launcher (so `ru_maxrss` starts from a few MiB, see
//! the [`sandbox`](crate) module doc), gets its own PID and mount namespaces, cgroup and limits, and is
//! completely dead before its report is written. As root the launcher enters one empty
//! network namespace of its own when it starts serving: the runs of one sandbox share
//! it one after another, never at the same time, and nothing of a run survives in it.
//!
//! If the launcher dies or stops answering (past the wall ceiling, the latest a run
//! whose waits for a CPU are credited may end, plus [`LAUNCHER_GRACE`]), the run is a [`SandboxError::Protocol`] and the next run starts
//! a fresh launcher.
//!
//! While it waits for a report, the judge also polls the [`interrupt`] self-pipe: on
//! SIGINT, SIGTERM or SIGHUP it ends the launcher as it ends a failed one (stopped, its
//! children killed with their process groups, then killed itself and reaped; the
//! program dies with its PID namespace), removes its leftover cgroup and returns
//! [`SandboxError::Interrupted`]. Once a signal has arrived, no run starts.

use crate::host::host_command;
use crate::interrupt;
use crate::{LaunchReply, LaunchReport, RunOutcome, RunSpec, SandboxError, LAUNCH_ARG};
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Stdio};
use std::time::{Duration, Instant};

/// How long past the wall ceiling ([`Limits::wall_ceiling`](crate::limits::Limits::wall_ceiling)) the judge waits for a launcher's report before killing it.
pub const LAUNCHER_GRACE: Duration = Duration::from_secs(10);

/// Most of a dead launcher's stderr kept in an error message, in characters.
const STDERR_KEPT: usize = 2000;

/// Runs programs under limits, one after another, through one launcher process:
/// started on the first [`Sandbox::run`], ended on drop.
#[derive(Debug)]
pub struct Sandbox {
    launcher: PathBuf,
    live: Option<Live>,
    /// CPU time used by launchers of this sandbox that have ended.
    ended_cpu: Duration,
    /// CPU time used by the live launcher, as of its last reply.
    live_cpu: Duration,
}

/// The running launcher and its three pipes.
#[derive(Debug)]
struct Live {
    child: Child,
    to: ChildStdin,
    from: BufReader<ChildStdout>,
    err: ChildStderr,
}

impl Sandbox {
    /// A sandbox that runs programs through the launcher binary `launcher` (a gridjudge
    /// executable). Nothing starts until the first run.
    pub fn new(launcher: &Path) -> Sandbox {
        Sandbox {
            launcher: launcher.to_path_buf(),
            live: None,
            ended_cpu: Duration::ZERO,
            live_cpu: Duration::ZERO,
        }
    }

    /// CPU time (user + system) used so far by this sandbox's launchers and everything
    /// they ran, as of the last reply: the runs' own CPU plus the judge's overhead on
    /// the launcher side. A launcher that failed is counted up to its last reply.
    pub fn cpu(&self) -> Duration {
        self.ended_cpu + self.live_cpu
    }

    /// Runs `spec` and returns what happened. Blocks until the program and everything it
    /// spawned is dead.
    pub fn run(&mut self, spec: &RunSpec) -> Result<RunOutcome, SandboxError> {
        interrupt::check().map_err(|i| SandboxError::Interrupted(i.signal))?;
        let spec = with_absolute_paths(spec);
        let mut line =
            serde_json::to_string(&*spec).map_err(|e| SandboxError::Prepare(e.to_string()))?;
        line.push('\n');
        // A launcher that died while idle (killed from outside) is replaced before the
        // run, so the run does not become a judge error for it.
        if let Some(live) = self.live.as_mut() {
            if !matches!(live.child.try_wait(), Ok(None)) {
                self.live.take().map(end);
            }
        }
        let live = match self.live.take() {
            Some(live) => live,
            None => {
                self.ended_cpu += std::mem::take(&mut self.live_cpu);
                self.start()?
            }
        };
        let (live, reply) = exchange(live, &line, spec.limits.wall_ceiling() + LAUNCHER_GRACE);
        let reply = match reply {
            Ok(reply) => reply,
            Err(Stop::Failed(detail)) => {
                return Err(SandboxError::Protocol {
                    detail,
                    stderr: end(live),
                })
            }
            Err(Stop::Interrupted(signal)) => {
                end(live);
                return Err(SandboxError::Interrupted(signal));
            }
        };
        self.live = Some(live);
        let reply: LaunchReply =
            serde_json::from_str(&reply).map_err(|e| SandboxError::Protocol {
                detail: e.to_string(),
                stderr: self.live.take().map(end).unwrap_or_default(),
            })?;
        self.live_cpu = reply.launcher_cpu;
        match reply.report {
            LaunchReport::Ran(outcome) => Ok(outcome),
            LaunchReport::Failed(msg) => Err(SandboxError::Launch(msg)),
        }
    }

    /// The process id of the live launcher, if one is running.
    pub fn launcher_pid(&self) -> Option<u32> {
        self.live.as_ref().map(|l| l.child.id())
    }

    fn start(&self) -> Result<Live, SandboxError> {
        // On cgroup v2 the judge may first have to move into a leaf of its cgroup so
        // that its runs' cgroups can have the memory controller; launchers started
        // after that inherit the leaf. Once per process; the outcome is only reported
        // (`--explain-sandbox`), a run without a cgroup says so in its guarantees.
        let _ = crate::cgroup::prepare_judge();
        let spawn_err = |source| SandboxError::Spawn {
            path: self.launcher.clone(),
            source,
        };
        // The launcher gets its own process group: a terminal's Ctrl-C reaches the judge,
        // not the launcher, which still enforces the wall deadline and cleans up; then it
        // reads end-of-file and exits.
        // Nothing of the judge's environment reaches the launcher (whose fork, the
        // namespace's init, lives beside the program): each run's environment is in
        // its spec; nor the judge's working folder (`host_command`: it starts in `/`,
        // the spec's paths are absolute). Nor its path: the init's `/proc/1/cmdline`,
        // which every process may read, is the launcher's, so its `argv[0]` is a plain
        // `gridjudge`.
        let mut child = host_command(&self.launcher)
            .arg0("gridjudge")
            .arg(LAUNCH_ARG)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(spawn_err)?;
        match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
            (Some(to), Some(from), Some(err)) => Ok(Live {
                child,
                to,
                from: BufReader::new(from),
                err,
            }),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                Err(SandboxError::Protocol {
                    detail: "the launcher's pipes are missing".into(),
                    stderr: String::new(),
                })
            }
        }
    }
}

impl Drop for Sandbox {
    fn drop(&mut self) {
        if let Some(live) = self.live.take() {
            // End of input: an idle launcher exits at once.
            drop(live.to);
            let mut child = live.child;
            let _ = child.wait();
        }
    }
}

/// `spec` with every path absolute, taken from the judge's working folder: the launcher
/// runs in `/` ([`host_command`]), where a relative path would name another file.
fn with_absolute_paths(spec: &RunSpec) -> std::borrow::Cow<'_, RunSpec> {
    let relative = |p: &PathBuf| p.is_relative();
    let files = [
        &spec.program,
        &spec.workdir,
        &spec.stdin,
        &spec.stdout,
        &spec.stderr,
    ];
    if !files.into_iter().any(relative)
        && !spec.hide.iter().any(relative)
        && !spec.read_only.iter().any(relative)
    {
        return std::borrow::Cow::Borrowed(spec);
    }
    let abs = |p: &mut PathBuf| {
        if let Ok(a) = std::path::absolute(&*p) {
            *p = a;
        }
    };
    let mut spec = spec.clone();
    for p in [
        &mut spec.program,
        &mut spec.workdir,
        &mut spec.stdin,
        &mut spec.stdout,
        &mut spec.stderr,
    ] {
        abs(p);
    }
    spec.hide
        .iter_mut()
        .chain(spec.read_only.iter_mut())
        .for_each(abs);
    std::borrow::Cow::Owned(spec)
}

/// Why [`exchange`] has no report line.
enum Stop {
    /// The launcher failed; the message says how.
    Failed(String),
    /// This signal arrived first.
    Interrupted(i32),
}

/// Sends one spec line and reads one report line, giving up at `patience` from now or
/// when a signal arrives. On failure the launcher is left for [`end`].
fn exchange(mut live: Live, line: &str, patience: Duration) -> (Live, Result<String, Stop>) {
    let failed = |m: String| Err(Stop::Failed(m));
    if let Err(e) = live
        .to
        .write_all(line.as_bytes())
        .and_then(|_| live.to.flush())
    {
        return (live, failed(format!("cannot talk to the launcher: {e}")));
    }
    // The launcher enforces the limits itself; this deadline only guards against a
    // launcher bug: past it the launcher is killed (and its program with it, by
    // PR_SET_PDEATHSIG and the PID namespace) and the run is a judge error.
    let deadline = Instant::now() + patience;
    if live.from.buffer().is_empty() {
        match wait_readable_until(live.from.get_ref(), deadline) {
            Wait::Readable => {}
            Wait::TimedOut => {
                let _ = live.child.kill();
                return (
                    live,
                    failed(format!(
                        "launcher still running {LAUNCHER_GRACE:?} past the wall ceiling; killed"
                    )),
                );
            }
            Wait::Interrupted(signal) => return (live, Err(Stop::Interrupted(signal))),
        }
    }
    let mut reply = String::new();
    match live.from.read_line(&mut reply) {
        Ok(0) => (live, failed("the launcher ended without a report".into())),
        Ok(_) if reply.ends_with('\n') => (live, Ok(reply)),
        Ok(_) => (live, failed("the launcher's report was cut short".into())),
        Err(e) => (
            live,
            failed(format!("cannot read the launcher's report: {e}")),
        ),
    }
}

/// Ends a launcher that failed or was interrupted: kills it and its children and reaps
/// it, removes the memory cgroup it could not remove itself, and returns the start of
/// its stderr.
fn end(mut live: Live) -> String {
    kill_launcher(&mut live.child);
    let _ = live.child.wait();
    crate::cgroup::remove_leftover(live.child.id());
    drop(live.to);
    let mut err = Vec::new();
    let _ = (&mut live.err)
        .take(4 * STDERR_KEPT as u64)
        .read_to_end(&mut err);
    String::from_utf8_lossy(&err)
        .chars()
        .take(STDERR_KEPT)
        .collect()
}

/// Kills a launcher, the children it has and their process groups. A run's child is
/// safe from its launcher's death only once it has set `PR_SET_PDEATHSIG`: killed
/// between its fork and that call (during its namespace setup), the launcher would leave
/// it, and the program it starts, running. And `PR_SET_PDEATHSIG` reaches the program
/// alone: without a PID namespace (a compiler's run) the processes it started (`cc1`
/// under `gcc`) would outlive it, in its process group. So the launcher is stopped
/// first (a stopped process cannot fork), then every child it has is killed with its
/// process group (a run's program leads its own), then the launcher itself. Its
/// children stay zombies while it is stopped, so no pid or group killed here can have
/// been reused.
fn kill_launcher(child: &mut Child) {
    let Ok(pid) = libc::pid_t::try_from(child.id()) else {
        let _ = child.kill();
        return;
    };
    // SAFETY: kill on our own child, not yet reaped (`child` owns it), so the pid is
    // still its.
    let stopped = unsafe { libc::kill(pid, libc::SIGSTOP) } == 0 && {
        // SAFETY: an all-zero siginfo_t is a valid value (an out-parameter here).
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        // SAFETY: waitid on the same child; WNOWAIT leaves it unreaped; `info` is a
        // valid out-parameter.
        let r = unsafe {
            libc::waitid(
                libc::P_PID,
                pid as libc::id_t,
                &mut info,
                libc::WSTOPPED | libc::WEXITED | libc::WNOWAIT,
            )
        };
        r == 0
    };
    if stopped {
        for c in children_of(pid) {
            // SAFETY: kill has no memory effects. `c` is a child of the stopped launcher:
            // it cannot be reaped, so the pid is still that process, and a process group
            // `c`, if there is one, is the one it leads.
            unsafe { libc::kill(-c, libc::SIGKILL) };
            // SAFETY: as above.
            unsafe { libc::kill(c, libc::SIGKILL) };
        }
    }
    let _ = child.kill();
}

/// The processes whose parent is `parent`, from `/proc`.
fn children_of(parent: libc::pid_t) -> Vec<libc::pid_t> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| {
            let pid = e.file_name().to_str()?.parse::<libc::pid_t>().ok()?;
            let stat = std::fs::read_to_string(e.path().join("stat")).ok()?;
            // The parent is the second field after the parenthesised command.
            let ppid = stat.rsplit_once(')')?.1.split_whitespace().nth(1)?;
            (ppid.parse::<libc::pid_t>().ok()? == parent).then_some(pid)
        })
        .collect()
}

/// How [`wait_readable_until`] ended.
enum Wait {
    /// The pipe has data or is closed.
    Readable,
    /// The deadline passed.
    TimedOut,
    /// This signal arrived (see [`interrupt`]) before the pipe had anything.
    Interrupted(i32),
}

/// Waits until `pipe` has data or is closed, `deadline` passes, or a signal arrives.
/// Data that is already there wins over a signal: a run that has finished is reported.
fn wait_readable_until(pipe: &impl std::os::fd::AsRawFd, deadline: Instant) -> Wait {
    use std::os::fd::AsRawFd;
    let wake = interrupt::wake_fd().map_or(-1, |fd| fd.as_raw_fd());
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Wait::TimedOut;
        }
        // A negative descriptor is ignored by poll (no handlers installed).
        let mut pfds = [
            libc::pollfd {
                fd: pipe.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: wake,
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        let ms = left.as_millis().clamp(1, i32::MAX as u128) as i32;
        // SAFETY: two valid pollfds, alive and exclusively borrowed for the call.
        let r = unsafe { libc::poll(pfds.as_mut_ptr(), pfds.len() as libc::nfds_t, ms) };
        if r > 0 && pfds[0].revents != 0 {
            return Wait::Readable;
        }
        if let Err(interrupted) = interrupt::check() {
            return Wait::Interrupted(interrupted.signal);
        }
        if r < 0 && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            // Polling is broken: fall back to a plain blocking read.
            return Wait::Readable;
        }
    }
}
