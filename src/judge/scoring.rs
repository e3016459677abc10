//! Scores of scoring problems: a tree of test groups, each with the rules of its
//! format version, and the aggregation of one submission's case results up that tree.
//!
//! A [`Scoring`] is built by its reader (a problem package) and knows nothing of files;
//! [`Scoring::score`] takes each case's verdict and the score its output validator
//! reported (`score.txt`, `score_multiplier.txt`) and gives the score and verdict of
//! every group and of the submission ([`Scored`]).
//!
//! Two sets of rules:
//!
//! - **legacy** (problemtools): the root is `data/`, its children `sample` and `secret`
//!   and every folder below is a group, its cases and subfolders in name order. Each
//!   group has a [`LegacyConfig`] (`testdata.yaml`, inherited key by key from the parent):
//!   a case scores `accept_score` (or its `score.txt`) when accepted, `reject_score`
//!   otherwise; with `on_reject: break` a group stops at its first rejected child; the
//!   default grader aggregates the children's verdicts (`worst_error`, `first_error`,
//!   `always_accept`, `accept_if_any_accepted`) and scores (`sum`, `avg`, `min`, `max`;
//!   `ignore_sample` keeps the last child), printing the score with six decimals. A judge
//!   error of a child is the group's. The best score is the root's `range` maximum (its
//!   minimum for `objective: min`), when finite.
//! - **2023-07 / 2025-09**: the root is `secret`; its test groups are its subfolders, each
//!   with a [`ModernConfig`] (`max_score`, `score_aggregation: pass-fail | sum | min`,
//!   `require_pass`). A rejected case scores 0; an accepted case of a bounded group scores
//!   its maximum (the group's for `min`, the group's / N for `sum`), or its `score.txt`,
//!   or its `score_multiplier.txt` × its maximum; an unbounded one needs `score.txt`. The
//!   specification's judge errors (a score file of a rejected case or of a pass-fail
//!   group, both files, a multiplier outside [0, 1] or of an unbounded case, a score
//!   above its maximum, a group above its `max_score`) make the submission's verdict JE.
//!   Sample cases score nothing; `require_pass` zeroes a group unless every case of the
//!   named groups is accepted. The best score is `secret`'s `max_score`.

use crate::judge::expectation::scores_close as close;
use crate::Verdict;

/// How a legacy grader decides a group's verdict from its children's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VerdictRule {
    /// The worst verdict (JE, RTE, TLE, WA, AC in that order): `worst_error`, the default.
    Worst,
    /// The first rejected child's: `first_error`.
    First,
    /// Always AC: `always_accept`.
    AlwaysAccept,
}

/// How a legacy grader aggregates its children's scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScoreRule {
    /// `sum`, the default.
    Sum,
    /// `avg`.
    Avg,
    /// `min`.
    Min,
    /// `max`.
    Max,
}

/// The default grader's flags (`grader_flags`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GraderFlags {
    /// The verdict rule.
    pub verdict: VerdictRule,
    /// The score rule.
    pub score: ScoreRule,
    /// Only the last child counts (`ignore_sample`, for the root `data/`).
    pub ignore_sample: bool,
    /// AC when any child is AC (`accept_if_any_accepted`).
    pub accept_if_any_accepted: bool,
}

impl GraderFlags {
    /// Parses `grader_flags` as the default grader does (the last of each kind wins,
    /// a word it does not know is passed over); the words passed over are returned too.
    pub fn parse(words: &[String]) -> (GraderFlags, Vec<String>) {
        let mut unknown = Vec::new();
        let mut f = GraderFlags {
            verdict: VerdictRule::Worst,
            score: ScoreRule::Sum,
            ignore_sample: false,
            accept_if_any_accepted: false,
        };
        for w in words {
            match w.as_str() {
                "worst_error" | "no_errors" => f.verdict = VerdictRule::Worst,
                "first_error" => f.verdict = VerdictRule::First,
                "always_accept" => f.verdict = VerdictRule::AlwaysAccept,
                "sum" => f.score = ScoreRule::Sum,
                "avg" => f.score = ScoreRule::Avg,
                "min" => f.score = ScoreRule::Min,
                "max" => f.score = ScoreRule::Max,
                "ignore_sample" => f.ignore_sample = true,
                "accept_if_any_accepted" => f.accept_if_any_accepted = true,
                other => unknown.push(other.to_string()),
            }
        }
        (f, unknown)
    }
}

/// A legacy group's configuration (`testdata.yaml`).
#[derive(Debug, Clone, PartialEq)]
pub struct LegacyConfig {
    /// `on_reject: continue` (else `break`, the default).
    pub on_reject_continue: bool,
    /// `grading: custom`: the package's grader ([`Grader`]) grades the group, else the
    /// default grader.
    pub custom: bool,
    /// `grader_flags`, as the default grader reads them.
    pub flags: GraderFlags,
    /// `grader_flags`, word by word, as a custom grader gets them.
    pub flag_words: Vec<String>,
    /// `accept_score` (default 1).
    pub accept_score: f64,
    /// `reject_score` (default 0).
    pub reject_score: f64,
    /// `range` (default `-inf +inf`).
    pub range: (f64, f64),
}

