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

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::navigation::{Focus, Nav};

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
pub mod settings;
pub mod setup;
pub mod title;
pub mod transition;

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

/// What a menu's keys did this frame: the control confirmed, a choice
/// changed, or back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MenuEvent<T> {
    /// The focused control was pressed.
    Confirm(T),
    /// The focused choice moves to its previous (-1) or next (+1) value.
    Change(T, i32),
    /// Back (Esc, Backspace, B).
    Back,
    /// Any other request (pass, hint, undo, pause).
    Other(Nav),
}

/// The keys and buttons for one screen or dialog.
///
/// Every system that reads [`Nav`] runs every frame and asks for its keys
/// through this, which reads them all and hands them over only while its
/// screen is shown with no dialog over it (or its dialog is on top). A
/// system that ran only while its screen was shown would see, on its first
/// frame, the key that opened the screen.
#[derive(SystemParam)]
pub struct MenuKeys<'w, 's> {
    nav: MessageReader<'w, 's, Nav>,
    screen: Res<'w, State<Screen>>,
    overlays: Res<'w, Overlays>,
}

impl MenuKeys<'_, '_> {
    /// This frame's keys if `screen` is shown and no dialog is open.
    pub fn for_screen(&mut self, screen: Screen) -> Vec<Nav> {
        let active = *self.screen.get() == screen && self.overlays.is_empty();
        self.take_if(active)
    }

    /// This frame's keys if `overlay` is the dialog on top.
    pub fn for_dialog(&mut self, overlay: Overlay) -> Vec<Nav> {
        let active = self.overlays.top() == Some(overlay);
        self.take_if(active)
    }

    fn take_if(&mut self, active: bool) -> Vec<Nav> {
        let keys: Vec<Nav> = self.nav.read().copied().collect();
        if active { keys } else { Vec::new() }
    }
}

/// Moves the focus up and down a menu of `items` with `keys` and reports the rest.
pub fn menu_events<T: Copy>(keys: Vec<Nav>, focus: &mut Focus, items: &[T]) -> Vec<MenuEvent<T>> {
    let mut events = Vec::new();
    for n in keys {
        let focused = items.get(focus.of(items.len())).copied();
        match (n, focused) {
            (Nav::Up, _) => focus.step(items.len(), -1),
            (Nav::Down, _) => focus.step(items.len(), 1),
            (Nav::Left, Some(item)) => events.push(MenuEvent::Change(item, -1)),
            (Nav::Right, Some(item)) => events.push(MenuEvent::Change(item, 1)),
            (Nav::Confirm, Some(item)) => events.push(MenuEvent::Confirm(item)),
            (Nav::Back, _) => events.push(MenuEvent::Back),
            (Nav::Left | Nav::Right | Nav::Confirm, None) => {}
            (other, _) => events.push(MenuEvent::Other(other)),
        }
    }
    events
}
