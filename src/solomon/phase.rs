//! The phase of the turn as the interface names it: the rules crate's
//! [`entropy_rules::Phase`] of the round being played, read where it is
//! needed ([`CurrentPhase`]); it is never decided or copied here.
//!
//! ```text
//! Playing: Drawing -> Placing -> Sliding -> Drawing ... -> Scoring
//! ```

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::solomon::game::CurrentMatch;
use crate::solomon::screen::SolomonScreen;

/// The phase of the turn while `SolomonScreen::Playing`, as the interface
/// names it: the rules' phase, read from the match itself whenever it is
/// needed ([`CurrentPhase`]), never kept as a copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TurnPhase {
    /// Chaos draws a counter from the bag.
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

/// The phase of the turn now: `None` unless a round is being played.
#[derive(SystemParam)]
pub struct CurrentPhase<'w> {
    game: Option<Res<'w, CurrentMatch>>,
    screen: Option<Res<'w, State<SolomonScreen>>>,
}

impl CurrentPhase<'_> {
    /// The phase of the turn, from the rules' phase of the round played.
    pub fn get(&self) -> Option<TurnPhase> {
        let playing = self.screen.as_ref().is_some_and(|s| *s.get() == SolomonScreen::Playing);
        let game = self.game.as_ref().filter(|_| playing)?;
        Some(TurnPhase::of(game.round().phase()))
    }
}

/// Run condition: the round played is over and its count is due or running.
pub fn scoring(phase: CurrentPhase) -> bool {
    phase.get() == Some(TurnPhase::Scoring)
}
