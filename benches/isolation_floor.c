/* The isolation's own kernel cost, for benches/sandbox_peers.sh ("floor").
 *
 * Runs PROGRAM N times with stdin from IN and stdout to OUT, each run taking the
 * kernel steps a fully isolated `gridjudge judge` run takes and nothing else: the input
 * copied into a sealed memfd; a child in new mount, IPC and UTS namespaces (mounts made
 * private) that builds the minimal root over WORKDIR (a tmpfs; /usr and
 * /sys/devices/system/cpu bound read-only; the /etc copies; five device nodes and the
 * /dev links; the program bound read-only at its path; /box); a new PID namespace whose
 * init mounts a fresh /proc (subset=pid), pivots into the root, sets the host name,
 * enters a cgroup namespace, drops to uid/gid 65534, enforces a Landlock ruleset with the
 * same system paths as src/sandbox/confine.rs and the root's own rules, a seccomp filter
 * as long as gridjudge's (70 instructions, allowing everything), then starts the program
 * with a vfork-style clone and waits for it. No limits, no cgroup, no checker, no
 * report: the floor under any judge that isolates this way. Needs root.
 *
 * Usage: isolation_floor N WORKDIR IN OUT PROGRAM [ARG...]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/filter.h>
#include <linux/landlock.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/sysmacros.h>
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
/* The /etc copies of the root, read once: path (relative) and bytes. */
static const char *const etc_files[] = {"etc/ld.so.cache", "etc/ld.so.conf", "etc/localtime",
                                        "etc/timezone", "etc/nsswitch.conf", "etc/locale.alias"};
#define ETC_FILES (sizeof etc_files / sizeof *etc_files)
static char *etc_data[ETC_FILES];
static long etc_len[ETC_FILES];
static char program_rel[4096];
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
    int extra[6] = {open(program_argv[0], O_PATH | O_CLOEXEC), open("/proc", O_PATH | O_CLOEXEC),
                    open("/", O_PATH | O_CLOEXEC),           open("/etc", O_PATH | O_CLOEXEC),
                    open("/dev", O_PATH | O_CLOEXEC),        open("/box", O_PATH | O_CLOEXEC)};
    for (int i = 0; i < rules + 6; i++) {
        int fd = i < rules ? rule_fds[i] : extra[i - rules];
        struct stat st;
        if (fd < 0 || fstat(fd, &st) != 0) die("rule path");
        unsigned long long rights = S_ISDIR(st.st_mode) ? (1 | 4 | 8) : (1 | 4);
        if (i == rules + 2) rights = 8;
        if (i == rules + 4) rights = 2 | 4;
        if (i == rules + 5) rights = attr.handled_access_fs;
        struct landlock_path_beneath_attr pb = {.allowed_access = rights, .parent_fd = fd};
        if (syscall(SYS_landlock_add_rule, rs, LANDLOCK_RULE_PATH_BENEATH, &pb, 0) != 0)
            die("landlock_add_rule");
    }
    for (int i = 0; i < 6; i++) close(extra[i]);
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) die("no_new_privs");
    if (syscall(SYS_landlock_restrict_self, rs, 0) != 0) die("landlock_restrict_self");
    close(rs);
    struct sock_filter f[70];
    f[0] = (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0);
    for (int i = 1; i < 69; i++) /* never-taken tests, as long as gridjudge's filter */
        f[i] = (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 100000 + i, 0, 0);
    f[69] = (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW);
    struct sock_fprog prog = {.len = 70, .filter = f};
    if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) die("seccomp");
}

/* PID 1 of the run's namespace: /proc, the switch to the root, the host name, the cgroup
 * namespace, the uid drop, the confinement, the program. */
