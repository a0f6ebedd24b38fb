//! The result screen's choices, for the keys, the gamepad and the panel's
//! buttons alike: Rematch, Review, New match, Title.

use bevy::prelude::*;

use super::SimScreen;
use super::game::SimCommand;
use crate::app::AppSet;
use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};
use crate::ui::navigation::{Focus, Nav};
use crate::ui::overlays::{Overlay, OverlayCommand};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(SimScreen::Over), |mut focus: ResMut<Focus>| focus.set(0))
        .add_systems(
            Update,
            navigate_over
                .after(crate::ui::navigation::ReadDevices)
                .in_set(AppSet::Input),
        );
}

/// The result screen's choices, two to a row.
pub const CHOICES: [(SimCommand, &str); 4] = [
    (SimCommand::Rematch, "Rematch"),
    (SimCommand::Review, "Review"),
    (SimCommand::OpenSetup, "New match"),
    (SimCommand::ToTitle, "Title"),
];

fn navigate_over(
    mut keys: MenuKeys<SimScreen>,
    mut focus: ResMut<Focus>,
    mut commands: MessageWriter<SimCommand>,
    mut overlays: MessageWriter<OverlayCommand>,
) {
    let choices = CHOICES.map(|(c, _)| c);
    for event in menu_events(keys.for_screen(SimScreen::Over), &mut focus, &choices) {
        match event {
            MenuEvent::Confirm(command) => {
                commands.write(command);
            }
            MenuEvent::Change(_, delta) => focus.step(CHOICES.len(), delta as isize),
            MenuEvent::Back => {
                commands.write(SimCommand::ToTitle);
            }
            MenuEvent::Other(Nav::Pause) => {
                overlays.write(OverlayCommand::Open(Overlay::Pause));
            }
            MenuEvent::Other(_) => {}
        }
    }
}
