//! The words and the seed of a `generate:` command, as BAPCtools computes them: the
//! command is split into words as POSIX `sh` quoting splits them (Python's
//! `shlex.split`), and its `{seed}` is the SHA-512 of the salt, the count's mark and the
//! command, as a number, modulo 2³¹.

/// The seed of a command: `int(sha512(salt + mark + command.strip()), 16) % 2**31`,
/// where `mark` is `:{count - 1}` for a counted case whose count value is not 1 and
/// empty otherwise (BAPCtools' rule, kept for the seeds of existing packages).
pub fn seed(salt: &str, count_value: Option<i64>, command: &str) -> u32 {
    let mut text = salt.to_string();
    if let Some(v) = count_value.filter(|v| *v != 1) {
        text += &format!(":{}", v - 1);
    }
    text += command.trim_matches(PY_WHITESPACE);
    let digest = sha512(text.as_bytes());
    // The number modulo 2^31 is its lowest 31 bits: those of the last 4 bytes.
    let low = u32::from_be_bytes([digest[60], digest[61], digest[62], digest[63]]);
    low & 0x7fff_ffff
}

/// What Python's `str.strip()` removes (the ASCII part, which is what commands hold).
const PY_WHITESPACE: &[char] = &[' ', '\t', '\n', '\r', '\x0b', '\x0c'];

/// The words of `command` as Python's `shlex.split` gives them (POSIX `sh` quoting:
/// the `shlex` crate). `Err` for an unclosed quote or a trailing backslash.
pub(crate) fn split_words(command: &str) -> Result<Vec<String>, String> {
    shlex::split(command).ok_or_else(|| "a quote is not closed, or it ends in a backslash".into())
}

/// Where `{seed}` or `{seed:DIGITS}` is in `word`: its byte range.
pub(crate) fn find_seed(word: &str) -> Vec<std::ops::Range<usize>> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = word[from..].find("{seed") {
        let start = from + at;
        let rest = &word[start + 5..];
        let end = if rest.starts_with('}') {
            Some(start + 6)
        } else if let Some(digits) = rest.strip_prefix(':') {
            let n = digits.bytes().take_while(u8::is_ascii_digit).count();
            (n > 0 && digits[n..].starts_with('}')).then_some(start + 5 + 1 + n + 1)
        } else {
            None
        };
        match end {
            Some(end) => {
                found.push(start..end);
                from = end;
            }
            None => from = start + 5,
        }
    }
    found
}

/// SHA-512 of `bytes` (the `sha2` crate).
pub fn sha512(bytes: &[u8]) -> [u8; 64] {
    use sha2::Digest;
    sha2::Sha512::digest(bytes).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(b: &[u8]) -> String {
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    #[test]
    fn sha512_matches_the_standard_vectors() {
        assert_eq!(
            hex(&sha512(b"abc")),
            "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a\
             2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"
        );
        assert_eq!(
            hex(&sha512(b"")),
            "cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce\
             47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e"
        );
        // Two blocks of padding (112 bytes and more).
        let long = vec![b'a'; 200];
        assert_eq!(&hex(&sha512(&long))[..16], "4b11459c33f52a22");
    }

    #[test]
    fn seeds_are_bapctools_seeds() {
        // python3 -c 'import hashlib; print(int(hashlib.sha512(b"gen.py {seed} 10").hexdigest(), 16) % 2**31)'
        assert_eq!(seed("", None, "gen.py {seed} 10"), PY_GEN_SEED);
        assert_eq!(seed("", Some(1), " gen.py {seed} 10\n"), PY_GEN_SEED);
        assert_ne!(seed("abc", None, "gen.py {seed} 10"), PY_GEN_SEED);
        assert_ne!(seed("", Some(2), "gen.py {seed} 10"), PY_GEN_SEED);
    }

    const PY_GEN_SEED: u32 = 1_438_169_198;

    #[test]
    fn words_split_as_shlex_splits_them() {
        assert_eq!(
            split_words(r#"gen.py 'a b' "c \"d\"" e\ f  {seed}"#).unwrap_or_default(),
            ["gen.py", "a b", "c \"d\"", "e f", "{seed}"]
        );
        assert!(split_words("gen.py 'open").is_err());
        assert_eq!(find_seed("x{seed}y{seed:12}{seed:}{seedy}").len(), 2);
    }
}
