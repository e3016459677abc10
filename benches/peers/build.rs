//! Compiles tdoku's SIMD solver (BSD-2-Clause, Tom Dillon, <https://github.com/t-dillon/tdoku>)
//! into this bench crate when `TDOKU_DIR` names a tdoku checkout, and then sets
//! `--cfg tdoku`. tdoku is never vendored into this repository: without `TDOKU_DIR`
//! nothing is compiled and the bench prints a SKIPPED line instead of its tdoku rows.
//!
//! Only `src/solver_dpll_triad_simd.cc` and `src/util.cc` are needed (the same two files
//! as tdoku's own `tdoku_static` CMake target). They are built with `-O3 -march=native`
//! like tdoku's benchmarks; `TDOKU_MARCH` overrides the `-march` value (e.g.
//! `x86-64-v2` to compare without AVX2/AVX-512).

use std::path::PathBuf;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(tdoku)");
    println!("cargo::rerun-if-env-changed=TDOKU_DIR");
    println!("cargo::rerun-if-env-changed=TDOKU_MARCH");
    let Some(dir) = std::env::var_os("TDOKU_DIR").filter(|d| !d.is_empty()) else {
        return;
    };
    let dir = PathBuf::from(dir);
    let src = dir.join("src");
    let files = [src.join("solver_dpll_triad_simd.cc"), src.join("util.cc")];
    if let Some(missing) = files.iter().find(|f| !f.is_file()) {
        println!(
            "cargo::warning=TDOKU_DIR={}: {} not found, tdoku is skipped",
            dir.display(),
            missing.display()
        );
        return;
    }
    for f in &files {
        println!("cargo::rerun-if-changed={}", f.display());
    }
    let march = std::env::var("TDOKU_MARCH").unwrap_or_else(|_| "native".to_owned());
    cc::Build::new()
        .cpp(true)
        .std("c++17")
        .opt_level(3)
        .flag(format!("-march={march}"))
        .include(dir.join("include"))
        .include(&src)
        .warnings(false)
        .files(&files)
        .compile("tdoku");
    println!("cargo::rustc-cfg=tdoku");
}
