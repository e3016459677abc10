//! A clause-learning search (CDCL) over a Boolean encoding of a classic Kakuro board:
//! the third searcher of [`solve`](super::solve) on small boards the other two find
//! hard, and the counting search of small boards past the enumeration's first dead ends.
//!
//! # Why a second kind of search
//!
//! The depth-first searches explain a dead end by the *decisions* it depends on and
//! forget it once they backjump: on a dense board without a fill they meet the same
//! refutation under every combination of unrelated decisions. A clause-learning search
//! explains each dead end by the *deductions* next to it (the first unique implication
//! point), keeps that explanation as a clause, and the clause prunes every later branch
//! where the same few cells meet again. That is what decides the dense infeasible 8×8
//! boards of `benches/data/kakuro-dense` in a fraction of a second (see the PERF note on
//! [`Cdcl::solve`]). It knows nothing of the sum-balance relaxation, so on big boards with
//! nearly closed regions it is hopeless, which is why it only joins on small boards.
//!
//! # The encoding
//!
//! From the root's deductions of the depth-first search (each cell's candidates, each
//! run's clue):
//!
//! - `x(c, d)`: cell `c` holds digit `d`. Exactly one per cell (one clause "at least
//!   one", a binary clause per pair "at most one"); a digit that is not a candidate is
//!   false from the start.
//! - Per run and digit, at most one of the run's cells holds it (binary clauses), and
//!   `u(r, d)`: run `r` uses `d`, `x(c, d) → u(r, d)` for each cell, `u(r, d) → ⋁ x(c, d)`.
//! - Per run, `y(r, S)` for each set `S` of as many distinct digits as the run has
//!   cells, summing to its clue, within its cells' candidates: exactly one of them, and
//!   `y(r, S) → u(r, d)` for `d ∈ S`, `y(r, S) → ¬u(r, d)` for `d ∉ S`, `u(r, d) → ⋁_{S ∋ d}
//!   y(r, S)`. A run with one such set fixes its `u`s; a digit in none of them is false
//!   in all its cells.
//!
//! The `u` and `y` follow from the `x` by unit propagation, but deciding them too
//! (and first: their activity starts above the `x`s') is what makes the encoding
//! strong: a decided digit set `y(r, S)` narrows every cell of its run at once. On the
//! dense corpus, deciding only the `x` took 2.5–6 times the conflicts (`slow-search-6x7`
//! 144,301 against 25,342; `-8x8-dense-b` 227,568 against 89,557; both before the
//! recursive minimisation).
//!
//! # The solver
//!
//! The textbook loop (MiniSat's design, written for this encoding's sizes): two watched
//! literals with a blocker per watch, binary clauses in implication lists of their
//! own, first-UIP learning with the learnt clause minimised recursively through its
//! literals' reasons, VSIDS branching (activity decay 0.95) with saved phases, restarts on a
//! Luby sequence of 100 conflicts, and at restarts the learnt clauses of the worst half by
//! literal block distance dropped once they outnumber a growing limit. Clauses live in
//! one arena (`u32`s: length, flags, literals); dropping compacts it and rebuilds the
//! watches at the root, where no long clause is a reason that matters.

use super::shape::Shape;

/// A literal: `2 · var + 1` for the negation.
type Lit = u32;

/// The clause arena's header words before a clause's literals.
const HEADER: usize = 2;
/// Flag word: the clause was learnt (may be dropped).
const LEARNT: u32 = 1;
/// Flag word: the clause was dropped (skipped until the arena is compacted).
const DROPPED: u32 = 2;
/// `reason` of a decision or a root fact.
const NO_REASON: u32 = u32::MAX;
/// `reason` of a literal implied by a binary clause: `BINARY | other literal`.
const BINARY: u32 = 1 << 31;
/// Conflicts per unit of the Luby restart sequence.
const RESTART_UNIT: u64 = 100;
/// Learnt clauses kept before the first reduction; each reduction allows
/// `REDUCE_STEP` more.
const REDUCE_FIRST: usize = 2_000;
const REDUCE_STEP: usize = 300;

/// How a call of [`Cdcl::solve`] ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Answer {
    /// A fill (read it with [`Cdcl::fill`]).
    Fill,
    /// No fill (under the clauses added so far).
    None,
    /// The conflict budget ran out; the search goes on from a restart next call.
    Undecided,
}

/// A conflict: the clause whose literals are all false.
#[derive(Clone, Copy)]
enum Conflict {
    Binary(Lit, Lit),
    Long(u32),
}

