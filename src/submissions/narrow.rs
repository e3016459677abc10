//! The part of a problem's example submissions and cases one verification covers:
//! everything by default; to debug one failure, some submissions and one case
//! (`gridjudge verify-submissions … SUBMISSION… --case NAME`), as `bt run
//! submissions/accepted/x.py data/secret/3.in` does.
//!
//! A submission is named by a path: as given (from the current folder), below the
//! problem folder (`submissions/accepted/x.py`) or below its `submissions/` folder
//! (`accepted/x.py`), whichever exists first. A file or a submission's folder names that
//! submission; a folder above (`submissions/accepted`) names every submission under it.
//! Paths are compared once resolved (links and `..` followed), so `./x/../accepted` and
//! an absolute path name the same thing. A path that names no submission is an error
//! that lists the ones there are: a misspelt name never turns into a run of nothing.

use crate::judge::config::Case;
use crate::submissions::Submission;
use std::path::{Path, PathBuf};

/// How many names an error lists before "and N more".
const LISTED: usize = 12;

/// Which submissions and cases a verification covers.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Narrow {
    /// Only the submissions at or under these resolved paths; every one when empty.
    pub submissions: Vec<PathBuf>,
    /// Only this case: its name (`01`) or its id (`secret/01`).
    pub case: Option<String>,
}

impl Narrow {
    /// Whether it covers everything.
    pub(crate) fn is_whole(&self) -> bool {
        self.submissions.is_empty() && self.case.is_none()
    }

    /// Whether `sub` is covered.
    pub fn keeps(&self, sub: &Submission) -> bool {
        if self.submissions.is_empty() {
            return true;
        }
        let path = std::fs::canonicalize(&sub.path).unwrap_or_else(|_| sub.path.clone());
        self.submissions.iter().any(|want| path.starts_with(want))
    }

    /// Whether `case` is covered.
    pub(crate) fn keeps_case(&self, case: &Case) -> bool {
        self.case
            .as_ref()
            .is_none_or(|want| &case.name == want || &case.id() == want)
    }

    /// What the report's summary adds: `only accepted/x.py, case secret/3`, or nothing
    /// when everything is covered.
    pub fn describe(&self, dir: &Path) -> Option<String> {
        if self.is_whole() {
            return None;
        }
        let root = std::fs::canonicalize(dir.join("submissions")).unwrap_or_default();
        let mut parts = Vec::new();
        if !self.submissions.is_empty() {
            let names: Vec<String> = self
                .submissions
                .iter()
                .map(|p| p.strip_prefix(&root).unwrap_or(p).display().to_string())
                .collect();
            parts.push(format!("only {}", names.join(", ")));
        }
        if let Some(case) = &self.case {
            parts.push(format!("case {case}"));
        }
        Some(parts.join(", "))
    }
}

/// Resolves the SUBMISSION arguments of the problem folder or package `dir`, whose
/// submissions are `found`: each to the resolved path it names (see the module
/// documentation). Err: a line naming the first argument that names no submission and
/// listing the submissions there are.
pub fn resolve_submissions(
    dir: &Path,
    wanted: &[PathBuf],
    found: &[Submission],
) -> Result<Vec<PathBuf>, String> {
    let real: Vec<PathBuf> = found
        .iter()
        .map(|s| std::fs::canonicalize(&s.path).unwrap_or_else(|_| s.path.clone()))
        .collect();
    let mut resolved = Vec::new();
    for want in wanted {
        let hit = [
            want.clone(),
            dir.join(want),
            dir.join("submissions").join(want),
        ]
        .iter()
        .find_map(|p| std::fs::canonicalize(p).ok())
        .filter(|p| real.iter().any(|r| r.starts_with(p)));
        match hit {
            Some(p) => resolved.push(p),
            None => {
                return Err(format!(
                    "{}: no submission of {} (a file or folder under submissions/); the submissions: {}",
                    want.display(),
                    dir.display(),
                    listed(found.iter().map(|s| s.name.clone()))
                ))
            }
        }
    }
    Ok(resolved)
}

