//! A package's example submissions and what each is expected to get: the standard
//! folders of the format version the package declares, and `submissions/submissions.yaml`.
//!
//! - **legacy**: `accepted/`, `wrong_answer/`, `time_limit_exceeded/` and
//!   `run_time_error/` expect their verdict as the first non-AC case's (mapped to the
//!   format's four verdicts), as problemtools checks; `rejected/` and `brute_force/` have
//!   the 2023-07 rules below. A legacy package has no `submissions.yaml`.
//! - **2023-07 and 2025-09**: every folder is a rule of `permitted` verdicts (every case
//!   gets one of them) and `required` verdicts (at least one case gets one):
//!
//!   | folder                | permitted        | required        | shown       |
//!   |-----------------------|------------------|-----------------|-------------|
//!   | `accepted`            | AC               | (any)           | `AC`        |
//!   | `rejected`            | (any)            | RTE, TLE, WA    | `not AC`    |
//!   | `wrong_answer`        | AC, WA           | WA              | `WA`        |
//!   | `time_limit_exceeded` | AC, TLE          | TLE             | `TLE`       |
//!   | `run_time_error`      | AC, RTE          | RTE             | `RE`        |
//!   | `brute_force`         | AC, RTE, TLE     | RTE, TLE        | `TLE\|RE`   |
//!
//!   2023-07 (the `2023-07-draft` of the specification) also names the last one
//!   `bruteforce` and lets a single verdict stand for a list (`permitted: AC`); 2025-09
//!   wants lists. `submissions.yaml` maps globs over submission paths (`accepted/*`,
//!   `wrong_answer/slow.{py,cpp}`, a folder name) to `permitted` / `required`, and test
//!   case globs (`secret/group1`, `secret/*-hard`) below a submission glob to rules over
//!   those cases only. A key that is a standard folder's name replaces that folder's
//!   `permitted` / `required` (the keys it gives); any other glob adds its rules. A
//!   folder that only `submissions.yaml` names holds submissions with its rules. The
//!   `entrypoint` names the file a submission of several files runs (`ac.py`); the
//!   other keys (`language`, `authors`, `model_solution`, `message`,
//!   `use_for_time_limit`) are read past: gridjudge does not check them.
//! - **DOMjudge's tag** (either version): a folder that is none of the above (DOMjudge's
//!   `mixed-verdicts/`, …) holds the submissions whose source has an
//!   `@EXPECTED_RESULTS@: CORRECT, WRONG-ANSWER` line; the first non-AC case's verdict
//!   (or a compile error) must be one of those it lists. A file there without the tag, or
//!   with a word that is no verdict (`CHECK-MANUALLY`), is left out with the reason. In
//!   the format's own folders the folder decides and the tag is read past, as BAPCtools
//!   does.
//! - **scoring problems** (either version): `partially_accepted/` holds submissions
//!   whose score is not the best (legacy: accepted, as problemtools wants; 2023-07 and
//!   later: any verdicts, and not the best score); under legacy grading the best score
//!   is only advice, as problemtools takes it (a warning, not a mismatch, when an
//!   `accepted/` submission misses a finite best score or a `partially_accepted/` one
//!   reaches it: `package::submissions::score_warnings`); `submissions.yaml`'s `score` (a number,
//!   or `[MIN, MAX]` inclusive) at the top of an entry is the submission's score, under
//!   a test-group key (a glob: `secret/group1`, `secret/*`) the score of every group
//!   it matches as a whole.

use crate::judge::expectation::{
    glob_matches, parse_expected_results, parse_spec_verdict, Expectation, Rule, ScoreExpectation,
};
use crate::package::{Package, PackageError};
use crate::submissions::{find_submissions_in, Found};
use crate::Verdict;
use std::collections::BTreeSet;
use yaml_rust2::Yaml;

use Verdict::{Accepted as AC, RuntimeError as RTE, TimeLimitExceeded as TLE, WrongAnswer as WA};

