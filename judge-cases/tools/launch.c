// launch: the tiny process launcher behind tools/run_submissions.py (a local stand-in for
// the gridjudge sandbox, used only to check the example submissions' expected verdicts).
//
// usage: launch CPU_S AS_MIB NPROC WALL_MS FSIZE_BYTES PROG [ARGS...]
// stdin/stdout are inherited (the caller points them at the input and output files).
// The child gets its own process group, RLIMIT_CPU (soft CPU_S, hard CPU_S+1), RLIMIT_AS,
// RLIMIT_FSIZE, RLIMIT_CORE 0, RLIMIT_NPROC, and runs as uid/gid 65534 when started as
// root (RLIMIT_NPROC is ignored for root). Past WALL_MS the whole group is SIGKILLed; it is
// SIGKILLed again after the child is reaped, which removes stray background children.
// Going through this small process keeps the measured peak RSS free of the (large)
// Python parent's pages (ru_maxrss counts the pages a forked child shares).
// Prints one line on stderr: exit=E signal=S cpu_ms=C wall_ms=W maxrss_kib=M wall_killed=K
#define _GNU_SOURCE
#include <grp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1000L + ts.tv_nsec / 1000000L;
}

static void lim(int what, rlim_t soft, rlim_t hard) {
    struct rlimit r = {soft, hard};
    if (setrlimit(what, &r) != 0) _exit(120);
}

int main(int argc, char **argv) {
    if (argc < 7) {
        fprintf(stderr, "usage: launch CPU_S AS_MIB NPROC WALL_MS FSIZE_BYTES PROG [ARGS...]\n");
        return 2;
    }
    rlim_t cpu = strtoul(argv[1], 0, 10), as_mib = strtoul(argv[2], 0, 10);
    rlim_t nproc = strtoul(argv[3], 0, 10), fsize = strtoull(argv[5], 0, 10);
    long wall_ms = strtol(argv[4], 0, 10);
    long start = now_ms();
    pid_t pid = fork();
    if (pid < 0) return 3;
    if (pid == 0) {
        setpgid(0, 0);
        lim(RLIMIT_CPU, cpu, cpu + 1);
        lim(RLIMIT_AS, as_mib << 20, as_mib << 20);
        lim(RLIMIT_FSIZE, fsize, fsize);
        lim(RLIMIT_CORE, 0, 0);
        lim(RLIMIT_NPROC, nproc, nproc);
        if (getuid() == 0) {
            if (setgroups(0, 0) != 0 || setgid(65534) != 0 || setuid(65534) != 0) _exit(121);
        }
        execv(argv[6], argv + 6);
        _exit(122);
    }
    setpgid(pid, pid);
    int status = 0, killed = 0;
    struct rusage ru;
    for (;;) {
        pid_t r = wait4(pid, &status, WNOHANG, &ru);
        if (r == pid) break;
        if (r < 0) return 4;
        if (!killed && now_ms() - start > wall_ms) {
            killpg(pid, SIGKILL);
            killed = 1;
        }
        usleep(5000);
    }
    long wall = now_ms() - start;
    killpg(pid, SIGKILL);
    long cpu_ms = ru.ru_utime.tv_sec * 1000L + ru.ru_utime.tv_usec / 1000 + ru.ru_stime.tv_sec * 1000L +
                  ru.ru_stime.tv_usec / 1000;
    fprintf(stderr, "exit=%d signal=%d cpu_ms=%ld wall_ms=%ld maxrss_kib=%ld wall_killed=%d\n",
            WIFEXITED(status) ? WEXITSTATUS(status) : -1, WIFSIGNALED(status) ? WTERMSIG(status) : 0, cpu_ms,
            wall, ru.ru_maxrss, killed);
    return 0;
}
