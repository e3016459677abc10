//! `gridjudge man`: the manual pages, one per command and subcommand, as clap_mangen
//! renders them from the same definitions as `--help`, each with an EXIT STATUS
//! section. `gridjudge man` prints gridjudge(1), `gridjudge man judge` prints
//! gridjudge-judge(1) (`man gen sudoku`: gridjudge-gen-sudoku(1)), and `gridjudge man
//! --out DIR` writes every page into DIR (`gridjudge.1`, `gridjudge-judge.1`, …) — the
//! pages the SEE ALSO lists of the others name.

use crate::cli::{exit, Failure};
use std::path::PathBuf;

/// `gridjudge man [SUBCOMMAND...] [--out DIR]`
#[derive(Debug, clap::Args)]
pub struct ManArgs {
    /// The command whose page to print (`judge`, `gen sudoku`); without it, the page of
    /// gridjudge itself.
    #[arg(value_name = "SUBCOMMAND")]
    pub subcommand: Vec<String>,
    /// Write every page (gridjudge.1 and gridjudge-SUBCOMMAND.1 for each subcommand)
    /// into this folder instead of printing one.
    #[arg(long, value_name = "DIR", conflicts_with = "subcommand")]
    pub out: Option<PathBuf>,
}

/// Escapes text for a roff text line.
fn roff_text(text: &str) -> String {
    let text = text.replace('\\', "\\e").replace('-', "\\-");
    if text.starts_with('.') || text.starts_with('\'') {
        format!("\\&{text}")
    } else {
        text
    }
}

/// One page: clap_mangen's, then EXIT STATUS.
fn page(cmd: clap::Command) -> Result<Vec<u8>, Failure> {
    let mut out = Vec::new();
    clap_mangen::Man::new(cmd)
        .render(&mut out)
        .map_err(|e| Failure::internal(format!("man page: {e}")))?;
    out.extend_from_slice(b".SH \"EXIT STATUS\"\n");
    for (code, meaning) in exit::MEANINGS {
        out.extend_from_slice(format!(".TP\n\\fB{code}\\fR\n{}\n", roff_text(meaning)).as_bytes());
    }
    Ok(out)
}

/// Every command and subcommand (built, so each has its `gridjudge-…` display name),
/// parents first.
fn all_commands(cmd: &clap::Command) -> Vec<clap::Command> {
    let mut list = vec![cmd.clone()];
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        list.extend(all_commands(sub));
    }
    list
}

/// Runs `gridjudge man` on the command line's definition `root`.
pub fn run(args: &ManArgs, root: clap::Command) -> Result<u8, Failure> {
    let mut root = root.disable_help_subcommand(true);
    root.build();
    if let Some(dir) = &args.out {
        std::fs::create_dir_all(dir).map_err(|e| Failure::cannot_write(dir, e))?;
        for cmd in all_commands(&root) {
            let name = cmd.get_display_name().unwrap_or(cmd.get_name()).to_string();
            let path = dir.join(format!("{name}.1"));
            crate::cli::write_file(&path, page(cmd)?)?;
        }
        return Ok(exit::OK);
    }
    let mut cmd = root;
    for word in &args.subcommand {
        let names: Vec<String> = cmd
            .get_subcommands()
            .filter(|s| !s.is_hide_set())
            .map(|s| s.get_name().to_string())
            .collect();
        let Some(sub) = cmd.find_subcommand(word).cloned() else {
            return Err(Failure::usage(format!(
                "gridjudge man: no subcommand {word:?} (the subcommands: {})",
                names.join(", ")
            )));
        };
        cmd = sub;
    }
    crate::cli::write_stdout(&page(cmd)?).map(|()| exit::OK)
}