/// Which rules of `submissions` a package follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// No `problem_format_version`: problemtools' folders.
    Legacy,
    /// `2023-07` and `2023-07-draft`.
    V2023_07,
    /// `2025-09` and later.
    V2025_09,
}

impl Dialect {
    /// The dialect of a `problem_format_version` (`legacy` when absent).
    pub fn of(format_version: &str) -> Dialect {
        if format_version.starts_with("legacy") {
            Dialect::Legacy
        } else if format_version.starts_with("2023-07") {
            Dialect::V2023_07
        } else {
            Dialect::V2025_09
        }
    }
}

/// The standard folders in report order, with their rules.
fn standard_folders(dialect: Dialect) -> Vec<(&'static str, Rule)> {
    let mut folders = vec![
        ("accepted", Rule::new(&[AC], &[])),
        ("wrong_answer", Rule::new(&[AC, WA], &[WA])),
        ("time_limit_exceeded", Rule::new(&[AC, TLE], &[TLE])),
        ("run_time_error", Rule::new(&[AC, RTE], &[RTE])),
        ("rejected", Rule::new(&[], &[RTE, TLE, WA])),
        ("brute_force", Rule::new(&[AC, RTE, TLE], &[RTE, TLE])),
    ];
    if dialect == Dialect::V2023_07 {
        folders.push(("bruteforce", Rule::new(&[AC, RTE, TLE], &[RTE, TLE])));
    }
    folders
}

/// One rule as `submissions.yaml` gives it: the keys left out are `None`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Given {
    cases: Option<String>,
    permitted: Option<BTreeSet<Verdict>>,
    required: Option<BTreeSet<Verdict>>,
}

impl Given {
    /// The rule, with the format's defaults (all four verdicts) for the keys left out.
    fn rule(&self) -> Rule {
        let base = Rule::new(&[], &[]);
        Rule {
            cases: self.cases.clone(),
            permitted: self.permitted.clone().unwrap_or(base.permitted),
            required: self.required.clone().unwrap_or(base.required),
        }
    }

    /// `base` with the keys this one gives replaced.
    fn over(&self, base: &Rule) -> Rule {
        Rule {
            cases: base.cases.clone(),
            permitted: self.permitted.clone().unwrap_or(base.permitted.clone()),
            required: self.required.clone().unwrap_or(base.required.clone()),
        }
    }
}

/// One top-level entry of `submissions.yaml`: its glob, its rule over every case (when
/// it gives `permitted` or `required`) and its rules over test-case globs.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    glob: String,
    rules: Vec<Given>,
    /// `score`: a number or an inclusive range `[MIN, MAX]`.
    score: Option<(f64, f64)>,
    /// `score` under a test-group key: that group's score.
    group_scores: Vec<(String, (f64, f64))>,
    /// `entrypoint`: the file the submission runs (`ac.py`).
    entrypoint: Option<String>,
}

/// Keys of a `submissions.yaml` entry that are not test-case globs.
const METADATA: [&str; 7] = [
    "language",
    "entrypoint",
    "authors",
    "model_solution",
    "score",
    "message",
    "use_for_time_limit",
];

