//! The title: the game's name, a line on Order and Chaos, counters behind
//! it, and the main menu, which offers both games: Solomon's (New match,
//! Tutorial, History) and Carreno's Entropy. A line under the menu says
//! what the focused entry is. Enter (or A) on the focused entry; the focus
//! starts on Continue when a match is saved, else on New match.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};

use crate::ui::overlays::{Overlay, OverlayCommand};

use crate::app::AppSet;
use crate::app::prefs::PrefsFile;
use crate::app::screen::Screen;
use crate::carreno::CarrenoCommand;
use crate::solomon::game::Command;
use crate::solomon::match_setup::Opponent;
use crate::solomon::saved::SavedMatch;
use crate::ui::navigation::{Focus, LastDevice};
use crate::ui::theme;
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Title), focus_main)
        .add_systems(
            Update,
            navigate.after(crate::ui::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(Update, first_game_played.in_set(AppSet::Turn))
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(Screen::Title)).in_set(crate::ui::theme::Interface),
        );
}

/// An entry of the main menu.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// Resume the saved match.
    Continue,
    /// Choose and start a new match.
    NewMatch,
    /// The first-game tutorial.
    Tutorial,
    /// Carreno's Entropy, the second game: its setup.
    Carreno,
    /// The matches kept.
    History,
    /// The settings.
    Settings,
    /// How to play.
    HowToPlay,
    /// Close the game.
    Quit,
}

impl Entry {
    fn label(self) -> &'static str {
        match self {
            Entry::Continue => "Continue",
            Entry::NewMatch => "New match",
            Entry::History => "History",
            Entry::Tutorial => "Tutorial",
            Entry::Carreno => "Carreno's Entropy",
            Entry::Settings => "Settings",
            Entry::HowToPlay => "How to play",
            Entry::Quit => "Quit",
        }
    }

    /// What the entry is, in a line.
    pub fn blurb(self) -> &'static str {
        match self {
            Entry::Continue => "Back to the match you left.",
            Entry::NewMatch => "Solomon's Entropy: Order against Chaos, a round in each role.",
            Entry::Tutorial => "A guided first round of Solomon's Entropy.",
            Entry::Carreno => "The other Entropy: Augustine Carreno's game of movement, 1994.",
            Entry::History => "The matches you played, to replay and review.",
            Entry::Settings => "Sound, motion, the counters' marks, the screen.",
            Entry::HowToPlay => "The rules of Solomon's Entropy, its scoring and controls.",
            Entry::Quit => "Close the game.",
        }
    }
}

/// What `entry` is, in a line; Continue says which match it goes back to.
pub fn blurb(entry: Entry, saved: Option<&SavedMatch>) -> String {
    match (entry, saved.and_then(|s| s.data.as_ref()).map(|d| d.restore())) {
        (Entry::Continue, Some(Ok((game, setup, _)))) => {
            let against = match setup.opponent {
                Opponent::Computer(level) => format!("your match against {}", level.title()),
                Opponent::Person => "the match at this screen".to_string(),
                Opponent::Watch(a, b) => format!("watching {} and {}", a.title(), b.title()),
            };
            let round = game.game.round_index() + 1;
            let moves = game.round().turns().len();
            format!("Back to {against}: round {round}, move {}.", moves + 1)
        }
        _ => entry.blurb().to_string(),
    }
}

/// The entries shown, top to bottom: Continue first when a match is saved,
/// the tutorial first on the very first launch.
pub fn entries(saved: Option<&SavedMatch>, first_launch: bool) -> Vec<Entry> {
    let mut entries = Vec::new();
    if saved.is_some_and(|s| s.resumable()) {
        entries.push(Entry::Continue);
    }
    if first_launch {
        entries.extend([Entry::Tutorial, Entry::NewMatch]);
    } else {
        entries.extend([Entry::NewMatch, Entry::Tutorial]);
    }
    entries.extend([
        Entry::Carreno,
        Entry::History,
        Entry::Settings,
        Entry::HowToPlay,
        Entry::Quit,
    ]);
    entries
}

/// Once a match or the tutorial has begun, the title leads with New match.
fn first_game_played(mut commands: MessageReader<Command>, mut prefs: ResMut<PrefsFile>) {
    let begun = commands
        .read()
        .any(|c| matches!(c, Command::StartMatch | Command::StartTutorial | Command::Continue));
    if begun && prefs.first_launch {
        prefs.first_launch = false;
    }
}

fn focus_main(mut focus: ResMut<Focus>) {
    focus.set(0);
}

fn choose(entry: Entry, out: &mut MenuOut) {
    let MenuOut {
        commands,
        overlays,
        carreno,
    } = out;
    match entry {
        Entry::Carreno => {
            carreno.write(CarrenoCommand::OpenSetup);
        }
        Entry::Continue => {
            commands.write(Command::Continue);
        }
        Entry::NewMatch => {
            commands.write(Command::OpenSetup);
        }
        Entry::History => {
            commands.write(Command::OpenHistory);
        }
        Entry::Tutorial => {
            commands.write(Command::StartTutorial);
        }
        Entry::Settings => {
            overlays.write(OverlayCommand::Open(Overlay::Settings));
        }
        Entry::HowToPlay => {
            overlays.write(OverlayCommand::Open(Overlay::Rules));
        }
        Entry::Quit => {
            commands.write(Command::Quit);
        }
    }
}

