//! Rows of a settings-like menu: a label on the left and a value the
//! keyboard and gamepad change with left and right — `‹ value ›`, or every
//! option in view with the chosen one lit. A row is a menu's entry: only
//! the focused row is lit, and the pointer lights a row's arrows and
//! options only in the focused row (moving onto a row focuses it).

use bevy_egui::egui;
use egui::{Align2, CornerRadius, FontId, Rect, Sense, vec2};

use super::fonts::strong_family;
use super::ui;
use super::widgets::{BODY, RADIUS, SMALL, focus_ring};

/// A row's ground, the width of its parent and `height` tall, lit when
/// focused, with `label` on its left: the row's rectangle, its
/// response, a painter, and the height of the label's line.
fn row_ground(
    ui: &mut egui::Ui,
    label: &str,
    height: f32,
    focused: bool,
) -> (Rect, egui::Response, egui::Painter, f32) {
    let width = ui.available_width();
    let (rect, row) = ui.allocate_exact_size(vec2(width, height), Sense::hover());
    let painter = ui.painter().clone();
    let fill = if focused { ui::CARD_RAISED } else { ui::CARD };
    painter.rect_filled(rect, CornerRadius::same(RADIUS), fill);
    if focused {
        focus_ring(&painter, rect);
        super::controls::focused(ui, label);
    }
    let top = rect.top() + 23.0;
    painter.text(
        egui::pos2(rect.left() + 16.0, top),
        Align2::LEFT_CENTER,
        label,
        FontId::new(BODY, egui::FontFamily::Proportional),
        ui::MUTED,
    );
    (rect, row, painter, top)
}

/// A row's line of detail, centred on `at`, cut short with "…" where it
/// is wider than `room` (a narrow window: a phone).
fn detail_line(painter: &egui::Painter, at: egui::Pos2, detail: &str, room: f32) {
    let mut job = egui::text::LayoutJob::simple_singleline(
        detail.to_string(),
        FontId::new(SMALL, egui::FontFamily::Proportional),
        ui::MUTED,
    );
    job.wrap = egui::text::TextWrapping {
        max_width: room.max(1.0),
        max_rows: 1,
        break_anywhere: true,
        overflow_character: Some('…'),
    };
    let galley = painter.layout_job(job);
    let rect = Align2::CENTER_CENTER.anchor_size(at, galley.size());
    painter.galley(rect.min, galley, ui::MUTED);
}

/// What a choice row was asked to do by the mouse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChoiceResponse {
    /// The previous value (‹ clicked).
    pub previous: bool,
    /// The next value (› or the value clicked).
    pub next: bool,
    /// The pointer is over the row.
    pub hovered: bool,
}

/// A row `label   ‹ value ›`, with an optional line under the value that
/// says what it means. Left and right (or the arrows) change the value.
pub fn choice_row(ui: &mut egui::Ui, label: &str, value: &str, detail: &str, focused: bool) -> ChoiceResponse {
    let width = ui.available_width();
    let height = if detail.is_empty() { 46.0 } else { 66.0 };
    let (rect, row, painter, top) = row_ground(ui, label, height, focused);
    // The value sits between its arrows, in the right part of the row.
    let value_box = Rect::from_min_max(
        egui::pos2(rect.left() + width * 0.36, rect.top() + 4.0),
        egui::pos2(rect.right() - 6.0, top + 19.0),
    );
    let arrow = |ui: &mut egui::Ui, at: Rect, glyph: &str| {
        let response = ui.interact(at, ui.id().with((label, glyph)), Sense::click());
        let colour = if focused && response.hovered() {
            ui::ACCENT
        } else {
            ui::TEXT
        };
        painter.text(
            at.center(),
            Align2::CENTER_CENTER,
            glyph,
            FontId::new(26.0, strong_family()),
            colour,
        );
        response.on_hover_cursor(egui::CursorIcon::PointingHand)
    };
    let left = Rect::from_center_size(egui::pos2(value_box.left() + 16.0, top), vec2(32.0, 38.0));
    let right = Rect::from_center_size(egui::pos2(value_box.right() - 16.0, top), vec2(32.0, 38.0));
    let previous = arrow(ui, left, "‹").clicked();
    let mut next = arrow(ui, right, "›").clicked();
    super::controls::drawn(ui, &format!("‹ {label}"), left, true, false);
    super::controls::drawn(ui, &format!("› {label}"), right, true, false);
    super::controls::shown(ui, label, value);
    let middle = Rect::from_min_max(
        egui::pos2(left.right(), value_box.top()),
        egui::pos2(right.left(), value_box.bottom()),
    );
    let value_click = ui.interact(middle, ui.id().with((label, "value")), Sense::click());
    next |= value_click.clicked();
    painter.text(
        egui::pos2(middle.center().x, top),
        Align2::CENTER_CENTER,
        value,
        FontId::new(BODY + 1.0, strong_family()),
        if focused { ui::ACCENT } else { ui::TEXT },
    );
    if !detail.is_empty() {
        let room = 2.0 * (middle.center().x - rect.left()).min(rect.right() - middle.center().x) - 16.0;
        detail_line(
            &painter,
            egui::pos2(middle.center().x, rect.bottom() - 16.0),
            detail,
            room,
        );
    }
    ChoiceResponse {
        previous,
        next,
        // Over the row or any of its parts (the arrows are widgets of their own).
        hovered: row.hovered() || value_click.hovered() || ui.rect_contains_pointer(rect),
    }
}

