//! A failure that `stress` found, saved and told: the problem folder that `gridjudge
//! judge` reruns (the minimal case as its only case), the original input, each
//! program's output and checker message, `reproduce.sh` with the commands that judge it
//! again and make the original case, and the summary the terminal shows.

use super::script::{comment, shell_word};
use super::Found;
use crate::problem::{Problem, Rules};
use std::path::{Path, PathBuf};

/// The default generator of a problem, by its rules: small cases, quick to make and to
/// shrink (`gen::spec::GenSpec::for_problem` writes them in the problem's format).
pub(crate) fn default_gen(problem: Problem) -> String {
    match problem.rules() {
        Rules::Sudoku { box_size: 3 } => "sudoku --box 3 --clues 32 --count 3".to_string(),
        Rules::Sudoku { box_size: 4 } => "sudoku --box 4 --clues 170 --count 1".to_string(),
        Rules::Sudoku { box_size } => format!("sudoku --box {box_size} --count 1"),
        Rules::Kakuro { distinct } => {
            let variant = if distinct { "classic" } else { "extension" };
            format!("kakuro --rows 6 --cols 6 --variant {variant} --count 3")
        }
    }
}

/// What the reproduction commands need: how the program and the case were given.
#[derive(Debug, Clone)]
pub struct Reproduce {
    /// The problem.
    pub problem: Problem,
    /// The generator line as given (`--gen`, or the problem's default).
    pub gen_line: String,
    /// The source stressed (`--source`), else `command` was.
    pub source: Option<PathBuf>,
    /// The Python interpreter asked for (`--python`).
    pub python: Option<String>,
    /// The command stressed (after `--`).
    pub command: Vec<String>,
    /// This very gridjudge binary, by its absolute path (a shell word): the lines shown
    /// on the terminal name it, and the script runs it where no `gridjudge` is on `PATH`.
    pub binary: String,
}

