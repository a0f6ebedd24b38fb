//! The on-screen keyboard: how a gamepad types into a text field (a
//! server's address, a name, a password). A screen opens it over itself
//! for one of its fields ([`OnScreenKeyboard::open`], when A is pressed on
//! the field), and takes the text back when it is done
//! ([`OnScreenKeyboard::take`]). The d-pad or the stick moves among the
//! keys, A types the key, B deletes the last character, Y changes the
//! case, X types a space, Start (or the Done key) is done. The mouse
//! clicks the keys too.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::ui::menus::MenuKeys;
use crate::ui::navigation::Nav;
use crate::ui::overlays::{Overlay, OverlayCommand, Overlays};
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OnScreenKeyboard>();
    crate::ui::overlays::add_dialog(app, Overlay::Keyboard, navigate, draw);
}

/// The rows of characters, then the row of the keys that act.
const ROWS: [&str; 4] = ["1234567890", "qwertyuiop", "asdfghjkl-", "zxcvbnm_.:/"];

/// The keys that act, on the last row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    Shift,
    Space,
    Delete,
    Done,
}

/// The last row's keys and their labels.
pub const SPECIALS: [(Special, &str); 4] = [
    (Special::Shift, "Shift"),
    (Special::Space, "Space"),
    (Special::Delete, "Delete"),
    (Special::Done, "Done"),
];

/// A key of the keyboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    Char(char),
    Special(Special),
}

/// The keyboard: the field it types into, the text so far, and the key
/// the cursor is on.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct OnScreenKeyboard {
    /// The field typed into (its label), while the keyboard is open.
    field: Option<&'static str>,
    text: String,
    limit: usize,
    hidden: bool,
    shift: bool,
    /// The cursor: a row (the last is the acting keys' row) and a column.
    cursor: (usize, usize),
    /// The text typed into a field, once done, until its screen takes it.
    done: Option<(&'static str, String)>,
}

impl OnScreenKeyboard {
    /// Opens the keyboard over the screen for the field `field` (its
    /// label), holding `text` to begin with; `spec` limits it.
    pub fn open(
        &mut self,
        field: &'static str,
        text: &str,
        spec: widgets::Field,
        overlays: &mut MessageWriter<OverlayCommand>,
    ) {
        self.prepare(field, text, spec);
        overlays.write(OverlayCommand::Open(Overlay::Keyboard));
    }

    /// Readies the keyboard for the field `field` holding `text`, for the
    /// caller to open its dialog ([`Overlay::Keyboard`]).
    pub fn prepare(&mut self, field: &'static str, text: &str, spec: widgets::Field) {
        *self = OnScreenKeyboard {
            field: Some(field),
            text: text.to_string(),
            limit: spec.limit,
            hidden: spec.hidden,
            shift: false,
            cursor: (1, 0),
            done: None,
        };
    }

    /// The text typed into `field`, once the keyboard is done with it.
    pub fn take(&mut self, field: &str) -> Option<String> {
        match &self.done {
            Some((f, _)) if *f == field => self.done.take().map(|(_, text)| text),
            _ => None,
        }
    }

    /// The text typed so far.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The key the cursor is on.
    pub fn key(&self) -> Key {
        key_at(self.cursor, self.shift)
    }

    /// Moves the cursor by a direction, wrapping around a row's ends and
    /// keeping to the nearest key between rows of different lengths.
    pub fn step(&mut self, direction: Nav) {
        let (row, col) = self.cursor;
        let rows = ROWS.len() + 1;
        self.cursor = match direction {
            Nav::Up => ((row + rows - 1) % rows, col),
            Nav::Down => ((row + 1) % rows, col),
            Nav::Left => (row, (col + row_len(row) - 1) % row_len(row)),
            Nav::Right => (row, (col + 1) % row_len(row)),
            _ => (row, col),
        };
        let (row, col) = self.cursor;
        self.cursor = (row, col.min(row_len(row) - 1));
    }

    /// Presses `key`: types it, or acts. Returns whether the keyboard is done.
    pub fn press(&mut self, key: Key) -> bool {
        match key {
            Key::Char(c) => self.type_char(c),
            Key::Special(Special::Space) => self.type_char(' '),
            Key::Special(Special::Shift) => self.shift = !self.shift,
            Key::Special(Special::Delete) => {
                self.text.pop();
            }
            Key::Special(Special::Done) => {
                if let Some(field) = self.field.take() {
                    self.done = Some((field, std::mem::take(&mut self.text)));
                }
                return true;
            }
        }
        false
    }

    fn type_char(&mut self, c: char) {
        if self.text.chars().count() < self.limit {
            self.text.push(c);
        }
    }
}

fn row_len(row: usize) -> usize {
    ROWS.get(row).map_or(SPECIALS.len(), |r| r.chars().count())
}

fn key_at((row, col): (usize, usize), shift: bool) -> Key {
    match ROWS.get(row) {
        Some(chars) => {
            let c = chars.chars().nth(col).unwrap_or(' ');
            Key::Char(if shift { c.to_ascii_uppercase() } else { c })
        }
        None => Key::Special(SPECIALS[col.min(SPECIALS.len() - 1)].0),
    }
}

