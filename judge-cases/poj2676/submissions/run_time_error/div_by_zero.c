// poj2676 run_time_error: integer division of a volatile 7 by a volatile 0 (the compiler
// can neither fold nor rewrite the division): the CPU traps, killed by SIGFPE: RE.
#include <stdio.h>
int main(void) {
    volatile int seven = 7, zero = 0;
    printf("%d\n", seven / zero);
    return 0;
}
