//! The screens of Solomon's game, one file per screen or card, each a
//! plugin whose systems run only while it is shown; the turn phases as a
//! `SubStates` of `Playing`.
//!
//! ```text
//! Playing: Drawing -> Placing -> Sliding -> Drawing ... -> Scoring
//! ```
//! The phase always mirrors the rules crate's [`entropy_rules::Phase`] of the
//! round being played (see `game::sync_phase`); it is never decided here.

use bevy::prelude::*;

use crate::app::screen::MatchShown;
use bevy::ecs::system::SystemParam;

use crate::app::screen::{GameId, Screen};

mod count_card;
pub mod history;
pub mod match_over;
pub mod panel;
pub mod pause;
pub mod playing;
pub mod replay;
mod review_card;
pub mod round_over;
pub mod rules;
pub mod setup;
mod setup_rows;
mod turn_card;

pub(crate) fn plugin(app: &mut App) {
    app.add_sub_state::<SolomonScreen>()
        .add_sub_state::<TurnPhase>()
        .add_computed_state::<InMatch>()
        .add_systems(OnEnter(InMatch), |mut commands: Commands| {
            commands.insert_resource(MatchShown)
        })
        .add_systems(OnExit(InMatch), |mut commands: Commands| {
            commands.remove_resource::<MatchShown>()
        })
        .add_plugins((
            setup::plugin,
            playing::plugin,
            round_over::plugin,
            match_over::plugin,
            rules::plugin,
            pause::plugin,
            history::plugin,
            replay::plugin,
        ));
}

/// Solomon's game, when it is on.
pub const SOLOMON: GameId = GameId("solomon");

/// The screen of Solomon's game the player is on.
///
/// ```text
/// Setup -> Playing -> RoundOver -> Playing (round 2) -> MatchOver -> Playing (rematch)
/// History -> Replay
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
}

/// Moves between screens: to one of Solomon's (entering the game if it was
/// not on) or back to the title.
#[derive(SystemParam)]
pub struct NextScreen<'w> {
    app: ResMut<'w, NextState<Screen>>,
    game: ResMut<'w, NextState<SolomonScreen>>,
}

impl NextScreen<'_> {
    /// To `screen`.
    pub fn set(&mut self, screen: SolomonScreen) {
        NextState::set_if_neq(&mut self.app, Screen::Game(SOLOMON));
        self.game.set(screen);
    }

    /// Back to the title.
    pub fn title(&mut self) {
        self.app.set(Screen::Title);
    }
}

/// The phase of the turn while `SolomonScreen::Playing`.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(SolomonScreen = SolomonScreen::Playing)]
pub enum TurnPhase {
    /// Chaos draws a counter from the bag.
    #[default]
    Drawing,
    /// Chaos places the drawn counter.
    Placing,
    /// Order slides a counter or passes.
    Sliding,
    /// The board is full; the count is being shown.
    Scoring,
}

impl TurnPhase {
    /// The phase that mirrors the rules' phase.
    pub fn of(phase: entropy_rules::Phase) -> TurnPhase {
        match phase {
            entropy_rules::Phase::ChaosDraw => TurnPhase::Drawing,
            entropy_rules::Phase::ChaosPlace(_) => TurnPhase::Placing,
            entropy_rules::Phase::OrderMove => TurnPhase::Sliding,
            entropy_rules::Phase::Finished => TurnPhase::Scoring,
        }
    }
}

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
