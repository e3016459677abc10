//! The test groups of a scoring package, read into the judge's
//! [`Scoring`]: the group tree follows the folders of
//! the package's cases, each group's rules come from its folder's YAML file.
//!
//! - **legacy**: every folder from `data/` down is a group; `testdata.yaml` gives
//!   `on_reject` (`break` | `continue`), `grading` (`default` | `custom`: the
//!   package's grader, [`grader_source`]),
//!   `grader_flags` (a word the default grader does not know is passed over, as it
//!   does), `accept_score`, `reject_score` and `range` (`"MIN MAX"`), each key
//!   inherited from the parent folder unless given; `problem.yaml`'s `grading:`
//!   (`objective: max | min`, and the older `accept_score`, `reject_score`, `range`,
//!   `on_reject: first_error | grade`) applies to every group.
//! - **2023-07 / 2025-09**: `data/secret` and, when any of its subfolders has a
//!   `test_group.yaml` (or a 2023-07 `testdata.yaml`), each of its subfolders is a group:
//!   `max_score` (a number or `unbounded`; 100 for `secret`, unbounded for a group),
//!   `score_aggregation` (`sum` for `secret`, `pass-fail` for a group), `require_pass`
//!   (a group name or a list). The 2023-07 drafts' `scoring: {score, aggregation}` is
//!   read as `max_score` and `score_aggregation`. A 2023-07 draft whose `testdata.yaml`
//!   files use the legacy keys (`on_reject`, `grading`, `grader_flags`,
//!   `accept_score`, `reject_score`, `range`) is read with the legacy rules, as
//!   problemtools grades it.

use super::{num, read_yaml_with, words, FormatVersion, Package, PackageError};
use crate::judge::config::Group;
use crate::judge::scoring::{
    Aggregation, Child, Config, GraderFlags, LegacyConfig, ModernConfig, Node, Scoring,
};
use std::path::Path;
use yaml_rust2::Yaml;

/// The group configuration file of `folder` (`test_group.yaml`, else `testdata.yaml`),
/// read, with its path.
fn group_yaml(
    folder: &Path,
    pkg_constants: &crate::package::metadata::Constants,
) -> Result<Option<(std::path::PathBuf, Yaml)>, PackageError> {
    for file in ["test_group.yaml", "testdata.yaml"] {
        let path = folder.join(file);
        if let Some(doc) = read_yaml_with(&path, Some(pkg_constants))? {
            return Ok(Some((path, doc)));
        }
    }
    Ok(None)
}

fn invalid(path: &Path, message: String) -> PackageError {
    PackageError::Invalid {
        path: path.to_path_buf(),
        message,
    }
}

/// A legacy `range`: `"0 100"`, `-inf +inf`.
fn range(y: &Yaml) -> Option<(f64, f64)> {
    let text = match y {
        Yaml::String(s) => s.clone(),
        Yaml::Array(v) if v.len() == 2 => format!(
            "{} {}",
            num(&v[0]).unwrap_or(f64::NAN),
            num(&v[1]).unwrap_or(f64::NAN)
        ),
        _ => return None,
    };
    let parts: Vec<f64> = text
        .split_whitespace()
        .map(|w| w.parse::<f64>())
        .collect::<Result<_, _>>()
        .ok()?;
    match parts.as_slice() {
        [lo, hi] if lo <= hi => Some((*lo, *hi)),
        _ => None,
    }
}

