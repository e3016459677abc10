//! The system-call filter of a confined run: a seccomp BPF program that denies the calls
//! no contestant program needs and that widen the attack surface of the kernel or of the
//! sandbox itself (debugging other processes, mounting, new namespaces, loading BPF or
//! kernel modules, the kernel keyring, performance counters, `io_uring`, which runs
//! operations outside the filter's view).
//!
//! The filter is a deny list: every other call is allowed, so any C, C++, Rust or Python
//! program runs as before. A denied call fails with `EPERM` (as Docker's default profile
//! does), so a program sees an ordinary error rather than dying. Three doors that a deny
//! list by number would leave open are closed first:
//!
//! - **other ABIs**: a 64-bit x86 program can still enter the kernel through the 32-bit
//!   `int 0x80` gate, where every number means another call, and through the x32 ABI
//!   (numbers with bit 30 set). Calls of any architecture but the native one, and x32
//!   numbers, fail with `ENOSYS`.
//! - **`clone` with namespace flags** does what `unshare` does: denied when its flags ask
//!   for any new namespace (`CLONE_NEWUSER`, `CLONE_NEWNS`, …).
//! - **`clone3`** passes its flags in memory, which a filter cannot read: it fails with
//!   `ENOSYS`, and the C library falls back to `clone` (as under Docker).
//!
//! A few calls are refused with the error a machine without the feature gives, so that
//! programs take their usual fallback ([`UNSUPPORTED`], [`FLAG_RULES`]):
//!
//! - **`fallocate`** fails with `EOPNOTSUPP` (as on a file system without it; the C
//!   library's `posix_fallocate` then writes instead). With `FALLOC_FL_KEEP_SIZE` it
//!   reserves disk blocks past the end of a file without growing it, which
//!   `RLIMIT_FSIZE` does not check: on the standard output, a file on the judge's disk,
//!   one call would fill the disk while the output's size stays 0.
//! - **huge pages** (`mmap` with `MAP_HUGETLB`, `memfd_create` with `MFD_HUGETLB`,
//!   `shmget` with `SHM_HUGETLB`): `hugetlbfs` pages are charged to no memory cgroup
//!   and to no resident set, so on a host with a huge page pool a program would hold
//!   the pool unseen. They fail as on a host without a pool (`ENOMEM`, `EINVAL` for
//!   `memfd_create`); transparent huge pages are ordinary memory and stay.
//!
//! Runs share the page cache of the files they all read and the locks on them, a
//! channel from one run to another ([`ARG_RULES`], [`NO_OPS`]): eviction, prefetch and
//! residency calls (`fadvise64`, `readahead`, `mincore`, `cachestat`,
//! `process_madvise`, `madvise` with `MADV_PAGEOUT`/`COLD`/`REMOVE`) and change watches
//! (`inotify`, `F_NOTIFY`) fail; read-ahead advice (`madvise` `MADV_WILLNEED`) and file
//! locks return 0 and do nothing.
//!
//! The launcher builds the program before `fork` ([`filter`]) and the child installs it
//! with one raw `prctl` after Landlock and just before the namespace's init forks the
//! program ([`raw_install`]): everything the judge's own setup needs (`unshare`, `mount`)
//! is done by then, and the init and the program both run under it.
//!
//! Why hand-written (about thirty instructions): `seccompiler` builds allow lists well
//! but cannot express "every number with the x32 bit" in a deny list, and `libseccomp`
//! would make a C library and its headers a build dependency of gridjudge. The filter is
//! checked by an interpreter of its own instructions in the unit tests (every denied
//! call, every ABI, the clone flags) and by a probe program per denied call in
//! `tests/it/sandbox/confinement.rs`. x86-64 only; elsewhere [`filter`] returns `None`
//! and the guarantee is reported missing.

