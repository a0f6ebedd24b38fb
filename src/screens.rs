//! Screens as `States` and the turn phases as a `SubStates` of `Playing`.
//!
//! ```text
//! Title -> Setup -> Playing -> RoundOver -> Playing (round 2) -> MatchOver -> Setup (rematch) / Title
//! Playing: Drawing -> Placing -> Sliding -> Drawing ... -> Scoring
//! ```
//! The phase always mirrors the rules crate's [`entropy_rules::Phase`] of the
//! round being played (see `game::sync_phase`); it is never decided here.

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_sub_state::<TurnPhase>()
        .add_computed_state::<InMatch>();
}

/// The screen the player is on.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// The title and main menu.
    #[default]
    Title,
    /// Choosing board size, names and who is Order first.
    Setup,
    /// A round being played.
    Playing,
    /// A round has been scored; the next one waits.
    RoundOver,
    /// Both rounds are over: the result and a rematch.
    MatchOver,
}

/// The phase of the turn while `Screen::Playing`.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Playing)]
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
    type SourceStates = Screen;

    // Playing -> RoundOver keeps the match on screen: not an exit and re-entry.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(screen: Screen) -> Option<Self> {
        matches!(screen, Screen::Playing | Screen::RoundOver | Screen::MatchOver).then_some(InMatch)
    }
}
