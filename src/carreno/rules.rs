//! How to play Carreno's Entropy, in four pages over any screen (left and
//! right turn them; Esc or Enter closes): the game, check and passing,
//! winning and the draws, and the controls. Seed 002's figures are drawn
//! as small boards read from their text by the rules crate, with what the
//! rules crate says about them (the pieces in check, the winning move).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use carreno_rules::{MOVE_LIMIT, Move, PIECES, Position, SIDE, Square};

use crate::AppSet;
use crate::navigation::{Focus, Nav};
use crate::screens::{MenuEvent, MenuKeys, Overlay, OverlayCommand, Overlays, menu_events};
use crate::theme::{self, ui, widgets};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesPage>()
        .add_systems(
            Update,
            navigate.after(crate::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(|o: Res<Overlays>| o.contains(Overlay::CarrenoRules))
                .in_set(crate::theme::Interface),
        );
}

/// The page shown.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RulesPage(pub usize);

const PAGES: [&str; 4] = ["The game", "Check", "Winning", "Controls"];

/// Seed 002's Fig. 2: O is in check (its piece on c5 touches nothing).
const FIG_2: &str = "S.O.S\nO...O\nOSSOS\nS....\n..OOS\nO\n";
/// Seed 002's Fig. 3 with S to move.
const FIG_3: &str = "S.O.O\nO.SOS\nS....\nOOSSO\nS....\nS\n";

fn navigate(
    mut keys: MenuKeys,
    mut focus: ResMut<Focus>,
    mut page: ResMut<RulesPage>,
    mut overlays: MessageWriter<OverlayCommand>,
) {
    for event in menu_events(keys.for_dialog(Overlay::CarrenoRules), &mut focus, &[()]) {
        match event {
            MenuEvent::Change(_, delta) => page.0 = (page.0 as i32 + delta).rem_euclid(PAGES.len() as i32) as usize,
            MenuEvent::Confirm(_) | MenuEvent::Back | MenuEvent::Other(Nav::Pause) => {
                overlays.write(OverlayCommand::Close);
            }
            _ => {}
        }
    }
}

fn draw(
    mut contexts: EguiContexts,
    mut page: ResMut<RulesPage>,
    open: Res<Overlays>,
    mut overlays: MessageWriter<OverlayCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let on_top = open.top() == Some(Overlay::CarrenoRules);
    let height = (ctx.viewport_rect().height() - 230.0).max(260.0);
    widgets::dialog(&ctx, "carreno rules", "How to play Carreno's Entropy", 760.0, |ui| {
        ui.horizontal(|ui| {
            for (i, name) in PAGES.iter().enumerate() {
                let look = widgets::ButtonLook::new(120.0, 34.0).text_size(15.0).main(i == page.0);
                if widgets::button(ui, name, look).clicked() {
                    page.0 = i;
                }
            }
            ui.label(widgets::muted("← → turn pages", widgets::SMALL));
        });
        ui.add_space(6.0);
        egui::ScrollArea::vertical().max_height(height).show(ui, |ui| {
            ui.spacing_mut().item_spacing.y = 8.0;
            match page.0 {
                0 => game_page(ui),
                1 => check_page(ui),
                2 => winning_page(ui),
                _ => controls_page(ui),
            }
        });
        ui.add_space(8.0);
        let look = widgets::ButtonLook::new(160.0, 42.0).main(true).focused(on_top);
        if widgets::button(ui, "Close", look).clicked() && on_top {
            overlays.write(OverlayCommand::Close);
        }
    });
    Ok(())
}

fn paragraph(ui: &mut egui::Ui, text: &str) {
    ui.add(egui::Label::new(widgets::text(text, widgets::BODY)).wrap());
}

fn heading(ui: &mut egui::Ui, text: &str) {
    ui.label(widgets::strong(text, widgets::BODY + 1.0).color(ui::ACCENT));
}

/// Text on the left, a figure with its caption on the right.
fn with_figure(ui: &mut egui::Ui, text: impl FnOnce(&mut egui::Ui), figure: impl FnOnce(&mut egui::Ui)) {
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(470.0);
            text(ui);
        });
        ui.add_space(16.0);
        ui.vertical(|ui| {
            ui.set_width(230.0);
            figure(ui);
        });
    });
}

fn game_page(ui: &mut egui::Ui) {
    with_figure(
        ui,
        |ui| {
            paragraph(
                ui,
                &format!(
                    "Two sides, O (light) and S (dark), have {PIECES} pieces each on a 5 × 5 board. O moves first; then the sides take turns, one move each."
                ),
            );
            heading(ui, "Moving");
            paragraph(
                ui,
                "A piece may move only while it touches a piece of its own side: beside it or diagonally. It then moves like a chess queen, in a straight line in any of the eight directions, over as many empty squares as you like. It may not jump over a piece or land on one.",
            );
            paragraph(
                ui,
                "In the game, the pieces that may not move now are dimmed; point at one to read why.",
            );
        },
        |ui| {
            mini_board(ui, &Position::new(), 210.0, &[]);
            ui.label(widgets::muted("The start. Columns a–e, rows 1–5.", widgets::SMALL));
        },
    );
}

