//! The real game under an X server of its own: starting Xvfb, finding
//! programs, the game's window for xdotool, and the game launched with
//! its probe ([`RealGame`]).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use super::probe::Probe;

/// Whether `program` is on the `PATH`.
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

/// An X server of its own of `screen` pixels (as `1280x800`): the server
/// and the display's name. The server chooses a free display itself and
/// names it once it takes connections (`-displayfd`), so tests started at
/// once, in this process or another, never share one.
pub fn start_xvfb(screen: &str) -> (Child, String) {
    let server = &mut Command::new("Xvfb");
    server
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
        .stderr(Stdio::null());
    let mut server = super::spawn_alone(server).expect("Xvfb starts");
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
    let output = super::spawn_alone(
        Command::new("xdotool")
            .args(args)
            .env("DISPLAY", display)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )
    .and_then(|child| child.wait_with_output())
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

/// The release game (the binary `./play` runs) under an X server of its
/// own, with its probe (`ENTROPY_PROBE`), its files and its log in a folder
/// of the test's; its window has the keyboard (with no window manager to
/// give it, it is given here). Ended with its server, and any client of the
/// test on that server, when dropped. A test reads the probe in its own
/// terms (`impl RealGame` in the test).
pub struct RealGame {
    /// The X server.
    pub server: Child,
    /// The display's name.
    pub display: String,
    /// Clients of the test on the server, ended with it (one that holds the pointer).
    pub clients: Vec<Child>,
    /// The game.
    pub game: Child,
    /// The game's window, for xdotool.
    pub window: String,
    /// What the probe writes: the screen, its controls and where they are.
    pub probe: PathBuf,
    /// The game's log.
    pub log: PathBuf,
}

impl RealGame {
    /// The game on a new X server of 1280×800, its files in `dir`.
    pub fn launch(dir: &Path) -> RealGame {
        let (server, display) = start_xvfb("1280x800");
        RealGame::launch_on(server, display, Vec::new(), dir)
    }

    /// The game on the X server `server` of `display`, which `clients` of
    /// the test already use, its files in `dir` (a first launch when `dir`
    /// is new).
    pub fn launch_on(server: Child, display: String, clients: Vec<Child>, dir: &Path) -> RealGame {
        let probe = dir.join("probe.txt");
        let log = dir.join("game.log");
        let game = &mut Command::new(env!("CARGO_BIN_EXE_entropy"));
        game.env("DISPLAY", &display)
            .env("ENTROPY_PROBE", &probe)
            .env("ENTROPY_PREFS_DIR", dir.join("prefs"))
            .env("ENTROPY_DATA_DIR", dir.join("data"))
            .env_remove("ENTROPY_SCRIPT")
            .stdout(Stdio::null())
            .stderr(File::create(&log).expect("the game's log can be written"));
        let game = super::spawn_alone(game).expect("the game starts");
        let window = game_window(&display);
        xdotool(&display, &["windowfocus", "--sync", &window]);
        RealGame {
            server,
            display,
            clients,
            game,
            window,
            probe,
            log,
        }
    }

    /// What the probe wrote last.
    pub fn probe_text(&self) -> String {
        std::fs::read_to_string(&self.probe).unwrap_or_default()
    }

    /// The game's log so far.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Fails the test saying `what`, with the screen as the probe last
    /// wrote it, whether the game exited, and its log.
    pub fn fail_with(&mut self, what: &str) -> ! {
        let exited = self.game.try_wait().ok().flatten();
        // What failed comes first and again last: a long log between them
        // is the part a shortened report leaves out.
        panic!(
            "{what}\n--- exited: {exited:?}; the game's log ---\n{}\n--- the screen ---\n{}\n--- failed: {what}",
            self.log_text(),
            self.probe_text()
        );
    }

    /// The screen as the probe wrote it last.
    pub fn now(&self) -> Probe {
        Probe::parse(&self.probe_text())
    }
}

impl Drop for RealGame {
    fn drop(&mut self) {
        let _ = self.game.kill();
        let _ = self.game.wait();
        for client in &mut self.clients {
            let _ = client.kill();
            let _ = client.wait();
        }
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}
