//! The devices read each frame: which one was used last, the keyboard's
//! keys and the gamepads' buttons and sticks as [`Nav`] messages, a held
//! direction repeating.

use std::time::Duration;

use bevy::input::gamepad::GamepadConnectionEvent;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;

use super::{LastDevice, Nav, ReadDevices, TextEntry};
use crate::app::AppSet;
use crate::app::redraw::Redraw;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (track_device, read_keyboard, read_gamepads)
            .chain()
            .in_set(ReadDevices)
            .in_set(AppSet::Input),
    );
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
    mut touches: MessageReader<bevy::input::touch::TouchInput>,
    mut pads: MessageReader<GamepadConnectionEvent>,
    gamepads: Query<&Gamepad>,
    mut last: ResMut<LastDevice>,
) {
    let mut device = None;
    // A finger is a pointer too: the keys' cursor and hints give way to it.
    if mouse.read().count() > 0 || moved.read().count() > 0 || touches.read().count() > 0 {
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
    mut redraw: ResMut<Redraw>,
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
    if held.is_some() {
        // A held direction repeats: it needs frames while held.
        redraw.now();
    }
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
    mut redraw: ResMut<Redraw>,
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
    if held.is_some() {
        // A held direction repeats: it needs frames while held.
        redraw.now();
    }
    if let Some(again) = repeat.tick(held, time.delta()) {
        nav.write(again);
    }
}
