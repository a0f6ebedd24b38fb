//! Mouse, keyboard and gamepad become intents.
//!
//! - Mouse: Chaos clicks an empty cell (hovering shows where the counter
//!   will go). Order drags a counter to its destination, or clicks it and
//!   then clicks the destination; while a counter is picked up its legal
//!   destinations are marked. An illegal drop is refused by the rules and
//!   the counter returns.
//! - Keyboard: arrows (or WASD) move a cursor, Enter or Space acts on its
//!   cell, Escape puts a picked-up counter back, P passes.
//! - Gamepad: the d-pad or left stick moves the cursor, A (south) acts,
//!   B (east) puts back, Y (north) passes.
//!
//! Input waits while a move animates.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::input::EguiWantsInput;
use entropy_rules::{Cell, Phase, Position, Size, Slide};

use crate::animation::{Tween, animating};
use crate::board::{BoardLayout, Counter, CounterAt, z};
use crate::camera::WorldCamera;
use crate::game::{CurrentMatch, GameSystems, Intent};
use crate::screens::{Screen, TurnPhase};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .init_resource::<Held>()
        .init_resource::<KeyCursor>()
        .add_systems(
            Update,
            (mouse_input, keyboard_input, gamepad_input)
                .chain()
                .in_set(GameSystems::Input)
                .run_if(
                    in_state(Screen::Playing)
                        .and_then(not(animating))
                        .and_then(resource_exists::<CurrentMatch>)
                        .and_then(crate::ai::human_to_move),
                ),
        )
        .add_systems(
            Update,
            follow_pointer.after(GameSystems::Sync).before(GameSystems::Animate),
        )
        .add_systems(OnExit(TurnPhase::Sliding), put_down)
        .add_systems(OnEnter(Screen::Playing), reset_cursor);
}

/// The cell under the mouse pointer (set by the cells' picking observers).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Hovered(pub Option<Cell>);

/// The counter Order has picked up, and how.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct Held {
    /// The cell of the picked-up counter.
    pub cell: Option<Cell>,
    /// Whether it follows the pointer.
    pub dragging: bool,
    /// Where the mouse button went down (cell and world point).
    press: Option<(Cell, Vec2)>,
    /// The counter was picked up by this very press (so its release keeps it).
    fresh: bool,
}

/// The keyboard and gamepad cursor.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct KeyCursor {
    /// The cell it is on.
    pub cell: Cell,
    /// Shown after a key or button was used, hidden when the mouse moves.
    pub visible: bool,
}

impl Default for KeyCursor {
    fn default() -> Self {
        KeyCursor {
            cell: Cell::new(3, 3).unwrap_or(Cell::TOP_LEFT),
            visible: false,
        }
    }
}

impl KeyCursor {
    fn step(&mut self, size: Size, dr: i32, dc: i32) {
        let n = size.n() as i32;
        let row = (self.cell.row() as i32 + dr).clamp(0, n - 1);
        let col = (self.cell.col() as i32 + dc).clamp(0, n - 1);
        if let Some(cell) = Cell::new(row as usize, col as usize) {
            self.cell = cell;
        }
        self.visible = true;
    }
}

/// What acting on `cell` (a click, Enter, the A button) asks for, given the
/// picked-up counter. Picking up and putting down are not moves, so they
/// only change `held`.
pub fn activate(position: &Position, held: &mut Held, cell: Cell) -> Option<Intent> {
    match position.phase() {
        Phase::ChaosPlace(_) => Some(Intent::Place(cell)),
        Phase::OrderMove => match held.cell {
            Some(from) if from == cell => {
                held.cell = None;
                None
            }
            Some(from) if position.board().get(cell).is_none() => {
                held.cell = None;
                Some(Intent::Slide(Slide::new(from, cell)))
            }
            _ if position.board().get(cell).is_some() => {
                held.cell = Some(cell);
                None
            }
            _ => {
                held.cell = None;
                None
            }
        },
        _ => None,
    }
}

fn pointer_world(window: &Window, camera: &Camera, transform: &GlobalTransform) -> Option<Vec2> {
    let cursor = window.cursor_position()?;
    camera.viewport_to_world_2d(transform, cursor).ok()
}

#[allow(clippy::too_many_arguments)]
fn mouse_input(
    buttons: Res<ButtonInput<MouseButton>>,
    hovered: Res<Hovered>,
    egui: Option<Res<EguiWantsInput>>,
    game: Res<CurrentMatch>,
    mut held: ResMut<Held>,
    mut cursor: ResMut<KeyCursor>,
    mut moved: MessageReader<CursorMoved>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<WorldCamera>>,
    mut intents: MessageWriter<Intent>,
) {
    if moved.read().count() > 0 {
        cursor.visible = false;
    }
    let position = game.round().position();
    let point = pointer_world(&window, camera.0, camera.1);
    let over_interface = egui.is_some_and(|e| e.wants_any_pointer_input());
    if buttons.just_pressed(MouseButton::Left) && !over_interface {
        match (hovered.0, point) {
            (Some(cell), Some(point)) => {
                held.press = Some((cell, point));
                if position.phase() == Phase::OrderMove {
                    let before = held.cell;
                    if let Some(intent) = activate(position, &mut held, cell) {
                        intents.write(intent);
                    } else if before == Some(cell) {
                        // A second press on the picked-up counter: decide on release
                        // (a click puts it down, a drag takes it somewhere).
                        held.cell = Some(cell);
                        held.fresh = false;
                    } else {
                        held.fresh = held.cell == Some(cell);
                    }
                }
            }
            _ => {
                held.cell = None;
                held.press = None;
            }
        }
    }
    if buttons.pressed(MouseButton::Left)
        && let (Some(cell), Some((pressed, at)), Some(point)) = (held.cell, held.press, point)
        && cell == pressed
        && !held.dragging
        && point.distance(at) > 6.0
    {
        held.dragging = true;
    }
    if buttons.just_released(MouseButton::Left) {
        let pressed = held.press.take().map(|(cell, _)| cell);
        match position.phase() {
            Phase::ChaosPlace(_) => {
                if let Some(cell) = hovered.0.filter(|&c| Some(c) == pressed) {
                    intents.write(Intent::Place(cell));
                }
            }
            Phase::OrderMove if held.dragging => {
                let from = held.cell;
                *held = Held::default();
                if let (Some(from), Some(to)) = (from, hovered.0)
                    && from != to
                {
                    intents.write(Intent::Slide(Slide::new(from, to)));
                }
            }
            Phase::OrderMove => {
                if pressed.is_some() && pressed == held.cell && !held.fresh {
                    held.cell = None;
                }
                held.fresh = false;
            }
            _ => {}
        }
    }
}

