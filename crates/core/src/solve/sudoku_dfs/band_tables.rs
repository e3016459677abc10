//! Compile-time lookup tables for the 9×9 core ([`super::nine`]): band reasoning on one
//! digit's 27-bit band, single-candidate rows, and cell masks. All are computed by
//! `const` code from their definitions (no table is copied from elsewhere).
//!
//! A band word holds one digit's candidates in three rows of the grid: bit `9·r + c`
//! is row `r` (0..3 within the band), column `c`. A *segment* is the part of a row
//! inside one box, three cells; segment (row `r`, box `k`) is bit `3·k + r` of a
//! 9-bit segment set (see [`segments`]).

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// The six ways to give the three rows of a band three different boxes.
const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// The non-empty segments of a band word, as a 9-bit set (segment (r, k) = bit 3k + r).
///
/// Per segment (three bits), adding 3 to its low two bits carries into its top bit
/// exactly when they are non-zero, so `t` has bit `9r + 3k + 2` set when segment
/// (r, k) is non-empty; one multiplication then gathers those nine bits: the
/// product's bits 18..27 are `t >> 18 | t >> 10 | t >> 2` restricted to the bits
/// wanted (the partial products land on distinct bits, so nothing carries).
#[inline(always)]
pub(super) const fn segments(a: u32) -> usize {
    const LOW2: u32 = 0o333_333_333;
    let t = (((a & LOW2) + LOW2) | a) & 0o444_444_444;
    ((t.wrapping_mul(0x10101) >> 18) & 0x1FF) as usize
}

/// The segments of a band used by at least one permutation (row → box) made of
/// non-empty segments; `m` and the result are 9-bit segment sets (bit `3·k + r`).
const fn permutation_segments(m: usize) -> usize {
    let mut allowed = 0;
    let mut p = 0;
    while p < 6 {
        let q = PERMUTATIONS[p];
        let segs = 1 << (3 * q[0]) | 1 << (3 * q[1] + 1) | 1 << (3 * q[2] + 2);
        if m & segs == segs {
            allowed |= segs;
        }
        p += 1;
    }
    allowed
}

/// Band reasoning for one digit: in a band the digit sits once in each row and once
/// in each box, so the segments it ends up in form a permutation (row → box). Index:
/// the set of non-empty segments ([`segments`]); value: the cells of every segment
/// that at least one permutation of non-empty segments uses — 0 when none exists (a
/// contradiction). ANDing a band word with it is locked candidates in both directions
/// (pointing and claiming) and more.
pub(super) const BAND_KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let allowed = permutation_segments(m);
        let mut s = 0;
        while s < 9 {
            if allowed >> s & 1 != 0 {
                let (k, r) = (s / 3, s % 3);
                t[m] |= 7 << (9 * r + 3 * k);
            }
            s += 1;
        }
        m += 1;
    }
    t
};

/// Companion of [`BAND_KEEP`] (same index): the cells of every kept segment that is
/// the only kept segment of its row. Such a row is locked in that box, so the box's
/// other rows are empty after [`BAND_KEEP`]: the row has a single cell exactly when
/// the box has a single column ([`ONE_COLUMN`]). This finds a band's single-cell rows
/// (hidden singles in rows) with two lookups.
pub(super) const LOCKED: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let allowed = permutation_segments(m);
        let mut s = 0;
        while s < 9 {
            let (k, r) = (s / 3, s % 3);
            let row = allowed & (1 << r | 1 << (3 + r) | 1 << (6 + r));
            if allowed >> s & 1 != 0 && row.count_ones() == 1 {
                t[m] |= 7 << (9 * r + 3 * k);
            }
            s += 1;
        }
        m += 1;
    }
    t
};

/// Index: the columns (9 bits) where a band word has candidates; value: the cells of
/// every box holding exactly one of those columns.
pub(super) const ONE_COLUMN: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut c = 0;
    while c < 512 {
        let mut k = 0;
        while k < 3 {
            if (c >> (3 * k) & 7usize).count_ones() == 1 {
                t[c] |= BOX << (3 * k);
            }
            k += 1;
        }
        c += 1;
    }
    t
};

