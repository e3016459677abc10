//! kakuro time_limit_exceeded: sleeps forever and uses no CPU, so the CPU-time limit never
//! fires. Only the judge's wall-clock limit (wall_seconds) can end it: TLE.
fn main() {
    loop {
        std::thread::sleep(std::time::Duration::from_secs(3600));
    }
}
