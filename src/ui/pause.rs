//! The pause menu of either game (Esc or Start; in Carreno's game also the
//! panel's Leave): Resume, Settings, How to play and Leave, in the order
//! and with the words its game gives ([`PausedGame`]). Leaving closes
//! every dialog and sends the game's own command; a [`PauseRequest`] may
//! ask for the menu to open with Leave focused. A floor above may add
//! entries of its own after Resume, and a note of its own
//! ([`PauseExtras`]: a game played on a server's takeback, resignation
//! and way back to the lobby); choosing one sends [`PauseExtraChosen`].

use bevy::prelude::*;
use bevy_egui::EguiContexts;

use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};

use crate::app::screen::Screen;
use crate::ui::navigation::{Focus, Nav};
use crate::ui::overlays::{Overlay, OverlayCommand, Overlays};
use crate::ui::theme::widgets;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PauseRequest>()
        .init_resource::<PauseExtras>()
        .add_message::<PauseExtraChosen>();
}

/// Entries added to the pause menu of the screen shown, after Resume, each
/// an id of its owner's and its label; a note that replaces the game's,
/// and a title for a game that does not pause (one on a server).
/// The owner keeps them up to date and empties them when its screen goes.
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct PauseExtras {
    pub entries: Vec<(u8, String)>,
    pub note: Option<String>,
    pub title: Option<String>,
}

/// An entry of [`PauseExtras`] chosen (its id). Choosing one closes the menu.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PauseExtraChosen(pub u8);

/// A row of the pause menu as shown: the game's entry or an added one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Row {
    Game(Entry),
    Extra(u8),
}

/// The menu's rows: Resume, the extras, then the game's other entries.
fn rows<G: PausedGame>(extras: &PauseExtras) -> Vec<(Row, String)> {
    let mut rows = Vec::new();
    for (i, (entry, label)) in G::ENTRIES.iter().enumerate() {
        rows.push((Row::Game(*entry), label.to_string()));
        if i == 0 {
            rows.extend(
                extras
                    .entries
                    .iter()
                    .map(|(id, label)| (Row::Extra(*id), label.clone())),
            );
        }
    }
    rows
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

/// Acts on a row chosen.
fn choose_row<G: PausedGame>(
    row: Row,
    overlays: &mut MessageWriter<OverlayCommand>,
    commands: &mut MessageWriter<G::Leave>,
    extras: &mut MessageWriter<PauseExtraChosen>,
) {
    match row {
        Row::Game(entry) => choose::<G>(entry, overlays, commands),
        Row::Extra(id) => {
            overlays.write(OverlayCommand::Close);
            extras.write(PauseExtraChosen(id));
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn navigate<G: PausedGame>(
    mut keys: MenuKeys,
    mut focus: ResMut<Focus>,
    open: Res<Overlays>,
    mut request: ResMut<PauseRequest>,
    (mut overlays, mut commands, mut chosen): (
        MessageWriter<OverlayCommand>,
        MessageWriter<G::Leave>,
        MessageWriter<PauseExtraChosen>,
    ),
    extras: Res<PauseExtras>,
    screen: Res<State<Screen>>,
) {
    let mut keys = keys.for_dialog(Overlay::Pause);
    if !G::shown(screen.get()) {
        keys.clear();
    }
    let rows: Vec<Row> = rows::<G>(&extras).into_iter().map(|(row, _)| row).collect();
    if request.focus_leave && open.top() == Some(Overlay::Pause) && G::shown(screen.get()) {
        request.focus_leave = false;
        focus.point_at(rows.iter().position(|&r| r == Row::Game(Entry::Leave)).unwrap_or(0));
    }
    for event in menu_events(keys, &mut focus, &rows) {
        match event {
            MenuEvent::Confirm(row) => choose_row::<G>(row, &mut overlays, &mut commands, &mut chosen),
            MenuEvent::Back | MenuEvent::Other(Nav::Pause) => choose::<G>(Entry::Resume, &mut overlays, &mut commands),
            _ => {}
        }
    }
}

fn draw<G: PausedGame>(
    mut contexts: EguiContexts,
    mut focus: ResMut<Focus>,
    open: Res<Overlays>,
    (mut overlays, mut commands, mut chosen): (
        MessageWriter<OverlayCommand>,
        MessageWriter<G::Leave>,
        MessageWriter<PauseExtraChosen>,
    ),
    extras: Res<PauseExtras>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let on_top = open.top() == Some(Overlay::Pause);
    let rows = rows::<G>(&extras);
    let focused = focus.of(rows.len());
    let note = extras.note.as_deref().unwrap_or(G::NOTE);
    let title = extras.title.as_deref().unwrap_or("Paused");
    widgets::dialog(&ctx, G::ID, title, 300.0, |ui| {
        ui.add(bevy_egui::egui::Label::new(widgets::muted(note, widgets::SMALL)).wrap());
        ui.add_space(6.0);
        ui.spacing_mut().item_spacing.y = 10.0;
        for (i, (row, label)) in rows.iter().enumerate() {
            let look = widgets::ButtonLook::new(300.0, 44.0)
                .entry()
                .focused(on_top && i == focused);
            let response = widgets::button(ui, label, look);
            if on_top && widgets::pointer_takes_focus(ui, response.hovered()) {
                focus.point_at(i);
            }
            if on_top && response.clicked() {
                choose_row::<G>(*row, &mut overlays, &mut commands, &mut chosen);
            }
        }
    });
    Ok(())
}
