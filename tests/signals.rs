//! A signal to end acts at once: SIGTERM or SIGHUP sent to the real game
//! (the release binary, under an X server of its own) while its screen is
//! still — the title, and a person's turn in a match, where the game sleeps
//! in the window system's event loop and nothing asks for a frame — ends
//! it by itself within moments, with 128 + the signal's number, and the
//! match is saved as it stood: the next launch continues it.
//!
//! Before, nothing woke the sleeping loop to read what the signal handler
//! had set, so the game acted only at the loop's 30-second safety net (or
//! the next input): a service manager or a desktop logging out would kill
//! it first, unsaved. `src/main.rs` now wakes the loop from a thread that
//! receives the signals.

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use common::clicks::{Driven, PATIENCE};
use common::xserver::{RealGame, on_path};
use common::*;
use entropy::app::Folders;
use entropy::solomon::saved::SavedMatch;
use entropy::ui::title::TitleMenu;

/// How soon after the signal the game must have exited. The game's event
/// loop wakes by itself at least every 30 s (its safety net), so a game
/// that nothing woke would take up to 30 s (about 16 s on average was
/// seen); this bound separates a woken game from one that was not, with
/// room for a busy machine. It is not a measure of speed: the time taken
/// is printed.
const WOKEN_WITHIN: Duration = Duration::from_secs(10);

/// What the probe said the screen holds.
type Shown = common::probe::Probe;

/// The release game with its probe, clicked by the pointer helpers of
/// `common::clicks`.
type Game = RealGame;

