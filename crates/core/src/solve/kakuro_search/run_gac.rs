//! Generalised arc consistency for one run of the classic Kakuro search, as a pure
//! function: given the candidates of the run's empty cells (the digits already placed
//! in the run taken out) and the sum they must still make, the digits of each cell that
//! occur in some distinct, correctly summing completion. [`Search`](super::search)
//! filters a run by narrowing its cells to the result.
//!
//! Up to four cells in closed form (digit-mask arithmetic), more by a dynamic
//! programme over sets of digits (512-bit sets, see [`SubsetBits`]). On
//! `gen_100x100` case 0 about half of the filter calls have at most three empty cells;
//! the closed forms for up to three took the whole solve from 100 to 90 ms, four
//! from 81 to 79 ms; five by the same recursion was slower than the programme (99 ms).
//! The programme's backward step is one fused pass per digit
//! ([`SubsetBits::removed_within_into`]; four passes before: 78 → 75 ms).

use super::tables::{SubsetBits, Tables, MAX_LEN, MAX_SUM};

/// The digits each cell keeps (`keep[i]` for `cands[i]`, the rest 0), or `None` when
/// the run has no completion. `cands` holds 1..=9 masks, one per empty cell
/// (`1 ≤ cands.len() ≤ 9`); `sum` ≤ 45.
// PERF: closed forms for k ≤ 4 (a few mask operations; k = 3 one pair step per
// digit of the first cell, k = 4 one k = 3 step per digit); the programme beyond: at most 9 cells × 9 digits × 8 words
// each way.
#[inline]
pub(super) fn supported(cands: &[u16], sum: usize, tables: &Tables) -> Option<[u16; MAX_LEN]> {
    let k = cands.len();
    debug_assert!((1..=MAX_LEN).contains(&k) && sum <= MAX_SUM);
    let mut keep = [0u16; MAX_LEN];
    match k {
        1 => keep[0] = cands[0] & digit_bit(sum),
        2 => [keep[0], keep[1]] = pairs(cands[0], cands[1], sum),
        3 => [keep[0], keep[1], keep[2]] = triples(cands[0], cands[1], cands[2], sum),
        4 => {
            // Each digit of the first cell, with the triples of the other three that
            // complete it.
            let [p, q, r, t] = [cands[0], cands[1], cands[2], cands[3]];
            keep[0] = first_digits(p, sum, |not_a, rest| {
                let [x, y, z] = triples(q & not_a, r & not_a, t & not_a, rest);
                keep[1] |= x;
                keep[2] |= y;
                keep[3] |= z;
                x != 0
            });
        }
        _ => return by_digit_sets(cands, sum, tables),
    }
    (keep[0] != 0).then_some(keep)
}

/// [`supported`] by the dynamic programme, for any `k`: `reach[i]` holds the digit
/// sets the first `i` cells can take, `live` (walking back) those that can still be
/// completed; a digit is supported iff it links a reachable set to a completable one.
pub(super) fn by_digit_sets(cands: &[u16], sum: usize, tables: &Tables) -> Option<[u16; MAX_LEN]> {
    let k = cands.len();
    let mut reach = [SubsetBits::EMPTY; MAX_LEN + 1];
    reach[0].0[0] = 1;
    for i in 0..k {
        let mut next = SubsetBits::EMPTY;
        let mut m = cands[i];
        while m != 0 {
            next.or_add(&reach[i], m.trailing_zeros());
            m &= m - 1;
        }
        reach[i + 1] = next;
    }
    let mut live = reach[k].and(&tables.target[k * (MAX_SUM + 1) + sum]);
    if live.is_empty() {
        return None;
    }
    let mut keep = [0u16; MAX_LEN];
    for i in (0..k).rev() {
        let mut prev = SubsetBits::EMPTY;
        let mut m = cands[i];
        while m != 0 {
            let b = m.trailing_zeros();
            if live.removed_within_into(b, &reach[i], &mut prev) {
                keep[i] |= 1 << b;
            }
            m &= m - 1;
        }
        live = prev;
    }
    Some(keep)
}

/// The one-bit mask of digit `d` if it is one (1..=9), else 0.
#[inline]
fn digit_bit(d: usize) -> u16 {
    if (1..=9).contains(&d) {
        1 << (d - 1)
    } else {
        0
    }
}

/// `{ sum − x : x ∈ m } ∩ 1..=9` (digit masks).
#[inline]
fn mirror(m: u16, sum: usize) -> u16 {
    // Bit i (digit i + 1) goes to bit sum − i − 2: reversing the 9 bits sends it to
    // bit 8 − i, then a shift by sum − 10.
    let rev = u32::from(m.reverse_bits() >> 7);
    let moved = if sum >= 10 {
        rev.checked_shl(sum as u32 - 10).unwrap_or(0)
    } else {
        rev >> (10 - sum)
    };
    (moved & 0x1FF) as u16
}

