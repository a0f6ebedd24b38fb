//! A small drawing of Carreno's board in the interface, read from a
//! position: the rules' figures in How to play and the setup screen's
//! start, with pieces in check ringed and moves drawn as arrows.

use bevy_egui::egui;
use carreno_rules::{Position, SIDE, Side, Square};

use crate::ui::theme;

use crate::ui::theme::ui;

/// Something marked on a small board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mark {
    /// A piece in check, ringed.
    Check(Square),
    /// A move, as an arrow.
    Arrow(Square, Square),
}

/// Draws `position`'s board, `size` points wide, with `marks`, in the
/// board's colours: row 5 at the top, column a on the left.
pub fn mini_board(ui: &mut egui::Ui, position: &Position, size: f32, marks: &[Mark]) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let painter = ui.painter();
    painter.rect_filled(rect, egui::CornerRadius::same(8), theme::egui_colour(theme::TRAY));
    let inner = rect.shrink(size * 0.04);
    let pitch = inner.width() / SIDE as f32;
    let centre = |square: Square| {
        egui::pos2(
            inner.left() + pitch * (square.file() as f32 + 0.5),
            inner.bottom() - pitch * (square.rank() as f32 + 0.5),
        )
    };
    for square in Square::all() {
        let cell = egui::Rect::from_center_size(centre(square), egui::vec2(pitch * 0.9, pitch * 0.9));
        painter.rect_filled(cell, egui::CornerRadius::same(4), theme::egui_colour(theme::CELL));
        if let Some(side) = position.board().side_at(square) {
            let colour = theme::egui_colour(theme::piece_colour(side == Side::O));
            painter.circle_filled(centre(square), pitch * 0.36, ui::MUTED);
            painter.circle_filled(centre(square), pitch * 0.36 - 1.0, colour);
            let letter = theme::egui_colour(theme::piece_letter_colour(side == Side::O));
            painter.text(
                centre(square),
                egui::Align2::CENTER_CENTER,
                side.symbol(),
                egui::FontId::new(pitch * 0.32, crate::ui::theme::fonts::strong_family()),
                letter,
            );
        }
    }
    let warning = theme::egui_colour(theme::CHECK);
    for mark in marks {
        match *mark {
            Mark::Check(square) => {
                painter.circle_stroke(centre(square), pitch * 0.44, egui::Stroke::new(2.5, warning));
            }
            Mark::Arrow(from, to) => {
                // From the piece's edge to the middle of its square.
                let (a, b) = (centre(from), centre(to));
                let start = a + (b - a).normalized() * pitch * 0.3;
                painter.arrow(start, b - start, egui::Stroke::new(3.0, ui::HINT));
            }
        }
    }
}
