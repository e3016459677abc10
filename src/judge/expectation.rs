//! What an example submission is expected to get, and whether it got it: one
//! [`Expectation`] per submission, with [`Expectation::matches`] and the text the
//! reports show ([`Expectation::describe`]: `AC`, `WA`, `RE|TLE`, `not AC`, …).
//!
//! Three kinds:
//!
//! - a gridjudge problem's folder (`judge-cases/*/submissions/<verdict>/`): the verdict,
//!   exactly, in gridjudge's own vocabulary (PE, MLE, OLE, CE and JE folders included);
//! - a legacy package's verdict folder: the first non-AC case verdict, in the package
//!   format's vocabulary ([`spec_verdict`]), is the folder's, as problemtools checks;
//! - 2023-07 and later packages (and the `rejected/` and `brute_force/` folders of any
//!   package): [`Rule`]s of `permitted` and `required` verdicts, each over all cases or the
//!   cases a test-case glob matches, as `submissions.yaml` states them;
//! - a submission outside the format's verdict folders whose source carries DOMjudge's
//!   `@EXPECTED_RESULTS@:` tag: its first non-AC case verdict (or its compile error) is
//!   one of the tag's ([`parse_expected_results`]).
//!
//! The package format's verdicts are AC, WA, TLE and RTE (gridjudge's RE); the finer
//! verdicts of gridjudge map onto them by [`spec_verdict`]. Globs over submission paths
//! and case names are [`glob_matches`].

use crate::Verdict;
use std::collections::BTreeSet;

/// A verdict of gridjudge in the package format's vocabulary (AC, WA, TLE, RTE), as
/// problemtools and BAPCtools judge:
///
/// | gridjudge | package | why |
/// |-----------|---------|-----|
/// | AC        | AC      | |
/// | PE        | WA      | the default output validator has no presentation error |
/// | WA        | WA      | |
/// | TLE       | TLE     | |
/// | MLE       | RTE     | a program over its memory limit crashes (problemtools' `hello` keeps `memory_limit.cc` in `run_time_error/`) |
/// | OLE       | RTE     | BAPCtools reads DOMjudge's `OUTPUT-LIMIT` as RTE; the format has no OLE |
/// | RE        | RTE     | |
/// | CE        | CE      | not a verdict of the format: problemtools and BAPCtools report a compile failure as an error of the package, so it matches no expectation |
/// | JE        | JE      | the judge's failure: matches no expectation |
pub fn spec_verdict(v: Verdict) -> Verdict {
    match v {
        Verdict::PresentationError => Verdict::WrongAnswer,
        Verdict::MemoryLimitExceeded | Verdict::OutputLimitExceeded => Verdict::RuntimeError,
        other => other,
    }
}

/// The package format's four verdicts, in report order.
pub const SPEC_VERDICTS: [Verdict; 4] = [
    Verdict::Accepted,
    Verdict::WrongAnswer,
    Verdict::TimeLimitExceeded,
    Verdict::RuntimeError,
];

/// One verdict name of `submissions.yaml`: `AC`, `WA`, `TLE`, `RTE` (`RE` too).
pub(crate) fn parse_spec_verdict(name: &str) -> Option<Verdict> {
    match name.trim() {
        "AC" => Some(Verdict::Accepted),
        "WA" => Some(Verdict::WrongAnswer),
        "TLE" => Some(Verdict::TimeLimitExceeded),
        "RTE" | "RE" => Some(Verdict::RuntimeError),
        _ => None,
    }
}

