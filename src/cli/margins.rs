//! The time-limit margin options of `gridjudge verify-submissions`
//! (`--time-safety-margin`, `--strict`, `--suggest-limits`) and the per-problem margin
//! lines printed after the verdict table. The rule and the lines live in
//! [`gridjudge::judge::margins`]; [`gridjudge::submissions`] judges TLE examples under
//! limit × margin.

/// Options of the time-limit margin check.
#[derive(Debug, Clone, clap::Args)]
pub struct MarginArgs {
    /// Safety margin (problemtools' time_safety_margin): accepted examples must run within
    /// limit / margin, TLE examples must still run at limit × margin [default: 2; with
    /// --package the package's time_safety_margin or time_multipliers.time_limit_to_tle].
    #[arg(long, value_name = "FACTOR", value_parser = parse_margin)]
    pub time_safety_margin: Option<f64>,
    /// Fail (exit 1) when a margin does not hold, instead of warning.
    #[arg(long)]
    pub strict: bool,
    /// Print, per problem, the time limit the accepted examples support.
    #[arg(long)]
    pub suggest_limits: bool,
}

fn parse_margin(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(m) if m.is_finite() && m >= 1.0 => Ok(m),
        _ => Err(format!("{s:?} is not a margin (a number of at least 1)")),
    }
}
