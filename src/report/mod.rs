//! Reports of a judging session and of `verify-submissions`: a text table with a summary
//! line, JSON, JUnit XML, a self-contained HTML page, the tracker formats (Bencher's
//! BMF, github-action-benchmark's JSON), and the comparison with a baseline report.
//! Reports only format results; they never judge.
//!
//! The design has four layers:
//!
//! 1. **Schema.** What a machine reads is a typed document that serializes and
//!    deserializes both ways: [`schema::SessionReport`] for `judge --format json` (and
//!    for `--baseline`, which reads a previous run's report into the same structs), and
//!    the documents that the layers below build and this one only renders, in
//!    [`crate::document`]: [`submissions::VerifyReport`] for `verify-submissions --format
//!    json`, [`gate::GateReport`] for `verify`. Their fields are in the order the
//!    documents list their keys (alphabetical).
//! 2. **Trait.** Every format is a writer that implements [`Render`] for the report it
//!    writes: `render(&self, report) -> Result<String, ReportError>`. A writer is a
//!    small value that holds its options (the comparison with a baseline, for the
//!    session's table, JSON and HTML).
//! 3. **Writers.** For a [`Session`]: [`table::Table`], [`json::Json`] (a
//!    [`schema::SessionReport`] serialized), [`junit::Junit`], [`html::Html`] (the
//!    askama template `templates/session.html`), [`tracker::Bmf`] and [`tracker::Gab`].
//!    For a [`submissions::VerifyReport`]: [`submissions::Table`], [`submissions::Json`],
//!    [`submissions::Junit`] and [`submissions::Html`] (`templates/verify.html`, the same look).
//!    The free functions (`table::render`, `json::render`, …) are the same writers.
//! 4. **List.** Every format is one entry of [`formats::FORMATS`]: its name and, for each
//!    document it writes, its writer. The command line builds `--format NAME` and the
//!    `--NAME FILE` side files from the list and renders through it, so a new format
//!    is one module and one entry.
//!
//! Much of what a report shows comes from outside the judge: a contestant's stderr (in
//! RE messages), a compiler's message (which quotes the source), folder names. The
//! table, HTML, JUnit and tracker reports pass that text through [`visible`] or
//! [`visible_line`], so that it can neither drive a terminal (ANSI escapes), nor break an
//! XML parser, nor reorder or hide what a reader sees (bidirectional overrides, line
//! separators, invisible format characters: display spoofing). The HTML templates then
//! escape every value they write ([`html::Entities`]). The JSON reports keep the text
//! exactly, and [`escape_invisible_in_json`] writes those characters as `\u` escapes
//! there, so that no JSON document carries them raw.

pub mod baseline;
pub mod formats;
pub use crate::document::provenance;
pub mod gate;
pub mod html;
pub mod json;
pub mod junit;
pub mod merge;
pub mod schema;
pub mod submissions;
pub mod table;
pub mod tracker;

use crate::judge::case_loop::ProblemReport;
use crate::Verdict;
use std::borrow::Cow;
use std::fmt::Write;

/// A report format: writes a report of type `R` as text. Each writer is a small value
/// that holds its options (the JSON, table and HTML writers of a session take the
/// comparison with a baseline, when there is one): [`table::Table`], [`json::Json`],
/// [`junit::Junit`], [`html::Html`], [`tracker::Bmf`] and [`tracker::Gab`] render a
/// [`Session`]; the writers of [`submissions`] render a [`submissions::VerifyReport`].
pub trait Render<R: ?Sized> {
    /// The report as text, ready to print or to write to a file.
    fn render(&self, report: &R) -> Result<String, ReportError>;
}

