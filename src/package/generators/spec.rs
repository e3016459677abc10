//! The parser of `generators/generators.yaml` (BAPCtools' format): from the file's text
//! to a [`Spec`], the list of groups to make and cases to build, each case with its
//! final path below `data/`, its command (words split, `{seed}`, `{name}` and `{count}`
//! substituted), its `copy:` source, its literal files and the solution that makes its
//! `.ans`.
//!
//! It is strict: a key it does not know, or knows and does not support, is an error
//! naming the key, the file, the line and the column; nothing is silently ignored
//! (`visualizer` is accepted and reported as not run). Names follow BAPCtools: the
//! children of a group are taken in key order (the root's in the order `sample`,
//! `secret`, `invalid_output`, `invalid_answer`, `invalid_input`, `valid_output`); a
//! group whose `data:` is a list numbers its entries: cases from one counter for the
//! whole file, zero-padded to the digits of the file's count of numbered cases, groups
//! from one counter per group, each `NUMBER-KEY` (`NUMBER` for an empty key); a counted
//! case (`count:`) is `NAME-VALUE` per value, zero-padded when the values are
//! consecutive.

use super::seed;
use super::yaml::{self, show_key, Node, Value};
use crate::package::metadata::Constants;
use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

/// A parse error: where, and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecError {
    /// The line, from 1 (0: the whole file).
    pub line: usize,
    /// The column, from 1.
    pub col: usize,
    /// What is wrong, naming the key.
    pub message: String,
}

impl SpecError {
    fn at(node: &Node, message: impl Into<String>) -> SpecError {
        SpecError {
            line: node.line,
            col: node.col,
            message: message.into(),
        }
    }
}

/// The solution that makes a case's `.ans` when nothing else does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Solution {
    /// None given: the package's first accepted submission.
    Default,
    /// `solution:` empty: no `.ans` is made.
    Disabled,
    /// `solution: /PATH`: this program, the path below the package folder.
    Path(String),
}

/// A `generate:` command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Command {
    /// The command as written (after `{{constant}}` and `{count}` substitution).
    pub text: String,
    /// The program: a name of the `generators:` list or a path below `generators/`.
    pub program: String,
    /// Its arguments, `{name}` substituted (`{seed}` is substituted per try).
    pub args: Vec<String>,
    /// The seed of the command (BAPCtools' rule, [`seed::seed`]).
    pub seed: u32,
    /// Whether an argument holds `{seed}` / `{seed:N}`.
    pub uses_seed: bool,
}

impl Command {
    /// The arguments with `{seed}` replaced by `seed`.
    pub(crate) fn args_with_seed(&self, seed: u32) -> Vec<String> {
        self.args
            .iter()
            .map(|a| {
                let mut a = a.clone();
                if let Some(r) = seed::find_seed(&a).into_iter().next() {
                    a.replace_range(r, &seed.to_string());
                }
                a
            })
            .collect()
    }
}

/// One case to build.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// Its path below `data/`, without extension (`secret/03-random`).
    pub path: PathBuf,
    /// Where generators.yaml defines it (line, column).
    pub line: usize,
    /// Its column.
    pub col: usize,
    /// The command that makes its files.
    pub generate: Option<Command>,
    /// `copy:`: the files `generators/BASE.EXT` copied, the path below the package.
    pub copy: Option<String>,
    /// Literal files: extension (`.in`, `.ans`, `.yaml`, …) and contents.
    pub literals: Vec<(String, String)>,
    /// What makes its `.ans` when it has none.
    pub solution: Solution,
    /// How many times a failing command is tried (seed + 1 each time).
    pub retries: u32,
}

impl Case {
    /// Whether its `.ans` is needed (not under `invalid_*` or `valid_output`, whose
    /// answers are what the case gives).
    pub(crate) fn needs_answer(&self) -> bool {
        !matches!(
            self.path
                .components()
                .next()
                .and_then(|c| c.as_os_str().to_str()),
            Some("invalid_input" | "invalid_answer" | "invalid_output" | "valid_output")
        )
    }
}

