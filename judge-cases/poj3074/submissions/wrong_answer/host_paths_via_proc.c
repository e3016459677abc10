// poj3074 wrong_answer (hostile: host paths through /proc): looks for a folder of the
// judge's machine in what every process may read about itself and its namespace's
// init: where /proc/self/fd/1 and /proc/self/fd/2 point (the judge's capture files)
// and /proc/1/cmdline (the launcher the init was forked from, whose path is the
// judge's install, next to its judge-cases). From each path found it tries the
// answer files of the bundled problems beside it and prints one it can read, which
// would be AC; failing that, when it learnt any host folder it exits 1 naming it (RE).
// In its own minimal root the capture files name /stdout and /stderr, the init is a
// plain "gridjudge", and no folder of the host exists: it prints nothing, so WA.
#include <stdio.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

static char learnt[4096];

// Tries DIR/judge-cases/poj3074/data/secret/01_top95.ans for DIR = every ancestor of
// `path`; prints the file and returns 1 when one is readable.
static int try_answers_near(const char *path) {
    char dir[4096], file[4600];
    snprintf(dir, sizeof dir, "%s", path);
    for (char *slash = strrchr(dir, '/'); slash && slash != dir; slash = strrchr(dir, '/')) {
        *slash = 0;
        snprintf(file, sizeof file, "%s/judge-cases/poj3074/data/secret/01_top95.ans", dir);
        FILE *f = fopen(file, "r");
        if (!f) continue;
        int c;
        while ((c = fgetc(f)) != EOF) putchar(c);
        return 1;
    }
    return 0;
}

static void consider(const char *path) {
    if (path[0] != '/' || strchr(path + 1, '/') == NULL) return;  // "/stdout": nothing learnt
    if (!learnt[0]) snprintf(learnt, sizeof learnt, "%s", path);
}

int main(void) {
    char buf[4096];
    const char *links[] = {"/proc/self/fd/1", "/proc/self/fd/2"};
    for (int i = 0; i < 2; i++) {
        ssize_t n = readlink(links[i], buf, sizeof buf - 1);
        if (n <= 0) continue;
        buf[n] = 0;
        consider(buf);
        if (try_answers_near(buf)) return 0;
    }
    int fd = open("/proc/1/cmdline", O_RDONLY);
    ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
    if (n > 0) {
        buf[n] = 0;  // the first word: the launcher's argv[0]
        consider(buf);
        if (try_answers_near(buf)) return 0;
    }
    if (learnt[0]) {
        fprintf(stderr, "learnt a host path: %s\n", learnt);
        return 1;
    }
    return 0;
}
