//! The digit-set tables of the classic Kakuro search (`ALLOWED`, `TARGET`) and the
//! 512-bit sets of digit sets its run filter works on; see the module doc of
//! [`kakuro_search`](super) for what they mean.

use std::sync::OnceLock;

/// Largest run length the tables cover.
pub(super) const MAX_LEN: usize = 9;
/// Largest run sum the tables cover (1 + 2 + … + 9).
pub(super) const MAX_SUM: usize = 45;
/// Number of digit sets (9-bit masks).
pub(super) const SETS: usize = 512;

/// The `ALLOWED` table and the `COMBOS` lists of the module doc.
pub(super) struct Tables {
    /// `ALLOWED[k][used][sum]` at [`table_index`].
    pub(super) allowed: Box<[u16]>,
    /// `TARGET[k · 46 + sum]`: the sets of `k` distinct digits summing to `sum`.
    pub(super) target: Box<[SubsetBits]>,
}

/// A set of digit sets: bit `x` of the 512 is set iff digit set `x` (a 9-bit mask) is a
/// member. Word `x >> 6`, bit `x & 63`.
#[derive(Clone, Copy)]
pub(super) struct SubsetBits(pub(super) [u64; 8]);

/// For digit bit `b < 6`: the positions `p` in a word whose bit `b` is clear.
#[rustfmt::skip]
const LACKS: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

impl SubsetBits {
    pub(super) const EMPTY: SubsetBits = SubsetBits([0; 8]);

    pub(super) fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub(super) fn and(&self, other: &SubsetBits) -> SubsetBits {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        out
    }

    /// `self ∪= { x ∪ {b} : x ∈ from, b ∉ x }`.
    #[inline]
    pub(super) fn or_add(&mut self, from: &SubsetBits, b: u32) {
        if b < 6 {
            let (lack, step) = (LACKS[b as usize], 1u32 << b);
            for w in 0..8 {
                self.0[w] |= (from.0[w] & lack) << step;
            }
        } else {
            let step = 1usize << (b - 6);
            for w in 0..8 {
                if w & step == 0 {
                    self.0[w + step] |= from.0[w];
                }
            }
        }
    }

    /// `out ∪= t` where `t = { x \ {b} : x ∈ self, b ∈ x } ∩ within`, in one pass;
    /// whether `t` is non-empty.
    #[inline]
    pub(super) fn removed_within_into(
        &self,
        b: u32,
        within: &SubsetBits,
        out: &mut SubsetBits,
    ) -> bool {
        let mut any = 0u64;
        if b < 6 {
            let (lack, step) = (LACKS[b as usize], 1u32 << b);
            for w in 0..8 {
                let t = (self.0[w] >> step) & lack & within.0[w];
                any |= t;
                out.0[w] |= t;
            }
        } else {
            let step = 1usize << (b - 6);
            for w in 0..8 {
                if w & step == 0 {
                    let t = self.0[w + step] & within.0[w];
                    any |= t;
                    out.0[w] |= t;
                }
            }
        }
        any != 0
    }
}

pub(super) fn table_index(k: usize, used: usize, sum: usize) -> usize {
    (k * SETS + used) * (MAX_SUM + 1) + sum
}

fn digit_sum(set: usize) -> usize {
    (0..9).filter(|b| set >> b & 1 == 1).map(|b| b + 1).sum()
}

