//! `entropy-cli online bot` without a password: refused, before anything
//! is sent, for a server that is not on this machine; still started for a
//! server on its loopback (which here has nothing listening, so the bot
//! gets as far as trying to sign in, and fails there).

use std::net::TcpListener;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_entropy-cli");

/// `online bot` for `server`, with no password: neither `--password`
/// nor the environment variable. Waits for it to exit.
fn bot_without_password(server: &str) -> Output {
    Command::new(BIN)
        .args(["online", "bot", "--server", server, "--name", "robot"])
        .args(["--level", "greedy", "--games", "1"])
        .env_remove("ENTROPY_BOT_PASSWORD")
        .output()
        .unwrap()
}

/// The standard error of `output`, as text.
fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// A port of 127.0.0.1 with nothing listening on it (it was free a moment
/// ago, and nothing here takes it).
fn closed_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

#[test]
fn a_bot_without_a_password_is_refused_for_a_server_elsewhere() {
    // 192.0.2.1 is TEST-NET-1, never reachable: a connection attempt would
    // hang until it timed out and then fail with another message.
    for server in ["ws://192.0.2.1:7849", "https://192.0.2.1", "example.org:7849"] {
        let output = bot_without_password(server);
        let said = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{server}: {said}");
        assert!(said.contains("no password"), "{server}: {said}");
        assert!(said.contains("--password"), "{server}: {said}");
        assert!(said.contains("ENTROPY_BOT_PASSWORD"), "{server}: {said}");
        assert!(!said.contains("cannot sign in"), "{server}: {said}");
        assert!(output.stdout.is_empty(), "{server}");
    }
}

#[test]
fn a_password_in_the_environment_is_enough_for_a_server_elsewhere() {
    // The password lets it past the check to the next one, an empty
    // --program, which is refused before anything is sent too.
    let output = Command::new(BIN)
        .args(["online", "bot", "--server", "ws://192.0.2.1:7849", "--name", "robot"])
        .args(["--program", " "])
        .env("ENTROPY_BOT_PASSWORD", "a secret")
        .output()
        .unwrap();
    let said = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{said}");
    assert!(!said.contains("no password"), "{said}");
    assert!(said.contains("--program is given no command line"), "{said}");
}

#[test]
fn a_bot_without_a_password_still_runs_for_a_server_on_this_machine() {
    let port = closed_port();
    for server in [
        format!("ws://127.0.0.1:{port}"),
        format!("http://localhost:{port}"),
        format!("ws://[::1]:{port}"),
    ] {
        let output = bot_without_password(&server);
        let said = stderr(&output);
        assert!(!said.contains("no password"), "{server}: {said}");
        assert!(said.contains("insecure-local-<NAME>"), "{server}: {said}");
        // Past the check, it tried to sign in, and nothing answered.
        assert!(said.contains("cannot sign in as robot"), "{server}: {said}");
        assert_eq!(output.status.code(), Some(1), "{server}: {said}");
    }
}
