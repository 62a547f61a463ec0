//! The `grove` binary.
fn main() {}
