//! A real hand on the real game, for the tests that click: the native game
//! under xdotool on its X server ([`RealGame`]) or the web game in a
//! headless Chromium (`browser.rs`), both [`Driven`]: onto a control by its
//! label as the probe says where it is, once it holds its place, until what
//! it should do is done; a cell of the board; a text field typed into.

#![allow(dead_code)]

use std::time::{Duration, Instant};

use super::probe::{Button, Probe as Shown};
use super::xserver::{RealGame, xdotool};

/// The longest anything may take to show (a match between computers, a
/// page compiling its WebAssembly on a loaded machine): a test waits for
/// each thing to happen, and this bounds only a test that hangs.
pub const PATIENCE: Duration = Duration::from_secs(240);

/// A game a test drives as a player would, reading its probe.
pub trait Driven {
    /// The screen as the probe wrote it last.
    fn now(&mut self) -> Shown;

    /// Fails the test if the game has stopped.
    fn still_running(&mut self);

    /// Fails the test saying `what`, with what the game said and showed.
    fn fail_with(&mut self, what: &str) -> !;

    /// The pointer moves onto `at`, in the window's pixels, and clicks.
    fn click_at(&mut self, at: (i32, i32));

    /// Deletes what the focused text field holds, `held` characters, a key
    /// at a time from its end.
    fn erase(&mut self, held: usize);

    /// Types `text` on the keyboard.
    fn type_text(&mut self, text: &str);

    /// Waits until `done` holds of the screen, for as long as `limit`
    /// (`None` after that); fails if the game stops first.
    fn within(&mut self, limit: Duration, done: &dyn Fn(&Shown) -> bool) -> Option<Shown> {
        let deadline = Instant::now() + limit;
        loop {
            let shown = self.now();
            if done(&shown) {
                return Some(shown);
            }
            if Instant::now() > deadline {
                return None;
            }
            self.still_running();
            std::thread::sleep(Duration::from_millis(40));
        }
    }

    /// Waits until `done` holds of the screen; fails saying `what` was
    /// awaited after [`PATIENCE`].
    fn until(&mut self, what: &str, done: impl Fn(&Shown) -> bool) -> Shown {
        match self.within(PATIENCE, &done) {
            Some(shown) => shown,
            None => self.fail_with(&format!("never came: {what}")),
        }
    }

    /// Clicks what `find` finds on the screen, until `done` holds: the
    /// click is tried again (three times at most) only when nothing came of
    /// it, as a player would on a game that missed a click.
    fn click_until(
        &mut self,
        what: &str,
        find: impl Fn(&Shown) -> Option<(i32, i32)>,
        done: impl Fn(&Shown) -> bool,
    ) -> Shown {
        for attempt in 0..3 {
            let at = self.steady(what, &find);
            eprintln!("click {what} at {at:?} (try {})", attempt + 1);
            self.click_at(at);
            if let Some(shown) = self.within(Duration::from_secs(20), &done) {
                return shown;
            }
        }
        self.fail_with(&format!("clicking {what} did nothing"))
    }