impl Default for LegacyConfig {
    fn default() -> Self {
        LegacyConfig {
            on_reject_continue: false,
            custom: false,
            flags: GraderFlags::parse(&[]).0,
            flag_words: Vec::new(),
            accept_score: 1.0,
            reject_score: 0.0,
            range: (f64::NEG_INFINITY, f64::INFINITY),
        }
    }
}

/// How a 2023-07 / 2025-09 group's score is aggregated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aggregation {
    /// All accepted: the maximum score, else 0.
    PassFail,
    /// The sum of the children's scores.
    Sum,
    /// Their minimum.
    Min,
}

impl Aggregation {
    /// `pass-fail`, `sum` or `min`.
    pub fn parse(text: &str) -> Option<Aggregation> {
        match text.trim() {
            "pass-fail" => Some(Aggregation::PassFail),
            "sum" => Some(Aggregation::Sum),
            "min" => Some(Aggregation::Min),
            _ => None,
        }
    }
}

/// A 2023-07 / 2025-09 group's configuration (`test_group.yaml`).
#[derive(Debug, Clone, PartialEq)]
pub struct ModernConfig {
    /// `max_score`; `None` is `unbounded`.
    pub max_score: Option<f64>,
    /// `score_aggregation`.
    pub aggregation: Aggregation,
    /// `require_pass`: group names (`sample`, `secret/group1`).
    pub require_pass: Vec<String>,
}

/// A group's configuration.
#[derive(Debug, Clone, PartialEq)]
pub enum Config {
    /// Legacy rules.
    Legacy(LegacyConfig),
    /// 2023-07 / 2025-09 rules.
    Modern(ModernConfig),
}

/// A group: its name below the package (`data`, `secret`, `secret/group1`), its
/// configuration and children in judging order.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// `data` (the legacy root), `sample`, `secret`, `secret/group1`.
    pub name: String,
    /// Its rules.
    pub config: Config,
    /// Cases (by id: `secret/group1/01`) and subgroups.
    pub children: Vec<Child>,
}

/// A child of a group.
#[derive(Debug, Clone, PartialEq)]
pub enum Child {
    /// A case, by id.
    Case(String),
    /// A subgroup.
    Group(Node),
}

impl Node {
    /// Every case id below this group, in order.
    pub fn cases(&self) -> Vec<&str> {
        let mut out = Vec::new();
        for c in &self.children {
            match c {
                Child::Case(id) => out.push(id.as_str()),
                Child::Group(g) => out.extend(g.cases()),
            }
        }
        out
    }
}

/// A legacy custom grader (`grading: custom`): the problemtools protocol, one group at
/// a time.
pub trait Grader: Send + Sync + std::fmt::Debug {
    /// The verdict and score of a group whose children (cases and subgroups, in order)
    /// got `children` (verdict, score), with the group's `grader_flags` words; `Err` is
    /// the reason of a judge error (the grader failed, or printed something else than
    /// one `VERDICT SCORE` line).
    fn grade(
        &self,
        children: &[(Verdict, f64)],
        flags: &[String],
    ) -> Result<(Verdict, f64), String>;
}

/// A shared [`Grader`]; two are equal when they are the same grader.
#[derive(Debug, Clone)]
pub struct SharedGrader(pub std::sync::Arc<dyn Grader>);

impl PartialEq for SharedGrader {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::addr_eq(
            std::sync::Arc::as_ptr(&self.0),
            std::sync::Arc::as_ptr(&other.0),
        )
    }
}

/// A verdict as the grader protocol writes it: `AC`, `WA`, `TLE`, `RTE`, `JE` (the
/// format's verdicts).
pub(crate) fn grader_verdict_name(v: Verdict) -> &'static str {
    match crate::judge::expectation::spec_verdict(v) {
        Verdict::Accepted => "AC",
        Verdict::WrongAnswer => "WA",
        Verdict::TimeLimitExceeded => "TLE",
        Verdict::RuntimeError => "RTE",
        _ => "JE",
    }
}

