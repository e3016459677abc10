//! `generators.yaml` as a tree that remembers where each node is (line and column), so
//! that every error names them, and the emitter that writes a group's `test_group.yaml`
//! (and a case's `yaml:`) back out as BAPCtools' round-trip writer does: block
//! mappings indented by two, block sequences as `  - item`, flow collections and quoted
//! scalars kept as written.
//!
//! The text is first weighed by [`load_yaml`](crate::package::metadata::load_yaml)
//! (aliases expanding past its limit are refused before anything is copied), and
//! nesting deeper than [`MAX_DEPTH`] is refused.

use crate::package::metadata;
use yaml_rust2::parser::{Event, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// How deep collections may nest in `generators.yaml`.
pub const MAX_DEPTH: usize = 64;

/// A node and where it starts (1-based line and column).
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// What it is.
    pub value: Value,
    /// Its line, from 1.
    pub line: usize,
    /// Its column, from 1.
    pub col: usize,
}

/// How a scalar was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Plain (`abc`, `12`).
    Plain,
    /// `'…'`.
    Single,
    /// `"…"`.
    Double,
    /// `|` (or `>`, kept as `|`).
    Block,
}

/// A YAML value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// `~`, `null` or nothing.
    Null,
    /// A scalar and its style.
    Scalar(String, Style),
    /// A sequence; `true` when written in flow style (`[a, b]`).
    Seq(Vec<Node>, bool),
    /// A mapping in its order; `true` when written in flow style (`{a: 1}`).
    Map(Vec<(Node, Node)>, bool),
}

impl Node {
    /// `line L column C`.
    pub fn at(&self) -> String {
        format!("line {} column {}", self.line, self.col)
    }

    /// The scalar's text, if it is one (of any style).
    pub fn scalar(&self) -> Option<&str> {
        match &self.value {
            Value::Scalar(s, _) => Some(s),
            _ => None,
        }
    }

    /// The text of a scalar YAML reads as a string: quoted, a block, or plain that is
    /// not a number, a boolean or null.
    pub fn string(&self) -> Option<&str> {
        match &self.value {
            Value::Scalar(s, Style::Plain) if plain_is_not_string(s) => None,
            Value::Scalar(s, _) => Some(s),
            _ => None,
        }
    }

    /// The integer of a plain scalar.
    pub fn int(&self) -> Option<i64> {
        match &self.value {
            Value::Scalar(s, Style::Plain) => s.parse().ok(),
            _ => None,
        }
    }

    /// The entries of a mapping.
    pub fn map(&self) -> Option<&[(Node, Node)]> {
        match &self.value {
            Value::Map(m, _) => Some(m),
            _ => None,
        }
    }

    /// The value of `key` in a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.map()?
            .iter()
            .find(|(k, _)| k.scalar() == Some(key))
            .map(|(_, v)| v)
    }

    /// Whether the mapping has `key`.
    pub fn has(&self, key: &str) -> bool {
        self.get(key).is_some()
    }
}

/// Whether a plain scalar is, to YAML 1.2 (ruamel's reading), a number, a boolean or null.
fn plain_is_not_string(s: &str) -> bool {
    matches!(
        s,
        "" | "~"
            | "null"
            | "Null"
            | "NULL"
            | "true"
            | "True"
            | "TRUE"
            | "false"
            | "False"
            | "FALSE"
    ) || s.parse::<i64>().is_ok()
        || (s.parse::<f64>().is_ok() && s.chars().any(|c| c.is_ascii_digit()))
}

/// Parses `text` (one document) into its tree; `Err` is one line with the line and
/// column the YAML library reports.
pub fn parse(text: &str) -> Result<Node, String> {
    metadata::load_yaml(text)?;
    let mut reader = Reader {
        parser: Parser::new_from_str(text),
        text,
        anchors: Default::default(),
    };
    let mut root = None;
    loop {
        let (event, mark) = reader.next()?;
        match event {
            Event::StreamEnd => break,
            Event::StreamStart | Event::DocumentStart | Event::DocumentEnd => {}
            event => {
                if root.is_some() {
                    return Err(format!(
                        "line {} column {}: more than one document",
                        mark.line(),
                        mark.col() + 1
                    ));
                }
                root = Some(reader.node(event, mark, 0)?);
            }
        }
    }
    Ok(root.unwrap_or(Node {
        value: Value::Null,
        line: 1,
        col: 1,
    }))
}

