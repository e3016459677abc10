// poj3074 time_limit_exceeded: does its work in child processes that it never waits
// for (zombies at the end), 6 s of CPU in all, while the main process only sleeps; then
// prints nothing useful. A judge that counts only the main process's CPU time reports a
// few milliseconds and WA; the CPU time of every process of the run counts: TLE.
#include <stdio.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>
static void burn(double seconds) {
    clock_t end = clock() + (clock_t)(seconds * CLOCKS_PER_SEC);
    volatile unsigned long x = 0;
    while (clock() < end) x++;
}
int main(void) {
    for (int i = 0; i < 12; i++) {
        if (fork() == 0) {
            burn(0.5);
            _exit(0);
        }
        // One child at a time, on one core: the wall time is the CPU time.
        struct timespec half = {0, 520 * 1000 * 1000};
        nanosleep(&half, NULL);
    }
    puts("no answer");
    return 0;
}
