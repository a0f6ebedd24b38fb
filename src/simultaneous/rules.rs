//! How to play the simultaneous match: its pages in the window every game
//! shares ([`crate::ui::rules_window`]).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::screen::Screen;
use crate::ui::rules_window::{self, Page, RulesBook};
use crate::ui::theme::widgets;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(rules_window::plugin::<SimRules>);
}

/// The simultaneous match's book.
pub struct SimRules;

impl RulesBook for SimRules {
    fn shown(screen: &Screen) -> bool {
        *screen == Screen::Game(super::SIMULTANEOUS)
    }
    const ID: &'static str = "simultaneous rules";
    const TITLE: &'static str = "How to play two boards at once";
    const WIDTH: f32 = 720.0;
    const CHROME: f32 = 230.0;
    const PAGES: &'static [Page] = &[("The match", match_page), ("Controls", controls_page)];
}

fn paragraph(ui: &mut egui::Ui, text: &str) {
    ui.add(egui::Label::new(widgets::text(text, widgets::BODY)).wrap());
    ui.add_space(6.0);
}

fn match_page(ui: &mut egui::Ui) {
    paragraph(
        ui,
        "Each player has a board of their own, on which they are Order, and is Chaos on the other's board.",
    );
    paragraph(
        ui,
        "Each turn one counter is drawn, and it goes to both boards. Each player places it on the other's board; then each may slide one counter on their own board like a rook, or pass.",
    );
    paragraph(
        ui,
        "When the boards are full, each is scored as in Entropy: every palindrome in every row and column scores its length. The higher score wins. Both boards had the same counters in the same order, so neither player had the luck of the bag.",
    );
}

fn controls_page(ui: &mut egui::Ui) {
    paragraph(
        ui,
        "The board waiting for you is named in gold above it, and the panel says what to do. Click a cell to place the drawn counter; click one of your counters, then where it goes, to slide it. P or the Pass button passes.",
    );
    paragraph(
        ui,
        "With the keyboard or a gamepad: the arrows or the d-pad move the cursor (across to the other board past the edge), Enter or A acts, Esc or B puts a counter back, P or Y passes, Esc or Start opens the menu.",
    );
}
