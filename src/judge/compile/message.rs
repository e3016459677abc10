//! Compiler messages as a contestant reads them: the head of what the compiler wrote,
//! at most `MAX_MESSAGE` bytes, with the build copy's name turned back into the
//! contestant's file, and the one line a report shows ([`headline`]).

use super::{CompileFailure, MAX_MESSAGE};
use std::io::Read;
use std::path::Path;

/// At most [`MAX_MESSAGE`] bytes of `text` (cut at a character boundary, marked `…`).
pub(super) fn truncate_message(text: &str) -> String {
    let mut message = text.to_string();
    if message.len() > MAX_MESSAGE {
        let mut cut = MAX_MESSAGE;
        while !message.is_char_boundary(cut) {
            cut -= 1;
        }
        message.truncate(cut);
        message.push_str(" …");
    }
    message
}

/// The beginning of a captured stream (enough for any message kept): a compiler
/// may have written up to the file size limit.
pub(super) fn read_head(path: &Path) -> String {
    let mut bytes = Vec::new();
    if let Ok(f) = std::fs::File::open(path) {
        let _ = f.take(4 * MAX_MESSAGE as u64).read_to_end(&mut bytes);
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Names the contestant's file, not the build copy, in compiler messages: the build
/// folder's path is dropped (`/tmp/gridjudge-build-…/box/ccX.s` becomes `ccX.s`), and
/// `main.c` where it stands as a file name (alone, or under
/// [`BOX_DIR`](crate::sandbox::BOX_DIR)) becomes `original`.
pub(super) fn rename_source(
    mut failure: CompileFailure,
    copy_name: &str,
    workdir: &Path,
    original: &Path,
) -> CompileFailure {
    let original = original.display().to_string();
    let mut message = failure.message;
    message = message.replace(&format!("{}/", workdir.display()), "");
    if copy_name.is_empty() {
        // Several files keep their own names.
        failure.message = message;
        return failure;
    }
    message = message.replace(
        &format!("{}/{copy_name}", crate::sandbox::BOX_DIR),
        copy_name,
    );
    let mut out = String::with_capacity(message.len());
    let mut rest = message.as_str();
    let mut prev: Option<char> = None;
    while let Some(i) = rest.find(copy_name) {
        let before = rest[..i].chars().next_back().or(prev);
        let after = rest[i + copy_name.len()..].chars().next();
        let starts = before.is_none_or(|c| c.is_whitespace() || "\"'`(‘“".contains(c));
        let ends = after.is_none_or(|c| c.is_whitespace() || ":\"'`),’”".contains(c));
        out.push_str(&rest[..i]);
        out.push_str(if starts && ends { &original } else { copy_name });
        prev = copy_name.chars().next_back();
        rest = &rest[i + copy_name.len()..];
    }
    out.push_str(rest);
    failure.message = out;
    failure
}

/// The most telling line of a compiler message: the first that names an error
/// (`error:`, `error[E…]`, a linker's `undefined reference to`, Python's `…Error:`),
/// passing over the summaries that only say that something failed (`collect2: error:
/// ld returned 1 exit status`, rustc's `error: aborting due to …`); else the first line.
pub fn headline(message: &str) -> &str {
    let summary = |l: &str| {
        l.contains("ld returned")
            || l.contains("aborting due to")
            || l.contains("could not compile")
            || l.trim_start().starts_with("compilation terminated")
    };
    let names_error = |l: &str| {
        [
            "error:",
            "error[",
            "Error:",
            "Error(",
            "undefined reference to",
        ]
        .iter()
        .any(|e| l.contains(e))
    };
    message
        .lines()
        .find(|l| names_error(l) && !summary(l))
        .or_else(|| message.lines().find(|l| names_error(l)))
        .or_else(|| message.lines().next())
        .unwrap_or("")
}

#[cfg(test)]
mod rename_tests {
    use super::{rename_source, CompileFailure};
    use crate::Verdict;
    use std::path::Path;

    fn renamed(message: &str) -> String {
        let failure = CompileFailure {
            verdict: Verdict::CompileError,
            message: message.into(),
        };
        rename_source(
            failure,
            "main.c",
            Path::new("/tmp/gridjudge-build-x/box"),
            Path::new("sub/typo.c"),
        )
        .message
    }

    #[test]
    fn the_build_copy_is_named_as_the_contestants_file() {
        assert_eq!(
            renamed("main.c:2:25: error: x"),
            "sub/typo.c:2:25: error: x"
        );
        assert_eq!(
            renamed("main.c: In function ‘main’:\nmain.c:3:1: note"),
            "sub/typo.c: In function ‘main’:\nsub/typo.c:3:1: note"
        );
        assert_eq!(renamed("/box/main.c:1:1: e"), "sub/typo.c:1:1: e");
        assert_eq!(
            renamed("/tmp/gridjudge-build-x/box/ccX.s:7: Error"),
            "ccX.s:7: Error"
        );
        assert_eq!(
            renamed("File \"main.c\", line 1"),
            "File \"sub/typo.c\", line 1"
        );
        // Not a file name on its own: left alone.
        assert_eq!(renamed("domain.c: x; main.cc"), "domain.c: x; main.cc");
    }
}

#[cfg(test)]
mod headline_tests {
    use super::headline;

    #[test]
    fn the_line_naming_the_problem_not_the_summary() {
        let ld = "/usr/bin/ld: /usr/lib/x86_64-linux-gnu/crt1.o: in function `_start':\n\
                  (.text+0x1b): undefined reference to `main'\n\
                  collect2: error: ld returned 1 exit status";
        assert_eq!(headline(ld), "(.text+0x1b): undefined reference to `main'");
        let gcc = "main.c: In function 'main':\nmain.c:3:5: error: 'x' undeclared\n";
        assert_eq!(headline(gcc), "main.c:3:5: error: 'x' undeclared");
        let rustc = "error[E0425]: cannot find value `x`\n --> main.rs:1:13\n\
                     error: aborting due to 1 previous error";
        assert_eq!(headline(rustc), "error[E0425]: cannot find value `x`");
        assert_eq!(
            headline("collect2: error: ld returned 1 exit status"),
            "collect2: error: ld returned 1 exit status"
        );
        assert_eq!(headline("just text\nmore"), "just text");
        assert_eq!(headline(""), "");
    }
}