/// `p` made absolute (as it is when that fails).
fn abs(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

impl Reproduce {
    /// The program as `judge` takes it: `--source FILE` (with the `--python` stress was
    /// given, so a PyPy failure is judged by PyPy again) or `-- CMD ARGS...`.
    fn program_words(&self) -> String {
        match &self.source {
            Some(src) => {
                let python = match &self.python {
                    Some(p) => format!("--python {} ", shell_word(p)),
                    None => String::new(),
                };
                format!(
                    "{python}--source {}",
                    shell_word(&abs(src).display().to_string())
                )
            }
            None => {
                let words: Vec<String> = self.command.iter().map(|w| shell_word(w)).collect();
                format!("-- {}", words.join(" "))
            }
        }
    }

    /// `gridjudge judge` on the saved folder: the same sandbox, limits and checker,
    /// with `binary` as its first word.
    fn judge_command(&self, binary: &str, out: &Path) -> String {
        let out = abs(out);
        let parent = out.parent().unwrap_or(Path::new("/"));
        let name = out
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        format!(
            "{} judge --cases {} {} {}",
            binary,
            shell_word(&parent.display().to_string()),
            shell_word(&name),
            self.program_words()
        )
    }

    /// The original case, regenerated, with `binary` as its first word: the generator
    /// line as given, its seed replaced, and a Sudoku's `--problem` added when the line
    /// leaves it to the problem (so a poj2676 case is made in poj2676's format).
    fn gen_command(&self, binary: &str, seed: u64) -> String {
        let mut words: Vec<String> = Vec::new();
        let mut given = self.gen_line.split_whitespace().peekable();
        while let Some(w) = given.next() {
            if w == "--seed" {
                given.next();
            } else if !w.starts_with("--seed=") {
                words.push(shell_word(w));
            }
        }
        let sudoku = words.first().is_some_and(|w| w == "sudoku");
        if sudoku
            && !words
                .iter()
                .any(|w| w == "--problem" || w.starts_with("--problem="))
        {
            words.push(format!("--problem {}", self.problem));
        }
        format!("{binary} gen {} --seed {seed}", words.join(" "))
    }
}

/// Saves the failure `found` of the problem in `problem_dir` below `out`: a problem
/// folder (its `problem.toml`, the minimal case as `data/secret/minimal.*`), the
/// original input, each program's output and checker message, and `reproduce.sh`.
pub fn save(out: &Path, problem_dir: &Path, found: &Found, how: &Reproduce) -> Result<(), String> {
    // Every file goes below `out` through no link (`gridjudge::tree`).
    let write_mode = |path: PathBuf, bytes: &[u8], mode: u32| {
        let rel = path.strip_prefix(out).unwrap_or(&path);
        crate::tree::write_beneath(out, rel, bytes, mode).map_err(|e| e.to_string())
    };
    let w = |path: PathBuf, bytes: &[u8]| write_mode(path, bytes, 0o644);
    let secret = out.join("data").join("secret");
    crate::tree::create_dirs_beneath(out, Path::new("data/secret")).map_err(|e| e.to_string())?;
    // The folder is a problem folder: `gridjudge judge` reruns the minimal case.
    let toml = std::fs::read(problem_dir.join("problem.toml"))
        .map_err(|e| format!("cannot read {}: {e}", problem_dir.display()))?;
    w(out.join("problem.toml"), &toml)?;
    w(secret.join("minimal.in"), &found.minimal.input())?;
    w(secret.join("minimal.ans"), &found.minimal.answer())?;
    w(out.join("original.in"), &found.original.input())?;
    for (k, t) in found.minimal_trials.iter().enumerate() {
        let suffix = if k == 0 { "" } else { "-against" };
        w(out.join(format!("output{suffix}.txt")), &t.output)?;
        w(
            out.join(format!("checker{suffix}.txt")),
            format!("{} {}\n", t.verdict, t.message).as_bytes(),
        )?;
    }
    // Every word is quoted (`shell_word`) and every comment one line (`comment`): a
    // source named `a\n$(…)` is repeated, never run.
    let script = [
        "#!/bin/sh".to_string(),
        comment(&format!(
            "gridjudge stress {}: the minimal failing case of {} (found at seed {}).",
            how.problem,
            how.program_words(),
            found.seed
        )),
        comment("The gridjudge on PATH, else the binary that wrote this script:"),
        format!(
            "gridjudge=$(command -v gridjudge) || gridjudge={}",
            how.binary
        ),
        comment("Judge it again, in the same sandbox with the same limits and checker:"),
        how.judge_command("\"$gridjudge\"", out),
        comment("The original (unshrunk) case, original.in, is made by:"),
        comment(&how.gen_command("\"$gridjudge\"", found.seed)),
    ]
    .map(|line| line + "\n")
    .concat();
    write_mode(out.join("reproduce.sh"), script.as_bytes(), 0o755)?;
    Ok(())
}

/// What the terminal shows of a saved failure: the original verdicts, the shrinking,
/// the minimal input and outputs (40 lines each at most) and the command that judges it
/// again.
pub fn summary(found: &Found, out: &Path, how: &Reproduce) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let names = ["program", "against"];
    for (k, t) in found.original_trials.iter().enumerate() {
        let _ = writeln!(
            s,
            "  original ({}), {}: {} {}",
            found.original.size(),
            names[k.min(1)],
            t.verdict,
            t.message
        );
    }
    let _ = writeln!(
        s,
        "shrunk in {} steps ({} runs{}) to {}:",
        found.shrink_steps,
        found.shrink_runs,
        if found.shrink_budget_hit {
            ", budget reached"
        } else {
            ""
        },
        found.minimal.size()
    );
    let input = String::from_utf8_lossy(&found.minimal.input()).into_owned();
    let _ = writeln!(
        s,
        "--- minimal input ({}/data/secret/minimal.in)",
        out.display()
    );
    s += &limit_lines(&input, 40);
    for (k, t) in found.minimal_trials.iter().enumerate() {
        let _ = writeln!(s, "--- {} output", names[k.min(1)]);
        s += &limit_lines(&String::from_utf8_lossy(&t.output), 40);
        let _ = writeln!(s, "--- {}: {} {}", names[k.min(1)], t.verdict, t.message);
    }
    let _ = writeln!(s, "--- reproduce ({}/reproduce.sh)", out.display());
    let _ = writeln!(s, "{}", how.judge_command(&how.binary, out));
    s
}

/// The first `n` lines of `text`, and how many more there are.
fn limit_lines(text: &str, n: usize) -> String {
    let mut out: String = text.lines().take(n).map(|l| format!("{l}\n")).collect();
    let total = text.lines().count();
    if total > n {
        out += &format!("... ({} more lines)\n", total - n);
    }
    out
}
