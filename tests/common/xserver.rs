//! The real game under an X server of its own: starting Xvfb, finding
//! programs, and the game's window for xdotool.

use std::process::{Child, Command, Stdio};

/// Whether `program` is on the `PATH`.
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

/// An X server of its own of `screen` pixels (as `1280x800`): the server
/// and the display's name. The server chooses a free display itself and
/// names it once it takes connections (`-displayfd`), so tests started at
/// once, in this process or another, never share one.
pub fn start_xvfb(screen: &str) -> (Child, String) {
    let mut server = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-screen",
            "0",
            &format!("{screen}x24"),
            "-nolisten",
            "tcp",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb starts");
    let mut line = String::new();
    let mut output = std::io::BufReader::new(server.stdout.take().expect("Xvfb's output"));
    std::io::BufRead::read_line(&mut output, &mut line).expect("Xvfb names its display");
    // Kept open for the server's life: a closed pipe would end it at its next write.
    server.stdout = Some(output.into_inner());
    match line.trim().parse::<u32>() {
        Ok(number) => (server, format!(":{number}")),
        Err(_) => {
            let _ = server.kill();
            let _ = server.wait();
            panic!("Xvfb named no display: {line:?}")
        }
    }
}

/// Runs xdotool on `display` with `args`; panics if it fails.
pub fn xdotool(display: &str, args: &[&str]) -> String {
    let output = Command::new("xdotool")
        .args(args)
        .env("DISPLAY", display)
        .output()
        .expect("xdotool runs");
    assert!(
        output.status.success(),
        "xdotool {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The game's window on `display`, once it is mapped.
pub fn game_window(display: &str) -> String {
    let found = xdotool(display, &["search", "--sync", "--name", "Entropy"]);
    let window = found.lines().next().unwrap_or_default().to_string();
    assert!(!window.is_empty(), "the game's window is found");
    window
}
