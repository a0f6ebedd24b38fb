//! The interface's widgets, drawn with egui in the board's visual language:
//! text, rounded cards and the style (here), buttons with rest, hover,
//! press and focus looks and key caps for the prompts (`buttons.rs`),
//! choice rows (‹ value ›) that the keyboard and gamepad change with left
//! and right (`rows.rs`), counter swatches and role badges
//! (`swatches.rs`), dialogs over a dimmed screen and the side panel
//! (`frames.rs`). Every screen builds from these, through this module.
//!
//! The pointer moves a menu's focus only by moving over a control (or
//! pressing on one): [`pointer_takes_focus`], at every menu's entries. A
//! pointer that merely rests where a screen or dialog appears (or where it
//! was when the keys moved the focus away) takes nothing.

use bevy::prelude::*;
use bevy::window::WindowEvent;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use egui::{Color32, CornerRadius, FontId, RichText, Stroke, vec2};

pub use super::buttons::{ButtonLook, button, focus_ring, key_cap, list_row, prompts, whole_rows_list};
use super::fonts::strong_family;
pub use super::frames::{centred_column, column, dialog, side_panel, take_side_panel};
pub use super::rows::{ChoiceResponse, Field, choice_row, field_row, segmented_row, text_row};
pub use super::swatches::{badge, marking, piece_swatch, swatch};
use super::ui;
use crate::ui::camera::InterfaceScale;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (style.run_if(run_once), zoom, note_pointer_motion)
            .chain()
            .before(super::Interface),
    );
}

/// egui's name for whether the pointer moved in this frame.
fn pointer_moved_id() -> egui::Id {
    egui::Id::new("pointer moved")
}

/// Notes for the interface whether the pointer moved over the window in
/// this frame: to a place other than the last one the window system
/// reported. The first place reported (when the window appears under the
/// pointer, or the pointer comes back into it) is not a move, nor is the
/// same place reported again (as when the window takes the keyboard). The
/// window's own messages, in logical pixels, decide: egui's pointer delta
/// would count a change of the interface's zoom as a move.
fn note_pointer_motion(
    mut contexts: EguiContexts,
    mut events: MessageReader<WindowEvent>,
    mut last: Local<Option<Vec2>>,
) -> Result {
    let mut moved = false;
    for event in events.read() {
        match event {
            WindowEvent::CursorMoved(cursor) => {
                moved |= last.is_some_and(|was| was != cursor.position);
                *last = Some(cursor.position);
            }
            WindowEvent::CursorLeft(_) => *last = None,
            _ => {}
        }
    }
    contexts
        .ctx_mut()?
        .data_mut(|d| d.insert_temp(pointer_moved_id(), moved));
    Ok(())
}

/// Whether the pointer takes a menu's focus onto a control it is over
/// (`hovered`): when it moved in this frame, or a button went down on it.
/// A menu calls this for each of its entries, and moves its focus there
/// when it says so.
pub fn pointer_takes_focus(ui: &egui::Ui, hovered: bool) -> bool {
    let moved = ui.ctx().data(|d| d.get_temp::<bool>(pointer_moved_id()));
    hovered && (moved == Some(true) || ui.input(|i| i.pointer.any_pressed()))
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

/// The working sign and "Thinking…" while the computer is `busy` (else "…").
pub fn thinking_line(ui: &mut egui::Ui, busy: bool) {
    ui.horizontal(|ui| {
        working(ui, ui::MUTED);
        ui.label(muted(if busy { "Thinking…" } else { "…" }, BODY));
    });
}

/// How long the working sign holds each step: it needs a frame a step, not
/// sixty a second.
const WORKING_STEP: f64 = 1.0;

/// egui wakes a frame's time (a 60th of a second) ahead of a repaint asked
/// for later: asked this much after the next step, the frame sees it.
const WAKE_AHEAD: f64 = 0.05;

/// Dots in the working sign's ring.
const WORKING_DOTS: usize = 8;

/// A ring of dots, one lit, the light stepping round while something works
/// (a search, a hint): egui's spinner would ask for every frame. Its steps
/// count from when it appeared, so work done within a step (most of
/// Hard's searches) draws no frame for the sign.
pub fn working(ui: &mut egui::Ui, colour: Color32) {
    let side = ui.spacing().interact_size.y;
    let (rect, _) = ui.allocate_exact_size(vec2(side, side), egui::Sense::hover());
    let time = ui.input(|i| i.time);
    let shown = working_since(ui.ctx(), time);
    let step = ((time - shown) / WORKING_STEP).floor().max(0.0);
    let lit = (step as usize) % WORKING_DOTS;
    let radius = side * 0.34;
    for dot in 0..WORKING_DOTS {
        let angle = std::f32::consts::TAU * dot as f32 / WORKING_DOTS as f32 - std::f32::consts::FRAC_PI_2;
        let at = rect.center() + radius * vec2(angle.cos(), angle.sin());
        let shade = if dot == lit { 1.0 } else { 0.3 };
        ui.painter()
            .circle_filled(at, side * 0.08, colour.gamma_multiply(shade));
    }
    let next = shown + (step + 1.0) * WORKING_STEP - time + WAKE_AHEAD;
    ui.ctx().request_repaint_after(std::time::Duration::from_secs_f64(
        next.clamp(0.01, WORKING_STEP + WAKE_AHEAD),
    ));
}

/// When the working sign on screen appeared (egui's time): now, unless it
/// was drawn in the pass before this one too.
fn working_since(ctx: &egui::Context, now: f64) -> f64 {
    let id = egui::Id::new("working sign");
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|data| {
        let (since, seen) = data.get_temp::<(f64, u64)>(id).unwrap_or((now, pass));
        let since = if seen + 1 >= pass { since } else { now };
        data.insert_temp(id, (since, pass));
        since
    })
}
