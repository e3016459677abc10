//! The package-shape rules the format states as errors, checked once the package is
//! read: each broken rule is a [`PackageError::Invalid`] naming the file and the rule.
//!
//! - **legacy**: `accept_score`, `reject_score` and `range` of a `testdata.yaml`, and
//!   `problem.yaml`'s `grading`, are for scoring problems only (a custom grader in a
//!   pass-fail problem is refused where graders are found,
//!   `Package::custom_grader`); the default grader's `ignore_sample` reaches no group
//!   below `data/` (groups inherit `grader_flags`, so `sample` and `secret` give their
//!   own when `data/` sets it);
//! - **2025-09**: a pass-fail problem sets no `max_score`, `score_aggregation` or
//!   `require_pass` in any `test_group.yaml`, and neither does `data/sample` of a scoring
//!   one; in a scoring problem `max_score` is a whole number or `unbounded`; a
//!   pass-fail `secret` has pass-fail groups and a bounded `max_score`; a group is
//!   unbounded only when `secret` is; `require_pass` names `sample` or groups that
//!   exist, come earlier in name order than the group naming them and aggregate
//!   pass-fail, and `secret` requires `sample` only.
//!
//! The shape of the data itself is a list of findings of the data check
//! ([`Package::data_shape`], run by [`data_check`](super::data_check) before any run),
//! not a load error:
//!
//! - **errors**: a case without its `.ans` where the default output validator needs it
//!   (a non-interactive problem with the default validator); a case or group name that
//!   is not `[a-zA-Z0-9][a-zA-Z0-9_.-]*` (problemtools' rule); a `.in` or `.ans` that
//!   starts with a UTF-8 byte order mark (an invisible token no contestant's reader
//!   expects: the format's data is plain text);
//! - **warnings**: a missing `.ans` where a custom output validator reads the case (it
//!   is given an empty answer); an empty `.ans` of a non-interactive problem; two cases
//!   with byte-identical inputs; no sample case; a `.in` or `.ans` that is not UTF-8
//!   (binary data is allowed, but rare enough to be a mistake).

use super::data_check::Finding;
use super::expectations::Dialect;
use super::{read_yaml, FormatVersion, Package, PackageError, Validation};
use crate::judge::scoring::{Aggregation, Child, Config, ModernConfig, Node, Scoring};
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use yaml_rust2::Yaml;

/// The keys of a 2025-09 group configuration that only scoring problems set.
const SCORING_KEYS: [&str; 3] = ["max_score", "score_aggregation", "require_pass"];

/// The legacy `testdata.yaml` keys that only scoring problems set.
const LEGACY_SCORING_KEYS: [&str; 3] = ["accept_score", "reject_score", "range"];

fn broken(path: &Path, message: String) -> PackageError {
    PackageError::Invalid {
        path: path.to_path_buf(),
        message,
    }
}

/// Every folder from `data/` down, `data/` first, each folder's subfolders in name
/// order.
fn folders(data: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![data.to_path_buf()];
    while let Some(folder) = stack.pop() {
        let mut subs: Vec<PathBuf> = std::fs::read_dir(&folder)
            .map(|entries| {
                entries
                    .flatten()
                    .map(|e| e.path())
                    .filter(|p| p.is_dir())
                    .collect()
            })
            .unwrap_or_default();
        subs.sort();
        stack.extend(subs.into_iter().rev());
        out.push(folder);
    }
    out
}

/// The first of `keys` that `doc` sets.
fn first_key<'a>(doc: &Yaml, keys: &[&'a str]) -> Option<&'a str> {
    keys.iter()
        .copied()
        .find(|k| !matches!(doc[*k], Yaml::BadValue))
}

