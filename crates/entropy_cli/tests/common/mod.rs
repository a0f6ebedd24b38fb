//! What the command-line tests share: running `entropy-cli` on an input,
//! or on a flood of input that it must refuse without holding it.

// Each test file uses some of these, not all.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::thread;

/// Runs `entropy-cli` with `args`, `input` (text, or bytes that need not
/// be) on its standard input, and returns its exit status and output.
pub fn run_cli(args: &[&str], input: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_entropy-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A command refusing its arguments or its input may exit before reading
    // it all: a broken pipe is fine then.
    let _ = child.stdin.take().unwrap().write_all(input.as_ref());
    child.wait_with_output().unwrap()
}

/// A flood: 100 MB, far more than any reader of the tool keeps.
pub const FLOOD: usize = 100_000_000;

/// The address space `entropy-cli` gets when flooded (on Linux): 64 MiB,
/// four times what it needs and less than the flood, so a reader that held
/// the flood whole would die for want of memory instead of answering.
pub const FLOOD_ADDRESS_SPACE_KIB: usize = 64 * 1024;

/// Runs `entropy-cli` with `args`, writing to its standard input through a
/// pipe `head`, then [`FLOOD`] bytes `byte` (a chunk at a time, never held
/// whole), then `tail`; stops writing when it stops reading.
pub fn run_cli_flooded(args: &[&str], head: &[u8], byte: u8, tail: &[u8]) -> Output {
    let binary = env!("CARGO_BIN_EXE_entropy-cli");
    let mut command = if cfg!(target_os = "linux") {
        let mut sh = Command::new("sh");
        sh.arg("-c")
            .arg(format!("ulimit -v {FLOOD_ADDRESS_SPACE_KIB} && exec \"$0\" \"$@\""))
            .arg(binary);
        sh
    } else {
        Command::new(binary)
    };
    let mut child = command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let (head, tail) = (head.to_vec(), tail.to_vec());
    let writer = thread::spawn(move || {
        let chunk = vec![byte; 1 << 16];
        let mut write = || -> std::io::Result<()> {
            stdin.write_all(&head)?;
            let mut left = FLOOD;
            while left > 0 {
                let n = left.min(chunk.len());
                stdin.write_all(&chunk[..n])?;
                left -= n;
            }
            stdin.write_all(&tail)
        };
        // The tool stops reading when it refuses the flood: a broken pipe then.
        let _ = write();
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

/// The text of a stream, asserting that it holds no control character
/// but line ends: nothing read was echoed raw.
pub fn clean_text(bytes: &[u8]) -> String {
    let text = String::from_utf8(bytes.to_vec()).expect("UTF-8 output");
    assert!(
        !text.chars().any(|c| c.is_control() && c != '\n'),
        "raw control characters: {text:?}"
    );
    text
}