/// The verdicts of DOMjudge's `@EXPECTED_RESULTS@:` tag (or its other spelling,
/// `@EXPECTED_SCORE@:`) in a source text: a comma-separated list on the rest of the tag's
/// line, any case, in DOMjudge's names (`CORRECT`, `WRONG-ANSWER`, `NO-OUTPUT`,
/// `TIMELIMIT`, `RUN-ERROR`, `OUTPUT-LIMIT`, `COMPILER-ERROR`) or the format's
/// (`ACCEPTED`, `WRONG_ANSWER`, `TIME_LIMIT_EXCEEDED`, `RUN_TIME_ERROR`), mapped to the
/// format's verdicts (no output is a wrong answer, an output over the limit a run-time
/// error, as [`spec_verdict`] maps OLE). `None` without the tag; `Err` naming a word that
/// is no verdict (`CHECK-MANUALLY` included: no program decides it).
pub fn parse_expected_results(text: &str) -> Option<Result<BTreeSet<Verdict>, String>> {
    let upper = text.to_ascii_uppercase();
    let start = ["@EXPECTED_RESULTS@:", "@EXPECTED_SCORE@:"]
        .iter()
        .filter_map(|tag| upper.find(tag).map(|i| i + tag.len()))
        .min()?;
    let line = upper[start..].lines().next().unwrap_or_default();
    let mut set = BTreeSet::new();
    // A word is the first of its item (`CORRECT */` closes a comment).
    for word in line.split(',').filter_map(|w| w.split_whitespace().next()) {
        let v = match word {
            "CORRECT" | "ACCEPTED" => Verdict::Accepted,
            "WRONG-ANSWER" | "WRONG_ANSWER" | "NO-OUTPUT" => Verdict::WrongAnswer,
            "TIMELIMIT" | "TIME_LIMIT_EXCEEDED" => Verdict::TimeLimitExceeded,
            "RUN-ERROR" | "RUN_TIME_ERROR" | "OUTPUT-LIMIT" => Verdict::RuntimeError,
            "COMPILER-ERROR" => Verdict::CompileError,
            other => return Some(Err(format!("{other:?} is not a verdict of the tag"))),
        };
        set.insert(v);
    }
    if set.is_empty() {
        return Some(Err("the tag lists no verdict".into()));
    }
    Some(Ok(set))
}

/// One case's verdict (gridjudge's) and CPU time, as a submission got them.
#[derive(Debug, Clone, PartialEq)]
pub struct CaseVerdict {
    /// The case: `sample/1`, `secret/group1/03`.
    pub case: String,
    /// gridjudge's verdict.
    pub verdict: Verdict,
    /// Its CPU time, seconds.
    pub cpu: f64,
    /// Its output validator's `score.txt`, for a scoring problem.
    pub score: Option<f64>,
    /// Its output validator's `score_multiplier.txt`.
    pub multiplier: Option<f64>,
}

/// Two scores equal up to the six decimals graders print (relative to the larger, for
/// large scores).
pub(crate) fn scores_close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-6 * a.abs().max(b.abs()).max(1.0)
}

/// What a scoring problem's example submission is expected to score.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ScoreExpectation {
    /// The best score possible, when it is finite (a legacy `accepted/` submission).
    Best,
    /// Not the best score (a `partially_accepted/` submission).
    NotBest,
    /// A score in this inclusive range (`submissions.yaml`'s `score`).
    Range(f64, f64),
}

impl Eq for ScoreExpectation {}

impl ScoreExpectation {
    /// Whether `score` meets it, the best score possible being `best` (`None`: not
    /// finite, when any score is the best and none is not).
    pub fn holds(&self, score: f64, best: Option<f64>) -> bool {
        let close = scores_close;
        match self {
            ScoreExpectation::Best => best.is_none_or(|b| close(score, b)),
            ScoreExpectation::NotBest => best.is_none_or(|b| !close(score, b)),
            ScoreExpectation::Range(lo, hi) => {
                (score >= *lo || close(score, *lo)) && (score <= *hi || close(score, *hi))
            }
        }
    }

    /// `best score`, `not the best score`, `score 30`, `score 30..70`.
    pub fn describe(&self) -> String {
        match self {
            ScoreExpectation::Best => "best score".into(),
            ScoreExpectation::NotBest => "not the best score".into(),
            ScoreExpectation::Range(lo, hi) if lo == hi => format!("score {lo}"),
            ScoreExpectation::Range(lo, hi) => format!("score {lo}..{hi}"),
        }
    }
}

/// A `permitted` / `required` pair over all cases or the cases a glob matches.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// The test-case glob (relative to `data/`), or `None` for every case.
    pub cases: Option<String>,
    /// Every case's verdict is one of these.
    pub permitted: BTreeSet<Verdict>,
    /// At least one case's verdict is one of these.
    pub required: BTreeSet<Verdict>,
}