/// A grader's output (`AC 40`): exactly one verdict (`AC`, `WA`, `TLE`, `RTE`, `MLE`,
/// `OLE`, `JE`) and one number (digits and dots, an optional leading `-`), white space
/// after it; `None` for anything else, as problemtools refuses it.
pub(crate) fn parse_grader_output(text: &str) -> Option<(Verdict, f64)> {
    let mut words = text.split_whitespace();
    let (verdict, score) = (words.next()?, words.next()?);
    if words.next().is_some() || text.starts_with(char::is_whitespace) {
        return None;
    }
    let verdict = match verdict {
        "AC" => Verdict::Accepted,
        "WA" => Verdict::WrongAnswer,
        "TLE" => Verdict::TimeLimitExceeded,
        "RTE" => Verdict::RuntimeError,
        "MLE" => Verdict::MemoryLimitExceeded,
        "OLE" => Verdict::OutputLimitExceeded,
        "JE" => Verdict::JudgeError,
        _ => return None,
    };
    let digits = score.strip_prefix('-').unwrap_or(score);
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let score: f64 = score.parse().ok()?;
    Some((verdict, score))
}

/// A scoring problem's groups.
#[derive(Debug, Clone, PartialEq)]
pub struct Scoring {
    /// The root: `data` (legacy) or `secret`.
    pub root: Node,
    /// The sample cases (2023-07 / 2025-09: they score nothing, `require_pass: sample`).
    pub sample: Vec<String>,
    /// Legacy `grading: objective: min`: the lower score is the better.
    pub objective_min: bool,
    /// The package's custom grader, for the groups with `grading: custom` (set once it
    /// is built; without it such a group is a judge error).
    pub grader: Option<SharedGrader>,
}

/// What one case got: its verdict and what its output validator wrote.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CaseOutcome {
    /// The verdict (gridjudge's; read in the format's vocabulary here).
    pub verdict: Verdict,
    /// `score.txt`.
    pub score: Option<f64>,
    /// `score_multiplier.txt`.
    pub multiplier: Option<f64>,
}

/// One group's result.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GroupScore {
    /// `secret/group1`.
    pub group: String,
    /// Its maximum score, when bounded (a legacy group: its `range` maximum).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_score: Option<f64>,
    /// Its score.
    pub score: f64,
    /// Its verdict (the format's: AC, WA, TLE, RTE, JE).
    pub verdict: Verdict,
}

/// A submission's scores.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Scored {
    /// The submission's verdict (the root's, in the format's vocabulary).
    pub verdict: Verdict,
    /// Its score.
    pub score: f64,
    /// The best score possible, when finite.
    pub best: Option<f64>,
    /// Every group's result, parents before their subgroups (the root not included).
    pub groups: Vec<GroupScore>,
    /// The judge error, when the rules were broken.
    pub error: Option<String>,
}

