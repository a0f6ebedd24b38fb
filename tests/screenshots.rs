//! The real game (the release build) under Xvfb with Mesa's software
//! Vulkan. A scripted tour (`src/scripted/scripts.rs`) plays through the
//! game and saves screenshots of every screen: the title, the setup, a round
//! with a counter picked up, a Chaos turn, symbols on the counters, pause,
//! settings, the count midway, round over, match over, how to play, the
//! tutorial, the history and a reviewed replay; a second tour shoots the
//! screens at 1920×1080, a third run a 1000×760 window. The images must
//! exist, have the window's size and show what they should.
//!
//! Carreno's game has a scripted run of its own (`carreno`): its title
//! entry, setup, a check with a piece picked up, How to play and the result.
//!
//! Real processes also: a real X pointer (xdotool) clicks a cell; a game
//! killed with SIGKILL mid-match continues where it was; one killed during
//! the last count has its match in the history; SIGTERM ends the game the
//! way closing its window does, the match saved.
//!
//! Set `ENTROPY_KEEP_SHOTS=<folder>` to keep the images.

mod common;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::xserver::{on_path, start_xvfb};

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

/// The colour of the board's tray as the screen shows it.
fn board_frame() -> [u8; 3] {
    theme_colour(entropy::ui::theme::TRAY)
}

/// A world colour of the theme as the screen shows it (before shading).
fn theme_colour(colour: bevy::color::Color) -> [u8; 3] {
    let c = entropy::ui::theme::egui_colour(colour);
    [c.r(), c.g(), c.b()]
}

/// Runs the game under Xvfb with the scripted run `script` and `args`, its
/// screenshots going to `dir`; panics with the game's log if it fails.
fn run_game(dir: &Path, script: &str, args: &[&str]) {
    run_game_on(dir, script, args, "1280x800")
}

