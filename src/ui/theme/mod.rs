//! The look of the game in one place: the palette of the world and the
//! interface, the typefaces ([`fonts`]) and the interface's widgets
//! ([`widgets`]). No colour is written anywhere else.

use bevy::prelude::*;
use bevy_egui::egui;

mod buttons;
pub mod controls;
pub mod fonts;
mod frames;
mod rows;
mod swatches;
pub mod widgets;

pub(crate) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(BACKGROUND))
        .configure_sets(
            bevy_egui::EguiPrimaryContextPass,
            Interface.run_if(resource_exists::<fonts::FontsReady>),
        )
        .add_plugins((fonts::plugin, widgets::plugin, swatches::plugin));
}

/// Every screen's and dialog's drawing, in egui's pass: it waits for the fonts.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Interface;

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
/// The last move, whoever made it (drawn dark under light, see `Art::outlined_ring` in [`crate::ui::art`]).
pub const LAST_MOVE: Color = Color::srgb(1.0, 0.55, 0.25);
/// A hint, on the board.
pub const HINT: Color = Color::srgb(0.80, 0.55, 1.0);
/// Quiet text in the world.
pub const LABEL: Color = Color::srgb(0.55, 0.59, 0.68);
/// Bright text in the world.
pub const TEXT: Color = Color::srgb(0.92, 0.93, 0.96);
/// A run being counted.
pub const COUNTING: Color = Color::srgb(1.0, 0.84, 0.42);
/// The bag's cloth.
pub const BAG: Color = Color::srgb(0.62, 0.47, 0.33);

/// The light pieces of Carreno's game (O's).
pub const PIECE_LIGHT: Color = Color::srgb(0.93, 0.91, 0.85);
/// The dark pieces of Carreno's game (S's).
pub const PIECE_DARK: Color = Color::srgb(0.19, 0.19, 0.23);
/// Pieces in check in Carreno's game, and the reason beside the board.
pub const CHECK: Color = Color::srgb(1.0, 0.30, 0.28);

/// The colour of a light or a dark piece of Carreno's game (O's are light).
pub fn piece_colour(light: bool) -> Color {
    if light { PIECE_LIGHT } else { PIECE_DARK }
}

/// The colour of the letter on a light or a dark piece of Carreno's game.
pub fn piece_letter_colour(light: bool) -> Color {
    if light {
        Color::srgba(0.10, 0.10, 0.12, 0.55)
    } else {
        Color::srgba(1.0, 1.0, 1.0, 0.62)
    }
}

/// The colour of a counter by its colour's index (red, green, yellow, blue,
/// white, black, purple).
pub fn counter_colour(index: usize) -> Color {
    match index {
        0 => Color::srgb(0.878, 0.224, 0.243),
        1 => Color::srgb(0.239, 0.702, 0.353),
        2 => Color::srgb(0.949, 0.761, 0.188),
        3 => Color::srgb(0.184, 0.498, 0.878),
        4 => Color::srgb(0.949, 0.941, 0.918),
        5 => Color::srgb(0.20, 0.20, 0.23),
        _ => Color::srgb(0.608, 0.310, 0.820),
    }
}

/// Whether marks on a counter of the colour of `index` must be dark to be
/// seen (yellow, white).
pub fn is_light(index: usize) -> bool {
    matches!(index, 2 | 4)
}

/// The colour of numbers and symbols on a counter of the colour of `index`.
pub fn marking_colour(index: usize) -> Color {
    if is_light(index) {
        Color::srgba(0.08, 0.08, 0.10, 0.85)
    } else {
        Color::srgba(1.0, 1.0, 1.0, 0.92)
    }
}

/// A world colour for the interface.
pub fn egui_colour(colour: Color) -> egui::Color32 {
    let c = colour.to_srgba();
    egui::Color32::from_rgba_unmultiplied(
        (c.red * 255.0).round() as u8,
        (c.green * 255.0).round() as u8,
        (c.blue * 255.0).round() as u8,
        (c.alpha * 255.0).round() as u8,
    )
}

/// [`ui::PANEL`] for a sprite: the side panel's ground.
pub fn panel_ground() -> Color {
    let [red, green, blue, _] = ui::PANEL.to_array();
    Color::srgb_u8(red, green, blue)
}

/// The interface's colours.
pub mod ui {
    use bevy_egui::egui::Color32;

    /// The side panel and menus' ground.
    pub const PANEL: Color32 = Color32::from_rgb(30, 33, 42);
    /// A card on a panel.
    pub const CARD: Color32 = Color32::from_rgb(38, 42, 54);
    /// A raised card (the focused row, a dialog).
    pub const CARD_RAISED: Color32 = Color32::from_rgb(46, 51, 66);
    /// A button at rest.
    pub const BUTTON: Color32 = Color32::from_rgb(52, 58, 74);
    /// A button under the pointer.
    pub const BUTTON_HOVER: Color32 = Color32::from_rgb(66, 74, 96);
    /// A button held down.
    pub const BUTTON_PRESS: Color32 = Color32::from_rgb(88, 100, 130);
    /// The main button of a screen.
    pub const BUTTON_MAIN: Color32 = Color32::from_rgb(196, 150, 52);
    /// Body text.
    pub const TEXT: Color32 = Color32::from_rgb(234, 236, 242);
    /// Quiet text.
    pub const MUTED: Color32 = Color32::from_rgb(150, 158, 178);
    /// Dark text on light grounds.
    pub const INK: Color32 = Color32::from_rgb(28, 26, 22);
    /// Headings and what is being counted (gold).
    pub const ACCENT: Color32 = Color32::from_rgb(255, 214, 107);
    /// The focus ring.
    pub const FOCUS: Color32 = Color32::from_rgb(255, 214, 107);
    /// Order's colour.
    pub const ORDER: Color32 = Color32::from_rgb(128, 224, 168);
    /// Chaos's colour.
    pub const CHAOS: Color32 = Color32::from_rgb(255, 128, 110);
    /// A hint.
    pub const HINT: Color32 = Color32::from_rgb(204, 140, 255);
    /// A refusal or a warning.
    pub const WARNING: Color32 = Color32::from_rgb(255, 120, 110);
    /// The ground of a warning.
    pub const WARNING_GROUND: Color32 = Color32::from_rgb(70, 40, 40);
    /// A key or button cap in the prompts.
    pub const KEY_CAP: Color32 = Color32::from_rgb(62, 68, 86);
    /// The dim behind a dialog.
    pub const DIM: Color32 = Color32::from_rgba_premultiplied(0, 0, 0, 150);
    /// The window's ground, nearly opaque: behind text over the living board.
    pub const SCRIM: Color32 = Color32::from_rgba_premultiplied(24, 26, 33, 232);
}