/// Where the title's choices go.
#[derive(SystemParam)]
struct MenuOut<'w> {
    commands: MessageWriter<'w, Command>,
    overlays: MessageWriter<'w, OverlayCommand>,
    carreno: MessageWriter<'w, CarrenoCommand>,
}

fn navigate(
    mut keys: MenuKeys,
    mut focus: ResMut<Focus>,
    saved: Option<Res<SavedMatch>>,
    mut prefs: ResMut<PrefsFile>,
    mut out: MenuOut,
) {
    let entries = entries(saved.as_deref(), prefs.first_launch);
    for event in menu_events(keys.for_screen(Screen::Title), &mut focus, &entries) {
        match event {
            MenuEvent::Confirm(entry) => choose(entry, &mut out),
            MenuEvent::Back => prefs.notices_dismissed = true,
            _ => {}
        }
    }
}

/// What the title's menu reads and writes.
#[derive(SystemParam)]
struct TitleMenu<'w> {
    focus: ResMut<'w, Focus>,
    saved: Option<Res<'w, SavedMatch>>,
    device: Res<'w, LastDevice>,
    overlays: Res<'w, crate::ui::overlays::Overlays>,
    out: MenuOut<'w>,
}

fn draw(mut contexts: EguiContexts, mut menu: TitleMenu, mut prefs: ResMut<PrefsFile>) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let entries = entries(menu.saved.as_deref(), prefs.first_launch);
    let focused = menu.focus.of(entries.len());
    // The counters of the living board pass behind the words: a ground
    // under them keeps them legible.
    widgets::centred_column(&ctx, "title", 700.0, 0.06, |ui| {
        scrim(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(widgets::strong("ENTROPY", 84.0).color(egui::Color32::from_rgb(238, 236, 228)));
                ui.label(widgets::text("Order and Chaos  ·  Eric Solomon, 1977", 21.0).color(ui::MUTED));
                ui.add_space(6.0);
                ui.label(
                    widgets::text(
                        "Chaos draws and places the counters; Order slides them into palindromes.",
                        17.0,
                    )
                    .color(ui::MUTED),
                );
            });
        });
    });
    let active = menu.overlays.is_empty();
    // One column holds the entries and the line under them: an area over
    // the menu would take its pointer.
    widgets::centred_column(&ctx, "title menu", 640.0, 0.355, |ui| {
        ui.vertical_centered(|ui| {
            ui.spacing_mut().item_spacing.y = 7.0;
            for (i, entry) in entries.iter().enumerate() {
                let look = widgets::ButtonLook::new(280.0, 40.0)
                    .focused(active && i == focused)
                    .main(i == 0)
                    .text_size(18.0);
                let response = widgets::button(ui, entry.label(), look);
                if active && response.hovered() && *menu.device == LastDevice::Mouse {
                    menu.focus.point_at(i);
                }
                if active && response.clicked() {
                    choose(*entry, &mut menu.out);
                }
            }
            if let Some(entry) = entries.get(focused) {
                ui.add_space(2.0);
                let blurb = blurb(*entry, menu.saved.as_deref());
                scrim(ui, |ui| ui.label(widgets::muted(blurb, widgets::BODY)));
            }
        });
    });
    notices(&ctx, &mut prefs, menu.saved.as_deref());
    Ok(())
}

/// `add` on a rounded ground of the window's colour, over the living board.
fn scrim<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) {
    egui::Frame::new()
        .fill(ui::SCRIM)
        .corner_radius(14)
        .inner_margin(egui::Margin::symmetric(16, 6))
        .show(ui, |ui| {
            add(ui);
        });
}

/// Says what could not be read at launch (and where it was kept).
fn notices(ctx: &egui::Context, prefs: &mut PrefsFile, saved: Option<&SavedMatch>) {
    let mut lines: Vec<String> = prefs.notices.clone();
    if let Some(notice) = saved.and_then(|s| s.notice.clone()) {
        lines.push(notice);
    }
    if lines.is_empty() || prefs.notices_dismissed {
        return;
    }
    egui::Area::new("notices".into())
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -20.0])
        .show(ctx, |ui| {
            widgets::card_filled(ui, ui::WARNING_GROUND, |ui| {
                ui.set_max_width(820.0);
                for line in &lines {
                    ui.label(widgets::text(line, widgets::SMALL + 1.0).color(theme::egui_colour(theme::TEXT)));
                }
                if widgets::button(ui, "OK", widgets::ButtonLook::new(80.0, 32.0).text_size(16.0)).clicked() {
                    prefs.notices_dismissed = true;
                }
            });
        });
}
