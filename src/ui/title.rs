//! The title: the game's name, two lines the leading game gives, counters
//! behind it, and the main menu. The games put their entries on it
//! ([`TitleMenu::add`]: Solomon's New match, Tutorial, History and How to
//! play, Carreno's Entropy); the title adds Settings and Quit. A line under
//! the menu says what the focused entry is. Enter (or A) on the focused
//! entry; the focus starts on the first, wherever the pointer rests when
//! the title appears (it takes the focus only by moving onto an entry), and
//! only the focused entry looks chosen.

use bevy::ecs::system::{SystemId, SystemParam};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::AppSet;
use crate::app::prefs::PrefsFile;
use crate::app::screen::Screen;
use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};
use crate::ui::navigation::Focus;
use crate::ui::overlays::{Overlay, OverlayCommand};
use crate::ui::theme;
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<TitleMenu>()
        .add_systems(OnEnter(Screen::Title), focus_main)
        .add_systems(
            Update,
            navigate.after(crate::ui::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(Screen::Title)).in_set(crate::ui::theme::Interface),
        );
    TitleMenu::add(
        app,
        "Settings",
        "Sound, motion, the counters' marks, the screen.",
        SETTINGS,
        |mut overlays: MessageWriter<OverlayCommand>| {
            overlays.write(OverlayCommand::Open(Overlay::Settings));
        },
    );
    // A page is closed by the browser, not by the game.
    #[cfg(not(target_arch = "wasm32"))]
    TitleMenu::add(
        app,
        "Quit",
        "Close the game.",
        QUIT,
        |mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::Success);
        },
    );
}

/// Where the title's own entries stand (see [`TitleEntry::place`]).
pub const SETTINGS: i32 = 50;
/// Where Quit stands: last.
pub const QUIT: i32 = 70;

/// An entry of the main menu.
#[derive(Debug, Clone)]
pub struct TitleEntry {
    /// Its words.
    pub label: &'static str,
    /// What it is, in a line shown under the menu while it is focused.
    pub line: String,
    /// Where it stands: the lowest first.
    pub place: i32,
    /// Whether it is offered now.
    pub shown: bool,
    /// A few words beside it that its owner keeps up to date (online
    /// play's "Your move in 2 games").
    pub badge: Option<String>,
    /// What choosing it runs.
    pub choose: SystemId,
}

/// The main menu's entries, each game's and the title's own, and the two
/// lines under the name (the leading game's).
#[derive(Resource, Debug, Default, Clone)]
pub struct TitleMenu {
    entries: Vec<TitleEntry>,
    /// The line under the name: what the game is, and whose.
    pub subtitle: String,
    /// A line on how it is played.
    pub tagline: String,
}

impl TitleMenu {
    /// Puts an entry on the menu, shown: `choose` runs when it is chosen.
    pub fn add<M>(
        app: &mut App,
        label: &'static str,
        line: &str,
        place: i32,
        choose: impl IntoSystem<(), (), M> + 'static,
    ) {
        let choose = app.world_mut().register_system(choose);
        app.world_mut().resource_mut::<TitleMenu>().entries.push(TitleEntry {
            label,
            line: line.to_string(),
            place,
            shown: true,
            badge: None,
            choose,
        });
    }

    /// The entry labelled `label`, to change where it stands, its line or
    /// whether it is shown.
    pub fn entry_mut(&mut self, label: &str) -> Option<&mut TitleEntry> {
        self.entries.iter_mut().find(|e| e.label == label)
    }

    /// The entries shown, top to bottom.
    pub fn shown(&self) -> Vec<&TitleEntry> {
        let mut shown: Vec<&TitleEntry> = self.entries.iter().filter(|e| e.shown).collect();
        shown.sort_by_key(|e| e.place);
        shown
    }
}

fn focus_main(mut focus: ResMut<Focus>) {
    focus.set(0);
}

fn navigate(
    mut keys: MenuKeys,
    mut focus: ResMut<Focus>,
    menu: Res<TitleMenu>,
    mut prefs: ResMut<PrefsFile>,
    mut commands: Commands,
) {
    let entries = menu.shown();
    for event in menu_events(keys.for_screen(Screen::Title), &mut focus, &entries) {
        match event {
            MenuEvent::Confirm(entry) => commands.run_system(entry.choose),
            MenuEvent::Back => prefs.notices_dismissed = true,
            _ => {}
        }
    }
}

/// What the title's menu reads and writes.
#[derive(SystemParam)]
struct Menu<'w, 's> {
    menu: Res<'w, TitleMenu>,
    focus: ResMut<'w, Focus>,
    overlays: Res<'w, crate::ui::overlays::Overlays>,
    commands: Commands<'w, 's>,
}

fn draw(mut contexts: EguiContexts, mut menu: Menu, mut prefs: ResMut<PrefsFile>) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let entries = menu.menu.shown();
    let focused = menu.focus.of(entries.len());
    // The counters of the living board pass behind the words: a ground
    // under them keeps them legible.
    widgets::centred_column(&ctx, "title", 700.0, 0.06, |ui| {
        scrim(ui, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(widgets::strong("ENTROPY", 84.0).color(egui::Color32::from_rgb(238, 236, 228)));
                ui.label(widgets::text(&menu.menu.subtitle, 21.0).color(ui::MUTED));
                ui.add_space(6.0);
                ui.label(widgets::text(&menu.menu.tagline, 17.0).color(ui::MUTED));
            });
        });
    });
    let active = menu.overlays.is_empty();
    let mut chosen = None;
    // One column holds the entries and the line under them: an area over
    // the menu would take its pointer.
    widgets::centred_column(&ctx, "title menu", 640.0, 0.355, |ui| {
        ui.vertical_centered(|ui| {
            ui.spacing_mut().item_spacing.y = 7.0;
            // Ten entries (Continue shown) and the line under them still fit
            // an 800×600 window when each is a little lower.
            let height = if entries.len() > 9 { 35.0 } else { 40.0 };
            for (i, entry) in entries.iter().enumerate() {
                let look = widgets::ButtonLook::new(280.0, height)
                    .entry()
                    .focused(active && i == focused)
                    .text_size(18.0);
                let response = widgets::button(ui, entry.label, look);
                if let Some(badge) = &entry.badge {
                    // On a ground of its own, over the living board.
                    let painter = ui.painter();
                    let font = egui::FontId::proportional(widgets::SMALL + 1.0);
                    let galley = painter.layout_no_wrap(badge.clone(), font, ui::ACCENT);
                    let at = response.rect.right_center() + egui::vec2(14.0, -galley.size().y / 2.0);
                    let ground = egui::Rect::from_min_size(at, galley.size()).expand2(egui::vec2(8.0, 4.0));
                    painter.rect_filled(ground, 8.0, ui::SCRIM);
                    painter.galley(at, galley, ui::ACCENT);
                    crate::ui::theme::controls::shown(ui, &format!("Badge {}", entry.label), badge);
                }
                if active && widgets::pointer_takes_focus(ui, response.hovered()) {
                    menu.focus.point_at(i);
                }
                if active && response.clicked() {
                    chosen = Some(entry.choose);
                }
            }
            if let Some(entry) = entries.get(focused) {
                ui.add_space(2.0);
                scrim(ui, |ui| ui.label(widgets::muted(&entry.line, widgets::BODY)));
            }
        });
    });
    if let Some(choose) = chosen {
        menu.commands.run_system(choose);
    }
    notices(&ctx, &mut prefs);
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
fn notices(ctx: &egui::Context, prefs: &mut PrefsFile) {
    let lines = prefs.notices.clone();
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
