//! A refused move's red flash on its square, on either game's board: the
//! square's colour while it fades (lit under the pointer, reddened by the
//! flash), and the flashes' fading.

use bevy::prelude::*;

use super::pieces::BoardCell;
use crate::solomon::game::Refused;
use crate::ui::theme;

/// A red flash on a square after a refused move, on either game's board;
/// [`fade_refusal_flashes`] ends it.
#[derive(Component)]
pub struct RefusedFlash(Timer);

impl Default for RefusedFlash {
    fn default() -> Self {
        RefusedFlash(Timer::from_seconds(0.6, TimerMode::Once))
    }
}

/// A board square's colour: lit while `hovered`, reddened by a refusal's flash.
pub fn square_colour(hovered: bool, flash: Option<&RefusedFlash>) -> Color {
    let colour = if hovered { theme::CELL_HOVER } else { theme::CELL };
    match flash {
        Some(flash) => theme::REFUSED.mix(&colour, flash.0.fraction()),
        None => colour,
    }
}

/// Gives a board square its colour (see [`square_colour`]), touching the
/// sprite only when it changes.
pub fn tint_square(sprite: &mut Sprite, hovered: bool, flash: Option<&RefusedFlash>) {
    let colour = square_colour(hovered, flash);
    if sprite.color != colour {
        sprite.color = colour;
    }
}

/// A refused move flashes its cell.
pub(super) fn flash_refusals(
    mut refused: MessageReader<Refused>,
    mut commands: Commands,
    cells: Query<(Entity, &BoardCell)>,
) {
    for r in refused.read() {
        let target = match r.action {
            entropy_rules::Action::Place(cell) => Some(cell),
            entropy_rules::Action::Slide(slide) => Some(slide.to),
            _ => None,
        };
        if let Some((entity, _)) = cells.iter().find(|(_, c)| Some(c.0) == target) {
            commands.entity(entity).insert(RefusedFlash::default());
        }
    }
}

/// Ends the refusals' flashes, on either game's board.
pub(super) fn fade_refusal_flashes(
    time: Res<Time>,
    mut commands: Commands,
    mut flashes: Query<(Entity, &mut RefusedFlash)>,
) {
    for (entity, mut flash) in &mut flashes {
        if flash.0.tick(time.delta()).is_finished() {
            commands.entity(entity).remove::<RefusedFlash>();
        }
    }
}