fn keyboard_input(
    keys: Res<ButtonInput<KeyCode>>,
    egui: Option<Res<EguiWantsInput>>,
    game: Res<CurrentMatch>,
    mut held: ResMut<Held>,
    mut cursor: ResMut<KeyCursor>,
    mut intents: MessageWriter<Intent>,
) {
    if egui.is_some_and(|e| e.wants_any_keyboard_input()) {
        return;
    }
    let size = game.round().size();
    let any = |codes: &[KeyCode]| keys.any_just_pressed(codes.iter().copied());
    if any(&[KeyCode::ArrowUp, KeyCode::KeyW]) {
        cursor.step(size, -1, 0);
    }
    if any(&[KeyCode::ArrowDown, KeyCode::KeyS]) {
        cursor.step(size, 1, 0);
    }
    if any(&[KeyCode::ArrowLeft, KeyCode::KeyA]) {
        cursor.step(size, 0, -1);
    }
    if any(&[KeyCode::ArrowRight, KeyCode::KeyD]) {
        cursor.step(size, 0, 1);
    }
    if any(&[KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]) {
        cursor.visible = true;
        if let Some(intent) = activate(game.round().position(), &mut held, cursor.cell) {
            intents.write(intent);
        }
    }
    if any(&[KeyCode::Escape]) {
        held.cell = None;
    }
    if any(&[KeyCode::KeyP]) && game.round().phase() == Phase::OrderMove {
        held.cell = None;
        intents.write(Intent::Pass);
    }
}

/// The stick must go back to the middle before it moves the cursor again.
#[derive(Default)]
struct StickLatch(bool);

fn gamepad_input(
    gamepads: Query<&Gamepad>,
    game: Res<CurrentMatch>,
    mut held: ResMut<Held>,
    mut cursor: ResMut<KeyCursor>,
    mut latch: Local<StickLatch>,
    mut intents: MessageWriter<Intent>,
) {
    let size = game.round().size();
    for pad in &gamepads {
        let stick = pad.left_stick();
        let mut step = |dr, dc| cursor.step(size, dr, dc);
        if pad.just_pressed(GamepadButton::DPadUp) {
            step(-1, 0);
        }
        if pad.just_pressed(GamepadButton::DPadDown) {
            step(1, 0);
        }
        if pad.just_pressed(GamepadButton::DPadLeft) {
            step(0, -1);
        }
        if pad.just_pressed(GamepadButton::DPadRight) {
            step(0, 1);
        }
        if stick.length() > 0.6 {
            if !latch.0 {
                latch.0 = true;
                if stick.x.abs() > stick.y.abs() {
                    step(0, stick.x.signum() as i32);
                } else {
                    step(-stick.y.signum() as i32, 0);
                }
            }
        } else if stick.length() < 0.3 {
            latch.0 = false;
        }
        if pad.just_pressed(GamepadButton::South) {
            cursor.visible = true;
            if let Some(intent) = activate(game.round().position(), &mut held, cursor.cell) {
                intents.write(intent);
            }
        }
        if pad.just_pressed(GamepadButton::East) {
            held.cell = None;
        }
        if pad.just_pressed(GamepadButton::North) && game.round().phase() == Phase::OrderMove {
            held.cell = None;
            intents.write(Intent::Pass);
        }
    }
}

/// A dragged counter follows the pointer; a released one goes home.
fn follow_pointer(
    held: Res<Held>,
    layout: Res<BoardLayout>,
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<WorldCamera>>,
    mut counters: Query<(Entity, &Counter, &mut Transform), Without<Tween>>,
    mut commands: Commands,
) {
    let point = pointer_world(&window, camera.0, camera.1);
    for (entity, counter, mut transform) in &mut counters {
        let CounterAt::Cell(cell) = counter.at else { continue };
        let home = layout.cell_centre(cell).extend(z::COUNTER);
        if held.dragging && held.cell == Some(cell) {
            if let Some(point) = point {
                transform.translation = point.extend(z::LIFTED);
            }
        } else if transform.translation.truncate().distance(home.truncate()) > 0.5 {
            commands
                .entity(entity)
                .insert(Tween::new(transform.translation, home, 0.16, EaseFunction::CubicOut));
        }
    }
}

fn put_down(mut held: ResMut<Held>) {
    *held = Held::default();
}

fn reset_cursor(
    mut cursor: ResMut<KeyCursor>,
    mut held: ResMut<Held>,
    mut hovered: ResMut<Hovered>,
    game: Option<Res<CurrentMatch>>,
) {
    *held = Held::default();
    hovered.0 = None;
    let n = game.map_or(7, |g| g.round().size().n());
    cursor.cell = Cell::new(n / 2, n / 2).unwrap_or(Cell::TOP_LEFT);
    cursor.visible = false;
}
