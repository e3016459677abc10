// Hostile: reads the judge's environment at compile time. `option_env!` bakes the
// compiler's environment into the program; if it finds anything of the judge's own
// (a variable a judge sets, the user, the shell, rustup's or cargo's settings, a home
// folder), it exits 3 (RE) to say so. Compiled unconfined, with the judge's whole
// environment, it sees them: RE. Compiled in the sandbox, the compiler has only PATH,
// HOME and TMPDIR (its build folder) and LANG: it prints nothing, WA.
fn main() {
    let seen = [
        option_env!("GRIDJUDGE_SECRET"),
        option_env!("USER"),
        option_env!("LOGNAME"),
        option_env!("SHELL"),
        option_env!("PWD"),
        option_env!("SSH_AUTH_SOCK"),
        option_env!("RUSTUP_HOME"),
        option_env!("RUSTUP_TOOLCHAIN"),
        option_env!("CARGO_HOME"),
        option_env!("CARGO"),
    ];
    let home = option_env!("HOME").unwrap_or("");
    if seen.iter().any(Option::is_some) || home.starts_with("/root") || home.starts_with("/home") {
        std::process::exit(3);
    }
}
