// poj2676 memory_limit_exceeded: grows its memory 1 MiB at a time, touching every chunk
// and never freeing, until the judge kills it for exceeding the memory limit (or an
// allocation fails under an address-space limit; then it aborts with its peak memory at
// the whole allowance). Either way: MLE (see judge-cases/README.md).
#include <stdlib.h>
int main(void) {
    for (;;) {
        volatile char *chunk = malloc((size_t)1 << 20);
        if (!chunk) abort();
        for (size_t i = 0; i < ((size_t)1 << 20); i += 4096) chunk[i] = 1;
    }
}
