//! The setup of a match: who plays (another person, the computer at a
//! level, or two computers to watch), who is Order first, the board, a
//! clock, the same draws in both rounds, and the players' names. Every row
//! changes with left and right (or a click on its arrows); the focus opens
//! on Start, so Enter alone starts a match with the remembered setup. The
//! rows themselves are in [`crate::solomon::screens::setup_rows`]. Against
//! the computer, the level's row says its rating and the player's, and the
//! level that would give the player an even match, instead of how it plays.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use entropy_ai::Level;

use crate::app::AppSet;
use crate::solomon::game::SolomonCommand;
use crate::solomon::match_setup::{MatchSetup, Opponent};
use crate::solomon::screen::SolomonScreen;
use crate::solomon::screens::setup_rows::describe;
pub use crate::solomon::screens::setup_rows::{Row, change, rows};
use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};
use crate::ui::navigation::{Focus, TextEntry};
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(SolomonScreen::Setup), focus_start)
        .add_systems(OnExit(SolomonScreen::Setup), stop_typing)
        .add_systems(
            Update,
            navigate.after(crate::ui::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(SolomonScreen::Setup))
                .in_set(crate::ui::theme::Interface),
        );
}

fn focus_start(setup: Res<MatchSetup>, mut focus: ResMut<Focus>) {
    let rows = rows(&setup);
    focus.set(rows.iter().position(|r| *r == Row::Start).unwrap_or(0));
}

fn stop_typing(mut typing: ResMut<TextEntry>) {
    typing.0 = false;
}

fn press(row: Row, setup: &mut MatchSetup, commands: &mut MessageWriter<SolomonCommand>) {
    match row {
        Row::Start => {
            commands.write(SolomonCommand::StartMatch);
        }
        Row::Back => {
            commands.write(SolomonCommand::ToTitle);
        }
        Row::Name(_) => {}
        choice => change(setup, choice, 1),
    }
}

fn navigate(
    mut keys: MenuKeys<SolomonScreen>,
    mut focus: ResMut<Focus>,
    mut setup: ResMut<MatchSetup>,
    mut commands: MessageWriter<SolomonCommand>,
) {
    let rows = rows(&setup);
    for event in menu_events(keys.for_screen(SolomonScreen::Setup), &mut focus, &rows) {
        match event {
            MenuEvent::Confirm(row) => press(row, &mut setup, &mut commands),
            MenuEvent::Change(row, delta) if !matches!(row, Row::Name(_) | Row::Start | Row::Back) => {
                change(&mut setup, row, delta)
            }
            MenuEvent::Back => {
                commands.write(SolomonCommand::ToTitle);
            }
            _ => {}
        }
    }
    // A row that disappeared (the opponent changed) leaves the focus in range.
    let count = self::rows(&setup).len();
    if focus.index >= count {
        focus.point_at(count - 1);
    }
}

fn draw(
    mut contexts: EguiContexts,
    mut focus: ResMut<Focus>,
    mut setup: ResMut<MatchSetup>,
    mut typing: ResMut<TextEntry>,
    overlays: Res<crate::ui::overlays::Overlays>,
    record: Res<crate::history::kept_record::PlayerRecord>,
    mut commands: MessageWriter<SolomonCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let rows = rows(&setup);
    let focused = focus.of(rows.len());
    let active = overlays.is_empty();
    let mut any_typing = false;
    widgets::centred_column(&ctx, "setup", 620.0, 0.05, |ui| {
        ui.label(widgets::strong("New match", 34.0).color(ui::ACCENT));
        ui.label(widgets::muted(
            "Each player is Order for one round and Chaos for the other; the higher Order score wins.",
            widgets::SMALL + 1.0,
        ));
        ui.add_space(10.0);
        ui.spacing_mut().item_spacing.y = 8.0;
        for (i, &row) in rows.iter().enumerate() {
            let is_focused = active && i == focused;
            match row {
                Row::Start | Row::Back => continue,
                Row::Name(p) => {
                    let label = match (setup.opponent, p) {
                        (Opponent::Computer(_), _) => "Your name".to_string(),
                        _ => format!("Player {} name", p + 1),
                    };
                    let hovered = widgets::text_row(ui, &label, &mut setup.names[p], is_focused, &mut any_typing);
                    if active && widgets::pointer_takes_focus(ui, hovered) {
                        focus.point_at(i);
                    }
                }
                Row::Level | Row::SecondLevel => {
                    let (label, _, mut detail) = describe(&setup, row);
                    // Against the computer: its rating, the player's, and the level that fits.
                    if let Opponent::Computer(level) = setup.opponent {
                        let kind = crate::history::record::Kind::rounds(setup.size);
                        detail = crate::history::kept_record::setup_line(&record.0, kind, level);
                    }
                    let current = match (row, setup.opponent) {
                        (Row::Level, Opponent::Computer(l) | Opponent::Watch(l, _)) => l,
                        (_, Opponent::Watch(_, l)) => l,
                        _ => Level::Medium,
                    };
                    let names: Vec<String> = Level::ALL.iter().map(|l| l.title().to_string()).collect();
                    let chosen = Level::ALL.iter().position(|l| *l == current).unwrap_or(0);
                    let (clicked, hovered) = widgets::segmented_row(ui, label, &names, chosen, &detail, is_focused);
                    if active && widgets::pointer_takes_focus(ui, hovered) {
                        focus.point_at(i);
                    }
                    if let (true, Some(index)) = (active, clicked) {
                        focus.point_at(i);
                        change(&mut setup, row, index as i32 - chosen as i32);
                    }
                }
                choice => {
                    let (label, value, detail) = describe(&setup, choice);
                    let response = widgets::choice_row(ui, label, &value, &detail, is_focused);
                    if active && widgets::pointer_takes_focus(ui, response.hovered) {
                        focus.point_at(i);
                    }
                    if active && (response.previous || response.next) {
                        focus.point_at(i);
                        change(&mut setup, choice, if response.previous { -1 } else { 1 });
                    }
                }
            }
        }
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            for (i, &row) in rows.iter().enumerate() {
                let (label, width) = match row {
                    Row::Back => ("Back", 140.0),
                    Row::Start => ("Start match", 240.0),
                    _ => continue,
                };
                let response = widgets::button(
                    ui,
                    label,
                    widgets::ButtonLook::new(width, 48.0)
                        .entry()
                        .focused(active && i == focused),
                );
                if active && widgets::pointer_takes_focus(ui, response.hovered()) {
                    focus.point_at(i);
                }
                if active && response.clicked() {
                    press(row, &mut setup, &mut commands);
                }
            }
        });
    });
    if typing.0 != any_typing {
        typing.0 = any_typing;
    }
    Ok(())
}
