// poj3074 memory_limit_exceeded (hostile: a kernel OOM kill hidden behind a CPU kill):
// two children take 40 and 20 MiB and wait; 0.4 s later a third takes 24 MiB in
// 2 MiB pages at once, a burst that crosses the 64 MiB limit and the cgroup's hard
// limit above it before the judge's next sample, so the kernel's OOM killer ends the
// largest child. The main process, small and spared, then spins until the CPU limit.
// The memory limit was the first one over: MLE, never TLE. (If the judge's sample sees
// the burst first, it is MLE as well.)
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// `mib` MiB of anonymous memory on 2 MiB boundaries, asking for huge pages.
static char *region(size_t mib) {
    size_t huge = (size_t)2 << 20;
    char *p = mmap(0, (mib << 20) + huge, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) _exit(4);
    p = (char *)(((uintptr_t)p + huge - 1) & ~(uintptr_t)(huge - 1));
    madvise(p, mib << 20, MADV_HUGEPAGE);
    return p;
}

// A child that holds `mib` MiB, says so on `ready` and waits to be killed.
static void holder(size_t mib, int ready) {
    if (fork() != 0) return;
    char *p = region(mib);
    memset(p, 1, mib << 20);
    if (ready >= 0) (void)!write(ready, "x", 1);
    for (;;) pause();
}

int main(void) {
    int ready[2];
    char c;
    if (pipe(ready) != 0) return 2;
    holder(40, ready[1]);
    if (read(ready[0], &c, 1) != 1) return 3;
    holder(20, ready[1]);
    if (read(ready[0], &c, 1) != 1) return 3;
    usleep(400000);
    holder(24, -1);
    for (volatile unsigned long i = 0;; i++) {
    }
}
