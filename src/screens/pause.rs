//! The pause menu of a match (Esc or Start): Resume, Settings, How to play
//! and Leave match. The match is saved after every move, so leaving loses
//! nothing: the title offers Continue.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::{MenuEvent, MenuKeys, Overlay, OverlayCommand, menu_events};
use crate::AppSet;
use crate::game::Command;
use crate::navigation::{Focus, LastDevice, Nav};
use crate::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        navigate.after(crate::navigation::ReadDevices).in_set(AppSet::Input),
    )
    .add_systems(
        EguiPrimaryContextPass,
        draw.run_if(|o: Res<super::Overlays>| o.contains(Overlay::Pause))
            .in_set(crate::theme::Interface),
    );
}

/// An entry of the pause menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entry {
    Resume,
    Settings,
    HowToPlay,
    Leave,
}

const ENTRIES: [(Entry, &str); 4] = [
    (Entry::Resume, "Resume"),
    (Entry::Settings, "Settings"),
    (Entry::HowToPlay, "How to play"),
    (Entry::Leave, "Leave match"),
];

fn choose(entry: Entry, overlays: &mut MessageWriter<OverlayCommand>, commands: &mut MessageWriter<Command>) {
    match entry {
        Entry::Resume => {
            overlays.write(OverlayCommand::Close);
        }
        Entry::Settings => {
            overlays.write(OverlayCommand::Open(Overlay::Settings));
        }
        Entry::HowToPlay => {
            overlays.write(OverlayCommand::Open(Overlay::Rules));
        }
        Entry::Leave => {
            overlays.write(OverlayCommand::CloseAll);
            commands.write(Command::ToTitle);
        }
    }
}

fn navigate(
    mut keys: MenuKeys,
    mut focus: ResMut<Focus>,
    mut overlays: MessageWriter<OverlayCommand>,
    mut commands: MessageWriter<Command>,
) {
    let entries = ENTRIES.map(|(e, _)| e);
    for event in menu_events(keys.for_dialog(Overlay::Pause), &mut focus, &entries) {
        match event {
            MenuEvent::Confirm(entry) => choose(entry, &mut overlays, &mut commands),
            MenuEvent::Back | MenuEvent::Other(Nav::Pause) => choose(Entry::Resume, &mut overlays, &mut commands),
            _ => {}
        }
    }
}

fn draw(
    mut contexts: EguiContexts,
    mut focus: ResMut<Focus>,
    (open, device): (Res<super::Overlays>, Res<LastDevice>),
    mut overlays: MessageWriter<OverlayCommand>,
    mut commands: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let on_top = open.top() == Some(Overlay::Pause);
    let focused = focus.of(ENTRIES.len());
    widgets::dialog(&ctx, "pause", "Paused", 300.0, |ui| {
        ui.label(widgets::muted("The match is saved after every move.", widgets::SMALL));
        ui.add_space(6.0);
        ui.spacing_mut().item_spacing.y = 10.0;
        for (i, (entry, label)) in ENTRIES.iter().enumerate() {
            let look = widgets::ButtonLook::new(300.0, 44.0)
                .main(i == 0)
                .focused(on_top && i == focused);
            let response = widgets::button(ui, label, look);
            if on_top && response.hovered() && *device == LastDevice::Mouse {
                focus.point_at(i);
            }
            if on_top && response.clicked() {
                choose(*entry, &mut overlays, &mut commands);
            }
        }
    });
    Ok(())
}
