//! Settings, from the title or the pause menu: volumes, animation speed,
//! numbers or symbols on the counters, marks of where a counter may go,
//! window or full screen. A change applies at once and is remembered
//! (`crate::app::prefs`). Left and right change the focused row; Back closes.

use bevy::prelude::*;
use bevy_egui::EguiContexts;

use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};

use crate::app::prefs::{ColourMarks, Pace, Settings};
use crate::ui::navigation::Focus;
use crate::ui::overlays::{Overlay, OverlayCommand};
use crate::ui::theme::widgets;

pub(crate) fn plugin(app: &mut App) {
    crate::ui::overlays::add_dialog(app, Overlay::Settings, navigate, draw);
}

/// A row of the settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// Overall volume.
    Master,
    /// Effects' volume.
    Effects,
    /// Music's volume.
    Music,
    /// Animation speed.
    Animation,
    /// Numbers or symbols on the counters.
    Marks,
    /// Where a picked-up counter may go.
    Destinations,
    /// Window or full screen.
    Display,
    /// Close the settings.
    Done,
}

/// The rows, top to bottom.
pub const ROWS: [Row; 8] = [
    Row::Master,
    Row::Effects,
    Row::Music,
    Row::Animation,
    Row::Marks,
    Row::Destinations,
    Row::Display,
    Row::Done,
];

fn step_volume(volume: &mut u8, delta: i32) {
    *volume = (*volume as i32 + 10 * delta).clamp(0, 100) as u8;
}

/// Changes `row` to its previous (-1) or next (+1) value.
pub fn change(settings: &mut Settings, row: Row, delta: i32) {
    let cycle = |index: usize, count: usize| (index as i32 + delta).rem_euclid(count as i32) as usize;
    match row {
        Row::Master => step_volume(&mut settings.master_volume, delta),
        Row::Effects => step_volume(&mut settings.effects_volume, delta),
        Row::Music => step_volume(&mut settings.music_volume, delta),
        Row::Animation => {
            let all = [Pace::Slow, Pace::Normal, Pace::Fast];
            let at = all.iter().position(|p| *p == settings.animation).unwrap_or(1);
            settings.animation = all[cycle(at, all.len())];
        }
        Row::Marks => {
            let all = [ColourMarks::Off, ColourMarks::Numbers, ColourMarks::Symbols];
            let at = all.iter().position(|m| *m == settings.colour_marks).unwrap_or(0);
            settings.colour_marks = all[cycle(at, all.len())];
        }
        Row::Destinations => settings.show_destinations = !settings.show_destinations,
        Row::Display => settings.fullscreen = !settings.fullscreen,
        Row::Done => {}
    }
}

fn describe(settings: &Settings, row: Row) -> (&'static str, String, &'static str) {
    match row {
        Row::Master => ("Volume", format!("{}%", settings.master_volume), ""),
        Row::Effects => ("Sound effects", format!("{}%", settings.effects_volume), ""),
        Row::Music => ("Music", format!("{}%", settings.music_volume), ""),
        Row::Animation => (
            "Animations",
            match settings.animation {
                Pace::Slow => "Slow",
                Pace::Normal => "Normal",
                Pace::Fast => "Fast",
            }
            .into(),
            "How fast counters move.",
        ),
        Row::Marks => (
            "Colour marks",
            match settings.colour_marks {
                ColourMarks::Off => "Off",
                ColourMarks::Numbers => "Numbers",
                ColourMarks::Symbols => "Symbols",
            }
            .into(),
            "Tell the colours apart without seeing them.",
        ),
        Row::Destinations => (
            "Move hints",
            if settings.show_destinations { "On" } else { "Off" }.into(),
            "Mark where a picked-up counter can go.",
        ),
        Row::Display => (
            "Display",
            if settings.fullscreen { "Full screen" } else { "Window" }.into(),
            "",
        ),
        Row::Done => ("", String::new(), ""),
    }
}

fn navigate(
    mut keys: MenuKeys,
    mut focus: ResMut<Focus>,
    mut settings: ResMut<Settings>,
    mut overlays: MessageWriter<OverlayCommand>,
) {
    for event in menu_events(keys.for_dialog(Overlay::Settings), &mut focus, &ROWS) {
        match event {
            MenuEvent::Confirm(Row::Done) | MenuEvent::Back => {
                overlays.write(OverlayCommand::Close);
            }
            MenuEvent::Confirm(row) => change(&mut settings, row, 1),
            MenuEvent::Change(row, delta) => change(&mut settings, row, delta),
            _ => {}
        }
    }
}

fn draw(
    mut contexts: EguiContexts,
    mut focus: ResMut<Focus>,
    mut settings: ResMut<Settings>,
    open: Res<crate::ui::overlays::Overlays>,
    mut overlays: MessageWriter<OverlayCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let on_top = open.top() == Some(Overlay::Settings);
    let focused = focus.of(ROWS.len());
    widgets::dialog(&ctx, "settings", "Settings", 560.0, |ui| {
        ui.spacing_mut().item_spacing.y = 8.0;
        for (i, &row) in ROWS.iter().enumerate() {
            let is_focused = on_top && i == focused;
            if row == Row::Done {
                ui.add_space(6.0);
                let response = widgets::button(
                    ui,
                    "Done",
                    widgets::ButtonLook::new(160.0, 44.0).entry().focused(is_focused),
                );
                if on_top && widgets::pointer_takes_focus(ui, response.hovered()) {
                    focus.point_at(i);
                }
                if on_top && response.clicked() {
                    overlays.write(OverlayCommand::Close);
                }
                continue;
            }
            let (label, value, detail) = describe(&settings, row);
            let response = widgets::choice_row(ui, label, &value, detail, is_focused);
            if on_top && widgets::pointer_takes_focus(ui, response.hovered) {
                focus.point_at(i);
            }
            if on_top && (response.previous || response.next) {
                focus.point_at(i);
                change(&mut settings, row, if response.previous { -1 } else { 1 });
            }
        }
    });
    Ok(())
}
