// poj3074 wrong_answer: learns where its input lives (the link /proc/self/fd/0, or the
// mount table), turns `NAME.in` into `NAME.ans` and prints that file, which would be AC;
// failing that it watches and stats the answer files of every bundled problem it can
// guess, and prints what it learnt. In its own minimal root the input has a neutral name
// and no folder of the host exists: it finds nothing and prints no grid, so WA.
#include <stdio.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>
static int print_file(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) fwrite(buf, 1, n, stdout);
    fclose(f);
    return 1;
}
int main(void) {
    char in[4096];
    ssize_t n = readlink("/proc/self/fd/0", in, sizeof in - 5);
    if (n > 3) {
        in[n] = 0;
        char *dot = strrchr(in, '.');
        if (dot && strcmp(dot, ".in") == 0 && (strcpy(dot, ".ans"), print_file(in))) return 0;
    }
    printf("input seen as %s\n", n > 0 ? in : "?");
    const char *guesses[] = {"/work/main/judge-cases/poj3074/data/secret/01_top95.ans",
                             "/judge-cases/poj3074/data/secret/01_top95.ans",
                             "/root/gridjudge/judge-cases/poj3074/data/secret/01_top95.ans"};
    int fd = inotify_init1(0);
    for (int i = 0; i < 3; i++) {
        struct stat st;
        if (stat(guesses[i], &st) == 0) printf("%s exists, %lld bytes\n", guesses[i], (long long)st.st_size);
        if (fd >= 0 && inotify_add_watch(fd, guesses[i], IN_ACCESS) >= 0) printf("watching %s\n", guesses[i]);
    }
    return 0;
}
