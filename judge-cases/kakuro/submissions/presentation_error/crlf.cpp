// kakuro presentation_error: the correct search solver of search.cpp, but every line ends
// with CR LF instead of LF. Dropping blanks gives the right grids, the layout is wrong:
// PE.
#include <cstdio>
#include <cstring>
#include <vector>
using namespace std;

namespace {

int n, m, W;
vector<int> dom, hrun, vrun, run_clue, run_start, run_cells, in_queue;
vector<pair<int, int>> trail;
vector<int> queue_;

void set_dom(int cell, int mask) {
    trail.push_back({cell, dom[cell]});
    dom[cell] = mask;
    for (int r : {hrun[cell], vrun[cell]})
        if (!in_queue[r]) in_queue[r] = 1, queue_.push_back(r);
}

// Generalised arc consistency for one run (sum + all-different): a forward pass collects
// the digit sets the first i cells can take (distinct digits from their domains), a
// backward pass keeps the sets that extend to a full set with the right sum, and a digit
// stays in a cell's domain only if some such extension uses it there.
int stamp_f[10][512], stamp_r[10][512], stamp;
int lists[10][512], list_len[10], mask_sum[512];

bool propagate_run(int r) {
    int a = run_start[r], b = run_start[r + 1], len = b - a, clue = run_clue[r];
    if (len > 9 || clue > 45) return false;
    ++stamp;
    list_len[0] = 1, lists[0][0] = 0, stamp_f[0][0] = stamp;
    for (int i = 0; i < len; ++i) {
        int d = dom[run_cells[a + i]], cnt = 0;
        for (int k = 0; k < list_len[i]; ++k) {
            int M = lists[i][k], free = d & ~M;
            while (free) {
                int bit = free & -free, N = M | bit;
                free ^= bit;
                if (stamp_f[i + 1][N] != stamp && mask_sum[N] <= clue) stamp_f[i + 1][N] = stamp, lists[i + 1][cnt++] = N;
            }
        }
        list_len[i + 1] = cnt;
        if (!cnt) return false;
    }
    bool any = false;
    for (int k = 0; k < list_len[len]; ++k)
        if (mask_sum[lists[len][k]] == clue) stamp_r[len][lists[len][k]] = stamp, any = true;
    if (!any) return false;
    int support[9];
    for (int i = len - 1; i >= 0; --i) {
        int d = dom[run_cells[a + i]], sup = 0;
        for (int k = 0; k < list_len[i]; ++k) {
            int M = lists[i][k], free = d & ~M;
            bool ok = false;
            while (free) {
                int bit = free & -free;
                free ^= bit;
                if (stamp_r[i + 1][M | bit] == stamp) sup |= bit, ok = true;
            }
            if (ok) stamp_r[i][M] = stamp;
        }
        if (!sup) return false;
        support[i] = sup;
    }
    for (int i = 0; i < len; ++i) {
        int cell = run_cells[a + i];
        if (support[i] != dom[cell]) set_dom(cell, support[i]);
    }
    return true;
}

bool propagate() {
    while (!queue_.empty()) {
        int r = queue_.back();
        queue_.pop_back();
        in_queue[r] = 0;
        if (!propagate_run(r)) {
            for (int q : queue_) in_queue[q] = 0;
            queue_.clear();
            return false;
        }
    }
    return true;
}

void undo(size_t mark) {
    while (trail.size() > mark) {
        dom[trail.back().first] = trail.back().second;
        trail.pop_back();
    }
}

bool search() {
    int best = -1, best_count = 10;
    for (int c = 0; c < W; ++c) {
        int k = __builtin_popcount(dom[c]);
        if (k > 1 && k < best_count) {
            best = c, best_count = k;
            if (k == 2) break;
        }
    }
    if (best < 0) return true;
    int d = dom[best];
    while (d) {
        int bit = d & -d;
        d ^= bit;
        size_t mark = trail.size();
        set_dom(best, bit);
        if (propagate() && search()) return true;
        undo(mark);
    }
    return false;
}

}  // namespace

int main() {
    for (int mask = 0; mask < 512; ++mask) {
        int s = 0;
        for (int d = 0; d < 9; ++d)
            if (mask >> d & 1) s += d + 1;
        mask_sum[mask] = s;
    }
    static char tok[32];
    while (scanf("%d %d", &n, &m) == 2) {
        vector<int> kind(n * m), down(n * m, -1), right(n * m, -1), id(n * m, -1);
        W = 0;
        for (int i = 0; i < n * m; ++i) {
            if (scanf("%31s", tok) != 1) return 0;
            if (tok[0] == '.') { kind[i] = 0; id[i] = W++; continue; }
            kind[i] = 1;
            if (strlen(tok) == 7 && tok[3] == '\\') {
                if (tok[0] != 'X') down[i] = (tok[0] - '0') * 100 + (tok[1] - '0') * 10 + (tok[2] - '0');
                if (tok[4] != 'X') right[i] = (tok[4] - '0') * 100 + (tok[5] - '0') * 10 + (tok[6] - '0');
            }
        }
        dom.assign(W, 0x1FF);
        hrun.assign(W, 0), vrun.assign(W, 0);
        run_clue.clear(), run_start.clear(), run_cells.clear();
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < m; ++c) {
                int i = r * m + c;
                if (right[i] >= 0) {
                    int rid = (int)run_clue.size();
                    run_clue.push_back(right[i]), run_start.push_back((int)run_cells.size());
                    for (int cc = c + 1; cc < m && kind[r * m + cc] == 0; ++cc)
                        run_cells.push_back(id[r * m + cc]), hrun[id[r * m + cc]] = rid;
                }
                if (down[i] >= 0) {
                    int rid = (int)run_clue.size();
                    run_clue.push_back(down[i]), run_start.push_back((int)run_cells.size());
                    for (int rr = r + 1; rr < n && kind[rr * m + c] == 0; ++rr)
                        run_cells.push_back(id[rr * m + c]), vrun[id[rr * m + c]] = rid;
                }
            }
        int R = (int)run_clue.size();
        run_start.push_back((int)run_cells.size());
        in_queue.assign(R, 1);
        queue_.clear();
        for (int r = R - 1; r >= 0; --r) queue_.push_back(r);
        trail.clear();
        if (propagate()) search();
        for (int r = 0; r < n; ++r) {
            for (int c = 0; c < m; ++c) {
                int i = r * m + c;
                if (c) putchar(' ');
                if (kind[i] == 1) putchar('_');
                else putchar('1' + __builtin_ctz(dom[id[i]] | 512));
            }
            fputs("\r\n", stdout);  // the layout mistake: CRLF line ends
        }
    }
    return 0;
}
