//! The screen the player is on, as a Bevy `State`.
//!
//! ```text
//! Title -> Setup -> Playing -> RoundOver -> Playing (round 2) -> MatchOver -> Playing (rematch) / Title
//! Title -> History -> Replay
//! Title -> CarrenoSetup -> Carreno -> CarrenoOver -> Carreno (rematch) / CarrenoSetup / Title
//! Over any screen: Pause, Settings, How to play (`crate::ui::overlays`)
//! ```

use bevy::prelude::*;

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>();
}

/// The screen the player is on.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The title and main menu.
    #[default]
    Title,
    /// Choosing the opponent, board, roles and clock.
    Setup,
    /// A round being played.
    Playing,
    /// A round has been scored; the next one waits.
    RoundOver,
    /// Both rounds are over: the result and a rematch.
    MatchOver,
    /// The matches kept.
    History,
    /// A match from the history, move by move, and its review.
    Replay,
    /// Choosing the opponent and side of a game of Carreno's Entropy.
    CarrenoSetup,
    /// A game of Carreno's Entropy being played.
    Carreno,
    /// A game of Carreno's Entropy is over: the result, the board still shown.
    CarrenoOver,
}

/// Present while a match is on screen, in either game: the side panel
/// stands beside it and the match's music plays. A game inserts it when its
/// match comes on screen and removes it when it leaves.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct MatchShown;