struct Reader<'a> {
    parser: Parser<std::str::Chars<'a>>,
    text: &'a str,
    anchors: std::collections::HashMap<usize, Node>,
}

impl Reader<'_> {
    fn next(&mut self) -> Result<(Event, Marker), String> {
        self.parser.next_token().map_err(|e| e.to_string())
    }

    /// Whether the collection starting at `mark` is written in flow style.
    fn flow_at(&self, mark: Marker, open: char) -> bool {
        self.text.chars().nth(mark.index()) == Some(open)
    }

    fn node(&mut self, event: Event, mark: Marker, depth: usize) -> Result<Node, String> {
        let (line, col) = (mark.line(), mark.col() + 1);
        if depth > MAX_DEPTH {
            return Err(format!(
                "line {line} column {col}: nested deeper than {MAX_DEPTH} levels: refused"
            ));
        }
        let (value, anchor) = match event {
            Event::Scalar(s, style, anchor, _) => {
                let style = match style {
                    TScalarStyle::SingleQuoted => Style::Single,
                    TScalarStyle::DoubleQuoted => Style::Double,
                    TScalarStyle::Literal | TScalarStyle::Folded => Style::Block,
                    _ => Style::Plain,
                };
                let null = style == Style::Plain
                    && matches!(s.as_str(), "" | "~" | "null" | "Null" | "NULL");
                (
                    if null {
                        Value::Null
                    } else {
                        Value::Scalar(s, style)
                    },
                    anchor,
                )
            }
            Event::SequenceStart(anchor, _) => {
                let flow = self.flow_at(mark, '[');
                let mut items = Vec::new();
                loop {
                    let (e, m) = self.next()?;
                    if e == Event::SequenceEnd {
                        break;
                    }
                    items.push(self.node(e, m, depth + 1)?);
                }
                (Value::Seq(items, flow), anchor)
            }
            Event::MappingStart(anchor, _) => {
                let flow = self.flow_at(mark, '{');
                let mut entries: Vec<(Node, Node)> = Vec::new();
                loop {
                    let (e, m) = self.next()?;
                    if e == Event::MappingEnd {
                        break;
                    }
                    let key = self.node(e, m, depth + 1)?;
                    let (e, m) = self.next()?;
                    let value = self.node(e, m, depth + 1)?;
                    if entries.iter().any(|(k, _)| k.value == key.value) {
                        return Err(format!(
                            "{}: the key {} is given twice",
                            key.at(),
                            show_key(&key)
                        ));
                    }
                    entries.push((key, value));
                }
                (Value::Map(entries, flow), anchor)
            }
            Event::Alias(id) => {
                let mut n = self
                    .anchors
                    .get(&id)
                    .cloned()
                    .ok_or_else(|| format!("line {line} column {col}: an unknown alias"))?;
                n.line = line;
                n.col = col;
                return Ok(n);
            }
            other => {
                return Err(format!(
                    "line {line} column {col}: unexpected YAML ({other:?})"
                ))
            }
        };
        // A block mapping starts where its first key does (the library marks the
        // token after it).
        let (line, col) = match &value {
            Value::Map(entries, false) => entries
                .first()
                .map_or((line, col), |(k, _)| (k.line, k.col)),
            _ => (line, col),
        };
        let node = Node { value, line, col };
        if anchor > 0 {
            self.anchors.insert(anchor, node.clone());
        }
        Ok(node)
    }
}

/// A key as an error shows it: `` `name` ``.
pub(crate) fn show_key(key: &Node) -> String {
    match &key.value {
        Value::Scalar(s, _) => format!("`{s}`"),
        Value::Null => "`` (empty)".into(),
        _ => "(a collection)".into(),
    }
}