/// Why a writer could not render a report. Writing to memory, none of these happens in
/// practice; each names its format.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// serde_json could not serialize the document.
    #[error("JSON report: {0}")]
    Json(#[from] serde_json::Error),
    /// quick-junit could not serialize the XML.
    #[error("JUnit report: {0}")]
    Junit(#[from] quick_junit::SerializeError),
    /// askama could not render the HTML template.
    #[error("HTML report: {0}")]
    Html(#[from] askama::Error),
}

/// The Control Picture of ASCII control `c` (`␀`..`␟` for U+0000..=U+001F, `␡` for DEL).
fn control_picture(c: char) -> char {
    let code = u32::from(c);
    let picture = if code == 0x7f { 0x2421 } else { 0x2400 + code };
    char::from_u32(picture).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// Whether `c` is a character that changes how the text around it is shown while being
/// invisible itself, and is therefore replaced by [`visible`] with its code point:
///
/// - every bidirectional formatting character (Unicode's `Bidi_Control`): U+061C (Arabic
///   letter mark), U+200E and U+200F (LRM, RLM), U+202A..=U+202E (embeddings and
///   overrides: LRE, RLE, PDF, LRO, RLO), U+2066..=U+2069 (isolates: LRI, RLI, FSI, PDI);
/// - U+2028 and U+2029 (line and paragraph separator: a line break to a browser or an
///   editor, a syntax error in JavaScript before ES2019);
/// - the invisible format characters that can hide or split text: U+00AD (soft hyphen),
///   U+180E, U+200B (zero-width space), U+2060..=U+2064 (word joiner, invisible
///   operators), U+206A..=U+206F (deprecated format controls), U+FEFF (byte order mark,
///   zero-width no-break space), U+FFF9..=U+FFFB (interlinear annotations: hide text),
///   and the tag characters U+E0000..=U+E007F (invisible ASCII look-alikes);
/// - the rest of Unicode's default-ignorable characters, which a terminal or browser
///   draws as nothing or as a blank: U+034F (combining grapheme joiner), the Hangul
///   fillers U+115F, U+1160, U+3164 and U+FFA0 (letters that show as blank space), U+17B4
///   and U+17B5 (Khmer inherent vowels), U+1BCA0..=U+1BCA3 (shorthand format controls),
///   U+1D173..=U+1D17A (musical formatting), and the unassigned U+2065, U+FFF0..=U+FFF8
///   and U+E0080..=U+E00FF.
///
/// Kept: U+200C and U+200D (zero-width non-joiner and joiner), which shape Persian and
/// Indic text and emoji sequences without hiding anything, and variation selectors.
pub fn is_invisible_format(c: char) -> bool {
    matches!(
        c,
        '\u{ad}'
            | '\u{61c}'
            | '\u{180e}'
            | '\u{200b}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{2064}'
            | '\u{2066}'..='\u{206f}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}'
            | '\u{e0000}'..='\u{e007f}'
            | '\u{34f}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{17b4}'
            | '\u{17b5}'
            | '\u{2065}'
            | '\u{3164}'
            | '\u{ffa0}'
            | '\u{fff0}'..='\u{fff8}'
            | '\u{1bca0}'..='\u{1bca3}'
            | '\u{1d173}'..='\u{1d17a}'
            | '\u{e0080}'..='\u{e00ff}'
    )
}

/// Whether `c` is replaced by [`visible`] (line feeds aside).
fn is_hidden(c: char) -> bool {
    c.is_control() || matches!(c, '\u{fffe}' | '\u{ffff}') || is_invisible_format(c)
}

/// `text` with every character that could drive a terminal, that XML 1.0 cannot carry
/// or that would spoof the display replaced by a visible stand-in, line feeds kept:
///
/// - the ASCII controls U+0000..=U+001F (tab, carriage return and ESC included) become
///   their Unicode Control Pictures `␀`..`␟` (U+2400 + code), e.g. `\t` → `␉`,
///   `\r` → `␍`, ESC → `␛`, NUL → `␀`; DEL (U+007F) becomes `␡` (U+2421);
/// - the C1 controls U+0080..=U+009F (CSI, NEL, …) and the noncharacters U+FFFE and
///   U+FFFF become `�` (U+FFFD);
/// - the bidirectional formatting characters, U+2028, U+2029 and the invisible format
///   characters of [`is_invisible_format`] become their code point in angle brackets,
///   `<U+202E>` (upper-case hex, at least four digits), so a right-to-left override
///   neither reorders the rest of the line nor goes unseen.
///
/// Everything else is kept as it is: non-ASCII text, quotes, `<&>` and `]]>` (the XML
/// and HTML writers escape what markup needs). What is replaced is shown, never dropped;
/// the JSON report has the exact text.
pub fn visible(text: &str) -> Cow<'_, str> {
    replace(text, |c| c != '\n' && is_hidden(c))
}

/// [`visible`] for a field of one line (a case or problem name, the program, a JUnit
/// attribute): the line feed becomes `␊` (U+240A) as well.
pub fn visible_line(text: &str) -> Cow<'_, str> {
    replace(text, is_hidden)
}

/// A JSON document (as serde_json writes it) with every character of
/// [`is_invisible_format`] written as a `\uXXXX` escape (a surrogate pair above U+FFFF).
/// serde_json escapes only the ASCII controls, `"` and `\\`; U+2028 and U+2029 would
/// otherwise end a line in a JavaScript string literal, and an override would reorder
/// the document in an editor. These characters only occur inside JSON strings (the
/// document's own syntax is ASCII), where the escape reads back as the same character:
/// the text still round-trips exactly.
pub fn escape_invisible_in_json(json: String) -> String {
    if !json.chars().any(is_invisible_format) {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if is_invisible_format(c) {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                let _ = write!(out, "\\u{unit:04x}");
            }
        } else {
            out.push(c);
        }
    }
    out
}