/// `cfg` with the legacy keys `doc` gives (from the file `path`) applied.
fn legacy_keys(cfg: &mut LegacyConfig, doc: &Yaml, path: &Path) -> Result<(), PackageError> {
    match &doc["on_reject"] {
        Yaml::BadValue => {}
        y => match y.as_str() {
            Some("break") | Some("first_error") => cfg.on_reject_continue = false,
            Some("continue") | Some("grade") => cfg.on_reject_continue = true,
            _ => {
                return Err(invalid(
                    path,
                    format!("on_reject: {y:?} is not break or continue"),
                ))
            }
        },
    }
    match doc["grading"].as_str() {
        None => {}
        Some("default") => cfg.custom = false,
        Some("custom") => cfg.custom = true,
        Some(other) => {
            return Err(invalid(
                path,
                format!("grading: {other:?} is not default or custom"),
            ))
        }
    }
    if !matches!(doc["grader_flags"], Yaml::BadValue | Yaml::Null) {
        let w = match &doc["grader_flags"] {
            Yaml::Integer(i) => vec![i.to_string()],
            Yaml::Real(r) => vec![r.clone()],
            y => words(y).unwrap_or_default(),
        };
        // The default grader passes over the words it does not know.
        cfg.flags = GraderFlags::parse(&w).0;
        cfg.flag_words = w;
    }
    for (key, slot) in [
        ("accept_score", &mut cfg.accept_score),
        ("reject_score", &mut cfg.reject_score),
    ] {
        match &doc[key] {
            Yaml::BadValue => {}
            y => *slot = num(y).ok_or_else(|| invalid(path, format!("{key}: not a number")))?,
        }
    }
    match &doc["range"] {
        Yaml::BadValue => {}
        y => {
            cfg.range = range(y).ok_or_else(|| {
                invalid(
                    path,
                    "range: not two numbers \"MIN MAX\", MIN <= MAX".into(),
                )
            })?
        }
    }
    Ok(())
}

/// The keys that make a group's configuration legacy grading.
const LEGACY_KEYS: [&str; 6] = [
    "on_reject",
    "grading",
    "grader_flags",
    "accept_score",
    "reject_score",
    "range",
];

/// Whether a `testdata.yaml` under `data` (the folder itself included) uses the legacy
/// grading keys, as 2023-07 drafts in the wild do (problemtools grades them as legacy).
fn legacy_keys_in(data: &Path) -> Result<bool, PackageError> {
    let mut stack = vec![data.to_path_buf()];
    while let Some(folder) = stack.pop() {
        let path = folder.join("testdata.yaml");
        if let Some(doc) = super::read_yaml(&path)? {
            if LEGACY_KEYS
                .iter()
                .any(|k| !matches!(doc[*k], Yaml::BadValue))
            {
                return Ok(true);
            }
        }
        if let Ok(entries) = std::fs::read_dir(&folder) {
            stack.extend(entries.flatten().map(|e| e.path()).filter(|p| p.is_dir()));
        }
    }
    Ok(false)
}

/// A 2023-07 / 2025-09 group's configuration from `doc` (`None`: no file), with the
/// defaults `max_score` and `aggregation`.
fn modern_config(
    doc: Option<&(std::path::PathBuf, Yaml)>,
    max_score: Option<f64>,
    aggregation: Aggregation,
) -> Result<ModernConfig, PackageError> {
    let mut cfg = ModernConfig {
        max_score,
        aggregation,
        require_pass: Vec::new(),
    };
    let Some((path, doc)) = doc else {
        return Ok(cfg);
    };
    let scoring = &doc["scoring"];
    let max = match (&doc["max_score"], &scoring["score"]) {
        (Yaml::BadValue, Yaml::BadValue) => None,
        (Yaml::BadValue, y) | (y, _) => Some(y),
    };
    if let Some(y) = max {
        cfg.max_score = match y.as_str() {
            Some("unbounded") => None,
            _ => Some(num(y).filter(|x| *x >= 0.0).ok_or_else(|| {
                invalid(path, "max_score: not a number >= 0 or unbounded".into())
            })?),
        };
    }
    let agg = match (&doc["score_aggregation"], &scoring["aggregation"]) {
        (Yaml::BadValue, Yaml::BadValue) => None,
        (Yaml::BadValue, y) | (y, _) => Some(y),
    };
    if let Some(y) = agg {
        cfg.aggregation = y.as_str().and_then(Aggregation::parse).ok_or_else(|| {
            invalid(
                path,
                "score_aggregation: not pass-fail, sum or min".to_string(),
            )
        })?;
    }
    match &doc["require_pass"] {
        Yaml::BadValue => {}
        y => {
            cfg.require_pass = words(y)
                .ok_or_else(|| invalid(path, "require_pass: not a group name or a list".into()))?
        }
    }
    Ok(cfg)
}

