// poj3074 time_limit_exceeded: looks for answers a previous run left in System V
// shared memory and prints them; when there are none it "computes" them (a busy loop
// past the time limit), storing as it goes. With System V IPC shared between runs the
// second run would find the first one's segment and finish at once (here with a wrong
// answer, WA); in a fresh IPC namespace per run every run starts empty: TLE, each time.
#include <stdio.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#define KEY 0x67726a64  // "grjd"
int main(void) {
    int id = shmget(KEY, 4096, 0);
    if (id >= 0) {
        char *cached = shmat(id, NULL, SHM_RDONLY);
        if (cached != (void *)-1) {
            fputs(cached, stdout);
            return 0;
        }
    }
    id = shmget(KEY, 4096, IPC_CREAT | 0666);
    char *cache = id >= 0 ? shmat(id, NULL, 0) : NULL;
    if (cache && cache != (void *)-1) strcpy(cache, "cached answer\n");
    volatile unsigned long x = 0;
    for (;;) x++;
}
