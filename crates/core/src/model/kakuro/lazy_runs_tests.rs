//! The structure check of `new` and the clue check walk the cells without the runs;
//! here they are compared with a plain eager derivation (walk every run, fail on the
//! first fault in reading order, then check the clues over the runs) on random grids,
//! most of them broken somewhere.
use super::*;

/// The eager derivation: (runs, first structure fault), in the documented order.
fn eager(rows: usize, cols: usize, cells: &[Cell]) -> Result<Vec<Run>, StructureError> {
    let at = |r: usize, c: usize| cells[r * cols + c];
    let fault = |r, c, kind| {
        Err(StructureError {
            at: Some((r, c)),
            kind,
        })
    };
    for r in 0..rows {
        for c in 0..cols {
            if (r == 0 || c == 0) && at(r, c).is_white() {
                return fault(r, c, StructureErrorKind::WhiteOnBorder);
            }
        }
    }
    let mut runs = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            if at(r, c).is_white() {
                for (dir, (pr, pc)) in [
                    (Direction::Across, (r, c - 1)),
                    (Direction::Down, (r - 1, c)),
                ] {
                    if !at(pr, pc).is_white() && at(pr, pc).clue(dir).is_none() {
                        return fault(r, c, StructureErrorKind::RunWithoutClue(dir));
                    }
                }
                continue;
            }
            for dir in Direction::BOTH {
                let Some(clue) = at(r, c).clue(dir) else {
                    continue;
                };
                let (dr, dc) = if dir == Direction::Across {
                    (0, 1)
                } else {
                    (1, 0)
                };
                let (mut rr, mut cc) = (r + dr, c + dc);
                let mut run_cells = Vec::new();
                while rr < rows && cc < cols && at(rr, cc).is_white() {
                    run_cells.push(rr * cols + cc);
                    (rr, cc) = (rr + dr, cc + dc);
                }
                if run_cells.is_empty() {
                    return fault(r, c, StructureErrorKind::ClueWithoutRun(dir, clue));
                }
                runs.push(Run {
                    direction: dir,
                    clue,
                    clue_at: (r, c),
                    cells: run_cells,
                });
            }
        }
    }
    Ok(runs)
}

fn eager_clues(runs: &[Run], rule: DigitRule) -> Result<(), ClueFault> {
    let mut totals = [0u32; 2];
    for run in runs {
        let (at, direction, clue, len) = (run.clue_at, run.direction, run.clue, run.len());
        if !run.clue_possible(rule) {
            return Err(ClueFault::impossible(rule, at, direction, clue, len));
        }
        totals[direction.index()] += u32::from(clue);
    }
    match totals {
        [across, down] if across != down => Err(ClueFault::TotalsDiffer { across, down }),
        _ => Ok(()),
    }
}

#[test]
fn new_and_the_clue_check_agree_with_an_eager_derivation_on_random_grids() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let (mut built, mut clue_faults) = (0, 0);
    for _ in 0..20_000 {
        let (rows, cols) = (1 + next(6) as usize, 1 + next(6) as usize);
        // Mostly well-formed: black border, clues where runs start; then a few flips.
        let mut cells: Vec<Cell> = (0..rows * cols)
            .map(|i| {
                if i / cols == 0 || i % cols == 0 || next(3) == 0 {
                    Cell::BLACK
                } else {
                    Cell::White
                }
            })
            .collect();
        for i in 0..rows * cols {
            if cells[i].is_white() {
                continue;
            }
            let clue =
                |white: bool, next: &mut dyn FnMut(u64) -> u64| white.then(|| 1 + next(30) as u16);
            let right_white = i % cols + 1 < cols && cells[i + 1].is_white();
            let down_white = i + cols < rows * cols && cells[i + cols].is_white();
            cells[i] = Cell::Black {
                down: clue(down_white, &mut next),
                right: clue(right_white, &mut next),
            };
        }
        for _ in 0..next(3) {
            let i = next((rows * cols) as u64) as usize;
            cells[i] = match next(4) {
                0 => Cell::White,
                1 => Cell::BLACK,
                2 => Cell::Black {
                    down: Some(5),
                    right: None,
                },
                _ => Cell::Black {
                    down: None,
                    right: Some(7),
                },
            };
        }
        let expected = eager(rows, cols, &cells);
        let got = KakuroBoard::new(rows, cols, cells.clone());
        match (&expected, &got) {
            (Err(e), Err(g)) => assert_eq!(e, g, "{rows}x{cols} {cells:?}"),
            (Ok(runs), Ok(board)) => {
                built += 1;
                for rule in [DigitRule::Repeats, DigitRule::Distinct] {
                    let fault = eager_clues(runs, rule);
                    clue_faults += usize::from(fault.is_err());
                    // The one pass decides alone when all is well (a pass that
                    // doubts a good board is only slower, which nothing else shows).
                    assert_eq!(board.clues_sound(rule), fault.is_ok(), "{cells:?}");
                    assert_eq!(
                        board.check_clue_values(rule),
                        fault,
                        "{rows}x{cols} {cells:?}"
                    );
                }
                let fresh = board.clone();
                assert_eq!(board.runs(), &runs[..], "{rows}x{cols} {cells:?}");
                assert_eq!(fresh, *board, "equality does not depend on the derivation");
                for (id, run) in runs.iter().enumerate() {
                    for &k in &run.cells {
                        assert_eq!(fresh.run_of(k, run.direction), Some(id));
                    }
                }
            }
            _ => panic!("{rows}x{cols} {cells:?}: eager {expected:?}, new {got:?}"),
        }
    }
    // The grids reach both sides of every check.
    assert!(built > 2_000 && built < 18_000, "{built} boards built");
    assert!(clue_faults > 1_000, "{clue_faults} clue faults");
}
