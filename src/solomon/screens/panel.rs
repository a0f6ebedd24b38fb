//! The side panel of a match, shared by the playing, round-over and
//! match-over screens: the round, who plays which side with their match
//! totals and clocks, the screen's own card, the board's score and the last
//! move, and the round's move list. Every text wraps within the panel, and
//! the cards keep their heights from turn to turn.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use entropy_rules::{Move, OrderMove, Role, Turn};

use crate::solomon::count::ScoreCount;
use crate::solomon::game::CurrentMatch;
use crate::solomon::match_clock::MatchClock;
use crate::solomon::match_setup::MatchSetup;
use crate::solomon::world::marks::ShownMove;
use crate::ui::theme::{ui, widgets};

/// What the panel shows.
#[derive(SystemParam)]
pub struct PanelData<'w> {
    /// The match.
    pub game: Res<'w, CurrentMatch>,
    /// The names.
    pub setup: Res<'w, MatchSetup>,
    /// The count, while it runs and after.
    pub count: Option<Res<'w, ScoreCount>>,
    /// The clock, if the match has one.
    pub clock: Option<Res<'w, MatchClock>>,
    /// The tutorial, where the one person plays both sides.
    pub tutorial: Option<Res<'w, crate::solomon::tutorial::Tutorial>>,
    /// The game on a server, if the match is one: who plays it.
    pub online: Option<Res<'w, crate::online::table::OnTable>>,
}

impl PanelData<'_> {
    /// The name of `player` in this match ("You" for both in the tutorial).
    pub fn name(&self, player: entropy_rules::Player) -> crate::solomon::match_setup::Name {
        if self.tutorial.is_some() {
            return crate::solomon::match_setup::Name::you();
        }
        if let Some(online) = &self.online {
            return if online.me == Some(player.index() as u8) {
                crate::solomon::match_setup::Name::you()
            } else {
                crate::solomon::match_setup::Name::other(online.names[player.index()].clone())
            };
        }
        self.setup.name_in(player, self.game.seats)
    }

    /// What the board's score card shows: the count so far while counting,
    /// the board as it stands otherwise.
    fn board_score(&self) -> u32 {
        match &self.count {
            Some(count) if count.round == self.game.game.round_index() => count.counted(),
            _ if self.game.round().is_finished() => 0,
            _ => self.game.round().score(),
        }
    }
}

/// A player's match total as far as the counts have revealed it: an
/// earlier round's score, or the current round's as its `count` goes.
pub fn revealed_total(
    game: &entropy_rules::Match,
    count: Option<&ScoreCount>,
    player: entropy_rules::Player,
) -> Option<u32> {
    let i = (0..game.rounds().len()).find(|&i| game.order_player(i) == player && game.rounds()[i].is_finished())?;
    if i < game.round_index() {
        return Some(game.rounds()[i].score());
    }
    match count {
        Some(count) if count.round == i => Some(count.counted()),
        _ => None,
    }
}

/// Formats a clock's time left as m:ss, the second begun counted whole;
/// an hour or more (a correspondence game's time for a move) as the online
/// card says it ([`crate::online::card::clock_text`]).
pub fn clock_text(left: std::time::Duration) -> String {
    let whole = std::time::Duration::from_secs(left.as_secs_f32().ceil() as u64);
    crate::online::card::clock_text(whole)
}

/// Order's reply in words: "Dc → Df" or "pass".
pub fn reply_words(reply: OrderMove) -> String {
    match reply {
        OrderMove::Slide(s) => format!("{} → {}", s.from, s.to),
        OrderMove::Pass => "pass".to_string(),
    }
}

/// A move in notation, as the list shows it.
pub(crate) fn move_text(mv: Move) -> String {
    match mv {
        Move::Place(p) => format!("{} on {}", p.colour.name(), p.cell),
        Move::Order(o) => reply_words(o),
    }
}

/// The last move of the round in a sentence.
fn last_move_sentence(turn: &Turn) -> String {
    let placed = format!("Chaos put {} on {}", turn.placement.colour.name(), turn.placement.cell);
    match turn.reply {
        Some(OrderMove::Slide(s)) => format!("{placed}; Order slid {} → {}.", s.from, s.to),
        Some(OrderMove::Pass) => format!("{placed}; Order passed."),
        None => format!("{placed}."),
    }
}

/// Draws the panel at the right of the window, with `middle` as the screen's own card.
pub fn side_panel(ctx: &egui::Context, data: &PanelData, shown: &mut ShownMove, middle: impl FnOnce(&mut egui::Ui)) {
    widgets::side_panel(ctx, "side panel", |ui, inner| {
        widgets::column(ui, inner, |ui| {
            header(ui, data);
            players(ui, data);
            middle(ui);
            // Once the match is decided and counted, the result says it all.
            let counted = data.count.as_ref().is_none_or(|c| c.finished());
            if !(data.game.game.is_over() && counted) {
                score(ui, data);
            }
            move_list(ui, data, shown);
        });
    });
}

