//! kakuro memory_limit_exceeded: grows a list of 1 MiB buffers, each filled with a non-zero
//! byte so every page is touched, never freeing, until the judge kills it for exceeding
//! the memory limit (or an allocation fails under an address-space limit: Rust aborts).
//! Either way: MLE (see judge-cases/README.md).
fn main() {
    let mut chunks: Vec<Vec<u8>> = Vec::new();
    loop {
        chunks.push(vec![1u8; 1 << 20]);
        std::hint::black_box(&chunks);
    }
}
