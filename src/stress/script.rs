//! Writing `stress`'s `reproduce.sh`: every word the script holds is a quoted shell word
//! ([`shell_word`]) and every comment stays one comment line ([`comment`]), whatever
//! the file names, commands and arguments it repeats (a source named
//! `a\n$(rm -rf ~)\n.c` is the caller's to have, never a command the script runs).

/// `word` as one POSIX shell word, quoted by the `shlex` crate where a shell would treat
/// any of its characters specially (in single quotes, or double quotes with escapes for
/// the characters single quotes cannot hold), so the shell reads back exactly `word`:
/// `$`, backticks, `\`, quotes and newlines included. A word with a NUL byte cannot be
/// an argument or a path; its NULs are dropped.
pub fn shell_word(word: &str) -> String {
    let word = word.replace('\0', "");
    // NUL is the only word `try_quote` refuses.
    shlex::try_quote(&word).map_or_else(|_| "''".to_string(), |quoted| quoted.into_owned())
}

/// `text` as one comment line, `# ` first and no line break inside: a line break or
/// any other control character (which a terminal could act on when the script is
/// shown) is written as its escape, `\n`, `\r`, `\t` or `\xNN`, and a `\` as `\\`, so
/// a shell never reads the rest as a command.
pub fn comment(text: &str) -> String {
    let mut out = String::from("# ");
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\x{:02x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOSTILE: &[&str] = &[
        "plain.c",
        "",
        "two words",
        "a\nb",
        "$(touch pwned)",
        "`touch pwned`",
        "it's",
        "\"quoted\"",
        "back\\slash",
        "semi; touch pwned #",
        "tab\there",
        "*",
        "~",
        "\u{202e}rtl",
        "^caret",
        "!bang",
        "{a,b}",
    ];

    /// What `sh` makes of `line`: each word on a line of its own, NUL-separated.
    fn words_of(line: &str, dir: &std::path::Path) -> Vec<String> {
        let out = std::process::Command::new("/bin/sh")
            .arg("-c")
            .arg(format!("printf '%s\\0' {line}"))
            .current_dir(dir)
            .output()
            .expect("sh runs");
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout)
            .split_terminator('\0')
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_word_reads_back_as_itself_and_runs_nothing() {
        let dir = tempfile::tempdir().expect("temp dir");
        for word in HOSTILE {
            assert_eq!(words_of(&shell_word(word), dir.path()), [*word], "{word:?}");
        }
        let line: Vec<String> = HOSTILE.iter().map(|w| shell_word(w)).collect();
        assert_eq!(words_of(&line.join(" "), dir.path()), HOSTILE);
        assert!(!dir.path().join("pwned").exists());
        assert_eq!(shell_word("nul\0byte"), "nulbyte");
    }

    #[test]
    fn a_comment_is_one_line_that_runs_nothing() {
        let dir = tempfile::tempdir().expect("temp dir");
        for text in HOSTILE {
            let line = comment(&shell_word(text));
            assert!(!line.contains(['\n', '\r']), "{line:?}");
            let script = format!("{line}\necho done\n");
            let out = std::process::Command::new("/bin/sh")
                .arg("-c")
                .arg(&script)
                .current_dir(dir.path())
                .output()
                .expect("sh runs");
            assert_eq!(String::from_utf8_lossy(&out.stdout), "done\n", "{script}");
        }
        assert_eq!(comment("a\nb\\n\x1b"), "# a\\nb\\\\n\\x1b");
        assert!(!dir.path().join("pwned").exists());
    }
}
