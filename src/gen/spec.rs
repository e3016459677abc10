//! A generator invocation — `sudoku --box 3 --clues 30 --seed 7 --count 20` or
//! `kakuro --rows 8 --cols 8 --variant classic --unique` — parsed once (clap) and
//! turned into judge cases with their answers. The same words are used by
//! `gridjudge gen`, by a problem's `generators.toml` (`gridjudge generate`) and by
//! `gridjudge stress --gen`, so a recipe line can be pasted on the command line.
//!
//! Reproducibility: puzzle `k` of seed `S` (attempt `a`, for `--grade`) is drawn from
//! its own [`Rng`] seeded from `(S, k, a)` by [`sub_seed`]; the Rng is SplitMix64,
//! written out in this crate, so the same arguments give the same bytes on every
//! machine and every version of every dependency. Puzzle `k` does not depend on the
//! puzzles before it.

use super::kakuro::{self, Params};
use super::kakuro_unique::{self, NotUnique};
use super::unique::{self, Grade, UniquePuzzle};
use super::Rng;
use crate::format;
use crate::problem::{Answer, Problem, Puzzle, Syntax};
use crate::solve::sudoku_dfs::DfsSolver;
use clap::Parser;

/// A generator and its arguments.
#[derive(Debug, Clone, PartialEq, Eq, Parser)]
#[command(no_binary_name = true, name = "gen")]
pub enum GenSpec {
    /// Sudoku puzzles with exactly one solution.
    Sudoku(SudokuSpec),
    /// Kakuro boards built from a random fill.
    Kakuro(KakuroSpec),
}

/// Sudoku input formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SudokuFormat {
    /// 81 characters per line, `end` (9x9).
    Poj3074,
    /// Case count then 9 rows of digits (9x9).
    Poj2676,
    /// 16 rows of letters A-P per puzzle (16x16).
    Poj3076,
}

impl SudokuFormat {
    /// The problem whose input format this is.
    pub fn problem(self) -> Problem {
        match self {
            SudokuFormat::Poj3074 => Problem::Poj3074,
            SudokuFormat::Poj2676 => Problem::Poj2676,
            SudokuFormat::Poj3076 => Problem::Poj3076,
        }
    }

    /// The Sudoku format of a judge syntax (none for the Kakuro format).
    fn of(syntax: Syntax) -> Option<SudokuFormat> {
        match syntax {
            Syntax::Poj3074 => Some(SudokuFormat::Poj3074),
            Syntax::Poj2676 => Some(SudokuFormat::Poj2676),
            Syntax::Poj3076 => Some(SudokuFormat::Poj3076),
            Syntax::Hdu3338 => None,
        }
    }
}

/// `gen sudoku` arguments.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
pub struct SudokuSpec {
    /// Box size: 3 for 9x9, 4 for 16x16.
    #[arg(long = "box", default_value_t = 3)]
    pub box_size: usize,
    /// Stop removing givens at this many (the puzzle stays unique); a layout that
    /// cannot get that low is replaced by a fresh one.
    #[arg(long, conflicts_with = "minimal")]
    pub clues: Option<usize>,
    /// Remove givens until none can go (the default when --clues is absent).
    #[arg(long)]
    pub minimal: bool,
    /// Keep only puzzles of this measured grade.
    #[arg(long, value_enum)]
    pub grade: Option<Grade>,
    /// Seed: the same arguments give the same bytes.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Puzzles to make.
    #[arg(long, default_value_t = 1)]
    pub count: usize,
    /// Write the input format of this problem (default: poj3074 for box 3, poj3076
    /// for box 4).
    #[arg(long = "problem", value_enum, value_name = "PROBLEM")]
    pub format: Option<SudokuFormat>,
}

/// Kakuro variants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Variant {
    /// HDU 3338: digits may repeat within a run.
    Extension,
    /// Classic: distinct digits per run, runs of at most 9.
    Classic,
}

/// `gen kakuro` arguments.
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
pub struct KakuroSpec {
    /// Rows, including the black first row (2 to 100).
    #[arg(long)]
    pub rows: usize,
    /// Columns, including the black first column (2 to 100).
    #[arg(long)]
    pub cols: usize,
    /// Rule set.
    #[arg(long, value_enum, default_value_t = Variant::Extension)]
    pub variant: Variant,
    /// Make every board's fill the only one (classic only).
    #[arg(long)]
    pub unique: bool,
    /// Chance in percent that an interior cell starts white.
    #[arg(long, default_value_t = 70)]
    pub white: usize,
    /// Longest run (at most 9 for classic; default 9 classic, 12 extension).
    #[arg(long)]
    pub max_run: Option<usize>,
    /// Seed: the same arguments give the same bytes.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Boards to make.
    #[arg(long, default_value_t = 1)]
    pub count: usize,
}