/// A group (a folder below `data/`) and the files of its own it gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Its path below `data/` (empty for `data/` itself).
    pub path: PathBuf,
    /// `test_group.yaml` / `testdata.yaml`: the file's name and its text.
    pub files: Vec<(String, String)>,
}

/// What `generators.yaml` asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Spec {
    /// The `generators:` list: a name and its files below `generators/` (the first is
    /// the entry point).
    pub generators: BTreeMap<String, Vec<String>>,
    /// The groups, parents first.
    pub groups: Vec<Group>,
    /// The cases, in BAPCtools' order.
    pub cases: Vec<Case>,
    /// Included cases: the index of the case in [`Spec::cases`] and the path it is
    /// copied to (below `data/`, without extension).
    pub includes: Vec<(usize, PathBuf)>,
    /// What is accepted but does nothing here (`visualizer`), one line each.
    pub notes: Vec<String>,
}

/// The data extensions a case may have, in BAPCtools' order.
pub const DATA_EXTENSIONS: &[&str] = &[
    ".in",
    ".ans",
    ".out",
    ".in.statement",
    ".ans.statement",
    ".in.download",
    ".ans.download",
    ".interaction",
    ".yaml",
    ".png",
    ".jpg",
    ".svg",
    ".pdf",
];

/// The keys of a literal file a case may give (`in: 1 2`).
const LITERAL_KEYS: &[&str] = &["in", "ans", "out", "yaml"];
/// Literal keys of BAPCtools that are refused here.
const REFUSED_CASE_KEYS: &[&str] = &[
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "match",
];
/// The keys that make a mapping a case (BAPCtools' `UNIQUE_TESTCASE_KEYS`).
const CASE_KEYS: &[&str] = &[
    "copy",
    "generate",
    "count",
    "match",
    "in",
    "ans",
    "out",
    "in.statement",
    "ans.statement",
    "in.download",
    "ans.download",
    "interaction",
    "yaml",
];
/// Keys a case mapping may have beside its [`CASE_KEYS`].
const CASE_CONFIG_KEYS: &[&str] = &["solution", "random_salt", "retries", "visualizer"];
/// Keys of a group.
const GROUP_KEYS: &[&str] = &[
    "data",
    "include",
    "test_group.yaml",
    "testdata.yaml",
    "solution",
    "random_salt",
    "retries",
];
/// Keys only the root has.
const ROOT_KEYS: &[&str] = &["generators", "version", "visualizer"];
/// The groups the root may have, in the order BAPCtools builds them.
const ROOT_GROUPS: &[&str] = &[
    "sample",
    "secret",
    "invalid_output",
    "invalid_answer",
    "invalid_input",
    "valid_output",
];
/// Root groups of BAPCtools that are refused here.
const REFUSED_ROOT_GROUPS: &[&str] = &["testing_tool_test", "fuzz"];

/// Settings a group hands down to what it holds.
#[derive(Debug, Clone)]
struct Config {
    solution: Solution,
    salt: String,
    retries: u32,
}

fn is_case(node: &Node) -> bool {
    match &node.value {
        Value::Null | Value::Scalar(..) => true,
        Value::Map(entries, _) => entries
            .iter()
            .any(|(k, _)| k.scalar().is_some_and(|k| CASE_KEYS.contains(&k))),
        Value::Seq(..) => false,
    }
}

/// The name of entry `n` of a numbered `data` list of `total` entries: `n` padded to the
/// width of `total`, then `-key` when the entry has a key.
fn numbered_name(n: usize, total: usize, key: &str) -> String {
    let width = total.to_string().len();
    if key.is_empty() {
        format!("{n:0width$}")
    } else {
        format!("{n:0width$}-{key}")
    }
}

/// Refuses a key that the case `node` (of key `key`) may not have.
fn check_case_keys(node: &Node, key: &str) -> Result<(), SpecError> {
    for (k, _) in node.map().unwrap_or_default() {
        let name = k.scalar().unwrap_or_default();
        if REFUSED_CASE_KEYS.contains(&name) {
            return Err(SpecError::at(
                k,
                format!("`{key}`: the case key `{name}` is not supported"),
            ));
        }
        if !CASE_KEYS.contains(&name) && !CASE_CONFIG_KEYS.contains(&name) {
            return Err(SpecError::at(
                k,
                format!("`{key}`: {} is not a key of a case", show_key(k)),
            ));
        }
    }
    Ok(())
}

