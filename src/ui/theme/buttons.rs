//! The interface's buttons: rest, hover, press and focus looks
//! ([`ButtonLook`], [`button`]), the focus ring, a move list's rows and the
//! key caps of the prompts.
//!
//! A button that is an entry of a menu ([`ButtonLook::entry()`]) looks chosen
//! only while it has the focus: lit as the main button, ringed. The
//! pointer over another entry does not light it; moving there moves the
//! focus (`widgets::pointer_takes_focus`), and the look follows. So a menu
//! shows one chosen entry, the one Enter or A presses, wherever the pointer
//! rests. Buttons outside menus (a turn card's Pass, the rules' page tabs)
//! keep their hover looks.

use bevy_egui::egui;
use egui::{Align2, Color32, CornerRadius, FontId, Rect, Sense, Stroke, StrokeKind, Vec2 as EVec2, vec2};

use super::fonts::strong_family;
use super::ui;
use super::widgets::{RADIUS, SMALL, muted};

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
    /// An entry of a menu the focus moves through: it looks chosen (lit as
    /// the main button, ringed) only while focused, and the pointer over it
    /// lights nothing.
    pub entry: bool,
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
            entry: false,
        }
    }

    /// An entry of a menu: chosen-looking only while focused ([`ButtonLook::entry()`]).
    pub fn entry(mut self) -> ButtonLook {
        self.entry = true;
        self
    }

    /// With the focus on it or not.
    pub fn focused(mut self, focused: bool) -> ButtonLook {
        self.focused = focused;
        self
    }

    /// The screen's main button (for a menu's entry, the focus decides).
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
/// screen's focus. A menu's entry ([`ButtonLook::entry()`]) is lit only by the
/// focus, and drawn as the main button while focused.
pub fn button(ui: &mut egui::Ui, label: &str, look: ButtonLook) -> egui::Response {
    let sense = if look.enabled { Sense::click() } else { Sense::hover() };
    let (rect, response) = ui.allocate_exact_size(look.size, sense);
    if !ui.is_rect_visible(rect) {
        return response;
    }
    let main = if look.entry { look.focused } else { look.main };
    super::controls::drawn(ui, label, rect, look.enabled, main);
    if look.focused && look.enabled {
        super::controls::focused(ui, label);
    }
    let pressed = response.is_pointer_button_down_on();
    let lit = look.focused || (response.hovered() && !look.entry);
    let (fill, ink) = match (look.enabled, main) {
        (false, _) => (ui::BUTTON.gamma_multiply(0.6), ui::MUTED.gamma_multiply(0.7)),
        (true, true) if pressed => (ui::BUTTON_MAIN.gamma_multiply(0.8), ui::INK),
        (true, true) if lit => (ui::ACCENT, ui::INK),
        (true, true) => (ui::BUTTON_MAIN, ui::INK),
        (true, false) if pressed => (ui::BUTTON_PRESS, ui::TEXT),
        (true, false) if lit => (ui::BUTTON_HOVER, ui::TEXT),
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

/// A list of `rows` rows of one height, `gap` apart, scrolling within at
/// most `max_height`. Its height is a whole number of rows (measured from
/// the last frame's content), so a list kept scrolled to its end
/// (`to_end`) starts with a whole row, never half of one. Kept to its end,
/// it is put back there whenever its rows or its height change (a card
/// above it growing leaves no row hidden below); in between, the player
/// may scroll it.
pub fn whole_rows_list<R>(
    ui: &mut egui::Ui,
    id: &str,
    (rows, gap): (usize, f32),
    max_height: f32,
    to_end: bool,
    add: impl FnOnce(&mut egui::Ui) -> R,
) -> R {
    let id = egui::Id::new((id, "row pitch"));
    let pitch: Option<f32> = ui.ctx().data(|d| d.get_temp(id));
    let height = match pitch {
        Some(pitch) if pitch >= 4.0 && max_height >= pitch => {
            let whole = ((max_height + gap) / pitch).floor();
            whole * pitch - gap
        }
        _ => max_height,
    };
    let mut area = egui::ScrollArea::vertical()
        .id_salt(id)
        .auto_shrink([false, false])
        .max_height(height)
        .stick_to_bottom(to_end);
    let shape_id = id.with("shape");
    let shape = (rows, height.to_bits());
    let before: Option<(usize, u32)> = ui.ctx().data(|d| d.get_temp(shape_id));
    if to_end
        && before != Some(shape)
        && let Some(pitch) = pitch.filter(|p| *p >= 4.0)
    {
        // The end: as many whole rows above the view as do not fit in it.
        let end = (rows as f32 * pitch - gap - height).max(0.0);
        area = area.vertical_scroll_offset(end);
    }
    ui.ctx().data_mut(|d| d.insert_temp(shape_id, shape));
    let output = area.show(ui, add);
    if rows > 0 {
        let pitch = (output.content_size.y + gap) / rows as f32;
        ui.ctx().data_mut(|d| d.insert_temp(id, pitch));
    }
    output.inner
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
