//! Where the interface stands: a dialog over the dimmed screen, a column
//! centred in the window, and the side panel at the right of the window
//! beside the board.

use bevy_egui::egui;
use egui::{Align2, CornerRadius, Sense, Stroke};

use super::ui;
use super::widgets::strong;
use crate::ui::camera::panel_area;

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
                    ui.set_width(width.min(screen.width() - 60.0).max(0.0));
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
    // Never wider than the window, with a little room at each side (a phone).
    let width = width.min(screen.width() - 16.0).max(0.0);
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

/// The side panel at the right of the window (across its bottom on a
/// phone standing upright, [`panel_area`]), `id` to egui: its ground
/// (a sprite under egui where [`take_side_panel`] says, drawn by
/// [`crate::ui::panel_ground`]), then `add` with the panel's inner
/// rectangle (inside its margin).
pub fn side_panel<R>(ctx: &egui::Context, id: &str, add: impl FnOnce(&mut egui::Ui, egui::Rect) -> R) -> R {
    let screen = ctx.viewport_rect();
    let area = panel_area(bevy::math::Vec2::new(screen.width(), screen.height()));
    let rect = egui::Rect::from_min_max(
        screen.min + egui::vec2(area.min.x, area.min.y),
        screen.min + egui::vec2(area.max.x, area.max.y),
    );
    egui::Area::new(egui::Id::new(id))
        .fixed_pos(rect.min)
        .order(egui::Order::Middle)
        .show(ctx, |ui| {
            ui.ctx().data_mut(|data| data.insert_temp(stood_id(), rect));
            ui.set_clip_rect(rect);
            add(ui, rect.shrink(16.0))
        })
        .inner
}

/// Where egui keeps the rectangle the side panel stood in.
fn stood_id() -> egui::Id {
    egui::Id::new("side panel stood")
}

/// The rectangle (egui points) the side panel stood in since this was last
/// asked, if it was drawn: where its ground goes in this frame.
pub fn take_side_panel(ctx: &egui::Context) -> Option<egui::Rect> {
    ctx.data_mut(|data| {
        let rect = data.get_temp::<egui::Rect>(stood_id());
        data.remove::<egui::Rect>(stood_id());
        rect
    })
}

/// A column filling `rect`, its items 8 points apart.
pub fn column<R>(ui: &mut egui::Ui, rect: egui::Rect, add: impl FnOnce(&mut egui::Ui) -> R) -> R {
    ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
        ui.set_width(rect.width());
        ui.spacing_mut().item_spacing.y = 8.0;
        add(ui)
    })
    .inner
}
