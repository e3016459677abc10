// poj2676 time_limit_exceeded: a fork bomb. Every process calls fork() in 10 rounds
// (up to 2^10 = 1024 processes; bounded so that a broken sandbox on a shared machine
// cannot take the machine down for good), ignoring failed forks (RLIMIT_NPROC makes most
// of them fail), then every process spins forever. The original process keeps spinning
// whatever fork() did, so the verdict is deterministic: TLE (CPU limit, or the wall
// limit if the bomb steals the CPU). The judge must kill the whole process group.
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>
int main(void) {
    for (int round = 0; round < 10; ++round) (void)fork();
    volatile unsigned long spins = 0;
    for (;;) ++spins;
}
