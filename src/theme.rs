//! Colours and the look of the interface.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use entropy_rules::Colour;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(BACKGROUND))
        .add_systems(EguiPrimaryContextPass, style_egui.run_if(run_once));
}

/// Behind everything.
pub const BACKGROUND: Color = Color::srgb(0.105, 0.113, 0.141);
/// The board's tray.
pub const TRAY: Color = Color::srgb(0.165, 0.180, 0.220);
/// A cell.
pub const CELL: Color = Color::srgb(0.228, 0.248, 0.298);
/// A cell under the pointer.
pub const CELL_HOVER: Color = Color::srgb(0.300, 0.330, 0.400);
/// Where a picked-up counter may go.
pub const LEGAL: Color = Color::srgb(0.50, 0.88, 0.66);
/// The counter in hand or picked up.
pub const SELECTED: Color = Color::srgb(1.0, 0.84, 0.42);
/// A refused move.
pub const REFUSED: Color = Color::srgb(1.0, 0.36, 0.36);
/// The keyboard / gamepad cursor.
pub const CURSOR: Color = Color::srgb(0.55, 0.75, 1.0);
/// Quiet text in the world.
pub const LABEL: Color = Color::srgb(0.55, 0.59, 0.68);
/// Bright text in the world.
pub const TEXT: Color = Color::srgb(0.92, 0.93, 0.96);
/// A run being counted.
pub const COUNTING: Color = Color::srgb(1.0, 0.84, 0.42);

/// The colour of a counter (red, green, yellow, blue, white, black, purple).
pub fn counter_colour(colour: Colour) -> Color {
    match colour.index() {
        0 => Color::srgb(0.878, 0.224, 0.243),
        1 => Color::srgb(0.239, 0.702, 0.353),
        2 => Color::srgb(0.949, 0.761, 0.188),
        3 => Color::srgb(0.184, 0.498, 0.878),
        4 => Color::srgb(0.949, 0.941, 0.918),
        5 => Color::srgb(0.20, 0.20, 0.23),
        _ => Color::srgb(0.608, 0.310, 0.820),
    }
}

/// The same colour for the interface.
pub fn counter_colour32(colour: Colour) -> egui::Color32 {
    let c = counter_colour(colour).to_srgba();
    egui::Color32::from_rgb((c.red * 255.0) as u8, (c.green * 255.0) as u8, (c.blue * 255.0) as u8)
}

/// The interface's accent (gold).
pub const ACCENT32: egui::Color32 = egui::Color32::from_rgb(255, 214, 107);
/// A hint, in the interface.
pub const HINT32: egui::Color32 = egui::Color32::from_rgb(120, 200, 255);
/// A hint, on the board.
pub const HINT: Color = Color::srgb(0.47, 0.78, 1.0);
/// Order's colour in the interface.
pub const ORDER32: egui::Color32 = egui::Color32::from_rgb(128, 224, 168);
/// Chaos's colour in the interface.
pub const CHAOS32: egui::Color32 = egui::Color32::from_rgb(255, 128, 110);

fn style_egui(mut contexts: EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut style = (*ctx.global_style()).clone();
    use egui::{FontFamily::Proportional, FontId, TextStyle};
    style.text_styles = [
        (TextStyle::Heading, FontId::new(26.0, Proportional)),
        (TextStyle::Body, FontId::new(17.0, Proportional)),
        (TextStyle::Button, FontId::new(18.0, Proportional)),
        (TextStyle::Small, FontId::new(13.0, Proportional)),
        (TextStyle::Monospace, FontId::new(15.0, egui::FontFamily::Monospace)),
    ]
    .into();
    style.spacing.button_padding = egui::vec2(14.0, 7.0);
    style.spacing.item_spacing = egui::vec2(10.0, 9.0);
    let mut visuals = egui::Visuals::dark();
    let bg = egui::Color32::from_rgb(30, 33, 42);
    visuals.panel_fill = bg;
    visuals.window_fill = egui::Color32::from_rgb(36, 40, 51);
    visuals.extreme_bg_color = egui::Color32::from_rgb(22, 24, 31);
    visuals.widgets.inactive.weak_bg_fill = egui::Color32::from_rgb(52, 58, 74);
    visuals.widgets.hovered.weak_bg_fill = egui::Color32::from_rgb(70, 80, 104);
    visuals.widgets.active.weak_bg_fill = egui::Color32::from_rgb(92, 104, 136);
    visuals.selection.bg_fill = egui::Color32::from_rgb(86, 110, 160);
    visuals.window_corner_radius = egui::CornerRadius::same(10);
    style.visuals = visuals;
    ctx.set_global_style(style);
    Ok(())
}
