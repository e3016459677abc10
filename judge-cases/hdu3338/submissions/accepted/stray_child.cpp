// hdu3338 accepted (hostile): the correct Dinic solver of dinic.cpp, which first forks a
// child that keeps the inherited stdout open and sleeps forever, then prints every answer
// and exits 0. The answer is right and the process the judge started exited cleanly: AC.
// The judge must not wait for the stray child (nor for EOF on a stdout pipe it holds) and
// must kill it with the process group. If fork fails under RLIMIT_NPROC the verdict is
// the same.
#include <unistd.h>
#include <cstdio>
#include <cstring>
#include <vector>
using namespace std;

struct Edge { int to, cap; };

struct Dinic {
    vector<Edge> e;
    vector<vector<int>> g;
    vector<int> level, it;
    explicit Dinic(int n) : g(n), level(n), it(n) {}
    int add(int a, int b, int cap) {
        g[a].push_back((int)e.size()); e.push_back({b, cap});
        g[b].push_back((int)e.size()); e.push_back({a, 0});
        return (int)e.size() - 2;
    }
    bool bfs(int s, int t) {
        fill(level.begin(), level.end(), -1);
        vector<int> q{s};
        level[s] = 0;
        for (size_t i = 0; i < q.size(); ++i)
            for (int id : g[q[i]])
                if (e[id].cap > 0 && level[e[id].to] < 0) {
                    level[e[id].to] = level[q[i]] + 1;
                    q.push_back(e[id].to);
                }
        return level[t] >= 0;
    }
    int dfs(int v, int t, int f) {
        if (v == t) return f;
        for (int &i = it[v]; i < (int)g[v].size(); ++i) {
            Edge &ed = e[g[v][i]];
            if (ed.cap > 0 && level[ed.to] == level[v] + 1) {
                int d = dfs(ed.to, t, min(f, ed.cap));
                if (d > 0) {
                    ed.cap -= d;
                    e[g[v][i] ^ 1].cap += d;
                    return d;
                }
            }
        }
        return 0;
    }
    long long maxflow(int s, int t) {
        long long flow = 0;
        while (bfs(s, t)) {
            fill(it.begin(), it.end(), 0);
            while (int f = dfs(s, t, 1 << 30)) flow += f;
        }
        return flow;
    }
};

int main() {
    // Leave a child behind: it keeps the inherited stdout open and sleeps forever. If
    // fork fails (RLIMIT_NPROC) the parent just goes on.
    fflush(stdout);
    if (fork() == 0) {
        for (;;) pause();
    }
    int n, m;
    static char tok[32];
    while (scanf("%d %d", &n, &m) == 2) {
        vector<int> kind(n * m), down(n * m, -1), right(n * m, -1);  // kind: 0 white, 1 black
        for (int i = 0; i < n * m; ++i) {
            if (scanf("%31s", tok) != 1) return 0;
            if (tok[0] == '.') { kind[i] = 0; continue; }
            kind[i] = 1;
            if (strlen(tok) == 7 && tok[3] == '\\') {
                if (tok[0] != 'X') down[i] = (tok[0] - '0') * 100 + (tok[1] - '0') * 10 + (tok[2] - '0');
                if (tok[4] != 'X') right[i] = (tok[4] - '0') * 100 + (tok[5] - '0') * 10 + (tok[6] - '0');
            }
        }
        // run ids: horizontal runs 1..H, vertical runs after them
        vector<int> hrun(n * m, -1), vrun(n * m, -1), hclue, vclue, hlen, vlen;
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < m; ++c) {
                int i = r * m + c;
                if (right[i] >= 0) {
                    int id = (int)hclue.size(), len = 0;
                    for (int cc = c + 1; cc < m && kind[r * m + cc] == 0; ++cc) hrun[r * m + cc] = id, ++len;
                    hclue.push_back(right[i]); hlen.push_back(len);
                }
                if (down[i] >= 0) {
                    int id = (int)vclue.size(), len = 0;
                    for (int rr = r + 1; rr < n && kind[rr * m + c] == 0; ++rr) vrun[rr * m + c] = id, ++len;
                    vclue.push_back(down[i]); vlen.push_back(len);
                }
            }
        int H = (int)hclue.size(), V = (int)vclue.size(), S = H + V, T = S + 1;
        Dinic d(T + 1);
        for (int h = 0; h < H; ++h) d.add(S, h, hclue[h] - hlen[h]);
        for (int v = 0; v < V; ++v) d.add(H + v, T, vclue[v] - vlen[v]);
        vector<int> edge_of(n * m, -1);
        for (int i = 0; i < n * m; ++i)
            if (kind[i] == 0 && hrun[i] >= 0 && vrun[i] >= 0) edge_of[i] = d.add(hrun[i], H + vrun[i], 8);
        d.maxflow(S, T);
        for (int r = 0; r < n; ++r) {
            for (int c = 0; c < m; ++c) {
                int i = r * m + c;
                if (c) putchar(' ');
                if (kind[i] == 1 || edge_of[i] < 0) putchar('_');
                else putchar('1' + d.e[edge_of[i] ^ 1].cap);
            }
            putchar('\n');
        }
    }
    return 0;
}
