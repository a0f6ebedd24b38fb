//! Small marks in the interface's text: a counter's colour or a piece as a
//! disc, and badges.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui::{Color32, Sense, vec2};

use super::ui;
use super::widgets::strong;
use crate::app::prefs::{ColourMarks, Settings};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, publish_marks.before(super::Interface));
}

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

/// The counter colour of `index` as a small disc with a light rim (the
/// black one shows on the dark panel), with its number or symbol when the
/// settings show them.
pub fn swatch(ui: &mut egui::Ui, index: usize, diameter: f32) -> egui::Response {
    let response = disc(ui, super::egui_colour(super::counter_colour(index)), diameter, 70);
    marking(ui, index, response.rect.center(), diameter);
    response
}

/// The counters' marks the settings choose (numbers or symbols), told to
/// the interface each frame.
fn publish_marks(mut contexts: EguiContexts, settings: Res<Settings>) -> Result {
    contexts
        .ctx_mut()?
        .data_mut(|d| d.insert_temp(egui::Id::new(MARKS), settings.colour_marks));
    Ok(())
}

const MARKS: &str = "colour marks";

/// The number (`index` + 1) or symbol of the counter colour of `index` on a
/// counter of `diameter` at `centre`, as the settings choose (nothing when
/// they show none), as on the board.
pub fn marking(ui: &egui::Ui, index: usize, centre: egui::Pos2, diameter: f32) {
    let marks = ui
        .ctx()
        .data(|d| d.get_temp::<ColourMarks>(egui::Id::new(MARKS)))
        .unwrap_or_default();
    let ink = super::egui_colour(super::marking_colour(index));
    match marks {
        ColourMarks::Off => {}
        ColourMarks::Numbers => {
            ui.painter().text(
                centre,
                egui::Align2::CENTER_CENTER,
                (index + 1).to_string(),
                egui::FontId::new(diameter * 0.55, super::fonts::strong_family()),
                ink,
            );
        }
        ColourMarks::Symbols => {
            let texture = symbol_texture(ui.ctx(), index);
            let rect = egui::Rect::from_center_size(centre, vec2(diameter * 0.6, diameter * 0.6));
            let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
            ui.painter().image(texture.id(), rect, uv, ink);
        }
    }
}

/// The white symbol of the counter colour of `index` as an egui texture,
/// made on first use.
fn symbol_texture(ctx: &egui::Context, index: usize) -> egui::TextureHandle {
    let id = egui::Id::new(("symbol texture", index));
    if let Some(texture) = ctx.data(|d| d.get_temp::<egui::TextureHandle>(id)) {
        return texture;
    }
    const SIZE: u32 = 48;
    let pixels = crate::ui::art::symbol_coverage(index, SIZE)
        .into_iter()
        .map(|a| Color32::from_white_alpha((a.clamp(0.0, 1.0) * 255.0).round() as u8))
        .collect();
    let image = egui::ColorImage::new([SIZE as usize; 2], pixels);
    let texture = ctx.load_texture(format!("symbol {index}"), image, egui::TextureOptions::LINEAR);
    ctx.data_mut(|d| d.insert_temp(id, texture.clone()));
    texture
}

/// A light or a dark piece as a small disc.
pub fn piece_swatch(ui: &mut egui::Ui, light: bool, diameter: f32) {
    disc(ui, super::egui_colour(super::piece_colour(light)), diameter, 60);
}

/// A small tag: `label` in `colour` on a ground of it.
pub fn badge(ui: &mut egui::Ui, label: &str, colour: Color32) {
    egui::Frame::new()
        .fill(colour.gamma_multiply(0.22))
        .corner_radius(5)
        .inner_margin(egui::Margin::symmetric(7, 2))
        .show(ui, |ui| {
            ui.label(strong(label, super::widgets::SMALL).color(colour));
        });
}