fn replace(text: &str, hidden: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !text.chars().any(&hidden) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .fold(String::with_capacity(text.len()), |mut out, c| {
                match c {
                    _ if !hidden(c) => out.push(c),
                    '\0'..='\x1f' | '\x7f' => out.push(control_picture(c)),
                    _ if is_invisible_format(c) => {
                        let _ = write!(out, "<U+{:04X}>", u32::from(c));
                    }
                    _ => out.push(char::REPLACEMENT_CHARACTER),
                }
                out
            }),
    )
}

/// What was judged, for report headers: `gcc main.c`, `gridjudge solve`, `./a.out`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Session {
    /// A one-line description of the program.
    pub program: String,
    /// The per-problem results.
    pub problems: Vec<ProblemReport>,
    /// Set when a signal cut the session short: `problems` then holds the cases that
    /// finished, and every report says so.
    pub interrupted: Option<Interruption>,
    /// Set when the session is one shard of a run (`--shard K/N`): which one, and the
    /// problems of the whole run in order, for `report merge`.
    pub shard: Option<schema::ShardRecord>,
    /// The sandbox guarantees as a report read back recorded them (a merged run's);
    /// `None` for a session judged here, whose guarantees come from its runs.
    pub recorded_guarantees: Option<crate::sandbox::Guarantees>,
    /// Which gridjudge judged, when, where and which program; `None` where the caller
    /// did not say (a library use, a fixture).
    pub provenance: Option<provenance::Provenance>,
}

/// A session cut short by SIGINT, SIGTERM or SIGHUP (see [`crate::sandbox::interrupt`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Interruption {
    /// The signal number.
    pub signal: i32,
    /// Cases that were to be judged and have no result.
    pub cases_not_run: usize,
}

impl Interruption {
    /// `interrupted by SIGTERM: 3 case(s) not run`.
    pub fn describe(&self) -> String {
        format!(
            "interrupted by {}: {} case(s) not run",
            crate::sandbox::signal_name(self.signal),
            self.cases_not_run
        )
    }
}

impl Session {
    /// The guarantees in force, from the first case that ran (all cases of a session
    /// share the same settings).
    pub fn guarantees(&self) -> Option<crate::sandbox::Guarantees> {
        self.recorded_guarantees.or_else(|| {
            self.problems
                .iter()
                .flat_map(|p| &p.cases)
                .find_map(|c| c.run.as_ref().map(|r| r.guarantees))
        })
    }

