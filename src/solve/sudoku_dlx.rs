//! sudoku_dlx: (in progress)