/// The system calls denied with `EPERM`, by name, as `--explain-sandbox` lists them.
#[cfg(target_arch = "x86_64")]
pub const DENIED: &[(&str, i64)] = &[
    ("ptrace", libc::SYS_ptrace),
    ("process_vm_readv", libc::SYS_process_vm_readv),
    ("process_vm_writev", libc::SYS_process_vm_writev),
    ("mount", libc::SYS_mount),
    ("umount2", libc::SYS_umount2),
    ("pivot_root", libc::SYS_pivot_root),
    ("chroot", libc::SYS_chroot),
    ("move_mount", libc::SYS_move_mount),
    ("open_tree", libc::SYS_open_tree),
    ("fsopen", libc::SYS_fsopen),
    ("fsconfig", libc::SYS_fsconfig),
    ("fsmount", libc::SYS_fsmount),
    ("fspick", libc::SYS_fspick),
    ("mount_setattr", libc::SYS_mount_setattr),
    ("unshare", libc::SYS_unshare),
    ("setns", libc::SYS_setns),
    ("bpf", libc::SYS_bpf),
    ("keyctl", libc::SYS_keyctl),
    ("add_key", libc::SYS_add_key),
    ("request_key", libc::SYS_request_key),
    ("perf_event_open", libc::SYS_perf_event_open),
    ("userfaultfd", libc::SYS_userfaultfd),
    ("io_uring_setup", libc::SYS_io_uring_setup),
    ("io_uring_enter", libc::SYS_io_uring_enter),
    ("io_uring_register", libc::SYS_io_uring_register),
    ("kexec_load", libc::SYS_kexec_load),
    ("kexec_file_load", libc::SYS_kexec_file_load),
    ("init_module", libc::SYS_init_module),
    ("finit_module", libc::SYS_finit_module),
    ("delete_module", libc::SYS_delete_module),
    ("reboot", libc::SYS_reboot),
    ("swapon", libc::SYS_swapon),
    ("swapoff", libc::SYS_swapoff),
    ("acct", libc::SYS_acct),
    ("quotactl", libc::SYS_quotactl),
    ("syslog", libc::SYS_syslog),
    ("open_by_handle_at", libc::SYS_open_by_handle_at),
    ("name_to_handle_at", libc::SYS_name_to_handle_at),
    ("fanotify_init", libc::SYS_fanotify_init),
    ("iopl", libc::SYS_iopl),
    ("ioperm", libc::SYS_ioperm),
    ("vhangup", libc::SYS_vhangup),
    ("settimeofday", libc::SYS_settimeofday),
    ("clock_settime", libc::SYS_clock_settime),
    ("clock_adjtime", libc::SYS_clock_adjtime),
    ("adjtimex", libc::SYS_adjtimex),
    ("personality", libc::SYS_personality),
    ("modify_ldt", libc::SYS_modify_ldt),
    // x86-64 numbers of calls younger than the libc crate's tables.
    ("memfd_secret", 447),
    ("statmount", 457),
    ("listmount", 458),
    ("open_tree_attr", 467),
    // The page cache of files shared with other runs: evicting or prefetching a page
    // of a file under /usr, or asking which pages are resident, passes bits to a later
    // run that times its reads (see [`ARG_RULES`] for `madvise`).
    ("fadvise64", libc::SYS_fadvise64),
    ("readahead", libc::SYS_readahead),
    ("mincore", libc::SYS_mincore),
    ("process_madvise", 440),
    ("cachestat", 451),
    // Watches on shared files and folders: another run's reads of /usr are events.
    ("inotify_init", libc::SYS_inotify_init),
    ("inotify_init1", libc::SYS_inotify_init1),
];

/// Calls that return 0 without doing anything: file locks. A lock on a file every run
/// can read (an OFD lock on `libc.so.6`) is seen by any other run at the same time
/// (`F_GETLK`, a failing `flock`); Landlock does not cover locks. A program that locks
/// keeps working, but no lock is ever held, so none can be observed (see the `fcntl`
/// lock commands in [`ARG_RULES`]).
#[cfg(target_arch = "x86_64")]
pub const NO_OPS: &[(&str, i64)] = &[("flock", libc::SYS_flock)];

/// Not built for this architecture.
#[cfg(not(target_arch = "x86_64"))]
pub const NO_OPS: &[(&str, i64)] = &[];

