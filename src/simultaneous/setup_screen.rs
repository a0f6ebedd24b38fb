//! The setup screen of the simultaneous match: against the computer (at a
//! level) or another person at this screen, and the board. Every row
//! changes with left and right or a click; the focus opens on Start, or on
//! Continue when a match left unfinished is saved. Against the computer,
//! the level's row says its rating and the player's.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use entropy_ai::Level;
use entropy_rules::Size;

use super::SimScreen;
use super::game::SimCommand;
use super::saved::SavedSim;
use super::setup::{SimOpponent, SimSetup};
use crate::app::AppSet;
use crate::ui::menus::{MenuEvent, MenuKeys, cycle, menu_events};
use crate::ui::navigation::Focus;
use crate::ui::overlays::Overlays;
use crate::ui::theme::{ui, widgets};

pub(super) fn plugin(app: &mut App) {
    crate::ui::title::TitleMenu::add(
        app,
        "Two boards at once",
        "The simultaneous match: each of you is Order on your own board, one queue of draws for both.",
        25,
        |mut commands: MessageWriter<SimCommand>| {
            commands.write(SimCommand::OpenSetup);
        },
    );
    app.add_systems(OnEnter(SimScreen::Setup), focus_start)
        .add_systems(
            Update,
            navigate.after(crate::ui::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(SimScreen::Setup))
                .in_set(crate::ui::theme::Interface),
        );
}

/// A row of the setup screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// Continue the match left unfinished.
    Continue,
    /// Who plays.
    Opponent,
    /// The computer's level.
    Level,
    /// 7×7 or 5×5.
    Board,
    /// Start the match.
    Start,
    /// Back to the title.
    Back,
}

/// The rows shown for `setup`, top to bottom (Continue first when a match
/// can be continued).
pub fn rows(setup: &SimSetup, resumable: bool) -> Vec<Row> {
    let mut rows = Vec::new();
    if resumable {
        rows.push(Row::Continue);
    }
    rows.push(Row::Opponent);
    if matches!(setup.opponent, SimOpponent::Computer(_)) {
        rows.push(Row::Level);
    }
    rows.extend([Row::Board, Row::Start, Row::Back]);
    rows
}

/// Changes `row` of `setup` to its previous (-1) or next (+1) value.
pub fn change(setup: &mut SimSetup, row: Row, delta: i32) {
    match row {
        Row::Opponent => {
            setup.opponent = match setup.opponent {
                SimOpponent::Computer(_) => SimOpponent::Person,
                SimOpponent::Person => SimOpponent::Computer(Level::Medium),
            }
        }
        Row::Level => {
            if let SimOpponent::Computer(level) = setup.opponent {
                setup.opponent = SimOpponent::Computer(cycle(&Level::ALL, level, delta));
            }
        }
        Row::Board => setup.size = cycle(&[Size::Seven, Size::Five], setup.size, delta),
        Row::Continue | Row::Start | Row::Back => {}
    }
}

fn focus_start(setup: Res<SimSetup>, saved: Res<SavedSim>, mut focus: ResMut<Focus>) {
    let resumable = saved.resumable();
    let first = if resumable { Row::Continue } else { Row::Start };
    focus.set(rows(&setup, resumable).iter().position(|r| *r == first).unwrap_or(0));
}

fn press(row: Row, setup: &mut SimSetup, commands: &mut MessageWriter<SimCommand>) {
    match row {
        Row::Start => {
            commands.write(SimCommand::Start);
        }
        Row::Continue => {
            commands.write(SimCommand::Continue);
        }
        Row::Back => {
            commands.write(SimCommand::ToTitle);
        }
        choice => change(setup, choice, 1),
    }
}

fn navigate(
    mut keys: MenuKeys<SimScreen>,
    screen: Option<Res<State<SimScreen>>>,
    mut focus: ResMut<Focus>,
    mut setup: ResMut<SimSetup>,
    saved: Res<SavedSim>,
    mut commands: MessageWriter<SimCommand>,
) {
    let resumable = saved.resumable();
    let shown = rows(&setup, resumable);
    for event in menu_events(keys.for_screen(SimScreen::Setup), &mut focus, &shown) {
        match event {
            MenuEvent::Confirm(row) => press(row, &mut setup, &mut commands),
            MenuEvent::Change(row, delta) => change(&mut setup, row, delta),
            MenuEvent::Back => {
                commands.write(SimCommand::ToTitle);
            }
            MenuEvent::Other(_) => {}
        }
    }
    let count = rows(&setup, resumable).len();
    if screen.is_some_and(|s| *s.get() == SimScreen::Setup) && focus.index >= count {
        focus.point_at(count - 1);
    }
}

