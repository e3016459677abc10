//! Random puzzle generators for the property tests and for anyone who needs random
//! valid cases: solved Sudoku grids and puzzles ([`sudoku`]), Kakuro boards with a
//! known fill ([`kakuro`]).
//!
//! Everything is driven by a small seeded [`Rng`] (SplitMix64), so a case is fully
//! determined by its parameters and its seed: property tests feed the seed and the
//! size parameters from proptest strategies, and shrinking acts on those.
//!
//! The generators [`sudoku`] and [`kakuro`] build answers by construction (a permuted
//! pattern grid, a fill with clues computed from it); they never call a solver, so they
//! can test the solvers. The judge-data generators on top of them do use the exact
//! counters: [`unique`] (Sudoku with one solution, graded) and [`kakuro_unique`]
//! (classic boards with one fill). The command-line words that choose a generator
//! (`gen`'s spec) and a problem's `generators.toml` live in the gridjudge crate, which
//! re-exports this module's items beside them as `gridjudge::gen`.

pub mod kakuro;
pub mod kakuro_unique;
pub mod sudoku;
pub mod unique;

/// A small deterministic pseudo-random generator (SplitMix64). Not cryptographic;
/// the same seed always gives the same sequence, on every platform.
#[derive(Debug, Clone)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform integer in `0..n` (`0` when `n == 0`).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        // Multiply-shift: unbiased enough for test generation, and branch-free.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// True with probability `num / den` (`den > 0`).
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i + 1);
            items.swap(i, j);
        }
    }

    /// A random permutation of `0..n`.
    pub fn permutation(&mut self, n: usize) -> Vec<usize> {
        let mut p: Vec<usize> = (0..n).collect();
        self.shuffle(&mut p);
        p
    }
}

#[cfg(test)]
mod tests {
    use super::Rng;

    #[test]
    fn deterministic_and_in_range() {
        let (mut a, mut b) = (Rng::new(7), Rng::new(7));
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
        }
        let mut seen = [false; 5];
        for _ in 0..200 {
            let x = a.below(5);
            assert!(x < 5);
            seen[x] = true;
        }
        assert!(seen.iter().all(|&s| s));
        let mut p = a.permutation(10);
        p.sort_unstable();
        assert_eq!(p, (0..10).collect::<Vec<_>>());
        assert_eq!(a.below(0), 0);
    }
}