fn header(ui: &mut egui::Ui, data: &PanelData) {
    let round = data.game.game.round_index() + 1;
    ui.horizontal(|ui| {
        ui.label(widgets::strong(format!("ROUND {round} OF 2"), 15.0).color(ui::ACCENT));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.label(widgets::muted(format!("{} board", data.game.round().size()), 14.0));
        });
    });
}

fn players(ui: &mut egui::Ui, data: &PanelData) {
    let m = &data.game.game;
    let order = m.order_player(m.round_index());
    let to_move = m.to_move().map(|(p, _)| p);
    widgets::card(ui, |ui| {
        for (player, role) in [(order, Role::Order), (order.other(), Role::Chaos)] {
            ui.horizontal(|ui| {
                role_badge(ui, role);
                let name = data.name(player).to_string();
                ui.add(egui::Label::new(widgets::strong(name, 18.0)).truncate());
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let total =
                        revealed_total(m, data.count.as_deref(), player).map_or("–".to_string(), |t| t.to_string());
                    ui.label(widgets::strong(total, 19.0))
                        .on_hover_text("Match total: points scored as Order");
                    if m.is_flagged(player) {
                        ui.label(widgets::strong("Out of time", 14.0).color(ui::WARNING))
                            .on_hover_text(
                                "The rules play this player's part: Order passes, Chaos fills from the top-left",
                            );
                    } else if let Some(clock) = &data.clock {
                        let running = clock.running && to_move == Some(player);
                        let left = clock.left[player.index()];
                        let colour = match (running, left.as_secs() < 30) {
                            (_, true) => ui::WARNING,
                            (true, false) => ui::ACCENT,
                            (false, false) => ui::MUTED,
                        };
                        ui.label(widgets::strong(clock_text(left), 16.0).color(colour));
                    }
                });
            });
        }
    });
}

fn score(ui: &mut egui::Ui, data: &PanelData) {
    widgets::card(ui, |ui| {
        ui.horizontal(|ui| {
            ui.label(widgets::muted("Board score", widgets::BODY));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.label(widgets::strong(data.board_score().to_string(), 28.0).color(ui::ORDER))
                    .on_hover_text(
                        "Every palindrome of adjacent counters in every row and column, as the board stands",
                    );
            });
        });
        if let Some(turn) = data.game.round().turns().last() {
            ui.add(egui::Label::new(widgets::muted(last_move_sentence(turn), widgets::SMALL)).wrap());
        }
    });
}

fn move_list(ui: &mut egui::Ui, data: &PanelData, shown: &mut ShownMove) {
    let turns = data.game.round().turns();
    ui.label(widgets::muted("MOVES", widgets::SMALL));
    let mut hovered = None;
    let gap = ui.spacing().item_spacing.y;
    let height = (ui.available_height() - 8.0).max(40.0);
    widgets::whole_rows_list(ui, "moves", (turns.len(), gap), height, true, |ui| {
        if turns.is_empty() {
            ui.label(widgets::muted("No move yet.", widgets::SMALL));
        }
        for (i, turn) in turns.iter().enumerate() {
            let selected = shown.0 == Some(i);
            let row = widgets::list_row(ui, selected, |ui| {
                ui.horizontal(|ui| {
                    ui.label(widgets::muted(format!("{:>2}", i + 1), widgets::SMALL));
                    widgets::swatch(ui, turn.placement.colour.index(), 14.0);
                    let words = match turn.reply {
                        Some(reply) => format!("{}  ·  {}", turn.placement.cell, reply_words(reply)),
                        None => turn.placement.cell.to_string(),
                    };
                    ui.label(widgets::text(words, widgets::SMALL + 1.0));
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        ui.label(widgets::muted(turn.to_string(), widgets::SMALL));
                    });
                });
            });
            if selected {
                row.scroll_to_me(None);
            }
            if ui.rect_contains_pointer(row.rect) {
                hovered = Some(i);
            }
        }
    });
    if let Some(i) = hovered {
        shown.0 = Some(i);
    } else if ui.ctx().input(|i| i.pointer.is_moving()) && shown.0.is_some() {
        shown.0 = None;
    }
}

/// A small ORDER or CHAOS tag in the role's colour.
pub fn role_badge(ui: &mut egui::Ui, role: Role) {
    match role {
        Role::Order => widgets::badge(ui, "ORDER", ui::ORDER),
        Role::Chaos => widgets::badge(ui, "CHAOS", ui::CHAOS),
    }
}