/// Puzzles generated with per-puzzle statistics.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generated {
    /// The problem whose input format the puzzles are for.
    pub problem: Problem,
    /// The cases.
    pub puzzles: Vec<Puzzle>,
    /// One answer per case (the unique one, or the fill the clues came from).
    pub answers: Vec<Answer>,
    /// One line per case: what it is and how hard it measured.
    pub stats: Vec<String>,
}

impl Generated {
    /// The judge input.
    pub fn input(&self) -> Vec<u8> {
        format::write_input(self.problem, &self.puzzles)
    }

    /// The judge answer.
    pub fn answer(&self) -> Vec<u8> {
        format::write_output(self.problem, &self.answers)
    }
}

/// Why generation failed: bad arguments, or bounded effort ran out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GenError {
    /// The arguments cannot be satisfied as given.
    #[error("{0}")]
    Usage(String),
    /// Effort ran out (the message says what was tried).
    #[error("{0}")]
    GaveUp(String),
}

/// Fresh layouts tried per Sudoku puzzle for `--clues` or `--grade`.
pub(crate) const MAX_ATTEMPTS: u64 = 3000;
/// Largest Kakuro side.
pub(crate) const MAX_SIDE: usize = 100;
/// Most cases per invocation.
pub(crate) const MAX_COUNT: usize = 100_000;

impl GenSpec {
    /// Parses generator words (`sudoku --box 3 ...`); the message is clap's.
    pub(crate) fn parse_words<I, T>(words: I) -> Result<GenSpec, String>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        GenSpec::try_parse_from(words).map_err(|e| {
            e.render()
                .to_string()
                .lines()
                .next()
                .unwrap_or("bad generator arguments")
                .trim_start_matches("error: ")
                .to_string()
        })
    }

    /// Parses a whitespace-separated line (no quoting: no argument contains spaces).
    pub fn parse_line(line: &str) -> Result<GenSpec, String> {
        GenSpec::parse_words(line.split_whitespace())
    }

    /// The problem whose format this spec writes.
    pub fn problem(&self) -> Result<Problem, GenError> {
        match self {
            GenSpec::Sudoku(s) => match (s.format, s.box_size) {
                (Some(f), b) => {
                    let want = if f == SudokuFormat::Poj3076 { 4 } else { 3 };
                    if b == want {
                        Ok(f.problem())
                    } else {
                        Err(GenError::Usage(format!(
                            "--box {b} does not fit the {} format (box {want})",
                            f.problem()
                        )))
                    }
                }
                (None, 3) => Ok(Problem::Poj3074),
                (None, 4) => Ok(Problem::Poj3076),
                (None, b) => Err(GenError::Usage(format!(
                    "--box {b}: no judge format holds {0}x{0} Sudoku (use --box 3 or 4)",
                    b * b
                ))),
            },
            GenSpec::Kakuro(k) => Ok(match k.variant {
                Variant::Extension => Problem::Hdu3338,
                Variant::Classic => Problem::Kakuro,
            }),
        }
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        match self {
            GenSpec::Sudoku(s) => s.seed,
            GenSpec::Kakuro(k) => k.seed,
        }
    }

    /// The same spec with another seed.
    pub fn with_seed(&self, seed: u64) -> GenSpec {
        let mut s = self.clone();
        match &mut s {
            GenSpec::Sudoku(x) => x.seed = seed,
            GenSpec::Kakuro(x) => x.seed = seed,
        }
        s
    }

    /// The same spec forced to `problem`'s format; an error when it generates another
    /// kind of puzzle (a Kakuro spec for a Sudoku problem, a 9x9 spec for poj3076, ...).
    pub fn for_problem(&self, problem: Problem) -> Result<GenSpec, GenError> {
        let mut s = self.clone();
        if let GenSpec::Sudoku(x) = &mut s {
            if x.format.is_none() {
                x.format = SudokuFormat::of(problem.syntax());
            }
        }
        // A problem that shares a format and a rule set with the one a spec names
        // takes the same cases.
        let made = s.problem()?;
        if made.syntax() != problem.syntax() || made.rules() != problem.rules() {
            return Err(GenError::Usage(format!(
                "these generator arguments make {made} cases, not {problem} cases"
            )));
        }
        Ok(s)
    }

    /// Generates the cases.
    pub fn generate(&self) -> Result<Generated, GenError> {
        let problem = self.problem()?;
        match self {
            GenSpec::Sudoku(s) => sudoku(s, problem),
            GenSpec::Kakuro(k) => kakuro_boards(k, problem),
        }
    }
}

