//! The real game under Xvfb with Mesa's software Vulkan: a scripted tour
//! (see `src/scripted.rs`) plays a match through intents and saves
//! screenshots of the title, a round in progress with a counter picked up
//! and its legal destinations shown, a Chaos turn, the round-over and the
//! match-over screens. The images must exist, have the window's size and
//! show what they should.
//!
//! A second, shorter run starts the game in a 1000×760 window and checks
//! that the board scales to it and stays centred.
//!
//! Set `ENTROPY_KEEP_SHOTS=<folder>` to keep the images.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

struct Shot {
    width: u32,
    height: u32,
    rgb: Vec<[u8; 3]>,
}

fn load(path: &Path) -> Shot {
    let file = File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut reader = png::Decoder::new(file).read_info().expect("a PNG file");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("a PNG image");
    let channels = info.color_type.samples();
    assert_eq!(info.bit_depth, png::BitDepth::Eight);
    let rgb = buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    Shot {
        width: info.width,
        height: info.height,
        rgb,
    }
}

impl Shot {
    /// Share of pixels matching `f`.
    fn share(&self, f: impl Fn([u8; 3]) -> bool) -> f64 {
        self.rgb.iter().filter(|&&p| f(p)).count() as f64 / self.rgb.len() as f64
    }