impl Game {
    /// Sends `signal` and waits for the game to end: its exit code and how
    /// long it took.
    fn signal_and_wait(&mut self, signal: &str) -> (Option<i32>, Duration) {
        let sent = Instant::now();
        let status =
            run_alone(Command::new("kill").args([&format!("-{signal}"), &self.game.id().to_string()])).unwrap();
        assert!(status.success(), "kill -{signal}");
        loop {
            if let Some(status) = self.game.try_wait().unwrap() {
                let took = sent.elapsed();
                use std::os::unix::process::ExitStatusExt;
                assert_eq!(status.signal(), None, "the game exited by itself, not by the signal");
                return (status.code(), took);
            }
            if sent.elapsed() > Duration::from_secs(60) {
                self.fail_with(&format!("the game did not end within a minute of SIG{signal}"));
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// Waits until the screen is still and has been for a moment: the game
/// sleeps in its event loop. `nothing_later`: nor has it asked for a frame
/// later, so only the loop's 30-second safety net would wake it.
fn sleeping(game: &mut Game, what: &str, nothing_later: bool, done: impl Fn(&Shown) -> bool) -> Shown {
    let deadline = Instant::now() + PATIENCE;
    loop {
        let shown = game.until(what, |s| done(s) && s.still && !(nothing_later && s.asked));
        // The probe is written in the frame's last system: a moment for the
        // loop to go to sleep, and no frame drawn meanwhile (the title's
        // board moves a counter now and then: then the next still moment).
        std::thread::sleep(Duration::from_millis(500));
        if game.now().text == shown.text {
            return shown;
        }
        if Instant::now() > deadline {
            game.fail_with(&format!("{what}: the screen never stayed still"));
        }
    }
}

/// A folder of its own for a case, named after the process (kept when the test fails).
fn case_folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("entropy-signals-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A match between two people at this screen, started from the title,
/// with Chaos's first counter placed by a click: then Order, a person, is
/// to move, and the screen is still.
fn to_a_persons_turn(game: &mut Game) -> String {
    game.press("New match", |s| s.screen == "Setup");
    game.choose("Play against", "A person here");
    game.press("Start match", |s| s.screen == "Playing");
    let shown = game.until("Chaos to place", |s| {
        s.still && s.fact("phase") == "Some(Placing)" && !s.fact("vacant").is_empty()
    });
    let cell = shown.fact("vacant").split(' ').next().unwrap().to_string();
    let at = *shown.places.get(&cell).expect("the cell is on screen");
    game.click_until(
        &format!("the cell {cell}"),
        |_| Some(at),
        |s| s.fact("turns") == "1" && s.fact("phase") == "Some(Sliding)",
    );
    cell
}

/// What the next launch finds in `dir`: the saved match's first round's moves, if any, and Continue.
fn saved_in(dir: &Path) -> (Option<String>, bool) {
    let app = core_app(Folders {
        preferences: Some(dir.join("prefs")),
        data: Some(dir.join("data")),
    });
    let saved = app.world().resource::<SavedMatch>();
    let moves = saved.data.as_ref().map(|d| {
        d.record.rounds[0]
            .iter()
            .map(|t| t.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    });
    let continues = app
        .world()
        .resource::<TitleMenu>()
        .shown()
        .iter()
        .any(|e| e.label == "Continue");
    (moves, continues)
}

#[test]
fn a_signal_to_end_acts_at_once_on_a_still_screen() {
    for program in ["Xvfb", "xdotool"] {
        assert!(
            on_path(program),
            "{program} is missing: the README's test command installs it"
        );
    }
    // One game at a time: the bound is about waking, not about a crowded machine.
    let mut report = Vec::new();

    // The title.
    let dir = case_folder("title");
    let mut game = Game::launch(&dir);
    sleeping(&mut game, "the title, still", false, |s| {
        s.screen == "Title" && s.has("New match")
    });
    let (code, took) = game.signal_and_wait("TERM");
    assert_eq!(code, Some(143), "{}", game.log_text());
    assert!(took < WOKEN_WITHIN, "SIGTERM at the title took {took:?}");
    report.push(format!("SIGTERM at the title: exited in {took:?}"));
    drop(game);
    let _ = std::fs::remove_dir_all(&dir);

    // A person's turn, nothing moving and no frame asked for: SIGTERM, then SIGHUP.
    for (signal, code_wanted) in [("TERM", 143), ("HUP", 129)] {
        let dir = case_folder(&signal.to_lowercase());
        let mut game = Game::launch(&dir);
        game.until("the title", |s| s.screen == "Title" && s.has("New match"));
        let cell = to_a_persons_turn(&mut game);
        sleeping(&mut game, "Order to move, still", true, |s| {
            s.fact("phase") == "Some(Sliding)" && s.fact("turns") == "1"
        });
        // The move was saved as it was made; that file goes, so what is
        // there after the exit was written as the game exited. (Comparing
        // the file's time with the signal's would not do: a file's time is
        // stamped from a coarser clock and may read a few milliseconds early.)
        let saved = dir.join("data/match.ron");
        assert!(saved.is_file(), "SIG{signal}: the move was saved as it was made");
        std::fs::remove_file(&saved).unwrap();
        let (code, took) = game.signal_and_wait(signal);
        let log = game.log_text();
        assert_eq!(code, Some(code_wanted), "SIG{signal}: {log}");
        assert!(!log.contains("panicked"), "{log}");
        assert!(took < WOKEN_WITHIN, "SIG{signal} at a person's turn took {took:?}");
        report.push(format!("SIG{signal} at a person's turn: exited in {took:?}"));
        drop(game);
        // Saved as the game exited (after the signal): the first signal ends
        // the game the gentle way, not at once as a second would.
        assert!(
            saved.is_file(),
            "SIG{signal}: the match was not saved as the game exited"
        );
        // Saved as it stood: the next launch continues it, Chaos's counter on its cell.
        let (moves, continues) = saved_in(&dir);
        let moves = moves.unwrap_or_else(|| panic!("SIG{signal}: no match saved"));
        assert!(
            moves.contains(&cell),
            "SIG{signal}: the saved moves {moves:?} place on {cell}"
        );
        assert!(continues, "SIG{signal}: the title offers Continue");
        let _ = std::fs::remove_dir_all(&dir);
    }
    eprintln!("{}", report.join("\n"));
}
