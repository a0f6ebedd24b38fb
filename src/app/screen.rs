//! The screen the player is on, as a Bevy `State`: the title, or a game
//! ([`Screen::Game`]), whose screens are its own sub-state.
//!
//! ```text
//! Title -> Game(a game) -> Title
//! Over any screen: Pause, Settings, How to play (`crate::ui::overlays`)
//! ```

use bevy::prelude::*;

use crate::app::redraw::{Redraw, Settle};

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_systems(Last, ask_while_the_screen_changes.before(Settle));
}

/// A change of screen takes place at the start of the next frame: while one
/// is pending, that frame is asked for. (A game's own screens change
/// through [`NextScreen`], which sets this state too.)
fn ask_while_the_screen_changes(next: Res<NextState<Screen>>, mut redraw: ResMut<Redraw>) {
    if !matches!(*next, NextState::Unchanged) {
        redraw.now();
    }
}

/// The screen the player is on: the title, or a game's room (whose own
/// screens are a sub-state of it, kept by the game).
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The title and main menu.
    #[default]
    Title,
    /// A game is on: its own state says which of its screens.
    Game(GameId),
}

/// Which game is on: a name each game gives itself.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameId(pub &'static str);

/// Present while a match is on screen, in either game: the side panel
/// stands beside it and the match's music plays. A game inserts it when its
/// match comes on screen and removes it when it leaves.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct MatchShown;

/// A game's own screens: a sub-state of [`Screen::Game`] with its id.
pub trait GameScreens: bevy::state::state::FreelyMutableState {
    /// The game whose screens they are.
    const GAME: GameId;
}

/// Moves to one of a game's screens `S` (entering the game if it was not
/// on) or back to the title.
#[derive(bevy::ecs::system::SystemParam)]
pub struct NextScreen<'w, S: GameScreens> {
    app: ResMut<'w, NextState<Screen>>,
    game: ResMut<'w, NextState<S>>,
}

impl<S: GameScreens> NextScreen<'_, S> {
    /// To `screen`.
    pub fn set(&mut self, screen: S) {
        NextState::set_if_neq(&mut self.app, Screen::Game(S::GAME));
        self.game.set(screen);
    }

    /// Back to the title.
    pub fn title(&mut self) {
        self.app.set(Screen::Title);
    }
}