/// The seed of puzzle `k`, attempt `a`, of seed `seed`.
pub fn sub_seed(seed: u64, k: u64, a: u64) -> u64 {
    let mut r = Rng::new(seed);
    let x = r.next_u64() ^ k.wrapping_mul(0xD1B5_4A32_D192_ED03);
    let mut r = Rng::new(x);
    let y = r.next_u64() ^ a.wrapping_mul(0x8CB9_2BA7_2F3D_8DD7);
    Rng::new(y).next_u64()
}

fn check_count(count: usize) -> Result<(), GenError> {
    if count == 0 || count > MAX_COUNT {
        return Err(GenError::Usage(format!(
            "--count {count}: must be 1 to {MAX_COUNT}"
        )));
    }
    Ok(())
}

fn sudoku(s: &SudokuSpec, problem: Problem) -> Result<Generated, GenError> {
    check_count(s.count)?;
    let cells = s.box_size.pow(4);
    if let Some(c) = s.clues {
        if c > cells {
            return Err(GenError::Usage(format!(
                "--clues {c}: a {0}x{0} grid has {cells} cells",
                s.box_size * s.box_size
            )));
        }
    }
    let mut dfs = DfsSolver::new(s.box_size).map_err(|e| GenError::Usage(e.to_string()))?;
    let mut out = Generated {
        problem,
        puzzles: Vec::with_capacity(s.count),
        answers: Vec::with_capacity(s.count),
        stats: Vec::with_capacity(s.count),
    };
    for k in 0..s.count {
        let p = one_sudoku(s, k as u64, &mut dfs)?;
        out.stats.push(format!(
            "puzzle {}: {} givens, grade {}, {} guesses, singles {}, minimal {}",
            k + 1,
            p.puzzle.filled(),
            p.grade,
            p.guesses,
            if p.singles { "solve it" } else { "stall" },
            if p.minimal { "yes" } else { "not checked" },
        ));
        out.puzzles.push(Puzzle::Sudoku(p.puzzle));
        out.answers.push(Answer::Sudoku(p.solution));
    }
    Ok(out)
}

fn one_sudoku(s: &SudokuSpec, k: u64, dfs: &mut DfsSolver) -> Result<UniquePuzzle, GenError> {
    let mut fewest = usize::MAX;
    let mut grades = Vec::new();
    for a in 0..MAX_ATTEMPTS {
        let mut rng = Rng::new(sub_seed(s.seed, k, a));
        let grid = unique::random_grid(s.box_size, dfs, &mut rng)
            .ok_or_else(|| GenError::GaveUp("the DFS could not complete a grid".into()))?;
        let p = unique::remove_while_unique(&grid, s.clues, dfs, &mut rng);
        fewest = fewest.min(p.puzzle.filled());
        if s.clues.is_some_and(|c| p.puzzle.filled() > c) {
            continue;
        }
        if s.grade.is_some_and(|g| g != p.grade) {
            grades.push(p.grade);
            continue;
        }
        return Ok(p);
    }
    let mut why = format!("puzzle {}: no puzzle after {MAX_ATTEMPTS} grids", k + 1);
    if let Some(c) = s.clues {
        why += &format!(" reached {c} givens (fewest: {fewest})");
    }
    if let Some(g) = s.grade {
        grades.sort();
        grades.dedup();
        let seen: Vec<String> = grades.iter().map(|g| g.to_string()).collect();
        why += &format!(" had grade {g} (grades seen: {})", seen.join(", "));
    }
    Err(GenError::GaveUp(why))
}

