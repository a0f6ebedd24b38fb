//! Between the rounds: round 1's score, the roles about to swap, and Start
//! round 2 (focused, so Enter or A goes on).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::app::AppSet;
use crate::solomon::game::{CurrentMatch, SolomonCommand};
use crate::solomon::screen::SolomonScreen;
use crate::solomon::screens::panel::{PanelData, side_panel};
use crate::solomon::world::marks::ShownMove;
use crate::ui::menus::{MenuEvent, MenuKeys, menu_events};
use crate::ui::navigation::{Focus, Nav};
use crate::ui::overlays::{Overlay, OverlayCommand};
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(SolomonScreen::RoundOver), |mut focus: ResMut<Focus>| {
        focus.set(0)
    })
    .add_systems(
        Update,
        navigate.after(crate::ui::navigation::ReadDevices).in_set(AppSet::Input),
    )
    .add_systems(
        EguiPrimaryContextPass,
        draw.run_if(in_state(SolomonScreen::RoundOver).and_then(resource_exists::<CurrentMatch>))
            .in_set(crate::ui::theme::Interface),
    );
}

/// The one choice: the next round, or the title at the end of the tutorial.
fn next_step(tutorial: bool) -> SolomonCommand {
    if tutorial {
        SolomonCommand::ToTitle
    } else {
        SolomonCommand::NextRound
    }
}

fn navigate(
    mut keys: MenuKeys<SolomonScreen>,
    mut focus: ResMut<Focus>,
    tutorial: Option<Res<crate::solomon::tutorial::Tutorial>>,
    mut commands: MessageWriter<SolomonCommand>,
    mut overlays: MessageWriter<OverlayCommand>,
) {
    let choice = next_step(tutorial.is_some());
    for event in menu_events(keys.for_screen(SolomonScreen::RoundOver), &mut focus, &[choice]) {
        match event {
            MenuEvent::Confirm(command) => {
                commands.write(command);
            }
            MenuEvent::Back | MenuEvent::Other(Nav::Pause) => {
                overlays.write(OverlayCommand::Open(Overlay::Pause));
            }
            _ => {}
        }
    }
}

fn draw(
    mut contexts: EguiContexts,
    data: PanelData,
    mut shown: ResMut<ShownMove>,
    (overlays, tutorial): (
        Res<crate::ui::overlays::Overlays>,
        Option<Res<crate::solomon::tutorial::Tutorial>>,
    ),
    mut commands: MessageWriter<SolomonCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let m = &data.game.game;
    let first = m.order_player(0);
    if tutorial.is_some() {
        side_panel(&ctx, &data, &mut shown, |ui| {
            crate::solomon::screens::turn_card::guide(ui, crate::solomon::tutorial::Step::Done);
            ui.label(widgets::text(
                format!("Order scored {} on this board.", m.round().score()),
                widgets::BODY,
            ));
            let look = widgets::ButtonLook::new(240.0, 42.0)
                .entry()
                .focused(overlays.is_empty());
            if widgets::button(ui, "Back to the title", look).clicked() {
                commands.write(next_step(true));
            }
        });
        return Ok(());
    }
    side_panel(&ctx, &data, &mut shown, |ui| {
        widgets::card(ui, |ui| {
            ui.set_min_height(172.0);
            ui.label(widgets::strong("Round 1 is over", 22.0).color(ui::ACCENT));
            ui.add(
                egui::Label::new(widgets::text(
                    format!("{} scored {} as Order.", data.name(first), m.round().score()),
                    widgets::BODY,
                ))
                .wrap(),
            );
            ui.add(
                egui::Label::new(widgets::muted(
                    format!(
                        "Now {} Order and {} Chaos.",
                        data.name(first.other()).said_within("are", "is"),
                        data.name(first).said_within("are", "is")
                    ),
                    widgets::BODY,
                ))
                .wrap(),
            );
            ui.add_space(6.0);
            let look = widgets::ButtonLook::new(220.0, 42.0)
                .entry()
                .focused(overlays.is_empty());
            if widgets::button(ui, "Start round 2", look).clicked() {
                commands.write(SolomonCommand::NextRound);
            }
        });
    });
    Ok(())
}
