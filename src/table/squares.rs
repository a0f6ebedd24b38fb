//! A board square's colour on either game's board: lit under the pointer,
//! reddened by a refused move's flash while it fades.

use bevy::prelude::*;

use crate::app::redraw::Redraw;

use crate::ui::theme;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, fade_refusal_flashes.after(crate::app::AppSet::Sync));
}

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

/// Ends the refusals' flashes, on either game's board.
pub fn fade_refusal_flashes(
    time: Res<Time>,
    mut commands: Commands,
    mut flashes: Query<(Entity, &mut RefusedFlash)>,
    mut redraw: ResMut<Redraw>,
) {
    if !flashes.is_empty() {
        redraw.now();
    }
    for (entity, mut flash) in &mut flashes {
        if flash.0.tick(time.delta()).is_finished() {
            commands.entity(entity).remove::<RefusedFlash>();
        }
    }
}