/// The width a case's `count` values are padded to in its names: the widest value's
/// when the values are consecutive, none otherwise.
fn count_padding(values: &[i64]) -> usize {
    let consecutive = values
        .iter()
        .max()
        .zip(values.iter().min())
        .is_some_and(|(hi, lo)| hi - lo == values.len() as i64 - 1);
    if consecutive {
        values
            .iter()
            .map(|v| v.to_string().len())
            .max()
            .unwrap_or(1)
    } else {
        0
    }
}

/// The file the case `node` copies (`copy`: a path below `generators/`), if it does.
fn copy_of(node: &Node, key: &str) -> Result<Option<String>, SpecError> {
    let Some(c) = node.get("copy") else {
        return Ok(None);
    };
    let base = c.string().filter(|b| safe_relative(b)).ok_or_else(|| {
        SpecError::at(
            c,
            format!("`{key}`: `copy` is not a path below generators/"),
        )
    })?;
    Ok(Some(format!("generators/{base}")))
}

/// The files the case `node` gives literally (`in`, `ans`, …), each as its extension and
/// its text ending in a line feed.
fn literals(node: &Node, key: &str) -> Result<Vec<(String, String)>, SpecError> {
    let mut literals = Vec::new();
    for lk in LITERAL_KEYS {
        let Some(v) = node.get(lk) else { continue };
        let mut text = match (&v.value, *lk) {
            (Value::Map(..), "yaml") => yaml::emit(v),
            _ => v
                .string()
                .ok_or_else(|| {
                    SpecError::at(v, format!("`{key}`: `{lk}` is not a string (quote it)"))
                })?
                .to_string(),
        };
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        literals.push((format!(".{lk}"), text));
    }
    Ok(literals)
}

/// Where an entry of a group's `data` sits: the group's folder and configuration,
/// whether it is the root, whether `data` is numbered (a list), and how many groups
/// the list holds (the width of their numbers).
struct Place<'a> {
    path: &'a std::path::Path,
    config: &'a Config,
    root: bool,
    numbered: bool,
    groups_total: usize,
}

/// Refuses a key that the group `node` may not have (the root has a few more).
fn check_group_keys(node: &Node, root: bool) -> Result<(), SpecError> {
    for (k, _) in node.map().unwrap_or_default() {
        let key = k.scalar().unwrap_or_default();
        let known = GROUP_KEYS.contains(&key) || (root && ROOT_KEYS.contains(&key));
        if !known {
            let why = if ROOT_KEYS.contains(&key) {
                format!("`{key}` is a key of the root only")
            } else if k.scalar().is_none() {
                format!("{} is not a key of a group", show_key(k))
            } else {
                format!(
                    "`{key}` is not a key of a group (known: {})",
                    GROUP_KEYS.join(", ")
                )
            };
            return Err(SpecError::at(k, why));
        }
    }
    Ok(())
}

/// The group's own files (`test_group.yaml`, `testdata.yaml`), as YAML text.
fn group_files(node: &Node) -> Result<Vec<(String, String)>, SpecError> {
    let mut files = Vec::new();
    for name in ["test_group.yaml", "testdata.yaml"] {
        if let Some(v) = node.get(name) {
            match &v.value {
                Value::Null => {}
                Value::Map(..) => files.push((name.to_string(), yaml::emit(v))),
                _ => return Err(SpecError::at(v, format!("`{name}` is not a mapping"))),
            }
        }
    }
    Ok(files)
}

/// The entries of a group's `data` and whether they are numbered (a list; the root's
/// may not be).
fn data_entries(data: &Node, root: bool) -> Result<(Vec<&Node>, bool), SpecError> {
    match &data.value {
        Value::Null => Ok((Vec::new(), false)),
        Value::Map(..) => Ok((vec![data], false)),
        Value::Seq(items, _) => {
            if root {
                return Err(SpecError::at(
                    data,
                    "the root's `data` must not be numbered (a list)",
                ));
            }
            Ok((items.iter().collect(), true))
        }
        _ => Err(SpecError::at(data, "`data` is not a mapping or a list")),
    }
}

