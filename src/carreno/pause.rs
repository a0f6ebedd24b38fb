//! The pause menu of Carreno's game (Esc, Start, or the panel's Leave):
//! Resume, How to play, Settings and Leave game. The game is not kept, so
//! the panel's Leave opens this menu with Leave game focused: one more
//! Enter or click leaves.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use super::game::CarrenoCommand;
use crate::AppSet;
use crate::navigation::{Focus, LastDevice, Nav};
use crate::screens::{MenuEvent, MenuKeys, Overlay, OverlayCommand, Overlays, menu_events};
use crate::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PauseRequest>()
        .add_systems(
            Update,
            navigate.after(crate::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(|o: Res<Overlays>| o.contains(Overlay::CarrenoPause))
                .in_set(crate::theme::Interface),
        );
}

/// How the pause menu was asked for.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PauseRequest {
    /// Open with Leave game focused (the panel's Leave button).
    pub focus_leave: bool,
}

/// An entry of the pause menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Entry {
    Resume,
    HowToPlay,
    Settings,
    Leave,
}

const ENTRIES: [(Entry, &str); 4] = [
    (Entry::Resume, "Resume"),
    (Entry::HowToPlay, "How to play"),
    (Entry::Settings, "Settings"),
    (Entry::Leave, "Leave game"),
];

fn choose(entry: Entry, overlays: &mut MessageWriter<OverlayCommand>, commands: &mut MessageWriter<CarrenoCommand>) {
    match entry {
        Entry::Resume => {
            overlays.write(OverlayCommand::Close);
        }
        Entry::HowToPlay => {
            overlays.write(OverlayCommand::Open(Overlay::CarrenoRules));
        }
        Entry::Settings => {
            overlays.write(OverlayCommand::Open(Overlay::Settings));
        }
        Entry::Leave => {
            overlays.write(OverlayCommand::CloseAll);
            commands.write(CarrenoCommand::ToTitle);
        }
    }
}

fn navigate(
    mut keys: MenuKeys,
    mut focus: ResMut<Focus>,
    open: Res<Overlays>,
    mut request: ResMut<PauseRequest>,
    mut overlays: MessageWriter<OverlayCommand>,
    mut commands: MessageWriter<CarrenoCommand>,
) {
    let keys = keys.for_dialog(Overlay::CarrenoPause);
    if request.focus_leave && open.top() == Some(Overlay::CarrenoPause) {
        request.focus_leave = false;
        focus.point_at(ENTRIES.len() - 1);
    }
    let entries = ENTRIES.map(|(e, _)| e);
    for event in menu_events(keys, &mut focus, &entries) {
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
    (open, device): (Res<Overlays>, Res<LastDevice>),
    mut overlays: MessageWriter<OverlayCommand>,
    mut commands: MessageWriter<CarrenoCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let on_top = open.top() == Some(Overlay::CarrenoPause);
    let focused = focus.of(ENTRIES.len());
    widgets::dialog(&ctx, "carreno pause", "Paused", 300.0, |ui| {
        ui.label(widgets::muted("Leaving ends this game.", widgets::SMALL));
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
