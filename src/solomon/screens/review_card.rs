//! The review's card in the replay's panel: the budgets to ask for, the
//! progress of a review under way (and stopping it), and a finished
//! review's verdict on the move to come, the graph of the round's expected
//! final score, and each player's summary.

use bevy::prelude::*;
use bevy_egui::egui;
use entropy_ai::{Mark, MatchReview, ReviewBudget};

use entropy_rules::Player;

use crate::solomon::replay::Replay;
use crate::solomon::review::Review;
use crate::solomon::screens::replay::{move_text, next_move_review};
use crate::ui::theme::{ui, widgets};

/// The colour of a move's mark, in the list and the verdict.
pub fn mark_colour(mark: Mark) -> egui::Color32 {
    match mark {
        Mark::Best => ui::ORDER,
        Mark::Good => egui::Color32::from_rgb(120, 180, 255),
        Mark::Inaccuracy => ui::ACCENT,
        Mark::Mistake => ui::WARNING,
    }
}

/// The mark in words.
fn mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::Best => "best",
        Mark::Good => "good",
        Mark::Inaccuracy => "inaccuracy",
        Mark::Mistake => "mistake",
    }
}

/// The review's card in the replay's panel: asking for one, its progress, or
/// the verdict on the move to come and the round's graph.
pub fn review_card(ui: &mut egui::Ui, replay: &Replay, review: Option<&Review>, cmd: &mut Commands) {
    widgets::card(ui, |ui| match review {
        None => {
            ui.label(widgets::strong("Review", widgets::BODY));
            ui.add(
                egui::Label::new(widgets::muted(
                    "The computer judges every move by the points it cost.",
                    widgets::SMALL,
                ))
                .wrap(),
            );
            ui.horizontal(|ui| {
                for (label, budget) in [("Quick", ReviewBudget::Quick), ("Thorough", ReviewBudget::Thorough)] {
                    if widgets::button(ui, label, widgets::ButtonLook::new(100.0, 32.0).text_size(15.0)).clicked() {
                        cmd.insert_resource(Review::start(replay.file.record.clone(), budget));
                    }
                }
            });
        }
        Some(review) if review.working() => {
            let (done, total) = review.progress();
            ui.label(widgets::strong(
                format!("Reviewing… {done} of {total} moves"),
                widgets::BODY,
            ));
            ui.add(egui::ProgressBar::new(done as f32 / total.max(1) as f32).fill(ui::ACCENT));
            if widgets::button(ui, "Stop", widgets::ButtonLook::new(80.0, 30.0).text_size(15.0)).clicked() {
                review.cancel();
            }
            ui.ctx().request_repaint();
        }
        Some(review) => match (&review.done, &review.failed) {
            (Some(done), _) => finished_review(ui, replay, done),
            (None, Some(reason)) => {
                ui.label(widgets::text(reason, widgets::BODY).color(ui::WARNING));
                if widgets::button(
                    ui,
                    "Review again",
                    widgets::ButtonLook::new(140.0, 30.0).text_size(15.0),
                )
                .clicked()
                {
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
    if let Some(m) = next_move_review(done, replay) {
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

/// The computer's expected final score after each move of the round, and where the replay is.
fn graph(ui: &mut egui::Ui, expected: &[f64], score: Option<u32>, step: usize) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(ui.available_width(), 110.0), egui::Sense::hover());
    let painter = ui.painter();
    painter.rect_filled(rect, egui::CornerRadius::same(6), ui::PANEL);
    if expected.is_empty() {
        return;
    }
    let top = expected.iter().copied().chain(score.map(f64::from)).fold(1.0, f64::max) * 1.1;
    let at = |i: usize, v: f64| {
        let x = rect.left() + 6.0 + (rect.width() - 12.0) * i as f32 / expected.len().max(2) as f32;
        let y = rect.bottom() - 6.0 - (rect.height() - 12.0) * (v / top) as f32;
        egui::pos2(x, y)
    };
    if let Some(score) = score {
        let y = at(0, score as f64).y;
        painter.hline(rect.x_range(), y, egui::Stroke::new(1.0, ui::MUTED.gamma_multiply(0.5)));
    }
    let points: Vec<egui::Pos2> = expected.iter().enumerate().map(|(i, &v)| at(i + 1, v)).collect();
    painter.add(egui::Shape::line(points, egui::Stroke::new(2.0, ui::ORDER)));
    let x = at(step, 0.0).x;
    painter.vline(x, rect.y_range(), egui::Stroke::new(1.5, ui::ACCENT));
    painter.text(
        rect.left_top() + egui::vec2(8.0, 4.0),
        egui::Align2::LEFT_TOP,
        format!(
            "expected final score (final: {})",
            score.map_or("–".into(), |s| s.to_string())
        ),
        egui::FontId::proportional(widgets::SMALL),
        ui::MUTED,
    );
}