fn navigate(
    mut keys: MenuKeys,
    mut keyboard: ResMut<OnScreenKeyboard>,
    mut overlays: MessageWriter<OverlayCommand>,
    open: Res<Overlays>,
    mut was_open: Local<bool>,
) {
    let keys = keys.for_dialog(Overlay::Keyboard);
    // The press that opened the keyboard (A on the field) is not a key typed.
    let opening = !std::mem::replace(&mut *was_open, open.top() == Some(Overlay::Keyboard));
    if opening {
        return;
    }
    for n in keys {
        let done = match n {
            Nav::Up | Nav::Down | Nav::Left | Nav::Right => {
                keyboard.step(n);
                false
            }
            Nav::Confirm => {
                let key = keyboard.key();
                keyboard.press(key)
            }
            Nav::Back => keyboard.press(Key::Special(Special::Delete)),
            Nav::Pass => keyboard.press(Key::Special(Special::Shift)),
            Nav::Hint => keyboard.press(Key::Special(Special::Space)),
            Nav::Pause => keyboard.press(Key::Special(Special::Done)),
            _ => false,
        };
        if done {
            overlays.write(OverlayCommand::Close);
        }
    }
}

fn draw(
    mut contexts: EguiContexts,
    mut keyboard: ResMut<OnScreenKeyboard>,
    open: Res<Overlays>,
    mut overlays: MessageWriter<OverlayCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let on_top = open.top() == Some(Overlay::Keyboard);
    let title = keyboard.field.unwrap_or("Type");
    let mut pressed = None;
    widgets::dialog(&ctx, "on-screen keyboard", title, 560.0, |ui| {
        let shown = if keyboard.hidden {
            "•".repeat(keyboard.text.chars().count())
        } else {
            keyboard.text.clone()
        };
        egui::Frame::new()
            .fill(ui::CARD_RAISED)
            .corner_radius(widgets::RADIUS)
            .inner_margin(egui::Margin::symmetric(14, 8))
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.horizontal(|ui| {
                    ui.label(widgets::text(&shown, widgets::BODY + 2.0));
                    // Where the next key types.
                    let (caret, _) = ui.allocate_exact_size(egui::vec2(2.0, widgets::BODY + 4.0), egui::Sense::hover());
                    ui.painter().rect_filled(caret, 0.0, ui::ACCENT);
                });
            });
        crate::ui::theme::controls::shown(ui, "Typed", &shown);
        ui.add_space(8.0);
        ui.spacing_mut().item_spacing = egui::vec2(6.0, 6.0);
        for row in 0..=ROWS.len() {
            ui.horizontal(|ui| {
                for col in 0..row_len(row) {
                    let key = key_at((row, col), keyboard.shift);
                    let (label, width) = match key {
                        Key::Char(c) => (c.to_string(), 44.0),
                        Key::Special(special) => {
                            let label = SPECIALS.iter().find(|(s, _)| *s == special).map_or("", |(_, l)| l);
                            (label.to_string(), 118.0)
                        }
                    };
                    let look = widgets::ButtonLook::new(width, 42.0)
                        .text_size(18.0)
                        .main(matches!(key, Key::Special(Special::Done)))
                        .focused(on_top && keyboard.cursor == (row, col));
                    if widgets::button(ui, &label, look).clicked() && on_top {
                        keyboard.cursor = (row, col);
                        pressed = Some(key);
                    }
                }
            });
        }
        ui.add_space(4.0);
        widgets::prompts(
            ui,
            &[
                ("A", "Type"),
                ("B", "Delete"),
                ("Y", "Shift"),
                ("X", "Space"),
                ("Start", "Done"),
            ],
        );
    });
    if let Some(key) = pressed
        && keyboard.press(key)
    {
        overlays.write(OverlayCommand::Close);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field() -> widgets::Field {
        widgets::Field {
            hint: "",
            limit: 5,
            hidden: false,
        }
    }

    #[test]
    fn the_keys_type_delete_shift_and_give_the_text_to_its_field_when_done() {
        let mut keyboard = OnScreenKeyboard {
            field: Some("Name"),
            limit: field().limit,
            cursor: (1, 0),
            ..Default::default()
        };
        assert_eq!(keyboard.key(), Key::Char('q'));
        keyboard.press(keyboard.key());
        keyboard.press(Key::Special(Special::Shift));
        keyboard.step(Nav::Right);
        assert_eq!(keyboard.key(), Key::Char('W'));
        keyboard.press(keyboard.key());
        keyboard.press(Key::Special(Special::Delete));
        keyboard.press(Key::Char('x'));
        // No more than the field takes.
        for _ in 0..10 {
            keyboard.press(Key::Special(Special::Space));
        }
        assert_eq!(keyboard.text(), "qx   ");
        assert_eq!(keyboard.take("Name"), None, "not done yet");
        assert!(keyboard.press(Key::Special(Special::Done)));
        assert_eq!(keyboard.take("Password"), None);
        assert_eq!(keyboard.take("Name").as_deref(), Some("qx   "));
        assert_eq!(keyboard.take("Name"), None, "taken once");
    }

    #[test]
    fn the_cursor_wraps_and_keeps_to_the_nearest_key_between_rows() {
        let mut keyboard = OnScreenKeyboard {
            cursor: (3, 10),
            ..Default::default()
        };
        assert_eq!(keyboard.key(), Key::Char('/'));
        keyboard.step(Nav::Down);
        assert_eq!(keyboard.key(), Key::Special(Special::Done));
        keyboard.step(Nav::Right);
        assert_eq!(keyboard.key(), Key::Special(Special::Shift));
        keyboard.step(Nav::Down);
        assert_eq!(keyboard.cursor.0, 0, "down from the last row wraps to the first");
        keyboard.step(Nav::Left);
        assert_eq!(keyboard.key(), Key::Char('0'));
    }
}
