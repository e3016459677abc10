// poj2676 accepted (hostile): the correct bitmask DFS solver of dfs_bitmask.c that
// first starts a daemon the classic way (fork, setsid() to leave the judge's process
// group and session, fork again, the grandchild sleeps forever holding stdout) and a
// second setsid() child that double-forks a sleeper, then prints every answer and exits
// 0: AC. The daemons escape a process-group kill; the judge's PID namespace (or, without
// one, its child subreaper) must still kill them when the case ends — checked by
// tests/it/sandbox/confinement.rs with the same pattern. If fork fails the verdict is the
// same.
#define _POSIX_C_SOURCE 200809L
#include <sys/types.h>
#include <string.h>
#include <unistd.h>
#include <stdio.h>

static int grid[81], rowm[9], colm[9], boxm[9], empty[81], nempty;

static int box_of(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }

static int search(int filled) {
    if (filled == nempty) return 1;
    int best = -1, best_count = 10, best_free = 0;
    for (int i = filled; i < nempty; ++i) {
        int cell = empty[i];
        int free = 0x1FF & ~(rowm[cell / 9] | colm[cell % 9] | boxm[box_of(cell)]);
        int count = __builtin_popcount(free);
        if (count < best_count) {
            best = i, best_count = count, best_free = free;
            if (count <= 1) break;
        }
    }
    if (best_count == 0) return 0;
    int tmp = empty[filled];
    empty[filled] = empty[best];
    empty[best] = tmp;
    int cell = empty[filled], r = cell / 9, c = cell % 9, b = box_of(cell);
    while (best_free) {
        int bit = best_free & -best_free;
        best_free ^= bit;
        rowm[r] |= bit, colm[c] |= bit, boxm[b] |= bit;
        grid[cell] = __builtin_ctz(bit) + 1;
        if (search(filled + 1)) return 1;
        rowm[r] ^= bit, colm[c] ^= bit, boxm[b] ^= bit;
    }
    grid[cell] = 0;
    empty[best] = empty[filled];
    empty[filled] = tmp;
    return 0;
}

int main(void) {
    // Leave two setsid() daemons behind, double-forked: they keep the inherited stdout
    // open and sleep forever. If fork fails (RLIMIT_NPROC) the parent just goes on.
    fflush(stdout);
    for (int k = 0; k < 2; ++k) {
        pid_t child = fork();
        if (child == 0) {
            setsid();
            if (fork() == 0) {
                for (;;) pause();
            }
            _exit(0);
        }
    }
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t-- > 0) {
        char line[16];
        for (int i = 0; i < 9; ++i) { rowm[i] = colm[i] = boxm[i] = 0; }
        nempty = 0;
        for (int r = 0; r < 9; ++r) {
            if (scanf("%15s", line) != 1) return 0;
            for (int c = 0; c < 9; ++c) {
                int cell = r * 9 + c, v = line[c] - '0';
                grid[cell] = v;
                if (v == 0) {
                    empty[nempty++] = cell;
                } else {
                    rowm[r] |= 1 << (v - 1), colm[c] |= 1 << (v - 1), boxm[box_of(cell)] |= 1 << (v - 1);
                }
            }
        }
        search(0);
        for (int r = 0; r < 9; ++r) {
            for (int c = 0; c < 9; ++c) putchar('0' + grid[r * 9 + c]);
            putchar('\n');
        }
    }
    return 0;
}
