//! The pause menu of either game (Esc or Start; in Carreno's game also the
//! panel's Leave): Resume, Settings, How to play and Leave, in the order
//! and with the words its game gives ([`PausedGame`]). Leaving closes
//! every dialog and sends the game's own command; a [`PauseRequest`] may
//! ask for the menu to open with Leave focused.

use bevy::prelude::*;
use bevy_egui::EguiContexts;

use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};

use crate::app::screen::Screen;
use crate::ui::navigation::{Focus, Nav};
use crate::ui::overlays::{Overlay, OverlayCommand, Overlays};
use crate::ui::theme::widgets;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PauseRequest>();
}

/// A game's pause menu: where it belongs, its words and where Leave goes.
/// It opens as [`Overlay::Pause`].
pub trait PausedGame: Send + Sync + 'static {
    /// Whether the menu is the game's on `screen` (its own screens).
    fn shown(screen: &Screen) -> bool;
    /// egui's name for the window.
    const ID: &'static str;
    /// The line under the heading.
    const NOTE: &'static str;
    /// The entries, top to bottom, with their labels.
    const ENTRIES: [(Entry, &'static str); 4];
    /// The command that leaves the game.
    type Leave: Message;
    /// Leaves the game.
    fn leave() -> Self::Leave;
}

/// An entry of the pause menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// Closes the menu.
    Resume,
    /// Opens the settings.
    Settings,
    /// Opens the game's How to play.
    HowToPlay,
    /// Leaves the game for the title.
    Leave,
}

/// How the pause menu was asked for.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct PauseRequest {
    /// Open with Leave focused (Carreno's panel's Leave button).
    pub focus_leave: bool,
}

/// The pause menu of `G`: its keys and its drawing.
pub fn menu<G: PausedGame>(app: &mut App) {
    crate::ui::overlays::add_dialog(
        app,
        Overlay::Pause,
        navigate::<G>,
        draw::<G>.run_if(|screen: Res<State<Screen>>| G::shown(screen.get())),
    );
}

fn choose<G: PausedGame>(
    entry: Entry,
    overlays: &mut MessageWriter<OverlayCommand>,
    commands: &mut MessageWriter<G::Leave>,
) {
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
            commands.write(G::leave());
        }
    }
}

fn navigate<G: PausedGame>(
    mut keys: MenuKeys,
    mut focus: ResMut<Focus>,
    open: Res<Overlays>,
    mut request: ResMut<PauseRequest>,
    mut overlays: MessageWriter<OverlayCommand>,
    mut commands: MessageWriter<G::Leave>,
    screen: Res<State<Screen>>,
) {
    let mut keys = keys.for_dialog(Overlay::Pause);
    if !G::shown(screen.get()) {
        keys.clear();
    }
    let entries = G::ENTRIES.map(|(e, _)| e);
    if request.focus_leave && open.top() == Some(Overlay::Pause) && G::shown(screen.get()) {
        request.focus_leave = false;
        focus.point_at(entries.iter().position(|&e| e == Entry::Leave).unwrap_or(0));
    }
    for event in menu_events(keys, &mut focus, &entries) {
        match event {
            MenuEvent::Confirm(entry) => choose::<G>(entry, &mut overlays, &mut commands),
            MenuEvent::Back | MenuEvent::Other(Nav::Pause) => choose::<G>(Entry::Resume, &mut overlays, &mut commands),
            _ => {}
        }
    }
}

fn draw<G: PausedGame>(
    mut contexts: EguiContexts,
    mut focus: ResMut<Focus>,
    open: Res<Overlays>,
    mut overlays: MessageWriter<OverlayCommand>,
    mut commands: MessageWriter<G::Leave>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let on_top = open.top() == Some(Overlay::Pause);
    let focused = focus.of(G::ENTRIES.len());
    widgets::dialog(&ctx, G::ID, "Paused", 300.0, |ui| {
        ui.label(widgets::muted(G::NOTE, widgets::SMALL));
        ui.add_space(6.0);
        ui.spacing_mut().item_spacing.y = 10.0;
        for (i, (entry, label)) in G::ENTRIES.iter().enumerate() {
            let look = widgets::ButtonLook::new(300.0, 44.0)
                .entry()
                .focused(on_top && i == focused);
            let response = widgets::button(ui, label, look);
            if on_top && widgets::pointer_takes_focus(ui, response.hovered()) {
                focus.point_at(i);
            }
            if on_top && response.clicked() {
                choose::<G>(*entry, &mut overlays, &mut commands);
            }
        }
    });
    Ok(())
}