impl Rule {
    /// A rule over every case; an empty list stands for the format's default, all four
    /// verdicts ([`SPEC_VERDICTS`]).
    pub fn new(permitted: &[Verdict], required: &[Verdict]) -> Rule {
        let set = |vs: &[Verdict]| {
            if vs.is_empty() {
                SPEC_VERDICTS.into_iter().collect()
            } else {
                vs.iter().copied().collect()
            }
        };
        Rule {
            cases: None,
            permitted: set(permitted),
            required: set(required),
        }
    }

    /// Whether the case verdicts (the format's vocabulary) satisfy the rule; a rule
    /// whose glob matches no judged case holds.
    fn holds(&self, cases: &[(&str, Verdict)]) -> bool {
        let applies: Vec<Verdict> = cases
            .iter()
            .filter(|(c, _)| self.cases.as_deref().is_none_or(|g| glob_matches(g, c)))
            .map(|(_, v)| *v)
            .collect();
        applies.is_empty()
            || applies.iter().all(|v| self.permitted.contains(v))
                && applies.iter().any(|v| self.required.contains(v))
    }

    /// `AC`, `WA`, `RE|TLE`, `not AC`, or `permitted …, required …`, after the glob.
    fn describe(&self) -> String {
        let join =
            |set: &BTreeSet<Verdict>| set.iter().map(|v| v.code()).collect::<Vec<_>>().join("|");
        let all: BTreeSet<Verdict> = SPEC_VERDICTS.into_iter().collect();
        let required = if self.required.is_empty() {
            &all
        } else {
            &self.required
        };
        let rejected: BTreeSet<Verdict> = SPEC_VERDICTS[1..].iter().copied().collect();
        let mut with_ac = required.clone();
        with_ac.insert(Verdict::Accepted);
        let text = if self.permitted.len() == 1 && self.permitted.is_subset(required) {
            join(&self.permitted)
        } else if self.permitted == all && *required == rejected {
            "not AC".to_string()
        } else if !required.contains(&Verdict::Accepted) && self.permitted == with_ac {
            join(required)
        } else if *required == all || *required == self.permitted {
            format!("permitted {}", join(&self.permitted))
        } else {
            format!(
                "permitted {}, required {}",
                join(&self.permitted),
                join(required)
            )
        };
        match &self.cases {
            Some(glob) => format!("{glob}: {text}"),
            None => text,
        }
    }
}

/// What a submission is expected to get (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Expectation {
    /// This verdict of gridjudge, exactly (a gridjudge problem's folder).
    Exactly(Verdict),
    /// This verdict of the format ([`spec_verdict`]) as the first non-AC case's, or AC
    /// (a legacy package's verdict folder).
    First(Verdict),
    /// Every rule holds on the case verdicts, mapped by [`spec_verdict`].
    Rules(Vec<Rule>),
    /// The first non-AC case's verdict of the format ([`spec_verdict`]), or AC, or a
    /// compile error, is one of these (DOMjudge's `@EXPECTED_RESULTS@` tag).
    FirstOf(BTreeSet<Verdict>),
}

impl Expectation {
    /// Whether one case that got `verdict` settles the outcome, so that the cases after
    /// it need not be judged: where the first non-AC case's verdict is the submission's
    /// (`Exactly`, `First`, `FirstOf`), any case that is not AC; under `Rules`, a judge
    /// error or a verdict some rule over that case does not permit (a mismatch, whatever
    /// the other cases get). A verdict a rule permits settles nothing: a later case may
    /// still break a rule, so every case is judged.
    pub fn settled_by(&self, case: &str, verdict: Verdict) -> bool {
        match self {
            Expectation::Exactly(_) | Expectation::First(_) | Expectation::FirstOf(_) => {
                verdict != Verdict::Accepted
            }
            Expectation::Rules(rules) => {
                let v = spec_verdict(verdict);
                verdict == Verdict::JudgeError
                    || rules.iter().any(|r| {
                        r.cases.as_deref().is_none_or(|g| glob_matches(g, case))
                            && !r.permitted.contains(&v)
                    })
            }
        }
    }