/// The same on an X screen of `screen` pixels.
fn run_game_on(dir: &Path, script: &str, args: &[&str], screen: &str) {
    assert!(
        on_path("Xvfb"),
        "Xvfb is missing: the README's test command installs it"
    );
    // An X server of its own: runs started at once never share one.
    let (mut server, display) = start_xvfb(screen);
    let log_path = dir.join(format!("{script}.log"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_entropy"))
        .args(args)
        .env("DISPLAY", &display)
        .env("ENTROPY_SCRIPT", script)
        .env("ENTROPY_SHOTS_DIR", dir)
        .env("ENTROPY_PREFS_DIR", dir.join("prefs"))
        .env("ENTROPY_DATA_DIR", dir.join("data"))
        .stdout(Stdio::null())
        .stderr(File::create(&log_path).unwrap())
        .spawn()
        .expect("the game starts");
    let deadline = Instant::now() + Duration::from_secs(900);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = server.kill();
            panic!(
                "the {script} run took more than 15 minutes; log in {}",
                log_path.display()
            );
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    let _ = server.kill();
    let _ = server.wait();
    let log = std::fs::read_to_string(&log_path).unwrap_or_default();
    assert!(status.success(), "the game failed ({status}):\n{log}");
    assert!(!log.contains("panicked"), "{log}");
}

/// The side panel's ground, from the game's palette.
fn panel_colour() -> [u8; 3] {
    let c = entropy::ui::theme::ui::PANEL;
    [c.r(), c.g(), c.b()]
}

/// Rows at column `x` of `shot` that show the side panel's colour.
fn panel_rows(shot: &Shot, x: usize) -> usize {
    (0..shot.height as usize)
        .filter(|y| shot.rgb[y * shot.width as usize + x] == panel_colour())
        .count()
}

/// Pixels of `colour` (within a little), as a share of the image.
fn share_of(shot: &Shot, colour: bevy_egui::egui::Color32) -> f64 {
    let near = |a: u8, b: u8| a.abs_diff(b) <= 6;
    shot.share(|[r, g, b]| near(r, colour.r()) && near(g, colour.g()) && near(b, colour.b()))
}

const TOUR: [&str; 14] = [
    "title",
    "setup",
    "playing",
    "chaos_turn",
    "symbols",
    "pause",
    "settings",
    "count",
    "round_over",
    "match_over",
    "rules",
    "tutorial",
    "history",
    "replay",
];

const LARGE: [&str; 6] = [
    "title_large",
    "setup_large",
    "symbols_large",
    "count_large",
    "rules_large",
    "tutorial_large",
];

#[test]
fn the_game_shows_its_screens() {
    let dir: PathBuf = std::env::temp_dir().join(format!("entropy-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    run_game(&dir, "tour", &[]);
    // The same screens on a large window, and a board in a window of another shape.
    run_game_on(&dir, "tour-large", &["--window", "1920x1080"], "1920x1200");
    run_game(&dir, "resized", &["--window", "1000x760"]);

    let shots: Vec<(&str, Shot)> = TOUR
        .iter()
        .chain(&LARGE)
        .map(|n| (*n, load(&dir.join(format!("{n}.png")))))
        .collect();
    let get = |name: &str| &shots.iter().find(|(n, _)| *n == name).unwrap().1;
    for (name, shot) in &shots {
        let size = if name.ends_with("_large") {
            (1920, 1080)
        } else if name.ends_with("_small") {
            (800, 600)
        } else {
            (1280, 720)
        };
        assert_eq!((shot.width, shot.height), size, "{name}: the window's size");
        assert!(
            shot.contrast() > 6.0,
            "{name} looks blank (contrast {:.1})",
            shot.contrast()
        );
    }
    use entropy::ui::theme::ui;
    // Every menu opens with its main control focused: the gold focus ring shows.
    for name in [
        "title",
        "setup",
        "pause",
        "settings",
        "history",
        "title_large",
        "setup_large",
    ] {
        assert!(share_of(get(name), ui::FOCUS) > 0.0004, "{name}: a focus ring");
    }
    // A round in progress: the legal destinations (green rings) and the picked-up counter's gold ring.
    let legal = |[r, g, b]: [u8; 3]| g > 170 && r > 90 && r < 170 && b > 120 && b < 200;
    let gold = |[r, g, b]: [u8; 3]| r > 220 && g > 170 && g < 230 && b < 150;
    assert!(
        get("playing").share(legal) > 0.0005,
        "the picked-up counter's destinations are marked"
    );
    assert!(get("playing").share(gold) > 0.0003, "the picked-up counter is ringed");
    // The count midway: a run lit in gold on the board.
    for name in ["count", "count_large"] {
        assert!(get(name).share(gold) > 0.002, "{name}: the run being counted is lit");
    }
    // The interface panel on the right is drawn on every screen of the match,
    // and nothing it holds runs off its right edge.
    for name in [
        "playing",
        "chaos_turn",
        "count",
        "round_over",
        "match_over",
        "tutorial",
        "replay",
    ] {
        let shot = get(name);
        for x in shot.width as usize - 8..shot.width as usize {
            let rows = panel_rows(shot, x);
            assert_eq!(
                rows, shot.height as usize,
                "{name}: something runs off the panel at x = {x}"
            );
        }
    }
    // The panel grows with the window: as wide a share of 1920 as of 1280.
    let panel_share = |shot: &Shot| {
        let row = shot.height as usize / 2;
        let x = (0..shot.width as usize)
            .rev()
            .take_while(|&x| shot.rgb[row * shot.width as usize + x] == panel_colour())
            .count();
        x as f64 / shot.width as f64
    };
    let (small, large) = (panel_share(get("count")), panel_share(get("count_large")));
    assert!(
        (small - large).abs() < 0.04,
        "the panel scales with the window ({small:.3} and {large:.3})"
    );

    // The other window, narrower than the default: its own size, the panel
    // on the right, and counters on a board that fills most of the window's
    // height, the bag standing below it (where it shows the board larger).
    let resized = load(&dir.join("resized.png"));
    assert_eq!((resized.width, resized.height), (1000, 760), "the window's size");
    assert!(resized.contrast() > 20.0, "resized looks blank");
    assert!(
        panel_rows(&resized, resized.width as usize - 60) > 300,
        "the side panel is shown"
    );
    let counters = |[r, g, b]: [u8; 3]| (r > 180 && g < 90 && b < 90) || (b > 180 && r < 90);
    assert!(resized.share(counters) > 0.002, "counters are shown");
    let world_width = resized.width as usize - 400;
    let rows: Vec<usize> = (0..resized.height as usize)
        .filter(|&y| (0..world_width).any(|x| resized.rgb[y * resized.width as usize + x] == board_frame()))
        .collect();
    assert!(
        rows.len() > 400,
        "the board is large in the window ({} rows)",
        rows.len()
    );
    let (top, bottom) = (rows[0], resized.height as usize - 1 - rows[rows.len() - 1]);
    assert!(
        top < 80 && bottom > 160,
        "the board at the top, the bag below it (margins {top} and {bottom})"
    );
    let bag = theme_colour(entropy::ui::theme::BAG);
    let near = |a: u8, b: u8| a.abs_diff(b) <= 40;
    let below: usize = (rows[rows.len() - 1]..resized.height as usize)
        .map(|y| {
            (0..world_width)
                .filter(|&x| {
                    let [r, g, b] = resized.rgb[y * resized.width as usize + x];
                    near(r, bag[0]) && near(g, bag[1]) && near(b, bag[2])
                })
                .count()
        })
        .sum();
    assert!(below > 2000, "the bag is drawn below the board ({below} pixels)");

    if let Some(keep) = std::env::var_os("ENTROPY_KEEP_SHOTS") {
        std::fs::create_dir_all(&keep).unwrap();
        for name in TOUR.iter().chain(&LARGE).chain(&["resized"]) {
            std::fs::copy(
                dir.join(format!("{name}.png")),
                Path::new(&keep).join(format!("{name}.png")),
            )
            .unwrap();
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Carreno's game under Xvfb (the scripted run `carreno`, under a minute):
/// the title that offers it, its setup with Start focused, a game at a
/// shared screen with O in check and a piece picked up, How to play, and
/// the result. Each image has the window's size and shows what it should.
#[test]
fn carrenos_game_shows_its_screens() {
    let dir: PathBuf = std::env::temp_dir().join(format!("entropy-carreno-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    run_game(&dir, "carreno", &[]);
    let names = [
        "carreno_title",
        "carreno_setup",
        "carreno_playing",
        "carreno_rules",
        "carreno_result",
    ];
    let shots: Vec<(&str, Shot)> = names
        .iter()
        .map(|n| (*n, load(&dir.join(format!("{n}.png")))))
        .collect();
    let get = |name: &str| &shots.iter().find(|(n, _)| *n == name).unwrap().1;
    for (name, shot) in &shots {
        assert_eq!((shot.width, shot.height), (1280, 720), "{name}: the window's size");
        assert!(
            shot.contrast() > 6.0,
            "{name} looks blank (contrast {:.1})",
            shot.contrast()
        );
    }
    use entropy::ui::theme::ui;
    for name in ["carreno_setup", "carreno_result"] {
        assert!(share_of(get(name), ui::FOCUS) > 0.0004, "{name}: a focus ring");
    }
    // The picked-up piece's destinations (green dots), its gold ring, and the piece in check ringed red.
    let playing = get("carreno_playing");
    let legal = |[r, g, b]: [u8; 3]| g > 170 && r > 90 && r < 170 && b > 120 && b < 200;
    let gold = |[r, g, b]: [u8; 3]| r > 220 && g > 170 && g < 230 && b < 150;
    let check = |[r, g, b]: [u8; 3]| r > 220 && g < 110 && b < 110;
    assert!(playing.share(legal) > 0.0005, "the destinations are marked");
    assert!(playing.share(gold) > 0.0003, "the picked-up piece is ringed");
    assert!(playing.share(check) > 0.001, "the piece in check is ringed");
    // Light and dark pieces on the board.
    let light = |[r, g, b]: [u8; 3]| r > 200 && g > 195 && b > 175;
    let dark = |[r, g, b]: [u8; 3]| r < 60 && g < 60 && b < 70 && r > 20;
    assert!(playing.share(light) > 0.01, "light pieces are shown");
    assert!(playing.share(dark) > 0.01, "dark pieces are shown");
    // The side panel is drawn on the playing and result screens, and nothing runs off it.
    for name in ["carreno_playing", "carreno_result"] {
        let shot = get(name);
        for x in shot.width as usize - 8..shot.width as usize {
            assert_eq!(
                panel_rows(shot, x),
                shot.height as usize,
                "{name}: something runs off the panel at x = {x}"
            );
        }
    }
    if let Some(keep) = std::env::var_os("ENTROPY_KEEP_SHOTS") {
        std::fs::create_dir_all(&keep).unwrap();
        for name in names {
            std::fs::copy(
                dir.join(format!("{name}.png")),
                Path::new(&keep).join(format!("{name}.png")),
            )
            .unwrap();
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A tournament match against the computer, at 1280×720 and 1920×1080:
/// the setup with the tournament's rules and clock, then the computer's
/// flag fallen ("Out of time" in the panel) and the match going on.
#[test]
fn a_tournament_match_shows_its_rules_and_a_fallen_flag() {
    let dir: PathBuf = std::env::temp_dir().join(format!("entropy-tournament-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    run_game(&dir, "tournament", &[]);
    run_game_on(&dir, "tournament-large", &["--window", "1920x1080"], "1920x1200");
    use entropy::ui::theme::ui;
    let names = [
        "tournament_setup",
        "tournament_flag",
        "tournament_setup_large",
        "tournament_flag_large",
    ];
    for name in names {
        let shot = load(&dir.join(format!("{name}.png")));
        let size = if name.ends_with("_large") {
            (1920, 1080)
        } else if name.ends_with("_small") {
            (800, 600)
        } else {
            (1280, 720)
        };
        assert_eq!((shot.width, shot.height), size, "{name}: the window's size");
        assert!(shot.contrast() > 6.0, "{name} looks blank");
        if name.starts_with("tournament_flag") {
            // "Out of time" in the warning colour beside the computer's name,
            // wider than any clock running low ("0:01") would be.
            let (w, h) = (shot.width as usize, shot.height as usize);
            let near = |a: u8, b: u8| a.abs_diff(b) <= 6;
            let warning = ui::WARNING;
            let xs: Vec<usize> = (0..h / 5)
                .flat_map(|y| (w * 7 / 10..w).map(move |x| (x, y)))
                .filter(|&(x, y)| {
                    let [r, g, b] = shot.rgb[y * w + x];
                    near(r, warning.r()) && near(g, warning.g()) && near(b, warning.b())
                })
                .map(|(x, _)| x)
                .collect();
            let extent = xs.iter().max().zip(xs.iter().min()).map_or(0, |(hi, lo)| hi - lo);
            assert!(
                extent * 1280 > 50 * w,
                "{name}: the fallen flag is shown ({extent} px of warning text)"
            );
        } else {
            assert!(share_of(&shot, ui::FOCUS) > 0.0004, "{name}: a focus ring");
        }
    }
    if let Some(keep) = std::env::var_os("ENTROPY_KEEP_SHOTS") {
        std::fs::create_dir_all(&keep).unwrap();
        for name in names {
            std::fs::copy(
                dir.join(format!("{name}.png")),
                Path::new(&keep).join(format!("{name}.png")),
            )
            .unwrap();
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A scripted run of the release game on an X server of its own, for a
/// real pointer: the run writes where to click to `<out>.ready` and what
/// the clicks did to `out`, and exits.
struct PointerRun {
    dir: PathBuf,
    server: std::process::Child,
    display: String,
    game: std::process::Child,
    log: PathBuf,
    out: PathBuf,
    deadline: Instant,
}

impl PointerRun {
    /// Starts `script`, and waits for where to click: a line `x y` per place.
    fn start(script: &str) -> (PointerRun, Vec<(String, String)>) {
        for program in ["Xvfb", "xdotool"] {
            assert!(
                on_path(program),
                "{program} is missing: the README's test command installs it"
            );
        }
        let dir: PathBuf = std::env::temp_dir().join(format!("entropy-{script}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (server, display) = start_xvfb("1280x800");
        let out = dir.join("result.txt");
        let log = dir.join("pointer.log");
        let mut game = Command::new(env!("CARGO_BIN_EXE_entropy"))
            .env("DISPLAY", &display)
            .env("ENTROPY_SCRIPT", script)
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
        let places = std::fs::read_to_string(&ready)
            .unwrap()
            .lines()
            .map(|l| {
                let (x, y) = l.trim().split_once(' ').unwrap();
                (x.to_string(), y.to_string())
            })
            .collect();
        let run = PointerRun {
            dir,
            server,
            display,
            game,
            log,
            out,
            deadline,
        };
        (run, places)
    }

    fn xdotool(&self, args: &[&str]) {
        let status = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .status()
            .unwrap();
        assert!(status.success(), "xdotool {args:?}");
    }

    /// The game's window.
    fn window(&self) -> String {
        let window = Command::new("xdotool")
            .args(["search", "--sync", "--name", "Entropy"])
            .env("DISPLAY", &self.display)
            .output()
            .unwrap();
        let window = String::from_utf8_lossy(&window.stdout)
            .lines()
            .next()
            .unwrap_or_default()
            .to_string();
        assert!(!window.is_empty(), "the game's window is found");
        window
    }

    /// Clicks each of `places` in turn, the hand coming from `from` as a
    /// player's would, until the game exits. A click that falls while the
    /// board is busy is tried again, up to five rounds, as a player would;
    /// a board that never takes the clicks fails. Gives what the run wrote.
    fn click_until_done(mut self, places: &[(String, String)], from: (&str, &str)) -> String {
        let window = self.window();
        let mut status = None;
        for _round in 0..5 {
            for (x, y) in places {
                self.xdotool(&["mousemove", "--window", &window, from.0, from.1]);
                std::thread::sleep(Duration::from_millis(300));
                self.xdotool(&["mousemove", "--window", &window, x, y]);
                std::thread::sleep(Duration::from_millis(500));
                self.xdotool(&["click", "1"]);
                if places.len() > 1 {
                    std::thread::sleep(Duration::from_millis(1500));
                }
            }
            let waiting = Instant::now() + Duration::from_secs(8);
            while status.is_none() && Instant::now() < waiting.min(self.deadline) {
                status = self.game.try_wait().unwrap();
                std::thread::sleep(Duration::from_millis(200));
            }
            if status.is_some() {
                break;
            }
        }
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let status = status.unwrap_or_else(|| {
            let _ = self.game.kill();
            let _ = self.game.wait();
            panic!("the game did not take the clicks: {log}")
        });
        let _ = self.server.kill();
        let _ = self.server.wait();
        assert!(status.success(), "the game failed: {log}");
        let result = std::fs::read_to_string(&self.out).unwrap();
        let _ = std::fs::remove_dir_all(&self.dir);
        result.trim().to_string()
    }
}

/// The release game under Xvfb, a real X pointer moved and clicked with
/// xdotool on an empty cell on Chaos's first turn: the counter must land there.
#[test]
fn a_real_pointer_places_a_counter() {
    let (run, places) = PointerRun::start("pointer");
    assert_eq!(places.len(), 1, "one cell announced");
    assert_eq!(
        run.click_until_done(&places, ("200", "200")),
        "Dd",
        "the click placed the counter on the cell under the pointer"
    );
}

/// The simultaneous match under Xvfb at a shared screen, a real X pointer
/// clicking with xdotool: player 1 places on player 2's board, then player
/// 2 on player 1's. Both counters must land where the pointer clicked.
#[test]
fn a_real_pointer_plays_on_both_boards_of_a_simultaneous_match() {
    let (run, places) = PointerRun::start("simultaneous-pointer");
    assert_eq!(places.len(), 2, "two cells announced");
    // A click on the board not waiting is ignored, so the hand may go round
    // both cells again.
    assert_eq!(
        run.click_until_done(&places, ("600", "60")),
        "Cc Bb",
        "each click placed a counter on the cell under the pointer, on both boards"
    );
}

/// The simultaneous match's screens at 1280×720 and 1920×1080: the setup,
/// both boards in play, the count, the result, the replay with the
/// computer's review, and the History listing the match.
#[test]
fn the_simultaneous_match_shows_its_screens() {
    let dir: PathBuf = std::env::temp_dir().join(format!("entropy-sim-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    run_game(&dir, "simultaneous", &[]);
    run_game_on(&dir, "simultaneous-large", &["--window", "1920x1080"], "1920x1200");
    use entropy::ui::theme::ui;
    let names = [
        "simultaneous_setup",
        "simultaneous_playing",
        "simultaneous_count",
        "simultaneous_over",
        "simultaneous_replay",
        "simultaneous_history",
        "simultaneous_setup_large",
        "simultaneous_playing_large",
        "simultaneous_count_large",
        "simultaneous_over_large",
        "simultaneous_replay_large",
        "simultaneous_history_large",
    ];
    for name in names {
        let shot = load(&dir.join(format!("{name}.png")));
        let size = if name.ends_with("_large") {
            (1920, 1080)
        } else if name.ends_with("_small") {
            (800, 600)
        } else {
            (1280, 720)
        };
        assert_eq!((shot.width, shot.height), size, "{name}: the window's size");
        assert!(shot.contrast() > 6.0, "{name} looks blank");
        if !name.contains("setup") && !name.contains("history") {
            // Two trays of the board's colour, left and right of the middle.
            let tray = theme_colour(entropy::ui::theme::TRAY);
            let w = shot.width as usize;
            let row = shot.height as usize / 2;
            let is_tray = |x: usize| shot.rgb[row * w + x].iter().zip(tray).all(|(a, b)| a.abs_diff(b) <= 3);
            let world = w - (w * 340 / 1280);
            assert!((0..world / 2).any(is_tray), "{name}: the left board");
            assert!((world / 2..world).any(is_tray), "{name}: the right board");
        }
        if name.contains("over") || name.contains("setup") {
            assert!(share_of(&shot, ui::FOCUS) > 0.0004, "{name}: a focus ring");
        }
        if name.contains("replay") {
            // The review's graph and its best moves' marks, in Order's colour.
            assert!(share_of(&shot, ui::ORDER) > 0.0002, "{name}: the review shown");
        }
        if name.contains("count") {
            // The run being counted is lit on its board.
            let lit = theme_colour(entropy::ui::theme::COUNTING);
            let near =
                |[r, g, b]: [u8; 3]| r.abs_diff(lit[0]) <= 3 && g.abs_diff(lit[1]) <= 3 && b.abs_diff(lit[2]) <= 3;
            assert!(shot.share(near) > 0.001, "{name}: the run counted is lit");
        }
    }
    if let Some(keep) = std::env::var_os("ENTROPY_KEEP_SHOTS") {
        std::fs::create_dir_all(&keep).unwrap();
        for name in names {
            std::fs::copy(
                dir.join(format!("{name}.png")),
                Path::new(&keep).join(format!("{name}.png")),
            )
            .unwrap();
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game killed with SIGKILL in the middle of a match continues, at the
/// next launch, with the board it had.
#[test]
fn a_killed_game_continues_where_it_was() {
    assert!(
        on_path("Xvfb"),
        "Xvfb is missing: the README's test command installs it"
    );
    let dir: PathBuf = std::env::temp_dir().join(format!("entropy-crash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (mut server, display) = start_xvfb("1280x800");
    let log = dir.join("continue.log");
    let start = |script: &str, out: &Path| {
        Command::new(env!("CARGO_BIN_EXE_entropy"))
            .env("DISPLAY", &display)
            .env("ENTROPY_SCRIPT", script)
            .env("ENTROPY_MEASURE_OUT", out)
            .env("ENTROPY_PREFS_DIR", dir.join("prefs"))
            .env("ENTROPY_DATA_DIR", dir.join("data"))
            .stdout(Stdio::null())
            .stderr(File::create(&log).unwrap())
            .spawn()
            .expect("the game starts")
    };
    let played = dir.join("played.txt");
    let mut game = start("crash-play", &played);
    let deadline = Instant::now() + Duration::from_secs(300);
    while !played.exists() {
        assert!(Instant::now() < deadline, "the game never wrote its board");
        assert!(game.try_wait().unwrap().is_none(), "the game stopped by itself");
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_millis(300));
    game.kill().unwrap();
    let _ = game.wait();
    let resumed = dir.join("resumed.txt");
    let mut game = start("crash-continue", &resumed);
    let status = loop {
        if let Some(status) = game.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the game did not finish");
        std::thread::sleep(Duration::from_millis(100));
    };
    let _ = server.kill();
    let _ = server.wait();
    assert!(
        status.success(),
        "the continued game failed ({status}): {}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );
    let (before, after) = (
        std::fs::read_to_string(&played).unwrap(),
        std::fs::read_to_string(&resumed).unwrap(),
    );
    assert!(
        before.contains('.') && before.chars().any(|c| c.is_ascii_digit()),
        "{before}"
    );
    assert_eq!(after, before, "the continued match has the board that was played");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The release game under an X server of its own, with a scripted run,
/// its files in `dir` and its log in `log`.
fn start_game(display: &str, dir: &Path, script: &str, out: &Path, log: &Path) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_entropy"))
        .env("DISPLAY", display)
        .env("ENTROPY_SCRIPT", script)
        .env("ENTROPY_MEASURE_OUT", out)
        .env("ENTROPY_PREFS_DIR", dir.join("prefs"))
        .env("ENTROPY_DATA_DIR", dir.join("data"))
        .stdout(Stdio::null())
        .stderr(File::create(log).unwrap())
        .spawn()
        .expect("the game starts")
}

/// Waits for the scripted run to write `marker`.
fn wait_for_marker(game: &mut std::process::Child, marker: &Path, log: &Path) {
    let deadline = Instant::now() + Duration::from_secs(600);
    while !marker.exists() {
        assert!(
            Instant::now() < deadline,
            "the game never wrote {}: {}",
            marker.display(),
            std::fs::read_to_string(log).unwrap_or_default()
        );
        if let Some(status) = game.try_wait().unwrap() {
            panic!(
                "the game stopped by itself ({status}): {}",
                std::fs::read_to_string(log).unwrap_or_default()
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A game killed with SIGKILL while the last round is being counted: at
/// the next launch the match is in the history, once, with the board that
/// was played, and there is no match to continue.
#[test]
fn a_game_killed_during_the_count_has_its_match_in_the_history() {
    assert!(
        on_path("Xvfb"),
        "Xvfb is missing: the README's test command installs it"
    );
    let dir: PathBuf = std::env::temp_dir().join(format!("entropy-count-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (mut server, display) = start_xvfb("1280x800");
    let (board, log) = (dir.join("board.txt"), dir.join("count.log"));
    let mut game = start_game(&display, &dir, "crash-count", &board, &log);
    wait_for_marker(&mut game, &board, &log);
    game.kill().unwrap();
    let _ = game.wait();
    let _ = server.kill();
    let _ = server.wait();
    let played = std::fs::read_to_string(&board).unwrap();
    // Launched again (twice): the match is in the history, once.
    for launch in 0..2 {
        let mut app = bevy::prelude::App::new();
        app.add_plugins((
            bevy::prelude::MinimalPlugins,
            bevy::state::app::StatesPlugin,
            bevy::input::InputPlugin,
            entropy::CorePlugin {
                folders: entropy::app::Folders {
                    preferences: Some(dir.join("prefs")),
                    data: Some(dir.join("data")),
                },
            },
        ));
        app.update();
        let saved = app.world().resource::<entropy::solomon::saved::SavedMatch>();
        assert!(!saved.resumable(), "launch {launch}: no match to continue");
        let history = app.world().resource::<entropy::history::History>();
        assert_eq!(history.entries.len(), 1, "launch {launch}: kept once");
        let file = history.entries[0].rounds().cloned().expect("a readable match file");
        assert!(matches!(file.ending(), Some(entropy_rules::Ending::Played(_))));
        let game = file.replay().unwrap();
        assert_eq!(game.round().board().to_string(), played, "the board that was played");
        assert!(!dir.join("data/match.ron").exists());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// SIGTERM in the middle of a match ends the game the way closing its
/// window does: it exits by itself, and the next launch continues the
/// match with the board it had.
#[test]
fn sigterm_ends_the_game_like_closing_its_window() {
    assert!(
        on_path("Xvfb"),
        "Xvfb is missing: the README's test command installs it"
    );
    let dir: PathBuf = std::env::temp_dir().join(format!("entropy-sigterm-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (mut server, display) = start_xvfb("1280x800");
    let (played, log) = (dir.join("played.txt"), dir.join("term.log"));
    let mut game = start_game(&display, &dir, "crash-play", &played, &log);
    wait_for_marker(&mut game, &played, &log);
    let status = Command::new("kill")
        .args(["-TERM", &game.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(status) = game.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = game.kill();
            panic!("the game did not end on SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let text = std::fs::read_to_string(&log).unwrap_or_default();
    // Exited by itself (with 128 + SIGTERM), not killed by the signal.
    assert_eq!(status.code(), Some(143), "{status}: {text}");
    assert!(!text.contains("panicked"), "{text}");
    let resumed = dir.join("resumed.txt");
    let mut game = start_game(&display, &dir, "crash-continue", &resumed, &dir.join("continue.log"));
    let deadline = Instant::now() + Duration::from_secs(300);
    let status = loop {
        if let Some(status) = game.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the continued game did not finish");
        std::thread::sleep(Duration::from_millis(100));
    };
    let _ = server.kill();
    let _ = server.wait();
    assert!(status.success(), "the continued game failed ({status})");
    assert_eq!(
        std::fs::read_to_string(&resumed).unwrap(),
        std::fs::read_to_string(&played).unwrap(),
        "the match continues with the board it had"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Online play through a server of the scripted run's own, with bots
/// (`src/dev/online.rs`): the sign-in form, a server hosted here, the
/// on-screen keyboard, the lobby, a rated match on the board with a
/// spectator, its pause menu, its result with the ratings' change, a
/// takeback asked in a simultaneous match and that match, a game watched,
/// My games, the title saying a move is waited for, and the connection
/// lost in a game and in the lobby; at 1280×720, 1920×1080 and 800×600.
#[test]
fn the_online_screens_show() {
    let dir: PathBuf = std::env::temp_dir().join(format!("entropy-online-shots-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    run_game(&dir, "online", &[]);
    run_game_on(&dir, "online-large", &["--window", "1920x1080"], "1920x1200");
    run_game_on(&dir, "online-small", &["--window", "800x600"], "1024x768");
    use entropy::ui::theme::ui;
    let screens = [
        "online_sign_in",
        "online_hosting",
        "online_keyboard",
        "online_lobby",
        "online_playing",
        "online_pause",
        "online_over",
        "online_takeback",
        "online_simultaneous",
        "online_watching",
        "online_my_games",
        "online_title",
        "online_lost",
        "online_lost_seeks",
    ];
    let names: Vec<String> = screens
        .iter()
        .flat_map(|s| [s.to_string(), format!("{s}_large"), format!("{s}_small")])
        .collect();
    // (The pause menu dims the board under it.)
    let boards = ["playing", "over", "takeback", "simultaneous", "watching", "lost"];
    for name in &names {
        let shot = load(&dir.join(format!("{name}.png")));
        let size = if name.ends_with("_large") {
            (1920, 1080)
        } else if name.ends_with("_small") {
            (800, 600)
        } else {
            (1280, 720)
        };
        assert_eq!((shot.width, shot.height), size, "{name}: the window's size");
        assert!(shot.contrast() > 6.0, "{name} looks blank");
        let stem = name.trim_end_matches("_large").trim_end_matches("_small");
        if boards.iter().any(|b| stem == format!("online_{b}")) {
            let tray = theme_colour(entropy::ui::theme::TRAY);
            let near =
                |[r, g, b]: [u8; 3]| r.abs_diff(tray[0]) <= 3 && g.abs_diff(tray[1]) <= 3 && b.abs_diff(tray[2]) <= 3;
            assert!(shot.share(near) > 0.02, "{name}: a board on the table");
            assert!(
                panel_rows(&shot, shot.width as usize - 6) > shot.height as usize / 2,
                "{name}: the side panel"
            );
        }
        if ["sign_in", "lobby", "my_games", "keyboard", "title", "over", "pause"]
            .iter()
            .any(|s| name.contains(s))
        {
            assert!(share_of(&shot, ui::FOCUS) > 0.0004, "{name}: a focus ring");
        }
        if name.contains("lost") {
            assert!(
                share_of(&shot, ui::WARNING) > 0.0004,
                "{name}: the loss said in the warning's colour"
            );
        }
    }
    if let Some(keep) = std::env::var_os("ENTROPY_KEEP_SHOTS") {
        std::fs::create_dir_all(&keep).unwrap();
        for name in &names {
            std::fs::copy(
                dir.join(format!("{name}.png")),
                Path::new(&keep).join(format!("{name}.png")),
            )
            .unwrap();
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