    /// One line naming the guarantees in force (`sandbox: uid 61000, …`).
    pub(crate) fn guarantees_line(&self) -> String {
        let Some(g) = self.guarantees() else {
            return "sandbox: nothing ran".to_string();
        };
        let mut parts = vec![
            "own process group, all processes killed at the end".to_string(),
            "CPU, wall and output limits, no core dumps".to_string(),
        ];
        parts.push(match (g.address_space_limit, g.memory_cgroup) {
            (true, true) => {
                "memory: held by all processes (memory cgroup), and RLIMIT_AS".to_string()
            }
            (true, false) => "memory: RLIMIT_AS".to_string(),
            (false, true) => "memory: held by all processes (memory cgroup)".to_string(),
            (false, false) => "memory: sampled peak RSS".to_string(),
        });
        parts.push(match g.uid {
            Some(uid) => format!("unprivileged uid {uid}"),
            None => "runs as the judge's user".to_string(),
        });
        parts.push(match g.process_limit {
            Some(n) => format!("at most {n} processes"),
            None => "no process limit".to_string(),
        });
        parts.push(if g.no_network {
            "no network".to_string()
        } else {
            "network NOT isolated".to_string()
        });
        parts.push(if g.hidden_paths {
            "problem folder (answers) hidden".to_string()
        } else {
            "problem folder (answers) NOT hidden".to_string()
        });
        parts.push(match g.landlock_abi {
            Some(abi) => format!("filesystem confined (Landlock ABI {abi})"),
            None => "filesystem NOT confined".to_string(),
        });
        parts.push(match (g.pid_namespace, g.fresh_proc) {
            (true, true) => "own PID namespace and /proc".to_string(),
            (true, false) => "own PID namespace (host /proc visible)".to_string(),
            _ => "no PID namespace".to_string(),
        });
        parts.push(if g.minimal_root {
            "minimal root (working folder /box)".to_string()
        } else {
            "host's folders exist for the program".to_string()
        });
        parts.push(if g.private_ipc {
            "own IPC, UTS and cgroup namespaces".to_string()
        } else {
            "IPC NOT isolated".to_string()
        });
        parts.push(if g.cpu_all_processes {
            "CPU time of all processes (cgroup)".to_string()
        } else {
            "CPU time of the program and the children waited for".to_string()
        });
        let missing = g.missing();
        if !missing.is_empty() {
            parts.push(format!("MISSING: {}", missing.join(", ")));
        }
        format!("sandbox: {}", parts.join("; "))
    }

    /// The session's verdict: JE if it was interrupted (no verdict stands for cases
    /// that did not run) or if any problem or case is JE; else the first non-AC problem
    /// verdict; else AC.
    pub fn overall(&self) -> Verdict {
        if self.interrupted.is_some() {
            return Verdict::JudgeError;
        }
        let verdicts: Vec<Verdict> = self.problems.iter().map(ProblemReport::overall).collect();
        if verdicts.contains(&Verdict::JudgeError)
            || self
                .problems
                .iter()
                .flat_map(|p| &p.cases)
                .any(|c| c.verdict == Verdict::JudgeError)
        {
            return Verdict::JudgeError;
        }
        crate::judge::case_loop::overall_verdict(verdicts)
    }

    /// Verdict counts over every case (and every problem that failed as a whole).
    pub fn counts(&self) -> Vec<(Verdict, usize)> {
        let mut counts = Vec::new();
        for v in Verdict::ALL {
            let n = self
                .problems
                .iter()
                .map(|p| {
                    p.cases.iter().filter(|c| c.verdict == v).count()
                        + usize::from(p.failure.as_ref().is_some_and(|(f, _)| *f == v))
                })
                .sum();
            if n > 0 {
                counts.push((v, n));
            }
        }
        counts
    }