/// The label, value and explanation of a choice row.
fn describe(setup: &SimSetup, row: Row) -> (&'static str, String, String) {
    match row {
        Row::Opponent => match setup.opponent {
            SimOpponent::Computer(_) => ("Play against", "The computer".into(), String::new()),
            SimOpponent::Person => (
                "Play against",
                "A person here".into(),
                "Take turns at this screen; each turn says whose it is.".into(),
            ),
        },
        Row::Board => (
            "Board",
            format!("{0} × {0}", setup.size.n()),
            format!(
                "{} counters in {} colours on each board.",
                setup.size.cells(),
                setup.size.n()
            ),
        ),
        _ => ("", String::new(), String::new()),
    }
}

/// What the setup screen's view reads and writes.
#[derive(bevy::ecs::system::SystemParam)]
struct SetupView<'w> {
    focus: ResMut<'w, Focus>,
    setup: ResMut<'w, SimSetup>,
    overlays: Res<'w, Overlays>,
    saved: Res<'w, SavedSim>,
    commands: MessageWriter<'w, SimCommand>,
    record: Res<'w, crate::history::kept_record::PlayerRecord>,
}

fn draw(mut contexts: EguiContexts, mut view: SetupView) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let resumable = view.saved.resumable();
    let shown = rows(&view.setup, resumable);
    let focused = view.focus.of(shown.len());
    let active = view.overlays.is_empty();
    widgets::centred_column(&ctx, "simultaneous setup", 620.0, 0.07, |ui| {
        ui.label(widgets::strong("Two boards at once", 34.0).color(ui::ACCENT));
        ui.add(
            egui::Label::new(widgets::text(
                "Each player is Order on a board of their own and Chaos on the other's. One queue of counters feeds both boards, so neither of you has the luck of the draw; the higher Order score wins.",
                widgets::BODY,
            ))
            .wrap(),
        );
        ui.add_space(12.0);
        ui.spacing_mut().item_spacing.y = 8.0;
        for (i, &row) in shown.iter().enumerate() {
            let is_focused = active && i == focused;
            match row {
                Row::Start | Row::Back => continue,
                Row::Continue => {
                    let look = widgets::ButtonLook::new(360.0, 48.0).entry().focused(is_focused);
                    let response = widgets::button(ui, "Continue the match you left", look);
                    if active && widgets::pointer_takes_focus(ui, response.hovered()) {
                        view.focus.point_at(i);
                    }
                    if active && response.clicked() {
                        view.commands.write(SimCommand::Continue);
                    }
                    ui.add_space(6.0);
                }
                Row::Level => {
                    let SimOpponent::Computer(current) = view.setup.opponent else {
                        continue;
                    };
                    let names: Vec<String> = Level::ALL.iter().map(|l| l.title().to_string()).collect();
                    let chosen = Level::ALL.iter().position(|l| *l == current).unwrap_or(0);
                    // The level's rating, the player's, and the level that fits.
                    let strength = crate::history::kept_record::setup_line(
                        &view.record.0,
                        crate::history::record::Kind::Simultaneous,
                        current,
                    );
                    let (clicked, hovered) = widgets::segmented_row(ui, "Level", &names, chosen, &strength, is_focused);
                    if active && widgets::pointer_takes_focus(ui, hovered) {
                        view.focus.point_at(i);
                    }
                    if let (true, Some(index)) = (active, clicked) {
                        view.focus.point_at(i);
                        change(&mut view.setup, row, index as i32 - chosen as i32);
                    }
                }
                choice => {
                    let (label, value, detail) = describe(&view.setup, choice);
                    let response = widgets::choice_row(ui, label, &value, &detail, is_focused);
                    if active && widgets::pointer_takes_focus(ui, response.hovered) {
                        view.focus.point_at(i);
                    }
                    if active && (response.previous || response.next) {
                        view.focus.point_at(i);
                        change(&mut view.setup, choice, if response.previous { -1 } else { 1 });
                    }
                }
            }
        }
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            for (i, &row) in shown.iter().enumerate() {
                let (label, width) = match row {
                    Row::Start => ("Start match", 240.0),
                    Row::Back => ("Back", 120.0),
                    _ => continue,
                };
                let look = widgets::ButtonLook::new(width, 48.0)
                    .entry()
                    .focused(active && i == focused);
                let response = widgets::button(ui, label, look);
                if active && widgets::pointer_takes_focus(ui, response.hovered()) {
                    view.focus.point_at(i);
                }
                if active && response.clicked() {
                    let SetupView { setup, commands, .. } = &mut view;
                    press(row, setup, commands);
                }
            }
        });
    });
    Ok(())
}
