//! The side panel of Carreno's game, shared by the playing and result
//! screens: which side is light and which dark with their players, the
//! screen's own card, the move list (numbered, newest in view) and the
//! Rules and Leave buttons. Every text wraps within the panel.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use carreno_rules::{MOVE_LIMIT, Move, Side};

use super::game::{CarrenoMatch, Seat};
use crate::ui::theme::{ui, widgets};

/// What the panel shows.
#[derive(SystemParam)]
pub struct PanelData<'w> {
    /// The game.
    pub game: Res<'w, CarrenoMatch>,
}

/// What the panel's own buttons asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PanelButtons {
    /// How to play.
    pub rules: bool,
    /// Leave the game.
    pub leave: bool,
}

/// A side's name with its colour: "O (light)".
pub fn side_words(side: Side) -> String {
    match side {
        Side::O => "O (light)".to_string(),
        Side::S => "S (dark)".to_string(),
    }
}

/// Draws the panel at the right of the window, with `middle` as the screen's own card.
pub fn side_panel(ctx: &egui::Context, data: &PanelData, middle: impl FnOnce(&mut egui::Ui)) -> PanelButtons {
    widgets::side_panel(ctx, "carreno panel", |ui, inner| {
        // Rules and Leave stand at the bottom; the rest fills what is above them.
        let bottom = egui::Rect::from_min_max(egui::pos2(inner.left(), inner.bottom() - 36.0), inner.max);
        let content = egui::Rect::from_min_max(inner.min, egui::pos2(inner.right(), bottom.top() - 10.0));
        widgets::column(ui, content, |ui| {
            header(ui, &data.game);
            players(ui, &data.game);
            middle(ui);
            move_list(ui, &data.game);
        });
        ui.scope_builder(egui::UiBuilder::new().max_rect(bottom), bottom_buttons)
            .inner
    })
}

fn header(ui: &mut egui::Ui, game: &CarrenoMatch) {
    ui.horizontal(|ui| {
        ui.label(widgets::strong("CARRENO'S ENTROPY", 15.0).color(ui::ACCENT));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            let played = game.game.moves().len();
            ui.label(widgets::muted(format!("{played} of {MOVE_LIMIT} moves"), 14.0))
                .on_hover_text("The game is drawn when this many moves have been played without a winner.");
        });
    });
}

fn players(ui: &mut egui::Ui, game: &CarrenoMatch) {
    let to_move = (!game.game.is_over()).then(|| game.game.to_move());
    widgets::card(ui, |ui| {
        for side in [Side::O, Side::S] {
            ui.horizontal(|ui| {
                widgets::piece_swatch(ui, side == Side::O, 20.0);
                ui.label(widgets::strong(side_words(side), 16.0));
                let name = game.name(side);
                let colour = if to_move == Some(side) { ui::ACCENT } else { ui::TEXT };
                ui.add(egui::Label::new(widgets::text(name, 16.0).color(colour)).truncate());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if to_move == Some(side) {
                        let words = match game.seat(side) {
                            Seat::Person | Seat::Remote => "to move",
                            Seat::Computer(_) => "thinks",
                        };
                        ui.label(widgets::muted(words, widgets::SMALL));
                    }
                });
            });
        }
    });
}

fn move_list(ui: &mut egui::Ui, game: &CarrenoMatch) {
    let moves = game.game.moves();
    ui.label(widgets::muted("MOVES", widgets::SMALL));
    // The list takes what is left above the bottom buttons.
    let height = ui.available_height().max(40.0);
    let rows = moves.len().div_ceil(2);
    widgets::whole_rows_list(ui, "carreno moves", (rows, 4.0), height, true, |ui| {
        if moves.is_empty() {
            ui.label(widgets::muted("No move yet. O moves first.", widgets::SMALL));
            return;
        }
        let last = moves.len() - 1;
        egui::Grid::new("carreno moves")
            .num_columns(3)
            .spacing([18.0, 4.0])
            .min_col_width(28.0)
            .show(ui, |ui| {
                for (pair, chunk) in moves.chunks(2).enumerate() {
                    ui.label(widgets::muted(format!("{}.", pair + 1), widgets::SMALL + 1.0));
                    for (j, mv) in chunk.iter().enumerate() {
                        let index = pair * 2 + j;
                        let colour = if index == last { ui::ACCENT } else { ui::TEXT };
                        ui.label(widgets::text(move_words(*mv), widgets::BODY).color(colour));
                    }
                    ui.end_row();
                }
            });
    });
}

/// A move as the list shows it: its notation from the rules.
pub fn move_words(mv: Move) -> String {
    mv.to_string()
}

fn bottom_buttons(ui: &mut egui::Ui) -> PanelButtons {
    let mut buttons = PanelButtons::default();
    ui.horizontal(|ui| {
        let look = |w: f32| widgets::ButtonLook::new(w, 36.0).text_size(16.0);
        buttons.rules = widgets::button(ui, "Rules", look(100.0)).clicked();
        buttons.leave = widgets::button(ui, "Leave", look(100.0)).clicked();
    });
    buttons
}
