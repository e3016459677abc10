//! Kattis / ICPC problem packages: judging them, exporting a bundled problem as one, and
//! the Kattis validator protocols.

mod data_validation;
mod export;
mod gate;
mod generators;
mod graders;
mod hostile_folders;
mod hostile_yaml;
mod interactive;
mod interactive_flood;
mod interactive_scoring;
mod kattis_protocols;
mod languages;
mod package_expectations;
mod problem_packages;
mod problem_yaml;
mod programs_inside;
mod scoring;
mod setter_confinement;
mod shape;

/// Writes `text` to `dir/rel`, making the folders on the way: how the tests here lay out
/// the packages they judge.
fn write(dir: &std::path::Path, rel: &str, text: &str) {
    let p = dir.join(rel);
    std::fs::create_dir_all(p.parent().expect("a parent")).expect("mkdir");
    std::fs::write(p, text).expect("write");
}
