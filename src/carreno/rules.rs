//! How to play Carreno's Entropy, the four pages of its How-to-play window
//! ([`crate::ui::rules_window`]): the game, check and passing, winning
//! and the draws, and the controls. Seed 002's figures are drawn as small
//! boards read from their text by the rules crate, with what the rules
//! crate says about them (the pieces in check, the winning move).

use bevy::prelude::*;
use bevy_egui::egui;
use carreno_rules::{MOVE_LIMIT, Move, PIECES, Position, Square};

use super::mini_board::{Mark, mini_board};
use crate::app::screen::Screen;
use crate::ui::rules_window;
use crate::ui::rules_window::{Block, Page, RulesBook, blocks, controls_table, para};
use crate::ui::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(rules_window::plugin::<CarrenoRules>);
}

/// Carreno's How to play.
pub struct CarrenoRules;

impl RulesBook for CarrenoRules {
    fn shown(screen: &Screen) -> bool {
        *screen == Screen::Game(super::CARRENO)
    }
    const ID: &'static str = "carreno rules";
    const TITLE: &'static str = "How to play Carreno's Entropy";
    const WIDTH: f32 = 760.0;
    const CHROME: f32 = 230.0;
    const PAGES: &'static [Page] = &[
        ("The game", game_page),
        ("Check", check_page),
        ("Winning", winning_page),
        ("Controls", controls_page),
    ];
}

/// The page shown.
pub type RulesPage = rules_window::RulesPage<CarrenoRules>;

/// Seed 002's Fig. 2: O is in check (its piece on c5 touches nothing).
const FIG_2: &str = "S.O.S\nO...O\nOSSOS\nS....\n..OOS\nO\n";
/// Seed 002's Fig. 3 with S to move.
const FIG_3: &str = "S.O.O\nO.SOS\nS....\nOOSSO\nS....\nS\n";

/// `text` on the left, a figure with its caption on the right.
fn with_figure(ui: &mut egui::Ui, text: &[Block], figure: impl FnOnce(&mut egui::Ui)) {
    ui.horizontal_top(|ui| {
        ui.vertical(|ui| {
            ui.set_width(470.0);
            blocks(ui, text);
        });
        ui.add_space(16.0);
        ui.vertical(|ui| {
            ui.set_width(230.0);
            figure(ui);
        });
    });
}

fn game_page(ui: &mut egui::Ui) {
    let text = [
        para(format!(
            "Two sides, O (light) and S (dark), have {PIECES} pieces each on a 5 × 5 board. O moves first; then the sides take turns, one move each."
        )),
        Block::Heading("Moving"),
        para(
            "A piece may move only while it touches a piece of its own side: beside it or diagonally. It then moves like a chess queen, in a straight line in any of the eight directions, over as many empty squares as you like. It may not jump over a piece or land on one.",
        ),
        para("In the game, the pieces that may not move now are dimmed; point at one to read why."),
    ];
    with_figure(ui, &text, |ui| {
        mini_board(ui, &Position::new(), 210.0, &[]);
        ui.label(widgets::muted("The start. Columns a–e, rows 1–5.", widgets::SMALL));
    });
}

fn check_page(ui: &mut egui::Ui) {
    let text = [
        para(
            "A piece that touches no piece at all, of either side, is isolated. A player who has an isolated piece when their turn begins is in check: their move must leave none of their pieces isolated.",
        ),
        para(
            "Check applies only when a turn begins: when you are not in check, a move may leave your own pieces isolated.",
        ),
        Block::Heading("Passing"),
        para(
            "A player in check who has no move that ends it, or a player with no legal move at all, passes. Passing is allowed only then: the Pass button lights up when it is your only move.",
        ),
    ];
    let fig2: Option<Position> = FIG_2.parse().ok();
    with_figure(ui, &text, |ui| {
        if let Some(fig2) = fig2 {
            let mut marks: Vec<Mark> = fig2.checked_pieces().into_iter().map(Mark::Check).collect();
            if let (Ok(from), Ok(to)) = ("a4".parse::<Square>(), "c4".parse::<Square>()) {
                marks.push(Mark::Arrow(from, to));
            }
            mini_board(ui, &fig2, 210.0, &marks);
            ui.label(widgets::muted(
                "Seed 002's Fig. 2: O is in check, its piece on c5 touches nothing. a4-c4 ends it (and leaves S's a5 isolated).",
                widgets::SMALL,
            ));
        }
    });
}

fn winning_page(ui: &mut egui::Ui) {
    let text = [
        para(format!(
            "A side is dispersed when every one of its {PIECES} pieces touches at least one piece and none of its own side. The first side to be dispersed wins."
        )),
        para(
            "After each move the mover is judged first: a move that disperses the mover wins, even if it disperses the other side too; a move that disperses only the other side hands it the game.",
        ),
        Block::Heading("Draws"),
        para(format!(
            "This edition's reading (the seed gives none): a game is drawn when both players pass one after the other, when the same position with the same player to move occurs for the third time, or after {MOVE_LIMIT} moves in all, passes included."
        )),
    ];
    let fig3: Option<Position> = FIG_3.parse().ok();
    with_figure(ui, &text, |ui| {
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
    });
}

fn controls_page(ui: &mut egui::Ui) {
    controls_table(
        ui,
        "carreno controls",
        [28.0, 10.0],
        &[
            [
                "Move a piece",
                "Drag it, or click it\nthen its square",
                "Arrows; Enter on it,\nthen on its square",
                "D-pad; A on it,\nthen on its square",
            ],
            ["Put it back", "Click it again", "Esc", "B"],
        ],
        &[["Menu", "Leave button", "Esc", "Start"]],
    );
    blocks(
        ui,
        &[para(
            "Against the computer, Undo takes back your move and its reply. A hint shows the computer's best move on the board.",
        )],
    );
}