/// The children of one entry of `data` in the order they are made: the root's groups
/// in the format's order (each one the format knows), a group's by name.
fn sorted_children(
    children: &[(Node, Node)],
    root: bool,
) -> Result<Vec<(&Node, &Node)>, SpecError> {
    let mut sorted: Vec<(&Node, &Node)> = children.iter().map(|(k, v)| (k, v)).collect();
    if root {
        for (k, _) in &sorted {
            let key = k.scalar().unwrap_or_default();
            if REFUSED_ROOT_GROUPS.contains(&key) {
                return Err(SpecError::at(k, format!("`data.{key}` is not supported")));
            }
            if !ROOT_GROUPS.contains(&key) {
                return Err(SpecError::at(
                    k,
                    format!(
                        "{} is not a group of data/ (known: {})",
                        show_key(k),
                        ROOT_GROUPS.join(", ")
                    ),
                ));
            }
        }
        sorted.sort_by_key(|(k, _)| {
            ROOT_GROUPS
                .iter()
                .position(|g| Some(*g) == k.scalar())
                .unwrap_or(usize::MAX)
        });
    } else {
        for (k, _) in &sorted {
            if !matches!(k.value, Value::Null) && k.string().is_none() && k.int().is_none() {
                return Err(SpecError::at(k, format!("{} is not a name", show_key(k))));
            }
        }
        sorted.sort_by(|(a, _), (b, _)| {
            a.scalar()
                .unwrap_or_default()
                .cmp(b.scalar().unwrap_or_default())
        });
    }
    Ok(sorted)
}

fn is_group(node: &Node) -> bool {
    matches!(node.value, Value::Map(..)) && !is_case(node)
}

/// The values of a case's `count:` (`[1]` without one).
fn count_values(node: &Node) -> Result<Option<Vec<i64>>, SpecError> {
    let Some(c) = node.get("count") else {
        return Ok(None);
    };
    let bad = |m: String| Err(SpecError::at(c, format!("`count`: {m}")));
    let values: Vec<i64> = if let Some(n) = c.int() {
        if !(1..=100).contains(&n) {
            return bad(format!("{n} is not between 1 and 100"));
        }
        (1..=n).collect()
    } else if let Value::Seq(items, _) = &c.value {
        let mut seen = Vec::new();
        for item in items {
            let Some(v) = item.int() else {
                return bad(format!("{} is not an integer", item.at()));
            };
            if seen.contains(&v) {
                return bad(format!("{v} is given twice"));
            }
            seen.push(v);
        }
        if seen.is_empty() || seen.len() > 100 {
            return bad("a list of 1 to 100 integers".into());
        }
        seen
    } else if let Some(s) = c.scalar() {
        let range = s.split_once("..=").and_then(|(lo, hi)| {
            Some((
                lo.trim().parse::<i64>().ok()?,
                hi.trim().parse::<i64>().ok()?,
            ))
        });
        match range {
            Some((lo, hi)) if lo <= hi && hi - lo < 100 => (lo..=hi).collect(),
            Some((lo, hi)) if lo > hi => return bad(format!("the range {lo}..={hi} is empty")),
            Some(_) => return bad("a range of more than 100 values".into()),
            None => return bad(format!("{s:?} is not N, [N, …] or LO..=HI")),
        }
    } else {
        return bad("not N, [N, …] or LO..=HI".into());
    };
    Ok(Some(values))
}

/// Whether `name` is a valid case or group name (BAPCtools' `FILE_NAME_REGEX`).
fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.len() <= 255
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}

struct Parser<'a> {
    constants: &'a Constants,
    spec: Spec,
    /// The file's count of numbered cases (the width of their numbers).
    numbered_total: usize,
    /// The next number of a numbered case.
    next_case: usize,
    /// Each key's rules: cases (their indices) or groups (the cases below them).
    keys: HashMap<String, Vec<Vec<usize>>>,
    /// Every path made so far (cases and groups), below `data/`.
    taken: HashMap<PathBuf, (usize, usize)>,
}

