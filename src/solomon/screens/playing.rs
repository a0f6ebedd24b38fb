//! The playing screen: the side panel with its turn card
//! ([`crate::solomon::screens::turn_card`]) or, once the board is full, the count
//! ([`crate::solomon::screens::count_card`]); the playing screen's keys (what
//! they act on is [`crate::solomon::screens::turn_controls::Controls`]); why
//! the last move was refused.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::app::AppSet;
use crate::app::redraw::Redraw;
use crate::solomon::game::{CurrentMatch, Refused, Solomon};
use crate::solomon::phase::TurnPhase;
use crate::solomon::screen::SolomonScreen;
use crate::solomon::screens::panel::{PanelData, side_panel};
use crate::solomon::screens::turn_controls::{Controls, Refusal, TurnData};
use crate::solomon::world::marks::ShownMove;
use crate::ui::menus::MenuKeys;
use crate::ui::navigation::Nav;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<ShownMove>()
        .init_resource::<Refusal>()
        .add_systems(OnEnter(SolomonScreen::Playing), forget_shown_move)
        .add_systems(
            Update,
            (
                keys,
                crate::solomon::screens::count_card::skip_on_any_key,
                (collect_refusals, forget_stale_shown_move)
                    .run_if(in_state(SolomonScreen::Playing).and_then(resource_exists::<CurrentMatch>)),
            )
                .chain()
                .after(crate::ui::navigation::ReadDevices)
                .in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(SolomonScreen::Playing).and_then(resource_exists::<CurrentMatch>))
                .in_set(crate::ui::theme::Interface),
        );
}

fn keys(mut keys: MenuKeys<SolomonScreen>, controls: Option<Controls>, blocked: Query<&crate::ui::animation::Tween>) {
    let keys = keys.for_screen(SolomonScreen::Playing);
    let Some(mut controls) = controls else { return };
    let still = !crate::ui::animation::blocks_input(&blocked);
    let watch = controls.game.watching();
    for n in keys {
        match n {
            Nav::Pass if still => controls.pass(),
            Nav::Hint => controls.ask_hint(),
            Nav::Undo if still => controls.undo(),
            Nav::Pause => controls.pause(),
            Nav::Back if controls.held.picked.is_some() => controls.held.picked = None,
            Nav::Back => controls.pause(),
            Nav::Previous => controls.browse(-1),
            Nav::Next => controls.browse(1),
            Nav::Confirm if watch => {
                controls.pace.paused = !controls.pace.paused;
            }
            Nav::Right if watch && controls.pace.paused => controls.pace.step = true,
            Nav::Up if watch => controls.pace.speed = (controls.pace.speed * 2.0).min(4.0),
            Nav::Down if watch => controls.pace.speed = (controls.pace.speed / 2.0).max(0.5),
            _ => {}
        }
    }
}

fn collect_refusals(
    mut refused: MessageReader<Refused<Solomon>>,
    time: Res<Time<Real>>,
    mut refusal: ResMut<Refusal>,
    mut redraw: ResMut<Redraw>,
) {
    for r in refused.read() {
        let reason = r.error.to_string();
        let mut chars = reason.chars();
        let sentence: String = chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default();
        refusal.0 = Some((format!("{sentence}."), 4.0));
    }
    if let Some((_, left)) = refusal.0.as_mut() {
        *left -= time.delta_secs();
        if *left <= 0.0 {
            refusal.0 = None;
        } else {
            // The reason goes away by itself.
            redraw.after(std::time::Duration::from_secs_f32(*left));
        }
    }
}

fn forget_shown_move(mut shown: ResMut<ShownMove>) {
    shown.0 = None;
}

/// A move shown from the list is forgotten when the round moves on.
fn forget_stale_shown_move(game: Res<CurrentMatch>, mut shown: ResMut<ShownMove>) {
    if shown.0.is_some_and(|i| i >= game.round().turns().len()) {
        shown.0 = None;
    }
}

fn draw(
    mut contexts: EguiContexts,
    data: PanelData,
    turn_data: TurnData,
    mut controls: Controls,
    (blocked, tutorial): (
        Query<&crate::ui::animation::Tween>,
        Option<Res<crate::solomon::tutorial::Tutorial>>,
    ),
    (mut online, overlays): (crate::online::card::OnlineCard, Res<crate::ui::overlays::Overlays>),
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let still = !crate::ui::animation::blocks_input(&blocked);
    let mut shown = *controls.shown;
    side_panel(&ctx, &data, &mut shown, |ui| {
        if let Some(tutorial) = &tutorial {
            crate::solomon::screens::turn_card::guide(ui, tutorial.step);
        }
        let scoring = turn_data.phase.get() == Some(TurnPhase::Scoring);
        match (&data.count, scoring) {
            (Some(count), true) => crate::solomon::screens::count_card::counting(ui, count, &mut controls.skips),
            _ => crate::solomon::screens::turn_card::turn_card(ui, &data, &turn_data, &mut controls, still),
        }
        online.card(ui, false, overlays.is_empty());
    });
    if *controls.shown != shown {
        *controls.shown = shown;
    }
    Ok(())
}
