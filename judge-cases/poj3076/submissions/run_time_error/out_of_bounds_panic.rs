//! poj3076 run_time_error: indexes a 16-element array with the input's length. The bounds
//! check panics (uncaught) and the process exits with status 101: RE.
use std::io::Read;
fn main() {
    let mut input = String::new();
    std::io::stdin().read_to_string(&mut input).ok();
    let table = [0u8; 16];
    let i = std::hint::black_box(input.len());
    println!("{}", table[i]);
}