fn check_page(ui: &mut egui::Ui) {
    let fig2: Option<Position> = FIG_2.parse().ok();
    with_figure(
        ui,
        |ui| {
            paragraph(
                ui,
                "A piece that touches no piece at all, of either side, is isolated. A player who has an isolated piece when their turn begins is in check: their move must leave none of their pieces isolated.",
            );
            paragraph(
                ui,
                "Check applies only when a turn begins: when you are not in check, a move may leave your own pieces isolated.",
            );
            heading(ui, "Passing");
            paragraph(
                ui,
                "A player in check who has no move that ends it, or a player with no legal move at all, passes. Passing is allowed only then: the Pass button lights up when it is your only move.",
            );
        },
        |ui| {
            if let Some(fig2) = fig2 {
                let checked: Vec<Mark> = fig2.checked_pieces().into_iter().map(Mark::Check).collect();
                let mut marks = checked;
                if let (Ok(from), Ok(to)) = ("a4".parse::<Square>(), "c4".parse::<Square>()) {
                    marks.push(Mark::Arrow(from, to));
                }
                mini_board(ui, &fig2, 210.0, &marks);
                ui.label(widgets::muted(
                    "Seed 002's Fig. 2: O is in check, its piece on c5 touches nothing. a4-c4 ends it (and leaves S's a5 isolated).",
                    widgets::SMALL,
                ));
            }
        },
    );
}

fn winning_page(ui: &mut egui::Ui) {
    let fig3: Option<Position> = FIG_3.parse().ok();
    with_figure(
        ui,
        |ui| {
            paragraph(
                ui,
                &format!(
                    "A side is dispersed when every one of its {PIECES} pieces touches at least one piece and none of its own side. The first side to be dispersed wins."
                ),
            );
            paragraph(
                ui,
                "After each move the mover is judged first: a move that disperses the mover wins, even if it disperses the other side too; a move that disperses only the other side hands it the game.",
            );
            heading(ui, "Draws");
            paragraph(
                ui,
                &format!(
                    "This edition's reading (the seed gives none): a game is drawn when both players pass one after the other, when the same position with the same player to move occurs for the third time, or after {MOVE_LIMIT} moves in all, passes included."
                ),
            );
        },
        |ui| {
            if let Some(fig3) = fig3 {
                let winning = carreno_ai::tactics::winning_move(&fig3);
                let marks: Vec<Mark> = match winning {
                    Some(Move::Slide { from, to }) => vec![Mark::Arrow(from, to)],
                    _ => Vec::new(),
                };
                mini_board(ui, &fig3, 210.0, &marks);
                let caption = match winning {
                    Some(mv) => format!("Seed 002's Fig. 3, S to move: {mv} disperses S, who wins."),
                    None => "Seed 002's Fig. 3.".to_string(),
                };
                ui.label(widgets::muted(caption, widgets::SMALL));
            }
        },
    );
}

fn controls_page(ui: &mut egui::Ui) {
    egui::Grid::new("carreno controls")
        .num_columns(4)
        .spacing([28.0, 10.0])
        .show(ui, |ui| {
            for row in [
                ["", "Mouse", "Keyboard", "Gamepad"],
                [
                    "Move a piece",
                    "Drag it, or click it\nthen its square",
                    "Arrows; Enter on it,\nthen on its square",
                    "D-pad; A on it,\nthen on its square",
                ],
                ["Put it back", "Click it again", "Esc", "B"],
                ["Pass", "Pass button", "P", "Y"],
                ["Hint", "Hint button", "H", "X"],
                ["Undo", "Undo button", "U", "Select"],
                ["Menu", "Leave button", "Esc", "Start"],
            ] {
                for (i, cell) in row.iter().enumerate() {
                    let text = if i == 0 || row[0].is_empty() {
                        widgets::strong(*cell, widgets::SMALL + 1.0)
                    } else {
                        widgets::text(*cell, widgets::SMALL + 1.0)
                    };
                    ui.label(text);
                }
                ui.end_row();
            }
        });
    paragraph(
        ui,
        "Against the computer, Undo takes back your move and its reply. A hint shows the computer's best move on the board.",
    );
}

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
            let colour = theme::egui_colour(theme::piece_colour(side));
            painter.circle_filled(centre(square), pitch * 0.36, ui::MUTED);
            painter.circle_filled(centre(square), pitch * 0.36 - 1.0, colour);
            let letter = theme::egui_colour(theme::piece_letter_colour(side));
            painter.text(
                centre(square),
                egui::Align2::CENTER_CENTER,
                side.symbol(),
                egui::FontId::new(pitch * 0.32, crate::theme::fonts::strong_family()),
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