/// The YAML text of `node` (a mapping: a `test_group.yaml`), as BAPCtools writes it.
pub(crate) fn emit(node: &Node) -> String {
    let mut out = String::new();
    match &node.value {
        Value::Map(entries, false) if !entries.is_empty() => emit_map(entries, 0, &mut out),
        Value::Seq(items, false) if !items.is_empty() => emit_seq(items, 0, &mut out),
        _ => {
            out += &inline(node);
            out.push('\n');
        }
    }
    out
}

fn emit_map(entries: &[(Node, Node)], indent: usize, out: &mut String) {
    for (k, v) in entries {
        out.push_str(&" ".repeat(indent));
        out.push_str(&inline(k));
        out.push(':');
        emit_value(v, indent, out);
    }
}

/// The value after `key:` (or `- `): on the line for a scalar or flow collection, on
/// the lines below for a block one.
fn emit_value(v: &Node, indent: usize, out: &mut String) {
    match &v.value {
        Value::Null => out.push('\n'),
        Value::Map(e, false) if !e.is_empty() => {
            out.push('\n');
            emit_map(e, indent + 2, out);
        }
        Value::Seq(items, false) if !items.is_empty() => {
            out.push('\n');
            emit_seq(items, indent + 2, out);
        }
        Value::Scalar(s, Style::Block) => {
            let body = s.strip_suffix('\n').unwrap_or(s);
            out.push_str(if s.ends_with('\n') { " |\n" } else { " |-\n" });
            for line in body.split('\n') {
                if !line.is_empty() {
                    out.push_str(&" ".repeat(indent + 2));
                    out.push_str(line);
                }
                out.push('\n');
            }
        }
        _ => {
            out.push(' ');
            out.push_str(&inline(v));
            out.push('\n');
        }
    }
}

fn emit_seq(items: &[Node], indent: usize, out: &mut String) {
    for item in items {
        out.push_str(&" ".repeat(indent));
        out.push('-');
        match &item.value {
            Value::Map(e, false) if !e.is_empty() => {
                // The first entry on the dash's line, the others under it.
                let mut first = String::new();
                emit_map(&e[..1], indent + 2, &mut first);
                out.push(' ');
                out.push_str(first.trim_start());
                emit_map(&e[1..], indent + 2, out);
            }
            _ => emit_value(item, indent, out),
        }
    }
}

/// A node on one line: a scalar in its style, a collection in flow style.
fn inline(n: &Node) -> String {
    match &n.value {
        Value::Null => String::new(),
        Value::Scalar(s, Style::Single) => format!("'{}'", s.replace('\'', "''")),
        Value::Scalar(s, Style::Double) | Value::Scalar(s, Style::Block) => {
            serde_json::to_string(s).unwrap_or_default()
        }
        Value::Scalar(s, Style::Plain) => s.clone(),
        Value::Seq(items, _) => format!(
            "[{}]",
            items.iter().map(inline).collect::<Vec<_>>().join(", ")
        ),
        Value::Map(entries, _) => format!(
            "{{{}}}",
            entries
                .iter()
                .map(|(k, v)| format!("{}: {}", inline(k), inline(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_know_where_they_are() {
        let root = parse("a: 1\nb:\n  c: 'x'\n").expect("parses");
        let b = root.get("b").expect("b");
        assert_eq!((b.line, b.col), (3, 3));
        assert_eq!(b.get("c").and_then(Node::string), Some("x"));
        assert_eq!(root.get("a").and_then(Node::int), Some(1));
        let e = parse("a: 1\na: 2\n").expect_err("twice");
        assert!(e.contains("line 2 column"), "{e}");
    }

    #[test]
    fn test_group_yaml_is_written_back_as_bapctools_writes_it() {
        let text = "output_validator_args: [space_change_sensitive]\nscoring:\n  score: 30\nlist:\n  - a\n  - 'b c'\n";
        let root = parse(text).expect("parses");
        assert_eq!(emit(&root), text);
    }
}
