//! The interface's widgets, drawn with egui in the board's visual language:
//! rounded cards, buttons with rest, hover, press and focus looks, choice
//! rows (‹ value ›) that the keyboard and gamepad change with left and
//! right, key caps for the prompts, counter swatches, role badges and
//! dialogs over a dimmed screen. Every screen builds from these.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui::{Align2, Color32, CornerRadius, FontId, Rect, RichText, Sense, Stroke, StrokeKind, Vec2 as EVec2, vec2};
use entropy_rules::{Colour, Role};

use super::fonts::strong_family;
pub use super::rows::{ChoiceResponse, choice_row, segmented_row, text_row};
use super::ui;
use crate::camera::InterfaceScale;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, (style.run_if(run_once), zoom).chain());
}

/// Body text size, in points at scale 1.
pub const BODY: f32 = 17.0;
/// Small text size.
pub const SMALL: f32 = 14.0;
/// Heading size.
pub const HEADING: f32 = 24.0;
/// Corner radius of cards and buttons.
pub const RADIUS: u8 = 10;

fn style(mut contexts: EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut style = (*ctx.global_style()).clone();
    use egui::{FontFamily::Proportional, TextStyle};
    style.text_styles = [
        (TextStyle::Heading, FontId::new(HEADING, strong_family())),
        (TextStyle::Body, FontId::new(BODY, Proportional)),
        (TextStyle::Button, FontId::new(BODY, strong_family())),
        (TextStyle::Small, FontId::new(SMALL, Proportional)),
        (TextStyle::Monospace, FontId::new(15.0, egui::FontFamily::Monospace)),
    ]
    .into();
    style.spacing.button_padding = vec2(14.0, 7.0);
    style.spacing.item_spacing = vec2(10.0, 8.0);
    style.interaction.selectable_labels = false;
    let mut visuals = egui::Visuals::dark();
    visuals.panel_fill = ui::PANEL;
    visuals.window_fill = ui::CARD_RAISED;
    visuals.extreme_bg_color = Color32::from_rgb(22, 24, 31);
    visuals.override_text_color = Some(ui::TEXT);
    visuals.widgets.inactive.weak_bg_fill = ui::BUTTON;
    visuals.widgets.hovered.weak_bg_fill = ui::BUTTON_HOVER;
    visuals.widgets.active.weak_bg_fill = ui::BUTTON_PRESS;
    visuals.selection.bg_fill = Color32::from_rgb(86, 110, 160);
    visuals.selection.stroke = Stroke::new(1.5, ui::FOCUS);
    visuals.window_corner_radius = CornerRadius::same(RADIUS);
    style.visuals = visuals;
    ctx.set_global_style(style);
    Ok(())
}

/// The interface follows the window's size.
fn zoom(mut contexts: EguiContexts, scale: Res<InterfaceScale>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - scale.0).abs() > 1e-3 {
        ctx.set_zoom_factor(scale.0);
    }
    Ok(())
}

/// Text at `size` in the regular face.
pub fn text(s: impl Into<String>, size: f32) -> RichText {
    RichText::new(s).size(size)
}

/// Text at `size` in the semibold face.
pub fn strong(s: impl Into<String>, size: f32) -> RichText {
    RichText::new(s).size(size).family(strong_family())
}

/// Quiet text at `size`.
pub fn muted(s: impl Into<String>, size: f32) -> RichText {
    RichText::new(s).size(size).color(ui::MUTED)
}

/// A card: a rounded panel the width of its parent.
pub fn card<R>(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    card_filled(ui, ui::CARD, add)
}

/// A card of another ground colour.
pub fn card_filled<R>(ui: &mut egui::Ui, fill: Color32, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    egui::Frame::new()
        .fill(fill)
        .corner_radius(RADIUS)
        .inner_margin(12)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            add(ui)
        })
        .inner
}

/// How a button looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ButtonLook {
    /// The keyboard or gamepad focus is on it.
    pub focused: bool,
    /// The screen's main button (gold).
    pub main: bool,
    /// It can be pressed.
    pub enabled: bool,
    /// Its size in points.
    pub size: EVec2,
    /// Its text size.
    pub text_size: f32,
}

impl ButtonLook {
    /// A button of `width` × `height`.
    pub fn new(width: f32, height: f32) -> ButtonLook {
        ButtonLook {
            focused: false,
            main: false,
            enabled: true,
            size: vec2(width, height),
            text_size: 19.0,
        }
    }

    /// With the focus on it or not.
    pub fn focused(mut self, focused: bool) -> ButtonLook {
        self.focused = focused;
        self
    }

    /// The screen's main button.
    pub fn main(mut self, main: bool) -> ButtonLook {
        self.main = main;
        self
    }

    /// Pressable or greyed out.
    pub fn enabled(mut self, enabled: bool) -> ButtonLook {
        self.enabled = enabled;
        self
    }

    /// With text of `size`.
    pub fn text_size(mut self, size: f32) -> ButtonLook {
        self.text_size = size;
        self
    }
}

/// Draws the focus ring around `rect`.
pub fn focus_ring(painter: &egui::Painter, rect: Rect) {
    painter.rect_stroke(
        rect.expand(3.0),
        CornerRadius::same(RADIUS + 3),
        Stroke::new(2.5, ui::FOCUS),
        StrokeKind::Outside,
    );
}

