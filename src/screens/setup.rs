//! The setup of a match: who plays (another person, the computer at a
//! level, or two computers to watch), who is Order first, the board, a
//! clock, the same draws in both rounds, and the players' names. Every row
//! changes with left and right (or a click on its arrows); the focus opens
//! on Start, so Enter alone starts a match with the remembered setup.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use entropy_ai::Level;
use entropy_rules::Size;

use super::{MenuEvent, MenuKeys, Screen, menu_events};
use crate::AppSet;
use crate::game::Command;
use crate::match_setup::{ClockChoice, MatchSetup, Opponent, RoleChoice};
use crate::navigation::{Focus, LastDevice, TextEntry};
use crate::theme::{ui, widgets};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Setup), focus_start)
        .add_systems(OnExit(Screen::Setup), stop_typing)
        .add_systems(
            Update,
            navigate.after(crate::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(Screen::Setup)).in_set(crate::theme::Interface),
        );
}

/// A row of the setup screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// Who plays.
    Opponent,
    /// The computer's level (the first computer's when watching).
    Level,
    /// The second computer's level when watching.
    SecondLevel,
    /// Who is Order in round 1.
    Role,
    /// 7×7 or 5×5.
    Board,
    /// The match clock.
    Clock,
    /// The same draws in both rounds.
    SameDraws,
    /// A player's name (0 or 1).
    Name(usize),
    /// Start the match.
    Start,
    /// Back to the title.
    Back,
}

/// The rows shown for `setup`, top to bottom.
pub fn rows(setup: &MatchSetup) -> Vec<Row> {
    let mut rows = vec![Row::Opponent];
    match setup.opponent {
        Opponent::Person => {}
        Opponent::Computer(_) => rows.push(Row::Level),
        Opponent::Watch(..) => rows.extend([Row::Level, Row::SecondLevel]),
    }
    rows.extend([Row::Role, Row::Board, Row::Clock, Row::SameDraws]);
    match setup.opponent {
        Opponent::Person => rows.extend([Row::Name(0), Row::Name(1)]),
        Opponent::Computer(_) => rows.push(Row::Name(0)),
        Opponent::Watch(..) => {}
    }
    rows.extend([Row::Start, Row::Back]);
    rows
}

/// How each level plays, in a line.
pub fn level_description(level: Level) -> &'static str {
    match level {
        Level::Beginner => "Takes what scores at once: a gentle first opponent.",
        Level::Easy => "Weighs each move's prospects, but often settles for less.",
        Level::Medium => "Searches a placement ahead.",
        Level::Hard => "Searches, then plays out the rest of the round.",
        Level::Master => "Searches deeper and wider, and adapts to your play.",
    }
}

fn cycle<T: Copy + PartialEq>(all: &[T], current: T, delta: i32) -> T {
    let index = all.iter().position(|&v| v == current).unwrap_or(0) as i32;
    all[(index + delta).rem_euclid(all.len() as i32) as usize]
}

/// Changes `row` of `setup` to its previous (-1) or next (+1) value.
pub fn change(setup: &mut MatchSetup, row: Row, delta: i32) {
    let levels = Level::ALL;
    match row {
        Row::Opponent => {
            let level = match setup.opponent {
                Opponent::Computer(l) | Opponent::Watch(l, _) => l,
                Opponent::Person => Level::Medium,
            };
            let all = [
                Opponent::Computer(level),
                Opponent::Person,
                Opponent::Watch(level, level),
            ];
            let index = all
                .iter()
                .position(|o| std::mem::discriminant(o) == std::mem::discriminant(&setup.opponent));
            let index = (index.unwrap_or(0) as i32 + delta).rem_euclid(3) as usize;
            setup.opponent = all[index];
        }
        Row::Level => {
            setup.opponent = match setup.opponent {
                Opponent::Computer(l) => Opponent::Computer(cycle(&levels, l, delta)),
                Opponent::Watch(a, b) => Opponent::Watch(cycle(&levels, a, delta), b),
                Opponent::Person => Opponent::Person,
            }
        }
        Row::SecondLevel => {
            if let Opponent::Watch(a, b) = setup.opponent {
                setup.opponent = Opponent::Watch(a, cycle(&levels, b, delta));
            }
        }
        Row::Role => {
            setup.role = cycle(
                &[RoleChoice::Order, RoleChoice::Chaos, RoleChoice::Random],
                setup.role,
                delta,
            )
        }
        Row::Board => setup.size = cycle(&[Size::Seven, Size::Five], setup.size, delta),
        Row::Clock => setup.clock = cycle(&ClockChoice::ALL, setup.clock, delta),
        Row::SameDraws => setup.same_draws = !setup.same_draws,
        Row::Name(_) | Row::Start | Row::Back => {}
    }
}

