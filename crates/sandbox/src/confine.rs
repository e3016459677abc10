//! Confinement of one run beyond limits: the Landlock ruleset (filesystem, TCP, signal
//! scoping) and the probe behind `--explain-sandbox` / `--require-isolation`.
//!
//! The ruleset is built by the launcher *before* `fork` with the `landlock` crate (which
//! opens the allowed paths and allocates; the system paths are opened once per launcher,
//! a new ruleset per run takes its rules from those descriptors), and enforced in the child just before `execve`
//! with one raw `landlock_restrict_self` call (async-signal-safe, no allocation). Landlock
//! rules are tied to inodes, so they hold inside the child's private mount namespace;
//! the child's fresh `/proc` is a new superblock, so the child adds one more raw rule for
//! it after mounting it (see `launcher/`).
//!
//! What the program may touch (everything else is denied, whatever the file modes say):
//!
//! | path | access |
//! |---|---|
//! | `/usr`, `/lib`, `/lib32`, `/lib64`, `/bin`, `/sbin`, `/sys/devices/system/cpu` | read, execute |
//! | of `/etc`, only what the runtimes read ([`ETC_READ`]: `ld.so.cache`, `localtime`, `nsswitch.conf`, Debian's `python3.*`, …) | read |
//! | `/proc` (the fresh one of its PID namespace) | read |
//! | `/dev/null`, `/dev/zero`, `/dev/full`, `/dev/random`, `/dev/urandom` | read, write |
//! | the program file, and every argument that names an existing regular file (a script) | read, execute |
//! | the working directory (a private tmpfs of its own in the run's mount namespace, see `launcher/`) | everything |
//! | the run's read-only [`binds`](crate::RunSpec::binds) (setter code's input and answer) | read |
//! | its writable binds (setter code's feedback folder) | read, write, make and remove regular files and folders; no links, FIFOs, sockets or devices, no execution |
//!
//! With ABI ≥ 4 every TCP `connect`/`bind` is denied; with ABI ≥ 6 signals to processes
//! outside the sandbox and connections to abstract UNIX sockets made outside it are too.

use landlock::{
    path_beneath_rules, Access, AccessFs, AccessNet, PathBeneath, PathFd, Ruleset, RulesetAttr,
    RulesetCreatedAttr, Scope, ABI,
};
use std::os::fd::OwnedFd;
use std::path::Path;
use std::sync::OnceLock;

/// The Landlock ABI the rules are written for; newer kernels enforce all of it, older
/// ones the part they know (the crate's best-effort mode).
const TARGET_ABI: ABI = ABI::V6;

/// System folders a program may read and execute from.
pub const SYSTEM_READ: &[&str] = &[
    "/usr",
    "/lib",
    "/lib32",
    "/lib64",
    "/bin",
    "/sbin",
    "/sys/devices/system/cpu",
];

/// What of `/etc` a program may read: what the dynamic loader, the C library (time
/// zone, name-service switch, locale aliases), Debian's Python and Debian's OpenJDK
/// (`java.security`, which the JVM loads at start-up) read, and Debian's `alternatives` links (`/usr/bin/cc` leads through
/// them: rustc needs it to link). Nothing else of `/etc` (`passwd`, `hostname`, `os-release`, the
/// machine's configuration) is readable; a path that does not exist here is skipped.
pub const ETC_READ: &[&str] = &[
    "/etc/ld.so.cache",
    "/etc/ld.so.preload",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/localtime",
    "/etc/timezone",
    "/etc/nsswitch.conf",
    "/etc/locale.alias",
    "/etc/python3",
    "/etc/python3.9",
    "/etc/python3.10",
    "/etc/python3.11",
    "/etc/python3.12",
    "/etc/python3.13",
    "/etc/python3.14",
    "/etc/alternatives",
    "/etc/java-11-openjdk",
    "/etc/java-17-openjdk",
    "/etc/java-21-openjdk",
    "/etc/java-25-openjdk",
];

/// Device nodes a program may read and write.
pub const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// The kernel's Landlock ABI version, or `None` when Landlock is missing or disabled.
pub fn kernel_abi() -> Option<u32> {
    // SAFETY: landlock_create_ruleset(NULL, 0, LANDLOCK_CREATE_RULESET_VERSION) only
    // returns the ABI version (or -1 with ENOSYS / EOPNOTSUPP).
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32,
        )
    };
    (v > 0).then_some(v as u32)
}

