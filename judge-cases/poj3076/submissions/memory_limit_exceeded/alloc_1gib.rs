//! poj3076 memory_limit_exceeded: allocates 1 GiB filled with the byte 1 (`vec![1u8; N]`
//! writes every byte, unlike a zeroed allocation that may stay untouched), so the peak
//! resident set is about 1 GiB, far above the memory limit: MLE. If the sandbox's
//! address-space limit refuses the block, Rust's allocation-failure handler aborts the
//! process (SIGABRT); a judge must still call that MLE (see judge-cases/README.md).
fn main() {
    let block = vec![1u8; 1 << 30];
    println!("{}", std::hint::black_box(&block)[block.len() / 2]);
}
