// poj3074 accepted (hostile probe): the dancing-links solver of dlx.cpp, which first
// looks for any open descriptor above stderr (fcntl F_GETFD over 3..65535). A judge that
// hands its caller's descriptors to the program (`gridjudge judge ... 7>>file`) would
// let it append to or read files it could never open itself; this probe writes a line
// into each one it finds and exits 3 (RE) instead of answering. A judge that starts
// programs with exactly 0, 1 and 2 open gets the correct answers: AC.
#include <fcntl.h>
#include <unistd.h>
#include <cstdio>
#include <cstring>

namespace {

const int COLS = 324;
const int MAXN = COLS + 1 + 729 * 4;

int L[MAXN], R[MAXN], U[MAXN], D[MAXN], C[MAXN], ROW[MAXN], S[COLS + 1];
int node_count;
int row_head[729];
int chosen[81], depth_found;
char out[82];

void init() {
    for (int c = 0; c <= COLS; ++c) {
        L[c] = c - 1;
        R[c] = c + 1;
        U[c] = D[c] = c;
        S[c] = 0;
    }
    L[0] = COLS;
    R[COLS] = 0;
    node_count = COLS + 1;
}

void add_row(int r, const int cols[4]) {
    int first = -1;
    for (int k = 0; k < 4; ++k) {
        int c = cols[k] + 1, n = node_count++;
        C[n] = c;
        ROW[n] = r;
        U[n] = U[c];
        D[n] = c;
        D[U[c]] = n;
        U[c] = n;
        ++S[c];
        if (first < 0) {
            first = n;
            L[n] = R[n] = n;
        } else {
            L[n] = L[first];
            R[n] = first;
            R[L[first]] = n;
            L[first] = n;
        }
    }
    row_head[r] = first;
}

void cover(int c) {
    L[R[c]] = L[c];
    R[L[c]] = R[c];
    for (int i = D[c]; i != c; i = D[i])
        for (int j = R[i]; j != i; j = R[j]) {
            U[D[j]] = U[j];
            D[U[j]] = D[j];
            --S[C[j]];
        }
}

void uncover(int c) {
    for (int i = U[c]; i != c; i = U[i])
        for (int j = L[i]; j != i; j = L[j]) {
            ++S[C[j]];
            U[D[j]] = j;
            D[U[j]] = j;
        }
    L[R[c]] = c;
    R[L[c]] = c;
}

bool search(int k) {
    if (R[0] == 0) {
        depth_found = k;
        return true;
    }
    int c = R[0];
    for (int j = R[0]; j != 0; j = R[j])
        if (S[j] < S[c]) c = j;
    if (S[c] == 0) return false;
    cover(c);
    for (int r = D[c]; r != c; r = D[r]) {
        chosen[k] = ROW[r];
        for (int j = R[r]; j != r; j = R[j]) cover(C[j]);
        if (search(k + 1)) return true;
        for (int j = L[r]; j != r; j = L[j]) uncover(C[j]);
    }
    uncover(c);
    return false;
}

void solve(const char *line) {
    init();
    for (int cell = 0; cell < 81; ++cell)
        for (int d = 0; d < 9; ++d) {
            int r = cell / 9, c = cell % 9, b = (r / 3) * 3 + c / 3;
            int cols[4] = {cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d};
            add_row(cell * 9 + d, cols);
        }
    int k = 0;
    for (int cell = 0; cell < 81; ++cell) {
        if (line[cell] == '.') continue;
        int row = cell * 9 + (line[cell] - '1');
        int n = row_head[row];
        // select the given's row: cover each of its columns
        cover(C[n]);
        for (int j = R[n]; j != n; j = R[j]) cover(C[j]);
        chosen[k++] = row;
    }
    if (!search(k)) depth_found = k;
    for (int i = 0; i < depth_found; ++i) out[chosen[i] / 9] = char('1' + chosen[i] % 9);
    out[81] = 0;
    puts(out);
}

}  // namespace

int main() {
    int leaked = 0;
    for (int fd = 3; fd < 65536; ++fd) {
        if (fcntl(fd, F_GETFD) < 0) continue;
        ++leaked;
        if (write(fd, "descriptor leaked into the sandbox\n", 35) < 0) {
            // read-only: try the other direction
            char c;
            if (read(fd, &c, 1) < 0) {}
        }
    }
    if (leaked) {
        fprintf(stderr, "%d inherited descriptor(s) above stderr\n", leaked);
        return 3;
    }
    static char buf[1024];
    while (scanf("%1023s", buf) == 1) {
        if (strcmp(buf, "end") == 0) break;
        solve(buf);
    }
    return 0;
}
