//! Instruction-count driver: solves a fixed puzzle set with one gridjudge solver inside
//! `measure` (or `measure_flow`), the only functions callgrind counts (see `check.sh`).
//!
//! Usage: `gridjudge-instructions dfs|dlx FILE...` where each FILE holds one puzzle
//! per line: 81 characters (`1`-`9`, `.`) for 9×9, or 256 (`A`-`P`, `-`) for 16×16;
//! `gridjudge-instructions flow FILE...` where each FILE is an HDU 3338 judge input,
//! every board solved by the max-flow solver (input parsing and the boards' runs are not
//! counted); `gridjudge-instructions check PROBLEM IN ANS [PROBLEM IN ANS]...`: the
//! built-in checker (`gridjudge::check::check`, inside `measure_check`) on each judge
//! input with its jury answer as the output, then with the answer's lines ending in a
//! space (forgiven: read and validated again, the layout compared line by line), both AC.
//! Exits 1 if a puzzle has no solution, a check is not AC, or an argument is bad.

use std::hint::black_box;
use std::process::ExitCode;

use gridjudge::model::{KakuroBoard, Sudoku};
use gridjudge::problem::Problem;
use gridjudge::solve::kakuro_flow;
use gridjudge::solve::maxflow::MaxFlow;
use gridjudge::solve::sudoku_dfs::DfsSolver;
use gridjudge::solve::sudoku_dlx::DlxSolver;
use gridjudge::Verdict;

fn parse(line: &str) -> Option<Sudoku> {
    let (b, cells): (usize, Option<Vec<u8>>) = match line.len() {
        81 => (
            3,
            line.bytes()
                .map(|c| match c {
                    b'.' => Some(0),
                    b'1'..=b'9' => Some(c - b'0'),
                    _ => None,
                })
                .collect(),
        ),
        256 => (
            4,
            line.bytes()
                .map(|c| match c {
                    b'-' => Some(0),
                    b'A'..=b'P' => Some(c - b'A' + 1),
                    _ => None,
                })
                .collect(),
        ),
        _ => return None,
    };
    Sudoku::from_cells(b, cells?).ok()
}

/// The measured region: solve every puzzle with fresh-per-size reusable solvers.
#[inline(never)]
fn measure(solver: &str, puzzles: &[Sudoku]) -> usize {
    let mut solved = 0;
    let mut out = Sudoku::empty(3).expect("box size 3");
    if solver == "dfs" {
        let mut s = DfsSolver::new(3).expect("box size 3");
        for p in puzzles {
            solved += usize::from(s.solve_into(black_box(p), &mut out));
        }
    } else {
        let mut s = DlxSolver::new(3).expect("box size 3");
        for p in puzzles {
            solved += usize::from(s.solve_into(black_box(p), &mut out));
        }
    }
    black_box(&out);
    solved
}

/// The measured region for `flow`: every board through one reused flow graph.
#[inline(never)]
fn measure_flow(boards: &[KakuroBoard]) -> usize {
    let mut graph = MaxFlow::default();
    let mut solved = 0;
    for b in boards {
        solved += usize::from(kakuro_flow::solve_with(black_box(b), &mut graph).is_ok());
    }
    solved
}

/// One checker case: the problem, the judge input, the output, the jury answer.
type CheckCase = (Problem, Vec<u8>, Vec<u8>, Vec<u8>);

/// The measured region for `check`: every case through the built-in checker.
#[inline(never)]
fn measure_check(cases: &[CheckCase]) -> usize {
    let mut accepted = 0;
    for (problem, input, output, answer) in cases {
        let outcome = gridjudge::check::check(*problem, input, black_box(output), Some(answer));
        accepted += usize::from(outcome.verdict == Verdict::Accepted);
    }
    accepted
}

/// `check PROBLEM IN ANS ...`: the cases of `measure_check`.
fn check_cases(args: &[String]) -> Result<Vec<CheckCase>, String> {
    let mut cases = Vec::new();
    for triple in args.chunks(3) {
        let [problem, input, answer] = triple else {
            return Err("check takes PROBLEM IN ANS triples".into());
        };
        let problem =
            Problem::from_id(problem).ok_or_else(|| format!("{problem}: not a problem id"))?;
        let read = |f: &String| std::fs::read(f).map_err(|e| format!("{f}: {e}"));
        let (input, answer) = (read(input)?, read(answer)?);
        let spaced = answer
            .split_inclusive(|&b| b == b'\n')
            .flat_map(|line| match line.split_last() {
                Some((b'\n', text)) => [text, b" \n"].concat(),
                _ => line.to_vec(),
            })
            .collect();
        cases.push((problem, input.clone(), answer.clone(), answer.clone()));
        cases.push((problem, input, spaced, answer));
    }
    Ok(cases)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((solver, files)) = args.split_first() else {
        eprintln!("usage: gridjudge-instructions dfs|dlx FILE...");
        return ExitCode::FAILURE;
    };
    if solver == "check" {
        let cases = match check_cases(files) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        };
        let accepted = measure_check(&cases);
        println!("check: accepted {accepted}/{}", cases.len());
        return if accepted == cases.len() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    if solver == "flow" {
        let mut boards = Vec::new();
        for f in files {
            let parsed = std::fs::read(f).map_err(|e| e.to_string()).and_then(|b| {
                gridjudge::format::hdu3338::parse_input(&b).map_err(|e| e.to_string())
            });
            match parsed {
                Ok(b) => boards.extend(b),
                Err(e) => {
                    eprintln!("{f}: {e}");
                    return ExitCode::FAILURE;
                }
            }
        }
        // The runs are derived on first use: part of the board, not of the solver.
        for b in &boards {
            black_box(b.runs());
        }
        let solved = measure_flow(&boards);
        println!("flow: solved {solved}/{}", boards.len());
        return if solved == boards.len() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    if solver != "dfs" && solver != "dlx" {
        eprintln!("unknown solver {solver:?} (expected dfs, dlx or flow)");
        return ExitCode::FAILURE;
    }
    let mut puzzles = Vec::new();
    for f in files {
        let text = match std::fs::read_to_string(f) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("{f}: {e}");
                return ExitCode::FAILURE;
            }
        };
        for (i, line) in text.lines().enumerate() {
            match parse(line) {
                Some(p) => puzzles.push(p),
                None => {
                    eprintln!("{f}:{}: not a puzzle line", i + 1);
                    return ExitCode::FAILURE;
                }
            }
        }
    }
    let solved = measure(solver, &puzzles);
    println!("{solver}: solved {solved}/{}", puzzles.len());
    if solved == puzzles.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
