//! The keyboard first: a menu's focus is where the keys left it, wherever
//! the pointer rests, and only the focused entry looks chosen.
//!
//! - Headless: a pointer that the window system reports over the title's
//!   third entry, and that has not moved, takes no focus; moving onto an
//!   entry does; a report of the same place again (as when the window
//!   takes the keyboard) does not take back a focus the keys moved.
//! - The real game under an X server of its own (issue 43): the X pointer
//!   rests over the title's third entry before the window appears, as
//!   Xvfb's pointer does at the screen's centre; at first launch the focus
//!   is on the first entry, and Down, Return, Return, with nothing but the
//!   keyboard, start a new match of Solomon's game. The probe
//!   (`ENTROPY_PROBE`, `src/dev/probe.rs`) says which control has the focus
//!   and which buttons are drawn as the main one.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use bevy::prelude::*;
use common::clicks::Driven;
use common::xserver::{RealGame, on_path, start_xvfb, xdotool};
use common::*;
use entropy::ui::navigation::Focus;
use entropy::ui::theme::controls::{self, Record};
use entropy::ui::title::TitleMenu;

// ---------------------------------------------------------------- headless

/// The title's entries drawn as the main one (gold).
fn lit(record: &Record, entries: &[String]) -> Vec<String> {
    record
        .controls
        .iter()
        .filter(|c| c.main && entries.contains(&c.label))
        .map(|c| c.label.clone())
        .collect()
}

fn focus(app: &App) -> usize {
    app.world().resource::<Focus>().index
}

#[test]
fn a_resting_pointer_takes_no_focus_and_a_moving_one_does() {
    controls::record();
    let mut app = window_app("keyboard-first");
    wait_for(&mut app, Shown::Title);
    for _ in 0..3 {
        app.update();
    }
    let entries: Vec<String> = app
        .world()
        .resource::<TitleMenu>()
        .shown()
        .iter()
        .map(|e| e.label.to_string())
        .collect();
    assert!(entries.len() >= 3, "the title's entries: {entries:?}");
    let (record, zoom) = next_drawn(&mut app);
    let third = record
        .controls
        .iter()
        .find(|c| c.label == entries[2])
        .unwrap_or_else(|| panic!("{} drawn", entries[2]))
        .rect
        .center();
    let third = Vec2::new(third.x, third.y) * zoom;

    // The window system's first report of the pointer: over the third
    // entry, where it rests for many frames.
    move_to(&mut app, third);
    for _ in 0..20 {
        app.update();
    }
    assert_eq!(focus(&app), 0, "a pointer at rest takes no focus");
    let (record, _) = next_drawn(&mut app);
    assert_eq!(record.focused, vec![entries[0].clone()], "the first entry is focused");
    assert_eq!(
        lit(&record, &entries),
        vec![entries[0].clone()],
        "only the focused entry looks chosen"
    );

    // The pointer moves a little, within the third entry: it takes the focus.
    let moved = third + Vec2::new(6.0, 2.0);
    move_to(&mut app, moved);
    assert_eq!(focus(&app), 2, "a pointer moving over an entry takes the focus");
    let (record, _) = next_drawn(&mut app);
    assert_eq!(record.focused, vec![entries[2].clone()]);
    assert_eq!(lit(&record, &entries), vec![entries[2].clone()]);

    // Up: the keys move the focus away from under the pointer, and the same
    // place reported again (the window taking the keyboard) leaves it there.
    key(&mut app, KeyCode::ArrowUp);
    assert_eq!(focus(&app), 1, "Up moves the focus to the second entry");
    move_to(&mut app, moved);
    for _ in 0..5 {
        app.update();
    }
    assert_eq!(focus(&app), 1, "the pointer at rest does not take the focus back");
    let (record, _) = next_drawn(&mut app);
    assert_eq!(record.focused, vec![entries[1].clone()]);
    assert_eq!(
        lit(&record, &entries),
        vec![entries[1].clone()],
        "the entry under the pointer does not look chosen"
    );
}

// ---------------------------------------------------------------- the real game

use common::probe::Probe;

impl Probe {
    /// The title's entries, top to bottom (the buttons of the title's menu
    /// column: all the title draws, but a notice's OK).
    fn title_entries(&self) -> Vec<common::probe::Button> {
        self.buttons.iter().filter(|b| b.label != "OK").cloned().collect()
    }

    fn at_title(&self) -> bool {
        self.screen == "Title" && self.overlay == "None" && self.title_entries().len() >= 3
    }

    /// The labels of the buttons drawn as the main one among `labels`.
    fn main_among(&self, labels: &[String]) -> Vec<String> {
        self.buttons
            .iter()
            .filter(|b| b.main && labels.contains(&b.label))
            .map(|b| b.label.clone())
            .collect()
    }
}

/// The release game with its probe, read here as a [`Probe`].
type Game = RealGame;