/// A button with rest, hover, press and focus looks. `clicked()` on the
/// response is a mouse click; the keyboard and gamepad confirm through the
/// screen's focus.
pub fn button(ui: &mut egui::Ui, label: &str, look: ButtonLook) -> egui::Response {
    let sense = if look.enabled { Sense::click() } else { Sense::hover() };
    let (rect, response) = ui.allocate_exact_size(look.size, sense);
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let pressed = response.is_pointer_button_down_on();
    let (fill, ink) = match (look.enabled, look.main) {
        (false, _) => (ui::BUTTON.gamma_multiply(0.6), ui::MUTED.gamma_multiply(0.7)),
        (true, true) if pressed => (ui::BUTTON_MAIN.gamma_multiply(0.8), ui::INK),
        (true, true) if response.hovered() || look.focused => (ui::ACCENT, ui::INK),
        (true, true) => (ui::BUTTON_MAIN, ui::INK),
        (true, false) if pressed => (ui::BUTTON_PRESS, ui::TEXT),
        (true, false) if response.hovered() || look.focused => (ui::BUTTON_HOVER, ui::TEXT),
        (true, false) => (ui::BUTTON, ui::TEXT),
    };
    let painter = ui.painter();
    let offset = if pressed { vec2(0.0, 1.5) } else { EVec2::ZERO };
    painter.rect_filled(rect.translate(offset), CornerRadius::same(RADIUS), fill);
    painter.text(
        rect.center() + offset,
        Align2::CENTER_CENTER,
        label,
        FontId::new(look.text_size, strong_family()),
        ink,
    );
    if look.focused && look.enabled {
        focus_ring(painter, rect);
    }
    if look.enabled {
        response.on_hover_cursor(egui::CursorIcon::PointingHand)
    } else {
        response
    }
}

/// A row of a move list, the width of its list, lit when `selected`.
pub fn list_row(ui: &mut egui::Ui, selected: bool, add: impl FnOnce(&mut egui::Ui)) -> egui::Response {
    egui::Frame::new()
        .fill(if selected {
            ui::CARD_RAISED
        } else {
            Color32::TRANSPARENT
        })
        .corner_radius(6)
        .inner_margin(egui::Margin::symmetric(6, 2))
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            add(ui);
        })
        .response
}

/// A key or button cap, as in "Enter" or "A", for the prompts.
pub fn key_cap(ui: &mut egui::Ui, label: &str) {
    let font = FontId::new(SMALL, strong_family());
    let galley = ui.painter().layout_no_wrap(label.to_string(), font, ui::TEXT);
    let size = vec2((galley.size().x + 12.0).max(24.0), 22.0);
    let (rect, _) = ui.allocate_exact_size(size, Sense::hover());
    ui.painter().rect_filled(rect, CornerRadius::same(5), ui::KEY_CAP);
    ui.painter().rect_stroke(
        rect,
        CornerRadius::same(5),
        Stroke::new(1.0, ui::MUTED.gamma_multiply(0.5)),
        StrokeKind::Inside,
    );
    ui.painter()
        .galley(rect.center() - galley.size() / 2.0, galley, ui::TEXT);
}

/// Prompts such as `[Enter] Place  [P] Pass`, wrapping within the width.
pub fn prompts(ui: &mut egui::Ui, items: &[(&str, &str)]) {
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing = vec2(6.0, 6.0);
        for (cap, what) in items {
            key_cap(ui, cap);
            ui.label(muted(*what, SMALL));
            ui.add_space(6.0);
        }
    });
}

/// A counter's colour as a small disc with a light rim (the black one shows on the dark panel).
pub fn swatch(ui: &mut egui::Ui, colour: Colour, diameter: f32) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(vec2(diameter, diameter), Sense::hover());
    let painter = ui.painter();
    painter.circle_filled(rect.center(), diameter / 2.0, ui::MUTED);
    painter.circle_filled(
        rect.center(),
        diameter / 2.0 - 1.5,
        super::egui_colour(super::counter_colour(colour)),
    );
    painter.circle_filled(
        rect.center() + vec2(-diameter * 0.14, -diameter * 0.16),
        diameter * 0.16,
        Color32::from_white_alpha(70),
    );
    response
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

/// A dialog over the dimmed screen: a raised card of `width` in the
/// middle, with a heading. Drawn above everything else.
pub fn dialog<R>(ctx: &egui::Context, id: &str, title: &str, width: f32, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    let screen = ctx.viewport_rect();
    egui::Area::new(egui::Id::new((id, "dim")))
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .interactable(true)
        .show(ctx, |ui| {
            let (rect, _) = ui.allocate_exact_size(screen.size(), Sense::click());
            ui.painter().rect_filled(rect, CornerRadius::ZERO, ui::DIM);
        });
    egui::Area::new(egui::Id::new(id))
        .order(egui::Order::Tooltip)
        .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(ui::PANEL)
                .stroke(Stroke::new(1.0, ui::CARD_RAISED))
                .corner_radius(14)
                .inner_margin(22)
                .show(ui, |ui| {
                    ui.set_width(width);
                    ui.label(strong(title, 28.0).color(ui::ACCENT));
                    ui.add_space(8.0);
                    add(ui)
                })
                .inner
        })
        .inner
}

/// A column of `width` centred in the window, from `top` (a share of its height).
pub fn centred_column<R>(
    ctx: &egui::Context,
    id: &str,
    width: f32,
    top: f32,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let screen = ctx.viewport_rect();
    egui::Area::new(egui::Id::new(id))
        .fixed_pos(egui::pos2(
            screen.center().x - width / 2.0,
            screen.top() + screen.height() * top,
        ))
        .show(ctx, |ui| {
            ui.set_width(width);
            add(ui)
        })
        .inner
}
