//! tdoku's `TdokuSolverDpllTriadSimd` (BSD-2-Clause, Tom Dillon), linked in by `build.rs`
//! when `TDOKU_DIR` is set (then `--cfg tdoku` is on). Shared by the criterion bench
//! (`benches/peers.rs`) and the sanity checks.
//!
//! tdoku keeps its solver state in globals: call it from one thread at a time (criterion
//! and the drivers here are single-threaded).

use std::os::raw::c_char;

extern "C" {
    fn TdokuSolverDpllTriadSimd(
        input: *const c_char,
        limit: usize,
        configuration: u32,
        solution: *mut c_char,
        num_guesses: *mut usize,
    ) -> usize;
}

/// A puzzle in tdoku's input form: 81 characters (`1`-`9` or `.`) and a NUL. The byte
/// after the 81 cells must be below `.`, or tdoku reads a 729-character pencilmark grid.
pub type TdokuPuzzle = [u8; 82];

/// `line`'s first 81 bytes (`1`-`9` or `.`), NUL-terminated.
pub fn tdoku_puzzle(line: &str) -> TdokuPuzzle {
    let mut p = [0u8; 82];
    p[..81].copy_from_slice(&line.as_bytes()[..81]);
    p
}

/// First solution (limit 1) into `out` as ASCII digits; false when there is none.
pub fn tdoku_solve(puzzle: &TdokuPuzzle, out: &mut [u8; 81]) -> bool {
    let mut guesses = 0usize;
    // SAFETY: `puzzle` is 81 cells and a NUL (a standard 9×9 puzzle for tdoku), `out`
    // has room for the 81 characters tdoku writes, `guesses` is a valid out pointer.
    let n = unsafe {
        TdokuSolverDpllTriadSimd(
            puzzle.as_ptr().cast(),
            1,
            0,
            out.as_mut_ptr().cast(),
            &mut guesses,
        )
    };
    n >= 1
}

/// Number of solutions, counting stops at `limit` (tdoku writes no solution then).
pub fn tdoku_count(puzzle: &TdokuPuzzle, limit: usize) -> usize {
    let (mut guesses, mut scratch) = (0usize, [0u8; 81]);
    // SAFETY: as in `tdoku_solve`.
    unsafe {
        TdokuSolverDpllTriadSimd(
            puzzle.as_ptr().cast(),
            limit,
            0,
            scratch.as_mut_ptr().cast(),
            &mut guesses,
        )
    }
}
