//! kakuro run_time_error: prints nothing and exits with status 3. A non-zero exit status is
//! RE even though no signal is involved.
fn main() {
    std::process::exit(3);
}
