//! What `problem.yaml` may say, per format version: the versions gridjudge reads, the
//! keys each version defines (an unknown key is a warning that names the nearest known
//! one, so `time_multipler` points at `time_multiplier`), and the 2025-09 `constants`
//! with their `{{name}}` / `{{name.variant}}` substitution.
//!
//! Versions: legacy (no `problem_format_version`, `legacy` or `legacy-icpc`), the
//! 2023-07 drafts (`2023-07`, `2023-07-draft`, `draft`) and `2025-09` (`2025-09-draft`
//! too). Any other version is refused: its keys might mean something gridjudge would
//! judge differently.
//!
//! Constants are replaced, as the 2025-09 format says, in output validators, included
//! files, example submissions and `test_group.yaml`; never in test data or in
//! `problem.yaml` itself. A sequence naming an undefined constant stays as written.

use std::borrow::Cow;
use std::collections::BTreeMap;
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::{Yaml, YamlLoader};

/// How many nodes and scalar bytes a package YAML file's aliases may add, expanded: an
/// alias is loaded as a copy of its anchor, so nested aliases (a "billion laughs") grow
/// exponentially in a few hundred bytes. Real files use a handful of small aliases.
pub const ALIAS_EXPANSION_LIMIT: u64 = 100_000;

/// Parses the YAML `text` of a package file (problem.yaml, testdata.yaml,
/// test_group.yaml, submissions.yaml) into its documents, first reading its event
/// stream to weigh what its aliases expand to (a node is 1, a scalar 1 plus its bytes):
/// past [`ALIAS_EXPANSION_LIMIT`] the text is refused before anything is copied. `Err`
/// is one line.
pub fn load_yaml(text: &str) -> Result<Vec<Yaml>, String> {
    let mut parser = Parser::new_from_str(text);
    // Per open collection: its expanded weight so far and its anchor (0: none).
    let mut open: Vec<(u64, usize)> = Vec::new();
    let mut anchors: std::collections::HashMap<usize, u64> = Default::default();
    let mut expanded: u64 = 0;
    loop {
        let (event, _) = parser.next_token().map_err(|e| e.to_string())?;
        let (weight, anchor) = match event {
            Event::StreamEnd => break,
            Event::SequenceStart(anchor, _) | Event::MappingStart(anchor, _) => {
                open.push((1, anchor));
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => open.pop().unwrap_or((1, 0)),
            Event::Scalar(value, _, anchor, _) => (1 + value.len() as u64, anchor),
            Event::Alias(id) => {
                let weight = anchors.get(&id).copied().unwrap_or(1);
                expanded = expanded.saturating_add(weight);
                if expanded > ALIAS_EXPANSION_LIMIT {
                    return Err(format!(
                        "its aliases expand to more than {ALIAS_EXPANSION_LIMIT} nodes and bytes (nested aliases?): refused"
                    ));
                }
                (weight, 0)
            }
            _ => continue,
        };
        if anchor > 0 {
            anchors.insert(anchor, weight);
        }
        if let Some(parent) = open.last_mut() {
            parent.0 = parent.0.saturating_add(weight);
        }
    }
    YamlLoader::load_from_str(text).map_err(|e| e.to_string())
}

/// The `problem_format_version` values gridjudge reads, newest first.
pub const KNOWN_VERSIONS: &[&str] = &[
    "2025-09",
    "2025-09-draft",
    "2023-07",
    "2023-07-draft",
    "draft",
    "legacy",
    "legacy-icpc",
];

/// Top-level keys of a legacy `problem.yaml` (problemtools' format).
const LEGACY_KEYS: &[&str] = &[
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "author",
    "source",
    "source_url",
    "license",
    "rights_owner",
    "limits",
    "validation",
    "validator_flags",
    "grading",
    "keywords",
    "languages",
];

/// `limits` keys of a legacy `problem.yaml`.
const LEGACY_LIMITS: &[&str] = &[
    "time_multiplier",
    "time_safety_margin",
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
];

/// Top-level keys of a 2025-09 `problem.yaml`; the 2023-07 drafts also had the
/// legacy `author`, `source_url`, `validation` and `validator_flags`.
const MODERN_KEYS: &[&str] = &[
    "problem_format_version",
    "type",
    "name",
    "uuid",
    "version",
    "credits",
    "source",
    "license",
    "rights_owner",
    "embargo_until",
    "limits",
    "keywords",
    "languages",
    "allow_file_writing",
    "constants",
];

/// Keys the 2023-07 drafts had beside [`MODERN_KEYS`].
const DRAFT_KEYS: &[&str] = &["author", "source_url", "validation", "validator_flags"];

/// `limits` keys of a 2023-07 / 2025-09 `problem.yaml`.
const MODERN_LIMITS: &[&str] = &[
    "time_multipliers",
    "time_limit",
    "time_resolution",
    "memory",
    "output",
    "code",
    "compilation_time",
    "compilation_memory",
    "validation_time",
    "validation_memory",
    "validation_output",
    "validation_passes",
];

/// `limits.time_multipliers` keys.
const MULTIPLIER_KEYS: &[&str] = &["ac_to_time_limit", "time_limit_to_tle"];

/// The version a document declares, checked against [`KNOWN_VERSIONS`]: `Ok(None)` for
/// legacy, `Ok(Some(v))` for a later one, `Err` with the message for any other.
pub(crate) fn declared_version(doc: &Yaml) -> Result<Option<String>, String> {
    let v = match &doc["problem_format_version"] {
        Yaml::BadValue | Yaml::Null => return Ok(None),
        Yaml::String(s) => s.clone(),
        Yaml::Integer(i) => i.to_string(),
        Yaml::Real(r) => r.clone(),
        other => {
            return Err(format!(
                "problem_format_version: {other:?} is not a version"
            ))
        }
    };
    if !KNOWN_VERSIONS.contains(&v.as_str()) {
        return Err(format!(
            "problem_format_version `{v}` is not a version gridjudge reads (known: {})",
            KNOWN_VERSIONS.join(", ")
        ));
    }
    Ok((!v.starts_with("legacy")).then_some(v))
}

/// The known key nearest to `key` among `known`, when it is near enough to be a typo.
pub fn nearest<'a>(key: &str, known: &[&'a str]) -> Option<&'a str> {
    known
        .iter()
        .map(|k| (strsim::damerau_levenshtein(key, k), *k))
        .filter(|(d, k)| *d <= 2.max(k.len() / 4))
        .min()
        .map(|(_, k)| k)
}