    /// `12 cases: 11 AC, 1 WA — overall WA` style summary line, ending with
    /// `; interrupted by SIGTERM: 3 case(s) not run` after a signal.
    pub fn summary(&self) -> String {
        let cases: usize = self.problems.iter().map(|p| p.cases.len()).sum();
        let counts: Vec<String> = self
            .counts()
            .iter()
            .map(|(v, n)| format!("{n} {v}"))
            .collect();
        let max_cpu = self
            .problems
            .iter()
            .flat_map(|p| &p.cases)
            .map(|c| c.cpu_seconds)
            .fold(0.0, f64::max);
        let max_mem = self
            .problems
            .iter()
            .flat_map(|p| &p.cases)
            .map(|c| c.memory_bytes)
            .max()
            .unwrap_or(0);
        let mut line = format!(
            "{} problem(s), {cases} case(s): {} — overall {}; max CPU {:.3} s, max memory {:.1} MiB",
            self.problems.len(),
            if counts.is_empty() { "nothing judged".to_string() } else { counts.join(", ") },
            self.overall(),
            max_cpu,
            max_mem as f64 / (1u64 << 20) as f64
        );
        if let Some(i) = &self.interrupted {
            line.push_str("; ");
            line.push_str(&i.describe());
        }
        if let Some(shard) = &self.shard {
            line.push_str(&format!(
                "; shard {}/{} of the run (gridjudge report merge joins the shards)",
                shard.index, shard.count
            ));
        }
        line
    }
}

/// Sessions for the writers' unit tests.
#[cfg(test)]
pub(crate) mod test_support {
    use super::Session;
    use crate::judge::case_loop::{CaseResult, ProblemReport};
    use crate::sandbox::limits::Limits;
    use crate::Verdict;
    use std::time::Duration;

    /// A case that did not run, with this name, verdict, message and wall time.
    pub fn case(name: &str, verdict: Verdict, message: &str, wall: f64) -> CaseResult {
        CaseResult {
            case: name.to_string(),
            verdict,
            message: message.to_string(),
            cpu_seconds: 0.0,
            wall_seconds: wall,
            wait_seconds: 0.0,
            memory_bytes: 0,
            status: None,
            output_bytes: 0,
            stderr_bytes: 0,
            protocol: None,
            score: None,
            score_multiplier: None,
            first_difference: None,
            run: None,
        }
    }

