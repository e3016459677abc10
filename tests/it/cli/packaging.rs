//! What a user installing gridjudge gets besides the commands: shell completions, a
//! manual page, the licence files Cargo.toml declares, and usage errors for options
//! that make no sense (`-j 0`).

use std::process::{Command, Output};

fn gridjudge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridjudge"))
        .args(args)
        .output()
        .unwrap()
}

const SUBCOMMANDS: &[&str] = &[
    "check",
    "validate",
    "solve",
    "count",
    "judge",
    "verify-submissions",
];

#[test]
fn completions_for_every_shell_know_every_subcommand() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = gridjudge(&["completions", shell]);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        let text = String::from_utf8(out.stdout).unwrap();
        for sub in SUBCOMMANDS {
            assert!(text.contains(sub), "{shell} completion lacks {sub}");
        }
        assert!(text.contains("memory-mode"), "{shell}: options of judge");
    }
    let out = gridjudge(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(64));
}

#[test]
fn the_man_page_is_roff_with_every_subcommand() {
    let out = gridjudge(&["man"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(".TH gridjudge 1"), "{text}");
    assert!(text.contains(".SH SUBCOMMANDS"), "{text}");
    for sub in SUBCOMMANDS {
        assert!(
            text.contains(&format!("gridjudge\\-{}", sub.replace('-', "\\-"))),
            "{sub}"
        );
    }
}

#[test]
fn zero_jobs_is_a_usage_error() {
    let out = gridjudge(&["judge", "poj3074", "-j", "0", "--", "/bin/true"]);
    assert_eq!(out.status.code(), Some(64));
    assert!(String::from_utf8_lossy(&out.stderr).contains("must be at least 1"));
}

#[test]
fn the_licence_files_match_cargo_toml() {
    let root = env!("CARGO_MANIFEST_DIR");
    let manifest = std::fs::read_to_string(format!("{root}/Cargo.toml")).unwrap();
    assert!(manifest.contains("license = \"MIT OR Apache-2.0\""));
    let mit = std::fs::read_to_string(format!("{root}/LICENSE-MIT")).unwrap();
    assert!(mit.contains("Permission is hereby granted, free of charge"));
    let apache = std::fs::read_to_string(format!("{root}/LICENSE-APACHE")).unwrap();
    assert!(apache.contains("Apache License") && apache.contains("Version 2.0, January 2004"));
}
