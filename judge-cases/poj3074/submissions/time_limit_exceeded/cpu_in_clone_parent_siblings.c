// poj3074 time_limit_exceeded (hostile: CPU in siblings): starts two workers with
// clone(CLONE_PARENT), so they are not its children but its siblings, children of
// whatever started it; each burns 1.2 s of CPU, tells the main process over a pipe
// and goes on burning. The main process, which used no CPU, exits as soon as both have
// reported, with no answer. A judge that counts the program and the children it waited
// for reports almost nothing and WA; one that counts every process of the run sees
// more than the 1 s limit: TLE.
#define _GNU_SOURCE
#include <sched.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>

static int report[2];
static char stacks[2][64 * 1024];

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int worker(void *arg) {
    (void)arg;
    while (cpu_seconds() < 1.2) {
    }
    (void)!write(report[1], "x", 1);
    for (;;) {
    }
    return 0;
}

int main(void) {
    if (pipe(report) != 0) return 1;
    int started = 0;
    for (int i = 0; i < 2; i++)
        if (clone(worker, stacks[i] + sizeof stacks[i], CLONE_PARENT | SIGCHLD, 0) > 0) started++;
    char c;
    for (int i = 0; i < started; i++)
        if (read(report[0], &c, 1) != 1) break;
    return 0;
}
