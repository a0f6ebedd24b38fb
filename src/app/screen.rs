//! The screen the player is on, as a Bevy `State`: the title, or a game
//! ([`Screen::Game`]), whose screens are its own sub-state.
//!
//! ```text
//! Title -> Game(a game) -> Title
//! Over any screen: Pause, Settings, How to play (`crate::ui::overlays`)
//! ```

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
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