/// The same reasoning across the bands, on a digit's *column word*: bit `9·b + c` set
/// when the digit has a candidate in column `c` of band `b`. In a stack (three
/// columns of boxes) the digit sits once in each column and once in each box, so the
/// (column, band) pairs it ends up in form a permutation too. Index: the non-empty
/// pairs of stack 0, bit `3·b + j` for column `j`, band `b` (see [`stack_pairs`]);
/// value: the pairs some permutation uses, as a column word of stack 0 (bit
/// `9·b + j`) — 0 when none exists. Shift left by `3·s` for stack `s`.
pub(super) const STACK_KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let allowed = permutation_segments(m);
        let mut s = 0;
        while s < 9 {
            if allowed >> s & 1 != 0 {
                let (b, j) = (s / 3, s % 3);
                t[m] |= 1 << (9 * b + j);
            }
            s += 1;
        }
        m += 1;
    }
    t
};

/// The non-empty (column, band) pairs of stack `s` in a column word, as the index of
/// [`STACK_KEEP`]. On a band word, the same gathering gives the nine cells of box `s`.
#[inline(always)]
pub(super) const fn stack_pairs(w: u32, s: usize) -> usize {
    // One multiplication gathers the three 3-bit groups (bits 0, 9, 18) into bits
    // 12..21 of the product: its nine partial products land on distinct bits.
    let x = (w >> (3 * s)) & 0o007_007_007;
    ((x.wrapping_mul(0x1041) >> 12) & 0x1FF) as usize
}

/// The cells of box 0 in a band word (shift left by `3·k` for box `k`).
pub(super) const BOX: u32 = 0o007_007_007;

/// Number of set bits of a 9-bit value.
pub(super) const POP9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

/// The rows of a band word that hold exactly one candidate, those bits only. Every
/// row of `a` must be non-empty (true of a band word after [`BAND_KEEP`], unless 0).
/// The tests' oracle for [`LOCKED`] with [`ONE_COLUMN`] (and for the solver's
/// `LOCKED` with its multi-cell segments).
///
/// Subtracting one from each row (no row is empty, so no borrow crosses a row) and
/// ANDing leaves `m`, whose row is empty exactly when the row had one bit; adding 255
/// to each row's low eight bits carries into its top bit when they are non-zero.
#[cfg(test)]
pub(super) const fn single_rows(a: u32) -> u32 {
    const LOW: u32 = 0o001_001_001; // bit 0 of each row
    const TOP: u32 = LOW << 8; // bit 8 of each row
    const REST: u32 = TOP - LOW; // bits 0..8 of each row
    let m = a & a.wrapping_sub(LOW);
    let empty = !(((m & REST) + REST) | m) & TOP;
    a & (empty >> 8).wrapping_mul(0x1FF)
}

