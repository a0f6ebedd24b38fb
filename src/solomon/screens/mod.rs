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
use crate::app::screen::Screen;

mod count_card;
pub mod history;
pub mod match_over;
pub mod panel;
pub mod playing;
pub mod replay;
mod review_card;
pub mod round_over;
pub mod rules;
pub mod setup;
mod setup_rows;
mod turn_card;

pub(crate) fn plugin(app: &mut App) {
    app.add_sub_state::<TurnPhase>()
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
            history::plugin,
            replay::plugin,
        ));
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
        matches!(
            screen,
            Screen::Playing | Screen::RoundOver | Screen::MatchOver | Screen::Replay
        )
        .then_some(InMatch)
    }
}
