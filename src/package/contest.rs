//! The problems of a contest folder, for `gridjudge verify`: which package folders a
//! folder holds, in the order the contest lists them.
//!
//! A folder with a `problem.yaml` is one package, itself. Otherwise it is a contest, and
//! its problems are, from the first of these that is there:
//!
//! 1. `problems.yaml`: a list of problems, each a map whose `id` (or DOMjudge's
//!    `short-name` / `short_name`) names the problem's folder (the format of the
//!    Kattis/ICPC contest package and of BAPCtools);
//! 2. `contest.yaml` with a `problems:` list of the same maps (DOMjudge's contest file);
//! 3. every folder directly under it that holds a `problem.yaml`, in name order.
//!
//! A contest folder is untrusted as a package is ([`crate::tree`]): a problem's folder
//! must be a folder inside the contest (a link to one inside is followed, once; a link
//! out of it, a name with `/` or `..`, or a folder named twice is an error naming the
//! list), and each package is then read by [`Package::load`](super::Package::load), with
//! its own checks.

use super::{read_yaml, PackageError};
use std::path::{Path, PathBuf};
use yaml_rust2::Yaml;

/// The package folders of `dir` (see the module documentation), each `dir/NAME`.
pub(crate) fn problem_folders(dir: &Path) -> Result<Vec<PathBuf>, PackageError> {
    if !dir.is_dir() {
        return Err(PackageError::Read {
            path: dir.to_path_buf(),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such folder"),
        });
    }
    if is_file(&dir.join("problem.yaml")) {
        return Ok(vec![dir.to_path_buf()]);
    }
    for list in ["problems.yaml", "contest.yaml"] {
        let path = dir.join(list);
        let Some(doc) = read_yaml(&path)? else {
            continue;
        };
        let entries = match (list, &doc) {
            ("problems.yaml", Yaml::Array(a)) => a.clone(),
            ("contest.yaml", Yaml::Hash(_)) => match &doc["problems"] {
                Yaml::Array(a) => a.clone(),
                Yaml::BadValue => continue,
                _ => return Err(invalid(&path, "`problems` is not a list")),
            },
            _ => return Err(invalid(&path, "not a list of problems")),
        };
        let mut names = Vec::new();
        for (i, entry) in entries.iter().enumerate() {
            let name = ["id", "short-name", "short_name"]
                .iter()
                .find_map(|key| entry[*key].as_str())
                .ok_or_else(|| {
                    invalid(
                        &path,
                        &format!("problem {} has no `id` naming its folder", i + 1),
                    )
                })?;
            names.push(name.to_string());
        }
        return folders(dir, &path, names);
    }
    let mut names = Vec::new();
    let entries = std::fs::read_dir(dir).map_err(|source| PackageError::Read {
        path: dir.to_path_buf(),
        source,
    })?;
    for entry in entries.flatten() {
        let path = entry.path();
        // Only real folders are looked into here: a link is a problem only by name in a list.
        let real_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        if real_dir && is_file(&path.join("problem.yaml")) {
            names.push(entry.file_name().to_string_lossy().into_owned());
        }
    }
    names.sort();
    if names.is_empty() {
        return Err(invalid(
            dir,
            "neither a package (no problem.yaml) nor a contest (no problems.yaml, contest.yaml or package folder)",
        ));
    }
    folders(dir, dir, names)
}

/// `path` is a regular file (not followed if a link: a link is checked by the package's
/// own walk).
fn is_file(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file() || m.file_type().is_symlink())
}

fn invalid(path: &Path, message: &str) -> PackageError {
    PackageError::Invalid {
        path: path.to_path_buf(),
        message: message.to_string(),
    }
}

/// `dir/NAME` for every name, each checked to be a folder inside `dir`, named once.
fn folders(dir: &Path, list: &Path, names: Vec<String>) -> Result<Vec<PathBuf>, PackageError> {
    let root = dir.canonicalize().map_err(|source| PackageError::Read {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for name in names {
        if name.is_empty() || name.contains('/') || name == "." || name == ".." {
            return Err(invalid(
                list,
                &format!("{name:?} is not the name of a folder of the contest"),
            ));
        }
        let folder = dir.join(&name);
        let real = folder.canonicalize().map_err(|source| PackageError::Read {
            path: folder.clone(),
            source,
        })?;
        if !real.starts_with(&root) || real == root {
            return Err(PackageError::Unsafe(crate::tree::TreeError::Outside {
                path: folder,
                target: real,
                root: dir.to_path_buf(),
            }));
        }
        if !real.is_dir() {
            return Err(invalid(list, &format!("{name}: not a folder")));
        }
        if seen.contains(&real) {
            return Err(invalid(
                list,
                &format!("{name}: a problem folder named twice"),
            ));
        }
        seen.push(real);
        out.push(folder);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contest(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("temp");
        for (rel, text) in files {
            let path = dir.path().join(rel);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, text).expect("write");
        }
        dir
    }

    fn names(dirs: &[PathBuf]) -> Vec<String> {
        dirs.iter()
            .map(|d| d.file_name().expect("name").to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn a_package_is_its_own_only_problem() {
        let dir = contest(&[("problem.yaml", "name: x\n")]);
        let found = problem_folders(dir.path()).expect("found");
        assert_eq!(found, vec![dir.path().to_path_buf()]);
    }

    #[test]
    fn problems_yaml_sets_the_order_and_contest_yaml_is_next() {
        let dir = contest(&[
            ("b/problem.yaml", "name: b\n"),
            ("a/problem.yaml", "name: a\n"),
            (
                "problems.yaml",
                "- id: b\n  label: A\n- id: a\n  label: B\n",
            ),
        ]);
        assert_eq!(
            names(&problem_folders(dir.path()).expect("found")),
            ["b", "a"]
        );
        let dir = contest(&[
            ("b/problem.yaml", "name: b\n"),
            ("a/problem.yaml", "name: a\n"),
            ("contest.yaml", "name: c\nproblems:\n  - short-name: a\n"),
        ]);
        assert_eq!(names(&problem_folders(dir.path()).expect("found")), ["a"]);
    }

    #[test]
    fn without_a_list_every_package_folder_in_name_order() {
        let dir = contest(&[
            ("zeta/problem.yaml", "name: z\n"),
            ("alpha/problem.yaml", "name: a\n"),
            ("notes/README.md", "not a problem\n"),
        ]);
        assert_eq!(
            names(&problem_folders(dir.path()).expect("found")),
            ["alpha", "zeta"]
        );
    }

    #[test]
    fn a_list_naming_a_folder_outside_twice_or_nothing_is_refused() {
        for list in [
            "- id: ../x\n",
            "- id: a\n- id: a\n",
            "- label: A\n",
            "- id: missing\n",
            "{id: a}\n",
        ] {
            let dir = contest(&[("a/problem.yaml", "name: a\n"), ("problems.yaml", list)]);
            let e = problem_folders(dir.path()).expect_err(list);
            assert!(
                e.to_string().contains("problems.yaml") || e.to_string().contains("missing"),
                "{list}: {e}"
            );
        }
        let outside = contest(&[("problem.yaml", "name: o\n")]);
        let dir = contest(&[("problems.yaml", "- id: out\n")]);
        std::os::unix::fs::symlink(outside.path(), dir.path().join("out")).expect("link");
        let e = problem_folders(dir.path()).expect_err("a link out");
        assert!(e.to_string().contains("outside"), "{e}");
        let empty = contest(&[("README.md", "x\n")]);
        assert!(problem_folders(empty.path()).is_err());
    }
}