/// The Boolean encoding of one board and the clause-learning search over it.
pub(super) struct Cdcl {
    /// Cells of the board (the `x` variables are `9 · c + d − 1`).
    cells: usize,
    /// Variables the search decides on (all of them; kept apart from the count of
    /// variables so that the heap is built once, after the encoding).
    decidable: usize,
    /// Per literal: the value, 1 true, −1 false, 0 unassigned.
    value: Vec<i8>,
    /// Per variable: decision level and reason (clause start, `BINARY | lit` or
    /// `NO_REASON`).
    level: Vec<u32>,
    reason: Vec<u32>,
    /// Assigned literals in order; `limits[l]` is where level `l + 1` starts.
    trail: Vec<Lit>,
    limits: Vec<usize>,
    head: usize,
    /// Clauses of three or more literals: `[len, flags | lbd << 2, lits…]`.
    arena: Vec<u32>,
    /// Start of every clause in the arena, problem clauses first.
    clauses: Vec<u32>,
    /// How many of `clauses` are the problem's (the rest are learnt).
    problem: usize,
    /// Per literal: the long clauses watching it (start, blocker), visited when the
    /// literal becomes false.
    watches: Vec<Vec<(u32, Lit)>>,
    /// Per literal: the literals implied when it becomes false (binary clauses).
    binaries: Vec<Vec<Lit>>,
    /// VSIDS: activity per variable, its increment, and a max-heap of the `x`s.
    activity: Vec<f64>,
    increment: f64,
    heap: Vec<u32>,
    heap_at: Vec<u32>,
    /// Saved phase per variable (true: the last value was true).
    phase: Vec<bool>,
    /// Conflict analysis scratch.
    seen: Vec<bool>,
    learnt: Vec<Lit>,
    scratch: Vec<Lit>,
    stack: Vec<Lit>,
    level_stamp: Vec<u64>,
    stamp: u64,
    /// The encoding (or a clause added since) is unsatisfiable at the root.
    unsat: bool,
    /// Conflicts met in all calls, and the restart schedule.
    pub(super) conflicts: u64,
    restarts: u64,
    learnt_limit: usize,
}

