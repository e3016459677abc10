// poj3074 memory_limit_exceeded: allocates 1 GiB in one malloc and touches every page
// (volatile stores), so the peak resident set is about 1 GiB, far above the memory limit: MLE. If
// the sandbox's address-space limit refuses the block, it takes memory 1 MiB at a time
// (touching each) until an allocation fails, then aborts; its peak memory is then the
// whole allowance. A judge must call both MLE (see judge-cases/README.md).
#include <stdio.h>
#include <stdlib.h>
int main(void) {
    size_t size = (size_t)1 << 30;
    volatile char *block = malloc(size);
    if (block) {
        // volatile stores, one per page: the compiler may not drop the allocation
        for (size_t i = 0; i < size; i += 4096) block[i] = 1;
        printf("%d\n", block[size / 2]);
        return 0;
    }
    for (;;) {
        volatile char *chunk = malloc((size_t)1 << 20);
        if (!chunk) abort();
        for (size_t i = 0; i < ((size_t)1 << 20); i += 4096) chunk[i] = 1;
    }
}