/// Checks that `want` names one of `cases` (by name or id). Err: a line listing them.
pub(crate) fn check_case(want: &str, cases: &[&Case]) -> Result<(), String> {
    if cases.iter().any(|c| c.name == want || c.id() == want) {
        return Ok(());
    }
    Err(format!(
        "no case named {want:?} (a name such as 1, or an id such as sample/1); the cases: {}",
        listed(cases.iter().map(|c| c.id()))
    ))
}

/// The first [`LISTED`] names, comma-separated, then how many more.
fn listed(names: impl Iterator<Item = String>) -> String {
    let names: Vec<String> = names.collect();
    if names.is_empty() {
        return "none".to_string();
    }
    let more = names.len().saturating_sub(LISTED);
    let mut text = names
        .into_iter()
        .take(LISTED)
        .collect::<Vec<_>>()
        .join(", ");
    if more > 0 {
        text.push_str(&format!(", and {more} more"));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::expectation::Expectation;
    use crate::Verdict;

    fn submission(dir: &Path, name: &str) -> Submission {
        let path = dir.join("submissions").join(name);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, "int main(){}").expect("write");
        Submission {
            expected: Expectation::Exactly(Verdict::Accepted),
            path,
            name: name.to_string(),
            score: None,
            group_scores: Vec::new(),
            entrypoint: None,
        }
    }

    #[test]
    fn a_submission_is_named_from_the_folder_its_submissions_or_the_current_folder() {
        let dir = tempfile::tempdir().expect("temp dir");
        let a = submission(dir.path(), "accepted/a.c");
        let b = submission(dir.path(), "accepted/b.c");
        let w = submission(dir.path(), "wrong_answer/w.c");
        let found = [a.clone(), b.clone(), w.clone()];
        for spelling in [
            PathBuf::from("submissions/accepted/a.c"),
            PathBuf::from("accepted/a.c"),
            dir.path().join("submissions/accepted/a.c"),
            PathBuf::from("accepted/../accepted/a.c"),
        ] {
            let only = resolve_submissions(dir.path(), std::slice::from_ref(&spelling), &found)
                .unwrap_or_else(|e| panic!("{spelling:?}: {e}"));
            let narrow = Narrow {
                submissions: only,
                case: None,
            };
            assert!(narrow.keeps(&a), "{spelling:?}");
            assert!(!narrow.keeps(&b), "{spelling:?}");
            assert!(!narrow.keeps(&w), "{spelling:?}");
        }
        // A folder names every submission under it.
        let folder = Narrow {
            submissions: resolve_submissions(dir.path(), &["accepted".into()], &found)
                .expect("a folder"),
            case: None,
        };
        assert!(folder.keeps(&a) && folder.keeps(&b) && !folder.keeps(&w));
        assert_eq!(
            folder.describe(dir.path()).as_deref(),
            Some("only accepted")
        );
    }

    #[test]
    fn a_name_that_is_no_submission_is_an_error_listing_them() {
        let dir = tempfile::tempdir().expect("temp dir");
        let found = [submission(dir.path(), "accepted/a.c")];
        // Exists, but holds no submission; and does not exist at all.
        std::fs::create_dir_all(dir.path().join("data")).expect("mkdir");
        for wrong in ["data", "accepted/a.cpp"] {
            let e = resolve_submissions(dir.path(), &[wrong.into()], &found).expect_err(wrong);
            assert!(e.starts_with(&format!("{wrong}: no submission of")), "{e}");
            assert!(e.ends_with("the submissions: accepted/a.c"), "{e}");
        }
    }

    #[test]
    fn a_case_is_named_by_its_name_or_its_id() {
        use crate::judge::config::Group;
        let case = Case {
            group: Group::Secret,
            name: "03".to_string(),
            input: PathBuf::from("03.in"),
            answer: Some(PathBuf::from("03.ans")),
        };
        for want in ["03", "secret/03"] {
            assert_eq!(check_case(want, &[&case]), Ok(()));
            let narrow = Narrow {
                submissions: Vec::new(),
                case: Some(want.to_string()),
            };
            assert!(narrow.keeps_case(&case));
        }
        let e = check_case("sample/03", &[&case]).expect_err("no such case");
        assert!(e.ends_with("the cases: secret/03"), "{e}");
    }
}
