//! Screens change with a short fade (a quarter of a second): the new screen
//! comes up from the background colour.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::redraw::Redraw;
use crate::app::screen::Screen;
use crate::ui::theme;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Fade>()
        .add_systems(Update, start_fade)
        .add_systems(EguiPrimaryContextPass, draw_fade.in_set(theme::Interface));
}

/// How long a fade lasts.
pub const FADE_SECONDS: f32 = 0.25;

/// The fade in progress: seconds left.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct Fade(pub f32);

fn start_fade(screen: Res<State<Screen>>, time: Res<Time>, mut fade: ResMut<Fade>, mut redraw: ResMut<Redraw>) {
    if screen.is_changed() && !screen.is_added() {
        fade.0 = FADE_SECONDS;
    } else if fade.0 > 0.0 {
        fade.0 = (fade.0 - time.delta_secs()).max(0.0);
    }
    if fade.0 > 0.0 {
        redraw.now();
    }
}

fn draw_fade(mut contexts: EguiContexts, fade: Res<Fade>) -> Result {
    if fade.0 <= 0.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let share = fade.0 / FADE_SECONDS;
    let colour = theme::egui_colour(theme::BACKGROUND.with_alpha(share * share));
    let screen = ctx.viewport_rect();
    egui::Area::new(egui::Id::new("fade"))
        .order(egui::Order::Debug)
        .fixed_pos(screen.min)
        .interactable(false)
        .show(ctx, |ui| {
            ui.painter().rect_filled(screen, egui::CornerRadius::ZERO, colour);
        });
    Ok(())
}
