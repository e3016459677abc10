//! Empty: this crate only holds benches (see benches/peers.rs).