    /// Standard deviation of luminance: 0 for a blank image.
    fn contrast(&self) -> f64 {
        let lum: Vec<f64> = self
            .rgb
            .iter()
            .map(|p| 0.2126 * p[0] as f64 + 0.7152 * p[1] as f64 + 0.0722 * p[2] as f64)
            .collect();
        let mean = lum.iter().sum::<f64>() / lum.len() as f64;
        (lum.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / lum.len() as f64).sqrt()
    }
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

/// The colour of the board's tray as the screen shows it.
fn board_frame() -> [u8; 3] {
    let c = entropy::theme::egui_colour(entropy::theme::TRAY);
    [c.r(), c.g(), c.b()]
}

/// Runs the game under Xvfb with the scripted run `script` and `args`, its
/// screenshots going to `dir`; panics with the game's log if it fails.
fn run_game(dir: &Path, script: &str, args: &[&str]) {
    let game = env!("CARGO_BIN_EXE_entropy");
    let mut command = if on_path("xvfb-run") {
        let mut c = Command::new("xvfb-run");
        c.args(["-a", "-s", "-screen 0 1280x800x24", game]);
        c
    } else if std::env::var_os("DISPLAY").is_some() {
        Command::new(game)
    } else {
        panic!("no display and no xvfb-run: install xvfb (the README's test command does)");
    };
    let log_path = dir.join(format!("{script}.log"));
    let mut child = command
        .args(args)
        .env("ENTROPY_SCRIPT", script)
        .env("ENTROPY_SHOTS_DIR", dir)
        .env("ENTROPY_PREFS_DIR", dir.join("prefs"))
        .env("ENTROPY_DATA_DIR", dir.join("data"))
        .stdout(Stdio::null())
        .stderr(File::create(&log_path).unwrap())
        .spawn()
        .expect("the game starts");
    let deadline = Instant::now() + Duration::from_secs(600);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!(
                "the {script} run took more than 10 minutes; log in {}",
                log_path.display()
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let log = std::fs::read_to_string(&log_path).unwrap_or_default();
    assert!(status.success(), "the game failed ({status}):\n{log}");
    assert!(!log.contains("panicked"), "{log}");
}

/// The side panel's ground, from the game's palette.
fn panel_colour() -> [u8; 3] {
    let c = entropy::theme::ui::PANEL;
    [c.r(), c.g(), c.b()]
}

/// Rows at column `x` of `shot` that show the side panel's colour.
fn panel_rows(shot: &Shot, x: usize) -> usize {
    (0..shot.height as usize)
        .filter(|y| shot.rgb[y * shot.width as usize + x] == panel_colour())
        .count()
}

#[test]
fn the_game_shows_its_screens() {
    let dir: PathBuf = std::env::temp_dir().join(format!("entropy-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    run_game(&dir, "tour", &[]);
    // A second start in a window of another shape: the board must scale and stay whole.
    run_game(&dir, "resized", &["--window", "1000x760"]);

    let shots: Vec<(&str, Shot)> = ["title", "setup", "playing", "chaos_turn", "round_over", "match_over"]
        .into_iter()
        .map(|n| (n, load(&dir.join(format!("{n}.png")))))
        .collect();
    for (name, shot) in &shots {
        assert_eq!((shot.width, shot.height), (1280, 720), "{name}: the window's size");
        // The setup screen is a dialog on the dark background: less contrast, but not none.
        let least = if *name == "setup" { 6.0 } else { 20.0 };
        assert!(
            shot.contrast() > least,
            "{name} looks blank (contrast {:.1})",
            shot.contrast()
        );
    }
    let get = |name: &str| &shots.iter().find(|(n, _)| *n == name).unwrap().1;
    // Counters in their colours: the red of the title's counters.
    let red = |[r, g, b]: [u8; 3]| r > 180 && g < 90 && b < 90;
    assert!(get("title").share(red) > 0.003, "the title shows red counters");
    // A round in progress: the legal destinations (green marks) and the picked-up counter's gold ring.
    let legal = |[r, g, b]: [u8; 3]| g > 170 && r > 90 && r < 170 && b > 120 && b < 200;
    let gold = |[r, g, b]: [u8; 3]| r > 220 && g > 170 && g < 230 && b < 150;
    assert!(
        get("playing").share(legal) > 0.0005,
        "the picked-up counter's destinations are marked"
    );
    assert!(get("playing").share(gold) > 0.0003, "the picked-up counter is ringed");
    // The interface panel on the right is drawn on every screen of the match,
    // and nothing it holds runs off its right edge.
    for name in ["playing", "chaos_turn", "round_over", "match_over"] {
        let shot = get(name);
        assert!(panel_rows(shot, 1200) > 300, "{name}: the side panel is shown");
        for x in shot.width as usize - 8..shot.width as usize {
            let rows = panel_rows(shot, x);
            assert_eq!(
                rows, shot.height as usize,
                "{name}: something runs off the panel at x = {x}"
            );
        }
    }

    // The other window: its own size, the panel on the right, and counters on
    // a board that fits: the board's frame is as far from the top as from the bottom.
    let resized = load(&dir.join("resized.png"));
    assert_eq!((resized.width, resized.height), (1000, 760), "the window's size");
    assert!(resized.contrast() > 20.0, "resized looks blank");
    assert!(
        panel_rows(&resized, resized.width as usize - 60) > 300,
        "the side panel is shown"
    );
    let counters = |[r, g, b]: [u8; 3]| (r > 180 && g < 90 && b < 90) || (b > 180 && r < 90);
    assert!(resized.share(counters) > 0.002, "counters are shown");
    // Left of the side panel (about 330 pixels wide) the world is drawn.
    let world_width = resized.width as usize - 400;
    let rows: Vec<usize> = (0..resized.height as usize)
        .filter(|&y| (0..world_width).any(|x| resized.rgb[y * resized.width as usize + x] == board_frame()))
        .collect();
    assert!(
        rows.len() > 300,
        "the board is large in the window ({} rows)",
        rows.len()
    );
    let (top, bottom) = (rows[0], resized.height as usize - 1 - rows[rows.len() - 1]);
    assert!(
        top.abs_diff(bottom) <= 40,
        "the board is centred vertically (margins {top} and {bottom})"
    );

    if let Some(keep) = std::env::var_os("ENTROPY_KEEP_SHOTS") {
        std::fs::create_dir_all(&keep).unwrap();
        for name in [
            "title",
            "setup",
            "playing",
            "chaos_turn",
            "round_over",
            "match_over",
            "resized",
        ] {
            std::fs::copy(
                dir.join(format!("{name}.png")),
                Path::new(&keep).join(format!("{name}.png")),
            )
            .unwrap();
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A free X display number for a server of this test's own.
fn free_display() -> u32 {
    (90..200)
        .find(|n| {
            !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists() && !Path::new(&format!("/tmp/.X{n}-lock")).exists()
        })
        .expect("a free display number")
}

/// The release game under Xvfb, a real X pointer moved and clicked with
/// xdotool on an empty cell on Chaos's first turn: the counter must land there.
#[test]
fn a_real_pointer_places_a_counter() {
    for program in ["Xvfb", "xdotool"] {
        assert!(
            on_path(program),
            "{program} is missing: the README's test command installs it"
        );
    }
    let dir: PathBuf = std::env::temp_dir().join(format!("entropy-pointer-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let display = format!(":{}", free_display());
    let mut server = Command::new("Xvfb")
        .args([display.as_str(), "-screen", "0", "1280x800x24", "-nolisten", "tcp"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("Xvfb starts");
    std::thread::sleep(Duration::from_millis(700));
    let out = dir.join("result.txt");
    let log = dir.join("pointer.log");
    let mut game = Command::new(env!("CARGO_BIN_EXE_entropy"))
        .env("DISPLAY", &display)
        .env("ENTROPY_SCRIPT", "pointer")
        .env("ENTROPY_MEASURE_OUT", &out)
        .env("ENTROPY_PREFS_DIR", dir.join("prefs"))
        .env("ENTROPY_DATA_DIR", dir.join("data"))
        .stdout(Stdio::null())
        .stderr(File::create(&log).unwrap())
        .spawn()
        .expect("the game starts");
    let ready = dir.join("result.txt.ready");
    let deadline = Instant::now() + Duration::from_secs(300);
    while !ready.exists() {
        assert!(
            Instant::now() < deadline,
            "the game never got ready: {}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
        if let Some(status) = game.try_wait().unwrap() {
            panic!(
                "the game stopped ({status}): {}",
                std::fs::read_to_string(&log).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    let at = std::fs::read_to_string(&ready).unwrap();
    let (x, y) = at.trim().split_once(' ').unwrap();
    // Over the board first (as a hand would move), then onto the cell, and click.
    let xdotool = |args: &[&str]| {
        let status = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &display)
            .status()
            .unwrap();
        assert!(status.success(), "xdotool {args:?}");
    };
    let window = Command::new("xdotool")
        .args(["search", "--sync", "--name", "Entropy"])
        .env("DISPLAY", &display)
        .output()
        .unwrap();
    let window = String::from_utf8_lossy(&window.stdout)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string();
    assert!(!window.is_empty(), "the game's window is found");
    xdotool(&["mousemove", "--window", &window, "200", "200"]);
    std::thread::sleep(Duration::from_millis(300));
    xdotool(&["mousemove", "--window", &window, x, y]);
    std::thread::sleep(Duration::from_millis(300));
    xdotool(&["click", "1"]);
    let status = loop {
        if let Some(status) = game.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the game did not finish");
        std::thread::sleep(Duration::from_millis(200));
    };
    let _ = server.kill();
    let _ = server.wait();
    let log_text = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(status.success(), "the game failed: {log_text}");
    let placed = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        placed.trim(),
        "Dd",
        "the click placed the counter on the cell under the pointer"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