    /// Whether a submission whose overall verdict is `got` (its first non-AC case's, or
    /// its compile failure's with no `cases`) and whose judged `cases` are these meets
    /// the expectation. A compile error meets only `Exactly` that verdict or a `FirstOf`
    /// listing it; a judge error only `Exactly` that verdict.
    pub fn matches(&self, got: Verdict, cases: &[CaseVerdict]) -> bool {
        match self {
            Expectation::Exactly(v) => got == *v,
            Expectation::First(v) => spec_verdict(got) == *v,
            Expectation::FirstOf(set) => {
                got != Verdict::JudgeError && set.contains(&spec_verdict(got))
            }
            Expectation::Rules(rules) => {
                if matches!(got, Verdict::CompileError | Verdict::JudgeError)
                    || cases.is_empty()
                    || cases.iter().any(|c| c.verdict == Verdict::JudgeError)
                {
                    return false;
                }
                let mapped: Vec<(&str, Verdict)> = cases
                    .iter()
                    .map(|c| (c.case.as_str(), spec_verdict(c.verdict)))
                    .collect();
                rules.iter().all(|r| r.holds(&mapped))
            }
        }
    }

    /// Whether verdicts are compared in the package format's vocabulary.
    pub(crate) fn in_spec_verdicts(&self) -> bool {
        !matches!(self, Expectation::Exactly(_))
    }

    /// An accepted example: its times bound the time limit from below (AC exactly, or
    /// a rule over every case that permits only AC).
    pub(crate) fn is_accepted(&self) -> bool {
        match self {
            Expectation::Exactly(v) | Expectation::First(v) => *v == Verdict::Accepted,
            Expectation::FirstOf(set) => set.len() == 1 && set.contains(&Verdict::Accepted),
            Expectation::Rules(rules) => rules.iter().any(|r| {
                r.cases.is_none()
                    && r.permitted.len() == 1
                    && r.permitted.contains(&Verdict::Accepted)
            }),
        }
    }

    /// A time-limit-exceeded example: it bounds the time limit from above and is judged
    /// under limit × margin (TLE exactly, or a rule that requires TLE alone).
    pub(crate) fn is_time_limit_exceeded(&self) -> bool {
        match self {
            Expectation::Exactly(v) | Expectation::First(v) => *v == Verdict::TimeLimitExceeded,
            Expectation::FirstOf(set) => {
                set.len() == 1 && set.contains(&Verdict::TimeLimitExceeded)
            }
            Expectation::Rules(rules) => rules
                .iter()
                .any(|r| r.required.len() == 1 && r.required.contains(&Verdict::TimeLimitExceeded)),
        }
    }

    /// The text of the reports' `expected` column: `AC`, `WA|TLE`, `not AC`, the rules
    /// joined by ` & ` (each once).
    pub fn describe(&self) -> String {
        match self {
            Expectation::Exactly(v) | Expectation::First(v) => v.code().to_string(),
            Expectation::FirstOf(set) => set.iter().map(|v| v.code()).collect::<Vec<_>>().join("|"),
            Expectation::Rules(rules) => {
                let mut parts: Vec<String> = Vec::new();
                for r in rules {
                    let d = r.describe();
                    if !parts.contains(&d) {
                        parts.push(d);
                    }
                }
                if parts.is_empty() {
                    "permitted AC|WA|TLE|RE".to_string()
                } else {
                    parts.join(" & ")
                }
            }
        }
    }
}

impl serde::Serialize for Expectation {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.describe())
    }
}

/// Whether the glob of `submissions.yaml` matches `path` (a submission below
/// `submissions/`, or a case below `data/` without `.in`) or one of its parent folders:
/// `*` and `?` match within one name (never `/`), `**` any number of whole names,
/// `[…]` one of a set of characters, `{a,b}` either alternative (spaces around an
/// alternative are dropped); a trailing `/` is ignored. A glob that does not parse
/// (an unclosed `[`, braces within braces) matches only itself, literally. Matching
/// takes time linear in the name ([`globset`] compiles the glob to an automaton).
pub fn glob_matches(glob: &str, path: &str) -> bool {
    let Some(matcher) = compile(glob) else {
        return false;
    };
    // The path itself, then each of its parent folders.
    matcher.is_match(path)
        || path
            .match_indices('/')
            .any(|(i, _)| matcher.is_match(&path[..i]))
}

