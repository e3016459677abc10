//! poj3074 run_time_error: an uncaught Rust panic (`unwrap` on a failed parse of the input
//! as one integer). The default panic handler prints to stderr and exits with status 101:
//! RE.
use std::io::Read;
fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).ok();
    let first: u64 = input.trim().parse().unwrap();
    println!("{}", first);
}
