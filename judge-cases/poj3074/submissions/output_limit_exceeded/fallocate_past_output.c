// poj3074 output_limit_exceeded (hostile: disk past the output limit): reserves 1 GiB of
// disk for its standard output with fallocate(FALLOC_FL_KEEP_SIZE), which allocates the
// blocks without growing the file: RLIMIT_FSIZE never sees them, the output stays 0
// bytes long, and the judge's disk fills (a loop over it would fill any disk). Where
// fallocate is refused it takes the portable way, posix_fallocate, which writes the
// gigabyte block by block and meets the output limit: OLE. A judge that lets the
// reservation through sees an empty output and calls it WA while its disk is gone.
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>

int main(void) {
    const off_t gib = (off_t)1 << 30;
    if (fallocate(1, FALLOC_FL_KEEP_SIZE, 0, gib) == 0) return 0;
    int e = posix_fallocate(1, 0, gib);
    fprintf(stderr, "posix_fallocate: %d\n", e);
    return 1;
}
