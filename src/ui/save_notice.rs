//! A file that could not be saved, said on screen at once: a card at the
//! top left over any screen, in plain words ([`SaveProblem`]), until the
//! player closes it (or for half a minute). The same problem again (the
//! next move's save) does not bring it back; a new one does.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::redraw::Redraw;
use crate::app::storage::SaveProblem;
use crate::ui::theme;
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.run_if(resource_exists::<SaveProblem>)
            .in_set(crate::ui::theme::Interface),
    );
}

/// How long the card stays when nobody closes it.
const SHOWN_FOR: Duration = Duration::from_secs(30);

fn draw(
    mut contexts: EguiContexts,
    mut problem: ResMut<SaveProblem>,
    time: Res<Time<Real>>,
    mut shown: Local<(Vec<String>, Duration)>,
    mut redraw: ResMut<Redraw>,
) -> Result {
    let lines: Vec<String> = problem.lines().into_iter().map(str::to_string).collect();
    let (last, shown) = &mut *shown;
    if *last != lines {
        *last = lines.clone();
        *shown = Duration::ZERO;
    }
    if lines.is_empty() {
        return Ok(());
    }
    *shown += time.delta();
    if *shown > SHOWN_FOR {
        problem.dismissed = true;
        return Ok(());
    }
    redraw.after(SHOWN_FOR - *shown);
    let ctx = contexts.ctx_mut()?.clone();
    egui::Area::new("save problem".into())
        .anchor(egui::Align2::LEFT_TOP, [16.0, 16.0])
        .order(egui::Order::Foreground)
        .show(&ctx, |ui| {
            widgets::card_filled(ui, ui::WARNING_GROUND, |ui| {
                ui.horizontal(|ui| {
                    ui.vertical(|ui| {
                        ui.set_max_width(440.0);
                        for line in &lines {
                            let text = widgets::text(line, widgets::SMALL + 1.0).color(theme::egui_colour(theme::TEXT));
                            ui.add(egui::Label::new(text).wrap());
                        }
                    });
                    if widgets::button(ui, "OK", widgets::ButtonLook::new(56.0, 30.0).text_size(15.0)).clicked() {
                        problem.dismissed = true;
                    }
                });
            });
        });
    Ok(())
}