impl Package {
    /// Legacy grading: the default grader's `ignore_sample` only at the root `data/`
    /// (a group below that inherits it breaks the rule, as problemtools reads it).
    fn check_ignore_sample(&self, root: &Node) -> Result<(), PackageError> {
        let data = self.dir.join("data");
        let mut stack: Vec<&Node> = root
            .children
            .iter()
            .filter_map(|c| match c {
                Child::Group(g) => Some(g),
                Child::Case(_) => None,
            })
            .collect();
        while let Some(g) = stack.pop() {
            if let Config::Legacy(cfg) = &g.config {
                if cfg.flags.ignore_sample && !cfg.custom {
                    // The file whose grader_flags the group has: its own or the nearest
                    // above it.
                    let folder = data.join(&g.name);
                    let file = folder
                        .ancestors()
                        .take_while(|f| f.starts_with(&data))
                        .map(|f| f.join("testdata.yaml"))
                        .find(|f| {
                            read_yaml(f)
                                .ok()
                                .flatten()
                                .is_some_and(|d| !matches!(d["grader_flags"], Yaml::BadValue))
                        })
                        .unwrap_or(folder);
                    return Err(broken(
                        &file,
                        format!(
                            "grader_flags: ignore_sample reaches group {} (groups inherit \
                             grader_flags): the flag is for data/ only, give {} its own \
                             grader_flags",
                            g.name, g.name
                        ),
                    ));
                }
            }
            stack.extend(g.children.iter().rev().filter_map(|c| match c {
                Child::Group(g) => Some(g),
                Child::Case(_) => None,
            }));
        }
        Ok(())
    }

    /// Checks the rules of the module doc; the first broken one is the error.
    pub(super) fn check_shape(&self, problem_yaml: &Yaml) -> Result<(), PackageError> {
        if self.version == FormatVersion::Legacy && self.scoring.is_none() {
            self.check_no_legacy_scoring_keys(problem_yaml)?;
        }
        if let Some(Scoring { root, .. }) = &self.scoring {
            if matches!(root.config, Config::Legacy(_)) {
                self.check_ignore_sample(root)?;
            }
        }
        if self.version == FormatVersion::Legacy
            || Dialect::of(&self.format_version) != Dialect::V2025_09
        {
            return Ok(());
        }
        self.check_test_group_files()?;
        self.check_modern_groups()
    }

    /// A legacy pass-fail package sets no scoring key: none in a `testdata.yaml`, no
    /// `grading` in problem.yaml.
    fn check_no_legacy_scoring_keys(&self, problem_yaml: &Yaml) -> Result<(), PackageError> {
        let data = self.dir.join("data");
        for folder in folders(&data) {
            let path = folder.join("testdata.yaml");
            if let Some(doc) = read_yaml(&path)? {
                if let Some(key) = first_key(&doc, &LEGACY_SCORING_KEYS) {
                    return Err(broken(
                        &path,
                        format!("{key}: only scoring problems set it (type: scoring)"),
                    ));
                }
            }
        }
        if !matches!(problem_yaml["grading"], Yaml::BadValue | Yaml::Null) {
            return Err(broken(
                &self.dir.join("problem.yaml"),
                "grading: only scoring problems set it (type: scoring)".into(),
            ));
        }
        Ok(())
    }