/// Per band position `p` (0..27): the other cells of its row.
pub(super) const ROW_PEERS: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (0x1FF << (p / 9 * 9)) & !(1 << p);
        p += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_gathers_one_bit_per_row_and_box() {
        for r in 0..3 {
            for c in 0..9 {
                assert_eq!(
                    segments(1 << (9 * r + c)),
                    1 << (3 * (c / 3) + r),
                    "r{r} c{c}"
                );
            }
        }
        assert_eq!(segments(BAND), 0x1FF);
        assert_eq!(segments(0), 0);
        // Any band word: the direct definition, segment by segment.
        let mut x = 0x1234_5678u32;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            let a = x & BAND;
            let want = (0..9).fold(0, |m, s| {
                let (k, r) = (s / 3, s % 3);
                m | usize::from(a >> (9 * r + 3 * k) & 7 != 0) << s
            });
            assert_eq!(segments(a), want, "{a:#o}");
        }
    }

    #[test]
    fn band_keep_is_locked_candidates() {
        assert_eq!(BAND_KEEP[0x1FF], BAND);
        // Only the diagonal segments: exactly one permutation, all of it kept.
        let diag = 1 | 1 << 4 | 1 << 8;
        assert_eq!(BAND_KEEP[diag], 7 | 7 << 12 | 7 << 24);
        // Row 0 only in box 0 (claiming): rows 1, 2 lose box 0.
        let m = 0x1FF & !(1 << 3) & !(1 << 6);
        // (Row 0's own empty segments go too: no permutation uses an empty segment.)
        assert_eq!(BAND_KEEP[m], BAND & !0o770 & !(7 << 9) & !(7 << 18));
        // Box 0 only in row 0 (pointing): row 0 loses boxes 1 and 2.
        let m = 0x1FF & !(1 << 1) & !(1 << 2);
        assert_eq!(BAND_KEEP[m], BAND & !0o770 & !(7 << 9) & !(7 << 18));
        // Row 2 empty: no permutation.
        assert_eq!(BAND_KEEP[0x1FF & !(1 << 2 | 1 << 5 | 1 << 8)], 0);
        // Two rows confined to the same box: no permutation.
        assert_eq!(BAND_KEEP[1 | 2 | 1 << 5 | 1 << 8], 0);
    }

    #[test]
    fn stack_keep_is_locked_candidates_across_bands() {
        assert_eq!(stack_pairs(0o777_777_777, 0), 0x1FF);
        assert_eq!(stack_pairs(1 << 12 | 1 << 5, 1), 1 << 3 | 1 << 2);
        for w in [
            0o777_777_777u32,
            0o123_456_701,
            0o700_070_007,
            0o007_700_070,
        ] {
            for s in 0..3 {
                let x = (w >> (3 * s)) & 0o007_007_007;
                let want = (x & 7) | (x >> 9 & 7) << 3 | (x >> 18 & 7) << 6;
                assert_eq!(stack_pairs(w, s), want as usize, "{w:#o} {s}");
            }
        }
        assert_eq!(STACK_KEEP[0x1FF], 0o007_007_007);
        // Column 0 only in band 1 (claiming): bands 0 and 2 keep columns 1, 2, band 1
        // only column 0.
        let m = 0x1FF & !1 & !(1 << 6);
        assert_eq!(STACK_KEEP[m], 0o006_001_006);
        // No permutation: column 2 has no band.
        assert_eq!(STACK_KEEP[0x1FF & !(1 << 2 | 1 << 5 | 1 << 8)], 0);
    }

    #[test]
    fn locked_rows_with_one_column_are_the_single_rows() {
        // Every band word after band reasoning (random words, and every segment
        // pattern with full segments or single cells): the lookups find exactly the
        // rows with one candidate.
        let mut x = 0x9E37_79B9u32;
        let mut words = Vec::new();
        for m in 0..512u32 {
            let mut full = 0;
            let mut one = 0;
            for s in 0..9 {
                if m >> s & 1 != 0 {
                    let (k, r) = (s / 3, s % 3);
                    full |= 7 << (9 * r + 3 * k);
                    one |= 1 << (9 * r + 3 * k + r); // the segment's r-th cell
                }
            }
            words.extend([full, one]);
        }
        for _ in 0..20000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            words.push(x & BAND);
        }
        for w in words {
            let i = segments(w);
            let a = w & BAND_KEEP[i];
            if a == 0 {
                continue;
            }
            let cols = (a | a >> 9 | a >> 18) & 0x1FF;
            let got = a & LOCKED[i] & ONE_COLUMN[cols as usize];
            assert_eq!(got, single_rows(a), "{w:#o}");
        }
    }

    #[test]
    fn single_rows_and_masks() {
        assert_eq!(single_rows(1 << 4 | 3 << 9 | 1 << 26), 1 << 4 | 1 << 26);
        assert_eq!(single_rows(0), 0);
        // Every combination of non-empty rows, against a direct count.
        let rows = [1u32, 2, 3, 0x100, 0x101, 0x180, 0x1FF, 0x10, 0x30];
        for &r0 in &rows {
            for &r1 in &rows {
                for &r2 in &rows {
                    let a = r0 | r1 << 9 | r2 << 18;
                    let want = [r0, r1, r2]
                        .iter()
                        .enumerate()
                        .filter(|(_, r)| r.count_ones() == 1)
                        .fold(0, |w, (i, r)| w | r << (9 * i));
                    assert_eq!(single_rows(a), want, "{a:#o}");
                }
            }
        }
        assert_eq!(ROW_PEERS[0], 0x1FE);
        assert_eq!(ROW_PEERS[13], 0x1FF << 9 & !(1 << 13));
    }
}
