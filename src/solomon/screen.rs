//! Which of Solomon's screens is shown: the game's states. The screens
//! themselves, one plugin each, are in [`crate::solomon::screens`].

use bevy::prelude::*;

use crate::app::screen::{GameId, GameScreens, MatchShown, Screen};

pub(crate) fn plugin(app: &mut App) {
    app.add_sub_state::<SolomonScreen>()
        .add_computed_state::<InMatch>()
        .add_systems(OnEnter(InMatch), |mut commands: Commands| {
            commands.insert_resource(MatchShown)
        })
        .add_systems(OnExit(InMatch), |mut commands: Commands| {
            commands.remove_resource::<MatchShown>()
        });
}

/// Solomon's game, when it is on.
pub const SOLOMON: GameId = GameId("solomon");

/// The screen of Solomon's game the player is on.
///
/// ```text
/// Setup -> Playing -> RoundOver -> Playing (round 2) -> MatchOver -> Playing (rematch)
/// History -> Replay
/// History <-> Record
/// ```
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Game(SOLOMON))]
pub enum SolomonScreen {
    /// Choosing the opponent, board, roles and clock.
    #[default]
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
    /// The player's record and strength, from the history.
    Record,
}

impl GameScreens for SolomonScreen {
    const GAME: GameId = SOLOMON;
}

/// Moves to one of Solomon's screens, or back to the title.
pub type NextScreen<'w> = crate::app::screen::NextScreen<'w, SolomonScreen>;

/// Present while a match is on screen (playing or between rounds): the
/// board and its counters live as long as this state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InMatch;

impl ComputedStates for InMatch {
    type SourceStates = SolomonScreen;

    // Playing -> RoundOver keeps the match on screen: not an exit and re-entry.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(screen: SolomonScreen) -> Option<Self> {
        matches!(
            screen,
            SolomonScreen::Playing | SolomonScreen::RoundOver | SolomonScreen::MatchOver | SolomonScreen::Replay
        )
        .then_some(InMatch)
    }
}
