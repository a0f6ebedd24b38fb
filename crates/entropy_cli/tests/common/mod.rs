//! What the command-line tests share: running `entropy-cli` on an input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `entropy-cli` with `args`, `input` on its standard input, and
/// returns its exit status and output.
pub fn run_cli(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_entropy-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command refusing its arguments or its input may exit before reading
    // it all: a broken pipe is fine then.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    child.wait_with_output().unwrap()
}