fn kakuro_boards(k: &KakuroSpec, problem: Problem) -> Result<Generated, GenError> {
    check_count(k.count)?;
    let classic = k.variant == Variant::Classic;
    for (name, v) in [("--rows", k.rows), ("--cols", k.cols)] {
        if !(2..=MAX_SIDE).contains(&v) {
            return Err(GenError::Usage(format!(
                "{name} {v}: must be 2 to {MAX_SIDE}"
            )));
        }
    }
    if k.white > 100 {
        return Err(GenError::Usage(format!(
            "--white {}: a percentage (0 to 100)",
            k.white
        )));
    }
    let max_run = k.max_run.unwrap_or(if classic { 9 } else { 12 });
    if max_run == 0 || (classic && max_run > 9) || max_run > 111 {
        return Err(GenError::Usage(format!(
            "--max-run {max_run}: must be 1 to {}",
            if classic { 9 } else { 111 }
        )));
    }
    if k.unique && !classic {
        return Err(GenError::Usage(
            "--unique needs --variant classic (extension boards have no counter)".into(),
        ));
    }
    let params = Params {
        rows: k.rows,
        cols: k.cols,
        white_percent: k.white,
        max_run,
        distinct: classic,
    };
    let mut out = Generated {
        problem,
        puzzles: Vec::with_capacity(k.count),
        answers: Vec::with_capacity(k.count),
        stats: Vec::with_capacity(k.count),
    };
    for i in 0..k.count {
        let mut rng = Rng::new(sub_seed(k.seed, i as u64, 0));
        let g = if k.unique {
            kakuro_unique::unique_classic(&params, &mut rng)
                .map_err(|e: NotUnique| GenError::GaveUp(format!("board {}: {e}", i + 1)))?
        } else {
            kakuro::generate(&params, &mut rng)
        };
        out.stats.push(format!(
            "board {}: {}x{}, {} white cells, {} runs{}",
            i + 1,
            k.rows,
            k.cols,
            g.board.white_count(),
            g.board.runs().len(),
            if k.unique { ", unique fill" } else { "" }
        ));
        out.puzzles.push(Puzzle::Kakuro(g.board));
        out.answers.push(Answer::Kakuro(g.fill));
    }
    Ok(out)
}

/// A generator failure ends `gen` and `stress` the same way: arguments it refuses and a
/// request it cannot meet within its effort bound (`--clues 17`, a grade that does not
/// come) are both the caller's to change, 64.
impl From<GenError> for crate::error::Failure {
    fn from(e: GenError) -> crate::error::Failure {
        let code = match e {
            GenError::Usage(_) | GenError::GaveUp(_) => crate::exit::USAGE,
        };
        crate::error::Failure::new(code, e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_force_problem() {
        let s = GenSpec::parse_line("sudoku --clues 30 --seed 4 --count 2").unwrap();
        assert_eq!(s.problem().unwrap(), Problem::Poj3074);
        let f = s.for_problem(Problem::Poj2676).unwrap();
        assert_eq!(f.problem().unwrap(), Problem::Poj2676);
        assert!(s.for_problem(Problem::Poj3076).is_err());
        assert!(s.for_problem(Problem::Kakuro).is_err());
        let k = GenSpec::parse_line("kakuro --rows 5 --cols 6 --variant classic").unwrap();
        assert_eq!(k.problem().unwrap(), Problem::Kakuro);
        assert!(GenSpec::parse_line("sudoku --clues").is_err());
        assert!(GenSpec::parse_line("chess").is_err());
    }

    #[test]
    fn generated_inputs_validate_and_answers_check() {
        for line in [
            "sudoku --clues 30 --count 3 --seed 9",
            "sudoku --minimal --problem poj2676 --count 2",
            "sudoku --box 4 --clues 150 --count 1",
            "kakuro --rows 9 --cols 11 --count 3",
            "kakuro --rows 9 --cols 11 --variant classic --count 3",
            "kakuro --rows 7 --cols 7 --variant classic --unique --count 2",
        ] {
            let spec = GenSpec::parse_line(line).unwrap();
            let g = spec.generate().unwrap();
            let input = g.input();
            let checked = crate::check::check(g.problem, &input, &g.answer(), None);
            assert_eq!(
                checked.verdict,
                crate::Verdict::Accepted,
                "{line}: {checked:?}"
            );
            assert_eq!(g.stats.len(), g.puzzles.len());
            // Same arguments, same bytes.
            assert_eq!(spec.generate().unwrap().input(), input);
        }
    }

    #[test]
    fn bad_arguments_are_usage_errors() {
        for line in [
            "sudoku --box 5",
            "sudoku --box 3 --problem poj3076",
            "sudoku --clues 100",
            "sudoku --count 0",
            "kakuro --rows 1 --cols 5",
            "kakuro --rows 5 --cols 5 --unique",
            "kakuro --rows 5 --cols 5 --variant classic --max-run 10",
        ] {
            let spec = GenSpec::parse_line(line).unwrap();
            assert!(matches!(spec.generate(), Err(GenError::Usage(_))), "{line}");
        }
    }
}