/// Parses the text of `generators.yaml`; `constants` are substituted in commands.
pub fn parse(text: &str, constants: &Constants) -> Result<Spec, SpecError> {
    let root = yaml::parse(text).map_err(|message| SpecError {
        line: 0,
        col: 0,
        message,
    })?;
    let root = match root.value {
        Value::Null => Node {
            value: Value::Map(Vec::new(), false),
            ..root
        },
        Value::Map(..) => root,
        _ => return Err(SpecError::at(&root, "the root is not a mapping")),
    };
    if is_case(&root) {
        return Err(SpecError::at(
            &root,
            "the root is a case (it has a case's keys); it must be a group",
        ));
    }
    let mut p = Parser {
        constants,
        spec: Spec::default(),
        numbered_total: count_numbered(&root),
        next_case: 1,
        keys: HashMap::new(),
        taken: HashMap::new(),
    };
    if let Some(g) = root.get("generators") {
        p.generators(g)?;
    }
    if let Some(v) = root.get("visualizer") {
        if !matches!(v.value, Value::Null) {
            p.spec.notes.push(format!(
                "{}: `visualizer` is not run (no images are made)",
                v.at()
            ));
        }
    }
    let config = Config {
        solution: Solution::Default,
        salt: String::new(),
        retries: 1,
    };
    p.group(&root, PathBuf::new(), &config, true)?;
    Ok(p.spec)
}

/// The number of numbered cases in the whole file (BAPCtools counts them all before
/// numbering, for one width).
fn count_numbered(group: &Node) -> usize {
    let Some(data) = group.get("data") else {
        return 0;
    };
    let (entries, numbered): (Vec<&Node>, bool) = match &data.value {
        Value::Map(..) => (vec![data], false),
        Value::Seq(items, _) => (items.iter().collect(), true),
        _ => return 0,
    };
    let mut total = 0;
    for entry in entries {
        for (_, child) in entry.map().unwrap_or_default() {
            if is_case(child) && numbered {
                total += count_values(child).ok().flatten().map_or(1, |v| v.len());
            } else if is_group(child) {
                total += count_numbered(child);
            }
        }
    }
    total
}

