//! The playing screen's card for a match on a server: the opponent (name,
//! rating, whether they are connected), the connection's own state (lost
//! and coming back, said at once), and Resign (a second press confirms),
//! or Abort while neither side has moved.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use entropy_protocol::ClientMessage;

use crate::online::games::OnlineGames;
use crate::online::net::{Net, NetCommand};
use crate::online::session::{Link, Session};
use crate::solomon::online::OnlineMatch;
use crate::ui::theme::{ui, widgets};

/// What the card reads.
#[derive(SystemParam)]
pub(crate) struct OnlineData<'w> {
    online: Option<Res<'w, OnlineMatch>>,
    games: Res<'w, OnlineGames>,
    session: Res<'w, Session>,
    net: Res<'w, Net>,
}

/// The labels of the card's buttons.
pub const RESIGN: &str = "Resign";
pub const CONFIRM_RESIGN: &str = "Resign: sure?";
pub const ABORT: &str = "Abort";

/// The card, when the match is on a server.
pub(crate) fn online_card(ui: &mut egui::Ui, data: &OnlineData) {
    let Some(online) = &data.online else { return };
    let followed = data.games.get(&online.game);
    let them = online.opponent().index();
    widgets::card(ui, |ui| {
        ui.set_width(ui.available_width());
        let rating = online.ratings[them].map_or_else(String::new, |r| format!(" ({r:.0})"));
        let here = followed.is_none_or(|f| f.presence[them]);
        ui.horizontal(|ui| {
            ui.label(widgets::strong(
                format!("{}{rating}", online.names[them]),
                widgets::BODY,
            ));
            let (words, colour) = if here {
                ("connected", ui::ORDER)
            } else {
                ("disconnected", ui::WARNING)
            };
            ui.label(widgets::text(words, widgets::SMALL).color(colour));
        });
        if let Link::Lost { why, .. } = &data.session.link {
            ui.add(
                egui::Label::new(
                    widgets::text(
                        format!("Connection lost: {why}. Connecting again…"),
                        widgets::SMALL + 1.0,
                    )
                    .color(ui::WARNING),
                )
                .wrap(),
            );
        }
        let Some(followed) = followed else { return };
        if followed.view.is_over() {
            return;
        }
        // Abort while neither side has moved; Resign after.
        let moved = followed
            .view
            .steps()
            .iter()
            .filter(|s| matches!(s, entropy_client::BoardStep::Moved { .. }))
            .count();
        let armed_id = egui::Id::new(("resign armed", online.game.as_str()));
        let armed = ui.ctx().data(|d| d.get_temp::<bool>(armed_id)).unwrap_or(false);
        let (label, message) = if moved < 2 {
            (
                ABORT,
                ClientMessage::Abort {
                    game: online.game.clone(),
                },
            )
        } else if armed {
            (
                CONFIRM_RESIGN,
                ClientMessage::Resign {
                    game: online.game.clone(),
                },
            )
        } else {
            (RESIGN, ClientMessage::Ping)
        };
        let look = widgets::ButtonLook::new(150.0, 34.0).text_size(16.0);
        let response = widgets::button(ui, label, look);
        if response.clicked() {
            if message == ClientMessage::Ping {
                ui.ctx().data_mut(|d| d.insert_temp(armed_id, true));
            } else {
                ui.ctx().data_mut(|d| d.insert_temp(armed_id, false));
                data.net.send(NetCommand::Send(message));
            }
        }
    });
}