/// Inserts the case `id` (`secret/a/b/01`) into `node` (the group of `prefix`), making
/// the groups on its way with `make(folder name below data/)`.
fn insert(
    node: &mut Node,
    prefix: &str,
    id: &str,
    make: &mut dyn FnMut(&str) -> Result<Node, PackageError>,
) -> Result<(), PackageError> {
    let rest = if prefix.is_empty() {
        id
    } else {
        &id[prefix.len() + 1..]
    };
    match rest.split_once('/') {
        None => node.children.push(Child::Case(id.to_string())),
        Some((first, _)) => {
            let name = if prefix.is_empty() {
                first.to_string()
            } else {
                format!("{prefix}/{first}")
            };
            let exists = matches!(node.children.last(), Some(Child::Group(g)) if g.name == name);
            if !exists {
                node.children.push(Child::Group(make(&name)?));
            }
            if let Some(Child::Group(g)) = node.children.last_mut() {
                insert(g, &name, id, make)?;
            }
        }
    }
    Ok(())
}

/// The package's grader source: the one visible entry of `graders/`; `Ok(None)` when
/// there is none, `Err` (the reason) when there are several.
pub fn grader_source(package: &Path) -> Result<Option<std::path::PathBuf>, String> {
    let folder = package.join("graders");
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return Ok(None);
    };
    let mut inside: Vec<std::path::PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    inside.sort();
    match inside.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one.clone())),
        more => Err(format!(
            "{} programs ({}): a package has at most one custom grader",
            more.len(),
            more.iter()
                .filter_map(|p| p.file_name())
                .map(|n| n.to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The first legacy group below `node` (or itself) graded by a custom grader.
fn first_custom(node: &Node) -> Option<&Node> {
    if matches!(&node.config, Config::Legacy(c) if c.custom) {
        return Some(node);
    }
    node.children.iter().find_map(|c| match c {
        Child::Group(g) => first_custom(g),
        Child::Case(_) => None,
    })
}

impl Package {
    /// The custom grader's source when a group grades with it (`grading: custom`);
    /// `Err` when such a group finds no grader, when `graders/` holds more than one, or
    /// when a pass-fail problem has one (problemtools refuses the last two too).
    pub(super) fn custom_grader(&self) -> Result<Option<std::path::PathBuf>, PackageError> {
        let graders = self.dir.join("graders");
        let source = grader_source(&self.dir).map_err(|m| invalid(&graders, m))?;
        let Some(scoring) = &self.scoring else {
            return match source {
                Some(s) => Err(invalid(
                    &s,
                    "a custom grader in a pass-fail problem (graders grade scoring problems)"
                        .into(),
                )),
                None => Ok(None),
            };
        };
        let Some(group) = first_custom(&scoring.root) else {
            return Ok(None);
        };
        match source {
            Some(s) => Ok(Some(s)),
            None => {
                let folder = match group.name.as_str() {
                    "data" => self.dir.join("data"),
                    name => self.dir.join("data").join(name),
                };
                // The file that says so: the group's own, or the nearest above it.
                let file = folder
                    .ancestors()
                    .take_while(|f| f.starts_with(self.dir.join("data")))
                    .map(|f| f.join("testdata.yaml"))
                    .find(|f| f.is_file())
                    .unwrap_or(folder);
                Err(invalid(
                    &file,
                    format!(
                        "grading: custom (group {}), but graders/ holds no grader",
                        group.name
                    ),
                ))
            }
        }
    }

    /// The legacy scoring groups: every folder of `data/` a group, its configuration its
    /// parent's, its own `testdata.yaml`'s keys and then the problem's `grading`.
    fn legacy_scoring(
        &self,
        problem_yaml: &Yaml,
        data: &Path,
        sample: Vec<String>,
    ) -> Result<Scoring, PackageError> {
        let grading = &problem_yaml["grading"];
        let yaml_path = self.dir.join("problem.yaml");
        let objective_min = match grading["objective"].as_str() {
            None | Some("max") => false,
            Some("min") => true,
            Some(o) => {
                return Err(invalid(
                    &yaml_path,
                    format!("grading.objective: {o:?} is not max or min"),
                ))
            }
        };
        // A folder's configuration: its parent's, its own file's keys, and then the
        // problem's `grading`.
        let mut configs: std::collections::BTreeMap<String, LegacyConfig> = Default::default();
        let mut config_of = |name: &str| -> Result<LegacyConfig, PackageError> {
            let parent = match name.rsplit_once('/') {
                Some((p, _)) => p.to_string(),
                None if name == "data" => String::new(),
                None => "data".to_string(),
            };
            let mut cfg = configs.get(&parent).cloned().unwrap_or_default();
            let folder = if name == "data" {
                data.to_path_buf()
            } else {
                data.join(name)
            };
            if let Some((path, doc)) = group_yaml(&folder, &self.constants)? {
                legacy_keys(&mut cfg, &doc, &path)?;
            }
            legacy_keys(&mut cfg, grading, &yaml_path)?;
            configs.insert(name.to_string(), cfg.clone());
            Ok(cfg)
        };
        let mut root = Node {
            name: "data".into(),
            config: Config::Legacy(config_of("data")?),
            children: Vec::new(),
        };
        let mut make = |name: &str| -> Result<Node, PackageError> {
            Ok(Node {
                name: name.to_string(),
                config: Config::Legacy(config_of(name)?),
                children: Vec::new(),
            })
        };
        for c in &self.cases {
            insert(&mut root, "", &c.case.id(), &mut make)?;
        }
        Ok(Scoring {
            root,
            sample,
            objective_min,
            grader: None,
        })
    }

    /// The 2023-07 / 2025-09 scoring groups: `data/secret` and, when its folders have
    /// a group file, each folder below it a group.
    fn modern_scoring(&self, data: &Path, sample: Vec<String>) -> Result<Scoring, PackageError> {
        let secret = data.join("secret");
        let secret_doc = group_yaml(&secret, &self.constants)?;
        let root_cfg = modern_config(secret_doc.as_ref(), Some(100.0), Aggregation::Sum)?;
        let mut root = Node {
            name: "secret".into(),
            config: Config::Modern(root_cfg.clone()),
            children: Vec::new(),
        };
        let secret_cases: Vec<String> = self
            .cases
            .iter()
            .filter(|c| c.case.group == Group::Secret)
            .map(|c| c.case.id())
            .collect();
        let first_folder = |id: &str| -> Option<String> {
            let rest = id.strip_prefix("secret/")?;
            rest.split_once('/').map(|(f, _)| f.to_string())
        };
        let has_groups = secret_cases
            .iter()
            .filter_map(|c| first_folder(c))
            .any(|f| {
                ["test_group.yaml", "testdata.yaml"]
                    .iter()
                    .any(|y| secret.join(&f).join(y).is_file())
            });
        for id in &secret_cases {
            match (has_groups, first_folder(id)) {
                (true, Some(f)) => {
                    let name = format!("secret/{f}");
                    let exists =
                        matches!(root.children.last(), Some(Child::Group(g)) if g.name == name);
                    if !exists {
                        let doc = group_yaml(&secret.join(&f), &self.constants)?;
                        // A group inherits only what is not scoring from `secret`.
                        let cfg = modern_config(doc.as_ref(), None, Aggregation::PassFail)?;
                        root.children.push(Child::Group(Node {
                            name,
                            config: Config::Modern(cfg),
                            children: Vec::new(),
                        }));
                    }
                    if let Some(Child::Group(g)) = root.children.last_mut() {
                        g.children.push(Child::Case(id.clone()));
                    }
                }
                (true, None) => {
                    return Err(invalid(
                        &secret,
                        format!(
                            "{id}: a case directly in data/secret beside test groups (the \
                             format allows groups or cases, not both)"
                        ),
                    ))
                }
                (false, _) => root.children.push(Child::Case(id.clone())),
            }
        }
        Ok(Scoring {
            root,
            sample,
            objective_min: false,
            grader: None,
        })
    }

    /// The package's scoring groups, when it is a scoring problem (`scoring` says so);
    /// `Err` names the broken file or the refused feature.
    pub(super) fn read_scoring(&self, problem_yaml: &Yaml) -> Result<Scoring, PackageError> {
        let data = self.dir.join("data");
        let sample: Vec<String> = self
            .cases
            .iter()
            .filter(|c| c.case.group == Group::Sample)
            .map(|c| c.case.id())
            .collect();
        if self.version == FormatVersion::Legacy || legacy_keys_in(&data)? {
            return self.legacy_scoring(problem_yaml, &data, sample);
        }
        self.modern_scoring(&data, sample)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::scoring::{CaseOutcome, ScoreRule};
    use crate::Verdict;

    fn write(dir: &Path, rel: &str, text: &str) {
        let p = dir.join(rel);
        std::fs::create_dir_all(p.parent().expect("a parent")).expect("mkdir");
        std::fs::write(p, text).expect("write");
    }

    #[test]
    fn legacy_testdata_yaml_is_inherited_key_by_key() {
        let d = tempfile::tempdir().expect("temp dir");
        let p = d.path();
        write(p, "problem.yaml", "type: scoring\n");
        write(
            p,
            "data/testdata.yaml",
            "grader_flags: ignore_sample\nrange: 0 100\n",
        );
        write(p, "data/sample/1.in", "");
        write(p, "data/sample/testdata.yaml", "grader_flags: sum\n");
        write(
            p,
            "data/secret/testdata.yaml",
            "on_reject: continue\ngrader_flags: sum\n",
        );
        write(
            p,
            "data/secret/g1/testdata.yaml",
            "accept_score: 20\ngrader_flags: min\n",
        );
        write(p, "data/secret/g1/a.in", "");
        write(p, "data/secret/g1/b.in", "");
        write(p, "data/secret/g2/a.in", "");
        let pkg = Package::load(p).expect("a scoring package");
        let s = pkg.scoring.as_ref().expect("scoring");
        assert_eq!(s.best(), Some(100.0));
        let Child::Group(secret) = &s.root.children[1] else {
            panic!("secret is a group")
        };
        let Child::Group(g1) = &secret.children[0] else {
            panic!("g1 is a group")
        };
        let Config::Legacy(c) = &g1.config else {
            panic!("legacy")
        };
        assert!(c.on_reject_continue && c.accept_score == 20.0);
        assert_eq!(
            (c.flags.score, c.flags.ignore_sample),
            (ScoreRule::Min, false)
        );
        assert_eq!(c.range, (0.0, 100.0));
        let r = s.score(&|_| {
            Some(CaseOutcome {
                verdict: Verdict::Accepted,
                score: None,
                multiplier: None,
            })
        });
        assert_eq!(r.score, 21.0);
        // grading: custom needs the one grader of graders/.
        write(p, "data/secret/g2/testdata.yaml", "grading: custom\n");
        let e = Package::load(p).expect_err("no grader").to_string();
        assert!(
            e.contains("g2/testdata.yaml: grading: custom (group secret/g2), but graders/"),
            "{e}"
        );
        write(p, "graders/a.py", "print('AC 0')\n");
        let pkg = Package::load(p).expect("a grader");
        assert_eq!(pkg.grader, Some(p.join("graders/a.py")));
        write(p, "graders/b.cpp", "int main(){}\n");
        let e = Package::load(p).expect_err("two graders").to_string();
        assert!(e.contains("graders: 2 programs (a.py, b.cpp)"), "{e}");
        std::fs::remove_dir_all(p.join("graders")).expect("rm");
        write(p, "data/secret/g2/testdata.yaml", "range: 5\n");
        let e = Package::load(p).expect_err("a broken range").to_string();
        assert!(e.contains("g2/testdata.yaml: range"), "{e}");
    }

    #[test]
    fn modern_groups_are_the_folders_of_secret_with_a_configuration() {
        let d = tempfile::tempdir().expect("temp dir");
        let p = d.path();
        write(
            p,
            "problem.yaml",
            "problem_format_version: 2025-09\ntype: scoring\n",
        );
        write(p, "data/sample/1.in", "");
        write(p, "data/secret/a/test_group.yaml", "max_score: 30\n");
        write(p, "data/secret/a/1.in", "");
        write(
            p,
            "data/secret/b/test_group.yaml",
            "max_score: 70\nscore_aggregation: min\nrequire_pass: [sample, secret/a]\n",
        );
        write(p, "data/secret/b/x/1.in", "");
        let pkg = Package::load(p).expect("a scoring package");
        let s = pkg.scoring.as_ref().expect("scoring");
        assert_eq!(s.best(), Some(100.0));
        assert_eq!(s.root.children.len(), 2);
        let Child::Group(b) = &s.root.children[1] else {
            panic!("b is a group")
        };
        assert_eq!(b.cases(), ["secret/b/x/1"]);
        assert_eq!(
            b.config,
            Config::Modern(ModernConfig {
                max_score: Some(70.0),
                aggregation: Aggregation::Min,
                require_pass: vec!["sample".into(), "secret/a".into()],
            })
        );
        write(
            p,
            "data/secret/b/test_group.yaml",
            "score_aggregation: most\n",
        );
        let e = Package::load(p).expect_err("a broken group").to_string();
        assert!(e.contains("b/test_group.yaml: score_aggregation"), "{e}");
    }
}
