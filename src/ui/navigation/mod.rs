//! Keyboard and gamepad, turned into [`Nav`] messages that every screen and
//! the board understand, and the [`Focus`] of the menu on top.
//!
//! | | keyboard | gamepad |
//! |---|---|---|
//! | move | arrows, WASD, Tab / Shift+Tab | d-pad, left stick |
//! | confirm | Enter, Space | A (south) |
//! | back | Esc, Backspace | B (east) |
//! | pause | Esc (in play) | Start |
//! | pass, hint, undo | P, H, U | Y (north), X (west), Select |
//! | move list | Page Up, Page Down | LB, RB |
//!
//! A held direction repeats. [`LastDevice`] remembers which device was used
//! last, so that prompts show its keys or buttons. The devices are read in
//! [`devices`].

use bevy::prelude::*;

mod devices;

pub(crate) fn plugin(app: &mut App) {
    // The pointer's moves come from the window system (absent in headless tests).
    app.add_message::<CursorMoved>()
        .add_message::<Nav>()
        .init_resource::<Focus>()
        .init_resource::<LastDevice>()
        .init_resource::<TextEntry>()
        .add_plugins(devices::plugin);
}

/// The systems that turn keys and buttons into [`Nav`]: readers of `Nav` run after them.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReadDevices;

/// What the keyboard or a gamepad asks for.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Nav {
    /// Up a menu, or the board cursor up.
    Up,
    /// Down a menu, or the board cursor down.
    Down,
    /// The previous value of a choice, or the board cursor left.
    Left,
    /// The next value of a choice, or the board cursor right.
    Right,
    /// Press the focused control, or act on the board cursor's cell.
    Confirm,
    /// Go back: close a dialog, leave a menu, put a picked-up counter back.
    Back,
    /// Open the pause menu (Start; Esc reaches it through [`Nav::Back`]).
    Pause,
    /// Order passes.
    Pass,
    /// Ask for a hint.
    Hint,
    /// Take back a move.
    Undo,
    /// The previous entry of a list beside the board (the move list).
    Previous,
    /// The next entry of a list beside the board.
    Next,
}

impl Nav {
    /// Whether this is one of the four directions (they repeat when held).
    pub fn is_direction(self) -> bool {
        matches!(self, Nav::Up | Nav::Down | Nav::Left | Nav::Right)
    }
}

/// The device a person used last, for the prompts.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LastDevice {
    /// Mouse (or touchpad).
    #[default]
    Mouse,
    /// Keyboard.
    Keyboard,
    /// A gamepad.
    Gamepad,
}

/// Set while a text field has the keyboard: letters then type instead of acting.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TextEntry(pub bool);

/// Which control of the menu on top has the focus. A screen or dialog sets
/// it to its main control when it opens; [`Focus::step`] moves it.
#[derive(Resource, Debug, Clone, PartialEq, Eq, Default)]
pub struct Focus {
    /// The focused control, counted from the top.
    pub index: usize,
    /// The focus of each menu under the dialogs on top (restored as they close).
    outer: Vec<usize>,
}

impl Focus {
    /// A new screen opens: its control `index` takes the focus.
    pub fn set(&mut self, index: usize) {
        self.outer.clear();
        self.index = index;
    }

    /// The pointer moved onto control `index` of the menu on top (see
    /// `widgets::pointer_takes_focus`: a pointer at rest takes nothing), or
    /// a screen moves its focus by itself.
    pub fn point_at(&mut self, index: usize) {
        self.index = index;
    }

    /// A dialog opens over the menu: its control `index` takes the focus.
    pub fn open_dialog(&mut self, index: usize) {
        self.outer.push(self.index);
        self.index = index;
    }

    /// The dialog on top closes: the menu under it gets its focus back.
    pub fn close_dialog(&mut self) {
        if let Some(index) = self.outer.pop() {
            self.index = index;
        }
    }

    /// Moves by `delta` among `count` controls, wrapping around.
    pub fn step(&mut self, count: usize, delta: isize) {
        if count == 0 {
            self.index = 0;
            return;
        }
        let index = self.index.min(count - 1) as isize + delta;
        self.index = index.rem_euclid(count as isize) as usize;
    }

    /// The focused control among `count`, kept in range.
    pub fn of(&self, count: usize) -> usize {
        self.index.min(count.saturating_sub(1))
    }
}