    /// A 2025-09 package's `test_group.yaml` files: scoring keys only in a scoring
    /// problem and never under sample, `max_score` a whole number >= 0 or `unbounded`.
    fn check_test_group_files(&self) -> Result<(), PackageError> {
        let data = self.dir.join("data");
        let scoring = self.scoring.is_some();
        for folder in folders(&data) {
            let path = folder.join("test_group.yaml");
            let Some(doc) = read_yaml(&path)? else {
                continue;
            };
            let in_sample = folder.starts_with(data.join("sample"));
            if let Some(key) = first_key(&doc, &SCORING_KEYS) {
                if !scoring {
                    return Err(broken(
                        &path,
                        format!("{key}: a pass-fail problem does not set it (type: scoring)"),
                    ));
                }
                if in_sample {
                    return Err(broken(&path, format!("{key}: not permitted in sample")));
                }
            }
            match &doc["max_score"] {
                Yaml::BadValue => {}
                Yaml::String(s) if s == "unbounded" => {}
                Yaml::Integer(i) if *i >= 0 => {}
                y => {
                    let shown = match y {
                        Yaml::Real(r) => r.clone(),
                        Yaml::String(s) => format!("{s:?}"),
                        other => format!("{other:?}"),
                    };
                    return Err(broken(
                        &path,
                        format!("max_score: {shown} is not a whole number >= 0 or unbounded"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// A 2025-09 scoring package's group tree: pass-fail aggregation needs bounded
    /// scores all the way down, a bounded secret needs bounded groups, and
    /// `require_pass` names only earlier pass-fail groups (secret: sample only).
    fn check_modern_groups(&self) -> Result<(), PackageError> {
        let data = self.dir.join("data");
        let Some(s) = &self.scoring else {
            return Ok(());
        };
        let Config::Modern(root) = &s.root.config else {
            return Ok(());
        };
        let secret = data.join("secret");
        let file_of = |name: &str| -> PathBuf {
            let folder = match name.strip_prefix("secret/") {
                Some(rest) => secret.join(rest),
                None => secret.clone(),
            };
            let file = folder.join("test_group.yaml");
            if file.is_file() {
                file
            } else {
                folder
            }
        };
        let groups: Vec<(&Node, &ModernConfig)> = s
            .root
            .children
            .iter()
            .filter_map(|c| match c {
                Child::Group(g) => match &g.config {
                    Config::Modern(cfg) => Some((g, cfg)),
                    Config::Legacy(_) => None,
                },
                Child::Case(_) => None,
            })
            .collect();
        if root.aggregation == Aggregation::PassFail && root.max_score.is_none() {
            return Err(broken(
                &file_of("secret"),
                "score_aggregation: pass-fail needs a bounded max_score".into(),
            ));
        }
        for (g, cfg) in &groups {
            if root.aggregation == Aggregation::PassFail && cfg.aggregation != Aggregation::PassFail
            {
                return Err(broken(
                    &file_of(&g.name),
                    "score_aggregation: secret aggregates pass-fail, so do its groups".into(),
                ));
            }
            if root.max_score.is_some() && cfg.max_score.is_none() {
                return Err(broken(
                    &file_of(&g.name),
                    "max_score: unbounded (the default for a group), but secret's is bounded: \
                     give the group a max_score"
                        .into(),
                ));
            }
        }
        for name in &root.require_pass {
            if name.trim_end_matches('/') != "sample" {
                return Err(broken(
                    &file_of("secret"),
                    format!("require_pass: {name}: secret may require sample only"),
                ));
            }
        }
        for (g, cfg) in &groups {
            for required in &cfg.require_pass {
                let required = required.trim_end_matches('/');
                if required == "sample" {
                    continue;
                }
                let Some((_, other)) = groups.iter().find(|(o, _)| o.name == required) else {
                    return Err(broken(
                        &file_of(&g.name),
                        format!("require_pass: {required}: no such test group"),
                    ));
                };
                if required >= g.name.as_str() {
                    return Err(broken(
                        &file_of(&g.name),
                        format!(
                            "require_pass: {required}: a required group comes earlier in name \
                             order than {}",
                            g.name
                        ),
                    ));
                }
                if other.aggregation != Aggregation::PassFail {
                    return Err(broken(
                        &file_of(&g.name),
                        format!("require_pass: {required}: a required group aggregates pass-fail"),
                    ));
                }
            }
        }
        Ok(())
    }
}

/// Whether `name` (one step of a case's path) is `[a-zA-Z0-9][a-zA-Z0-9_.-]*`.
fn good_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
        && chars.all(|c| c.is_ascii_alphanumeric() || "_.-".contains(c))
}

/// The byte order mark of UTF-8.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The encoding findings of the data file `path` with contents `bytes`.
fn encoding(path: &Path, bytes: &[u8], out: &mut Vec<Finding>) {
    if bytes.starts_with(BOM) {
        out.push(Finding::error(
            path,
            "encoding",
            "starts with a UTF-8 byte order mark (EF BB BF): remove it",
        ));
    } else if let Err(e) = std::str::from_utf8(bytes) {
        out.push(Finding::warning(
            path,
            "encoding",
            format!("not UTF-8 (byte {} of the file)", e.valid_up_to() + 1),
        ));
    }
}

impl Package {
    /// The findings about the data's shape (see the module documentation), in case
    /// order.
    pub fn data_shape(&self) -> Vec<Finding> {
        let mut out = Vec::new();
        let data = self.dir.join("data");
        if !self
            .cases
            .iter()
            .any(|c| c.case.group == crate::judge::config::Group::Sample)
        {
            out.push(Finding::warning(
                &data.join("sample"),
                "sample",
                "no sample case (data/sample/*.in): contestants get no example",
            ));
        }
        let batch = !self.interactive && self.passes.is_none();
        let mut seen: HashMap<(u64, usize), Vec<PathBuf>> = HashMap::new();
        for c in &self.cases {
            let input = &c.case.input;
            for step in c.case.name.split('/') {
                if !good_name(step) {
                    out.push(Finding::error(
                        input,
                        "case name",
                        format!(
                            "{step:?} is not a valid name: letters, digits, `_`, `.` and `-`, \
                             starting with a letter or digit"
                        ),
                    ));
                    break;
                }
            }
            match crate::tree::read_file(input) {
                Ok(bytes) => {
                    encoding(input, &bytes, &mut out);
                    let mut h = std::collections::hash_map::DefaultHasher::new();
                    bytes.hash(&mut h);
                    let same = seen.entry((h.finish(), bytes.len())).or_default();
                    let twin = same
                        .iter()
                        .find(|p| crate::tree::read_file(p).is_ok_and(|b| b == bytes));
                    match twin {
                        Some(first) => out.push(Finding::warning(
                            input,
                            "identical inputs",
                            format!("byte for byte the input of {}", first.display()),
                        )),
                        None => same.push(input.clone()),
                    }
                }
                Err(e) => out.push(Finding::error(input, "input", e.to_string())),
            }
            match &c.case.answer {
                None if batch && self.validation == Validation::Default => {
                    out.push(Finding::error(
                        &input.with_extension("ans"),
                        "answer",
                        "missing: the default output validator compares the output with it",
                    ))
                }
                None if batch => out.push(Finding::warning(
                    &input.with_extension("ans"),
                    "answer",
                    "missing: the output validator is given an empty answer",
                )),
                None => {}
                Some(ans) => match crate::tree::read_file(ans) {
                    Ok(bytes) => {
                        if bytes.is_empty() && batch {
                            out.push(Finding::warning(ans, "answer", "empty"));
                        }
                        encoding(ans, &bytes, &mut out);
                    }
                    Err(e) => out.push(Finding::error(ans, "answer", e.to_string())),
                },
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(dir: &Path, rel: &str, text: &str) {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().expect("a parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }

    /// The error of loading `dir`, or `ok`.
    fn load(dir: &Path) -> String {
        match Package::load(dir) {
            Ok(_) => "ok".into(),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn case_names_follow_problemtools_rule() {
        for good in ["1", "01_top95", "a.b-c_d", "Z9"] {
            assert!(good_name(good), "{good}");
        }
        for bad in ["", "_x", ".hidden", "-a", "a b", "é", "a/b"] {
            assert!(!good_name(bad), "{bad}");
        }
    }

    #[test]
    fn legacy_scoring_keys_belong_to_scoring_problems() {
        let d = tempfile::tempdir().expect("temp dir");
        let p = d.path();
        write(p, "problem.yaml", "name: P\n");
        write(p, "data/secret/1.in", "");
        write(p, "data/secret/g/testdata.yaml", "on_reject: continue\n");
        assert_eq!(load(p), "ok");
        write(p, "data/secret/g/testdata.yaml", "range: 0 10\n");
        assert!(load(p).ends_with(
            "data/secret/g/testdata.yaml: range: only scoring problems set it (type: scoring)"
        ));
        write(p, "data/secret/g/testdata.yaml", "");
        write(p, "problem.yaml", "name: P\ngrading:\n  objective: min\n");
        assert!(load(p)
            .ends_with("problem.yaml: grading: only scoring problems set it (type: scoring)"));
        write(
            p,
            "problem.yaml",
            "name: P\ntype: scoring\ngrading:\n  objective: min\n",
        );
        write(p, "data/secret/g/testdata.yaml", "range: 0 10\n");
        assert_eq!(load(p), "ok");
        // ignore_sample is for data/ only, and groups inherit grader_flags.
        write(
            p,
            "data/testdata.yaml",
            "on_reject: continue\ngrader_flags: ignore_sample\n",
        );
        let e = load(p);
        assert!(
            e.ends_with(
                "data/testdata.yaml: grader_flags: ignore_sample reaches group secret (groups \
                 inherit grader_flags): the flag is for data/ only, give secret its own \
                 grader_flags"
            ),
            "{e}"
        );
        write(p, "data/secret/testdata.yaml", "grader_flags: sum\n");
        assert_eq!(load(p), "ok");
        write(p, "data/secret/g/1.in", "");
        write(
            p,
            "data/secret/g/testdata.yaml",
            "grader_flags: min ignore_sample\n",
        );
        let e = load(p);
        assert!(
            e.contains(
                "secret/g/testdata.yaml: grader_flags: ignore_sample reaches group secret/g"
            ),
            "{e}"
        );
    }

    #[test]
    fn the_2025_09_scoring_rules_are_checked_naming_the_file() {
        let d = tempfile::tempdir().expect("temp dir");
        let p = d.path();
        let scoring = "problem_format_version: 2025-09\ntype: scoring\n";
        write(p, "problem.yaml", scoring);
        write(p, "data/sample/1.in", "");
        write(p, "data/secret/a/test_group.yaml", "max_score: 30\n");
        write(p, "data/secret/a/1.in", "");
        write(
            p,
            "data/secret/b/test_group.yaml",
            "max_score: 70\nscore_aggregation: sum\nrequire_pass: [sample, secret/a]\n",
        );
        write(p, "data/secret/b/1.in", "");
        assert_eq!(load(p), "ok");
        let cases: [(&str, &str, &str); 9] = [
            // A pass-fail problem sets no scoring key.
            (
                "problem_format_version: 2025-09\n",
                "",
                "secret/a/test_group.yaml: max_score: a pass-fail problem does not set it",
            ),
            (
                scoring,
                "data/sample/test_group.yaml=score_aggregation: sum\n",
                "sample/test_group.yaml: score_aggregation: not permitted in sample",
            ),
            (
                scoring,
                "data/secret/a/test_group.yaml=max_score: 12.5\n",
                "a/test_group.yaml: max_score: 12.5 is not a whole number >= 0 or unbounded",
            ),
            (
                scoring,
                "data/secret/a/test_group.yaml=score_aggregation: min\n",
                "a/test_group.yaml: max_score: unbounded (the default for a group), but secret's is bounded",
            ),
            (
                scoring,
                "data/secret/test_group.yaml=score_aggregation: pass-fail\nmax_score: unbounded\n",
                "secret/test_group.yaml: score_aggregation: pass-fail needs a bounded max_score",
            ),
            (
                scoring,
                "data/secret/test_group.yaml=score_aggregation: pass-fail\n",
                "b/test_group.yaml: score_aggregation: secret aggregates pass-fail, so do its groups",
            ),
            (
                scoring,
                "data/secret/test_group.yaml=require_pass: secret/a\n",
                "secret/test_group.yaml: require_pass: secret/a: secret may require sample only",
            ),
            (
                scoring,
                "data/secret/a/test_group.yaml=max_score: 30\nrequire_pass: secret/b\n",
                "a/test_group.yaml: require_pass: secret/b: a required group comes earlier in name order than secret/a",
            ),
            (
                scoring,
                "data/secret/b/test_group.yaml=max_score: 70\nrequire_pass: secret/c\n",
                "b/test_group.yaml: require_pass: secret/c: no such test group",
            ),
        ];
        for (problem, file, error) in cases {
            let dir = tempfile::tempdir().expect("temp dir");
            let q = dir.path();
            for f in [
                "data/sample/1.in",
                "data/secret/a/1.in",
                "data/secret/b/1.in",
            ] {
                write(q, f, "");
            }
            write(q, "data/secret/a/test_group.yaml", "max_score: 30\n");
            write(
                q,
                "data/secret/b/test_group.yaml",
                "max_score: 70\nscore_aggregation: sum\nrequire_pass: [sample, secret/a]\n",
            );
            write(q, "problem.yaml", problem);
            if let Some((name, text)) = file.split_once('=') {
                write(q, name, text);
            }
            let e = load(q);
            assert!(e.contains(error), "{file}: {e}");
        }
        // A required group that does not aggregate pass-fail.
        write(
            p,
            "data/secret/a/test_group.yaml",
            "max_score: 30\nscore_aggregation: sum\n",
        );
        assert!(load(p).contains("require_pass: secret/a: a required group aggregates pass-fail"));
    }
}
