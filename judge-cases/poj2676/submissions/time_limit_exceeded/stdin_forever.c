// poj2676 time_limit_exceeded: "reads stdin forever": calls getchar() in a loop that
// ignores EOF. The input is a file, so once it is exhausted every call returns EOF at once
// (it never blocks) and the loop spins on the CPU: TLE by the CPU-time limit.
#include <stdio.h>
int main(void) {
    unsigned long bytes = 0;
    for (;;)
        if (getchar() != EOF) ++bytes;
}
