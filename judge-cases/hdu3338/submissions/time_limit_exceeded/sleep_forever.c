// hdu3338 time_limit_exceeded: sleeps forever (pause() in a loop) and uses no CPU at all,
// so the CPU-time limit never fires. Only the judge's wall-clock limit (wall_seconds) can
// end it: TLE. A judge without a wall limit would hang here.
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>
int main(void) {
    for (;;) pause();
}
