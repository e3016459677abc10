// poj3074 time_limit_exceeded: ignores the input and spins in an endless loop on a volatile
// counter (so the compiler cannot remove it). It burns CPU until the CPU-time limit
// (RLIMIT_CPU, or the wall limit) stops it: TLE.
int main(void) {
    volatile unsigned long spins = 0;
    for (;;) ++spins;
}
