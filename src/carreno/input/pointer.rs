//! The mouse or a finger on Carreno's board ([`Hand`]): a press on a piece picks it up (or is
//! refused with the rules' reason), a press on a square moves the
//! picked-up piece there, a drag takes it there; the dragged piece follows
//! the pointer and a released one goes home. The square under the pointer
//! is where the pointer is at that moment (`crate::ui::camera::pointer_world`),
//! not where picking last saw it, as on every board here.

use bevy::prelude::*;
use carreno_rules::Move;

use super::{Act, BoardInput, Outcome, Selection, activate};
use crate::carreno::board::{CarrenoLayout, Piece};
use crate::table::input::Hand;
use crate::table::input::pickup::follow_or_return;
use crate::ui::animation::{Shake, Tween};

pub(super) fn mouse_input(hand: Hand, board: BoardInput, mut selection: ResMut<Selection>, mut act: Act) {
    let Some(game) = board.ready() else { return };
    let point = hand.point();
    let hovered = point.and_then(CarrenoLayout::square_at);
    if hand.just_pressed() {
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
    if hand.pressed() {
        selection.drag_to(point);
    }
    if hand.just_released()
        && let Some((from, to)) = selection.release(hovered)
    {
        act.send(Some(Outcome::Intent(Move::slide(from, to))));
    }
}

/// Pieces neither sliding nor shaking.
type NotMoving = (Without<Tween>, Without<Shake>);

/// A dragged piece follows the hand; a released one goes home.
pub(super) fn follow_pointer(
    selection: Res<Selection>,
    hand: Hand,
    mut pieces: Query<(Entity, &Piece, &mut Transform), NotMoving>,
    mut commands: Commands,
) {
    let point = hand.point();
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