/// The ABI actually enforced by a ruleset built here on this kernel.
pub fn effective_abi() -> Option<u32> {
    kernel_abi().map(|k| k.min(TARGET_ABI as u32))
}

/// What a run may do beneath a writable [`Bind`](crate::Bind) (the setter
/// code's feedback folder): read, write, make and remove regular files and folders;
/// no execution, no links, devices, FIFOs or sockets.
fn bind_write() -> landlock::BitFlags<AccessFs> {
    AccessFs::ReadFile
        | AccessFs::ReadDir
        | AccessFs::WriteFile
        | AccessFs::Truncate
        | AccessFs::MakeReg
        | AccessFs::MakeDir
        | AccessFs::RemoveFile
        | AccessFs::RemoveDir
}

/// Read and execute rights the program gets on its system folders.
fn read_exec() -> landlock::BitFlags<AccessFs> {
    AccessFs::from_read(TARGET_ABI)
}

/// Builds the ruleset for one run: `program`, every regular file among `argv` and
/// everything beneath `read_only` are readable and executable, `workdir` is fully
/// writable. Returns the ruleset's file
/// descriptor (close-on-exec) and the ABI in force, or `None` when the kernel has no
/// Landlock.
pub fn build_ruleset(
    program: &Path,
    argv: &[String],
    read_only: &[std::path::PathBuf],
    binds: &[crate::Bind],
    workdir: &Path,
) -> Result<Option<(OwnedFd, u32)>, String> {
    let Some(abi) = effective_abi() else {
        return Ok(None);
    };
    let err = |e: landlock::RulesetError| format!("Landlock ruleset: {e}");
    let mut ruleset = Ruleset::default()
        .handle_access(AccessFs::from_all(TARGET_ABI))
        .map_err(err)?;
    if abi >= 4 {
        ruleset = ruleset
            .handle_access(AccessNet::from_all(TARGET_ABI))
            .map_err(err)?;
    }
    if abi >= 6 {
        ruleset = ruleset.scope(Scope::from_all(TARGET_ABI)).map_err(err)?;
    }
    let mut own: Vec<&Path> = vec![program];
    // (argv[0] is usually the program itself: one rule is enough.)
    own.extend(
        argv.iter()
            .map(Path::new)
            .filter(|&p| p != program && p.is_absolute() && p.is_file()),
    );
    own.extend(read_only.iter().map(|p| p.as_path()).filter(|p| p.exists()));
    let workdir_fd = PathFd::new(workdir)
        .map_err(|e| format!("Landlock: cannot open {}: {e}", workdir.display()))?;
    let shared = system_rules()
        .iter()
        .map(|(fd, access)| Ok::<_, landlock::RulesetError>(PathBeneath::new(fd, *access)));
    let created = ruleset
        .create()
        .map_err(err)?
        .add_rules(shared)
        .map_err(err)?
        .add_rules(path_beneath_rules(own, read_exec()))
        .map_err(err)?
        .add_rule(PathBeneath::new(workdir_fd, AccessFs::from_all(TARGET_ABI)))
        .map_err(err)?
        .add_rules(path_beneath_rules(
            binds.iter().filter(|b| !b.writable).map(|b| &b.host),
            AccessFs::ReadFile | AccessFs::ReadDir,
        ))
        .map_err(err)?
        .add_rules(path_beneath_rules(
            binds.iter().filter(|b| b.writable).map(|b| &b.host),
            bind_write(),
        ))
        .map_err(err)?;
    let fd: Option<OwnedFd> = created.into();
    Ok(fd.map(|fd| (fd, abi)))
}