/// A row `label   [a] [b] [c] …` with every option in view and the chosen
/// one lit, and a line under them that says what it means. Returns the
/// option clicked, if any. Left and right move the choice by the focus.
pub fn segmented_row(
    ui: &mut egui::Ui,
    label: &str,
    options: &[String],
    chosen: usize,
    detail: &str,
    focused: bool,
) -> (Option<usize>, bool) {
    let width = ui.available_width();
    let (rect, row, painter, top) = row_ground(ui, label, 70.0, focused);
    let area = Rect::from_min_max(
        egui::pos2(rect.left() + width * 0.30, rect.top() + 6.0),
        egui::pos2(rect.right() - 8.0, top + 15.0),
    );
    let step = area.width() / options.len().max(1) as f32;
    let mut clicked = None;
    let mut hovered = row.hovered();
    for (i, option) in options.iter().enumerate() {
        let cell = Rect::from_min_size(
            egui::pos2(area.left() + step * i as f32, area.top()),
            vec2(step - 4.0, area.height()),
        );
        let response = ui.interact(cell, ui.id().with((label, i)), Sense::click());
        super::controls::drawn(ui, &format!("{label}: {option}"), cell, true, i == chosen);
        hovered |= response.hovered();
        let (ground, ink) = match (i == chosen, focused && response.hovered()) {
            (true, _) => (if focused { ui::ACCENT } else { ui::BUTTON_MAIN }, ui::INK),
            (false, true) => (ui::BUTTON_HOVER, ui::TEXT),
            (false, false) => (ui::BUTTON, ui::TEXT),
        };
        painter.rect_filled(cell, CornerRadius::same(6), ground);
        painter.text(
            cell.center(),
            Align2::CENTER_CENTER,
            option,
            FontId::new(SMALL + 1.0, strong_family()),
            ink,
        );
        if response.clicked() {
            clicked = Some(i);
        }
    }
    let room = 2.0 * (area.center().x - rect.left()).min(rect.right() - area.center().x) - 16.0;
    detail_line(
        &painter,
        egui::pos2(area.center().x, rect.bottom() - 13.0),
        detail,
        room,
    );
    (clicked, hovered)
}

/// A row with `label` and a one-line text field (a player's name); the
/// field has the keyboard while the row has the focus. Sets `typing` when
/// the field has the keyboard; returns whether the pointer is over it.
pub fn text_row(ui: &mut egui::Ui, label: &str, name: &mut String, focused: bool, typing: &mut bool) -> bool {
    let field = Field {
        hint: "blank for the usual name",
        limit: 20,
        hidden: false,
    };
    field_row(ui, label, name, field, focused, typing)
}

/// What a text field takes: its hint while empty, the most characters,
/// and whether what is typed is hidden (a password).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub hint: &'static str,
    pub limit: usize,
    pub hidden: bool,
}

/// The width a text field's label takes, so that fields one under another
/// start at one edge.
const FIELD_LABEL: f32 = 140.0;

/// A row with `label` and a one-line text field as `field` says; the
/// field has the keyboard while the row has the focus. Sets `typing` when
/// the field has the keyboard; returns whether the pointer is over it.
pub fn field_row(
    ui: &mut egui::Ui,
    label: &str,
    name: &mut String,
    field: Field,
    focused: bool,
    typing: &mut bool,
) -> bool {
    let stroke = if focused {
        egui::Stroke::new(2.5, ui::FOCUS)
    } else {
        egui::Stroke::NONE
    };
    let frame = egui::Frame::new()
        .fill(if focused { ui::CARD_RAISED } else { ui::CARD })
        .stroke(stroke)
        .corner_radius(RADIUS)
        .inner_margin(egui::Margin::symmetric(16, 8));
    let response = frame
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                // Fields one under another start at one edge, whatever their labels.
                let label_size = egui::vec2(FIELD_LABEL, ui.spacing().interact_size.y);
                ui.allocate_ui_with_layout(label_size, egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.set_min_width(FIELD_LABEL);
                    ui.label(super::widgets::text(label, BODY).color(ui::MUTED));
                });
                let edit = egui::TextEdit::singleline(name)
                    .char_limit(field.limit)
                    .hint_text(field.hint)
                    .password(field.hidden)
                    .desired_width(ui.available_width() - 8.0);
                ui.add(edit)
            })
            .inner
        })
        .inner;
    super::controls::drawn(ui, label, response.rect, true, false);
    let shown = if field.hidden {
        "•".repeat(name.chars().count())
    } else {
        name.clone()
    };
    super::controls::shown(ui, label, &shown);
    if focused {
        super::controls::focused(ui, label);
    }
    if focused && !response.has_focus() {
        response.request_focus();
    }
    if !focused && response.has_focus() {
        response.surrender_focus();
    }
    *typing |= response.has_focus();
    response.hovered()
}
