//! The screens of Solomon's game, one file per screen or card, each a
//! plugin whose systems run only while it is shown; the turn's phase as the
//! interface names it.
//!
//! ```text
//! Playing: Drawing -> Placing -> Sliding -> Drawing ... -> Scoring
//! ```
//! The phase is the rules crate's [`entropy_rules::Phase`] of the round
//! being played, read where it is needed ([`CurrentPhase`]); it is never
//! decided or copied here.

use bevy::prelude::*;

use crate::app::screen::MatchShown;
use bevy::ecs::system::SystemParam;

use crate::app::screen::{GameId, GameScreens, Screen};
use crate::solomon::game::CurrentMatch;

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
        .add_computed_state::<InMatch>()
        .add_systems(OnEnter(InMatch), |mut commands: Commands| {
            commands.insert_resource(MatchShown)
        })
        .add_systems(OnExit(InMatch), |mut commands: Commands| {
            commands.remove_resource::<MatchShown>()
        })
        .add_systems(OnExit(InMatch), crate::history::review::cancel)
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

impl GameScreens for SolomonScreen {
    const GAME: GameId = SOLOMON;
}

/// Moves to one of Solomon's screens, or back to the title.
pub type NextScreen<'w> = crate::app::screen::NextScreen<'w, SolomonScreen>;

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
