//! Kattis / ICPC problem packages: judging them, exporting a bundled problem as one, and
//! the Kattis validator protocols.

mod export;
mod graders;
mod interactive;
mod interactive_scoring;
mod kattis_protocols;
mod languages;
mod package_expectations;
mod problem_packages;
mod problem_yaml;
mod programs_inside;
mod scoring;
mod shape;
