//! The mouse or a finger on the board ([`Hand`]). Presses, releases and
//! drags are decided here from the hand's state and the cell under it at
//! that moment,
//! found from where the pointer is in the world camera's part of the
//! window (the side panel is outside it): a hand that leaves a button of
//! the panel and clicks a cell within one frame is heard, which picking's
//! hover, a frame behind the pointer, would miss. The cells' picking
//! observers set [`super::Hovered`] for what is drawn under the pointer.

use bevy::prelude::*;
use entropy_rules::{Action, Phase, Slide};

use crate::app::AppSet;
use crate::solomon::game::{CurrentMatch, Intent, Solomon};
use crate::solomon::input::{Held, activate};
use crate::solomon::world::layout::BoardLayout;
use crate::solomon::world::pieces::{Counter, CounterAt};
use crate::table::input::pickup::follow_or_return;
use crate::table::input::{Hand, board_takes_input};
use crate::table::z;
use crate::ui::animation::{Shake, Tween};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            crate::table::input::board_cursor::hide_on_mouse_move::<entropy_rules::Cell>,
            mouse_input.run_if(board_takes_input::<crate::solomon::game::CurrentMatch>),
        )
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

fn mouse_input(
    hand: Hand,
    (game, layout): (Res<CurrentMatch>, Res<BoardLayout>),
    mut held: ResMut<Held>,
    mut intents: MessageWriter<Intent<Solomon>>,
) {
    let position = game.round().position();
    let point = hand.point();
    let under = point.and_then(|p| layout.cell_at(p));
    if hand.just_pressed() {
        match (under, point) {
            (Some(cell), Some(point)) => {
                held.press(cell, point);
                if position.phase() == Phase::OrderMove {
                    let before = held.picked;
                    if let Some(intent) = activate(position, &mut held, cell) {
                        intents.write(intent);
                    } else {
                        held.pressed_again(cell, before);
                    }
                }
            }
            _ => *held = Held::default(),
        }
    }
    if hand.pressed() {
        held.drag_to(point);
    }
    if hand.just_released() {
        match position.phase() {
            Phase::ChaosPlace(_) => {
                let pressed = held.take_press();
                if let Some(cell) = under.filter(|&c| Some(c) == pressed) {
                    intents.write(Intent(Action::Place(cell)));
                }
            }
            Phase::OrderMove => {
                if let Some((from, to)) = held.release(under) {
                    intents.write(Intent(Action::Slide(Slide::new(from, to))));
                }
            }
            _ => {
                held.take_press();
            }
        }
    }
}

/// The counters at rest (neither moving nor shaking), to follow the pointer.
type RestingCounters<'w, 's> =
    Query<'w, 's, (Entity, &'static Counter, &'static mut Transform), (Without<Tween>, Without<Shake>)>;

/// A dragged counter follows the hand; a released one goes home.
fn follow_pointer(
    held: Res<Held>,
    layout: Res<BoardLayout>,
    hand: Hand,
    mut counters: RestingCounters,
    mut commands: Commands,
) {
    let point = hand.point();
    for (entity, counter, mut transform) in &mut counters {
        let CounterAt::Cell(cell) = counter.at else { continue };
        let home = layout.cell_centre(cell).extend(z::COUNTER);
        let dragged = held.dragging && held.picked == Some(cell);
        follow_or_return(entity, &mut transform, home, dragged, point, &mut commands);
    }
}
