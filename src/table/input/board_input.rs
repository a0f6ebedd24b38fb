//! Whether either game's board takes a person's input now
//! ([`BoardInput`]): its game is on screen, a person is to move, no dialog
//! is open and nothing moves.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::ui::animation::Tween;
use crate::ui::overlays::Overlays;

/// A game whose board a person plays on.
pub trait BoardGame: Resource {
    /// The state of the game's screens.
    type Screen: States;
    /// The screen its board is played on.
    const SCREEN: Self::Screen;
    /// Whether a person (not the computer) is to move.
    fn person_to_move(&self) -> bool;
}

/// Whether the board of the game `G` takes a person's input now.
#[derive(SystemParam)]
pub struct BoardInput<'w, 's, G: BoardGame> {
    game: Option<Res<'w, G>>,
    screen: Option<Res<'w, State<<G as BoardGame>::Screen>>>,
    overlays: Res<'w, Overlays>,
    tweens: Query<'w, 's, &'static Tween>,
}

impl<G: BoardGame> BoardInput<'_, '_, G> {
    /// The game, when its board takes input.
    pub fn ready(&self) -> Option<&G> {
        let game = self.game.as_deref()?;
        let ready = self.screen.as_ref().is_some_and(|s| *s.get() == G::SCREEN)
            && game.person_to_move()
            && self.overlays.is_empty()
            && !crate::ui::animation::blocks_input(&self.tweens);
        ready.then_some(game)
    }
}

/// Run condition: the board of the game `G` takes a person's input now.
pub fn board_takes_input<G: BoardGame>(input: BoardInput<G>) -> bool {
    input.ready().is_some()
}
