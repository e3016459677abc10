//! `--format NAME` and one `--NAME FILE` per side-file format, for every command that
//! writes a report, built from the library's list of formats
//! ([`gridjudge::report::formats::FORMATS`]) for the command's document: a format added
//! to that list appears in every command whose document it writes, with no edit here.
//! clap's derive cannot make flags from a list, so [`ReportArgs`] implements
//! [`clap::Args`] by hand around the library's choice ([`Reports`]).

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Arg, ArgMatches, Command};
use gridjudge::plan::reports::{side_formats, stdout_formats, Reports};
use gridjudge::report::formats::{Formattable, ReportFormat, FORMATS};
use std::path::PathBuf;

/// A command's report options, flattened into its arguments.
#[derive(Debug)]
pub struct ReportArgs<D>(pub Reports<D>);

impl<D> std::ops::Deref for ReportArgs<D> {
    type Target = Reports<D>;
    fn deref(&self) -> &Reports<D> {
        &self.0
    }
}

/// A help line as clap's derive writes one: without its final full stop.
fn summary(help: &str) -> String {
    help.strip_suffix('.').unwrap_or(help).to_string()
}

/// `cmd` with `--format` and the side-file flags of `formats` for `D`.
fn augment<D: Formattable>(cmd: Command, formats: &'static [ReportFormat]) -> Command {
    let values =
        stdout_formats::<D>(formats).map(|f| PossibleValue::new(f.name).help(summary(f.about)));
    let mut cmd = cmd.arg(
        Arg::new("format")
            .long("format")
            .value_name("FORMAT")
            .value_parser(PossibleValuesParser::new(values))
            .default_value("table")
            .help(summary(D::FORMAT_HELP)),
    );
    for (f, help) in side_formats::<D>(formats) {
        let arg = Arg::new(f.name).long(f.name).value_name("FILE");
        cmd = cmd.arg(
            arg.value_parser(clap::value_parser!(PathBuf))
                .help(summary(&help)),
        );
    }
    cmd
}

/// The choice of `formats` that `m` holds.
fn chosen<D: Formattable>(
    m: &mut ArgMatches,
    formats: &'static [ReportFormat],
) -> Result<ReportArgs<D>, clap::Error> {
    let stdout = m
        .remove_one::<String>("format")
        .unwrap_or_else(|| "table".into());
    let files: Vec<_> = side_formats::<D>(formats)
        .filter_map(|(f, _)| m.remove_one::<PathBuf>(f.name).map(|p| (f.name, p)))
        .collect();
    Reports::chosen(formats, &stdout, files)
        .map(ReportArgs)
        .map_err(|e| clap::Error::raw(clap::error::ErrorKind::InvalidValue, e.message))
}

impl<D: Formattable> clap::FromArgMatches for ReportArgs<D> {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        chosen(&mut m.clone(), FORMATS)
    }

    fn from_arg_matches_mut(m: &mut ArgMatches) -> Result<Self, clap::Error> {
        chosen(m, FORMATS)
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = chosen(&mut m.clone(), FORMATS)?;
        Ok(())
    }
}

impl<D: Formattable> clap::Args for ReportArgs<D> {
    fn augment_args(cmd: Command) -> Command {
        augment::<D>(cmd, FORMATS)
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        augment::<D>(cmd, FORMATS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gridjudge::report::Session;

    /// A seventh format's list entry (its writers do not matter here).
    const MARKDOWN: ReportFormat = ReportFormat {
        name: "markdown",
        ..FORMATS[1]
    };
    static WITH_MARKDOWN: [ReportFormat; 2] = [FORMATS[0], MARKDOWN];

    #[test]
    fn a_list_entry_is_a_format_value_and_a_side_file_flag() {
        let cmd = augment::<Session>(Command::new("t"), &WITH_MARKDOWN);
        let args = ["t", "--format", "markdown", "--markdown", "m.md"];
        let mut m = cmd.try_get_matches_from(args).unwrap();
        let r = chosen::<Session>(&mut m, &WITH_MARKDOWN).unwrap();
        assert_eq!(r.format.name, "markdown");
        assert_eq!(r.files[0].0.name, "markdown");
        let cmd = augment::<Session>(Command::new("t"), FORMATS);
        assert!(cmd
            .try_get_matches_from(["t", "--markdown", "m.md"])
            .is_err());
    }
}