/// Three cells: each digit of the first, with the pairs of the other two that
/// complete it.
#[inline]
fn triples(p: u16, q: u16, r: u16, sum: usize) -> [u16; 3] {
    let (mut y_keep, mut z_keep) = (0, 0);
    let x_keep = first_digits(p, sum, |not_a, rest| {
        let [y, z] = pairs(q & not_a, r & not_a, rest);
        y_keep |= y;
        z_keep |= z;
        y != 0
    });
    [x_keep, y_keep, z_keep]
}

/// The digits `a` of `p` (below `sum`) for which `complete(!bit(a), sum − a)` says the
/// other cells, with `a` taken out of their candidates, can make up the rest.
#[inline]
fn first_digits(p: u16, sum: usize, mut complete: impl FnMut(u16, usize) -> bool) -> u16 {
    let mut keep = 0;
    let mut m = p;
    while m != 0 {
        let a = m.trailing_zeros() as usize;
        m &= m - 1;
        if sum <= a + 1 {
            break;
        }
        if complete(!(1u16 << a), sum - a - 1) {
            keep |= 1 << a;
        }
    }
    keep
}

/// Two cells: the digits `x` of `p` and `y` of `q` with `x + y = sum` and `x ≠ y`.
#[inline]
fn pairs(p: u16, q: u16, sum: usize) -> [u16; 2] {
    let half = if sum % 2 == 0 { digit_bit(sum / 2) } else { 0 };
    [p & mirror(q, sum) & !half, q & mirror(p, sum) & !half]
}

#[cfg(test)]
mod tests {
    use super::super::tables::tables;
    use super::*;
    use proptest::prelude::*;

    /// Every completion, by brute force: `keep` as in [`supported`].
    fn brute(cands: &[u16], sum: usize) -> Option<[u16; MAX_LEN]> {
        fn go(cands: &[u16], i: usize, left: usize, used: u16, pick: &mut [u16], keep: &mut [u16]) {
            if i == cands.len() {
                if left == 0 {
                    for (k, p) in keep.iter_mut().zip(pick.iter()) {
                        *k |= p;
                    }
                }
                return;
            }
            for d in 1..=9usize {
                let bit = 1u16 << (d - 1);
                if cands[i] & bit != 0 && used & bit == 0 && d <= left {
                    pick[i] = bit;
                    go(cands, i + 1, left - d, used | bit, pick, keep);
                }
            }
        }
        let mut keep = [0u16; MAX_LEN];
        let mut pick = [0u16; MAX_LEN];
        go(
            cands,
            0,
            sum,
            0,
            &mut pick[..cands.len()],
            &mut keep[..cands.len()],
        );
        (keep[0] != 0).then_some(keep)
    }

    #[test]
    fn mirror_maps_each_digit_to_its_complement() {
        for sum in 0..=MAX_SUM {
            for d in 1..=9usize {
                let want = if (1..=9).contains(&(sum as isize - d as isize)) {
                    1u16 << (sum - d - 1)
                } else {
                    0
                };
                assert_eq!(mirror(1 << (d - 1), sum), want, "digit {d}, sum {sum}");
            }
        }
    }

    proptest! {
        /// The closed forms and the programme agree with brute force, for every run
        /// size the closed forms cover and two beyond.
        #[test]
        fn supported_is_exactly_the_completions(
            cands in prop::collection::vec(1u16..0x200, 1..=6),
            sum in 0usize..=MAX_SUM,
        ) {
            let want = brute(&cands, sum);
            prop_assert_eq!(supported(&cands, sum, tables()), want);
            prop_assert_eq!(by_digit_sets(&cands, sum, tables()), want);
        }

        /// Sums near the run's feasible range are where the closed forms can slip: ask
        /// for sums a completion of random digits actually makes.
        #[test]
        fn supported_is_exact_on_reachable_sums(
            cands in prop::collection::vec(1u16..0x200, 1..=4),
            choice in prop::collection::vec(0usize..9, 4),
        ) {
            let sum: usize = cands
                .iter()
                .zip(&choice)
                .map(|(&m, &c)| {
                    let digits: Vec<usize> = (1..=9).filter(|d| m >> (d - 1) & 1 == 1).collect();
                    digits[c % digits.len()]
                })
                .sum();
            prop_assert_eq!(supported(&cands, sum, tables()), brute(&cands, sum));
        }
    }
}