static void init(void) {
    if (mount("proc", "proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, "subset=pid") != 0) die("mount /proc");
    if (syscall(SYS_pivot_root, ".", ".") != 0 || umount2(".", MNT_DETACH) != 0) die("pivot_root");
    if (chdir("/box") != 0) die("chdir");
    if (sethostname("gridjudge", 9) != 0) die("sethostname");
    if (unshare(CLONE_NEWCGROUP) != 0) die("unshare cgroup");
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

static void bind_ro(const char *source, const char *target) {
    if (mount(source, target, NULL, MS_BIND | MS_REC, NULL) != 0 ||
        mount(NULL, target, NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID, NULL) != 0)
        die(target);
}

/* The minimal root, over WORKDIR (the working folder: the root's tmpfs). */
static void build_root(void) {
    if (mount("floor-root", workdir, "tmpfs", MS_NOSUID, "size=64m,nr_inodes=4200,mode=0755") != 0) die("tmpfs");
    if (chdir(workdir) != 0) die("chdir root");
    const char *dirs[] = {"usr", "sys", "sys/devices", "sys/devices/system", "sys/devices/system/cpu",
                          "etc", "dev", "proc", "tmp", "box"};
    for (unsigned i = 0; i < sizeof dirs / sizeof *dirs; i++)
        if (mkdir(dirs[i], 0755) != 0) die(dirs[i]);
    const char *links[][2] = {{"usr/bin", "bin"}, {"usr/lib", "lib"}, {"usr/lib64", "lib64"},
                              {"usr/sbin", "sbin"}, {"/proc/self/fd", "dev/fd"},
                              {"/proc/self/fd/0", "dev/stdin"}, {"/proc/self/fd/1", "dev/stdout"},
                              {"/proc/self/fd/2", "dev/stderr"}, {"../tmp", "dev/shm"}};
    for (unsigned i = 0; i < sizeof links / sizeof *links; i++)
        if (symlink(links[i][0], links[i][1]) != 0) die(links[i][1]);
    bind_ro("/usr", "usr");
    bind_ro("/sys/devices/system/cpu", "sys/devices/system/cpu");
    for (unsigned i = 0; i < ETC_FILES; i++) {
        if (!etc_data[i]) continue;
        int fd = open(etc_files[i], O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0444);
        if (fd < 0 || write(fd, etc_data[i], etc_len[i]) != etc_len[i] || close(fd) != 0) die(etc_files[i]);
    }
    const char *devs[][2] = {{"dev/null", "1:3"}, {"dev/zero", "1:5"}, {"dev/full", "1:7"},
                             {"dev/random", "1:8"}, {"dev/urandom", "1:9"}};
    for (unsigned i = 0; i < 5; i++)
        if (mknod(devs[i][0], S_IFCHR | 0666, makedev(1, atoi(devs[i][1] + 2))) != 0 || chmod(devs[i][0], 0666) != 0)
            die(devs[i][0]);
    /* The program, bound at its own path: its folders, then the bind. */
    char path[4096];
    snprintf(path, sizeof path, "%s", program_rel);
    for (char *s = strchr(path, '/'); s; s = strchr(s + 1, '/')) {
        *s = 0;
        if (mkdir(path, 0755) != 0 && errno != EEXIST) die(path);
        *s = '/';
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0444);
    if (fd < 0) die(path);
    close(fd);
    bind_ro(program_argv[0], path);
    if (chown("box", 65534, 65534) != 0 || chmod("box", 0700) != 0) die("box");
}

/* The input as a sealed memfd, as the launcher gives it. */
static int sealed_input(void) {
    int in = open(in_path, O_RDONLY | O_CLOEXEC);
    int m = memfd_create("stdin", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (in < 0 || m < 0) die("memfd");
    char buf[65536];
    ssize_t n;
    while ((n = read(in, buf, sizeof buf)) > 0)
        if (write(m, buf, n) != n) die("memfd write");
    close(in);
    if (lseek(m, 0, SEEK_SET) != 0 || fcntl(m, F_ADD_SEALS, F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE) != 0)
        die("seal");
    return m;
}

/* The run's first process: its own mount, IPC and UTS namespaces and root, then the PID
 * namespace. */
static void child(int in) {
    int out = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0) die("redirect");
    if (unshare(CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS) != 0) die("unshare mount");
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) die("make private");
    build_root();
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
    for (unsigned i = 0; i < ETC_FILES; i++) {
        char host[64];
        snprintf(host, sizeof host, "/%s", etc_files[i]);
        int fd = open(host, O_RDONLY | O_CLOEXEC);
        struct stat st;
        if (fd < 0 || fstat(fd, &st) != 0) continue;
        etc_data[i] = malloc(st.st_size + 1);
        etc_len[i] = read(fd, etc_data[i], st.st_size);
        close(fd);
    }
    if (program_argv[0][0] != '/') {
        fprintf(stderr, "isolation_floor: PROGRAM must be an absolute path\n");
        return 64;
    }
    snprintf(program_rel, sizeof program_rel, "%s", program_argv[0] + 1);
    for (int i = 0; i < n; i++) {
        int in = sealed_input();
        pid_t p = fork();
        if (p == 0) child(in);
        close(in);
        int st;
        if (p < 0 || waitpid(p, &st, 0) != p) die("wait");
        if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
            fprintf(stderr, "isolation_floor: run %d failed (status %d)\n", i + 1, st);
            return 1;
        }
    }
    return 0;
}
