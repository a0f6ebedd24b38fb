//! The review's card in the replay's panel: the budgets to ask for, the
//! progress of a review under way (and stopping it), and a finished
//! review's verdict on the move to come, the graph of the round's expected
//! final score, and each player's summary.

use bevy::prelude::*;
use bevy_egui::egui;
use entropy_ai::{Mark, MatchReview};

use entropy_rules::Player;

use crate::history::cards::{ask, failed, under_way};
use crate::history::review::{Review, graph, mark_colour, mark_name};
use crate::solomon::replay::Replay;
use crate::solomon::screens::panel::move_text;
use crate::ui::theme::widgets;

/// The review's card in the replay's panel: asking for one, its progress, or
/// the verdict on the move to come and the round's graph.
pub fn review_card(ui: &mut egui::Ui, replay: &Replay, review: Option<&Review>, cmd: &mut Commands) {
    widgets::card(ui, |ui| match review {
        None => {
            if let Some(budget) = ask(ui, "The computer judges every move by the points it cost.") {
                cmd.insert_resource(Review::start(replay.file.record.clone(), budget));
            }
        }
        Some(review) if review.working() => under_way(ui, review),
        Some(review) => match (&review.done, &review.failed) {
            (Some(done), _) => finished_review(ui, replay, done),
            (None, Some(reason)) => {
                if failed(ui, reason) {
                    cmd.insert_resource(Review::start(replay.file.record.clone(), review.budget));
                }
            }
            (None, None) => {}
        },
    });
}

fn finished_review(ui: &mut egui::Ui, replay: &Replay, done: &MatchReview) {
    if let Some(round) = done.rounds.get(replay.round) {
        graph(ui, &round.expected(), round.score, replay.step);
    }
    if let Some(m) = replay.next_move_review(done) {
        let who = replay.file.tags.players[m.player.index()].name.clone();
        let verdict = if m.mark == Mark::Best {
            format!("{who} played the best move.")
        } else {
            format!(
                "{who} played {}; best {} ({:.0} against {:.0}: {})",
                move_text(m.played),
                move_text(m.best),
                m.expected_played,
                m.expected_best,
                mark_name(m.mark)
            )
        };
        ui.add(egui::Label::new(widgets::text(verdict, widgets::SMALL + 1.0).color(mark_colour(m.mark))).wrap());
    }
    for player in Player::BOTH {
        let s = &done.players[player.index()];
        ui.label(widgets::muted(
            format!(
                "{}: lost {:.0} as Order, gave {:.0} as Chaos",
                replay.file.tags.players[player.index()].name,
                s.lost_as_order,
                s.given_as_chaos
            ),
            widgets::SMALL,
        ));
    }
}
