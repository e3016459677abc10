//! The Kattis default output validator, as problemtools' `default_output_validator` behaves:
//! the team's output is compared with the jury answer token by token.
//!
//! - Tokens are maximal runs of non-whitespace. By default any run of whitespace matches
//!   any other, and leading and trailing whitespace is ignored; with
//!   `space_change_sensitive` the whitespace between, before and after the tokens must be
//!   identical too.
//! - Tokens compare case-insensitively unless `case_sensitive` is given.
//! - With a float tolerance (`float_absolute_tolerance ε`, `float_relative_tolerance ε`,
//!   or `float_tolerance ε` for both), a jury token that is a number is compared as one:
//!   the team's token must be a number too, within the absolute *or* the relative
//!   tolerance of the jury's (`|t − j| ≤ εₐ` or `|t − j| ≤ εᵣ·|j|`). Without one, every
//!   token compares as text.
//! - More or fewer tokens than the answer is a wrong answer.
//!
//! The first difference is the message, with the token's position (`token 3: expected
//! "42", got "41"`), as problemtools writes its judge message.

/// The validator's flags (`validator_flags` / `output_validator_args`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Flags {
    /// Compare tokens case-sensitively.
    pub case_sensitive: bool,
    /// Whitespace must match exactly.
    pub space_change_sensitive: bool,
    /// Absolute tolerance for numbers (`None`: numbers compare as text unless the
    /// relative one is given).
    pub float_absolute: Option<f64>,
    /// Relative tolerance for numbers.
    pub float_relative: Option<f64>,
}

impl Flags {
    /// Parses the flag words; an unknown word or a missing or bad number is an error
    /// naming it.
    pub fn parse<S: AsRef<str>>(words: &[S]) -> Result<Flags, String> {
        let mut flags = Flags::default();
        let mut it = words.iter().map(AsRef::as_ref);
        while let Some(w) = it.next() {
            let mut number = |name: &str| -> Result<f64, String> {
                let v = it
                    .next()
                    .ok_or_else(|| format!("validator flag {name} needs a number"))?;
                v.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite() && *x >= 0.0)
                    .ok_or_else(|| format!("validator flag {name}: {v:?} is not a tolerance"))
            };
            match w {
                "case_sensitive" => flags.case_sensitive = true,
                "space_change_sensitive" => flags.space_change_sensitive = true,
                "float_absolute_tolerance" => flags.float_absolute = Some(number(w)?),
                "float_relative_tolerance" => flags.float_relative = Some(number(w)?),
                "float_tolerance" => {
                    let eps = number(w)?;
                    flags.float_absolute = Some(eps);
                    flags.float_relative = Some(eps);
                }
                other => return Err(format!("unknown default-validator flag {other:?}")),
            }
        }
        Ok(flags)
    }

    fn floats(&self) -> bool {
        self.float_absolute.is_some() || self.float_relative.is_some()
    }
}

/// A token with the whitespace before it.
struct Token<'a> {
    space: &'a [u8],
    text: &'a [u8],
}

/// The tokens of a text, each with the whitespace before it, read one at a time (no
/// token is held beyond the one compared); after the last, [`Tokens::tail`] is the
/// trailing whitespace.
struct Tokens<'a> {
    bytes: &'a [u8],
    /// Where the next token's whitespace starts: the end of the last token read.
    at: usize,
}

impl<'a> Tokens<'a> {
    fn new(bytes: &'a [u8]) -> Tokens<'a> {
        Tokens { bytes, at: 0 }
    }

    /// What follows the last token read (once `next` is `None`: the trailing whitespace).
    fn tail(&self) -> &'a [u8] {
        &self.bytes[self.at..]
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        let bytes = self.bytes;
        let start = self.at;
        let word = start
            + bytes[start..]
                .iter()
                .position(|b| !b.is_ascii_whitespace())?;
        let end = word
            + bytes[word..]
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(bytes.len() - word);
        self.at = end;
        Some(Token {
            space: &bytes[start..word],
            text: &bytes[word..end],
        })
    }
}