impl Cdcl {
    /// The encoding of a board with `shape`, each cell's candidate mask `cand` (bit
    /// `d − 1` for digit `d`) and each run's clue `clue`.
    pub(super) fn new(shape: &Shape, cand: &[u16], clue: &[u8]) -> Cdcl {
        let cells = cand.len();
        let mut s = Cdcl {
            cells,
            decidable: 0,
            value: Vec::new(),
            level: Vec::new(),
            reason: Vec::new(),
            trail: Vec::new(),
            limits: Vec::new(),
            head: 0,
            arena: Vec::new(),
            clauses: Vec::new(),
            problem: 0,
            watches: Vec::new(),
            binaries: Vec::new(),
            activity: Vec::new(),
            increment: 1.0,
            heap: Vec::new(),
            heap_at: Vec::new(),
            phase: Vec::new(),
            seen: Vec::new(),
            learnt: Vec::new(),
            scratch: Vec::new(),
            stack: Vec::new(),
            level_stamp: Vec::new(),
            stamp: 0,
            unsat: false,
            conflicts: 0,
            restarts: 0,
            learnt_limit: REDUCE_FIRST,
        };
        s.grow(9 * cells as u32);
        let x = |c: u32, d: u32| pos(9 * c + d);
        let mut clause = Vec::with_capacity(64);
        for (c, &mask) in cand.iter().enumerate() {
            let c = c as u32;
            clause.clear();
            for d in 0..9 {
                if mask & (1 << d) != 0 {
                    clause.push(x(c, d));
                    for e in 0..d {
                        if mask & (1 << e) != 0 {
                            s.add(&[neg(x(c, d)), neg(x(c, e))]);
                        }
                    }
                } else {
                    s.add(&[neg(x(c, d))]);
                }
            }
            s.add(&clause);
        }
        for (r, &total) in clue.iter().enumerate() {
            let cells_r = &shape.run_cells[shape.span(r as u32)];
            let len = cells_r.len() as u32;
            let reach = cells_r.iter().fold(0u16, |m, &c| m | cand[c as usize]);
            let sets: Vec<u16> = (0u16..512)
                .filter(|&m| {
                    m.count_ones() == len
                        && m & !reach == 0
                        && (0..9)
                            .filter(|d| m & (1 << d) != 0)
                            .map(|d| d + 1)
                            .sum::<u32>()
                            == u32::from(total)
                })
                .collect();
            for d in 0..9u32 {
                for (i, &a) in cells_r.iter().enumerate() {
                    for &b in &cells_r[..i] {
                        if cand[a as usize] & cand[b as usize] & (1 << d) != 0 {
                            s.add(&[neg(x(a, d)), neg(x(b, d))]);
                        }
                    }
                }
            }
            let all = sets.iter().fold(0x1FFu16, |m, &set| m & set);
            let any = sets.iter().fold(0u16, |m, &set| m | set);
            // u(r, d) per digit: a variable, or fixed true / false.
            let mut used = [None::<Lit>; 9];
            for d in 0..9u32 {
                let bit = 1u16 << d;
                if any & bit == 0 {
                    for &c in cells_r {
                        s.add(&[neg(x(c, d))]);
                    }
                    continue;
                }
                clause.clear();
                clause.extend(cells_r.iter().map(|&c| x(c, d)));
                if all & bit != 0 {
                    s.add(&clause);
                    continue;
                }
                let u = pos(s.grow(1));
                used[d as usize] = Some(u);
                clause.insert(0, neg(u));
                s.add(&clause);
                for &c in cells_r {
                    s.add(&[neg(x(c, d)), u]);
                }
            }
            if sets.is_empty() {
                s.add(&[]);
                continue;
            }
            if sets.len() == 1 {
                continue;
            }
            let first = s.grow(sets.len() as u32);
            let y = |i: usize| pos(first + i as u32);
            clause.clear();
            clause.extend((0..sets.len()).map(y));
            s.add(&clause);
            for i in 0..sets.len() {
                for j in 0..i {
                    s.add(&[neg(y(i)), neg(y(j))]);
                }
            }
            for (d, u) in used.iter().enumerate() {
                let Some(u) = *u else { continue };
                clause.clear();
                clause.push(neg(u));
                for (i, &set) in sets.iter().enumerate() {
                    if set & (1 << d) != 0 {
                        s.add(&[neg(y(i)), u]);
                        clause.push(y(i));
                    } else {
                        s.add(&[neg(y(i)), neg(u)]);
                    }
                }
                s.add(&clause);
            }
        }
        s.problem = s.clauses.len();
        // Every variable is decided, the runs' `u` and `y` first (their activity starts
        // above the `x`s'): a run's digit set narrows all its cells at once.
        s.decidable = s.level.len();
        for v in 9 * cells..s.level.len() {
            s.activity[v] = 1.0;
        }
        for v in 0..s.decidable as u32 {
            s.heap_insert(v);
        }
        if !s.unsat && s.propagate().is_some() {
            s.unsat = true;
        }
        s
    }

    /// Adds `n` variables; returns the first.
    fn grow(&mut self, n: u32) -> u32 {
        let first = self.level.len() as u32;
        let vars = first as usize + n as usize;
        self.value.resize(2 * vars, 0);
        self.level.resize(vars, 0);
        self.reason.resize(vars, NO_REASON);
        self.watches.resize_with(2 * vars, Vec::new);
        self.binaries.resize_with(2 * vars, Vec::new);
        self.activity.resize(vars, 0.0);
        self.heap_at.resize(vars, u32::MAX);
        self.phase.resize(vars, false);
        self.seen.resize(vars, false);
        self.level_stamp.resize(vars + 1, 0);
        first
    }

    /// Adds a problem clause at the root (before any search, or at a restart).
    fn add(&mut self, lits: &[Lit]) {
        if self.unsat {
            return;
        }
        // Root facts: drop false literals, skip satisfied clauses.
        let mut kept: Vec<Lit> = Vec::with_capacity(lits.len());
        for &l in lits {
            match self.value[l as usize] {
                1 => return,
                -1 => {}
                _ => {
                    if !kept.contains(&l) {
                        kept.push(l);
                    }
                }
            }
        }
        match kept.len() {
            0 => self.unsat = true,
            1 => {
                self.assign(kept[0], NO_REASON);
                if self.propagate().is_some() {
                    self.unsat = true;
                }
            }
            2 => self.add_binary(kept[0], kept[1]),
            _ => {
                self.attach(&kept, false, 0);
            }
        }
    }

    fn add_binary(&mut self, a: Lit, b: Lit) {
        self.binaries[a as usize].push(b);
        self.binaries[b as usize].push(a);
    }

