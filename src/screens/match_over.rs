//! The end of a match: who won and how (or a draw), both players' totals,
//! each round's score, and Rematch (focused), New match or Title.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use entropy_rules::{Forfeit, Outcome, Player};

use super::panel::{PanelData, ShownMove, side_panel};
use super::{MenuEvent, MenuKeys, Overlay, OverlayCommand, Screen, menu_events};
use crate::AppSet;
use crate::game::{Command, CurrentMatch};
use crate::match_setup::MatchSetup;
use crate::navigation::{Focus, LastDevice, Nav};
use crate::theme::{ui, widgets};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::MatchOver), |mut focus: ResMut<Focus>| focus.set(0))
        .add_systems(
            Update,
            navigate.after(crate::navigation::ReadDevices).in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(Screen::MatchOver).and_then(resource_exists::<CurrentMatch>))
                .in_set(crate::theme::Interface),
        );
}

/// The buttons, top to bottom.
const CHOICES: [(Command, &str); 3] = [
    (Command::Rematch, "Rematch"),
    (Command::OpenSetup, "New match"),
    (Command::ToTitle, "Title"),
];

fn navigate(
    mut keys: MenuKeys,
    mut focus: ResMut<Focus>,
    mut commands: MessageWriter<Command>,
    mut overlays: MessageWriter<OverlayCommand>,
) {
    let choices = CHOICES.map(|(c, _)| c);
    for event in menu_events(keys.for_screen(Screen::MatchOver), &mut focus, &choices) {
        match event {
            MenuEvent::Confirm(command) => {
                commands.write(command);
            }
            MenuEvent::Other(Nav::Pause) => {
                overlays.write(OverlayCommand::Open(Overlay::Settings));
            }
            MenuEvent::Back => {
                commands.write(Command::ToTitle);
            }
            _ => {}
        }
    }
}

/// The headline of the result.
pub fn headline(game: &entropy_rules::Match, setup: &MatchSetup) -> (String, Option<String>) {
    let reason = game.forfeited().map(|f| match f {
        Forfeit::TimeOut(p) => format!("{} ran out of time.", setup.name(p)),
        Forfeit::Resigned(p) => format!("{} resigned.", setup.name(p)),
    });
    let headline = match game.outcome() {
        Some(Outcome::Win(player)) => format!("{} wins!", setup.name(player)),
        _ => "A draw!".to_string(),
    };
    (headline, reason)
}

fn draw(
    mut contexts: EguiContexts,
    data: PanelData,
    mut shown: ResMut<ShownMove>,
    mut focus: ResMut<Focus>,
    (overlays, device): (Res<super::Overlays>, Res<LastDevice>),
    mut commands: MessageWriter<Command>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let m = &data.game.game;
    let (title, reason) = headline(m, &data.setup);
    let active = overlays.is_empty();
    let focused = focus.of(CHOICES.len());
    side_panel(&ctx, &data, &mut shown, |ui| {
        widgets::card(ui, |ui| {
            ui.set_min_height(172.0);
            ui.add(egui::Label::new(widgets::strong(title, 26.0).color(ui::ACCENT)).wrap());
            if let Some(reason) = reason {
                ui.label(widgets::text(reason, widgets::BODY));
            }
            let [one, two] = m.totals();
            ui.label(widgets::text(
                format!(
                    "{} {one}  ·  {} {two}",
                    data.setup.name(Player::One),
                    data.setup.name(Player::Two)
                ),
                widgets::BODY,
            ));
            for (i, round) in m.rounds().iter().enumerate() {
                if round.is_finished() {
                    ui.label(widgets::muted(
                        format!(
                            "Round {}: {} scored {} as Order",
                            i + 1,
                            data.setup.name(m.order_player(i)),
                            round.score()
                        ),
                        widgets::SMALL,
                    ));
                }
            }
            ui.add_space(6.0);
            ui.horizontal_wrapped(|ui| {
                for (i, (command, label)) in CHOICES.iter().enumerate() {
                    let width = if i == 0 { 110.0 } else { 100.0 };
                    let look = widgets::ButtonLook::new(width, 40.0)
                        .main(i == 0)
                        .focused(active && i == focused)
                        .text_size(17.0);
                    let response = widgets::button(ui, label, look);
                    if active && response.hovered() && *device == LastDevice::Mouse {
                        focus.point_at(i);
                    }
                    if active && response.clicked() {
                        commands.write(*command);
                    }
                }
            });
        });
    });
    Ok(())
}
