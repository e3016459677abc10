/* poj2676 accepted (textbook): the backtracking solution the problem's editorials
 * describe. Three boolean tables say which digits each row, column and 3x3 box already
 * holds; a recursive search fills the empty cells in reading order, trying digits 1-9
 * and undoing on failure. No candidate counting, no most-constrained-cell choice: what
 * contestants submit to POJ 2676, and what the judge data must let through in time. */
#include <stdio.h>
#include <string.h>

static char grid[9][10];
static int row_has[9][10], col_has[9][10], box_has[9][10];

static int fill(int pos) {
    while (pos < 81 && grid[pos / 9][pos % 9] != '0') pos++;
    if (pos == 81) return 1;
    int r = pos / 9, c = pos % 9, b = (r / 3) * 3 + c / 3;
    for (int d = 1; d <= 9; d++) {
        if (row_has[r][d] || col_has[c][d] || box_has[b][d]) continue;
        row_has[r][d] = col_has[c][d] = box_has[b][d] = 1;
        grid[r][c] = (char)('0' + d);
        if (fill(pos + 1)) return 1;
        row_has[r][d] = col_has[c][d] = box_has[b][d] = 0;
    }
    grid[r][c] = '0';
    return 0;
}

int main(void) {
    int t;
    if (scanf("%d", &t) != 1) return 0;
    while (t--) {
        memset(row_has, 0, sizeof row_has);
        memset(col_has, 0, sizeof col_has);
        memset(box_has, 0, sizeof box_has);
        for (int r = 0; r < 9; r++) {
            scanf("%9s", grid[r]);
            for (int c = 0; c < 9; c++) {
                int d = grid[r][c] - '0';
                if (d) row_has[r][d] = col_has[c][d] = box_has[(r / 3) * 3 + c / 3][d] = 1;
            }
        }
        fill(0);
        for (int r = 0; r < 9; r++) puts(grid[r]);
    }
    return 0;
}
