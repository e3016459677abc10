//! poj3074 compile_error (hostile: a library instead of a program): declares itself a
//! library crate with an inner attribute, so `rustc -o main main.rs` succeeds and writes
//! an rlib archive named `main`, which cannot be executed: every case would end in a
//! judge error (JE), blaming the judge, rather than a verdict for the submission. The
//! judge checks that the compiler wrote an executable program (an ELF file): this is
//! none, so CE.
#![crate_type = "lib"]

pub fn main() {}