/// The rules every run shares: the system folders ([`SYSTEM_READ`]), the runtimes' files
/// of `/etc` ([`ETC_READ`]), `/proc` and the [`DEVICES`], each opened once per process
/// (`O_PATH`, close-on-exec) with its rights; paths missing here are left out.
///
/// PERF: opening and inspecting these 40-odd paths for every run cost the launcher
/// about 0.05 ms of CPU per case (an `openat`, an `fstat` and a `close` each); the
/// kernel takes a rule from a descriptor it has seen before just as well.
fn system_rules() -> &'static [(PathFd, landlock::BitFlags<AccessFs>)] {
    static RULES: OnceLock<Vec<(PathFd, landlock::BitFlags<AccessFs>)>> = OnceLock::new();
    RULES.get_or_init(|| {
        let read = AccessFs::from_read(TARGET_ABI);
        let device_rights = AccessFs::ReadFile | AccessFs::WriteFile;
        let groups: [(&[&str], landlock::BitFlags<AccessFs>); 4] = [
            (SYSTEM_READ, read_exec()),
            (ETC_READ, read),
            (&["/proc"], read),
            (DEVICES, device_rights),
        ];
        let mut rules = Vec::new();
        for (paths, access) in groups {
            for path in paths {
                let Ok(fd) = PathFd::new(path) else { continue };
                // A rule on a file may only hold file rights (as `path_beneath_rules`).
                let access = match std::fs::metadata(path) {
                    Ok(m) if !m.is_dir() => access & AccessFs::from_file(TARGET_ABI),
                    _ => access,
                };
                rules.push((fd, access));
            }
        }
        rules
    })
}

/// `LANDLOCK_ACCESS_FS_EXECUTE | READ_FILE | READ_DIR`: the raw rights the child grants
/// on its fresh `/proc`.
pub const RAW_READ: u64 = 1 | 4 | 8;

/// `LANDLOCK_ACCESS_FS_WRITE_FILE | READ_FILE | TRUNCATE` where the kernel handles
/// it: the raw rights on the device nodes of a run's minimal root.
pub fn raw_device_rights() -> u64 {
    (2 | 4 | (1 << 14)) & raw_workdir_rights()
}

/// `struct landlock_path_beneath_attr` (packed in the kernel's UAPI).
#[repr(C, packed)]
pub struct RawPathBeneath {
    /// Allowed access rights.
    pub allowed_access: u64,
    /// An `O_PATH` descriptor of the folder.
    pub parent_fd: i32,
}

/// The raw rights of the working directory's rule (everything the ruleset handles on
/// this kernel), for the child's rule on its private working folder (see `launcher/`).
pub fn raw_workdir_rights() -> u64 {
    let abi = effective_abi().map_or(ABI::Unsupported, |v| ABI::from(v as i32));
    AccessFs::from_all(abi).bits()
}

/// Adds a read-only rule for the folder open at `dir_fd` to the ruleset `ruleset_fd`.
/// Raw system call only: safe between `fork` and `exec`. Returns false on failure.
///
/// # Safety
/// `ruleset_fd` and `dir_fd` must be open descriptors.
pub unsafe fn raw_allow_read(ruleset_fd: i32, dir_fd: i32) -> bool {
    // SAFETY: the caller's contract.
    unsafe { raw_allow(ruleset_fd, dir_fd, RAW_READ) }
}

/// Adds a rule granting `rights` (a subset of what the ruleset handles) beneath the
/// folder open at `dir_fd`. Raw system call only. Returns false on failure.
///
/// # Safety
/// `ruleset_fd` and `dir_fd` must be open descriptors.
pub unsafe fn raw_allow(ruleset_fd: i32, dir_fd: i32, rights: u64) -> bool {
    let attr = RawPathBeneath {
        allowed_access: rights,
        parent_fd: dir_fd,
    };
    // SAFETY: `attr` lives for the call; LANDLOCK_RULE_PATH_BENEATH = 1.
    unsafe {
        libc::syscall(
            libc::SYS_landlock_add_rule,
            ruleset_fd,
            1i32,
            &attr as *const RawPathBeneath,
            0u32,
        ) == 0
    }
}

/// Enforces the ruleset `ruleset_fd` on the calling thread (requires no-new-privileges
/// or `CAP_SYS_ADMIN`). Raw system call only. Returns false on failure.
///
/// # Safety
/// `ruleset_fd` must be an open Landlock ruleset descriptor.
pub unsafe fn raw_restrict_self(ruleset_fd: i32) -> bool {
    // SAFETY: plain system call on a descriptor we own.
    unsafe { libc::syscall(libc::SYS_landlock_restrict_self, ruleset_fd, 0u32) == 0 }
}

