//! The end of a game of Carreno's Entropy: who won and the rules' reason
//! (a side dispersed, or a draw by successive passes, repetition or the
//! move limit), the final board still in view, and Rematch (focused: the
//! same players, each at the other side), New game (the setup) or Title.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use carreno_rules::GameResult;

use super::game::{CarrenoCommand, CarrenoMatch, Seat, sentence};
use super::panel::{PanelData, side_panel};
use crate::app::AppSet;
use crate::carreno::CarrenoScreen;
use crate::table::end_card::end_card;
use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};
use crate::ui::navigation::Focus;
use crate::ui::overlays::{Overlay, OverlayCommand, Overlays};
use crate::ui::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(CarrenoScreen::Over), |mut focus: ResMut<Focus>| focus.set(0))
        .add_systems(
            Update,
            navigate.after(crate::ui::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(CarrenoScreen::Over).and_then(resource_exists::<CarrenoMatch>))
                .in_set(crate::ui::theme::Interface),
        );
}

/// The buttons, left to right.
const CHOICES: [(CarrenoCommand, &str); 3] = [
    (CarrenoCommand::Rematch, "Rematch"),
    (CarrenoCommand::OpenSetup, "New game"),
    (CarrenoCommand::ToTitle, "Title"),
];

fn navigate(
    mut keys: MenuKeys<CarrenoScreen>,
    mut focus: ResMut<Focus>,
    mut commands: MessageWriter<CarrenoCommand>,
    mut overlays: MessageWriter<OverlayCommand>,
) {
    let choices = CHOICES.map(|(c, _)| c);
    for event in menu_events(keys.for_screen(CarrenoScreen::Over), &mut focus, &choices) {
        match event {
            MenuEvent::Confirm(command) => {
                commands.write(command);
            }
            // The buttons stand in a row: left and right move between them too.
            MenuEvent::Change(_, delta) => focus.step(CHOICES.len(), delta as isize),
            MenuEvent::Back => {
                commands.write(CarrenoCommand::ToTitle);
            }
            MenuEvent::Other(crate::ui::navigation::Nav::Pause) => {
                overlays.write(OverlayCommand::Open(Overlay::Pause));
            }
            MenuEvent::Other(_) => {}
        }
    }
}

/// The headline of a result: "You win!", "Hard wins", "A draw".
pub fn headline(game: &CarrenoMatch, result: GameResult) -> String {
    match result.winner() {
        Some(side) if game.name(side) == "You" => "You win!".to_string(),
        Some(side) if matches!(game.seat(side), Seat::Computer(_)) => format!("{} wins", game.name(side)),
        Some(side) => format!("{} wins!", game.name(side)),
        None => "A draw".to_string(),
    }
}

fn draw(
    mut contexts: EguiContexts,
    data: PanelData,
    mut focus: ResMut<Focus>,
    overlays: Res<Overlays>,
    mut commands: MessageWriter<CarrenoCommand>,
    mut overlay_commands: MessageWriter<OverlayCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let Some(result) = data.game.game.result() else {
        return Ok(());
    };
    let active = overlays.is_empty();
    let buttons = side_panel(&ctx, &data, |ui| {
        let lines = |ui: &mut egui::Ui| {
            ui.add(egui::Label::new(widgets::text(sentence(&result.to_string()), widgets::BODY)).wrap());
            ui.label(widgets::muted("A rematch swaps the sides.", widgets::SMALL));
        };
        let headline = headline(&data.game, result);
        if let Some(command) = end_card(ui, &headline, lines, &CHOICES, 3, &mut focus, active) {
            commands.write(command);
        }
    });
    if buttons.rules {
        overlay_commands.write(OverlayCommand::Open(Overlay::Rules));
    }
    if buttons.leave {
        commands.write(CarrenoCommand::ToTitle);
    }
    Ok(())
}