/// One warning per key the declared version does not define, naming the nearest known
/// key (`limits.time_multipler: unknown key (did you mean time_multiplier?)`).
pub(crate) fn unknown_keys(doc: &Yaml, version: Option<&str>) -> Vec<String> {
    let (top, limits): (Vec<&str>, &[&str]) = match version {
        None => (LEGACY_KEYS.to_vec(), LEGACY_LIMITS),
        Some(v) if v.starts_with("2025-09") => (MODERN_KEYS.to_vec(), MODERN_LIMITS),
        Some(_) => (
            MODERN_KEYS.iter().chain(DRAFT_KEYS).copied().collect(),
            MODERN_LIMITS,
        ),
    };
    let mut out = Vec::new();
    let mut check = |prefix: &str, map: &Yaml, known: &[&str]| {
        let Yaml::Hash(h) = map else { return };
        for key in h.keys() {
            let name = match key {
                Yaml::String(s) => s.clone(),
                other => format!("{other:?}"),
            };
            if !known.contains(&name.as_str()) {
                let hint = match nearest(&name, known) {
                    Some(k) => format!(" (did you mean `{prefix}{k}`?)"),
                    None => String::new(),
                };
                out.push(format!("unknown key `{prefix}{name}`{hint}"));
            }
        }
    };
    check("", doc, &top);
    check("limits.", &doc["limits"], limits);
    if version.is_some() {
        check(
            "limits.time_multipliers.",
            &doc["limits"]["time_multipliers"],
            MULTIPLIER_KEYS,
        );
    }
    out
}

/// The `constants` of a `problem.yaml`: each name's `value` and its variants.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Constants {
    values: BTreeMap<String, BTreeMap<String, String>>,
}

/// A scalar constant as text.
fn scalar(y: &Yaml) -> Option<String> {
    match y {
        Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        Yaml::Boolean(b) => Some(b.to_string()),
        _ => None,
    }
}

