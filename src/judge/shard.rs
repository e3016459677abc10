//! Sharding: one judging run split over N machines of a CI matrix, and the order of
//! the whole run rebuilt from its N parts.
//!
//! `--shard K/N` (1 ≤ K ≤ N) keeps every N-th unit of work, starting with the K-th:
//! the cases of `judge` and the submissions of `verify-submissions`, numbered in the
//! order the whole run would take them (problem by problem, across problems). Dealing
//! the units out one by one, rather than in N blocks, gives every shard a share of the
//! small and the large cases of every problem, so the shards take about the same time.
//!
//! Every shard records the rule in its JSON report (`shard`: its index, the count and
//! the problems of the whole run, in order); `gridjudge report merge` reads the N
//! reports back and deals the units back into the single run's order with
//! [`interleave`]. The rule is fixed by the unit's position alone, so the N shards of
//! one command line, run anywhere, split the work the same way and cover it exactly
//! once.

use std::fmt;
use std::str::FromStr;

/// The largest shard count accepted (a CI matrix is far smaller).
pub const MAX_SHARDS: usize = 1000;

/// Shard `index` of `count` (both counted from 1, as a CI matrix writes them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// Which shard: 1 ..= `count`.
    pub index: usize,
    /// How many shards the run is split into.
    pub count: usize,
}

impl FromStr for Shard {
    type Err = String;

    /// `K/N` with 1 ≤ K ≤ N ≤ [`MAX_SHARDS`].
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("{text:?} is not a shard: write K/N with 1 <= K <= N, such as 2/4");
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: usize = k.trim().parse().map_err(|_| bad())?;
        let count: usize = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count || count > MAX_SHARDS {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl Shard {
    /// Whether the unit at `position` (counted from 0 over the whole run) is this
    /// shard's.
    pub fn keeps(&self, position: usize) -> bool {
        position % self.count == self.index - 1
    }

    /// The items of this shard out of `items`, whose first item is at `start` in the
    /// whole run. Returns them and the position after the last item.
    pub fn select<T>(&self, items: Vec<T>, start: usize) -> (Vec<T>, usize) {
        let end = start + items.len();
        let kept = items
            .into_iter()
            .enumerate()
            .filter(|(i, _)| self.keeps(start + i))
            .map(|(_, item)| item)
            .collect();
        (kept, end)
    }
}

/// Why the parts of a run cannot be put back together.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InterleaveError(pub String);

/// The whole run's order of one sequence of `total` units (the cases of one problem,
/// say) rebuilt from the `parts` that the shards kept of it: `parts[k]` holds, in order,
/// what shard k + 1 of `parts.len()` kept, and the sequence starts at position `start`
/// of the whole run. A unit is `None` where its shard holds fewer units than its share
/// (a shard cut short); the sequence stops at the last unit a shard holds, the
/// positions after it up to `total` being gaps too, so it is as long as what the parts
/// hold allows (at most `parts.len()` times the longest part, plus one per part),
/// whatever `total` claims. A shard holding more than its share is an error: the parts
/// are not one sequence dealt out by [`Shard::select`]. Returns the sequence and the
/// position after the whole `total`.
pub fn interleave<T>(
    parts: Vec<Vec<T>>,
    start: usize,
    total: usize,
) -> Result<(Vec<Option<T>>, usize), InterleaveError> {
    let count = parts.len();
    if count == 0 {
        return Err(InterleaveError("no shard to merge".into()));
    }
    let end = start
        .checked_add(total)
        .ok_or_else(|| InterleaveError(format!("{total} units: more than a run can hold")))?;
    let mut held: usize = parts.iter().map(Vec::len).sum();
    let mut queues: Vec<std::vec::IntoIter<T>> = parts.into_iter().map(Vec::into_iter).collect();
    let mut whole: Vec<Option<T>> = Vec::with_capacity(held.min(total));
    let mut position = start;
    while held > 0 && position < end {
        let unit = queues[position % count].next();
        held -= usize::from(unit.is_some());
        whole.push(unit);
        position += 1;
    }
    if let Some(k) = queues.iter().position(|q| q.len() > 0) {
        return Err(InterleaveError(format!(
            "shard {}/{count} holds more units than its share: the reports are not the shards of one run",
            k + 1
        )));
    }
    Ok((whole, end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn shards_parse_as_ci_matrices_write_them() {
        assert_eq!("2/4".parse(), Ok(Shard { index: 2, count: 4 }));
        assert_eq!(" 1 / 1 ".parse(), Ok(Shard { index: 1, count: 1 }));
        for bad in ["0/4", "5/4", "4", "a/b", "1/0", "-1/4", "1/1001", ""] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(Shard { index: 3, count: 7 }.to_string(), "3/7");
    }

    #[test]
    fn units_are_dealt_out_one_by_one_across_sequences() {
        let s = Shard { index: 2, count: 3 };
        let (a, next) = s.select(vec!['a', 'b', 'c', 'd'], 0);
        assert_eq!((a, next), (vec!['b'], 4));
        let (b, next) = s.select(vec!['e', 'f', 'g'], next);
        assert_eq!((b, next), (vec!['e'], 7));
    }

    #[test]
    fn parts_that_are_not_one_run_are_refused() {
        let e = interleave(vec![vec![1], vec![2, 4, 6]], 0, 3).unwrap_err();
        assert!(e.0.contains("shard 2/2"), "{e}");
        assert!(interleave::<u8>(vec![], 0, 0).is_err());
    }

    #[test]
    fn a_shard_cut_short_leaves_gaps() {
        let (whole, end) = interleave(vec![vec![0, 2], vec![1]], 0, 4).unwrap();
        assert_eq!((whole, end), (vec![Some(0), Some(1), Some(2)], 4));
        // The gaps after the last unit held are not written out, however many.
        let (whole, end) = interleave(vec![vec![0], vec![1]], 3, usize::MAX - 3).unwrap();
        assert_eq!((whole, end), (vec![Some(1), Some(0)], usize::MAX));
        assert!(interleave(vec![vec![0]], 1, usize::MAX).is_err());
    }

    proptest! {
        /// Every unit goes to exactly one shard, and the parts interleave back into
        /// the whole run, sequence by sequence.
        #[test]
        fn select_then_interleave_is_the_whole_run(
            lens in prop::collection::vec(0usize..12, 1..5),
            count in 1usize..7,
        ) {
            let mut start = 0;
            let mut rebuilt_start = 0;
            for (seq, &len) in lens.iter().enumerate() {
                let items: Vec<(usize, usize)> = (0..len).map(|i| (seq, i)).collect();
                let mut parts = Vec::new();
                let mut next = start;
                for index in 1..=count {
                    let (kept, end) = Shard { index, count }.select(items.clone(), start);
                    parts.push(kept);
                    next = end;
                }
                prop_assert_eq!(parts.iter().map(Vec::len).sum::<usize>(), len);
                let (whole, end) = interleave(parts, rebuilt_start, len).unwrap();
                let whole: Vec<(usize, usize)> = whole.into_iter().flatten().collect();
                prop_assert_eq!(&whole, &items);
                prop_assert_eq!(end, next);
                start = next;
                rebuilt_start = end;
            }
        }
    }
}
