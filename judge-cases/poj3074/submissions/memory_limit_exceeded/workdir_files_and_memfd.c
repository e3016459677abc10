// poj3074 memory_limit_exceeded: keeps 40 MiB in files of its working folder (a tmpfs:
// memory, not disk) and 40 MiB in an anonymous memfd, with a heap of a few KiB; then
// prints nothing useful. Neither is in its resident set: a judge that counts only that
// reports about a megabyte and WA; files in memory and shared memory count: MLE.
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
int main(void) {
    static char chunk[1 << 20];
    memset(chunk, 7, sizeof chunk);
    FILE *f = fopen("held.bin", "wb");
    for (int i = 0; f && i < 40; i++) fwrite(chunk, 1, sizeof chunk, f);
    if (f) fclose(f);
    int fd = memfd_create("held", 0);
    for (int i = 0; fd >= 0 && i < 40; i++)
        if (write(fd, chunk, sizeof chunk) < 0) break;
    sleep(1);
    puts("no answer");
    return 0;
}
