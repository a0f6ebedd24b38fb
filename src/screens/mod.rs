//! Screens as `States`, the turn phases as a `SubStates` of `Playing`, and
//! the dialogs that open over a screen ([`Overlays`]). One file per screen
//! or dialog, each a plugin whose systems run only while it is shown.
//!
//! ```text
//! Title -> Setup -> Playing -> RoundOver -> Playing (round 2) -> MatchOver -> Playing (rematch) / Title
//! Playing: Drawing -> Placing -> Sliding -> Drawing ... -> Scoring
//! Over any screen: Pause, Settings, How to play
//! Title -> CarrenoSetup -> Carreno -> CarrenoOver -> Carreno (rematch) / CarrenoSetup / Title
//! ```
//! Carreno's game has its screens here and everything else in `crate::carreno`.
//! The phase always mirrors the rules crate's [`entropy_rules::Phase`] of the
//! round being played (see `game::sync_phase`); it is never decided here.

use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::navigation::Focus;

mod count_card;
pub mod history;
pub mod match_over;
mod menus;
pub mod panel;
pub mod pause;
pub mod playing;
pub mod replay;
mod review_card;
pub mod round_over;
pub mod rules;
pub mod rules_window;
mod save_notice;
pub mod settings;
pub mod setup;
mod setup_rows;
pub mod title;
pub mod transition;
mod turn_card;

pub use menus::{MenuEvent, MenuKeys, cycle, menu_events};

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_sub_state::<TurnPhase>()
        .add_computed_state::<InMatch>()
        .init_resource::<Overlays>()
        .add_message::<OverlayCommand>()
        .add_systems(Update, open_and_close_overlays.in_set(crate::AppSet::Input))
        .add_plugins((
            title::plugin,
            setup::plugin,
            playing::plugin,
            round_over::plugin,
            match_over::plugin,
            pause::plugin,
            settings::plugin,
            rules::plugin,
            history::plugin,
            replay::plugin,
            transition::plugin,
            save_notice::plugin,
        ));
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

/// A dialog over the screen. While one is open, the screen under it takes no
/// input, the clock stops and the computer's move waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Overlay {
    /// The pause menu of a match.
    Pause,
    /// The settings.
    Settings,
    /// How to play.
    Rules,
    /// The pause menu of a game of Carreno's Entropy.
    CarrenoPause,
    /// How to play Carreno's Entropy.
    CarrenoRules,
}

/// The dialogs open, the top one last.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Overlays(Vec<Overlay>);

impl Overlays {
    /// The dialog on top.
    pub fn top(&self) -> Option<Overlay> {
        self.0.last().copied()
    }

    /// Whether no dialog is open.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether `overlay` is open (on top or under another).
    pub fn contains(&self, overlay: Overlay) -> bool {
        self.0.contains(&overlay)
    }
}

/// Opens or closes a dialog.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum OverlayCommand {
    /// Opens this dialog over what is shown.
    Open(Overlay),
    /// Closes the dialog on top.
    Close,
    /// Closes every dialog.
    CloseAll,
}

/// Adds a dialog's systems: `navigate` reads its keys every frame (see
/// [`MenuKeys`]), `draw` draws it while `overlay` is open.
pub fn add_dialog<N, D>(
    app: &mut App,
    overlay: Overlay,
    navigate: impl IntoScheduleConfigs<ScheduleSystem, N>,
    draw: impl IntoScheduleConfigs<ScheduleSystem, D>,
) {
    app.add_systems(
        Update,
        navigate
            .after(crate::navigation::ReadDevices)
            .in_set(crate::AppSet::Input),
    )
    .add_systems(
        EguiPrimaryContextPass,
        draw.run_if(move |o: Res<Overlays>| o.contains(overlay))
            .in_set(crate::theme::Interface),
    );
}

/// Run condition: no dialog is open.
pub fn no_overlay(overlays: Res<Overlays>) -> bool {
    overlays.is_empty()
}

/// Run condition: `overlay` is the dialog on top.
pub fn overlay_on_top(overlay: Overlay) -> impl Fn(Res<Overlays>) -> bool + Clone {
    move |overlays: Res<Overlays>| overlays.top() == Some(overlay)
}

fn open_and_close_overlays(
    mut commands: MessageReader<OverlayCommand>,
    mut overlays: ResMut<Overlays>,
    mut focus: ResMut<Focus>,
) {
    for command in commands.read() {
        match *command {
            OverlayCommand::Open(overlay) => {
                if overlays.top() != Some(overlay) {
                    overlays.0.push(overlay);
                    focus.open_dialog(0);
                }
            }
            OverlayCommand::Close => {
                if overlays.0.pop().is_some() {
                    focus.close_dialog();
                }
            }
            OverlayCommand::CloseAll => {
                while overlays.0.pop().is_some() {
                    focus.close_dialog();
                }
            }
        }
    }
}