/// Whether the glob of `submissions.yaml` matches `name` itself (a test group,
/// `secret/group1`), not only one of its parent folders, by the rules of
/// [`glob_matches`].
pub(crate) fn glob_matches_whole(glob: &str, name: &str) -> bool {
    compile(glob).is_some_and(|m| m.is_match(name))
}

/// The matcher of `glob` (a trailing `/` dropped, spaces around `{a, b}`'s
/// alternatives too): `None` only if even the literal glob cannot be compiled.
///
/// The alternatives stay inside the one automaton: expanded into separate globs, a key
/// of forty `{a,b}` would be 2⁴⁰ of them.
fn compile(glob: &str) -> Option<globset::GlobMatcher> {
    let glob = trim_alternatives(glob.trim_end_matches('/'));
    globset::GlobBuilder::new(&glob)
        .literal_separator(true)
        .backslash_escape(true)
        .build()
        .or_else(|_| globset::Glob::new(&globset::escape(&glob)))
        .ok()
        .map(|g| g.compile_matcher())
}

/// `glob` without the spaces around the alternatives of its braces (`{a, b}` is
/// `{a,b}`).
fn trim_alternatives(glob: &str) -> String {
    let mut out = String::with_capacity(glob.len());
    let mut depth = 0usize;
    for part in glob.split_inclusive(['{', ',', '}']) {
        let (text, end) = match part.char_indices().last() {
            Some((i, c @ ('{' | ',' | '}'))) => (&part[..i], Some(c)),
            _ => (part, None),
        };
        // Inside braces, a piece between `{`, `,` and `}` is one alternative's text.
        out.push_str(if depth > 0 { text.trim() } else { text });
        if let Some(c) = end {
            out.push(c);
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Verdict::*;

    #[test]
    fn a_case_settles_a_first_failure_expectation_and_only_a_broken_rule() {
        for e in [
            Expectation::Exactly(WrongAnswer),
            Expectation::First(TimeLimitExceeded),
            Expectation::FirstOf([WrongAnswer].into_iter().collect()),
        ] {
            assert!(!e.settled_by("secret/1", Accepted), "{e:?}");
            assert!(e.settled_by("secret/1", WrongAnswer), "{e:?}");
            assert!(e.settled_by("secret/1", TimeLimitExceeded), "{e:?}");
        }
        // time_limit_exceeded/: AC and TLE permitted, so neither settles it; WA does.
        let tle = Expectation::Rules(vec![Rule::new(
            &[Accepted, TimeLimitExceeded],
            &[TimeLimitExceeded],
        )]);
        assert!(!tle.settled_by("secret/1", TimeLimitExceeded));
        assert!(!tle.settled_by("secret/1", Accepted));
        assert!(tle.settled_by("secret/1", WrongAnswer));
        assert!(tle.settled_by("secret/1", JudgeError));
        // A rule over some cases settles only those (a presentation error is WA).
        let mut hard = Rule::new(&[Accepted], &[]);
        hard.cases = Some("secret/hard*".into());
        let scoped = Expectation::Rules(vec![Rule::new(&[], &[]), hard]);
        assert!(scoped.settled_by("secret/hard-1", PresentationError));
        assert!(!scoped.settled_by("secret/easy-1", PresentationError));
    }

    fn cases(vs: &[(&str, Verdict)]) -> Vec<CaseVerdict> {
        vs.iter()
            .map(|(c, v)| CaseVerdict {
                case: c.to_string(),
                verdict: *v,
                cpu: 0.0,
                score: None,
                multiplier: None,
            })
            .collect()
    }

    #[test]
    fn finer_verdicts_map_onto_the_formats_four() {
        let table = [
            (Accepted, Accepted),
            (PresentationError, WrongAnswer),
            (WrongAnswer, WrongAnswer),
            (TimeLimitExceeded, TimeLimitExceeded),
            (MemoryLimitExceeded, RuntimeError),
            (OutputLimitExceeded, RuntimeError),
            (RuntimeError, RuntimeError),
            (CompileError, CompileError),
            (JudgeError, JudgeError),
        ];
        for (ours, theirs) in table {
            assert_eq!(spec_verdict(ours), theirs, "{ours}");
        }
        assert_eq!(parse_spec_verdict("RTE"), Some(RuntimeError));
        assert_eq!(parse_spec_verdict("MLE"), None);
    }

    #[test]
    fn exact_first_and_rule_expectations_match_as_documented() {
        let mle = cases(&[("sample/1", Accepted), ("secret/1", MemoryLimitExceeded)]);
        assert!(!Expectation::Exactly(RuntimeError).matches(MemoryLimitExceeded, &mle));
        assert!(Expectation::Exactly(MemoryLimitExceeded).matches(MemoryLimitExceeded, &mle));
        assert!(Expectation::First(RuntimeError).matches(MemoryLimitExceeded, &mle));
        let rte = Expectation::Rules(vec![Rule::new(&[Accepted, RuntimeError], &[RuntimeError])]);
        assert!(rte.matches(MemoryLimitExceeded, &mle));
        let rejected = Expectation::Rules(vec![Rule::new(
            &[],
            &[RuntimeError, TimeLimitExceeded, WrongAnswer],
        )]);
        let all_ac = cases(&[("sample/1", Accepted), ("secret/1", Accepted)]);
        assert!(!rejected.matches(Accepted, &all_ac));
        assert!(rejected.matches(MemoryLimitExceeded, &mle));
        assert!(
            !rejected.matches(CompileError, &[]),
            "CE is no verdict of the format"
        );
        let ac = Expectation::Rules(vec![Rule::new(&[Accepted], &[])]);
        assert!(ac.matches(Accepted, &all_ac));
        let pe = cases(&[("secret/1", PresentationError)]);
        assert!(!ac.matches(PresentationError, &pe));
        // Per group: AC on the easy cases, TLE somewhere among the hard ones.
        let grouped = Expectation::Rules(vec![
            Rule {
                cases: Some("secret/*-easy".into()),
                ..Rule::new(&[Accepted], &[])
            },
            Rule {
                cases: Some("secret/*-hard".into()),
                ..Rule::new(&[Accepted, TimeLimitExceeded], &[TimeLimitExceeded])
            },
        ]);
        let got = cases(&[
            ("secret/1-easy", Accepted),
            ("secret/2-hard", Accepted),
            ("secret/3-hard", TimeLimitExceeded),
        ]);
        assert!(grouped.matches(TimeLimitExceeded, &got));
        let slow_easy = cases(&[("secret/1-easy", TimeLimitExceeded)]);
        assert!(!grouped.matches(TimeLimitExceeded, &slow_easy));
        assert!(grouped.is_time_limit_exceeded() && !grouped.is_accepted());
    }

    #[test]
    fn expectations_describe_themselves_briefly() {
        let d = |p: &[Verdict], r: &[Verdict]| Expectation::Rules(vec![Rule::new(p, r)]).describe();
        assert_eq!(d(&[Accepted], &[]), "AC");
        assert_eq!(d(&[Accepted, WrongAnswer], &[WrongAnswer]), "WA");
        assert_eq!(
            d(
                &[Accepted, TimeLimitExceeded, RuntimeError],
                &[TimeLimitExceeded, RuntimeError]
            ),
            "TLE|RE"
        );
        assert_eq!(
            d(&[Accepted, WrongAnswer], &[Accepted, TimeLimitExceeded]),
            "permitted AC|WA, required AC|TLE"
        );
        assert_eq!(
            d(&[], &[WrongAnswer, TimeLimitExceeded, RuntimeError]),
            "not AC"
        );
        assert_eq!(d(&[Accepted, WrongAnswer], &[]), "permitted AC|WA");
        assert_eq!(Expectation::Exactly(MemoryLimitExceeded).describe(), "MLE");
    }

    #[test]
    fn globs_match_names_parents_and_braces() {
        assert!(glob_matches("accepted", "accepted/a.py"));
        assert!(glob_matches("accepted/", "accepted/a.py"));
        assert!(glob_matches("accepted/*", "accepted/a.py"));
        assert!(glob_matches("*/a.py", "wrong_answer/a.py"));
        assert!(!glob_matches("accepted/*", "accepted"));
        assert!(!glob_matches("accepted", "accepted_slow/a.py"));
        assert!(glob_matches("accepted/{a,b}.py", "accepted/b.py"));
        assert!(glob_matches("accepted/x.{py,cpp}", "accepted/x.cpp"));
        assert!(!glob_matches("accepted/x.{py,cpp}", "accepted/x.c"));
        assert!(glob_matches("secret/*-hard", "secret/3-hard"));
        assert!(glob_matches("secret/group1", "secret/group1/03"));
        assert!(!glob_matches("secret/*", "sample/1"));
        assert!(!glob_matches("a*b", "a/b"));
        // `?`, `[…]` and `**`.
        assert!(glob_matches("accepted/sol?.py", "accepted/sol2.py"));
        assert!(!glob_matches("accepted/sol?.py", "accepted/sol12.py"));
        assert!(glob_matches("accepted/sol[0-9].cpp", "accepted/sol7.cpp"));
        assert!(!glob_matches("accepted/sol[0-9].cpp", "accepted/solx.cpp"));
        assert!(glob_matches("**/*.java", "accepted/Main.java"));
        assert!(glob_matches("**/*.java", "wrong_answer/deep/Main.java"));
        assert!(glob_matches("secret/**/03", "secret/g1/sub/03"));
        assert!(!glob_matches("**/*.java", "accepted/main.py"));
        // A glob that does not parse matches itself only.
        assert!(glob_matches("accepted/[x", "accepted/[x"));
        assert!(!glob_matches("accepted/[x", "accepted/x"));
        // Many stars against a long name: linear, where trying every split of the
        // name between the stars never ends.
        let stars = format!("{}*b", "*a".repeat(20));
        assert!(!glob_matches(&stars, &"a".repeat(300)));
        assert!(glob_matches(&stars, &format!("{}b", "a".repeat(300))));
        // Forty braces: one automaton, not 2⁴⁰ globs.
        let braces = "{a,b}".repeat(40);
        assert!(glob_matches(&braces, &"ab".repeat(20)));
        assert!(!glob_matches(&braces, &"c".repeat(40)));
        // Spaces around alternatives, several braces.
        assert!(glob_matches(
            "{accepted, wrong_answer}/{a,b}.py",
            "wrong_answer/b.py"
        ));
    }

    #[test]
    fn a_group_glob_matches_whole_group_names() {
        assert!(glob_matches_whole("secret/*", "secret/g1"));
        assert!(glob_matches_whole("secret/g{1,2}/", "secret/g2"));
        assert!(glob_matches_whole("secret/*-easy", "secret/3-easy"));
        assert!(!glob_matches_whole("secret/*", "secret/g1/sub"));
        assert!(!glob_matches_whole("secret", "secret/g1"));
        assert!(!glob_matches_whole("secret/g1", "secret/g10"));
        // Against glob_matches: a parent folder's glob matches what is below it.
        assert!(glob_matches("secret", "secret/g1"));
    }

    #[test]
    fn domjudges_tag_lists_the_verdicts_in_either_vocabulary() {
        let set = |vs: &[Verdict]| Some(Ok(vs.iter().copied().collect::<BTreeSet<_>>()));
        assert_eq!(
            parse_expected_results("/*\n * @EXPECTED_RESULTS@:  run_time_error , ACCEPTED  \n */"),
            set(&[Accepted, RuntimeError])
        );
        assert_eq!(
            parse_expected_results("# @EXPECTED_SCORE@: NO-OUTPUT,OUTPUT-LIMIT */\n"),
            set(&[WrongAnswer, RuntimeError])
        );
        assert_eq!(
            parse_expected_results("// @EXPECTED_RESULTS@: COMPILER-ERROR, TIMELIMIT"),
            set(&[CompileError, TimeLimitExceeded])
        );
        assert_eq!(parse_expected_results("int main() {}"), None);
        assert!(parse_expected_results("@EXPECTED_RESULTS@: CHECK-MANUALLY")
            .is_some_and(|r| r.is_err()));
        let tagged = Expectation::FirstOf([Accepted, WrongAnswer].into_iter().collect());
        assert!(tagged.matches(PresentationError, &[]));
        assert!(!tagged.matches(TimeLimitExceeded, &[]));
        assert!(!tagged.matches(JudgeError, &[]));
        assert_eq!(tagged.describe(), "AC|WA");
        let ce = Expectation::FirstOf([CompileError].into_iter().collect());
        assert!(ce.matches(CompileError, &[]));
    }
}
