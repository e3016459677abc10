//! poj2676 output_limit_exceeded: writes the same line forever through a buffered stdout.
//! It crosses the output limit (output_mib) long before any time limit: OLE. (When the
//! judge closes the pipe or the file size limit hits, the write fails and the program
//! stops at once.)
use std::io::Write;
fn main() {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    loop {
        if writeln!(out, "123456789").is_err() {
            std::process::exit(1);
        }
    }
}
