//! Carreno's Entropy, the second game: Augustine Carreno's movement game of
//! 1994 (seed 002), seven pieces a side on a 5×5 board. Everything it needs
//! in the game lives here; the rules and the computer players are the
//! `carreno_rules` and `carreno_ai` crates, and nothing here decides what is
//! legal, what checks or who won.
//!
//! ```text
//! mouse, keys, pad (input.rs)       computer.rs (task pool)
//!              \                        /
//!               +--> Intent<Carreno>(Move) <--+
//!                          |
//!   table::turn::apply_changes: Game::play
//!      Ok -> Applied(Played)            Err -> Refused (the rules' reason)
//!            |                                |
//!   board.rs slides the piece,        the piece shakes, the square flashes,
//!   marks, panel and sound follow     the panel says why
//! ```
//!
//! One plugin per file: [`setup`] (the setup screen; its choices and rows
//! in [`choices`]), [`game`] (intents, rule events, commands; the game
//! resource in [`table`]), [`board`] (the board's entities and their
//! motion), [`input`] (mouse, keyboard and gamepad), [`computer`] (computer
//! players and hints off the frame), [`playing`] (the playing screen's keys
//! and turn card), [`panel`] (the side panel), [`result`] (the result
//! screen), [`pause`] and [`rules`] (How to play: the pages, in the
//! windows both games share), [`mini_board`] (a small board in the
//! interface), and, with a window only, [`looks`] and [`marks`] (sprites).

use bevy::prelude::*;

use crate::app::screen::{GameId, GameScreens, Screen};

pub mod board;
pub mod choices;
pub mod commands;
pub mod computer;
pub mod game;
pub mod input;
pub mod looks;
pub mod marks;
pub mod mini_board;
pub mod panel;
pub mod pause;
pub mod playing;
pub mod result;
pub mod rules;
pub mod setup;
pub mod setup_prefs;
pub mod sounds;
pub mod table;

pub use game::{Applied, Attempt, Carreno, CarrenoCommand, CarrenoMatch, Intent, Refused, Seat, Undone};
pub use setup::{CarrenoOpponent, CarrenoSetup, SideChoice};

/// The game's logic (headless): screens, the game, input, computer players,
/// the board's entities and the interface.
pub(super) fn plugin(app: &mut App) {
    app.add_sub_state::<CarrenoScreen>()
        .add_computed_state::<InCarreno>()
        .add_systems(OnEnter(InCarreno), |mut commands: Commands| {
            commands.insert_resource(crate::app::screen::MatchShown)
        })
        .add_systems(OnExit(InCarreno), |mut commands: Commands| {
            commands.remove_resource::<crate::app::screen::MatchShown>()
        })
        .add_plugins((
            setup::plugin,
            game::plugin,
            board::plugin,
            input::plugin,
            computer::plugin,
            playing::plugin,
            result::plugin,
            pause::plugin,
            rules::plugin,
        ));
}

/// How the board looks: needs the drawn images and the fonts.
pub(super) fn looks_plugin(app: &mut App) {
    app.add_plugins((looks::plugin, marks::plugin, sounds::plugin))
        .add_systems(OnEnter(InCarreno), |mut view: ResMut<crate::ui::camera::WorldView>| {
            let (min, max) = board::CarrenoLayout::view();
            view.show(min, max);
        })
        .add_systems(OnExit(InCarreno), |mut view: ResMut<crate::ui::camera::WorldView>| {
            *view = crate::ui::camera::WorldView::default();
        });
}

/// Present while a game of Carreno's is on screen (played or over): the
/// board's entities live as long as this state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct InCarreno;

impl ComputedStates for InCarreno {
    type SourceStates = CarrenoScreen;

    // Carreno -> CarrenoOver keeps the board on screen.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute(screen: CarrenoScreen) -> Option<Self> {
        matches!(screen, CarrenoScreen::Playing | CarrenoScreen::Over).then_some(InCarreno)
    }
}

/// Carreno's game, when it is on.
pub const CARRENO: GameId = GameId("carreno");

/// The screen of Carreno's game the player is on.
///
/// ```text
/// Setup -> Playing -> Over -> Playing (rematch) / Setup
/// ```
#[derive(SubStates, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[source(Screen = Screen::Game(CARRENO))]
pub enum CarrenoScreen {
    /// Choosing the opponent and side.
    #[default]
    Setup,
    /// A game being played.
    Playing,
    /// The game is over: the result, the board still shown.
    Over,
}

impl GameScreens for CarrenoScreen {
    const GAME: GameId = CARRENO;
}

/// Moves to one of Carreno's screens, or back to the title.
pub type NextScreen<'w> = crate::app::screen::NextScreen<'w, CarrenoScreen>;