/// The label, value and explanation of a choice row.
fn describe(setup: &MatchSetup, row: Row) -> (&'static str, String, String) {
    let role = |r: RoleChoice| match r {
        RoleChoice::Order => "Order",
        RoleChoice::Chaos => "Chaos",
        RoleChoice::Random => "Decided at random",
    };
    match (row, setup.opponent) {
        (Row::Opponent, Opponent::Computer(_)) => ("Play against", "The computer".into(), String::new()),
        (Row::Opponent, Opponent::Person) => (
            "Play against",
            "A person here".into(),
            "Take turns at this screen.".into(),
        ),
        (Row::Opponent, Opponent::Watch(..)) => (
            "Play against",
            "Watch two computers".into(),
            "Sit back: you can pause and step.".into(),
        ),
        (Row::Level, Opponent::Watch(level, _)) => {
            ("First computer", level.to_string(), level_description(level).into())
        }
        (Row::Level, Opponent::Computer(level)) => ("Level", level.to_string(), level_description(level).into()),
        (Row::SecondLevel, Opponent::Watch(_, level)) => {
            ("Second computer", level.to_string(), level_description(level).into())
        }
        (Row::Role, Opponent::Person) => (
            "Player 1 starts as",
            role(setup.role).into(),
            "Each player is Order for one round.".into(),
        ),
        (Row::Role, Opponent::Watch(..)) => ("First computer starts as", role(setup.role).into(), String::new()),
        (Row::Role, _) => (
            "You start as",
            role(setup.role).into(),
            "You play the other role in round 2.".into(),
        ),
        (Row::Board, _) => (
            "Board",
            match setup.size {
                Size::Seven => "7 × 7".into(),
                Size::Five => "5 × 5".into(),
            },
            match setup.size {
                Size::Seven => "The standard game: 49 counters in 7 colours.".into(),
                Size::Five => "A quick game: 25 counters in 5 colours.".into(),
            },
        ),
        (Row::Clock, _) => (
            "Clock",
            setup.clock.to_string(),
            match setup.clock {
                ClockChoice::Off => "No time limit; moves can be taken back.".into(),
                _ => "For the whole match. Out of time loses.".into(),
            },
        ),
        (Row::SameDraws, _) => (
            "Same draws",
            if setup.same_draws { "On" } else { "Off" }.into(),
            "Both rounds draw the same counters, in the same order.".into(),
        ),
        _ => ("", String::new(), String::new()),
    }
}

fn focus_start(setup: Res<MatchSetup>, mut focus: ResMut<Focus>) {
    let rows = rows(&setup);
    focus.set(rows.iter().position(|r| *r == Row::Start).unwrap_or(0));
}

fn stop_typing(mut typing: ResMut<TextEntry>) {
    typing.0 = false;
}

fn press(row: Row, setup: &mut MatchSetup, commands: &mut MessageWriter<Command>) {
    match row {
        Row::Start => {
            commands.write(Command::StartMatch);
        }
        Row::Back => {
            commands.write(Command::ToTitle);
        }
        Row::Name(_) => {}
        choice => change(setup, choice, 1),
    }
}

fn navigate(
    mut keys: MenuKeys,
    mut focus: ResMut<Focus>,
    mut setup: ResMut<MatchSetup>,
    mut commands: MessageWriter<Command>,
) {
    let rows = rows(&setup);
    for event in menu_events(keys.for_screen(Screen::Setup), &mut focus, &rows) {
        match event {
            MenuEvent::Confirm(row) => press(row, &mut setup, &mut commands),
            MenuEvent::Change(row, delta) if !matches!(row, Row::Name(_) | Row::Start | Row::Back) => {
                change(&mut setup, row, delta)
            }
            MenuEvent::Back => {
                commands.write(Command::ToTitle);
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
    device: Res<LastDevice>,
    mut typing: ResMut<TextEntry>,
    overlays: Res<super::Overlays>,
    mut commands: MessageWriter<Command>,
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
                    if active && hovered && *device == LastDevice::Mouse {
                        focus.point_at(i);
                    }
                }
                Row::Level | Row::SecondLevel => {
                    let (label, _, detail) = describe(&setup, row);
                    let current = match (row, setup.opponent) {
                        (Row::Level, Opponent::Computer(l) | Opponent::Watch(l, _)) => l,
                        (_, Opponent::Watch(_, l)) => l,
                        _ => Level::Medium,
                    };
                    let names: Vec<String> = Level::ALL.iter().map(|l| l.to_string()).collect();
                    let chosen = Level::ALL.iter().position(|l| *l == current).unwrap_or(0);
                    let (clicked, hovered) = widgets::segmented_row(ui, label, &names, chosen, &detail, is_focused);
                    if active && hovered && *device == LastDevice::Mouse {
                        focus.point_at(i);
                    }
                    if let (true, Some(index)) = (active, clicked) {
                        change(&mut setup, row, index as i32 - chosen as i32);
                    }
                }
                choice => {
                    let (label, value, detail) = describe(&setup, choice);
                    let response = widgets::choice_row(ui, label, &value, &detail, is_focused);
                    if active && response.hovered && *device == LastDevice::Mouse {
                        focus.point_at(i);
                    }
                    if active && (response.previous || response.next) {
                        change(&mut setup, choice, if response.previous { -1 } else { 1 });
                    }
                }
            }
        }
        ui.add_space(10.0);
        ui.horizontal(|ui| {
            for (i, &row) in rows.iter().enumerate() {
                let (label, main) = match row {
                    Row::Back => ("Back", false),
                    Row::Start => ("Start match", true),
                    _ => continue,
                };
                let width = if main { 240.0 } else { 140.0 };
                let response = widgets::button(
                    ui,
                    label,
                    widgets::ButtonLook::new(width, 48.0)
                        .main(main)
                        .focused(active && i == focused),
                );
                if active && response.hovered() && *device == LastDevice::Mouse {
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
