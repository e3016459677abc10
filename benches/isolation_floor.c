/* The isolation's own kernel cost, for benches/sandbox_peers.sh ("floor").
 *
 * Runs PROGRAM N times with stdin from IN and stdout to OUT, each run taking the
 * kernel steps a fully isolated `gridjudge judge` run takes and nothing else: a child
 * in a new mount namespace (mounts made private, an empty tmpfs over WORKDIR), a new
 * PID namespace whose init mounts a fresh /proc, drops to uid/gid 65534, enforces a
 * Landlock ruleset with the same system paths as src/sandbox/confine.rs and a seccomp
 * filter as long as gridjudge's (62 instructions, allowing everything), then starts the
 * program with a vfork-style clone and waits for it. No limits, no cgroup, no checker,
 * no report: the floor under any judge that isolates this way. Needs root.
 *
 * Usage: isolation_floor N WORKDIR IN OUT PROGRAM [ARG...]
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <grp.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *const rule_paths[] = {
    /* SYSTEM_READ */ "/usr", "/lib", "/lib32", "/lib64", "/bin", "/sbin", "/sys/devices/system/cpu",
    /* ETC_READ (those that exist are kept) */ "/etc/ld.so.cache", "/etc/ld.so.preload",
    "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/timezone",
    "/etc/nsswitch.conf", "/etc/locale.alias", "/etc/python3", "/etc/python3.11",
    /* /proc (the host's, as gridjudge's shared rules) and DEVICES */ "/proc",
    "/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom",
};
#define MAX_RULES 32
static int rule_fds[MAX_RULES];
static int rules;

static char **program_argv;
static const char *workdir, *in_path, *out_path;

static void die(const char *what) {
    perror(what);
    _exit(2);
}

/* Landlock: read/execute on the system paths and the program (file rights only on
 * files), read on the fresh /proc, everything on the working folder, as gridjudge
 * grants. */
static void confine(void) {
    struct landlock_ruleset_attr attr = {.handled_access_fs = (1ULL << 13) - 1};
    int rs = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
    if (rs < 0) die("landlock_create_ruleset");
    int extra[3] = {open(program_argv[0], O_PATH | O_CLOEXEC), open("/proc", O_PATH | O_CLOEXEC),
                    open(workdir, O_PATH | O_CLOEXEC)};
    for (int i = 0; i < rules + 3; i++) {
        int fd = i < rules ? rule_fds[i] : extra[i - rules];
        struct stat st;
        if (fd < 0 || fstat(fd, &st) != 0) die("rule path");
        unsigned long long rights = S_ISDIR(st.st_mode) ? (1 | 4 | 8) : (1 | 4);
        if (i == rules + 2) rights = attr.handled_access_fs;
        struct landlock_path_beneath_attr pb = {.allowed_access = rights, .parent_fd = fd};
        if (syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &pb, 0) != 0)
            die("landlock_add_rule");
    }
    for (int i = 0; i < 3; i++) close(extra[i]);
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("no_new_privs");
    if (syscall(SYS_landlock_restrict_self, rs, 0) != 0) die("landlock_restrict_self");
    close(rs);
    struct sock_filter f[62];
    f[0] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0);
    for (int i = 1; i < 61; i++) /* never-taken tests, as long as gridjudge's filter */
        f[i] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 100000 + i, 0, 0);
    f[61] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    struct sock_fprog prog = {.len = 62, .filter = f};
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) die("seccomp");
}

/* PID 1 of the run's namespace: /proc, the uid drop, the confinement, the program. */
static void init(void) {
    if (mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) die("mount /proc");
    if (chdir(workdir) != 0) die("chdir");
    if (setgroups(0, NULL) != 0 || setgid(65534) != 0 || setuid(65534) != 0) die("uid drop");
    confine();
    pid_t p = vfork();
    if (p == 0) {
        execv(program_argv[0], program_argv);
        _exit(127);
    }
    int st;
    if (p < 0 || waitpid(p, &st, 0) != p) die("wait program");
    _exit(WIFEXITED(st) ? WEXITSTATUS(st) : 3);
}

/* The run's first process: its own mount namespace and tmpfs, then the PID namespace. */
static void child(void) {
    int in = open(in_path, O_RDONLY), out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0) die("redirect");
    if (unshare(CLONE_NEWNS) != 0) die("unshare mount");
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) die("make private");
    if (mount("floor-work", workdir, "tmpfs", MS_NOSUID | MS_NODEV, "size=64m,mode=0777") != 0) die("tmpfs");
    if (unshare(CLONE_NEWPID) != 0) die("unshare pid");
    pid_t p = fork();
    if (p == 0) init();
    int st;
    if (p < 0 || waitpid(p, &st, 0) != p) die("wait init");
    _exit(WIFEXITED(st) ? WEXITSTATUS(st) : 3);
}

int main(int argc, char **argv) {
    if (argc < 6) {
        fprintf(stderr, "usage: %s N WORKDIR IN OUT PROGRAM [ARG...]\n", argv[0]);
        return 64;
    }
    int n = atoi(argv[1]);
    workdir = argv[2];
    in_path = argv[3];
    out_path = argv[4];
    program_argv = argv + 5;
    for (unsigned i = 0; i < sizeof rule_paths / sizeof *rule_paths && rules < MAX_RULES; i++) {
        int fd = open(rule_paths[i], O_PATH | O_CLOEXEC);
        if (fd >= 0) rule_fds[rules++] = fd;
    }
    for (int i = 0; i < n; i++) {
        pid_t p = fork();
        if (p == 0) child();
        int st;
        if (p < 0 || waitpid(p, &st, 0) != p) die("wait");
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
            fprintf(stderr, "isolation_floor: run %d failed (status %d)\n", i + 1, st);
            return 1;
        }
    }
    return 0;
}
