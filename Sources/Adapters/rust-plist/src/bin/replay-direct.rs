// Sources/Adapters/rust-plist/src/bin/replay-direct.rs - One direct call of the plist crate, for the replay check
//
// Reads a bplist on stdin, calls plist::Value::from_reader, prints "accepted" or "rejected: <error>" (exit 0 for
// both). A panic or a stack overflow is the crate crashing, and ends the process as Rust does.
use std::io::{Cursor, Read};

fn main() {
    let mut bytes = Vec::new();
    std::io::stdin().read_to_end(&mut bytes).expect("stdin");
    match plist::Value::from_reader(Cursor::new(bytes)) {
        Ok(_) => println!("accepted"),
        Err(error) => println!("rejected: {}", error),
    }
}
