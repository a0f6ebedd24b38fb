//! What the real game's probe (`ENTROPY_PROBE`, `src/dev/probe.rs`) says
//! its screen holds, read one way for every test that drives the game by
//! it: the screen, its dialog, whether it is still, the game's facts, and
//! every control with where it is drawn.

use std::collections::HashMap;

/// A screen as the probe wrote it.
#[derive(Debug, Default, Clone)]
pub struct Probe {
    /// What the probe wrote, whole (for a test's failure message).
    pub text: String,
    /// The frame it was written in.
    pub frame: u64,
    /// The frame asked for no other: the screen stays as it is until the next input.
    pub still: bool,
    /// Some frame was asked for later (a clock's second, the title board's next move).
    pub asked: bool,
    /// The screen.
    pub screen: String,
    /// The dialog over it (`None`, or `Some(Pause)` and the like).
    pub overlay: String,
    /// The game's facts (the phase, the moves played, …).
    pub facts: HashMap<String, String>,
    /// The buttons, in the order they were drawn.
    pub buttons: Vec<Button>,
    /// A choice row's value, by its label.
    pub values: HashMap<String, String>,
    /// Where each cell or square is, by its name.
    pub places: HashMap<String, (i32, i32)>,
    /// The controls drawn with the focus.
    pub focus: Vec<String>,
}

/// A button as the probe wrote it.
#[derive(Debug, Clone)]
pub struct Button {
    /// Its words.
    pub label: String,
    /// Its centre, in the window's pixels.
    pub at: (i32, i32),
    /// It can be pressed.
    pub enabled: bool,
    /// It is drawn as the main one (a menu's focused entry).
    pub main: bool,
}

impl Probe {
    /// Reads what the probe wrote.
    pub fn parse(text: &str) -> Probe {
        let mut probe = Probe {
            text: text.to_string(),
            ..Probe::default()
        };
        for line in text.lines() {
            let fields: Vec<&str> = line.split('\t').collect();
            let number = |i: usize| fields.get(i).and_then(|f| f.parse::<i32>().ok()).unwrap_or(-1);
            match fields.as_slice() {
                ["frame", n] => probe.frame = n.parse().unwrap_or(0),
                ["still", s] => probe.still = *s == "1",
                ["asked", ..] => probe.asked = true,
                ["screen", s] => probe.screen = s.to_string(),
                ["overlay", o] => probe.overlay = o.to_string(),
                ["fact", name, value] => {
                    probe.facts.insert(name.to_string(), value.to_string());
                }
                ["button", label, _, _, enabled, main] => probe.buttons.push(Button {
                    label: label.to_string(),
                    at: (number(2), number(3)),
                    enabled: *enabled == "enabled",
                    main: *main == "main",
                }),
                ["value", label, value] => {
                    probe.values.insert(label.to_string(), value.to_string());
                }
                ["value", label] => {
                    probe.values.insert(label.to_string(), String::new());
                }
                ["cell" | "square", name, _, _] => {
                    probe.places.insert(name.to_string(), (number(2), number(3)));
                }
                ["focus", label] => probe.focus.push(label.to_string()),
                _ => {}
            }
        }
        probe
    }

    /// The button of `label` drawn last (a dialog's, over the screen's).
    pub fn button(&self, label: &str) -> Option<&Button> {
        self.buttons.iter().rev().find(|b| b.label == label)
    }

    /// The button of `label` that can be pressed, drawn last (a dialog's
    /// over the screen's, whose own rest under it).
    pub fn enabled(&self, label: &str) -> Option<&Button> {
        self.buttons.iter().rev().find(|b| b.label == label && b.enabled)
    }

    /// Whether a button `label` is there and can be pressed.
    pub fn has(&self, label: &str) -> bool {
        self.enabled(label).is_some()
    }

    /// The fact `name`, or "".
    pub fn fact(&self, name: &str) -> &str {
        self.facts.get(name).map_or("", String::as_str)
    }

    /// The fact `name` as a number (`usize::MAX` when it is none).
    pub fn number(&self, name: &str) -> usize {
        self.fact(name).parse().unwrap_or(usize::MAX)
    }

    /// The value of the choice row `label`, or "".
    pub fn value(&self, label: &str) -> &str {
        self.values.get(label).map_or("", String::as_str)
    }

    /// Whether `overlay` is the dialog shown.
    pub fn in_overlay(&self, overlay: &str) -> bool {
        self.overlay == format!("Some({overlay})")
    }

    /// Whether no dialog is shown.
    pub fn no_overlay(&self) -> bool {
        self.overlay == "None"
    }
}
