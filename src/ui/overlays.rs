//! The dialogs that open over a screen ([`Overlays`]): the pause menu, the
//! settings, how to play. While one is open, the screen under it takes no
//! input.

use bevy::ecs::system::ScheduleSystem;
use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::ui::navigation::Focus;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Overlays>()
        .add_message::<OverlayCommand>()
        .add_systems(Update, open_and_close_overlays.in_set(crate::app::AppSet::Input))
        .add_systems(Update, close_with_the_screen.before(open_and_close_overlays));
}

/// A dialog over the screen. While one is open, the screen under it takes no
/// input, the clock stops and the computer's move waits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Overlay {
    /// The pause menu of the game on screen.
    Pause,
    /// The settings.
    Settings,
    /// How to play.
    Rules,
    /// The on-screen keyboard, typing into a field with a gamepad.
    Keyboard,
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
/// [`crate::ui::menus::MenuKeys`]), `draw` draws it while `overlay` is open.
pub fn add_dialog<N, D>(
    app: &mut App,
    overlay: Overlay,
    navigate: impl IntoScheduleConfigs<ScheduleSystem, N>,
    draw: impl IntoScheduleConfigs<ScheduleSystem, D>,
) {
    app.add_systems(
        Update,
        navigate
            .after(crate::ui::navigation::ReadDevices)
            .in_set(crate::app::AppSet::Input),
    )
    .add_systems(
        EguiPrimaryContextPass,
        draw.run_if(move |o: Res<Overlays>| o.contains(overlay))
            .in_set(crate::ui::theme::Interface),
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

/// A dialog belongs to the screen it was opened over: a change of screen
/// (a match left for the title, a game entered) closes what was open.
fn close_with_the_screen(
    mut changes: MessageReader<StateTransitionEvent<crate::app::screen::Screen>>,
    mut overlays: ResMut<Overlays>,
    mut focus: ResMut<Focus>,
) {
    let changed = changes.read().any(|change| change.exited != change.entered);
    if changed {
        while overlays.0.pop().is_some() {
            focus.close_dialog();
        }
    }
}