/// One rule of [`ARG_RULES`]: `(call, number, argument, [(value, what, errno)])`.
pub type ArgRule = (&'static str, i64, u32, &'static [(u32, &'static str, i32)]);

/// `madvise` advice that moves pages of a file in or out of the page cache.
const MADV_COLD: u32 = 20;
const MADV_PAGEOUT: u32 = 21;

/// Calls refused for some values of one argument: `(call, number, argument, [(value,
/// what, errno)])`, the argument compared in its low 32 bits (an `int` or `unsigned int`
/// in the kernel, which ignores the upper half). errno 0 means the call returns 0
/// without doing anything.
///
/// - `madvise` with `MADV_PAGEOUT`, `MADV_COLD` (evict or age pages, of shared files
///   too) and `MADV_REMOVE` (frees a shared file's pages) fails with `EINVAL`, as for
///   advice the kernel does not know. `MADV_WILLNEED` (reads a file ahead) returns 0
///   and reads nothing: it is a hint, and programs treat its failure as fatal (Java's
///   `MappedByteBuffer.load`, which the VIVA validator runs on every input).
///   `MADV_DONTNEED` stays: allocators return anonymous memory with it, and on a file
///   mapping it only drops the mapping's own references, never a page from the cache
///   (`tests/it/sandbox/channels.rs` measures it).
/// - `fcntl` with `F_NOTIFY` (directory change events) fails with `EPERM`; the lock
///   commands `F_SETLK`, `F_SETLKW`, `F_OFD_SETLK`, `F_OFD_SETLKW` return 0 without
///   locking (`F_GETLK` then reports every range unlocked, no run holding any).
#[cfg(target_arch = "x86_64")]
pub const ARG_RULES: &[ArgRule] = &[
    (
        "madvise",
        libc::SYS_madvise,
        2,
        &[
            (MADV_PAGEOUT, "MADV_PAGEOUT", libc::EINVAL),
            (MADV_COLD, "MADV_COLD", libc::EINVAL),
            (libc::MADV_REMOVE as u32, "MADV_REMOVE", libc::EINVAL),
            (libc::MADV_WILLNEED as u32, "MADV_WILLNEED", 0),
        ],
    ),
    (
        "fcntl",
        libc::SYS_fcntl,
        1,
        &[
            (libc::F_NOTIFY as u32, "F_NOTIFY", libc::EPERM),
            (libc::F_SETLK as u32, "F_SETLK", 0),
            (libc::F_SETLKW as u32, "F_SETLKW", 0),
            (libc::F_OFD_SETLK as u32, "F_OFD_SETLK", 0),
            (libc::F_OFD_SETLKW as u32, "F_OFD_SETLKW", 0),
        ],
    ),
];

/// Not built for this architecture.
#[cfg(not(target_arch = "x86_64"))]
pub const ARG_RULES: &[ArgRule] = &[];

/// The socket families a program may open (`socket`, `socketpair`): UNIX sockets
/// (pipes between its own processes, Python's `multiprocessing`) and IPv4/IPv6 (which
/// the empty network namespace and Landlock leave nowhere to go). Every other family
/// fails with `EAFNOSUPPORT`, as on a kernel without it: `AF_VSOCK` above all, which a
/// network namespace does not isolate (on a virtual machine the hypervisor is one
/// `connect` away), and `AF_NETLINK`, `AF_PACKET`, `AF_ALG`, Bluetooth and the rest.
pub const SOCKET_FAMILIES: &[(&str, u32)] = &[
    ("AF_UNIX", libc::AF_UNIX as u32),
    ("AF_INET", libc::AF_INET as u32),
    ("AF_INET6", libc::AF_INET6 as u32),
];

/// Calls that fail with the error of a machine without them: `(name, number, errno)`.
#[cfg(target_arch = "x86_64")]
pub const UNSUPPORTED: &[(&str, i64, i32)] =
    &[("fallocate", libc::SYS_fallocate, libc::EOPNOTSUPP)];

/// Calls that fail when one of the flags `mask` is set in their argument number `arg`:
/// `(what, number, arg, mask, errno)`.
#[cfg(target_arch = "x86_64")]
pub const FLAG_RULES: &[(&str, i64, u32, u32, i32)] = &[
    (
        "mmap with MAP_HUGETLB",
        libc::SYS_mmap,
        3,
        libc::MAP_HUGETLB as u32,
        libc::ENOMEM,
    ),
    (
        "memfd_create with MFD_HUGETLB",
        libc::SYS_memfd_create,
        1,
        libc::MFD_HUGETLB,
        libc::EINVAL,
    ),
    (
        "shmget with SHM_HUGETLB",
        libc::SYS_shmget,
        2,
        libc::SHM_HUGETLB as u32,
        libc::ENOMEM,
    ),
];

/// Not built for this architecture: nothing is refused.
#[cfg(not(target_arch = "x86_64"))]
pub const UNSUPPORTED: &[(&str, i64, i32)] = &[];

/// Not built for this architecture: nothing is refused.
#[cfg(not(target_arch = "x86_64"))]
pub const FLAG_RULES: &[(&str, i64, u32, u32, i32)] = &[];

/// Not built for this architecture: nothing is denied and the guarantee is missing.
#[cfg(not(target_arch = "x86_64"))]
pub const DENIED: &[(&str, i64)] = &[];

/// `AUDIT_ARCH_X86_64` (`EM_X86_64 | __AUDIT_ARCH_64BIT | __AUDIT_ARCH_LE`).
const AUDIT_ARCH_X86_64: u32 = 62 | 0x8000_0000 | 0x4000_0000;
/// `__X32_SYSCALL_BIT`: x32 ABI system call numbers have it set.
const X32_BIT: u32 = 0x4000_0000;
/// Every `CLONE_NEW*` flag: `clone` asking for any of them is denied.
const CLONE_NAMESPACES: u32 = (libc::CLONE_NEWNS
    | libc::CLONE_NEWUSER
    | libc::CLONE_NEWPID
    | libc::CLONE_NEWNET
    | libc::CLONE_NEWIPC
    | libc::CLONE_NEWUTS
    | libc::CLONE_NEWCGROUP
    | 0x80) as u32; // CLONE_NEWTIME

/// Offsets in `struct seccomp_data`: `nr`, `arch`, the low word of `args[0]` (each
/// argument is 8 bytes further; x86-64 is little-endian).
const OFF_NR: u32 = 0;
const OFF_ARCH: u32 = 4;
const OFF_ARG0_LOW: u32 = 16;

// Classic BPF opcodes (linux/filter.h) and seccomp return values (linux/seccomp.h).
const LD_W_ABS: u16 = (libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16;
const JMP_JEQ_K: u16 = (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16;
const JMP_JGE_K: u16 = (libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K) as u16;
const JMP_JSET_K: u16 = (libc::BPF_JMP | libc::BPF_JSET | libc::BPF_K) as u16;
const RET_K: u16 = (libc::BPF_RET | libc::BPF_K) as u16;

const RET_ALLOW: u32 = libc::SECCOMP_RET_ALLOW;
const RET_ERRNO: u32 = libc::SECCOMP_RET_ERRNO;

fn stmt(code: u16, k: u32) -> libc::sock_filter {
    libc::sock_filter {
        code,
        jt: 0,
        jf: 0,
        k,
    }
}

fn jump(code: u16, k: u32, jt: u8, jf: u8) -> libc::sock_filter {
    libc::sock_filter { code, jt, jf, k }
}

/// The filter's instructions for this architecture, or `None` where there is no filter.
pub fn filter() -> Option<Vec<libc::sock_filter>> {
    if cfg!(not(target_arch = "x86_64")) {
        return None;
    }
    let eperm = RET_ERRNO | libc::EPERM as u32;
    let enosys = RET_ERRNO | libc::ENOSYS as u32;
    let mut p = vec![
        // Another ABI: ENOSYS.
        stmt(LD_W_ABS, OFF_ARCH),
        jump(JMP_JEQ_K, AUDIT_ARCH_X86_64, 1, 0),
        stmt(RET_K, enosys),
        stmt(LD_W_ABS, OFF_NR),
        jump(JMP_JGE_K, X32_BIT, 0, 1),
        stmt(RET_K, enosys),
        // clone3: ENOSYS (the C library falls back to clone).
        jump(JMP_JEQ_K, libc::SYS_clone3 as u32, 0, 1),
        stmt(RET_K, enosys),
        // clone with a namespace flag: EPERM.
        jump(JMP_JEQ_K, libc::SYS_clone as u32, 0, 4),
        stmt(LD_W_ABS, OFF_ARG0_LOW),
        jump(JMP_JSET_K, CLONE_NAMESPACES, 0, 1),
        stmt(RET_K, eperm),
        stmt(RET_K, RET_ALLOW),
        // socket and socketpair: only the families of SOCKET_FAMILIES.
        jump(JMP_JEQ_K, libc::SYS_socket as u32, 1, 0),
        jump(JMP_JEQ_K, libc::SYS_socketpair as u32, 0, 6),
        stmt(LD_W_ABS, OFF_ARG0_LOW),
        jump(JMP_JEQ_K, SOCKET_FAMILIES[0].1, 3, 0),
        jump(JMP_JEQ_K, SOCKET_FAMILIES[1].1, 2, 0),
        jump(JMP_JEQ_K, SOCKET_FAMILIES[2].1, 1, 0),
        stmt(RET_K, RET_ERRNO | libc::EAFNOSUPPORT as u32),
        stmt(RET_K, RET_ALLOW),
    ];
    // The calls refused as unsupported: their error.
    for &(_, nr, errno) in UNSUPPORTED {
        p.push(jump(JMP_JEQ_K, nr as u32, 0, 1));
        p.push(stmt(RET_K, RET_ERRNO | errno as u32));
    }
    // The calls refused with a flag: their error with it, ALLOW without (none of them
    // is in DENIED); another call skips the rule's four instructions.
    for &(_, nr, arg, mask, errno) in FLAG_RULES {
        p.push(jump(JMP_JEQ_K, nr as u32, 0, 4));
        p.push(stmt(LD_W_ABS, OFF_ARG0_LOW + 8 * arg));
        p.push(jump(JMP_JSET_K, mask, 0, 1));
        p.push(stmt(RET_K, RET_ERRNO | errno as u32));
        p.push(stmt(RET_K, RET_ALLOW));
    }
    // The calls refused for some values of an argument: the value's error, ALLOW for
    // any other value; another call skips the rule.
    for &(_, nr, arg, values) in ARG_RULES {
        let body = 1 + 2 * values.len() + 1;
        p.push(jump(JMP_JEQ_K, nr as u32, 0, body as u8));
        p.push(stmt(LD_W_ABS, OFF_ARG0_LOW + 8 * arg));
        for &(value, _, errno) in values {
            p.push(jump(JMP_JEQ_K, value, 0, 1));
            p.push(stmt(RET_K, RET_ERRNO | errno as u32));
        }
        p.push(stmt(RET_K, RET_ALLOW));
    }
    // The calls that do nothing: 0.
    for &(_, nr) in NO_OPS {
        p.push(jump(JMP_JEQ_K, nr as u32, 0, 1));
        p.push(stmt(RET_K, RET_ERRNO));
    }
    // Each denied number jumps to the final EPERM; the rest fall through to ALLOW.
    let n = DENIED.len();
    for (i, &(_, nr)) in DENIED.iter().enumerate() {
        // Instructions after this one: the remaining comparisons, then ALLOW.
        let to_eperm = (n - i - 1) + 1;
        p.push(jump(JMP_JEQ_K, nr as u32, to_eperm as u8, 0));
    }
    p.push(stmt(RET_K, RET_ALLOW));
    p.push(stmt(RET_K, eperm));
    Some(p)
}

/// Installs `prog` on the calling thread (`PR_SET_SECCOMP`, `SECCOMP_MODE_FILTER`):
/// async-signal-safe, for the child between `fork` and `exec`. `PR_SET_NO_NEW_PRIVS`
/// must already be set (or the caller be privileged). Returns whether it took effect.
///
/// # Safety
/// `prog` must point to `len` valid instructions that stay alive for the call.
pub unsafe fn raw_install(prog: *const libc::sock_filter, len: usize) -> bool {
    let fprog = libc::sock_fprog {
        len: len as u16,
        filter: prog as *mut libc::sock_filter,
    };
    // SAFETY: `fprog` describes `len` valid instructions (caller's contract); the kernel
    // copies the program.
    unsafe {
        libc::prctl(
            libc::PR_SET_SECCOMP,
            libc::SECCOMP_MODE_FILTER as libc::c_ulong,
            &fprog as *const libc::sock_fprog,
        ) == 0
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// Runs the filter as the kernel would on one call; returns its action.
    fn run(p: &[libc::sock_filter], arch: u32, nr: u32, arg0: u64) -> u32 {
        run_args(p, arch, nr, [arg0, 0, 0, 0, 0, 0])
    }

    /// [`run`] with every argument given.
    fn run_args(p: &[libc::sock_filter], arch: u32, nr: u32, args: [u64; 6]) -> u32 {
        let word = |off: u32| match off {
            OFF_NR => nr,
            OFF_ARCH => arch,
            _ if off >= OFF_ARG0_LOW && (off - OFF_ARG0_LOW) % 8 == 0 => {
                args[((off - OFF_ARG0_LOW) / 8) as usize] as u32
            }
            _ => panic!("load at {off}"),
        };
        let (mut pc, mut acc) = (0usize, 0u32);
        loop {
            let ins = p[pc];
            pc += 1;
            match ins.code {
                LD_W_ABS => acc = word(ins.k),
                RET_K => return ins.k,
                JMP_JEQ_K | JMP_JGE_K | JMP_JSET_K => {
                    let taken = match ins.code {
                        JMP_JEQ_K => acc == ins.k,
                        JMP_JGE_K => acc >= ins.k,
                        _ => acc & ins.k != 0,
                    };
                    pc += usize::from(if taken { ins.jt } else { ins.jf });
                }
                c => panic!("opcode {c:#x}"),
            }
        }
    }

    const EPERM: u32 = RET_ERRNO | libc::EPERM as u32;
    const ENOSYS: u32 = RET_ERRNO | libc::ENOSYS as u32;

    #[test]
    fn denied_calls_get_eperm_and_every_other_call_runs() {
        let p = filter().unwrap();
        assert!(p.len() < 256, "jumps are 8-bit");
        for &(name, nr) in DENIED {
            assert_eq!(run(&p, AUDIT_ARCH_X86_64, nr as u32, 0), EPERM, "{name}");
        }
        let denied: Vec<u32> = DENIED
            .iter()
            .map(|&(_, nr)| nr as u32)
            .chain(UNSUPPORTED.iter().map(|&(_, nr, _)| nr as u32))
            .chain(NO_OPS.iter().map(|&(_, nr)| nr as u32))
            .collect();
        for nr in 0..600u32 {
            if denied.contains(&nr) || nr == libc::SYS_clone3 as u32 {
                continue;
            }
            // (socket and socketpair with AF_UNIX; other families below.)
            assert_eq!(run(&p, AUDIT_ARCH_X86_64, nr, 1), RET_ALLOW, "call {nr}");
        }
    }

    #[test]
    fn fallocate_is_unsupported_and_huge_pages_are_refused_by_their_flag() {
        let p = filter().unwrap();
        let x86 = AUDIT_ARCH_X86_64;
        let fallocate = libc::SYS_fallocate as u32;
        let keep_size = libc::FALLOC_FL_KEEP_SIZE as u64;
        for mode in [0, keep_size] {
            assert_eq!(
                run_args(&p, x86, fallocate, [1, mode, 0, 1 << 30, 0, 0]),
                RET_ERRNO | libc::EOPNOTSUPP as u32
            );
        }
        let mmap = libc::SYS_mmap as u32;
        let anon = (libc::MAP_PRIVATE | libc::MAP_ANONYMOUS) as u64;
        let huge = anon | libc::MAP_HUGETLB as u64;
        let map = |flags| run_args(&p, x86, mmap, [0, 2 << 20, 3, flags, u64::MAX, 0]);
        assert_eq!(map(anon), RET_ALLOW);
        assert_eq!(map(huge), RET_ERRNO | libc::ENOMEM as u32);
        // The flag in another argument (the protection, the length) decides nothing.
        assert_eq!(
            run_args(&p, x86, mmap, [0, 0x40000, 0x40000, anon, 0, 0]),
            RET_ALLOW
        );
        let memfd = libc::SYS_memfd_create as u32;
        let cloexec = libc::MFD_CLOEXEC as u64;
        assert_eq!(
            run_args(&p, x86, memfd, [0, cloexec, 0, 0, 0, 0]),
            RET_ALLOW
        );
        assert_eq!(
            run_args(
                &p,
                x86,
                memfd,
                [0, cloexec | libc::MFD_HUGETLB as u64, 0, 0, 0, 0]
            ),
            RET_ERRNO | libc::EINVAL as u32
        );
        let shmget = libc::SYS_shmget as u32;
        assert_eq!(
            run_args(&p, x86, shmget, [0, 4096, 0o1600, 0, 0, 0]),
            RET_ALLOW
        );
        assert_eq!(
            run_args(
                &p,
                x86,
                shmget,
                [0, 2 << 20, 0o1600 | libc::SHM_HUGETLB as u64, 0, 0, 0]
            ),
            RET_ERRNO | libc::ENOMEM as u32
        );
    }

    #[test]
    fn page_cache_advice_and_locks_are_refused_by_their_argument() {
        let p = filter().unwrap();
        let x86 = AUDIT_ARCH_X86_64;
        let madvise = libc::SYS_madvise as u32;
        let advise = |advice: u64| run_args(&p, x86, madvise, [0x1000, 4096, advice, 0, 0, 0]);
        let einval = RET_ERRNO | libc::EINVAL as u32;
        for advice in [MADV_PAGEOUT, MADV_COLD, 9] {
            assert_eq!(advise(u64::from(advice)), einval, "advice {advice}");
            // The upper half of the argument is not part of an int.
            assert_eq!(
                advise(u64::from(advice) | 1 << 32),
                einval,
                "advice {advice}"
            );
        }
        // WILLNEED: 0, and the kernel never sees it.
        assert_eq!(advise(3), RET_ERRNO, "MADV_WILLNEED");
        assert_eq!(advise(3 | 1 << 32), RET_ERRNO, "MADV_WILLNEED");
        // DONTNEED (allocators), FREE, NORMAL, RANDOM, SEQUENTIAL, HUGEPAGE: allowed.
        for advice in [4u64, 8, 0, 1, 2, 14] {
            assert_eq!(advise(advice), RET_ALLOW, "advice {advice}");
        }
        // The advice in another argument decides nothing.
        assert_eq!(run_args(&p, x86, madvise, [21, 21, 4, 21, 0, 0]), RET_ALLOW);
        let fcntl = libc::SYS_fcntl as u32;
        let cmd = |c: i32| run_args(&p, x86, fcntl, [3, c as u64, 0x7000, 0, 0, 0]);
        for c in [
            libc::F_SETLK,
            libc::F_SETLKW,
            libc::F_OFD_SETLK,
            libc::F_OFD_SETLKW,
        ] {
            assert_eq!(cmd(c), RET_ERRNO, "fcntl {c}: 0 without locking");
        }
        assert_eq!(cmd(libc::F_NOTIFY), EPERM);
        for c in [
            libc::F_GETLK,
            libc::F_OFD_GETLK,
            libc::F_GETFL,
            libc::F_SETFL,
            libc::F_DUPFD_CLOEXEC,
            libc::F_GETFD,
            libc::F_SETFD,
        ] {
            assert_eq!(cmd(c), RET_ALLOW, "fcntl {c}");
        }
        assert_eq!(
            run_args(&p, x86, libc::SYS_flock as u32, [3, 2, 0, 0, 0, 0]),
            RET_ERRNO
        );
        for call in [
            libc::SYS_fadvise64,
            libc::SYS_readahead,
            libc::SYS_mincore,
            440,
            451,
            libc::SYS_inotify_init,
            libc::SYS_inotify_init1,
        ] {
            assert_eq!(run(&p, x86, call as u32, 0), EPERM, "call {call}");
        }
    }

    #[test]
    fn sockets_of_other_families_get_eafnosupport() {
        let p = filter().unwrap();
        let eafnosupport = RET_ERRNO | libc::EAFNOSUPPORT as u32;
        for call in [libc::SYS_socket, libc::SYS_socketpair] {
            for family in 0..64u32 {
                let allowed = SOCKET_FAMILIES.iter().any(|&(_, f)| f == family);
                let want = if allowed { RET_ALLOW } else { eafnosupport };
                assert_eq!(
                    run(&p, AUDIT_ARCH_X86_64, call as u32, u64::from(family)),
                    want,
                    "call {call} family {family}"
                );
            }
        }
        // AF_VSOCK (40) and AF_NETLINK (16) in particular; other calls are untouched.
        assert_eq!(
            run(&p, AUDIT_ARCH_X86_64, libc::SYS_socket as u32, 40),
            eafnosupport
        );
        assert_eq!(
            run(&p, AUDIT_ARCH_X86_64, libc::SYS_socket as u32, 16),
            eafnosupport
        );
        assert_eq!(
            run(&p, AUDIT_ARCH_X86_64, libc::SYS_read as u32, 40),
            RET_ALLOW
        );
    }

    #[test]
    fn other_abis_and_clone3_get_enosys() {
        let p = filter().unwrap();
        const AUDIT_ARCH_I386: u32 = 3 | 0x4000_0000;
        assert_eq!(run(&p, AUDIT_ARCH_I386, 26, 0), ENOSYS); // i386 ptrace
        assert_eq!(run(&p, AUDIT_ARCH_I386, 0, 0), ENOSYS);
        assert_eq!(run(&p, AUDIT_ARCH_X86_64, X32_BIT | 521, 0), ENOSYS); // x32 ptrace
        assert_eq!(run(&p, AUDIT_ARCH_X86_64, X32_BIT, 0), ENOSYS);
        assert_eq!(
            run(&p, AUDIT_ARCH_X86_64, libc::SYS_clone3 as u32, 0),
            ENOSYS
        );
    }

    #[test]
    fn clone_is_denied_only_with_a_namespace_flag() {
        let p = filter().unwrap();
        let clone = libc::SYS_clone as u32;
        let thread = (libc::CLONE_VM
            | libc::CLONE_FS
            | libc::CLONE_FILES
            | libc::CLONE_SIGHAND
            | libc::CLONE_THREAD
            | libc::CLONE_SYSVSEM
            | libc::CLONE_SETTLS
            | libc::CLONE_PARENT_SETTID
            | libc::CLONE_CHILD_CLEARTID) as u64;
        assert_eq!(run(&p, AUDIT_ARCH_X86_64, clone, thread), RET_ALLOW);
        assert_eq!(
            run(&p, AUDIT_ARCH_X86_64, clone, libc::SIGCHLD as u64),
            RET_ALLOW
        );
        for flag in [
            libc::CLONE_NEWUSER,
            libc::CLONE_NEWNS,
            libc::CLONE_NEWPID,
            libc::CLONE_NEWNET,
            libc::CLONE_NEWIPC,
            libc::CLONE_NEWUTS,
            libc::CLONE_NEWCGROUP,
            0x80,
        ] {
            let flags = flag as u64 | libc::SIGCHLD as u64;
            assert_eq!(run(&p, AUDIT_ARCH_X86_64, clone, flags), EPERM, "{flag:#x}");
        }
    }
}
