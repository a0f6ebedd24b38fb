//! The result screen's choices, for the keys, the gamepad and the panel's
//! buttons alike: Rematch, Review, New match, Title; after a match on a
//! server, Rematch as the server has it and Lobby instead of New match
//! (a spectator: Review, Lobby, Title).

use bevy::prelude::*;

use super::SimScreen;
use super::game::SimCommand;
use crate::app::AppSet;
use crate::online::card::OnlineCard;
use crate::online::table::rematch_label;
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

/// The choices for the match shown.
pub fn choices(online: &OnlineCard) -> Vec<(SimCommand, &'static str)> {
    let Some((table, followed)) = online.game() else {
        return CHOICES.to_vec();
    };
    let mut choices = Vec::new();
    if !table.watching() {
        choices.push((SimCommand::Rematch, rematch_label(table, followed)));
    }
    choices.extend([
        (SimCommand::Review, "Review"),
        (SimCommand::ToLobby, "Lobby"),
        (SimCommand::ToTitle, "Title"),
    ]);
    choices
}

fn navigate_over(
    mut keys: MenuKeys<SimScreen>,
    mut focus: ResMut<Focus>,
    mut commands: MessageWriter<SimCommand>,
    mut overlays: MessageWriter<OverlayCommand>,
    online: OnlineCard,
) {
    let choices: Vec<SimCommand> = choices(&online).into_iter().map(|(c, _)| c).collect();
    for event in menu_events(keys.for_screen(SimScreen::Over), &mut focus, &choices) {
        match event {
            MenuEvent::Confirm(command) => {
                commands.write(command);
            }
            MenuEvent::Change(_, delta) => focus.step(choices.len(), delta as isize),
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
