//! Text edits of judge files: LF line ends turned into CRLF. Also compiled into
//! `src/fuzzing/check.rs` (through `#[path]`), so that the conversion exists once.

/// `bytes` with every LF turned into CR LF.
pub fn crlf(bytes: &[u8]) -> Vec<u8> {
    bytes
        .iter()
        .flat_map(|&b| {
            if b == b'\n' {
                vec![b'\r', b'\n']
            } else {
                vec![b]
            }
        })
        .collect()
}
