//! poj2676 wrong_answer: closes file descriptor 1 (through the C library's `close`, declared
//! here since no crates are allowed) and exits with status 0 having printed nothing. A
//! clean exit with an empty output is a wrong answer: WA.
extern "C" {
    fn close(fd: i32) -> i32;
}
fn main() {
    // SAFETY: closing fd 1 is sound; nothing in this program writes to stdout afterwards.
    unsafe {
        close(1);
    }
}
