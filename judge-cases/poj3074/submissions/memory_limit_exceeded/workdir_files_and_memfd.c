// poj3074 memory_limit_exceeded: keeps files of 1 MiB in its working folder (a tmpfs:
// memory, not disk) until the folder is full or holds 40 MiB, and 96 MiB in memfds of
// 1 MiB each, mapped and their descriptors closed (every piece stays under the file-size
// and descriptor limits), with a heap of a few KiB; then prints nothing useful. None of
// it is in its resident set: a judge that counts only that reports about a megabyte and
// WA; files in memory and shared memory count: MLE.
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
int main(void) {
    static char chunk[1 << 20];
    memset(chunk, 7, sizeof chunk);
    for (int i = 0; i < 40; i++) {
        char name[32];
        snprintf(name, sizeof name, "held%d.bin", i);
        FILE *f = fopen(name, "wb");
        size_t n = f ? fwrite(chunk, 1, sizeof chunk, f) : 0;
        if (!f || fclose(f) != 0 || n != sizeof chunk) break;
    }
    for (int i = 0; i < 96; i++) {
        int fd = memfd_create("held", 0);
        if (fd < 0 || write(fd, chunk, sizeof chunk) != (ssize_t)sizeof chunk) break;
        if (mmap(NULL, sizeof chunk, PROT_READ, MAP_SHARED, fd, 0) == MAP_FAILED) break;
        close(fd);
    }
    sleep(1);
    puts("no answer");
    return 0;
}