impl Game {
    /// The game at its first launch in `dir`, the X pointer put at
    /// `pointer` (the screen's pixels) before its window appears.
    fn launch_with_pointer(dir: &Path, pointer: Option<(i32, i32)>) -> Game {
        std::fs::create_dir_all(dir).unwrap();
        let (server, display) = start_xvfb("1280x800");
        // A client that holds the pointer where it was put: the X server
        // starts afresh, its pointer back at the centre, when its last
        // client leaves.
        let holder = pointer.map(|(x, y)| {
            let holder = spawn_alone(
                Command::new("xdotool")
                    .args(["mousemove", &x.to_string(), &y.to_string(), "sleep", "100000"])
                    .env("DISPLAY", &display)
                    .stdout(Stdio::null()),
            )
            .expect("xdotool runs");
            let deadline = Instant::now() + Duration::from_secs(60);
            while pointer_at(&display) != (x, y) {
                assert!(Instant::now() < deadline, "the pointer never went to {x}, {y}");
                std::thread::sleep(Duration::from_millis(20));
            }
            holder
        });
        RealGame::launch_on(server, display, holder.into_iter().collect(), dir)
    }

    /// Waits until the screen `done` holds of has been drawn and stays: a
    /// frame that asked for no other, or ten more frames of it (the title's
    /// living board keeps drawing), so that whatever the pointer would do
    /// to it has been done.
    fn settled(&mut self, what: &str, done: impl Fn(&Probe) -> bool) -> Probe {
        let first = self.until(what, &done);
        self.until(what, |p| done(p) && (p.still || p.frame >= first.frame + 10))
    }

    /// Presses the key `key` (an X key name) once.
    fn key(&self, key: &str) {
        xdotool(&self.display, &["key", "--window", &self.window, key]);
    }

    /// The game's window's place on the screen.
    fn origin(&self) -> (i32, i32) {
        let shell = xdotool(&self.display, &["getwindowgeometry", "--shell", &self.window]);
        let get = |name: &str| {
            shell
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{name}=")))
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or_else(|| panic!("the window's {name}: {shell}"))
        };
        (get("X"), get("Y"))
    }
}

/// Where the X pointer is on the screen of `display`.
fn pointer_at(display: &str) -> (i32, i32) {
    let shell = xdotool(display, &["getmouselocation", "--shell"]);
    let get = |name: &str| {
        shell
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name}=")))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or_else(|| panic!("the pointer's {name}: {shell}"))
    };
    (get("X"), get("Y"))
}

#[test]
fn the_first_minute_by_the_keyboard_alone_with_the_pointer_over_the_menu() {
    for program in ["Xvfb", "xdotool"] {
        assert!(
            on_path(program),
            "{program} is missing: the README's test command installs it"
        );
    }
    let dir = std::env::temp_dir().join(format!("entropy-keyboard-first-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);

    // Where the title's third entry stands at first launch, on the screen:
    // from a first launch with the pointer out of the way.
    let (third, at) = {
        let mut game = Game::launch_with_pointer(&dir.join("measure"), Some((0, 0)));
        let title = game.settled("the title", Probe::at_title);
        let entries = title.title_entries();
        let common::probe::Button { label, at: (x, y), .. } = entries[2].clone();
        let (ox, oy) = game.origin();
        (label, (ox + x, oy + y))
    };

    // The first launch played: the pointer rests there before the window appears.
    let mut game = Game::launch_with_pointer(&dir.join("play"), Some(at));
    let title = game.settled("the title", Probe::at_title);
    let entries = title.title_entries();
    let labels: Vec<String> = entries.iter().map(|e| e.label.clone()).collect();
    let (ox, oy) = game.origin();
    let (px, py) = pointer_at(&game.display);
    let over = entries
        .iter()
        .find(|e| e.label == third)
        .unwrap_or_else(|| panic!("{third} on the title: {}", title.text));
    assert_eq!(
        (px - ox, py - oy),
        over.at,
        "the pointer rests on {third}, the third entry:\n{}",
        title.text
    );
    assert_eq!(
        labels[..2],
        ["Tutorial".to_string(), "New match".to_string()],
        "a first launch offers the tutorial first, then a new match:\n{}",
        title.text
    );
    assert_eq!(
        title.focus,
        vec![labels[0].clone()],
        "the focus starts on the first entry, whatever the pointer rests on:\n{}",
        title.text
    );
    assert_eq!(
        title.main_among(&labels),
        vec![labels[0].clone()],
        "only the focused entry looks chosen:\n{}",
        title.text
    );

    // Down: New match, and only it looks chosen.
    game.key("Down");
    let title = game.until("New match focused", |p| p.at_title() && p.focus == [labels[1].clone()]);
    assert_eq!(title.main_among(&labels), vec![labels[1].clone()], "{}", title.text);

    // Return: the setup, Start match focused (the pointer still at rest over it).
    game.key("Return");
    let setup = game.settled("the setup", |p| p.screen == "Setup" && p.overlay == "None");
    assert_eq!(
        setup.focus,
        vec!["Start match".to_string()],
        "the setup opens on Start match:\n{}",
        setup.text
    );
    let drawn_main: Vec<String> = setup
        .buttons
        .iter()
        .filter(|b| b.main && !b.label.contains(": "))
        .map(|b| b.label.clone())
        .collect();
    assert_eq!(
        drawn_main,
        ["Start match"],
        "only the focused button looks chosen:\n{}",
        setup.text
    );

    // Return: a new match of Solomon's game, its first round, no move yet.
    game.key("Return");
    let playing = game.until("a new match", |p| {
        p.screen == "Playing" && p.fact("round") == "0" && p.fact("turns") == "0"
    });
    assert_eq!(
        playing.fact("tutorial"),
        "",
        "a match, not the tutorial:\n{}",
        playing.text
    );

    drop(game);
    let _ = std::fs::remove_dir_all(&dir);
}
