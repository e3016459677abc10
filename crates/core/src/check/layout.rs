//! The strict half of the whitespace rule: compare an output's layout with the
//! canonical one, forgiving only trailing spaces at line ends and trailing blank lines
//! at the end of the output (a missing final newline is forgiven too).

use crate::format::describe_byte;

/// Lines of `bytes` with trailing spaces removed and trailing empty lines dropped, one
/// at a time: what the trailing lines would drop is cut off the text first (its trailing
/// spaces and newlines), so no line is held beyond the one compared.
fn normalized_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let body = bytes
        .iter()
        .rposition(|&b| b != b' ' && b != b'\n')
        .map_or(&bytes[..0], |i| &bytes[..=i]);
    let lines = (!body.is_empty()).then(|| body.split(|&b| b == b'\n'));
    lines.into_iter().flatten().map(|line| {
        let end = line.iter().rposition(|&b| b != b' ').map_or(0, |i| i + 1);
        &line[..end]
    })
}

/// `Ok` when `output` has exactly the canonical layout (up to the forgiven trailing
/// blanks); otherwise the first difference, located in the output. Compares line by
/// line as a stream: nothing is allocated but the message.
pub fn compare(output: &[u8], canonical: &[u8]) -> Result<(), String> {
    // PERF: the common case, the canonical bytes themselves, without splitting lines
    // (1.5 M instructions on hdu3338 `06_gen_100x100`'s 140 kB).
    if output == canonical {
        return Ok(());
    }
    let mut got = normalized_lines(output);
    let mut want = normalized_lines(canonical);
    let mut line = 0;
    loop {
        line += 1;
        let (g, w) = (got.next(), want.next());
        if g == w {
            if g.is_none() {
                return Ok(());
            }
            continue;
        }
        return Err(match (g, w) {
            (Some(g), Some(w)) => {
                let j = g.iter().zip(w.iter()).take_while(|(a, b)| a == b).count();
                let name = |l: &[u8]| {
                    l.get(j)
                        .map_or("end of line".to_string(), |&b| describe_byte(b))
                };
                format!(
                    "layout differs at line {line}, col {}: expected {}, found {}",
                    j + 1,
                    name(w),
                    name(g)
                )
            }
            (Some(_), None) => {
                format!("layout differs at line {line}: expected end of output, found more lines")
            }
            (None, _) => format!(
                "layout differs at line {line}: the output has only {} lines",
                line - 1
            ),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::compare;

    #[test]
    fn forgiven_and_not() {
        let canon = b"1 2\n3 4\n";
        assert!(compare(b"1 2\n3 4\n", canon).is_ok());
        assert!(compare(b"1 2   \n3 4\n\n\n", canon).is_ok());
        assert!(compare(b"1 2\n3 4", canon).is_ok());
        assert_eq!(
            compare(b"1  2\n3 4\n", canon).unwrap_err(),
            "layout differs at line 1, col 3: expected '2', found a space"
        );
        assert_eq!(
            compare(b"1 2\r\n3 4\r\n", canon).unwrap_err(),
            "layout differs at line 1, col 4: expected end of line, found a carriage return (CR)"
        );
        assert!(compare(b"1 2\n\n3 4\n", canon).is_err());
        assert!(compare(b"1 2\t\n3 4\n", canon).is_err());
        assert!(compare(b"\n1 2\n3 4\n", canon).is_err());
        assert_eq!(
            compare(b"1 2 3 4\n", canon).unwrap_err(),
            "layout differs at line 1, col 4: expected end of line, found a space"
        );
    }
}