/// Parses the text of `submissions.yaml` as `dialect` defines it; `Err` says what is
/// wrong.
pub fn parse(text: &str, dialect: Dialect) -> Result<Vec<Entry>, String> {
    let docs = super::parse_yaml(text)?;
    let doc = docs.into_iter().next().unwrap_or(Yaml::Null);
    let map = match doc {
        Yaml::Hash(h) => h,
        Yaml::Null => return Ok(Vec::new()),
        _ => return Err("not a map of globs".into()),
    };
    let mut entries = Vec::new();
    for (key, value) in map {
        let glob = key_text(&key).ok_or("a key that is not a glob")?;
        let Yaml::Hash(body) = value else {
            return Err(format!("{glob}: not a map"));
        };
        let mut rules = Vec::new();
        let mut group_scores = Vec::new();
        let body_score = body
            .get(&Yaml::String("score".into()))
            .cloned()
            .unwrap_or(Yaml::BadValue);
        let entrypoint = body
            .get(&Yaml::String("entrypoint".into()))
            .and_then(key_text);
        let root = given(&body, None, dialect).map_err(|e| format!("{glob}: {e}"))?;
        if root.permitted.is_some() || root.required.is_some() {
            rules.push(root);
        }
        for (k, v) in body {
            let name = key_text(&k).ok_or(format!("{glob}: a key that is not text"))?;
            if ["permitted", "required"].contains(&name.as_str())
                || METADATA.contains(&name.as_str())
            {
                continue;
            }
            let Yaml::Hash(group) = v else {
                return Err(format!(
                    "{glob}: {name}: not a key of submissions.yaml, nor a test-case glob \
                     with permitted / required"
                ));
            };
            if let Some(y) = group.get(&Yaml::String("score".into())) {
                let range = score_range(y).ok_or(format!(
                    "{glob}: {name}: score: not a number nor a list of two numbers [MIN, MAX]"
                ))?;
                group_scores.push((name.trim_end_matches('/').to_string(), range));
            }
            rules.push(
                given(&group, Some(name.clone()), dialect)
                    .map_err(|e| format!("{glob}: {name}: {e}"))?,
            );
        }
        let score = match body_score {
            Yaml::BadValue => None,
            y => Some(score_range(&y).ok_or(format!(
                "{glob}: score: not a number nor a list of two numbers [MIN, MAX]"
            ))?),
        };
        entries.push(Entry {
            glob,
            rules,
            score,
            group_scores,
            entrypoint,
        });
    }
    Ok(entries)
}

/// A `score` of `submissions.yaml`: `30` is `[30, 30]`.
fn score_range(y: &Yaml) -> Option<(f64, f64)> {
    let num = |y: &Yaml| match y {
        Yaml::Integer(i) => Some(*i as f64),
        Yaml::Real(_) => y.as_f64(),
        _ => None,
    };
    match y {
        Yaml::Array(v) if v.len() == 2 => {
            let (lo, hi) = (num(&v[0])?, num(&v[1])?);
            (lo <= hi).then_some((lo, hi))
        }
        other => num(other).map(|x| (x, x)),
    }
}

