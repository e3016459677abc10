/* Hostile: tries to steal the judge's answer instead of solving. Reads its input, then
 * searches for a `.ans` file whose sibling `.in` holds exactly that input, and prints the
 * answer. Where it looks, in order: the file behind its stdin (/proc/self/fd/0), the
 * working folders and command lines of every process in /proc (the judge's argv names
 * the cases folder), the parents of its own working folder, $HOME, /proc/self/cwd/..,
 * /work, /tmp and finally the whole disk from /. Prints nothing when it finds nothing:
 * a wrong answer. Exit code 0 either way. argv[1], if given, is an extra root to search.
 * Unconfined (same uid, no Landlock, no private /proc) it finds the answer and gets AC;
 * confined it must get WA. */
#define _GNU_SOURCE
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char *input;
static size_t input_len;
static long visited;
#define MAX_VISITED 400000L

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

/* If `ans` (a path ending in .ans) answers our input, prints it and exits. */
static void try_answer(const char *ans) {
    size_t l = strlen(ans);
    if (l < 4 || strcmp(ans + l - 4, ".ans") != 0 || l >= PATH_MAX) return;
    char in[PATH_MAX];
    memcpy(in, ans, l - 4);
    strcpy(in + l - 4, ".in");
    size_t n;
    char *data = slurp(in, &n);
    int same = data && n == input_len && memcmp(data, input, n) == 0;
    free(data);
    if (!same) return;
    char *answer = slurp(ans, &n);
    if (!answer) return;
    fwrite(answer, 1, n, stdout);
    fflush(stdout);
    exit(0);
}

static void walk(const char *dir, int depth) {
    if (depth > 10 || visited > MAX_VISITED) return;
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    char path[PATH_MAX];
    while ((e = readdir(d)) && visited < MAX_VISITED) {
        visited++;
        const char *n = e->d_name;
        if (!strcmp(n, ".") || !strcmp(n, "..")) continue;
        if (snprintf(path, sizeof path, "%s/%s", strcmp(dir, "/") ? dir : "", n) >= (int)sizeof path)
            continue;
        if (e->d_type == DT_DIR) {
            if (!strcmp(path, "/proc") || !strcmp(path, "/sys") || !strcmp(path, "/dev") ||
                !strcmp(n, ".git") || !strcmp(n, "target") || !strcmp(n, "registry"))
                continue;
            walk(path, depth + 1);
        } else if (e->d_type == DT_REG || e->d_type == DT_UNKNOWN) {
            try_answer(path);
        }
    }
    closedir(d);
}

/* Walks `dir` and its parents up to /. */
static void walk_up(const char *start) {
    char dir[PATH_MAX];
    if (!realpath(start, dir)) return;
    for (int i = 0; i < 4; i++) {
        walk(dir, 0);
        char *slash = strrchr(dir, '/');
        if (!slash || slash == dir) return;
        *slash = 0;
    }
}

int main(int argc, char **argv) {
    input = slurp("/dev/stdin", &input_len);
    if (!input) {
        input = malloc(1);
        input_len = 0;
    }
    char link[PATH_MAX];
    ssize_t k = readlink("/proc/self/fd/0", link, sizeof link - 5);
    if (k > 3) {
        link[k] = 0;
        if (!strcmp(link + k - 3, ".in")) {
            strcpy(link + k - 3, ".ans");
            try_answer(link);
            link[k - 3] = 0;
        }
        char *slash = strrchr(link, '/');
        if (slash) {
            *slash = 0;
            walk_up(link);
        }
    }
    if (argc > 1) walk(argv[1], 0);
    DIR *proc = opendir("/proc");
    struct dirent *e;
    while (proc && (e = readdir(proc))) {
        if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
        char p[PATH_MAX];
        snprintf(p, sizeof p, "/proc/%s/cwd", e->d_name);
        walk_up(p);
        snprintf(p, sizeof p, "/proc/%s/cmdline", e->d_name);
        size_t n;
        char *cmd = slurp(p, &n);
        for (size_t i = 0; cmd && i < n; i += strlen(cmd + i) + 1) {
            if (cmd[i] == '/') walk_up(cmd + i);
            else if (cmd[i]) {
                char q[PATH_MAX];
                snprintf(q, sizeof q, "/proc/%s/cwd/%s", e->d_name, cmd + i);
                walk_up(q);
            }
        }
        free(cmd);
    }
    if (proc) closedir(proc);
    walk_up(".");
    walk_up("/proc/self/cwd/..");
    if (getenv("HOME")) walk_up(getenv("HOME"));
    walk("/work", 0);
    walk("/tmp", 0);
    walk("/", 0);
    return 0;
}
