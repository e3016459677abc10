//! The judge: running contestant programs under limits, verdicts and reports.