/// A number as problemtools reads one: the whole token must parse (no `inf`/`nan`).
fn number(token: &[u8]) -> Option<f64> {
    let s = std::str::from_utf8(token).ok()?;
    // Without a lowercase copy: nothing is allocated per token.
    let named = |w: &[u8]| w.eq_ignore_ascii_case(b"inf") || w.eq_ignore_ascii_case(b"nan");
    if token.windows(3).any(named) {
        return None;
    }
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

fn shown(token: &[u8]) -> String {
    let s = String::from_utf8_lossy(token);
    let short: String = s.chars().take(40).collect();
    if short.len() < s.len() {
        format!("{short:?}…")
    } else {
        format!("{short:?}")
    }
}

/// Judges `output` against the jury `answer`: `Ok(())` is accepted, `Err` a wrong answer
/// with the first difference.
pub fn judge(answer: &[u8], output: &[u8], flags: &Flags) -> Result<(), String> {
    // Both texts are read token by token, side by side: the memory used does not grow
    // with their length (counts in the messages are counted on, not stored).
    let mut want = Tokens::new(answer);
    let mut got = Tokens::new(output);
    let mut k = 0;
    while let Some(w) = want.next() {
        let n = k + 1;
        let Some(g) = got.next() else {
            return Err(format!(
                "team output ended after {k} token(s); the answer has {} (next: {})",
                n + want.count(),
                shown(w.text)
            ));
        };
        k = n;
        if flags.space_change_sensitive && w.space != g.space {
            return Err(format!("whitespace before token {n} differs"));
        }
        if flags.floats() {
            if let Some(j) = number(w.text) {
                let Some(t) = number(g.text) else {
                    return Err(format!(
                        "token {n}: expected a number like {}, got {}",
                        shown(w.text),
                        shown(g.text)
                    ));
                };
                let diff = (t - j).abs();
                let abs_ok = flags.float_absolute.is_some_and(|e| diff <= e);
                let rel_ok = flags.float_relative.is_some_and(|e| diff <= e * j.abs());
                if abs_ok || rel_ok {
                    continue;
                }
                return Err(format!(
                    "token {n}: {} is not within the tolerance of {}",
                    shown(g.text),
                    shown(w.text)
                ));
            }
        }
        let same = if flags.case_sensitive {
            w.text == g.text
        } else {
            w.text.eq_ignore_ascii_case(g.text)
        };
        if !same {
            return Err(format!(
                "token {n}: expected {}, got {}",
                shown(w.text),
                shown(g.text)
            ));
        }
    }
    if let Some(first) = got.next() {
        return Err(format!(
            "trailing output: {} token(s) after the answer's {k} (first: {})",
            1 + got.count(),
            shown(first.text)
        ));
    }
    if flags.space_change_sensitive && want.tail() != got.tail() {
        return Err("trailing whitespace differs".to_string());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ok(a: &str, o: &str, f: &[&str]) -> bool {
        judge(a.as_bytes(), o.as_bytes(), &Flags::parse(f).unwrap()).is_ok()
    }

    #[test]
    fn whitespace_case_and_numbers() {
        assert!(ok("1 2\n3\n", "1\n2 3", &[]));
        assert!(!ok("1 2\n3\n", "1\n2 3", &["space_change_sensitive"]));
        assert!(ok("1 2\n3\n", "1 2\n3\n", &["space_change_sensitive"]));
        assert!(ok("Yes", "YES", &[]));
        assert!(!ok("Yes", "YES", &["case_sensitive"]));
        assert!(!ok("1.0", "1", &[]), "numbers are text without a tolerance");
        assert!(ok("1.0", "1", &["float_tolerance", "1e-6"]));
        assert!(ok("100", "100.5", &["float_relative_tolerance", "0.01"]));
        assert!(!ok("100", "100.5", &["float_absolute_tolerance", "0.01"]));
        assert!(ok("0", "0.001", &["float_absolute_tolerance", "0.01"]));
        assert!(!ok("0", "0.001", &["float_relative_tolerance", "0.01"]));
        assert!(!ok("2.5", "abc", &["float_tolerance", "1"]));
        assert!(
            ok("abc", "ABC", &["float_tolerance", "1"]),
            "text tokens stay text"
        );
        assert!(!ok("1 2", "1", &[]));
        assert!(!ok("1", "1 2", &[]));
        assert!(!ok("1", "nan", &["float_tolerance", "1"]));
        assert!(Flags::parse(&["float_tolerance"]).is_err());
        assert!(Flags::parse(&["frobnicate"]).is_err());
        assert!(Flags::parse(&["float_tolerance", "-1"]).is_err());
    }

    /// A model of the rules, written from the flags' definitions directly.
    fn model(answer: &str, output: &str, f: &Flags) -> bool {
        let (a, o): (Vec<&str>, Vec<&str>) = (
            answer.split_ascii_whitespace().collect(),
            output.split_ascii_whitespace().collect(),
        );
        if a.len() != o.len() {
            return false;
        }
        if f.space_change_sensitive {
            let shape = |s: &str| -> String {
                s.chars()
                    .map(|c| if c.is_ascii_whitespace() { c } else { 'x' })
                    .collect::<String>()
                    .split('x')
                    .filter(|p| !p.is_empty())
                    .collect::<Vec<_>>()
                    .join("|")
            };
            let lead = |s: &str| s.starts_with(|c: char| c.is_ascii_whitespace());
            if shape(answer) != shape(output) || lead(answer) != lead(output) {
                return false;
            }
        }
        a.iter().zip(&o).all(|(x, y)| {
            let num = |s: &str| s.parse::<f64>().ok().filter(|v| v.is_finite());
            if f.floats() {
                if let Some(j) = num(x) {
                    return num(y).is_some_and(|t| {
                        let d = (t - j).abs();
                        f.float_absolute.is_some_and(|e| d <= e)
                            || f.float_relative.is_some_and(|e| d <= e * j.abs())
                    });
                }
            }
            if f.case_sensitive {
                x == y
            } else {
                x.eq_ignore_ascii_case(y)
            }
        })
    }

    fn token() -> impl Strategy<Value = String> {
        prop_oneof![
            "[a-cA-C]{1,3}",
            (-50i32..50).prop_map(|i| i.to_string()),
            (-500i32..500).prop_map(|i| format!("{:.2}", i as f64 / 7.0)),
        ]
    }

    fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(
            (
                token(),
                prop_oneof![Just(" "), Just("\n"), Just("  "), Just("\t")],
            ),
            0..6,
        )
        .prop_map(|v| v.into_iter().map(|(t, s)| format!("{t}{s}")).collect())
    }

    fn flags() -> impl Strategy<Value = Flags> {
        (
            any::<bool>(),
            any::<bool>(),
            prop::option::of(0.0..2.0f64),
            prop::option::of(0.0..0.2f64),
        )
            .prop_map(
                |(case_sensitive, space_change_sensitive, float_absolute, float_relative)| Flags {
                    case_sensitive,
                    space_change_sensitive,
                    float_absolute,
                    float_relative,
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, failure_persistence: None, ..ProptestConfig::default() })]

        #[test]
        fn agrees_with_the_model(answer in text(), output in text(), f in flags()) {
            prop_assert_eq!(
                judge(answer.as_bytes(), output.as_bytes(), &f).is_ok(),
                model(&answer, &output, &f),
                "answer {:?} output {:?} flags {:?}", answer, output, f
            );
        }

        #[test]
        fn an_answer_accepts_itself_and_its_reflowed_self(answer in text(), f in flags()) {
            prop_assert!(judge(answer.as_bytes(), answer.as_bytes(), &f).is_ok());
            let reflowed: String = answer.split_ascii_whitespace().collect::<Vec<_>>().join("\n");
            let loose = Flags { space_change_sensitive: false, ..f };
            prop_assert!(judge(answer.as_bytes(), reflowed.as_bytes(), &loose).is_ok());
        }
    }
}
