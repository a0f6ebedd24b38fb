//! Small marks in the interface's text: a counter's colour or a Carreno
//! piece as a disc, and the role badges.

use bevy_egui::egui;
use carreno_rules::Side;
use egui::{Color32, Sense, vec2};
use entropy_rules::{Colour, Role};

use super::ui;
use super::widgets::strong;

/// A disc of `fill` with a light rim and a gloss of `gloss` (its white's alpha).
fn disc(ui: &mut egui::Ui, fill: Color32, diameter: f32, gloss: u8) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(vec2(diameter, diameter), Sense::hover());
    let painter = ui.painter();
    painter.circle_filled(rect.center(), diameter / 2.0, ui::MUTED);
    painter.circle_filled(rect.center(), diameter / 2.0 - 1.5, fill);
    painter.circle_filled(
        rect.center() + vec2(-diameter * 0.14, -diameter * 0.16),
        diameter * 0.16,
        Color32::from_white_alpha(gloss),
    );
    response
}

/// A counter's colour as a small disc with a light rim (the black one shows on the dark panel).
pub fn swatch(ui: &mut egui::Ui, colour: Colour, diameter: f32) -> egui::Response {
    disc(ui, super::egui_colour(super::counter_colour(colour)), diameter, 70)
}

/// A piece of Carreno's `side` as a small disc.
pub fn piece_swatch(ui: &mut egui::Ui, side: Side, diameter: f32) {
    disc(ui, super::egui_colour(super::piece_colour(side)), diameter, 60);
}

/// A small ORDER or CHAOS tag in the role's colour.
pub fn role_badge(ui: &mut egui::Ui, role: Role) {
    let (label, colour) = match role {
        Role::Order => ("ORDER", ui::ORDER),
        Role::Chaos => ("CHAOS", ui::CHAOS),
    };
    egui::Frame::new()
        .fill(colour.gamma_multiply(0.22))
        .corner_radius(5)
        .inner_margin(egui::Margin::symmetric(7, 2))
        .show(ui, |ui| {
            ui.label(strong(label, 13.0).color(colour));
        });
}
