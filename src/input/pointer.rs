//! The mouse on the board. The cell under the pointer comes from Bevy's
//! sprite picking (the cells' `Over`/`Out` observers set [`Hovered`]; egui's
//! picking backend hides the board under the interface's panels). Presses,
//! releases and drags are decided here from the button's state and that
//! cell, so the order in which picking events arrive does not matter.

use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use entropy_rules::{Action, Phase, Slide};

use super::{BoardCursor, Held, Hovered, activate, board_takes_input};
use crate::AppSet;
use crate::animation::{Shake, Tween};
use crate::camera::WorldCamera;
use crate::game::{CurrentMatch, Intent};
use crate::world::pieces::{Counter, CounterAt};
use crate::world::{BoardLayout, z};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (hide_cursor_on_move, mouse_input.run_if(board_takes_input))
            .chain()
            .in_set(AppSet::Input),
    )
    .add_systems(
        Update,
        follow_pointer
            .run_if(resource_exists::<CurrentMatch>)
            .after(AppSet::Sync)
            .before(AppSet::Animate),
    );
}

/// How far the pointer must move with the button down before a press becomes a drag.
const DRAG_THRESHOLD: f32 = 6.0;

/// The mouse pointer in world coordinates, if it is over the window.
pub(crate) fn pointer_world(
    pointers: &Query<(&PointerId, &PointerLocation)>,
    camera: &Query<(&Camera, &GlobalTransform), With<WorldCamera>>,
) -> Option<Vec2> {
    let (_, location) = pointers.iter().find(|(id, _)| id.is_mouse())?;
    let position = location.location.as_ref()?.position;
    let (camera, transform) = camera.single().ok()?;
    camera.viewport_to_world_2d(transform, position).ok()
}

fn hide_cursor_on_move(mut moved: MessageReader<CursorMoved>, mut cursor: ResMut<BoardCursor>) {
    if moved.read().count() > 0 && cursor.visible {
        cursor.visible = false;
    }
}

fn mouse_input(
    buttons: Res<ButtonInput<MouseButton>>,
    hovered: Res<Hovered>,
    game: Res<CurrentMatch>,
    mut held: ResMut<Held>,
    pointers: Query<(&PointerId, &PointerLocation)>,
    camera: Query<(&Camera, &GlobalTransform), With<WorldCamera>>,
    mut intents: MessageWriter<Intent>,
) {
    let position = game.round().position();
    let point = pointer_world(&pointers, &camera);
    if buttons.just_pressed(MouseButton::Left) {
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
        && point.distance(at) > DRAG_THRESHOLD
    {
        held.dragging = true;
    }
    if buttons.just_released(MouseButton::Left) {
        let pressed = held.press.take().map(|(cell, _)| cell);
        match position.phase() {
            Phase::ChaosPlace(_) => {
                if let Some(cell) = hovered.0.filter(|&c| Some(c) == pressed) {
                    intents.write(Intent(Action::Place(cell)));
                }
            }
            Phase::OrderMove if held.dragging => {
                let from = held.cell;
                *held = Held::default();
                if let (Some(from), Some(to)) = (from, hovered.0)
                    && from != to
                {
                    intents.write(Intent(Action::Slide(Slide::new(from, to))));
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

/// The counters at rest (neither moving nor shaking), to follow the pointer.
type RestingCounters<'w, 's> =
    Query<'w, 's, (Entity, &'static Counter, &'static mut Transform), (Without<Tween>, Without<Shake>)>;

/// A dragged counter follows the pointer; a released one goes home.
fn follow_pointer(
    held: Res<Held>,
    layout: Res<BoardLayout>,
    pointers: Query<(&PointerId, &PointerLocation)>,
    camera: Query<(&Camera, &GlobalTransform), With<WorldCamera>>,
    mut counters: RestingCounters,
    mut commands: Commands,
) {
    let point = pointer_world(&pointers, &camera);
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
