//! The controls the interface drew in the last pass, with where they are:
//! every button, a choice row's arrows and value, a segmented row's
//! options; and which of them was drawn with the focus. Kept only while
//! [`record`] is switched on (the scripted runs' probe reads them, so that
//! a test can aim a real pointer at a button by its label); otherwise
//! drawing a control records nothing.

use std::sync::atomic::{AtomicBool, Ordering};

use bevy_egui::egui;

static RECORDING: AtomicBool = AtomicBool::new(false);

/// Keeps a record of the controls drawn from now on.
pub fn record() {
    RECORDING.store(true, Ordering::Relaxed);
}

/// A control as drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Drawn {
    /// Its label: a button's text; `‹ Sound` and `› Sound` for a row's
    /// arrows; `Level: Hard` for a segmented row's option.
    pub label: String,
    /// Where it is, in egui's points.
    pub rect: egui::Rect,
    /// It can be pressed.
    pub enabled: bool,
    /// It stands out: a screen's main button, a row's chosen option.
    pub main: bool,
}

/// A row's value as shown: `Sound` = `80%`.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    /// The row's label.
    pub label: String,
    /// Its value.
    pub value: String,
}

/// What one pass drew.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Record {
    /// The controls, in drawing order.
    pub controls: Vec<Drawn>,
    /// The rows' values.
    pub values: Vec<Shown>,
    /// The labels of the controls drawn with the focus (the menu on top's
    /// focused button or row: one, or none when no menu has it).
    pub focused: Vec<String>,
}

fn id() -> egui::Id {
    egui::Id::new("drawn controls")
}

/// Notes a control drawn at `rect` by `ui` (when recording; not in a
/// window's first, invisible pass, where egui only measures it).
pub fn drawn(ui: &egui::Ui, label: &str, rect: egui::Rect, enabled: bool, main: bool) {
    if RECORDING.load(Ordering::Relaxed) && ui.is_visible() && !ui.is_sizing_pass() {
        let ctx = ui.ctx();
        let control = Drawn {
            label: label.to_string(),
            rect,
            enabled,
            main,
        };
        ctx.data_mut(|d| d.get_temp_mut_or_default::<Record>(id()).controls.push(control));
    }
}

/// Notes a row's value (when recording).
pub fn shown(ui: &egui::Ui, label: &str, value: &str) {
    if RECORDING.load(Ordering::Relaxed) && ui.is_visible() && !ui.is_sizing_pass() {
        let ctx = ui.ctx();
        let shown = Shown {
            label: label.to_string(),
            value: value.to_string(),
        };
        ctx.data_mut(|d| d.get_temp_mut_or_default::<Record>(id()).values.push(shown));
    }
}

/// Notes that the control `label` was drawn with the focus (when recording).
pub fn focused(ui: &egui::Ui, label: &str) {
    if RECORDING.load(Ordering::Relaxed) && ui.is_visible() && !ui.is_sizing_pass() {
        let ctx = ui.ctx();
        ctx.data_mut(|d| {
            d.get_temp_mut_or_default::<Record>(id())
                .focused
                .push(label.to_string())
        });
    }
}

/// What was drawn since the last call, and a fresh record for the next pass.
pub fn take(ctx: &egui::Context) -> Record {
    ctx.data_mut(|d| std::mem::take(d.get_temp_mut_or_default::<Record>(id())))
}