    /// One problem named `problem` with these cases and failure.
    pub fn session(
        program: &str,
        problem: &str,
        cases: Vec<CaseResult>,
        failure: Option<(Verdict, String)>,
    ) -> Session {
        Session {
            program: program.to_string(),
            interrupted: None,
            shard: None,
            recorded_guarantees: None,
            provenance: None,
            problems: vec![ProblemReport {
                problem: problem.to_string(),
                title: "t".to_string(),
                limits: Limits::new(Duration::from_secs(1), 1 << 26),
                cases,
                failure,
                scored: None,
            }],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visible_replaces_controls_by_pictures_and_keeps_line_feeds() {
        assert_eq!(
            visible("plain é 日本 👩\u{200d}🔬 ی\u{200c}ک <&>\"']]>"),
            "plain é 日本 👩\u{200d}🔬 ی\u{200c}ک <&>\"']]>"
        );
        assert!(matches!(visible("no controls"), Cow::Borrowed(_)));
        assert_eq!(
            visible("\x1b[31mred\x1b[0m\ta\r\nb\0\x7f"),
            "␛[31mred␛[0m␉a␍\nb␀␡"
        );
        assert_eq!(visible("\u{9b}2J\u{85}\u{fffe}\u{ffff}"), "�2J���");
        assert_eq!(visible_line("a\nb\r\n"), "a␊b␍␊");
        assert_eq!(visible_line("\x1f"), "␟");
    }

    /// Every bidirectional formatting character, the line and paragraph separators and
    /// the invisible format characters are shown as `<U+XXXX>`.
    #[test]
    fn bidi_separators_and_invisible_format_characters_are_shown_by_code_point() {
        let bidi = [
            0x61c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068,
            0x2069,
        ];
        let others = [
            0x2028, 0x2029, 0xfeff, 0xad, 0x200b, 0x2060, 0xfff9, 0xe0041, 0x34f, 0x115f, 0x1160,
            0x17b4, 0x3164, 0xffa0, 0x1bca0, 0x1d173, 0xe0080,
        ];
        for code in bidi.into_iter().chain(others) {
            let c = char::from_u32(code).unwrap();
            assert!(is_invisible_format(c), "{code:x}");
            let want = format!("a<U+{code:04X}>b");
            assert_eq!(visible(&format!("a{c}b")), want);
            assert_eq!(visible_line(&format!("a{c}b")), want);
        }
        assert_eq!(
            visible("evil\u{202e}txt.exe\u{2028}AC\u{2029}\n"),
            "evil<U+202E>txt.exe<U+2028>AC<U+2029>\n"
        );
        assert_eq!(visible("\u{e007f}"), "<U+E007F>");
        for kept in ['\u{200c}', '\u{200d}', '\u{fe0f}', 'a', '␛'] {
            assert!(!is_invisible_format(kept), "{kept:?}");
        }
    }

    /// serde_json writes U+2028, U+2029 and the overrides raw; the JSON reports carry
    /// them as `\u` escapes that read back as the same text.
    #[test]
    fn json_documents_carry_invisible_characters_as_escapes() {
        let text = "a\u{202e}b\u{2028}c\u{2029}d\u{feff}\u{e0041}é\u{200d}";
        let raw = serde_json::to_string(&serde_json::json!({ "m": text })).unwrap();
        assert!(
            raw.contains('\u{2028}'),
            "serde_json escapes U+2028 itself: {raw}"
        );
        let escaped = escape_invisible_in_json(raw);
        assert_eq!(
            escaped,
            "{\"m\":\"a\\u202eb\\u2028c\\u2029d\\ufeff\\udb40\\udc41é\u{200d}\"}"
        );
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back["m"], text);
    }

    /// Every writer of a session renders through [`Render`], as its free function does;
    /// the table's writer adds the comparison with a baseline.
    #[test]
    fn every_session_writer_renders_through_the_trait() {
        let s = test_support::session(
            "./a.out",
            "poj3074",
            vec![test_support::case(
                "sample/1",
                Verdict::WrongAnswer,
                "no",
                0.1,
            )],
            None,
        );
        let old = baseline::Baseline::parse(&json::render(&s)).unwrap();
        let cmp = baseline::compare(&s, &old, baseline::Thresholds::default());
        let baseline = Some(&cmp);
        let writers: [(&dyn Render<Session>, String); 6] = [
            (
                &table::Table { baseline },
                table::render(&s) + &cmp.render_text(),
            ),
            (&json::Json { baseline }, json::render_with(&s, baseline)),
            (&junit::Junit, junit::render(&s).unwrap()),
            (&html::Html { baseline }, html::render(&s, baseline)),
            (&tracker::Bmf, tracker::bmf(&s)),
            (&tracker::Gab, tracker::gab(&s)),
        ];
        for (writer, want) in writers {
            assert_eq!(writer.render(&s).unwrap(), want);
        }
    }

    #[test]
    fn an_interrupted_session_says_so_and_is_no_verdict() {
        let mut s = test_support::session(
            "p",
            "poj3074",
            vec![test_support::case("sample/1", Verdict::Accepted, "", 0.1)],
            None,
        );
        assert_eq!(s.overall(), Verdict::Accepted);
        s.interrupted = Some(Interruption {
            signal: libc::SIGTERM,
            cases_not_run: 4,
        });
        assert_eq!(s.overall(), Verdict::JudgeError);
        assert!(
            s.summary()
                .starts_with("1 problem(s), 1 case(s): 1 AC — overall JE; max CPU")
                && s.summary()
                    .ends_with("; interrupted by SIGTERM: 4 case(s) not run"),
            "{}",
            s.summary()
        );
    }
}
