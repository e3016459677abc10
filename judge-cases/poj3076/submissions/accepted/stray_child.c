// poj3076 accepted (hostile): the correct dancing-links solver of dlx.c, which first
// forks a child that keeps the inherited stdout open and sleeps forever, then prints every
// answer and exits 0. The answer is right and the process the judge started exited
// cleanly: AC. The judge must not wait for the stray child (nor for EOF on a stdout pipe
// it holds) and must kill it with the process group. If fork fails under RLIMIT_NPROC
// the verdict is the same.
#define _POSIX_C_SOURCE 200809L
#include <unistd.h>
#include <stdio.h>
#include <string.h>

#define N 16
#define CELLS (N * N)
#define COLS (4 * CELLS)
#define ROWS (CELLS * N)
#define MAXN (COLS + 1 + ROWS * 4)

static int L[MAXN], R[MAXN], U[MAXN], D[MAXN], C[MAXN], ROWOF[MAXN], S[COLS + 1];
static int node_count, row_head[ROWS], chosen[CELLS], found_depth;

static void init(void) {
    for (int c = 0; c <= COLS; ++c) {
        L[c] = c - 1, R[c] = c + 1, U[c] = D[c] = c, S[c] = 0;
    }
    L[0] = COLS, R[COLS] = 0;
    node_count = COLS + 1;
}

static void add_row(int r, const int cols[4]) {
    int first = -1;
    for (int k = 0; k < 4; ++k) {
        int c = cols[k] + 1, n = node_count++;
        C[n] = c, ROWOF[n] = r;
        U[n] = U[c], D[n] = c, D[U[c]] = n, U[c] = n;
        ++S[c];
        if (first < 0) {
            first = n, L[n] = R[n] = n;
        } else {
            L[n] = L[first], R[n] = first, R[L[first]] = n, L[first] = n;
        }
    }
    row_head[r] = first;
}

static void cover(int c) {
    L[R[c]] = L[c], R[L[c]] = R[c];
    for (int i = D[c]; i != c; i = D[i])
        for (int j = R[i]; j != i; j = R[j]) U[D[j]] = U[j], D[U[j]] = D[j], --S[C[j]];
}

static void uncover(int c) {
    for (int i = U[c]; i != c; i = U[i])
        for (int j = L[i]; j != i; j = L[j]) ++S[C[j]], U[D[j]] = j, D[U[j]] = j;
    L[R[c]] = c, R[L[c]] = c;
}

static int search(int k) {
    if (R[0] == 0) {
        found_depth = k;
        return 1;
    }
    int c = R[0];
    for (int j = R[0]; j != 0; j = R[j])
        if (S[j] < S[c]) c = j;
    if (S[c] == 0) return 0;
    cover(c);
    for (int r = D[c]; r != c; r = D[r]) {
        chosen[k] = ROWOF[r];
        for (int j = R[r]; j != r; j = R[j]) cover(C[j]);
        if (search(k + 1)) return 1;
        for (int j = L[r]; j != r; j = L[j]) uncover(C[j]);
    }
    uncover(c);
    return 0;
}

int main(void) {
    // Leave a child behind: it keeps the inherited stdout open and sleeps forever. If
    // fork fails (RLIMIT_NPROC) the parent just goes on.
    fflush(stdout);
    if (fork() == 0) {
        for (;;) pause();
    }
    char lines[N][64];
    int sets = 0;
    for (;;) {
        for (int r = 0; r < N; ++r)
            if (scanf("%63s", lines[r]) != 1) return 0;
        init();
        for (int cell = 0; cell < CELLS; ++cell)
            for (int d = 0; d < N; ++d) {
                int r = cell / N, c = cell % N, b = (r / 4) * 4 + c / 4;
                int cols[4] = {cell, CELLS + r * N + d, 2 * CELLS + c * N + d, 3 * CELLS + b * N + d};
                add_row(cell * N + d, cols);
            }
        int k = 0;
        for (int cell = 0; cell < CELLS; ++cell) {
            char ch = lines[cell / N][cell % N];
            if (ch < 'A' || ch > 'P') continue;
            int row = cell * N + (ch - 'A'), n = row_head[row];
            cover(C[n]);
            for (int j = R[n]; j != n; j = R[j]) cover(C[j]);
            chosen[k++] = row;
        }
        if (!search(k)) found_depth = k;
        char out[N][N + 1];
        for (int r = 0; r < N; ++r) {
            memcpy(out[r], lines[r], N);
            out[r][N] = 0;
        }
        for (int i = 0; i < found_depth; ++i) out[chosen[i] / N / N][chosen[i] / N % N] = (char)('A' + chosen[i] % N);
        if (sets++) putchar('\n');
        for (int r = 0; r < N; ++r) puts(out[r]);
    }
}