/// A score as the reports print it: at most six decimals, no trailing zeros.
pub(crate) fn score_text(x: f64) -> String {
    let s = format!("{x:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `75 (secret/g1 30/30, secret/g2 45/70)`: a score and its groups' (with their maximum
/// when bounded).
pub fn describe(score: f64, groups: &[GroupScore]) -> String {
    let parts: Vec<String> = groups
        .iter()
        .map(|g| match g.max_score {
            Some(m) => format!("{} {}/{}", g.group, score_text(g.score), score_text(m)),
            None => format!("{} {}", g.group, score_text(g.score)),
        })
        .collect();
    if parts.is_empty() {
        score_text(score)
    } else {
        format!("{} ({})", score_text(score), parts.join(", "))
    }
}

impl Scored {
    /// [`describe`] of this submission's scores.
    pub fn describe(&self) -> String {
        describe(self.score, &self.groups)
    }

    /// Whether `score` is the best score possible (always false with no finite best).
    pub(crate) fn is_best(&self) -> bool {
        self.best.is_some_and(|b| close(self.score, b))
    }
}

/// A verdict of the format, worst first (the default grader's order).
fn severity(v: Verdict) -> u8 {
    match crate::judge::expectation::spec_verdict(v) {
        Verdict::JudgeError => 0,
        Verdict::RuntimeError => 1,
        Verdict::TimeLimitExceeded => 2,
        Verdict::WrongAnswer => 3,
        Verdict::Accepted => 4,
        _ => 0,
    }
}

/// Six decimals, as the default grader prints.
fn printed(x: f64) -> f64 {
    if x.is_finite() {
        (x * 1e6).round() / 1e6
    } else {
        x
    }
}

/// The default grader on `children` (verdict, score) with `flags`; `None` is a grader
/// failure (JE).
pub(crate) fn default_grader(
    children: &[(Verdict, f64)],
    flags: &GraderFlags,
) -> Option<(Verdict, f64)> {
    if children.is_empty() {
        return Some((Verdict::Accepted, 0.0));
    }
    let kept: &[(Verdict, f64)] = if flags.ignore_sample {
        if children.len() > 2 {
            return None;
        }
        &children[children.len() - 1..]
    } else {
        children
    };
    let spec = |v: Verdict| crate::judge::expectation::spec_verdict(v);
    let verdict = if flags.accept_if_any_accepted && kept.iter().any(|c| c.0 == Verdict::Accepted) {
        Verdict::Accepted
    } else {
        match flags.verdict {
            VerdictRule::AlwaysAccept => Verdict::Accepted,
            VerdictRule::First => kept
                .iter()
                .map(|c| spec(c.0))
                .find(|v| *v != Verdict::Accepted)
                .unwrap_or(Verdict::Accepted),
            VerdictRule::Worst => kept
                .iter()
                .map(|c| spec(c.0))
                .min_by_key(|v| severity(*v))
                .unwrap_or(Verdict::Accepted),
        }
    };
    let scores = kept.iter().map(|c| c.1);
    let score = match flags.score {
        ScoreRule::Sum => scores.sum(),
        ScoreRule::Avg => scores.sum::<f64>() / kept.len() as f64,
        ScoreRule::Min => scores.fold(f64::INFINITY, f64::min),
        ScoreRule::Max => scores.fold(f64::NEG_INFINITY, f64::max),
    };
    Some((verdict, printed(score)))
}

impl Scoring {
    /// The best score possible, when finite.
    pub fn best(&self) -> Option<f64> {
        let best = match &self.root.config {
            Config::Legacy(c) => {
                if self.objective_min {
                    c.range.0
                } else {
                    c.range.1
                }
            }
            Config::Modern(c) => c.max_score?,
        };
        best.is_finite().then_some(best)
    }

    /// The scores of a submission whose cases got `outcome` (`None` for a case not
    /// judged: it counts as a judge error).
    pub fn score(&self, outcome: &dyn Fn(&str) -> Option<CaseOutcome>) -> Scored {
        let mut groups = Vec::new();
        let mut error = None;
        let (verdict, score) = match &self.root.config {
            Config::Legacy(_) => legacy(
                &self.root,
                outcome,
                self.grader.as_ref().map(|g| g.0.as_ref()),
                &mut groups,
                &mut error,
            ),
            Config::Modern(_) => {
                let (score, _) = self.modern(&self.root, outcome, &mut groups, &mut error);
                let verdict = self
                    .sample
                    .iter()
                    .map(String::as_str)
                    .chain(self.root.cases())
                    .map(|c| outcome(c).map_or(Verdict::JudgeError, |o| o.verdict))
                    .map(crate::judge::expectation::spec_verdict)
                    .find(|v| *v != Verdict::Accepted)
                    .unwrap_or(Verdict::Accepted);
                (verdict, score)
            }
        };
        // The root's own line is the total.
        groups.retain(|g| g.group != self.root.name);
        let verdict = if error.is_some() {
            Verdict::JudgeError
        } else {
            verdict
        };
        Scored {
            verdict,
            score,
            best: self.best(),
            groups,
            error,
        }
    }

    /// Whether every case of the group `name` (`sample` or a group's) is accepted.
    fn passed(&self, name: &str, outcome: &dyn Fn(&str) -> Option<CaseOutcome>) -> bool {
        let cases: Vec<&str> = if name == "sample" {
            self.sample.iter().map(String::as_str).collect()
        } else {
            find(&self.root, name).map(Node::cases).unwrap_or_default()
        };
        cases
            .iter()
            .all(|c| outcome(c).is_some_and(|o| o.verdict == Verdict::Accepted))
    }

    /// A 2023-07 / 2025-09 group's score and whether all its cases are accepted.
    fn modern(
        &self,
        node: &Node,
        outcome: &dyn Fn(&str) -> Option<CaseOutcome>,
        groups: &mut Vec<GroupScore>,
        error: &mut Option<String>,
    ) -> (f64, bool) {
        let Config::Modern(cfg) = &node.config else {
            return (0.0, false);
        };
        let mut mine: Vec<String> = Vec::new();
        let at = groups.len();
        let subgroups: Vec<&Node> = node
            .children
            .iter()
            .filter_map(|c| match c {
                Child::Group(g) => Some(g),
                Child::Case(_) => None,
            })
            .collect();
        let cases = node.cases();
        let all_ac = cases
            .iter()
            .all(|c| outcome(c).is_some_and(|o| o.verdict == Verdict::Accepted));
        let mut scores: Vec<f64> = Vec::new();
        if !subgroups.is_empty() && node.children.iter().all(|c| matches!(c, Child::Group(_))) {
            for g in subgroups {
                let (s, _) = self.modern(g, outcome, groups, error);
                scores.push(s);
            }
        } else {
            let n = cases.len().max(1) as f64;
            let case_max = match cfg.aggregation {
                Aggregation::Sum => cfg.max_score.map(|m| m / n),
                _ => cfg.max_score,
            };
            for c in &cases {
                let Some(o) = outcome(c) else {
                    mine.push(format!("{c}: not judged"));
                    scores.push(0.0);
                    continue;
                };
                let s = case_score(c, &o, cfg, case_max, &node.name, &mut mine);
                scores.push(s);
            }
        }
        let mut score = aggregate(cfg, &scores, all_ac, &node.name, &mut mine);
        if cfg.require_pass.iter().any(|r| !self.passed(r, outcome)) {
            score = 0.0;
        }
        if let Some(max) = cfg.max_score {
            if score > max && !close(score, max) {
                mine.push(format!(
                    "{}: score {score} is above its max_score {max}",
                    node.name
                ));
            }
        }
        if error.is_none() {
            *error = mine.into_iter().next();
        }
        let verdict = cases
            .iter()
            .map(|c| outcome(c).map_or(Verdict::JudgeError, |o| o.verdict))
            .map(crate::judge::expectation::spec_verdict)
            .find(|v| *v != Verdict::Accepted)
            .unwrap_or(Verdict::Accepted);
        groups.insert(
            at,
            GroupScore {
                group: node.name.clone(),
                max_score: cfg.max_score,
                score,
                verdict,
            },
        );
        (score, all_ac)
    }
}

/// The score of the case `c` (with outcome `o`) of a group with configuration `cfg`
/// and per-case maximum `case_max`, named `group`; what is wrong with its score files
/// goes to `mine`.
fn case_score(
    c: &str,
    o: &CaseOutcome,
    cfg: &ModernConfig,
    case_max: Option<f64>,
    group: &str,
    mine: &mut Vec<String>,
) -> f64 {
    let has_file = o.score.is_some() || o.multiplier.is_some();
    if cfg.aggregation == Aggregation::PassFail {
        if has_file {
            mine.push(format!(
                "{c}: a score file in the pass-fail group {}",
                group
            ));
        }
        0.0
    } else if o.verdict != Verdict::Accepted {
        if has_file {
            mine.push(format!("{c}: a score file for a rejected case"));
        }
        0.0
    } else {
        match (o.score, o.multiplier, case_max) {
            (Some(_), Some(_), _) => {
                mine.push(format!("{c}: both score.txt and score_multiplier.txt"));
                0.0
            }
            (None, Some(_), None) => {
                mine.push(format!("{c}: score_multiplier.txt of an unbounded case"));
                0.0
            }
            (None, Some(m), Some(max)) => {
                if !(0.0..=1.0).contains(&m) {
                    mine.push(format!("{c}: score_multiplier.txt {m} is not in [0, 1]"));
                }
                m * max
            }
            (Some(s), None, max) => {
                if s < 0.0 {
                    mine.push(format!("{c}: score.txt {s} is negative"));
                }
                if let Some(max) = max {
                    if s > max && !close(s, max) {
                        mine.push(format!("{c}: score.txt {s} is above the maximum {max}"));
                    }
                }
                s
            }
            (None, None, Some(max)) => max,
            (None, None, None) => {
                mine.push(format!(
                    "{c}: accepted in an unbounded group without score.txt"
                ));
                0.0
            }
        }
    }
}

/// A group's score from its parts' `scores` by its aggregation (`all_ac`: whether all
/// its cases are accepted, for pass-fail).
fn aggregate(
    cfg: &ModernConfig,
    scores: &[f64],
    all_ac: bool,
    group: &str,
    mine: &mut Vec<String>,
) -> f64 {
    match cfg.aggregation {
        Aggregation::PassFail => match cfg.max_score {
            Some(m) if all_ac => m,
            Some(_) => 0.0,
            None => {
                mine.push(format!("{}: a pass-fail group needs a max_score", group));
                0.0
            }
        },
        Aggregation::Sum => scores.iter().sum(),
        Aggregation::Min => {
            if scores.is_empty() {
                0.0
            } else {
                scores.iter().copied().fold(f64::INFINITY, f64::min)
            }
        }
    }
}

/// The group called `name` below (or at) `node`.
fn find<'a>(node: &'a Node, name: &str) -> Option<&'a Node> {
    if node.name == name {
        return Some(node);
    }
    node.children.iter().find_map(|c| match c {
        Child::Group(g) => find(g, name),
        Child::Case(_) => None,
    })
}

