//! What one submission compiles: its language, its files, a package's include files
//! and a 2025-09 package's constants, gathered before anything is copied into the
//! build folder.

use super::{installed, judge_error, CompileFailure, Language};
use crate::judge::language;
use std::path::{Path, PathBuf};

/// What one submission compiles: its language, its own files and the files a package
/// adds beside them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sources {
    /// The language (see [`language::detect`]).
    pub language: Language,
    /// The submission's files: one source, or every file of its folder (sources of the
    /// language, headers and other files alike), sorted.
    pub files: Vec<PathBuf>,
    /// Files copied beside them before the compile (a package's `include/<language>/`
    /// and `include/default/`); a submission's own file of the same name wins.
    pub include: Vec<PathBuf>,
    /// The file or folder messages name.
    pub origin: PathBuf,
    /// Text replaced in every source and include file before the compile: a 2025-09
    /// package's constants (`{{n}}` → `100`), each token a `{{…}}`, replaced in one pass
    /// (a value is inserted as written, never itself substituted); empty for everything
    /// else.
    pub substitutions: Vec<(String, String)>,
    /// The name of the file to run among [`Sources::files`] (`submissions.yaml`'s
    /// `entrypoint`), instead of [`language::main_file`]'s choice.
    pub entry: Option<String>,
}

impl Sources {
    /// The sources of the submission at `path`, a file or a folder of files (those
    /// [`language::is_ignored`] left out, sub-folders too); `Err` says why it cannot be
    /// judged here: no source of a language in the table, or a language whose compiler
    /// or runtime is not installed. The caller named `path`, so a link there is
    /// followed; a folder's files are regular files of that folder (links out refused).
    pub fn of(path: &Path) -> Result<Sources, String> {
        Sources::within(path, None)
    }

    /// [`Sources::of`] for a submission of the package or problem folder `root`
    /// (`None`: the caller named `path` itself): every file read is a regular file of
    /// `root` (`crate::tree`), so a link to a file elsewhere in the package is followed
    /// and a link out of it is refused, never read.
    pub fn within(path: &Path, root: Option<&Path>) -> Result<Sources, String> {
        let named;
        let tree = match root {
            Some(root) => crate::tree::Tree::new(root),
            None if path.is_dir() => crate::tree::Tree::new(path),
            None => {
                named =
                    std::fs::canonicalize(path).map_err(|e| format!("{}: {e}", path.display()))?;
                crate::tree::Tree::new(named.parent().unwrap_or(Path::new("/")))
            }
        }
        .map_err(|e| e.to_string())?;
        let files: Vec<PathBuf> = if tree.is_dir(path).map_err(|e| e.to_string())? {
            tree.entries(path)
                .map_err(|e| e.to_string())?
                .into_iter()
                .filter(|e| e.kind == crate::tree::Kind::File && !language::is_ignored(&e.path))
                .map(|e| e.path)
                .collect()
        } else {
            let checked = match root {
                Some(_) => path.to_path_buf(),
                None => {
                    std::fs::canonicalize(path).map_err(|e| format!("{}: {e}", path.display()))?
                }
            };
            if tree.kind(&checked).map_err(|e| e.to_string())? != crate::tree::Kind::File {
                return Err(format!("{}: no such file", path.display()));
            }
            vec![path.to_path_buf()]
        };
        let (lang, _) = language::detect(&files).ok_or_else(|| {
            let names: Vec<&str> = language::LANGUAGES.iter().map(|s| s.name).collect();
            format!("no source of {}", names.join(", "))
        })?;
        installed(lang)?;
        Ok(Sources {
            language: lang,
            files,
            include: Vec::new(),
            origin: path.to_path_buf(),
            substitutions: Vec::new(),
            entry: None,
        })
    }

    /// The same with the file to run named (see [`Sources::entry`]).
    pub(crate) fn with_entry(mut self, entry: Option<String>) -> Sources {
        self.entry = entry;
        self
    }

    /// The same with `substitutions` applied to every file (see [`Sources::substitutions`]).
    pub(crate) fn with_substitutions(mut self, substitutions: Vec<(String, String)>) -> Sources {
        self.substitutions = substitutions;
        self
    }

    /// The contents of one of the files, with the substitutions made in UTF-8 text.
    pub(super) fn read(&self, path: &Path) -> Result<Vec<u8>, CompileFailure> {
        let bytes = crate::tree::read_file(path).map_err(|e| judge_error(e.to_string()))?;
        if self.substitutions.is_empty() {
            return Ok(bytes);
        }
        match String::from_utf8(bytes) {
            Ok(text) => Ok(substitute(&text, &self.substitutions).into_bytes()),
            Err(e) => Ok(e.into_bytes()),
        }
    }

    /// The same with the include files of `package` added: the files of
    /// `include/<key>/` (the language's key, `cpp`, `python3`, `java`, …) and of
    /// `include/default/`, the language's own winning over the default ones.
    pub(crate) fn with_includes(mut self, package: &Path) -> Sources {
        let mut by_name: std::collections::BTreeMap<std::ffi::OsString, PathBuf> =
            Default::default();
        // Only regular files of the package (`crate::tree`); a link out of it is left out
        // (the package's own check refuses it before any judging).
        let Ok(tree) = crate::tree::Tree::new(package) else {
            return self;
        };
        for folder in ["default", self.language.spec().key] {
            let Ok(entries) = tree.entries(&package.join("include").join(folder)) else {
                continue;
            };
            for e in entries {
                if let (crate::tree::Kind::File, Some(name)) = (e.kind, e.path.file_name()) {
                    by_name.insert(name.to_os_string(), e.path.clone());
                }
            }
        }
        self.include = by_name.into_values().collect();
        self
    }
}

/// `text` with each `{{…}}` that is a token of `substitutions` replaced by its value, in
/// one pass from left to right: a value is inserted as written, so the text grows by at
/// most the values' lengths per token, however the values refer to each other. A `{{`
/// that starts no token stays as written.
pub(crate) fn substitute(text: &str, substitutions: &[(String, String)]) -> String {
    let values: std::collections::HashMap<&str, &str> = substitutions
        .iter()
        .map(|(token, value)| (token.as_str(), value.as_str()))
        .collect();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let from = &rest[start..];
        let value = from
            .get(2..)
            .and_then(|after| after.find("}}"))
            .and_then(|end| {
                let token = &from[..end + 4];
                values.get(token).map(|v| (*v, token.len()))
            });
        match value {
            Some((value, used)) => {
                out.push_str(value);
                rest = &from[used..];
            }
            None => {
                out.push_str("{{");
                rest = &from[2..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::substitute;

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn values_are_inserted_as_written_in_one_pass() {
        let s = pairs(&[
            ("{{a}}", "{{b}}{{b}}"),
            ("{{b}}", "x"),
            ("{{a.value}}", "{{a}}"),
        ]);
        assert_eq!(
            substitute("{{a}}-{{b}}-{{a.value}}", &s),
            "{{b}}{{b}}-x-{{a}}"
        );
        assert_eq!(
            substitute("{{ a }} {{c}} {{{b}} }}{{", &s),
            "{{ a }} {{c}} {{{b}} }}{{"
        );
        assert_eq!(substitute("no tokens", &s), "no tokens");
    }
}
