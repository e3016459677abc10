//! The list of problems, and one module per problem holding its [`ProblemDef`]: the only
//! place a problem is added (a module here and its line in the list).

use super::ProblemDef;

/// The list: one line per problem, `Variant => module`, the variant's doc comment
/// first. It makes the [`Problem`] enum, [`Problem::ALL`] and [`Problem::def`].
macro_rules! problems {
    ($( $(#[doc = $doc:literal])* $variant:ident => $module:ident, )*) => {
        $( pub mod $module; )*

        /// A problem id.
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize,
            serde::Deserialize,
        )]
        #[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
        #[serde(rename_all = "lowercase")]
        pub enum Problem {
            $( $(#[doc = $doc])* $variant, )*
        }

        impl Problem {
            /// All problems, in the list's order.
            pub const ALL: [Problem; [$(stringify!($variant)),*].len()] =
                [$(Problem::$variant),*];

            /// The problem's definition.
            pub fn def(self) -> &'static ProblemDef {
                match self {
                    $( Problem::$variant => &$module::DEF, )*
                }
            }
        }
    };
}

problems! {
    /// POJ 3074 — hard 9×9 Sudoku, one 81-character line per puzzle, `end` terminated.
    Poj3074 => poj3074,
    /// POJ 2676 — 9×9 Sudoku, case count then 9 lines of 9 digits.
    Poj2676 => poj2676,
    /// HDU 3338 — Kakuro Extension (digits may repeat in a run).
    Hdu3338 => hdu3338,
    /// POJ 3076 — 16×16 Sudoku with letters `A`-`P`.
    Poj3076 => poj3076,
    /// Classic Kakuro (distinct digits per run), HDU 3338 format.
    Kakuro => kakuro,
}