/// A legacy group's verdict and score (problemtools' walk: a child's judge error is the
/// group's, `on_reject: break` stops at the first rejected child).
fn legacy(
    node: &Node,
    outcome: &dyn Fn(&str) -> Option<CaseOutcome>,
    grader: Option<&dyn Grader>,
    groups: &mut Vec<GroupScore>,
    error: &mut Option<String>,
) -> (Verdict, f64) {
    let Config::Legacy(cfg) = &node.config else {
        return (Verdict::JudgeError, 0.0);
    };
    let at = groups.len();
    let mut children = Vec::new();
    for child in &node.children {
        let (v, s) = match child {
            Child::Case(id) => match outcome(id) {
                None => {
                    if error.is_none() {
                        *error = Some(format!("{id}: not judged"));
                    }
                    (Verdict::JudgeError, 0.0)
                }
                Some(o) => {
                    let v = crate::judge::expectation::spec_verdict(o.verdict);
                    if v == Verdict::Accepted {
                        (v, o.score.unwrap_or(cfg.accept_score))
                    } else {
                        (v, cfg.reject_score)
                    }
                }
            },
            Child::Group(g) => legacy(g, outcome, grader, groups, error),
        };
        children.push((v, s));
        if v != Verdict::Accepted && !cfg.on_reject_continue {
            break;
        }
    }
    let mut failed = |why: String| {
        if error.is_none() {
            *error = Some(format!("{}: {why}", node.name));
        }
        (Verdict::JudgeError, 0.0)
    };
    let (verdict, score) = if children.iter().any(|c| c.0 == Verdict::JudgeError) {
        (Verdict::JudgeError, 0.0)
    } else if cfg.custom {
        match grader.map(|g| g.grade(&children, &cfg.flag_words)) {
            Some(Ok((v, s))) => (crate::judge::expectation::spec_verdict(v), s),
            Some(Err(why)) => failed(why),
            None => failed("grading: custom, but the package has no grader".into()),
        }
    } else {
        match default_grader(&children, &cfg.flags) {
            Some(r) => r,
            None => failed(format!(
                "ignore_sample with {} children (the grader takes one or two)",
                children.len()
            )),
        }
    };
    let finite = |x: f64| x.is_finite().then_some(x);
    groups.insert(
        at,
        GroupScore {
            group: node.name.clone(),
            max_score: finite(cfg.range.1),
            score,
            verdict,
        },
    );
    (verdict, score)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::{Accepted as AC, TimeLimitExceeded as TLE, WrongAnswer as WA};

    fn flags(s: &str) -> GraderFlags {
        let words: Vec<String> = s.split_whitespace().map(str::to_string).collect();
        GraderFlags::parse(&words).0
    }

    #[test]
    fn the_default_grader_aggregates_as_problemtools_does() {
        let kids = [(AC, 10.0), (WA, 0.0), (TLE, 0.0)];
        assert_eq!(default_grader(&kids, &flags("")), Some((TLE, 10.0)));
        assert_eq!(
            default_grader(&kids, &flags("first_error")),
            Some((WA, 10.0))
        );
        assert_eq!(
            default_grader(&kids, &flags("always_accept max")),
            Some((AC, 10.0))
        );
        assert_eq!(
            default_grader(&kids, &flags("accept_if_any_accepted min")),
            Some((AC, 0.0))
        );
        assert_eq!(
            default_grader(&[(AC, 1.0), (AC, 2.0)], &flags("avg")),
            Some((AC, 1.5))
        );
        assert_eq!(
            default_grader(&[(AC, 1.0 / 3.0)], &flags("")),
            Some((AC, 0.333333))
        );
        assert_eq!(
            default_grader(&[(WA, 3.0), (AC, 40.0)], &flags("ignore_sample")),
            Some((AC, 40.0))
        );
        assert_eq!(default_grader(&kids, &flags("ignore_sample")), None);
        assert_eq!(default_grader(&[], &flags("")), Some((AC, 0.0)));
        assert_eq!(
            GraderFlags::parse(&["min".into(), "bogus".into()]),
            (flags("min"), vec!["bogus".to_string()])
        );
    }

    fn legacy_node(name: &str, cfg: LegacyConfig, children: Vec<Child>) -> Node {
        Node {
            name: name.into(),
            config: Config::Legacy(cfg),
            children,
        }
    }

    fn case(id: &str) -> Child {
        Child::Case(id.into())
    }

    fn outcomes(list: &[(&str, Verdict, Option<f64>)]) -> impl Fn(&str) -> Option<CaseOutcome> {
        let list: Vec<(String, Verdict, Option<f64>)> = list
            .iter()
            .map(|(c, v, s)| (c.to_string(), *v, *s))
            .collect();
        move |id: &str| {
            list.iter().find(|l| l.0 == id).map(|l| CaseOutcome {
                verdict: l.1,
                score: l.2,
                multiplier: None,
            })
        }
    }

    /// data/ (ignore_sample, range 0 100) > sample (1 case), secret (sum) > g1 (score.txt
    /// summed, break), g2 (continue, accept_score 25, min).
    fn legacy_tree() -> Scoring {
        let base = LegacyConfig::default();
        let root_cfg = LegacyConfig {
            flags: flags("ignore_sample"),
            range: (0.0, 100.0),
            ..base
        };
        let g2 = LegacyConfig {
            on_reject_continue: true,
            accept_score: 25.0,
            flags: flags("min"),
            ..root_cfg.clone()
        };
        let plain = LegacyConfig {
            flags: flags(""),
            ..root_cfg.clone()
        };
        Scoring {
            root: legacy_node(
                "data",
                root_cfg,
                vec![
                    Child::Group(legacy_node("sample", plain.clone(), vec![case("sample/1")])),
                    Child::Group(legacy_node(
                        "secret",
                        plain.clone(),
                        vec![
                            Child::Group(legacy_node(
                                "secret/g1",
                                plain,
                                vec![case("secret/g1/1"), case("secret/g1/2")],
                            )),
                            Child::Group(legacy_node(
                                "secret/g2",
                                g2,
                                vec![case("secret/g2/1"), case("secret/g2/2")],
                            )),
                        ],
                    )),
                ],
            ),
            sample: vec!["sample/1".into()],
            objective_min: false,
            grader: None,
        }
    }

    #[test]
    fn legacy_groups_inherit_break_and_grade_with_their_flags() {
        let s = legacy_tree();
        assert_eq!(s.best(), Some(100.0));
        let all = s.score(&outcomes(&[
            ("sample/1", AC, None),
            ("secret/g1/1", AC, Some(30.0)),
            ("secret/g1/2", AC, Some(20.0)),
            ("secret/g2/1", AC, None),
            ("secret/g2/2", AC, None),
        ]));
        assert_eq!((all.verdict, all.score), (AC, 75.0));
        assert!(!all.is_best());
        let names: Vec<&str> = all.groups.iter().map(|g| g.group.as_str()).collect();
        assert_eq!(names, ["sample", "secret", "secret/g1", "secret/g2"]);
        // g1 breaks at its first rejection; g2 continues, its minimum is 0; the
        // worst verdict up the tree is the submission's.
        let some = s.score(&outcomes(&[
            ("sample/1", WA, None),
            ("secret/g1/1", TLE, None),
            ("secret/g2/1", AC, None),
            ("secret/g2/2", WA, None),
        ]));
        assert_eq!(some.verdict, WA, "the root breaks at the sample's WA");
        assert_eq!(some.score, 0.0);
        // A case not judged is a judge error.
        let none = s.score(&outcomes(&[("sample/1", AC, None)]));
        assert_eq!(none.verdict, Verdict::JudgeError);
        assert!(none.error.is_some());
        // objective: min: the range's minimum is the best score.
        let min = Scoring {
            objective_min: true,
            ..s
        };
        assert_eq!(min.best(), Some(0.0));
    }

    fn modern(max: Option<f64>, aggregation: Aggregation, require: &[&str]) -> Config {
        Config::Modern(ModernConfig {
            max_score: max,
            aggregation,
            require_pass: require.iter().map(|s| s.to_string()).collect(),
        })
    }

    fn modern_tree(g2_require: &[&str]) -> Scoring {
        Scoring {
            root: Node {
                name: "secret".into(),
                config: modern(Some(100.0), Aggregation::Sum, &[]),
                children: vec![
                    Child::Group(Node {
                        name: "secret/g1".into(),
                        config: modern(Some(40.0), Aggregation::PassFail, &[]),
                        children: vec![case("secret/g1/1"), case("secret/g1/2")],
                    }),
                    Child::Group(Node {
                        name: "secret/g2".into(),
                        config: modern(Some(60.0), Aggregation::Sum, g2_require),
                        children: vec![case("secret/g2/1"), case("secret/g2/2")],
                    }),
                ],
            },
            sample: vec!["sample/1".into()],
            objective_min: false,
            grader: None,
        }
    }

    #[test]
    fn modern_groups_follow_the_2025_09_rules() {
        let s = modern_tree(&[]);
        let full = s.score(&outcomes(&[
            ("sample/1", AC, None),
            ("secret/g1/1", AC, None),
            ("secret/g1/2", AC, None),
            ("secret/g2/1", AC, None),
            ("secret/g2/2", AC, Some(10.0)),
        ]));
        assert_eq!((full.verdict, full.score), (AC, 80.0));
        assert_eq!(full.groups[1].score, 40.0);
        let partial = s.score(&outcomes(&[
            ("sample/1", AC, None),
            ("secret/g1/1", WA, None),
            ("secret/g1/2", AC, None),
            ("secret/g2/1", AC, None),
            ("secret/g2/2", TLE, None),
        ]));
        assert_eq!((partial.verdict, partial.score), (WA, 30.0));
        // require_pass: g2 scores only when g1 passed.
        let s = modern_tree(&["secret/g1"]);
        let gated = s.score(&outcomes(&[
            ("sample/1", AC, None),
            ("secret/g1/1", WA, None),
            ("secret/g1/2", AC, None),
            ("secret/g2/1", AC, None),
            ("secret/g2/2", AC, None),
        ]));
        assert_eq!(gated.score, 0.0);
        // Judge errors: a score above the case maximum (60 / 2), a score file in a
        // pass-fail group, a score file of a rejected case.
        for bad in [
            ("secret/g2/1", AC, Some(31.0)),
            ("secret/g1/1", AC, Some(1.0)),
            ("secret/g2/1", WA, Some(1.0)),
        ] {
            let mut list = vec![
                ("sample/1", AC, None),
                ("secret/g1/1", AC, None),
                ("secret/g1/2", AC, None),
                ("secret/g2/1", AC, None),
                ("secret/g2/2", AC, None),
            ];
            list.retain(|l| l.0 != bad.0);
            list.push(bad);
            let r = s.score(&outcomes(&list));
            assert_eq!(r.verdict, Verdict::JudgeError, "{bad:?}");
        }
    }

    /// A grader that sums its children's scores times its first flag, with the worst
    /// verdict; it records what it got.
    #[derive(Debug, Default)]
    struct Summing(std::sync::Mutex<Vec<String>>);

    impl Grader for Summing {
        fn grade(
            &self,
            children: &[(Verdict, f64)],
            flags: &[String],
        ) -> Result<(Verdict, f64), String> {
            let line: Vec<String> = children
                .iter()
                .map(|(v, s)| format!("{} {s:?}", grader_verdict_name(*v)))
                .collect();
            if let Ok(mut seen) = self.0.lock() {
                seen.push(format!("{} | {}", line.join(", "), flags.join(" ")));
            }
            let times: f64 = flags.first().and_then(|f| f.parse().ok()).unwrap_or(1.0);
            let verdict = children
                .iter()
                .map(|c| c.0)
                .find(|v| *v != AC)
                .unwrap_or(AC);
            match flags.first().map(String::as_str) {
                Some("fail") => Err("it failed".into()),
                _ => Ok((verdict, children.iter().map(|c| c.1).sum::<f64>() * times)),
            }
        }
    }

    #[test]
    fn custom_groups_are_graded_by_the_grader_with_their_flags() {
        let mut s = legacy_tree();
        let Child::Group(secret) = &mut s.root.children[1] else {
            panic!("secret is a group")
        };
        let Child::Group(g2) = &mut secret.children[1] else {
            panic!("g2 is a group")
        };
        let Config::Legacy(cfg) = &mut g2.config else {
            panic!("legacy")
        };
        cfg.custom = true;
        cfg.flag_words = vec!["2".into()];
        let list = [
            ("sample/1", AC, None),
            ("secret/g1/1", AC, Some(30.0)),
            ("secret/g1/2", AC, Some(20.0)),
            ("secret/g2/1", AC, Some(0.5)),
            ("secret/g2/2", WA, None),
        ];
        // No grader: a judge error naming the group.
        let none = s.score(&outcomes(&list));
        assert_eq!(none.verdict, Verdict::JudgeError);
        assert!(none
            .error
            .as_deref()
            .is_some_and(|e| e.starts_with("secret/g2: ")));
        let grader = std::sync::Arc::new(Summing::default());
        s.grader = Some(SharedGrader(grader.clone()));
        let r = s.score(&outcomes(&list));
        // g2: (0.5 + 0 (reject_score)) x 2, WA; secret: 50 + 1; the sample ignored.
        assert_eq!((r.verdict, r.score), (WA, 51.0), "{r:?}");
        let seen = grader.0.lock().map(|s| s.clone()).unwrap_or_default();
        assert_eq!(seen, ["AC 0.5, WA 0.0 | 2"]);
        // A failing grader: a judge error with its reason.
        if let Child::Group(secret) = &mut s.root.children[1] {
            if let Child::Group(g2) = &mut secret.children[1] {
                if let Config::Legacy(cfg) = &mut g2.config {
                    cfg.flag_words = vec!["fail".into()];
                }
            }
        }
        let r = s.score(&outcomes(&list));
        assert_eq!(r.verdict, Verdict::JudgeError);
        assert_eq!(r.error.as_deref(), Some("secret/g2: it failed"));
    }

    #[test]
    fn grader_output_is_one_verdict_and_one_number() {
        assert_eq!(parse_grader_output("AC 40\n"), Some((AC, 40.0)));
        assert_eq!(parse_grader_output("WA -1.5"), Some((WA, -1.5)));
        assert_eq!(parse_grader_output("TLE\n3.25\n\n"), Some((TLE, 3.25)));
        assert_eq!(
            parse_grader_output("MLE 0"),
            Some((Verdict::MemoryLimitExceeded, 0.0))
        );
        for bad in [
            "", "AC", " AC 1", "AC 1 2", "OK 1", "AC 1e5", "AC +1", "AC 1.2.3", "AC .", "ac 1",
        ] {
            assert_eq!(parse_grader_output(bad), None, "{bad:?}");
        }
        assert_eq!(grader_verdict_name(Verdict::OutputLimitExceeded), "RTE");
        assert_eq!(grader_verdict_name(Verdict::PresentationError), "WA");
    }
}
