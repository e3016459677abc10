// hdu3338 run_time_error: unbounded recursion, each frame holding a 4 KiB volatile
// buffer. gridjudge sets the stack rlimit to the memory limit less an eighth (28 MiB of
// the 32 MiB limit here), so the stack overflows while the process is still under the
// memory limit: SIGSEGV, RE "stack overflow", every time. (With a stack rlimit equal
// to the memory limit the verdict would race between MLE and RE.)
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
