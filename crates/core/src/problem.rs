//! The five problems gridjudge knows: their ids, default limits and rule sets, and the
//! two case types every format parses into ([`Puzzle`]) and every solver or contestant
//! produces ([`Answer`]).

use crate::model::{KakuroBoard, KakuroFill, Sudoku};
use std::fmt;

/// A problem id.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Problem {
    /// POJ 3074 — hard 9×9 Sudoku, one 81-character line per puzzle, `end` terminated.
    Poj3074,
    /// POJ 2676 — 9×9 Sudoku, case count then 9 lines of 9 digits.
    Poj2676,
    /// HDU 3338 — Kakuro Extension (digits may repeat in a run).
    Hdu3338,
    /// POJ 3076 — 16×16 Sudoku with letters `A`-`P`.
    Poj3076,
    /// Classic Kakuro (distinct digits per run), HDU 3338 format.
    Kakuro,
}

/// Which rules a problem's answers obey.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rules {
    /// Sudoku of box size `b`.
    Sudoku {
        /// Box size.
        box_size: usize,
    },
    /// Kakuro; `distinct` digits per run for the classic rules, repeats allowed otherwise.
    Kakuro {
        /// Whether digits in a run must differ.
        distinct: bool,
    },
}

impl Problem {
    /// All problems.
    pub const ALL: [Problem; 5] = [
        Problem::Poj3074,
        Problem::Poj2676,
        Problem::Hdu3338,
        Problem::Poj3076,
        Problem::Kakuro,
    ];

    /// The id as written on the command line and in folders (`poj3074`).
    pub fn id(self) -> &'static str {
        match self {
            Problem::Poj3074 => "poj3074",
            Problem::Poj2676 => "poj2676",
            Problem::Hdu3338 => "hdu3338",
            Problem::Poj3076 => "poj3076",
            Problem::Kakuro => "kakuro",
        }
    }

    /// Parses an id.
    pub fn from_id(id: &str) -> Option<Problem> {
        Problem::ALL.into_iter().find(|p| p.id() == id)
    }

    /// Human title.
    pub fn title(self) -> &'static str {
        match self {
            Problem::Poj3074 => "Sudoku (hard, exact cover)",
            Problem::Poj2676 => "Sudoku",
            Problem::Hdu3338 => "Kakuro Extension",
            Problem::Poj3076 => "Sudoku 16x16",
            Problem::Kakuro => "Kakuro (classic)",
        }
    }

    /// The rule set answers must obey.
    pub fn rules(self) -> Rules {
        match self {
            Problem::Poj3074 | Problem::Poj2676 => Rules::Sudoku { box_size: 3 },
            Problem::Poj3076 => Rules::Sudoku { box_size: 4 },
            Problem::Hdu3338 => Rules::Kakuro { distinct: false },
            Problem::Kakuro => Rules::Kakuro { distinct: true },
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// One case of a judge input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Puzzle {
    /// A Sudoku puzzle (`0` = empty).
    Sudoku(Sudoku),
    /// A Kakuro board.
    Kakuro(KakuroBoard),
}

/// One case of an output: a solved grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// A completed Sudoku grid.
    Sudoku(Sudoku),
    /// A filled Kakuro board.
    Kakuro(KakuroFill),
}
