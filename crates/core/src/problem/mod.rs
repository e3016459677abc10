//! The problems gridjudge knows, each defined once: its id, title, rule set, judge
//! format, default solver and statement, in a [`ProblemDef`] of its own module under
//! `defs/` ([`poj3074`](defs::poj3074), [`poj2676`](defs::poj2676),
//! [`hdu3338`](defs::hdu3338), [`poj3076`](defs::poj3076), [`kakuro`](defs::kakuro)),
//! listed once in the `problems!` list of [`defs`]. The list makes the [`Problem`] id
//! type, [`Problem::ALL`] and [`Problem::def`]; everything else asks the definition,
//! never the id: the format reads and writes by [`Syntax`], the solvers answer by
//! [`Rules`], the checker checks by both.
//!
//! So a sixth problem that reuses a syntax and a rule set is its module (a `DEF`) and
//! its line in the list, nothing more; one with a syntax of its own also brings a
//! format module and its [`Syntax`] variant.
//!
//! Also here: the two case types every format parses into ([`Puzzle`]) and every solver
//! or contestant produces ([`Answer`]).

mod case;
mod defs;
mod kinds;

pub use case::{Answer, Puzzle};
pub use defs::Problem;
pub use kinds::{Rules, SolverKind, Syntax};
use std::fmt;

/// What defines a problem: everything about it that is not its data files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProblemDef {
    /// The id as written on the command line and in folders (`poj3074`); the list's
    /// variant name, lower-cased.
    pub id: &'static str,
    /// Human title.
    pub title: &'static str,
    /// The rule set answers must obey.
    pub rules: Rules,
    /// The judge input and output format.
    pub syntax: Syntax,
    /// The solver `gridjudge solve` uses when none is named (one that answers `rules`).
    pub default_solver: SolverKind,
    /// The statement's body (input, output, rules), as exported packages print it.
    pub statement: &'static str,
}

impl Problem {
    /// The id as written on the command line and in folders (`poj3074`).
    pub fn id(self) -> &'static str {
        self.def().id
    }

    /// Parses an id.
    pub fn from_id(id: &str) -> Option<Problem> {
        Problem::ALL.into_iter().find(|p| p.id() == id)
    }

    /// Human title.
    pub fn title(self) -> &'static str {
        self.def().title
    }

    /// The rule set answers must obey.
    pub fn rules(self) -> Rules {
        self.def().rules
    }

    /// The judge input and output format.
    pub fn syntax(self) -> Syntax {
        self.def().syntax
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each id names its problem, and each definition says what it is.
    #[test]
    fn each_definition_is_found_by_its_id() {
        for p in Problem::ALL {
            assert_eq!(Problem::from_id(p.id()), Some(p));
            assert!(!p.title().is_empty() && !p.def().statement.is_empty());
        }
    }

    /// The default solver answers the problem's rules.
    #[test]
    fn each_default_solver_answers_its_rules() {
        for p in Problem::ALL {
            assert!(
                p.def().default_solver.answers(p.rules()),
                "{p}: {} does not answer {:?}",
                p.def().default_solver,
                p.rules()
            );
        }
    }

    /// The format's symbols fit the rule set: a Sudoku syntax holds the box size.
    #[test]
    fn each_syntax_holds_its_rules() {
        for p in Problem::ALL {
            assert!(
                p.syntax().holds(p.rules()),
                "{p}: {:?} / {:?}",
                p.syntax(),
                p.rules()
            );
        }
    }
}