fn key_text(y: &Yaml) -> Option<String> {
    match y {
        Yaml::String(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Real(r) => Some(r.clone()),
        _ => None,
    }
}

/// The `permitted` and `required` of one map.
fn given(
    map: &yaml_rust2::yaml::Hash,
    cases: Option<String>,
    dialect: Dialect,
) -> Result<Given, String> {
    let list = |key: &str| -> Result<Option<BTreeSet<Verdict>>, String> {
        let names: Vec<&str> = match map.get(&Yaml::String(key.into())) {
            None => return Ok(None),
            Some(Yaml::Array(items)) => items
                .iter()
                .map(|i| {
                    i.as_str()
                        .ok_or(format!("{key}: a verdict that is not text"))
                })
                .collect::<Result<_, _>>()?,
            Some(Yaml::String(one)) if dialect == Dialect::V2023_07 => vec![one.as_str()],
            Some(_) => return Err(format!("{key}: not a list of verdicts")),
        };
        names
            .iter()
            .map(|n| {
                parse_spec_verdict(n).ok_or(format!(
                    "{key}: {n:?} is not a verdict (AC, WA, TLE or RTE)"
                ))
            })
            .collect::<Result<BTreeSet<_>, _>>()
            .map(Some)
    };
    Ok(Given {
        cases,
        permitted: list("permitted")?,
        required: list("required")?,
    })
}

/// The expectation of the submission `name` (`accepted/a.py`) in the standard folder
/// `standard` (its rule), or in a folder only `entries` name.
fn expectation_of(name: &str, standard: Option<(&str, &Rule)>, entries: &[Entry]) -> Expectation {
    let mut rules = Vec::new();
    let is_folder_key =
        |e: &Entry| standard.is_some_and(|(folder, _)| e.glob.trim_end_matches('/') == folder);
    if let Some((_, base)) = standard {
        let mut root = base.clone();
        for e in entries.iter().filter(|e| is_folder_key(e)) {
            for g in &e.rules {
                match g.cases {
                    None => root = g.over(&root),
                    Some(_) => rules.push(g.rule()),
                }
            }
        }
        rules.insert(0, root);
    }
    for e in entries
        .iter()
        .filter(|e| !is_folder_key(e) && glob_matches(&e.glob, name))
    {
        rules.extend(e.rules.iter().map(Given::rule));
    }
    Expectation::Rules(rules)
}

/// The files of a submission: the file itself, or every file below its folder, by name.
fn files_below(path: &std::path::Path) -> Vec<std::path::PathBuf> {
    if !path.is_dir() {
        return vec![path.to_path_buf()];
    }
    let mut out = Vec::new();
    let mut entries: Vec<std::path::PathBuf> = std::fs::read_dir(path)
        .map(|r| r.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    for p in entries {
        out.extend(files_below(&p));
    }
    out
}

/// The verdicts of a file's `@EXPECTED_RESULTS@:` tag, if it is text and has one.
fn read_tag(path: &std::path::Path) -> Option<Result<BTreeSet<Verdict>, String>> {
    let text = std::fs::read_to_string(path).ok()?;
    parse_expected_results(&text)
}

/// The legacy folders whose verdict is the first non-AC case's.
const LEGACY_FOLDERS: [Verdict; 4] = [AC, WA, TLE, RTE];

/// The entries of `submissions/submissions.yaml` (none for a legacy package or when
/// the file is absent).
fn read_entries(pkg: &Package, dialect: Dialect) -> Result<Vec<Entry>, PackageError> {
    let path = pkg.dir.join("submissions").join("submissions.yaml");
    match std::fs::read_to_string(&path) {
        _ if dialect == Dialect::Legacy => Ok(Vec::new()),
        Ok(text) => parse(&text, dialect).map_err(|message| PackageError::Invalid {
            path: path.clone(),
            message,
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(source) => Err(PackageError::Read { path, source }),
    }
}

/// Reads the `@EXPECTED_RESULTS@:` tag of every submission found in a folder that is not
/// a verdict folder; one without a tag, or with a broken one, is left out (and said so).
fn read_tags(found: &mut Found) {
    let mut untagged = Vec::new();
    found.submissions.retain_mut(|sub| {
        if sub.expected != Expectation::FirstOf(BTreeSet::new()) {
            return true;
        }
        let tag = files_below(&sub.path).iter().find_map(|f| read_tag(f));
        match tag {
            Some(Ok(set)) => {
                sub.expected = Expectation::FirstOf(set);
                true
            }
            Some(Err(e)) => {
                untagged.push(format!("{}: @EXPECTED_RESULTS@: {e}", sub.name));
                false
            }
            None => {
                untagged.push(format!(
                    "{}: no @EXPECTED_RESULTS@ tag in a folder that is not a verdict folder",
                    sub.name
                ));
                false
            }
        }
    });
    found.skipped.extend(untagged);
}

/// A scoring package's score expectations: `partially_accepted/` not the best score
/// (except under legacy grading), and the `score` and group scores `submissions.yaml`
/// states for a submission (its last matching entry's).
fn expect_scores(found: &mut Found, entries: &[Entry], legacy_grading: bool) {
    for sub in &mut found.submissions {
        let folder_name = sub.name.split('/').next().unwrap_or_default();
        // Under legacy grading problemtools only warns about the best score
        // (`package::submissions::score_warnings`).
        sub.score = match folder_name {
            "partially_accepted" if !legacy_grading => Some(ScoreExpectation::NotBest),
            _ => None,
        };
        let matching: Vec<&Entry> = entries
            .iter()
            .filter(|e| {
                glob_matches(&e.glob, &sub.name) || e.glob.trim_end_matches('/') == folder_name
            })
            .collect();
        if let Some((lo, hi)) = matching.iter().filter_map(|e| e.score).next_back() {
            sub.score = Some(ScoreExpectation::Range(lo, hi));
        }
        sub.group_scores = matching
            .iter()
            .flat_map(|e| e.group_scores.iter())
            .map(|(g, (lo, hi))| (g.clone(), ScoreExpectation::Range(*lo, *hi)))
            .collect();
    }
}

/// The package's submissions, each with its expectation, and the files left out; `Err`
/// for a broken `submissions.yaml`.
pub fn find(pkg: &Package) -> Result<Found, PackageError> {
    let dialect = Dialect::of(&pkg.format_version);
    let entries = read_entries(pkg, dialect)?;
    let standard = standard_folders(dialect);
    let scoring = pkg.scoring.is_some();
    // Legacy grading (a legacy package, or a 2023-07 draft's legacy testdata.yaml keys).
    let legacy_grading = pkg
        .scoring
        .as_ref()
        .is_some_and(|s| matches!(s.root.config, crate::judge::scoring::Config::Legacy(_)));
    let folder = |name: &str| -> Option<(usize, Expectation)> {
        if scoring && name == "partially_accepted" {
            // After `accepted/` (the same rank, a later name): accepted (legacy) or any
            // verdicts, with a score that is not the best.
            return Some((
                0,
                if legacy_grading {
                    Expectation::First(AC)
                } else {
                    Expectation::Rules(vec![Rule::new(&[], &[])])
                },
            ));
        }
        if dialect == Dialect::Legacy {
            if let Some(rank) = LEGACY_FOLDERS.iter().position(|v| v.folder() == name) {
                return Some((rank, Expectation::First(LEGACY_FOLDERS[rank])));
            }
        }
        if let Some(rank) = standard.iter().position(|(f, _)| *f == name) {
            return Some((rank, Expectation::Rules(vec![standard[rank].1.clone()])));
        }
        entries
            .iter()
            .any(|e| {
                e.glob
                    .split('/')
                    .next()
                    .is_some_and(|first| glob_matches(first, name))
            })
            .then(|| (standard.len(), Expectation::Rules(Vec::new())))
    };
    // A folder of none of the above holds the submissions whose sources carry DOMjudge's
    // `@EXPECTED_RESULTS@:` tag (their verdicts are read below).
    let tagged_rank = standard.len() + 1;
    let folder_or_tagged = |name: &str| -> Option<(usize, Expectation)> {
        folder(name).or_else(|| {
            let dir = pkg.dir.join("submissions").join(name);
            files_below(&dir)
                .iter()
                .any(|f| read_tag(f).is_some())
                .then(|| (tagged_rank, Expectation::FirstOf(BTreeSet::new())))
        })
    };
    let mut found = find_submissions_in(&pkg.dir, &folder_or_tagged);
    read_tags(&mut found);
    for sub in &mut found.submissions {
        let folder_name = sub.name.split('/').next().unwrap_or_default();
        sub.entrypoint = entries
            .iter()
            .filter(|e| {
                glob_matches(&e.glob, &sub.name) || e.glob.trim_end_matches('/') == folder_name
            })
            .filter_map(|e| e.entrypoint.clone())
            .next_back();
    }
    if scoring {
        expect_scores(&mut found, &entries, legacy_grading);
    }
    if dialect != Dialect::Legacy {
        for sub in &mut found.submissions {
            if sub.name.starts_with("partially_accepted/") && legacy_grading {
                continue;
            }
            if sub.name.starts_with("partially_accepted/") && scoring {
                let base = Rule::new(&[], &[]);
                sub.expected =
                    expectation_of(&sub.name, Some(("partially_accepted", &base)), &entries);
                continue;
            }
            if matches!(sub.expected, Expectation::FirstOf(_)) {
                continue;
            }
            let folder_name = sub.name.split('/').next().unwrap_or_default();
            let standard_rule = standard
                .iter()
                .find(|(f, _)| *f == folder_name)
                .map(|(f, r)| (*f, r));
            sub.expected = expectation_of(&sub.name, standard_rule, &entries);
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(e: &Expectation) -> Vec<Rule> {
        match e {
            Expectation::Rules(r) => r.clone(),
            other => panic!("not rules: {other:?}"),
        }
    }

    #[test]
    fn submissions_yaml_gives_permitted_and_required_per_glob_and_group() {
        let text = "\
accepted/slow_wa.py:
  permitted: [AC, WA]
  authors: Someone
time_limit_exceeded:
  permitted: [AC, WA, TLE]
'*/{a,b}.cpp':
  secret/group2:
    permitted: [AC, TLE]
    required: [TLE]
";
        let entries = parse(text, Dialect::V2025_09).expect("parses");
        assert_eq!(entries.len(), 3);
        let std = standard_folders(Dialect::V2025_09);
        let folder = |name: &str| std.iter().find(|(f, _)| *f == name).map(|(f, r)| (*f, r));
        // An added rule: accepted/ still permits only AC, and this glob permits AC or WA.
        let e = expectation_of("accepted/slow_wa.py", folder("accepted"), &entries);
        assert_eq!(rules(&e).len(), 2);
        assert_eq!(e.describe(), "AC & permitted AC|WA");
        // The folder's own key replaces what it gives and keeps `required`.
        let e = expectation_of(
            "time_limit_exceeded/x.py",
            folder("time_limit_exceeded"),
            &entries,
        );
        assert_eq!(e.describe(), "permitted AC|WA|TLE, required TLE");
        // A per-group rule through a brace glob.
        let e = expectation_of("wrong_answer/b.cpp", folder("wrong_answer"), &entries);
        let r = rules(&e);
        assert_eq!(r[1].cases.as_deref(), Some("secret/group2"));
        assert!(r[1].required.contains(&TLE) && r[1].required.len() == 1);
        assert!(e.is_time_limit_exceeded());
        assert_eq!(
            expectation_of("rejected/x.py", folder("rejected"), &[]).describe(),
            "not AC"
        );
    }

    #[test]
    fn each_version_reads_verdict_lists_as_it_defines_them() {
        let text = "accepted:\n  permitted: AC\n";
        assert_eq!(
            parse(text, Dialect::V2023_07).expect("2023-07 takes one verdict")[0].rules[0]
                .permitted,
            Some([AC].into_iter().collect())
        );
        assert!(parse(text, Dialect::V2025_09)
            .expect_err("2025-09 wants a list")
            .contains("not a list"));
        assert!(parse("a.py:\n  permitted: [MLE]\n", Dialect::V2025_09)
            .expect_err("no MLE in the format")
            .contains("\"MLE\" is not a verdict"));
        assert!(parse("a.py:\n  colour: red\n", Dialect::V2025_09).is_err());
        assert!(parse("- a\n", Dialect::V2025_09).is_err());
        assert_eq!(parse("", Dialect::V2025_09), Ok(Vec::new()));
        assert_eq!(Dialect::of("2023-07-draft"), Dialect::V2023_07);
        assert_eq!(Dialect::of("2025-09"), Dialect::V2025_09);
        assert_eq!(Dialect::of("draft"), Dialect::V2025_09);
        assert_eq!(Dialect::of("legacy"), Dialect::Legacy);
        assert!(standard_folders(Dialect::V2023_07)
            .iter()
            .any(|(f, _)| *f == "bruteforce"));
        assert!(!standard_folders(Dialect::V2025_09)
            .iter()
            .any(|(f, _)| *f == "bruteforce"));
    }
}
