//! The card a room's side panel shows for a server's game on the table,
//! whichever room plays it ([`OnlineCard::card`]): the opponent (name,
//! rating, whether they are connected) or, to a spectator, both players;
//! how many watch; the clocks as the server keeps them (for a room whose
//! panel shows none); the connection lost and coming back, said at once; a
//! takeback asked for, and this player's actions as buttons (the same as
//! the pause menu's, [`crate::online::table::actions`]). After the game,
//! [`OnlineCard::result_lines`]: what it did to the ratings, and a rematch
//! offered.

use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::online::games::{Followed, OnlineGames};
use crate::online::session::{Link, Session};
use crate::online::table::{DoGameAction, GameAction, OnTable, actions};
use crate::ui::navigation::LastDevice;
use crate::ui::theme::{ui, widgets};

/// What the card reads and writes.
#[derive(SystemParam)]
pub struct OnlineCard<'w> {
    table: Option<Res<'w, OnTable>>,
    games: Res<'w, OnlineGames>,
    session: Res<'w, Session>,
    time: Res<'w, Time<Real>>,
    device: Res<'w, LastDevice>,
    act: MessageWriter<'w, DoGameAction>,
}

impl OnlineCard<'_> {
    /// Whether a server's game is on the table.
    pub fn on(&self) -> bool {
        self.table.is_some()
    }

    /// The game on the table and how it stands, if one is.
    pub fn game(&self) -> Option<(&OnTable, &Followed)> {
        let table = self.table.as_deref()?;
        Some((table, self.games.get(&table.game)?))
    }

    /// The card, when a server's game is on the table; with `clocks`, both
    /// players' clocks too. `active`: no dialog is open over the screen.
    pub fn card(&mut self, ui: &mut egui::Ui, clocks: bool, active: bool) {
        let Some(table) = self.table.as_deref() else { return };
        let Some(followed) = self.games.get(&table.game) else {
            return;
        };
        let mut chosen = None;
        widgets::card(ui, |ui| {
            ui.set_width(ui.available_width());
            let lost = matches!(self.session.link, Link::Lost { .. });
            match table.opponent() {
                Some(them) => {
                    let here = followed.presence[usize::from(them)];
                    ui.horizontal(|ui| {
                        ui.label(widgets::strong(table.named(them, &followed.view), widgets::BODY));
                        // Whether they are there is the server's to say.
                        let (words, colour) = match (lost, here) {
                            (true, _) => ("", ui::MUTED),
                            (false, true) => ("connected", ui::ORDER),
                            (false, false) => ("disconnected", ui::WARNING),
                        };
                        ui.label(widgets::text(words, widgets::SMALL).color(colour));
                    });
                }
                None => {
                    ui.add(
                        egui::Label::new(widgets::strong(
                            format!(
                                "Watching {} – {}",
                                table.named(0, &followed.view),
                                table.named(1, &followed.view)
                            ),
                            widgets::BODY,
                        ))
                        .wrap(),
                    );
                }
            }
            if followed.spectators > 0 {
                let words = watching_words(followed.spectators);
                ui.label(widgets::muted(&words, widgets::SMALL));
                crate::ui::theme::controls::shown(ui, "Spectators", &words);
            }
            let now = self.session.clock_time(self.time.elapsed());
            if clocks && let Some((left, running)) = followed.clocks_now(now) {
                if !followed.view.is_over() && !lost {
                    // The clocks run down between the server's readings.
                    ui.ctx().request_repaint_after(Duration::from_millis(250));
                }
                for player in [0u8, 1] {
                    let runs = running == Some(player) || (running.is_none() && !followed.view.is_over());
                    let colour = if runs { ui::ACCENT } else { ui::MUTED };
                    let name = if table.me == Some(player) {
                        "You"
                    } else {
                        table.names[usize::from(player)].as_str()
                    };
                    ui.horizontal(|ui| {
                        ui.label(widgets::text(name, widgets::SMALL + 1.0));
                        ui.label(
                            widgets::strong(clock_text(left[usize::from(player)]), widgets::SMALL + 1.0).color(colour),
                        );
                    });
                }
            }
            if let Link::Lost { why, .. } = &self.session.link {
                let mut words =
                    format!("Connection lost: {why}. Connecting again; the clocks shown wait for the server.");
                if let Some(unsent) = unsent_words(table.pending, &table.unsent) {
                    words.push_str(&format!(" Not sent yet, going when the connection is back: {unsent}."));
                }
                ui.add(egui::Label::new(widgets::text(&words, widgets::SMALL + 1.0).color(ui::WARNING)).wrap());
                crate::ui::theme::controls::shown(ui, "Connection", &words);
            }
            if followed.view.is_over() {
                return;
            }
            match (followed.view.takeback_offer(), table.me) {
                (Some(asker), Some(me)) if asker != me => {
                    ui.add(
                        egui::Label::new(
                            widgets::text(
                                format!("{} asks to take back their last move.", table.names[usize::from(asker)]),
                                widgets::SMALL + 1.0,
                            )
                            .color(ui::ACCENT),
                        )
                        .wrap(),
                    );
                }
                (Some(_), Some(me)) => {
                    ui.label(widgets::muted(
                        format!("Takeback asked: waiting for {}.", table.names[usize::from(1 - me)]),
                        widgets::SMALL,
                    ));
                }
                _ => {}
            }
            let actions = actions(table, followed);
            ui.horizontal_wrapped(|ui| {
                for action in actions {
                    let label = action.label(table.resign_armed);
                    // Under a dialog (the pause menu offers the same) they rest.
                    let look = widgets::ButtonLook::new(button_width(action), 32.0)
                        .text_size(15.0)
                        .main(action == GameAction::AcceptTakeback)
                        .enabled(active);
                    if widgets::button(ui, label, look).clicked() && active {
                        chosen = Some(action);
                    }
                }
            });
            let menu = match *self.device {
                LastDevice::Gamepad => ("Start", "The game's menu"),
                _ => ("Esc", "The game's menu"),
            };
            widgets::prompts(ui, &[menu]);
        });
        if let Some(action) = chosen {
            self.act.write(DoGameAction(action));
        }
    }

    /// Under the result: what the game did to both players' ratings, and
    /// a rematch offered or asked for.
    pub fn result_lines(&self, ui: &mut egui::Ui) {
        let Some((table, followed)) = self.game() else { return };
        if let Some(rated) = followed.view.rated() {
            for (player, change) in [0u8, 1].into_iter().zip(rated) {
                let whose = if table.me == Some(player) {
                    "Your rating".to_string()
                } else {
                    format!("{}'s rating", table.names[usize::from(player)])
                };
                let words = format!(
                    "{whose}: {:.0} → {:.0} ({})",
                    change.before,
                    change.after,
                    change.said()
                );
                ui.label(widgets::text(&words, widgets::SMALL + 1.0));
                crate::ui::theme::controls::shown(ui, "Rating", &words);
            }
        }
        if let (Some(offer), Some(me)) = (followed.view.rematch_offer(), table.me) {
            let words = if offer == me {
                format!("Rematch asked: waiting for {}.", table.names[usize::from(1 - me)])
            } else {
                format!("{} offers a rematch.", table.names[usize::from(offer)])
            };
            ui.label(widgets::text(&words, widgets::SMALL + 1.0).color(ui::ACCENT));
            crate::ui::theme::controls::shown(ui, "Rematch", &words);
        }
    }
}

