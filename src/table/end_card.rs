//! The frame of a game's end screen, the same in every game: the result's
//! headline in the side panel's card, the game's own lines under it, and a
//! grid of choices (the first one focused when the screen opens; the
//! focused one drawn as the main one) that the pointer, the keys and the
//! gamepad move through alike.

use bevy_egui::egui;

use crate::ui::navigation::Focus;
use crate::ui::theme::{ui, widgets};

/// The end screen's card: `headline` in large type, then `lines` (the
/// game's own account of the result), then `choices`, `per_row` to a row,
/// as wide as the card; `active` while no dialog is over it. Returns the
/// choice clicked, if any. The pointer takes the focus by moving onto a
/// choice.
pub fn end_card<C: Copy>(
    ui: &mut egui::Ui,
    headline: &str,
    lines: impl FnOnce(&mut egui::Ui),
    choices: &[(C, &str)],
    per_row: usize,
    focus: &mut Focus,
    active: bool,
) -> Option<C> {
    let mut chosen = None;
    widgets::card(ui, |ui| {
        ui.set_min_height(172.0);
        ui.add(egui::Label::new(widgets::strong(headline, 26.0).color(ui::ACCENT)).wrap());
        crate::ui::theme::controls::shown(ui, "Result", headline);
        lines(ui);
        ui.add_space(6.0);
        let focused = focus.of(choices.len());
        let per_row = per_row.max(1);
        let width = (ui.available_width() - 8.0 * (per_row - 1) as f32) / per_row as f32;
        for (row, row_choices) in choices.chunks(per_row).enumerate() {
            ui.horizontal(|ui| {
                ui.spacing_mut().item_spacing.x = 8.0;
                for (j, (choice, label)) in row_choices.iter().enumerate() {
                    let i = row * per_row + j;
                    let look = widgets::ButtonLook::new(width, 40.0)
                        .entry()
                        .focused(active && i == focused)
                        .text_size(17.0);
                    let response = widgets::button(ui, label, look);
                    if active && widgets::pointer_takes_focus(ui, response.hovered()) {
                        focus.point_at(i);
                    }
                    if active && response.clicked() {
                        chosen = Some(*choice);
                    }
                }
            });
        }
    });
    chosen
}
