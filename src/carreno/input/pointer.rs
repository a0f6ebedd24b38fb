//! The mouse on Carreno's board: a press on a piece picks it up (or is
//! refused with the rules' reason), a press on a square moves the
//! picked-up piece there, a drag takes it there; the dragged piece follows
//! the pointer and a released one goes home. The square under the pointer
//! is where the pointer is at that moment (`crate::ui::camera::pointer_world`),
//! not where picking last saw it, as on every board here.

use bevy::ecs::system::SystemParam;
use bevy::picking::pointer::{PointerId, PointerLocation};
use bevy::prelude::*;
use carreno_rules::Move;

use super::{Act, BoardInput, Outcome, Selection, activate};
use crate::carreno::board::{CarrenoLayout, Piece};
use crate::table::input::pickup::follow_or_return;
use crate::ui::animation::{Shake, Tween};
use crate::ui::camera::WorldCamera;
use crate::ui::camera::pointer_world;

/// Where the mouse is.
#[derive(SystemParam)]
pub(super) struct Mouse<'w, 's> {
    buttons: Res<'w, ButtonInput<MouseButton>>,
    pointers: Query<'w, 's, (&'static PointerId, &'static PointerLocation)>,
    camera: Query<'w, 's, (&'static Camera, &'static GlobalTransform), With<WorldCamera>>,
}

pub(super) fn mouse_input(mouse: Mouse, board: BoardInput, mut selection: ResMut<Selection>, mut act: Act) {
    let Some(game) = board.ready() else { return };
    let point = pointer_world(&mouse.pointers, &mouse.camera);
    let hovered = point.and_then(CarrenoLayout::square_at);
    if mouse.buttons.just_pressed(MouseButton::Left) {
        match (hovered, point) {
            (Some(square), Some(point)) => {
                selection.press(square, point);
                let before = selection.picked;
                match activate(&game.game, &mut selection, square) {
                    None => selection.pressed_again(square, before),
                    outcome => act.send(outcome),
                }
            }
            _ => *selection = Selection::default(),
        }
    }
    if mouse.buttons.pressed(MouseButton::Left) {
        selection.drag_to(point);
    }
    if mouse.buttons.just_released(MouseButton::Left)
        && let Some((from, to)) = selection.release(hovered)
    {
        act.send(Some(Outcome::Intent(Move::slide(from, to))));
    }
}

/// Pieces neither sliding nor shaking.
type NotMoving = (Without<Tween>, Without<Shake>);

/// A dragged piece follows the pointer; a released one goes home.
pub(super) fn follow_pointer(
    selection: Res<Selection>,
    pointers: Query<(&PointerId, &PointerLocation)>,
    camera: Query<(&Camera, &GlobalTransform), With<WorldCamera>>,
    mut pieces: Query<(Entity, &Piece, &mut Transform), NotMoving>,
    mut commands: Commands,
) {
    let point = pointer_world(&pointers, &camera);
    for (entity, piece, mut transform) in &mut pieces {
        let dragged = selection.dragging && selection.picked == Some(piece.at);
        follow_or_return(
            entity,
            &mut transform,
            CarrenoLayout::rest(piece.at),
            dragged,
            point,
            &mut commands,
        );
    }
}