    /// Where `find` finds something, once it holds its place: a dialog
    /// moves once egui knows its size, and the board takes its place once
    /// the window's layout settles. The game draws only when something
    /// changes, so a frame that asked for no other is the screen as it
    /// stays; while something moves (the count, with its Skip), the place
    /// must have held for a few frames.
    fn steady(&mut self, what: &str, find: &impl Fn(&Shown) -> Option<(i32, i32)>) -> (i32, i32) {
        let mut since: Option<((i32, i32), u64)> = None;
        loop {
            let shown = self.until(&format!("{what} to click"), |s| find(s).is_some());
            let at = find(&shown).unwrap();
            match since {
                _ if shown.still => return at,
                Some((place, frame)) if place == at && shown.frame >= frame + 3 => return at,
                Some((place, _)) if place == at => {}
                _ => since = Some((at, shown.frame)),
            }
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// Clicks the button `label`, until `done` holds.
    fn press(&mut self, label: &str, done: impl Fn(&Shown) -> bool) -> Shown {
        self.click_until(
            &format!("the button {label:?}"),
            |s| s.enabled(label).map(|b| b.at),
            done,
        )
    }

    /// Clicks the cell or square `name` of the board once nothing on it
    /// moves (the board takes no input while a move is still moving), until
    /// `done` holds.
    fn click_place(&mut self, name: &str, done: impl Fn(&Shown) -> bool) -> Shown {
        let name = name.to_string();
        self.click_until(
            &format!("the square {name}"),
            move |s| s.places.get(&name).copied().filter(|_| s.fact("still") == "true"),
            done,
        )
    }

    /// Both arrows of every choice row on screen: `›` changes the value, `‹` brings it back.
    fn both_arrows_of_every_row(&mut self, skip: &[&str]) {
        let shown = self.until("rows with arrows", |s| {
            s.buttons.iter().any(|b| b.label.starts_with("› "))
        });
        let mut rows: Vec<String> = shown
            .buttons
            .iter()
            .filter_map(|b| b.label.strip_prefix("› ").map(str::to_string))
            .filter(|r| !skip.contains(&r.as_str()))
            .collect();
        rows.dedup();
        assert!(!rows.is_empty(), "rows with arrows on screen:\n{}", shown.text);
        for row in rows {
            let before = self.now().value(&row).to_string();
            self.press(&format!("› {row}"), |s| s.value(&row) != before);
            self.press(&format!("‹ {row}"), |s| s.value(&row) == before);
        }
    }

    /// Every option of the segmented row `row`, then back to the one chosen.
    fn every_option_of(&mut self, row: &str) {
        let prefix = format!("{row}: ");
        let shown = self.until(&format!("{row}'s options"), |s| {
            s.buttons.iter().any(|b| b.label.starts_with(&prefix))
        });
        let options: Vec<Button> = shown
            .buttons
            .iter()
            .filter(|b| b.label.starts_with(&prefix))
            .cloned()
            .collect();
        assert!(options.len() > 1, "{row}'s options on screen:\n{}", shown.text);
        let chosen = options
            .iter()
            .find(|b| b.main)
            .expect("one option chosen")
            .label
            .clone();
        for option in options.iter().map(|b| b.label.clone()).chain([chosen]) {
            self.press(&option, |s| s.button(&option).is_some_and(|b| b.main));
        }
    }

    /// `› row` until the row says `value`.
    fn choose(&mut self, row: &str, value: &str) {
        let arrow = format!("› {row}");
        for _ in 0..6 {
            // The row as drawn (a screen's first frame may not show it yet).
            let shown = self.until(&format!("the row {row}"), |s| s.has(&arrow));
            let now = shown.value(row).to_string();
            if now == value {
                return;
            }
            self.press(&arrow, |s| s.has(&arrow) && s.value(row) != now);
        }
        self.fail_with(&format!("{row} never said {value}"))
    }
}

impl Driven for RealGame {
    fn now(&mut self) -> Shown {
        RealGame::now(self)
    }

    fn still_running(&mut self) {
        if let Some(status) = self.game.try_wait().expect("the game can be waited for") {
            self.fail_with(&format!("the game stopped ({status})"));
        }
    }

    fn fail_with(&mut self, what: &str) -> ! {
        RealGame::fail_with(self, what)
    }

    /// The pointer moves onto `at` (as a hand would, from a little away) and clicks.
    fn click_at(&mut self, at: (i32, i32)) {
        let (x, y) = (at.0.to_string(), at.1.to_string());
        let (near_x, near_y) = ((at.0 + 7).to_string(), (at.1 + 5).to_string());
        xdotool(
            &self.display,
            &["mousemove", "--window", &self.window, &near_x, &near_y],
        );
        std::thread::sleep(Duration::from_millis(60));
        xdotool(&self.display, &["mousemove", "--window", &self.window, &x, &y]);
        std::thread::sleep(Duration::from_millis(120));
        // A press held as long as a hand holds it.
        xdotool(&self.display, &["mousedown", "1"]);
        std::thread::sleep(Duration::from_millis(90));
        xdotool(&self.display, &["mouseup", "1"]);
    }

    fn erase(&mut self, held: usize) {
        if held > 0 {
            xdotool(&self.display, &["key", "--window", &self.window, "End"]);
            let held = held.to_string();
            xdotool(
                &self.display,
                &["key", "--window", &self.window, "--repeat", &held, "BackSpace"],
            );
        }
    }

    fn type_text(&mut self, text: &str) {
        xdotool(&self.display, &["type", "--window", &self.window, text]);
    }
}

impl RealGame {
    /// Presses the key `key` (an X key name), until `done` holds.
    pub fn key_until(&mut self, key: &str, done: impl Fn(&Shown) -> bool) -> Shown {
        for _ in 0..3 {
            xdotool(&self.display, &["key", "--window", &self.window, key]);
            if let Some(shown) = self.within(Duration::from_secs(20), &done) {
                return shown;
            }
        }
        self.fail_with(&format!("the key {key} did nothing"))
    }
}

/// Clicks the text field `label`, empties it and types `text`, until the
/// field says so.
pub fn type_into(game: &mut impl Driven, label: &str, text: &str) {
    game.click_until(
        &format!("the field {label:?}"),
        |s| s.button(label).map(|b| b.at),
        |s| s.focus.iter().any(|f| f == label),
    );
    let held = game.now().value(label).chars().count();
    if held > 0 {
        game.erase(held);
        game.until(&format!("{label} emptied"), |s| s.value(label).is_empty());
    }
    game.type_text(text);
    let shown = if label == "Password" {
        "•".repeat(text.chars().count())
    } else {
        text.to_string()
    };
    game.until(&format!("{text:?} in {label}"), |s| s.value(label) == shown);
}

/// Whether the game's match is on the table, waiting for this person's
/// move with the board still.
pub fn my_turn(s: &Shown) -> bool {
    s.screen == "Playing" && s.fact("person") == "true" && s.fact("still") == "true"
}

/// One turn of the person's, by the pointer, if one is waited for now and
/// no takeback of the opponent's waits for an answer: the count skipped
/// (and round 2 started, at one screen), an empty cell clicked as Chaos,
/// Pass as Order. Whether the match is over.
pub fn play_a_turn(game: &mut impl Driven) -> bool {
    let shown = game.now();
    if shown.screen == "MatchOver" {
        return true;
    }
    // Online, round 2 begins by itself once the count has been seen.
    let online = !shown.fact("online steps").is_empty();
    for between in ["Skip", "Start round 2"] {
        if shown.has(between) && !(online && between == "Start round 2") {
            game.press(between, |s| !s.has(between));
            return false;
        }
    }
    // An offer of the opponent's is answered first (a move would withdraw it).
    if !my_turn(&shown) || shown.has("Allow the takeback") {
        return false;
    }
    // Online, a move is made once the server has taken it; at one screen,
    // once the turn is played.
    let steps = shown.number("online steps");
    let (turns, round) = (shown.fact("turns").to_string(), shown.fact("round").to_string());
    let moved = move |s: &Shown| {
        s.screen != "Playing"
            || match online {
                true => s.number("online steps") > steps,
                false => s.fact("turns") != turns || s.fact("round") != round,
            }
    };
    if shown.fact("phase") == "Some(Placing)" {
        let cell = shown.fact("vacant").split(' ').next().unwrap_or_default().to_string();
        game.click_place(&cell, moved);
    } else if shown.has("Pass") {
        game.press("Pass", moved);
    }
    false
}

/// Plays the person's turns as [`play_a_turn`] does until `done` holds of
/// the screen; fails saying `what` was awaited after a match's length of
/// [`PATIENCE`].
pub fn play_until(game: &mut impl Driven, what: &str, done: impl Fn(&Shown) -> bool) -> Shown {
    let deadline = Instant::now() + PATIENCE * 3;
    loop {
        let shown = game.now();
        if done(&shown) {
            return shown;
        }
        if Instant::now() > deadline {
            game.fail_with(&format!("never came, playing on: {what}"));
        }
        play_a_turn(game);
        game.still_running();
        std::thread::sleep(Duration::from_millis(40));
    }
}
