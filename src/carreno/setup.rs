//! The setup of a game of Carreno's Entropy: against another person at
//! this screen or the computer (Easy, Medium or Hard), and which side the
//! first player takes (O moves first). Every row changes with left and
//! right or a click; the focus opens on Start, so Enter alone starts a
//! game with the remembered setup. The setup is kept in the preferences;
//! the choices and the rows are in [`super::choices`].

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use carreno_ai::Level;
use carreno_rules::Position;

use super::choices::describe;
pub use super::choices::{CarrenoOpponent, CarrenoSetup, Row, SideChoice, change, level_description, rows};
use super::commands::CarrenoCommand;
use crate::app::AppSet;
use crate::carreno::CarrenoScreen;
use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};
use crate::ui::navigation::Focus;
use crate::ui::overlays::{Overlay, OverlayCommand, Overlays};
use crate::ui::theme::{ui, widgets};

pub(super) fn plugin(app: &mut App) {
    // The preferences insert the remembered setup; a bare app starts from the default.
    crate::app::prefs::remember::<CarrenoSetup>(app);
    crate::ui::title::TitleMenu::add(
        app,
        "Carreno's Entropy",
        "The other Entropy: Augustine Carreno's game of movement, 1994.",
        30,
        |mut commands: MessageWriter<CarrenoCommand>| {
            commands.write(CarrenoCommand::OpenSetup);
        },
    );
    app.add_systems(OnEnter(CarrenoScreen::Setup), focus_start)
        .add_systems(
            Update,
            navigate.after(crate::ui::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(CarrenoScreen::Setup))
                .in_set(crate::ui::theme::Interface),
        );
}

fn focus_start(setup: Res<CarrenoSetup>, mut focus: ResMut<Focus>) {
    focus.set(rows(&setup).iter().position(|r| *r == Row::Start).unwrap_or(0));
}

fn press(
    row: Row,
    setup: &mut CarrenoSetup,
    commands: &mut MessageWriter<CarrenoCommand>,
    overlays: &mut MessageWriter<OverlayCommand>,
) {
    match row {
        Row::Start => {
            commands.write(CarrenoCommand::Start);
        }
        Row::Rules => {
            overlays.write(OverlayCommand::Open(Overlay::Rules));
        }
        Row::Back => {
            commands.write(CarrenoCommand::ToTitle);
        }
        choice => change(setup, choice, 1),
    }
}

fn navigate(
    mut keys: MenuKeys<CarrenoScreen>,
    screen: Option<Res<State<CarrenoScreen>>>,
    mut focus: ResMut<Focus>,
    mut setup: ResMut<CarrenoSetup>,
    mut commands: MessageWriter<CarrenoCommand>,
    mut overlays: MessageWriter<OverlayCommand>,
) {
    let shown = rows(&setup);
    for event in menu_events(keys.for_screen(CarrenoScreen::Setup), &mut focus, &shown) {
        match event {
            MenuEvent::Confirm(row) => press(row, &mut setup, &mut commands, &mut overlays),
            MenuEvent::Change(row, delta) => change(&mut setup, row, delta),
            MenuEvent::Back => {
                commands.write(CarrenoCommand::ToTitle);
            }
            MenuEvent::Other(_) => {}
        }
    }
    // A row that disappeared (the opponent changed) leaves the focus in range.
    let count = rows(&setup).len();
    if screen.is_some_and(|s| *s.get() == CarrenoScreen::Setup) && focus.index >= count {
        focus.point_at(count - 1);
    }
}

/// What the setup screen's view reads and writes.
#[derive(bevy::ecs::system::SystemParam)]
struct SetupView<'w> {
    focus: ResMut<'w, Focus>,
    setup: ResMut<'w, CarrenoSetup>,
    overlays: Res<'w, Overlays>,
    commands: MessageWriter<'w, CarrenoCommand>,
    overlay_commands: MessageWriter<'w, OverlayCommand>,
}

fn draw(mut contexts: EguiContexts, mut view: SetupView) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let shown = rows(&view.setup);
    let focused = view.focus.of(shown.len());
    let active = view.overlays.is_empty();
    widgets::centred_column(&ctx, "carreno setup", 620.0, 0.07, |ui| {
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.set_width(440.0);
                ui.label(widgets::strong("Carreno's Entropy", 34.0).color(ui::ACCENT));
                ui.label(widgets::muted("Augustine Carreno, 1994", widgets::BODY));
                ui.add_space(4.0);
                ui.add(
                    egui::Label::new(widgets::text(
                        "Seven pieces a side on a 5×5 board. A piece moves like a chess queen, but only while it touches a piece of its own side. Scatter your pieces among the other side's to win.",
                        widgets::SMALL + 1.0,
                    ))
                    .wrap(),
                );
            });
            ui.add_space(20.0);
            super::mini_board::mini_board(ui, &Position::new(), 150.0, &[]);
        });
        ui.add_space(12.0);
        ui.spacing_mut().item_spacing.y = 8.0;
        for (i, &row) in shown.iter().enumerate() {
            let is_focused = active && i == focused;
            match row {
                Row::Start | Row::Rules | Row::Back => continue,
                Row::Level => {
                    let CarrenoOpponent::Computer(current) = view.setup.opponent else {
                        continue;
                    };
                    let names: Vec<String> = Level::ALL.iter().map(|l| l.title().to_string()).collect();
                    let chosen = Level::ALL.iter().position(|l| *l == current).unwrap_or(0);
                    let (clicked, hovered) =
                        widgets::segmented_row(ui, "Level", &names, chosen, level_description(current), is_focused);
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
                    Row::Start => ("Start game", 240.0),
                    Row::Rules => ("How to play", 170.0),
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
                    let SetupView {
                        setup,
                        commands,
                        overlay_commands,
                        ..
                    } = &mut view;
                    press(row, setup, commands, overlay_commands);
                }
            }
        });
    });
    Ok(())
}

/// `word` with its first letter in capitals.
pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
