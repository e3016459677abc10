//! sudoku_dfs: (in progress)