    /// Stores a clause of three or more literals and watches its first two.
    fn attach(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> u32 {
        let start = self.arena.len() as u32;
        self.arena.push(lits.len() as u32);
        self.arena.push(if learnt { LEARNT } else { 0 } | lbd << 2);
        self.arena.extend_from_slice(lits);
        self.clauses.push(start);
        self.watches[lits[0] as usize].push((start, lits[1]));
        self.watches[lits[1] as usize].push((start, lits[0]));
        start
    }

    fn assign(&mut self, l: Lit, reason: u32) {
        let v = (l >> 1) as usize;
        self.value[l as usize] = 1;
        self.value[(l ^ 1) as usize] = -1;
        self.level[v] = self.limits.len() as u32;
        self.reason[v] = reason;
        self.trail.push(l);
    }

    /// Unit propagation to a fixpoint; the conflicting clause if there is one.
    fn propagate(&mut self) -> Option<Conflict> {
        while self.head < self.trail.len() {
            let p = self.trail[self.head];
            self.head += 1;
            let f = p ^ 1; // just became false
            for i in 0..self.binaries[f as usize].len() {
                let q = self.binaries[f as usize][i];
                match self.value[q as usize] {
                    1 => {}
                    -1 => return Some(Conflict::Binary(f, q)),
                    _ => self.assign(q, BINARY | f),
                }
            }
            let mut ws = std::mem::take(&mut self.watches[f as usize]);
            let (mut i, mut j) = (0, 0);
            let mut conflict = None;
            while i < ws.len() {
                let (c, blocker) = ws[i];
                i += 1;
                if self.value[blocker as usize] == 1 {
                    ws[j] = (c, blocker);
                    j += 1;
                    continue;
                }
                let at = c as usize + HEADER;
                let len = self.arena[c as usize] as usize;
                if self.arena[at] == f {
                    self.arena.swap(at, at + 1);
                }
                let first = self.arena[at];
                if first != blocker && self.value[first as usize] == 1 {
                    ws[j] = (c, first);
                    j += 1;
                    continue;
                }
                // A new literal to watch instead of `f`.
                let mut moved = false;
                for k in 2..len {
                    let l = self.arena[at + k];
                    if self.value[l as usize] != -1 {
                        self.arena.swap(at + 1, at + k);
                        self.watches[l as usize].push((c, first));
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                ws[j] = (c, first);
                j += 1;
                if self.value[first as usize] == -1 {
                    conflict = Some(Conflict::Long(c));
                    while i < ws.len() {
                        ws[j] = ws[i];
                        i += 1;
                        j += 1;
                    }
                } else {
                    self.assign(first, c);
                }
            }
            ws.truncate(j);
            self.watches[f as usize] = ws;
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    /// Searches for a fill for up to `budget` more conflicts (at least one); an
    /// undecided call ends at a restart, and the next call goes on from there with
    /// everything learnt.
    // PERF (release, this search alone, one run each, 2026-11-28): conflicts and wall
    // time to prove no fill on `benches/data/kakuro-dense`: `slow-search-6x7` 21,466
    // (0.29 s), `-7x7` 1,050 (15 ms), `-8x8-dense-b` 59,922 (0.91 s), `-c` 7,621
    // (0.10 s), `-e` 950 (12 ms); about 15 µs a conflict. CaDiCaL 1.5.3 (python-sat) on
    // the same encoding: 53,854, 900, 27,458, 4,324, 793
    // conflicts. Luby units 30, 300 and 1,000 moved these within the runs' noise.
    pub(super) fn solve(&mut self, budget: u64) -> Answer {
        if self.unsat {
            return Answer::None;
        }
        let stop = self.conflicts.saturating_add(budget.max(1));
        loop {
            let room = RESTART_UNIT * super::pair::luby(self.restarts + 1);
            let restart_at = self.conflicts + room;
            let answer = self.descend(restart_at.min(stop));
            match answer {
                Some(answer) => return answer,
                None => {
                    self.backtrack(0);
                    self.restarts += 1;
                    self.reduce();
                    if self.conflicts >= stop {
                        return Answer::Undecided;
                    }
                }
            }
        }
    }

    /// The search from the current node until a fill, a proof of none, or `until`
    /// conflicts (`None`).
    fn descend(&mut self, until: u64) -> Option<Answer> {
        loop {
            if let Some(conflict) = self.propagate() {
                self.conflicts += 1;
                if self.limits.is_empty() {
                    self.unsat = true;
                    return Some(Answer::None);
                }
                let (back, lbd) = self.analyse(conflict);
                self.backtrack(back);
                self.learn(lbd);
                self.increment *= 1.0 / 0.95;
                if self.conflicts >= until {
                    return None;
                }
                continue;
            }
            let Some(v) = self.next_decision() else {
                return Some(Answer::Fill);
            };
            self.limits.push(self.trail.len());
            let l = 2 * v + u32::from(!self.phase[v as usize]);
            self.assign(l, NO_REASON);
        }
    }

    /// The unassigned variable of highest activity, or none when all hold a value.
    fn next_decision(&mut self) -> Option<u32> {
        while let Some(&v) = self.heap.first() {
            if self.value[pos(v) as usize] == 0 {
                return Some(v);
            }
            self.heap_pop();
        }
        None
    }

    /// First-UIP analysis of `conflict` into `self.learnt` (the asserting literal
    /// first, a literal of the backjump level second); returns that level and the
    /// clause's literal block distance.
    fn analyse(&mut self, conflict: Conflict) -> (usize, u32) {
        let current = self.limits.len() as u32;
        self.learnt.clear();
        self.learnt.push(0);
        let mut open = 0usize;
        let mut index = self.trail.len();
        let mut p: Lit;
        let mut reason = match conflict {
            Conflict::Binary(a, b) => ReasonLits::Pair(a, b),
            Conflict::Long(c) => ReasonLits::Clause(c, 0),
        };
        loop {
            let lits: [Lit; 2];
            let slice: &[Lit] = match reason {
                ReasonLits::Pair(a, b) => {
                    lits = [a, b];
                    &lits
                }
                ReasonLits::One(a) => {
                    lits = [a, a];
                    &lits[..1]
                }
                ReasonLits::Clause(c, skip) => {
                    let at = c as usize + HEADER;
                    &self.arena[at + skip..at + self.arena[c as usize] as usize]
                }
            };
            for &q in slice {
                let v = (q >> 1) as usize;
                if self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                self.seen[v] = true;
                bump(&mut self.activity, &mut self.increment, v);
                if self.heap_at[v] != u32::MAX {
                    let at = self.heap_at[v] as usize;
                    heap_up(&mut self.heap, &mut self.heap_at, &self.activity, at);
                }
                if self.level[v] >= current {
                    open += 1;
                } else {
                    self.learnt.push(q);
                }
            }
            // The next literal of the current level on the trail.
            loop {
                index -= 1;
                if self.seen[(self.trail[index] >> 1) as usize] {
                    break;
                }
            }
            let l = self.trail[index];
            let v = (l >> 1) as usize;
            self.seen[v] = false;
            open -= 1;
            p = l;
            if open == 0 {
                break;
            }
            let r = self.reason[v];
            reason = if r & BINARY != 0 && r != NO_REASON {
                ReasonLits::One(r & !BINARY)
            } else {
                ReasonLits::Clause(r, 1)
            };
        }
        self.learnt[0] = p ^ 1;
        // Minimise: drop a literal whose reason's other literals are all in the clause
        // (or root facts).
        self.scratch.clear();
        self.scratch.extend_from_slice(&self.learnt[1..]);
        let levels = self.learnt[1..].iter().fold(0u32, |a, &q| {
            a | abstract_level(self.level[(q >> 1) as usize])
        });
        let mut keep = 1;
        for i in 1..self.learnt.len() {
            let q = self.learnt[i];
            if self.reason[(q >> 1) as usize] == NO_REASON || !self.redundant(q, levels) {
                self.learnt[keep] = q;
                keep += 1;
            }
        }
        self.learnt.truncate(keep);
        // The literal of the highest level after the first goes second.
        let mut back = 0usize;
        if self.learnt.len() > 1 {
            let mut best = 1;
            for i in 2..self.learnt.len() {
                if self.level[(self.learnt[i] >> 1) as usize]
                    > self.level[(self.learnt[best] >> 1) as usize]
                {
                    best = i;
                }
            }
            self.learnt.swap(1, best);
            back = self.level[(self.learnt[1] >> 1) as usize] as usize;
        }
        self.stamp += 1;
        let mut lbd = 0;
        for &q in &self.learnt {
            let lv = self.level[(q >> 1) as usize] as usize;
            if self.level_stamp[lv] != self.stamp {
                self.level_stamp[lv] = self.stamp;
                lbd += 1;
            }
        }
        for &q in &self.scratch {
            self.seen[(q >> 1) as usize] = false;
        }
        (back, lbd)
    }

    /// Whether learnt literal `q` follows from the clause's other literals (their
    /// variables marked seen) and root facts through the reasons, recursively
    /// (MiniSat's `litRedundant`): variables found redundant on the way stay marked
    /// (and are listed in `scratch` for clearing); a failure unmarks those it marked.
    /// `levels` is the clause's levels as a 32-bit abstraction: a reason reaching
    /// outside them cannot be redundant.
    fn redundant(&mut self, q: Lit, levels: u32) -> bool {
        self.stack.clear();
        self.stack.push(q);
        let top = self.scratch.len();
        while let Some(p) = self.stack.pop() {
            let r = self.reason[(p >> 1) as usize];
            let (from, to, one) = if r & BINARY != 0 {
                (0, 0, Some(r & !BINARY))
            } else {
                let at = r as usize + HEADER;
                (at + 1, at + self.arena[r as usize] as usize, None)
            };
            for k in from..to.max(from + usize::from(one.is_some())) {
                let l = one.unwrap_or_else(|| self.arena[k]);
                let w = (l >> 1) as usize;
                if self.seen[w] || self.level[w] == 0 {
                    continue;
                }
                if self.reason[w] != NO_REASON && abstract_level(self.level[w]) & levels != 0 {
                    self.seen[w] = true;
                    self.stack.push(l);
                    self.scratch.push(l);
                } else {
                    for &l in &self.scratch[top..] {
                        self.seen[(l >> 1) as usize] = false;
                    }
                    self.scratch.truncate(top);
                    return false;
                }
            }
        }
        true
    }

    /// Adds `self.learnt` (after backtracking to its second literal's level) and
    /// asserts its first literal.
    fn learn(&mut self, lbd: u32) {
        let learnt = std::mem::take(&mut self.learnt);
        match learnt.len() {
            1 => self.assign(learnt[0], NO_REASON),
            2 => {
                self.add_binary(learnt[0], learnt[1]);
                self.assign(learnt[0], BINARY | learnt[1]);
            }
            _ => {
                let c = self.attach(&learnt, true, lbd);
                self.assign(learnt[0], c);
            }
        }
        self.learnt = learnt;
    }

    /// Undoes every level above `level`, saving the phases.
    fn backtrack(&mut self, level: usize) {
        if self.limits.len() <= level {
            return;
        }
        let to = self.limits[level];
        for i in (to..self.trail.len()).rev() {
            let l = self.trail[i];
            let v = (l >> 1) as usize;
            self.value[l as usize] = 0;
            self.value[(l ^ 1) as usize] = 0;
            self.phase[v] = l & 1 == 0;
            if self.heap_at[v] == u32::MAX && v < self.decidable {
                self.heap_insert(v as u32);
            }
        }
        self.trail.truncate(to);
        self.limits.truncate(level);
        self.head = to;
    }

    /// At the root: drops the worst half of the learnt clauses (by literal block
    /// distance, the older first among equals; those of distance 2 or less stay) once
    /// there are more than the limit, then compacts the arena and rebuilds the
    /// watches.
    fn reduce(&mut self) {
        let learnt = self.clauses.len() - self.problem;
        if learnt <= self.learnt_limit {
            return;
        }
        self.learnt_limit += REDUCE_STEP;
        let mut order: Vec<(u32, std::cmp::Reverse<usize>)> = (self.problem..self.clauses.len())
            .map(|i| {
                (
                    self.arena[self.clauses[i] as usize + 1] >> 2,
                    std::cmp::Reverse(i),
                )
            })
            .collect();
        order.sort_unstable();
        for &(lbd, std::cmp::Reverse(i)) in &order[learnt / 2..] {
            if lbd > 2 {
                self.arena[self.clauses[i] as usize + 1] |= DROPPED;
            }
        }
        // Root facts need no reasons; nothing else is assigned.
        for &l in &self.trail {
            self.reason[(l >> 1) as usize] = NO_REASON;
        }
        let old = std::mem::take(&mut self.arena);
        let starts = std::mem::take(&mut self.clauses);
        self.arena.reserve(old.len());
        for w in &mut self.watches {
            w.clear();
        }
        let mut problem = 0;
        for (i, &c) in starts.iter().enumerate() {
            let c = c as usize;
            if old[c + 1] & DROPPED != 0 {
                continue;
            }
            let len = old[c] as usize;
            let start = self.arena.len() as u32;
            self.arena.extend_from_slice(&old[c..c + HEADER + len]);
            self.clauses.push(start);
            if i < self.problem {
                problem += 1;
            }
            let (a, b) = (old[c + HEADER], old[c + HEADER + 1]);
            self.watches[a as usize].push((start, b));
            self.watches[b as usize].push((start, a));
        }
        self.problem = problem;
    }

    /// Adds a clause at the root (after a fill: backtracks there first). False when
    /// the clauses are then unsatisfiable.
    pub(super) fn add_clause(&mut self, lits: &[Lit]) -> bool {
        self.backtrack(0);
        self.add(lits);
        !self.unsat
    }

    /// The clause ruling out the fill just found (some cell holds another digit).
    pub(super) fn block_fill(&mut self) -> bool {
        let digits = self.fill();
        let clause: Vec<Lit> = digits
            .iter()
            .enumerate()
            .map(|(c, &d)| neg(pos(9 * c as u32 + d as u32 - 1)))
            .collect();
        self.add_clause(&clause)
    }

    /// The fill found by the last [`Cdcl::solve`] that answered [`Answer::Fill`]: the
    /// digit of each cell.
    pub(super) fn fill(&self) -> Vec<u8> {
        (0..self.cells)
            .map(|c| {
                (0..9u32)
                    .find(|&d| self.value[pos(9 * c as u32 + d) as usize] == 1)
                    .map_or(0, |d| d as u8 + 1)
            })
            .collect()
    }

    fn heap_insert(&mut self, v: u32) {
        self.heap_at[v as usize] = self.heap.len() as u32;
        self.heap.push(v);
        let at = self.heap.len() - 1;
        heap_up(&mut self.heap, &mut self.heap_at, &self.activity, at);
    }

    fn heap_pop(&mut self) {
        let top = self.heap[0];
        let last = self.heap.len() - 1;
        self.heap.swap(0, last);
        self.heap_at[self.heap[0] as usize] = 0;
        self.heap.pop();
        self.heap_at[top as usize] = u32::MAX;
        let n = self.heap.len();
        let mut at = 0;
        loop {
            let (l, r) = (2 * at + 1, 2 * at + 2);
            let mut best = at;
            if l < n
                && self.activity[self.heap[l] as usize] > self.activity[self.heap[best] as usize]
            {
                best = l;
            }
            if r < n
                && self.activity[self.heap[r] as usize] > self.activity[self.heap[best] as usize]
            {
                best = r;
            }
            if best == at {
                break;
            }
            self.heap.swap(at, best);
            self.heap_at[self.heap[at] as usize] = at as u32;
            self.heap_at[self.heap[best] as usize] = best as u32;
            at = best;
        }
    }
}

/// The literals of a reason or conflict still to visit.
#[derive(Clone, Copy)]
enum ReasonLits {
    Pair(Lit, Lit),
    One(Lit),
    /// A long clause from literal `skip` on (1 for a reason: literal 0 is the implied
    /// one).
    Clause(u32, usize),
}

/// A decision level as one bit of 32, for [`Cdcl::redundant`]'s quick test.
fn abstract_level(level: u32) -> u32 {
    1 << (level & 31)
}

fn pos(v: u32) -> Lit {
    2 * v
}

fn neg(l: Lit) -> Lit {
    l ^ 1
}

/// Raises variable `v`'s activity, rescaling every activity when it grows too large.
fn bump(activity: &mut [f64], increment: &mut f64, v: usize) {
    activity[v] += *increment;
    if activity[v] > 1e100 {
        for a in activity.iter_mut() {
            *a *= 1e-100;
        }
        *increment *= 1e-100;
    }
}

/// Moves heap entry `at` up to its place.
fn heap_up(heap: &mut [u32], heap_at: &mut [u32], activity: &[f64], mut at: usize) {
    let v = heap[at];
    while at > 0 {
        let parent = (at - 1) / 2;
        if activity[heap[parent] as usize] >= activity[v as usize] {
            break;
        }
        heap[at] = heap[parent];
        heap_at[heap[at] as usize] = at as u32;
        at = parent;
    }
    heap[at] = v;
    heap_at[v as usize] = at as u32;
}

#[cfg(test)]
mod tests {
    use super::super::search::{Outcome, Search};
    use super::{Answer, Cdcl};
    use crate::gen::kakuro::{generate, shift_clues, Params};
    use crate::gen::Rng;
    use crate::model::{KakuroBoard, KakuroFill};

    /// Every fill of the encoding, up to `limit`, each ruled out once found (a fill
    /// per cell of the search's numbering): from the root's deductions, or with
    /// `raw` from the bare board (every digit a candidate, the clues as given).
    fn fills(search: &mut Search, board: &KakuroBoard, raw: bool, limit: usize) -> Vec<Vec<u8>> {
        let (shape, mut cand, mut clue) = search.root_domains();
        if raw {
            cand.iter_mut().for_each(|m| *m = 0x1FF);
            clue = board.runs().iter().map(|r| r.clue as u8).collect();
        }
        let mut clauses = Cdcl::new(&shape, &cand, &clue);
        let mut found = Vec::new();
        while found.len() < limit {
            match clauses.solve(u64::MAX) {
                Answer::Fill => {
                    found.push(clauses.fill());
                    if !clauses.block_fill() {
                        break;
                    }
                }
                Answer::None => break,
                Answer::Undecided => unreachable!("unbounded"),
            }
        }
        found
    }

    /// The clause-learning search against the exhaustive enumeration of the
    /// depth-first search, on small generated boards with none, one and many fills
    /// (some with clues shifted so that fills may vanish): the same number of fills up
    /// to 30, every one of them a valid classic fill (checked by the independent
    /// validator) and no two the same.
    #[test]
    fn clause_learning_counts_what_the_enumeration_counts() {
        let mut seen = [0usize; 3];
        for seed in 0..200u64 {
            let side = 4 + (seed % 5) as usize;
            let p = Params {
                rows: side,
                cols: side,
                white_percent: 60 + (seed % 38) as usize,
                max_run: 9,
                distinct: true,
            };
            let mut rng = Rng::new(seed);
            let made = generate(&p, &mut rng);
            let board = if seed % 2 == 0 {
                match shift_clues(&made.board, 1 + (seed % 3) as i32, &mut rng) {
                    Some(b) => b,
                    None => continue,
                }
            } else {
                made.board
            };
            let Ok(mut search) = Search::new(&board) else {
                continue;
            };
            let exact = match search.run(30, u64::MAX) {
                Outcome::Done(found) => found,
                Outcome::OutOfBudget => unreachable!("unbounded"),
            };
            seen[exact.min(2)] += 1;
            let mut all = vec![fills(&mut search, &board, true, 30)];
            // Encoded from the root's deductions too, unless they refute the board.
            if search.start() {
                all.push(fills(&mut search, &board, false, 30));
            } else {
                assert_eq!(exact, 0, "seed {seed}");
            }
            for found in &all {
                assert_eq!(found.len(), exact, "seed {seed}");
                for (i, digits) in found.iter().enumerate() {
                    assert!(!found[..i].contains(digits), "seed {seed}: a fill twice");
                    let mut fill = KakuroFill::empty_for(&board);
                    for (c, &pos) in search.cell_pos.iter().enumerate() {
                        fill.digits[pos as usize] = digits[c];
                    }
                    crate::verify::kakuro::check_fill(&board, &fill, true)
                        .unwrap_or_else(|e| panic!("seed {seed}: {e:?}"));
                }
            }
        }
        assert!(
            seen.iter().all(|&n| n > 0),
            "boards with 0, 1, 2+ fills: {seen:?}"
        );
    }

    /// A budget stops the search undecided, and the next call goes on to the answer.
    #[test]
    fn a_search_out_of_conflicts_goes_on_where_it_stopped() {
        let text = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../benches/data/kakuro-dense/slow-search-7x7.kakuro.in"
        ))
        .expect("the board is in the repository");
        let board = match crate::format::parse_input(crate::Problem::Kakuro, &text)
            .expect("parses")
            .pop()
        {
            Some(crate::Puzzle::Kakuro(board)) => board,
            other => panic!("{other:?}"),
        };
        let mut search = Search::new(&board).expect("clues are possible");
        assert!(search.start());
        let (shape, cand, clue) = search.root_domains();
        let mut clauses = Cdcl::new(&shape, &cand, &clue);
        assert_eq!(clauses.solve(10), Answer::Undecided);
        assert_eq!(clauses.conflicts, 10);
        let mut calls = 1;
        while clauses.solve(100) == Answer::Undecided {
            calls += 1;
            assert!(
                calls < 10_000,
                "no answer after {} conflicts",
                clauses.conflicts
            );
        }
        assert_eq!(clauses.solve(1), Answer::None, "the answer stays");
        assert!(calls > 2, "decided within {} conflicts", clauses.conflicts);
    }
}
