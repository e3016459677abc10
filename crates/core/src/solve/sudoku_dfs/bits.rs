//! Fixed-width cell sets for the generic core ([`super::generic`]): the [`Bits`] trait,
//! its primitive-integer implementations (one macro, so `u32` and `u128` cannot drift
//! apart) and [`Wide`] for the 16×16 and 25×25 grids.

/// A fixed-width bit set over the cells of a grid.
pub(super) trait Bits: Copy + Eq + std::fmt::Debug {
    const ZERO: Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn andnot(self, o: Self) -> Self;
    fn is_zero(self) -> bool;
    /// True when at most one bit is set.
    fn at_most_one(self) -> bool;
    /// Index of the lowest set bit; `self` must be non-zero.
    fn lowest(self) -> usize;
    /// `self` without its lowest set bit.
    fn clear_lowest(self) -> Self;
    fn with(self, i: usize) -> Self;
    fn without(self, i: usize) -> Self;
    fn has(self, i: usize) -> bool;
    /// Number of set bits.
    fn count(self) -> u32;
}

/// [`Bits`] for a primitive unsigned integer with at least as many bits as cells.
macro_rules! int_bits {
    ($($(#[$attr:meta])* $t:ty),*) => {$(
        $(#[$attr])*
        impl Bits for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn and(self, o: Self) -> Self {
                self & o
            }
            #[inline(always)]
            fn or(self, o: Self) -> Self {
                self | o
            }
            #[inline(always)]
            fn andnot(self, o: Self) -> Self {
                self & !o
            }
            #[inline(always)]
            fn is_zero(self) -> bool {
                self == 0
            }
            #[inline(always)]
            fn at_most_one(self) -> bool {
                self & self.wrapping_sub(1) == 0
            }
            #[inline(always)]
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            #[inline(always)]
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn with(self, i: usize) -> Self {
                self | (1 << i)
            }
            #[inline(always)]
            fn without(self, i: usize) -> Self {
                self & !(1 << i)
            }
            #[inline(always)]
            fn has(self, i: usize) -> bool {
                self >> i & 1 != 0
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
        }
    )*};
}

int_bits!(
    u32,
    /// 9×9 through the generic core is only a test oracle for the 9×9 core.
    #[cfg(test)]
    u128
);

/// `N` 64-bit words, for the 16×16 and 25×25 grids.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Wide<const N: usize>(pub(super) [u64; N]);

impl<const N: usize> Bits for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    #[inline(always)]
    fn and(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
    #[inline(always)]
    fn or(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
    #[inline(always)]
    fn andnot(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    #[inline(always)]
    fn at_most_one(self) -> bool {
        let mut seen = false;
        for &w in &self.0 {
            if w != 0 {
                if seen || w & (w - 1) != 0 {
                    return false;
                }
                seen = true;
            }
        }
        true
    }
    #[inline(always)]
    fn lowest(self) -> usize {
        for (i, &w) in self.0.iter().enumerate() {
            if w != 0 {
                return i * 64 + w.trailing_zeros() as usize;
            }
        }
        N * 64
    }
    #[inline(always)]
    fn clear_lowest(mut self) -> Self {
        for w in &mut self.0 {
            if *w != 0 {
                *w &= *w - 1;
                break;
            }
        }
        self
    }
    #[inline(always)]
    fn with(mut self, i: usize) -> Self {
        self.0[i / 64] |= 1 << (i % 64);
        self
    }
    #[inline(always)]
    fn without(mut self, i: usize) -> Self {
        self.0[i / 64] &= !(1 << (i % 64));
        self
    }
    #[inline(always)]
    fn has(self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 != 0
    }
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_bits() {
        let w = Wide::<2>::ZERO.with(3).with(70);
        assert!(w.has(70) && w.has(3) && !w.has(4));
        assert_eq!(w.lowest(), 3);
        assert_eq!(w.clear_lowest().lowest(), 70);
        assert!(!w.at_most_one());
        assert!(w.clear_lowest().at_most_one());
        assert!(w.without(70).at_most_one() && !w.without(70).is_zero());
        assert_eq!(
            (w.count(), Wide::<2>::ZERO.count(), w.without(3).count()),
            (2, 0, 1)
        );
    }

    #[test]
    fn int_bits() {
        let x = 0u32.with(4).with(31);
        assert!(x.has(4) && x.has(31) && !x.has(5));
        assert_eq!((x.lowest(), x.clear_lowest().lowest()), (4, 31));
        assert!(!x.at_most_one() && x.without(4).at_most_one() && 0u32.at_most_one());
        assert!(x.andnot(x).is_zero() && x.and(1 << 4) == 1 << 4 && x.or(1) == x | 1);
        assert_eq!((x.count(), 0u32.count()), (2, 0));
    }
}