impl Parser<'_> {
    fn generators(&mut self, node: &Node) -> Result<(), SpecError> {
        let entries = node
            .map()
            .ok_or_else(|| SpecError::at(node, "`generators` is not a mapping"))?;
        for (k, v) in entries {
            let name = k
                .string()
                .filter(|n| valid_name(n) && !n.contains('.'))
                .ok_or_else(|| {
                    SpecError::at(
                        k,
                        format!(
                            "`generators`: the name {} is not a name without `.` and `/`",
                            show_key(k)
                        ),
                    )
                })?;
            let Value::Seq(items, _) = &v.value else {
                return Err(SpecError::at(
                    v,
                    format!("`generators.{name}` is not a list of files"),
                ));
            };
            let mut files = Vec::new();
            for item in items {
                let f = item.string().filter(|f| safe_relative(f)).ok_or_else(|| {
                    SpecError::at(
                        item,
                        format!("`generators.{name}`: not a path below generators/"),
                    )
                })?;
                files.push(f.to_string());
            }
            if files.is_empty() {
                return Err(SpecError::at(
                    v,
                    format!("`generators.{name}` lists no files"),
                ));
            }
            self.spec.generators.insert(name.to_string(), files);
        }
        Ok(())
    }

    /// The settings of `node` (a group or a case) over its parent's.
    fn config(&self, node: &Node, parent: &Config) -> Result<Config, SpecError> {
        let mut c = parent.clone();
        if let Some(s) = node.get("solution") {
            c.solution = match &s.value {
                Value::Null => Solution::Disabled,
                _ => {
                    let path = s
                        .string()
                        .ok_or_else(|| SpecError::at(s, "`solution` is not a path"))?;
                    let words = seed::split_words(path)
                        .map_err(|e| SpecError::at(s, format!("`solution`: {e}")))?;
                    let [program] = words.as_slice() else {
                        return Err(SpecError::at(
                            s,
                            "`solution` takes no arguments: one path, /submissions/…",
                        ));
                    };
                    let rel = program.strip_prefix('/').filter(|r| safe_relative(r)).ok_or_else(
                        || {
                            SpecError::at(
                                s,
                                format!(
                                    "`solution: {program}` is not an absolute path from the package folder (/submissions/accepted/…)"
                                ),
                            )
                        },
                    )?;
                    Solution::Path(rel.to_string())
                }
            };
        }
        if let Some(s) = node.get("random_salt") {
            c.salt = match &s.value {
                Value::Null => String::new(),
                _ => s
                    .scalar()
                    .ok_or_else(|| SpecError::at(s, "`random_salt` is not a string"))?
                    .to_string(),
            };
        }
        if let Some(r) = node.get("retries") {
            c.retries = r
                .int()
                .filter(|n| (1..=100).contains(n))
                .ok_or_else(|| SpecError::at(r, "`retries` is not an integer from 1 to 100"))?
                as u32;
        }
        Ok(c)
    }

    fn take(&mut self, path: &PathBuf, node: &Node) -> Result<(), SpecError> {
        if let Some((l, c)) = self.taken.get(path) {
            return Err(SpecError::at(
                node,
                format!(
                    "data/{} is made twice (first at line {l} column {c})",
                    path.display()
                ),
            ));
        }
        self.taken.insert(path.clone(), (node.line, node.col));
        Ok(())
    }

    /// Parses the group `node` at `path`; returns the cases below it (for `include`).
    fn group(
        &mut self,
        node: &Node,
        path: PathBuf,
        parent: &Config,
        root: bool,
    ) -> Result<Vec<usize>, SpecError> {
        let config = self.config(node, parent)?;
        check_group_keys(node, root)?;
        self.take(&path, node)?;
        let files = group_files(node)?;
        self.spec.groups.push(Group {
            path: path.clone(),
            files,
        });
        let mut below = Vec::new();
        // `include`: cases made before this group, copied into it.
        let included = self.included(node)?;
        if let Some(data) = node.get("data") {
            let (entries, numbered) = data_entries(data, root)?;
            let groups_total: usize = entries
                .iter()
                .flat_map(|e| e.map().unwrap_or_default())
                .filter(|(_, v)| is_group(v))
                .count();
            let mut next_group = 1;
            for entry in entries {
                let Some(children) = entry.map() else {
                    return Err(SpecError::at(entry, "an entry of `data` is not a mapping"));
                };
                if numbered && children.len() != 1 {
                    return Err(SpecError::at(
                        entry,
                        "a numbered entry (a list item of `data`) must have exactly one key (indent its case keys one more level)",
                    ));
                }
                for (k, child) in sorted_children(children, root)? {
                    let at = Place {
                        path: &path,
                        config: &config,
                        root,
                        numbered,
                        groups_total,
                    };
                    below.extend(self.child(k, child, &at, &mut next_group)?);
                }
            }
        }
        for i in included {
            let name = self.spec.cases[i]
                .path
                .file_name()
                .map(PathBuf::from)
                .unwrap_or_default();
            let to = path.join(name);
            self.take(&to, node)?;
            self.spec.includes.push((i, to));
            below.push(i);
        }
        Ok(below)
    }

    /// The cases that the `include` list of the group `node` names, each key that of
    /// exactly one case or group made before it.
    fn included(&self, node: &Node) -> Result<Vec<usize>, SpecError> {
        let mut included = Vec::new();
        let Some(inc) = node.get("include") else {
            return Ok(included);
        };
        let Value::Seq(items, _) = &inc.value else {
            return Err(SpecError::at(inc, "`include` is not a list of keys"));
        };
        for item in items {
            let key = item
                .string()
                .filter(|k| !k.contains('/'))
                .ok_or_else(|| SpecError::at(item, "`include`: not the key of a case or group"))?;
            let rules = self.keys.get(key).map(Vec::as_slice).unwrap_or_default();
            let [cases] = rules else {
                return Err(SpecError::at(
                    item,
                    if rules.is_empty() {
                        format!("`include: {key}`: no case or group before it has this key")
                    } else {
                        format!(
                            "`include: {key}`: the key is ambiguous ({} rules)",
                            rules.len()
                        )
                    },
                ));
            };
            included.extend(cases.iter().copied());
        }
        Ok(included)
    }

    /// Parses the entry `child` of key `k` of a group's `data` (a group below it, or a
    /// case); returns the cases it makes.
    fn child(
        &mut self,
        k: &Node,
        child: &Node,
        at: &Place<'_>,
        next_group: &mut usize,
    ) -> Result<Vec<usize>, SpecError> {
        let key = k.scalar().unwrap_or_default().to_string();
        if at.root && !is_group(child) {
            return Err(SpecError::at(child, format!("`data.{key}` is not a group")));
        }
        if !at.numbered && key.is_empty() {
            return Err(SpecError::at(
                k,
                "a case or group that is not numbered needs a name",
            ));
        }
        if is_group(child) {
            let name = if at.numbered {
                *next_group += 1;
                numbered_name(*next_group - 1, at.groups_total, &key)
            } else {
                key.clone()
            };
            if !valid_name(&name) {
                return Err(SpecError::at(
                    k,
                    format!("`{name}` is not a valid group name"),
                ));
            }
            let cases = self.group(child, at.path.join(&name), at.config, false)?;
            self.keys.entry(key).or_default().push(cases.clone());
            Ok(cases)
        } else if is_case(child) {
            let cases = self.case(k, &key, child, at.path, at.config, at.numbered)?;
            for &c in &cases {
                self.keys.entry(key.clone()).or_default().push(vec![c]);
            }
            Ok(cases)
        } else {
            Err(SpecError::at(
                child,
                format!("`{key}` is neither a case nor a group"),
            ))
        }
    }

    /// Parses the case `node` of key `key` in the group at `dir`: one case per count value.
    fn case(
        &mut self,
        key_node: &Node,
        key: &str,
        node: &Node,
        dir: &std::path::Path,
        parent: &Config,
        numbered: bool,
    ) -> Result<Vec<usize>, SpecError> {
        // A string is a command, or (ending in `.in`) a copy.
        let generated;
        let node: &Node = match &node.value {
            Value::Null => {
                return Err(SpecError::at(
                    key_node,
                    format!("`{key}`: a case with nothing that makes its input"),
                ))
            }
            Value::Scalar(s, _) => {
                let (k, v) = match s.strip_suffix(".in") {
                    Some(base) => ("copy", base.to_string()),
                    None => ("generate", s.clone()),
                };
                let at = |value| Node {
                    value,
                    line: node.line,
                    col: node.col,
                };
                generated = at(Value::Map(
                    vec![(
                        at(Value::Scalar(k.into(), yaml::Style::Plain)),
                        at(Value::Scalar(v, yaml::Style::Double)),
                    )],
                    false,
                ));
                &generated
            }
            _ => node,
        };
        check_case_keys(node, key)?;
        if let Some(v) = node.get("visualizer") {
            if !matches!(v.value, Value::Null) {
                self.spec.notes.push(format!(
                    "{}: `visualizer` is not run (no images are made)",
                    v.at()
                ));
            }
        }
        let config = self.config(node, parent)?;
        let counts = count_values(node)?;
        let values = counts.clone().unwrap_or_else(|| vec![1]);
        let padding = count_padding(&values);
        let mut made = Vec::new();
        for value in values {
            let mut name = if numbered {
                let n = self.next_case;
                self.next_case += 1;
                numbered_name(n, self.numbered_total.max(1), key)
            } else {
                key.to_string()
            };
            if counts.is_some() {
                name += &format!("-{value:0padding$}");
            }
            if name.ends_with(".in") || !valid_name(&format!("{name}.in")) {
                return Err(SpecError::at(
                    key_node,
                    format!("`{name}` is not a valid case name"),
                ));
            }
            if name == "test_group" || name == "testdata" {
                return Err(SpecError::at(
                    key_node,
                    format!("a case must not be named `{name}`"),
                ));
            }
            let path = dir.join(&name);
            self.take(&path, key_node)?;
            let generate = match node.get("generate") {
                None => None,
                Some(g) => Some(self.command(g, key, counts.as_ref().map(|_| value), &config)?),
            };
            let copy = copy_of(node, key)?;
            let literals = literals(node, key)?;
            if generate.is_none() && copy.is_none() && !literals.iter().any(|(e, _)| e == ".in") {
                return Err(SpecError::at(
                    key_node,
                    format!("`{key}`: a case needs `generate`, `copy` or `in`"),
                ));
            }
            self.spec.cases.push(Case {
                path,
                line: key_node.line,
                col: key_node.col,
                generate,
                copy,
                literals,
                solution: config.solution.clone(),
                retries: config.retries,
            });
            made.push(self.spec.cases.len() - 1);
        }
        Ok(made)
    }

    fn command(
        &self,
        g: &Node,
        key: &str,
        count: Option<i64>,
        config: &Config,
    ) -> Result<Command, SpecError> {
        let text = g
            .string()
            .filter(|t| !t.trim().is_empty())
            .ok_or_else(|| SpecError::at(g, format!("`{key}`: `generate` is not a command")))?;
        let mut text = self.constants.substitute(text).into_owned();
        if let Some(v) = count {
            text = text.replace("{count}", &v.to_string());
        } else if text.contains("{count}") {
            return Err(SpecError::at(
                g,
                format!("`{key}`: `{{count}}` in a case without `count`"),
            ));
        }
        let words = seed::split_words(&text)
            .map_err(|e| SpecError::at(g, format!("`{key}`: `generate`: {e}")))?;
        let Some((program, args)) = words.split_first() else {
            return Err(SpecError::at(g, format!("`{key}`: `generate` is empty")));
        };
        if !safe_relative(program) {
            return Err(SpecError::at(
                g,
                format!("`{key}`: `{program}` is not a program below generators/"),
            ));
        }
        let seeds: usize = args.iter().map(|a| seed::find_seed(a).len()).sum();
        if seeds > 1 {
            return Err(SpecError::at(
                g,
                format!("`{key}`: `{{seed}}` may appear only once"),
            ));
        }
        let args = args
            .iter()
            .map(|a| a.replace("{name}", "testcase"))
            .collect();
        Ok(Command {
            seed: seed::seed(&config.salt, count, &text),
            text,
            program: program.clone(),
            args,
            uses_seed: seeds == 1,
        })
    }
}