impl Constants {
    /// Reads `constants` of a document; a constant that is neither a scalar nor a map
    /// with a scalar `value` is an error naming it.
    pub(crate) fn from_doc(doc: &Yaml) -> Result<Constants, String> {
        let mut values = BTreeMap::new();
        let Yaml::Hash(h) = &doc["constants"] else {
            return match &doc["constants"] {
                Yaml::BadValue | Yaml::Null => Ok(Constants::default()),
                _ => Err("constants: must be a map of names to values".into()),
            };
        };
        for (k, v) in h {
            let name = k.as_str().ok_or("constants: names must be strings")?;
            let ok_name = name
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !ok_name {
                return Err(format!(
                    "constants.{name}: not a name ([a-zA-Z_][a-zA-Z0-9_]*)"
                ));
            }
            let mut variants = BTreeMap::new();
            match v {
                Yaml::Hash(m) => {
                    for (vk, vv) in m {
                        let (Some(vk), Some(vv)) = (vk.as_str(), scalar(vv)) else {
                            return Err(format!("constants.{name}: variants must be scalars"));
                        };
                        variants.insert(vk.to_string(), vv);
                    }
                    if !variants.contains_key("value") {
                        return Err(format!("constants.{name}: a map needs a `value`"));
                    }
                }
                other => {
                    let value = scalar(other)
                        .ok_or_else(|| format!("constants.{name}: not a scalar or a map"))?;
                    variants.insert("value".to_string(), value);
                }
            }
            values.insert(name.to_string(), variants);
        }
        Ok(Constants { values })
    }

    /// Every constant sequence and its text: `{{name}}` and `{{name.value}}` → the
    /// value, `{{name.variant}}` → the variant's.
    pub fn tokens(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for (name, variants) in &self.values {
            for (variant, text) in variants {
                out.push((format!("{{{{{name}.{variant}}}}}"), text.clone()));
                if variant == "value" {
                    out.push((format!("{{{{{name}}}}}"), text.clone()));
                }
            }
        }
        out
    }