/// Runs a trivial program (`/bin/true`) through `launcher` with `isolation`, covering a
/// scratch folder as the judge covers a problem folder, and returns the guarantees that
/// really held: what `--explain-sandbox` shows and `--require-isolation` checks.
pub fn probe(
    launcher: &Path,
    isolation: crate::limits::Isolation,
) -> Result<crate::Guarantees, String> {
    use crate::limits::{Limits, MIB};
    use crate::{CaseDirs, RunSpec};
    let program = ["/usr/bin/true", "/bin/true"]
        .iter()
        .map(Path::new)
        .find(|p| p.is_file())
        .ok_or("no /bin/true to probe the sandbox with")?
        .to_path_buf();
    let dirs = CaseDirs::new(isolation.run_as).map_err(|e| format!("probe folders: {e}"))?;
    let hidden = tempfile::Builder::new()
        .prefix("gridjudge-probe-")
        .tempdir()
        .map_err(|e| format!("probe folders: {e}"))?;
    let spec = RunSpec {
        program,
        argv: vec!["true".into()],
        env: crate::default_env(dirs.workdir()),
        workdir: dirs.workdir().to_path_buf(),
        stdin: "/dev/null".into(),
        stdout: dirs.stdout(),
        stderr: dirs.stderr(),
        limits: Limits::new(std::time::Duration::from_secs(1), 64 * MIB),
        isolation,
        hide: vec![hidden.path().to_path_buf()],
        read_only: vec![],
        keep_workdir: false,
        binds: vec![],
        wait_share: None,
    };
    crate::Sandbox::new(launcher)
        .run(&spec)
        .map(|o| o.guarantees)
        .map_err(|e| format!("probe run failed: {e}"))
}

/// The text of `gridjudge judge --explain-sandbox`: every guarantee, whether it holds
/// here (from a probe run) and how it is enforced.
pub fn explain(guarantees: &crate::Guarantees) -> String {
    let root = crate::is_root();
    let mut out = String::new();
    out.push_str(&format!(
        "gridjudge sandbox on this machine (running as {}; kernel Landlock ABI: {}):\n",
        if root { "root" } else { "an unprivileged user" },
        kernel_abi().map_or("none".to_string(), |v| v.to_string()),
    ));
    out.push_str(
        "  [yes] limits: CPU (sampled, of every process where a cgroup counts it; \
         RLIMIT_CPU per process), wall (the program's own time: the time its tasks wait \
         for a CPU is credited, from /proc/PID/task/TID/schedstat, up to 10 x the limit), \
         memory (sampled, of every process where a cgroup \
         counts it; RLIMIT_AS in address-space mode), output (RLIMIT_FSIZE), descriptors \
         (RLIMIT_NOFILE), no core dumps, no new privileges\n",
    );
    for row in guarantees.rows() {
        out.push_str(&format!(
            "  [{}] {}: {}\n",
            if row.in_force { "yes" } else { "NO " },
            row.name,
            row.how
        ));
    }
    out.push_str(
        "  setter code (output validators, interactors, graders): confined like a \
         program (minimal root, Landlock, seccomp, PID and network namespaces, cgroups), \
         as a setter uid of its own leased from 61700 (never the program's); it sees only \
         the system folders, its build (read, execute), /jury/input and /jury/answer \
         (read-only) and /jury/feedback/ (writable, read back without following links); \
         limits 30 s CPU, 60 s wall (an interactor: the program's wall + 3 s), 4 GiB, \
         64 MiB output, 64 processes, 64 descriptors; an interactor's CPU and memory are \
         its own\n",
    );
    out.push_str(&format!(
        "  cgroup: {}\n",
        match crate::cgroup::prepare_judge() {
            Ok(line) | Err(line) => line,
        }
    ));
    let missing = guarantees.missing();
    if missing.is_empty() {
        out.push_str("All guarantees hold: --require-isolation passes.\n");
    } else {
        out.push_str(&format!(
            "Missing: {} (--require-isolation refuses to judge).\n",
            missing.join(", ")
        ));
    }
    out.push_str("What a run can still learn of the host (or pass to another run):\n");
    for (what, why) in crate::guarantees::RESIDUAL {
        out.push_str(&format!("  - {what}: {why}\n"));
    }
    out.push_str(
        "Check it yourself: tests/it/sandbox/confinement.rs runs hostile programs (answer \
         thief, setsid daemon, double fork, sockets, fork bomb, writes outside the working \
         folder, a view of the host, CPU in unreaped children, IPC left for the next run, \
         memory in socket buffers and files); `gridjudge verify-submissions --all` runs \
         the hostile example submissions.\n",
    );
    out
}
