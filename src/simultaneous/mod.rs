//! The simultaneous match: Solomon's Entropy on two boards at once, as
//! SuperDuperGames plays it. Each player is Order on a board of their own
//! and Chaos on the other's; one queue of draws feeds both boards, so
//! neither player has the luck of the bag over the other. The rules are
//! `entropy_rules::SimultaneousMatch`; this room draws both boards, takes
//! each person's moves on the board waiting for them, and lets the
//! computer play either seat, all through the table's turn pipeline.
//!
//! ```text
//! Setup -> Playing -> Over -> Playing (rematch) / Setup
//! History (Solomon's room, the one list of matches) -> Replay -> History
//! ```
//!
//! A match is saved as it goes and kept in the history once decided
//! ([`saved`]); one from the history is stepped through, and reviewed by
//! the computer board by board, in [`replay`]. A match played through a
//! server is played here too, the opponent at a remote seat ([`online`]).

use bevy::prelude::*;

use crate::app::screen::{GameId, GameScreens, Screen};

pub mod boards;
pub mod computer;
pub mod count;
pub mod game;
pub mod input;
pub mod looks;
pub mod online;
pub mod panel;
pub mod pause;
pub mod replay;
pub mod replay_panel;
pub mod result;
pub mod rules;
pub mod saved;
pub mod setup;
pub mod setup_screen;
pub mod sounds;

pub use game::{SimAction, SimCommand, SimEvent, SimMatch, Simultaneous};
pub use setup::{SimOpponent, SimSetup};

/// The room's logic (headless): its screens, the match and its computers.
pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<SimScreen>()
        .add_computed_state::<InSimultaneous>()
        .add_systems(OnEnter(InSimultaneous), |mut commands: Commands| {
            commands.insert_resource(crate::app::screen::MatchShown)
        })
        .add_systems(OnExit(InSimultaneous), forget_the_match)
        .add_plugins((
            setup::plugin,
            setup_screen::plugin,
            game::plugin,
            boards::plugin,
            input::plugin,
            computer::plugin,
            count::plugin,
            pause::plugin,
            rules::plugin,
            saved::plugin,
            replay::plugin,
            result::plugin,
            online::plugin,
        ));
}

/// Nothing of a match outlives it: leaving the boards (for the title, the
/// setup or the History) takes the match, its music and a counter in hand
/// with it; its boards, computer, search and count go on the same exit
/// where they are kept ([`boards`], [`computer`], [`count`]).
fn forget_the_match(mut hand: ResMut<input::SimHand>, mut commands: Commands) {
    commands.remove_resource::<SimMatch>();
    commands.remove_resource::<crate::app::screen::MatchShown>();
    *hand = input::SimHand::default();
}

/// How the boards look, and the side panel: needs the drawn images and the fonts.
pub(super) fn looks_plugin(app: &mut App) {
    app.add_plugins((looks::plugin, panel::plugin, replay_panel::plugin, sounds::plugin));
}

/// Present while a simultaneous match is on screen (played, over, or replayed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InSimultaneous;

impl ComputedStates for InSimultaneous {
    type SourceStates = SimScreen;

    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(screen: SimScreen) -> Option<Self> {
        matches!(screen, SimScreen::Playing | SimScreen::Over | SimScreen::Replay).then_some(InSimultaneous)
    }
}

/// The simultaneous match, when it is on.
pub const SIMULTANEOUS: GameId = GameId("simultaneous");

/// The screen of the simultaneous match the player is on.
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Game(SIMULTANEOUS))]
pub enum SimScreen {
    /// Choosing the opponent and the board.
    #[default]
    Setup,
    /// Both boards being played.
    Playing,
    /// The match is over: both boards counted, the result.
    Over,
    /// A match from the history, stepped through.
    Replay,
}

impl GameScreens for SimScreen {
    const GAME: GameId = SIMULTANEOUS;
}

/// Moves to one of the simultaneous match's screens, or back to the title.
pub type NextScreen<'w> = crate::app::screen::NextScreen<'w, SimScreen>;
