//! The one-line distribution summary the tail examples (`sudoku_tail`,
//! `sudoku9_tail`) print per family: median, 90th and 99th percentile, maximum, sum.
//! Shared by `#[path]`; not an example of its own (no `main`).

/// `v` summarised (sorted in place); `v` must not be empty.
pub fn summary(v: &mut [u64]) -> String {
    v.sort_unstable();
    let n = v.len();
    let at = |q: usize| v[(n * q / 100).min(n - 1)];
    format!(
        "median {:>6}  p90 {:>7}  p99 {:>8}  max {:>10}  sum {:>11}",
        at(50),
        at(90),
        at(99),
        v[n - 1],
        v.iter().sum::<u64>()
    )
}
