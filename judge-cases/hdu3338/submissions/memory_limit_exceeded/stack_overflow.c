// hdu3338 memory_limit_exceeded: unbounded recursion, each frame holding a 4 KiB volatile
// buffer. gridjudge sets the stack rlimit to the memory limit (as Codeforces does, so that
// legitimate deep recursion works), so the stack grows past the 32 MiB memory limit before
// the stack rlimit is hit: MLE, not RE. (Under a judge with the usual 8 MiB stack rlimit it
// would die by SIGSEGV with little memory used: RE.)
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
