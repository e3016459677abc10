//! The spec samples in `tests/data/samples/` (origins in its `README.md`): their paths and
//! contents, for the tests that use a sample instead of pasting its text.

use gridjudge::Problem;
use std::path::PathBuf;

/// The samples folder.
pub fn dir() -> PathBuf {
    [env!("CARGO_MANIFEST_DIR"), "tests", "data", "samples"]
        .iter()
        .collect()
}

/// The path of sample file `name` (e.g. `poj2676.in`).
pub fn path(name: &str) -> PathBuf {
    dir().join(name)
}

/// The path of sample file `name`, as a command-line argument.
pub fn arg(name: &str) -> String {
    path(name).to_string_lossy().into_owned()
}

/// The bytes of sample file `name`.
pub fn bytes(name: &str) -> Vec<u8> {
    let path = path(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The text of sample file `name`.
pub fn text(name: &str) -> String {
    String::from_utf8(bytes(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The lines of sample file `name`, without their line ends.
pub fn lines(name: &str) -> Vec<String> {
    text(name).lines().map(str::to_owned).collect()
}

/// `problem`'s sample judge input.
pub fn input(problem: Problem) -> Vec<u8> {
    bytes(&format!("{problem}.in"))
}

/// `problem`'s sample published output.
pub fn answer(problem: Problem) -> Vec<u8> {
    bytes(&format!("{problem}.ans"))
}

/// `lines`, each followed by a LF.
pub fn joined(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// The two puzzles of the poj3074 sample, one 81-character line each.
pub fn poj3074_puzzles() -> (String, String) {
    let lines = lines("poj3074.in");
    (lines[0].clone(), lines[1].clone())
}

/// The rows of the poj2676 sample's one grid (the input without its case count).
pub fn poj2676_rows() -> Vec<String> {
    lines("poj2676.in")[1..].to_vec()
}
