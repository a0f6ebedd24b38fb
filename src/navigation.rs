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
//! last, so that prompts show its keys or buttons.

use std::time::Duration;

use bevy::input::gamepad::GamepadConnectionEvent;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;

use crate::AppSet;

pub(super) fn plugin(app: &mut App) {
    // The pointer's moves come from the window system (absent in headless tests).
    app.add_message::<CursorMoved>()
        .add_message::<Nav>()
        .init_resource::<Focus>()
        .init_resource::<LastDevice>()
        .init_resource::<TextEntry>()
        .add_systems(
            Update,
            (track_device, read_keyboard, read_gamepads)
                .chain()
                .in_set(ReadDevices)
                .in_set(AppSet::Input),
        );
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

    /// The pointer is over control `index` of the menu on top.
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

/// How soon a held direction repeats, and how often after that.
const REPEAT_DELAY: Duration = Duration::from_millis(380);
const REPEAT_EVERY: Duration = Duration::from_millis(110);

/// Repeats a held direction.
#[derive(Default)]
struct Repeat {
    held: Option<(Nav, Duration)>,
}

impl Repeat {
    /// Given the direction held now (if any) and the time passed, whether to
    /// send it again this frame. A direction just pressed is sent by the caller.
    fn tick(&mut self, held: Option<Nav>, delta: Duration) -> Option<Nav> {
        match (held, self.held.as_mut()) {
            (Some(nav), Some((was, time))) if *was == nav => {
                *time += delta;
                if *time >= REPEAT_DELAY {
                    *time -= REPEAT_EVERY;
                    return Some(nav);
                }
                None
            }
            (Some(nav), _) => {
                self.held = Some((nav, Duration::ZERO));
                None
            }
            (None, _) => {
                self.held = None;
                None
            }
        }
    }
}

fn track_device(
    mut keys: MessageReader<KeyboardInput>,
    mut mouse: MessageReader<MouseButtonInput>,
    mut moved: MessageReader<CursorMoved>,
    mut pads: MessageReader<GamepadConnectionEvent>,
    gamepads: Query<&Gamepad>,
    mut last: ResMut<LastDevice>,
) {
    let mut device = None;
    if mouse.read().count() > 0 || moved.read().count() > 0 {
        device = Some(LastDevice::Mouse);
    }
    if keys.read().count() > 0 {
        device = Some(LastDevice::Keyboard);
    }
    if pads.read().count() > 0 || gamepads.iter().any(|g| g.get_just_pressed().next().is_some()) {
        device = Some(LastDevice::Gamepad);
    }
    if let Some(device) = device
        && *last != device
    {
        *last = device;
    }
}

fn read_keyboard(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    typing: Res<TextEntry>,
    mut repeat: Local<Repeat>,
    mut nav: MessageWriter<Nav>,
) {
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let mut directions = vec![
        (Nav::Up, vec![KeyCode::ArrowUp]),
        (Nav::Down, vec![KeyCode::ArrowDown]),
        (Nav::Left, vec![KeyCode::ArrowLeft]),
        (Nav::Right, vec![KeyCode::ArrowRight]),
    ];
    if !typing.0 {
        for (i, key) in [KeyCode::KeyW, KeyCode::KeyS, KeyCode::KeyA, KeyCode::KeyD]
            .into_iter()
            .enumerate()
        {
            directions[i].1.push(key);
        }
    }
    for (direction, codes) in &directions {
        if keys.any_just_pressed(codes.iter().copied()) {
            nav.write(*direction);
        }
    }
    if keys.just_pressed(KeyCode::Tab) {
        nav.write(if shift { Nav::Up } else { Nav::Down });
    }
    let held = directions
        .iter()
        .find(|(_, codes)| keys.any_pressed(codes.iter().copied()))
        .map(|(d, _)| *d);
    if let Some(again) = repeat.tick(held, time.delta()) {
        nav.write(again);
    }
    let mut press = |codes: &[KeyCode], what: Nav| {
        if keys.any_just_pressed(codes.iter().copied()) {
            nav.write(what);
        }
    };
    press(&[KeyCode::Enter, KeyCode::NumpadEnter], Nav::Confirm);
    press(&[KeyCode::Escape], Nav::Back);
    if !typing.0 {
        press(&[KeyCode::Space], Nav::Confirm);
        press(&[KeyCode::Backspace], Nav::Back);
        press(&[KeyCode::KeyP], Nav::Pass);
        press(&[KeyCode::KeyH], Nav::Hint);
        press(&[KeyCode::KeyU], Nav::Undo);
    }
    press(&[KeyCode::PageUp], Nav::Previous);
    press(&[KeyCode::PageDown], Nav::Next);
}

/// The stick counts as a direction past this deflection.
const STICK: f32 = 0.6;

fn read_gamepads(
    gamepads: Query<&Gamepad>,
    time: Res<Time>,
    mut repeat: Local<Repeat>,
    mut stick_was: Local<Option<Nav>>,
    mut nav: MessageWriter<Nav>,
) {
    let mut held = None;
    for pad in &gamepads {
        let buttons = [
            (GamepadButton::DPadUp, Nav::Up),
            (GamepadButton::DPadDown, Nav::Down),
            (GamepadButton::DPadLeft, Nav::Left),
            (GamepadButton::DPadRight, Nav::Right),
            (GamepadButton::South, Nav::Confirm),
            (GamepadButton::East, Nav::Back),
            (GamepadButton::Start, Nav::Pause),
            (GamepadButton::North, Nav::Pass),
            (GamepadButton::West, Nav::Hint),
            (GamepadButton::Select, Nav::Undo),
            (GamepadButton::LeftTrigger, Nav::Previous),
            (GamepadButton::RightTrigger, Nav::Next),
        ];
        for (button, what) in buttons {
            if pad.just_pressed(button) {
                nav.write(what);
            }
            if what.is_direction() && pad.pressed(button) {
                held = Some(what);
            }
        }
        let stick = pad.left_stick();
        if stick.length() > STICK {
            let direction = if stick.x.abs() > stick.y.abs() {
                if stick.x > 0.0 { Nav::Right } else { Nav::Left }
            } else if stick.y > 0.0 {
                Nav::Up
            } else {
                Nav::Down
            };
            if *stick_was != Some(direction) {
                nav.write(direction);
            }
            held = held.or(Some(direction));
            *stick_was = Some(direction);
        } else {
            *stick_was = None;
        }
    }
    if let Some(again) = repeat.tick(held, time.delta()) {
        nav.write(again);
    }
}