    /// Whether there is no constant.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// `text` with every `{{name}}` and `{{name.variant}}` of a defined constant replaced
    /// by its value; anything else (an undefined name, `{{ spaced }}`) stays as written.
    pub(crate) fn substitute<'a>(&self, text: &'a str) -> Cow<'a, str> {
        if self.values.is_empty() || !text.contains("{{") {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(start) = rest.find("{{") {
            out.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            let replaced = after.find("}}").and_then(|end| {
                let token = &after[..end];
                let (name, variant) = token.split_once('.').unwrap_or((token, "value"));
                let value = self.values.get(name)?.get(variant)?;
                Some((value, end + 2))
            });
            match replaced {
                Some((value, used)) => {
                    out.push_str(value);
                    rest = &after[used..];
                }
                None => {
                    out.push_str("{{");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        Cow::Owned(out)
    }

    /// Substitutes in place in every UTF-8 text file under `dir` (a copy of a validator
    /// or a submission); other files are left alone.
    pub(crate) fn substitute_in_tree(&self, dir: &std::path::Path) -> std::io::Result<()> {
        if self.is_empty() {
            return Ok(());
        }
        let mut stack = vec![dir.to_path_buf()];
        while let Some(d) = stack.pop() {
            for entry in std::fs::read_dir(&d)?.flatten() {
                let path = entry.path();
                let kind = entry.file_type()?;
                if kind.is_dir() {
                    stack.push(path);
                } else if kind.is_file() {
                    self.substitute_in_file(&path)?;
                }
            }
        }
        Ok(())
    }

    /// Substitutes in place in one file, if it is UTF-8 text holding a constant.
    pub(crate) fn substitute_in_file(&self, path: &std::path::Path) -> std::io::Result<()> {
        let Ok(text) = std::fs::read_to_string(path) else {
            return Ok(());
        };
        if let Cow::Owned(new) = self.substitute(&text) {
            std::fs::write(path, new)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yaml_rust2::YamlLoader;

    fn doc(text: &str) -> Yaml {
        YamlLoader::load_from_str(text).expect("yaml")[0].clone()
    }

    #[test]
    fn versions_are_known_or_refused() {
        assert_eq!(declared_version(&doc("name: x")), Ok(None));
        assert_eq!(
            declared_version(&doc("problem_format_version: legacy")),
            Ok(None)
        );
        assert_eq!(
            declared_version(&doc("problem_format_version: 2025-09")),
            Ok(Some("2025-09".into()))
        );
        assert_eq!(
            declared_version(&doc("problem_format_version: 2023-07-draft")),
            Ok(Some("2023-07-draft".into()))
        );
        let e = declared_version(&doc("problem_format_version: 2099-01")).expect_err("unknown");
        assert!(e.contains("2099-01") && e.contains("2025-09"), "{e}");
    }

    #[test]
    fn unknown_keys_name_the_nearest_known_one() {
        let w = unknown_keys(
            &doc("name: x\nlimits:\n  time_multipler: 3\n  memroy: 5\nvalidaton: custom\nzzz: 1\n"),
            None,
        );
        assert_eq!(
            w,
            [
                "unknown key `validaton` (did you mean `validation`?)",
                "unknown key `zzz`",
                "unknown key `limits.time_multipler` (did you mean `limits.time_multiplier`?)",
                "unknown key `limits.memroy` (did you mean `limits.memory`?)",
            ]
        );
        // The same key can be known in one version and not in another.
        let legacy_in_2025 = doc("problem_format_version: 2025-09\nname: x\nvalidation: custom\nlimits:\n  time_multipliers:\n    ac_to_time_limt: 2\n");
        assert_eq!(
            unknown_keys(&legacy_in_2025, Some("2025-09")),
            [
                "unknown key `validation`",
                "unknown key `limits.time_multipliers.ac_to_time_limt` (did you mean `limits.time_multipliers.ac_to_time_limit`?)",
            ]
        );
        assert!(unknown_keys(&doc("name: x\nvalidation: custom\n"), Some("2023-07")).is_empty());
    }

    #[test]
    fn constants_replace_defined_sequences_only() {
        let c = Constants::from_doc(&doc(
            "constants:\n  n: 100\n  k:\n    value: 5000000\n    tex: 5,000,000\n  x: 1.5\n",
        ))
        .expect("reads");
        assert_eq!(
            c.substitute("int a[{{n}}]; // {{k.tex}} {{k}} {{x}} {{k.nope}} {{m}} {{ n }} {{"),
            "int a[100]; // 5,000,000 5000000 1.5 {{k.nope}} {{m}} {{ n }} {{"
        );
        assert!(matches!(c.substitute("no constants"), Cow::Borrowed(_)));
        let tokens = c.tokens();
        assert!(
            tokens.contains(&("{{n}}".into(), "100".into())),
            "{tokens:?}"
        );
        assert!(
            tokens.contains(&("{{k.tex}}".into(), "5,000,000".into())),
            "{tokens:?}"
        );
        assert!(
            tokens.contains(&("{{k.value}}".into(), "5000000".into())),
            "{tokens:?}"
        );
        assert!(Constants::from_doc(&doc("name: x"))
            .expect("none")
            .is_empty());
        assert!(Constants::from_doc(&doc("constants:\n  k:\n    tex: 1\n")).is_err());
        assert!(Constants::from_doc(&doc("constants:\n  9k: 1\n")).is_err());
        assert!(Constants::from_doc(&doc("constants: [1, 2]\n")).is_err());
    }

    #[test]
    fn constants_are_substituted_in_the_text_files_of_a_tree() {
        let d = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(d.path().join("sub")).expect("mkdir");
        std::fs::write(d.path().join("sub/v.cpp"), "const int N = {{n}};\n").expect("write");
        std::fs::write(d.path().join("bin"), [0xff, 0xfe, b'{', b'{']).expect("write");
        let c = Constants::from_doc(&doc("constants:\n  n: 7\n")).expect("reads");
        c.substitute_in_tree(d.path()).expect("substitutes");
        assert_eq!(
            std::fs::read_to_string(d.path().join("sub/v.cpp")).expect("read"),
            "const int N = 7;\n"
        );
        assert_eq!(
            std::fs::read(d.path().join("bin")).expect("read"),
            [0xff, 0xfe, b'{', b'{']
        );
    }
}