/// What waits for the connection to be sent, in words ("your move, your
/// resignation"); `None` when nothing does.
pub fn unsent_words(move_pending: bool, unsent: &[GameAction]) -> Option<String> {
    let mut said: Vec<&str> = Vec::new();
    if move_pending {
        said.push("your move");
    }
    for action in unsent {
        let words = match action {
            GameAction::OfferTakeback => "your takeback request",
            GameAction::AcceptTakeback => "your yes to the takeback",
            GameAction::DeclineTakeback => "your no to the takeback",
            GameAction::Abort => "your abort",
            GameAction::Resign => "your resignation",
            GameAction::Lobby => continue,
        };
        if !said.contains(&words) {
            said.push(words);
        }
    }
    (!said.is_empty()).then(|| said.join(", "))
}

fn button_width(action: GameAction) -> f32 {
    match action {
        GameAction::OfferTakeback | GameAction::AcceptTakeback | GameAction::DeclineTakeback => 170.0,
        GameAction::Resign => 130.0,
        GameAction::Abort | GameAction::Lobby => 90.0,
    }
}

/// "1 watching", "3 watching".
pub fn watching_words(count: u32) -> String {
    format!("{count} watching")
}

/// A clock's time left as a player reads it: `4:05` under an hour, `5 h 12
/// min` under a day, `2 d 4 h` beyond.
pub fn clock_text(left: Duration) -> String {
    let secs = left.as_secs();
    match secs {
        s if s < 3600 => format!("{}:{:02}", s / 60, s % 60),
        s if s < 86_400 => format!("{} h {} min", s / 3600, s % 3600 / 60),
        s => format!("{} d {} h", s / 86_400, s % 86_400 / 3600),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_read_as_minutes_hours_or_days() {
        assert_eq!(clock_text(Duration::from_millis(245_900)), "4:05");
        assert_eq!(clock_text(Duration::from_secs(5 * 3600 + 12 * 60 + 5)), "5 h 12 min");
        assert_eq!(clock_text(Duration::from_secs(2 * 86_400 + 4 * 3600 + 59)), "2 d 4 h");
        assert_eq!(watching_words(3), "3 watching");
    }

    #[test]
    fn what_waits_for_the_connection_is_named_once_each() {
        assert_eq!(unsent_words(false, &[]), None);
        assert_eq!(unsent_words(false, &[GameAction::Lobby]), None);
        assert_eq!(
            unsent_words(true, &[GameAction::Resign, GameAction::Resign]).as_deref(),
            Some("your move, your resignation")
        );
        assert_eq!(
            unsent_words(false, &[GameAction::OfferTakeback]).as_deref(),
            Some("your takeback request")
        );
    }
}
