//! poj3076 time_limit_exceeded: spins forever on a counter kept alive with
//! `std::hint::black_box`, so the optimiser cannot delete the loop. It burns CPU until the
//! CPU-time limit stops it: TLE.
fn main() {
    let mut spins: u64 = 0;
    loop {
        spins = std::hint::black_box(spins.wrapping_add(1));
    }
}
