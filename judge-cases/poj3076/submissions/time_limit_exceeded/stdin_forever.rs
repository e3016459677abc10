//! poj3076 time_limit_exceeded: "reads stdin forever": loops on `read` and treats the
//! end of the input (a read of 0 bytes) as "try again". Reading a file at EOF never
//! blocks, so it spins on the CPU: TLE by the CPU-time limit.
use std::io::Read;
fn main() {
    let mut stdin = std::io::stdin();
    let mut buf = [0u8; 4096];
    let mut total: u64 = 0;
    loop {
        if let Ok(n) = stdin.read(&mut buf) {
            total = std::hint::black_box(total + n as u64);
        }
    }
}