/// Whether `path` is a relative path that stays below its folder (no `..`, no root).
pub(crate) fn safe_relative(path: &str) -> bool {
    !path.is_empty()
        && std::path::Path::new(path).components().all(|c| {
            matches!(
                c,
                std::path::Component::Normal(_) | std::path::Component::CurDir
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(text: &str) -> Vec<String> {
        parse(text, &Constants::default())
            .expect("parses")
            .cases
            .iter()
            .map(|c| c.path.display().to_string())
            .collect()
    }

    #[test]
    fn list_groups_number_as_bapctools_numbers_them() {
        let text = "solution: /submissions/accepted/a.py\ndata:\n  secret:\n    data:\n      - '': gen.py 1\n      - a: gen.py 2\n      - g:\n          data:\n            - c: gen.py 3\n      - b:\n          generate: gen.py {count}\n          count: 2\n      - g:\n          data:\n            e: gen.py 4\n";
        assert_eq!(
            names(text),
            [
                "secret/1",
                "secret/2-a",
                "secret/1-g/3-c",
                "secret/4-b-1",
                "secret/5-b-2",
                "secret/2-g/e"
            ]
        );
    }

    #[test]
    fn unknown_keys_are_named_with_their_place() {
        let e = parse(
            "data:\n  secret:\n    data:\n      a:\n        generate: g.py\n        colour: red\n",
            &Constants::default(),
        )
        .expect_err("refused");
        assert_eq!((e.line, e.col), (6, 9));
        assert!(e.message.contains("`colour`"), "{}", e.message);
    }
}
