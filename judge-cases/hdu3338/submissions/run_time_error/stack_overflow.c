// hdu3338 run_time_error: unbounded recursion, each frame holding a 4 KiB volatile buffer,
// until the stack limit is hit: killed by SIGSEGV: RE. (Stack memory stays far below the
// memory limit when the stack rlimit is the usual 8 MiB.)
#include <stdio.h>
static int dive(int depth) {
    volatile char frame[4096];
    frame[depth % 4096] = (char)depth;
    return dive(depth + 1) + frame[0];
}
int main(void) {
    printf("%d\n", dive(0));
    return 0;
}