pub(super) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let size = (MAX_LEN + 1) * SETS * (MAX_SUM + 1);
        let mut allowed = vec![0u16; size].into_boxed_slice();
        // Every set S, paired with every `used` disjoint from it: 3^9 pairs in all.
        for set in 0..SETS {
            let (k, sum) = (set.count_ones() as usize, digit_sum(set));
            let free = !set & 0x1FF;
            let mut used = free;
            loop {
                allowed[table_index(k, used, sum)] |= set as u16;
                if used == 0 {
                    break;
                }
                used = (used - 1) & free;
            }
        }
        let mut target = vec![SubsetBits::EMPTY; (MAX_LEN + 1) * (MAX_SUM + 1)];
        for set in 0..SETS {
            let key = set.count_ones() as usize * (MAX_SUM + 1) + digit_sum(set);
            target[key].0[set >> 6] |= 1 << (set & 63);
        }
        Tables {
            allowed,
            target: target.into_boxed_slice(),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subset_bits_add_and_remove_a_digit() {
        for b in 0..9u32 {
            let mut from = SubsetBits::EMPTY;
            // {1,3} = 0b101 and {b+1} ∪ {2} style sets: every set without bit b.
            for x in [0usize, 0b101, 0b1_0000_0010, 0b0_1100_0000] {
                from.0[x >> 6] |= 1 << (x & 63);
            }
            let mut to = SubsetBits::EMPTY;
            to.or_add(&from, b);
            for x in 0..SETS {
                let member = to.0[x >> 6] >> (x & 63) & 1 == 1;
                let expect =
                    x >> b & 1 == 1 && from.0[(x ^ 1 << b) >> 6] >> ((x ^ 1 << b) & 63) & 1 == 1;
                assert_eq!(member, expect, "digit bit {b}, set {x:#b}");
            }
            // Removing `b` again, within every set but {1,3}: `from` less {1,3}.
            let mut within = SubsetBits([u64::MAX; 8]);
            within.0[0] &= !(1 << 0b101);
            let mut back = SubsetBits::EMPTY;
            let any = to.removed_within_into(b, &within, &mut back);
            let mut count = 0;
            for x in 0..SETS {
                let member = back.0[x >> 6] >> (x & 63) & 1 == 1;
                let expect = x != 0b101 && x >> b & 1 == 0 && from.0[x >> 6] >> (x & 63) & 1 == 1;
                assert_eq!(member, expect, "digit bit {b}, set {x:#b}");
                count += usize::from(member);
            }
            assert_eq!(any, count > 0, "digit bit {b}");
        }
    }

    /// Every (length, used digits, sum) has a slot of its own inside the table, and the
    /// entries agree with the definition (the union of the sets of `k` digits outside
    /// `used` that sum to `sum`) for a spread of `used` masks. cargo-mutants: a stride of
    /// `MAX_SUM - 1` in `table_index` (blocks overlapping at their top sums) passed every
    /// spot check above.
    #[test]
    fn every_slot_is_its_own_and_holds_the_definition() {
        let t = tables();
        let mut seen = vec![false; t.allowed.len()];
        for k in 0..=MAX_LEN {
            for used in 0..SETS {
                for sum in 0..=MAX_SUM {
                    let i = table_index(k, used, sum);
                    assert!(i < seen.len(), "({k}, {used:#b}, {sum}) outside the table");
                    assert!(!seen[i], "({k}, {used:#b}, {sum}) shares slot {i}");
                    seen[i] = true;
                }
            }
        }
        for used in (0..SETS).step_by(37).chain([0, 0x1FF, 0x100, 0x0FF]) {
            for k in 0..=MAX_LEN {
                for sum in 0..=MAX_SUM {
                    let want = (0..SETS)
                        .filter(|&set| {
                            set & used == 0
                                && set.count_ones() as usize == k
                                && digit_sum(set) == sum
                        })
                        .fold(0, |acc, set| acc | set as u16);
                    assert_eq!(
                        t.allowed[table_index(k, used, sum)],
                        want,
                        "({k}, {used:#b}, {sum})"
                    );
                }
            }
        }
    }

    #[test]
    fn tables_know_the_classic_combinations() {
        let t = tables();
        // 3 in two cells: {1,2} only; 17 in two cells: {8,9} only.
        assert_eq!(t.allowed[table_index(2, 0, 3)], 0b11);
        assert_eq!(t.allowed[table_index(2, 0, 17)], 0b1_1000_0000);
        // 10 in two cells: {1,9},{2,8},{3,7},{4,6}: no 5.
        assert_eq!(t.allowed[table_index(2, 0, 10)], 0b1_1110_1111);
        // With 1 already used, 9 more in one cell: only 9.
        assert_eq!(t.allowed[table_index(1, 0b1, 9)], 1 << 8);
        // 45 in nine cells; 2 in two cells nowhere.
        assert_eq!(t.allowed[table_index(9, 0, 45)], 0x1FF);
        assert_eq!(t.allowed[table_index(2, 0, 2)], 0);
        // 1 in one cell with 1 used: impossible.
        assert_eq!(t.allowed[table_index(1, 0b1, 1)], 0);
        // TARGET: 4 sets of two digits sum to 10; 12 sets of four sum to 20; 512 in all.
        let len = |k: usize, s: usize| {
            let bits = &t.target[k * (MAX_SUM + 1) + s].0;
            bits.iter().map(|w| w.count_ones()).sum::<u32>()
        };
        assert_eq!(len(2, 10), 4);
        assert_eq!(len(4, 20), 12);
        let all: u32 = (0..(MAX_LEN + 1) * (MAX_SUM + 1))
            .map(|i| t.target[i].0.iter().map(|w| w.count_ones()).sum::<u32>())
            .sum();
        assert_eq!(all, SETS as u32);
    }
}
