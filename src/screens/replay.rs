//! The replay of a match from the history: the board as it was at the
//! chosen move, the bag as it was then, the round's moves with the next one
//! marked, steps back and forward, jumps to either end, playing by itself
//! at a chosen speed — and the computer's review: each move marked by the
//! points it cost, the best move shown on the board, a graph of how each
//! round was going, and each player's summary.
//!
//! Keys: left and right step, Page Up and Page Down go to the start and the
//! end, Enter plays or stops, H (X on a gamepad) reviews, Esc goes back.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use entropy_ai::{Mark, MatchReview, ReviewBudget};
use entropy_rules::{Move, Player};

use super::{MenuKeys, Screen};
use crate::AppSet;
use crate::camera::PANEL_WIDTH;
use crate::navigation::Nav;
use crate::replay::{Replay, ReplayCommand, moves};
use crate::review::Review;
use crate::theme::{ui, widgets};
use crate::world::marks::Suggested;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Suggested>()
        .add_systems(
            Update,
            (keys, suggest_best)
                .chain()
                .after(crate::navigation::ReadDevices)
                .in_set(AppSet::Input),
        )
        .add_systems(OnExit(Screen::Replay), |mut s: ResMut<Suggested>| s.0 = None)
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(Screen::Replay).and_then(resource_exists::<Replay>))
                .in_set(crate::theme::Interface),
        );
}

fn keys(
    mut keys: MenuKeys,
    replay: Option<Res<Replay>>,
    mut commands: MessageWriter<ReplayCommand>,
    mut next: ResMut<NextState<Screen>>,
    mut cmd: Commands,
) {
    let keys = keys.for_screen(Screen::Replay);
    let Some(replay) = replay else { return };
    for n in keys {
        match n {
            Nav::Right => {
                commands.write(ReplayCommand::Forward);
            }
            Nav::Left => {
                commands.write(ReplayCommand::Back);
            }
            Nav::Previous => {
                commands.write(ReplayCommand::Start);
            }
            Nav::Next => {
                commands.write(ReplayCommand::End);
            }
            Nav::Confirm => {
                commands.write(ReplayCommand::ToggleAutoplay);
            }
            Nav::Up => {
                commands.write(ReplayCommand::Pace(1));
            }
            Nav::Down => {
                commands.write(ReplayCommand::Pace(-1));
            }
            Nav::Hint => {
                cmd.insert_resource(Review::start(replay.file.record.clone(), ReviewBudget::Quick));
            }
            Nav::Back | Nav::Pause => next.set(Screen::History),
            _ => {}
        }
    }
}

/// The review of the move about to be played, if the review is done.
fn next_move_review<'a>(review: &'a MatchReview, replay: &Replay) -> Option<&'a entropy_ai::MoveReview> {
    review.rounds.get(replay.round)?.moves.get(replay.step)
}

/// With a review, the best move in place of the next one is shown on the board.
fn suggest_best(replay: Option<Res<Replay>>, review: Option<Res<Review>>, mut suggested: ResMut<Suggested>) {
    let best = match (replay, review) {
        (Some(replay), Some(review)) => review
            .done
            .as_ref()
            .and_then(|r| next_move_review(r, &replay))
            .map(|m| m.best),
        _ => None,
    };
    if suggested.0 != best {
        suggested.0 = best;
    }
}

fn mark_colour(mark: Mark) -> egui::Color32 {
    match mark {
        Mark::Best => ui::ORDER,
        Mark::Good => egui::Color32::from_rgb(120, 180, 255),
        Mark::Inaccuracy => ui::ACCENT,
        Mark::Mistake => ui::WARNING,
    }
}

fn mark_name(mark: Mark) -> &'static str {
    match mark {
        Mark::Best => "best",
        Mark::Good => "good",
        Mark::Inaccuracy => "inaccuracy",
        Mark::Mistake => "mistake",
    }
}

/// A move in notation, as the list shows it.
fn move_text(mv: Move) -> String {
    match mv {
        Move::Place(p) => format!("{} on {}", p.colour.name(), p.cell),
        Move::Order(o) => super::panel::reply_words(o),
    }
}

fn draw(
    mut contexts: EguiContexts,
    replay: Res<Replay>,
    review: Option<Res<Review>>,
    mut commands: MessageWriter<ReplayCommand>,
    (mut next, mut cmd): (ResMut<NextState<Screen>>, Commands),
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let screen = ctx.viewport_rect();
    let rect = egui::Rect::from_min_max(egui::pos2(screen.right() - PANEL_WIDTH, screen.top()), screen.max);
    egui::Area::new(egui::Id::new("replay panel"))
        .fixed_pos(rect.min)
        .show(&ctx, |ui| {
            ui.painter().rect_filled(rect, egui::CornerRadius::ZERO, ui::PANEL);
            ui.set_clip_rect(rect);
            let inner = rect.shrink(16.0);
            ui.scope_builder(egui::UiBuilder::new().max_rect(inner), |ui| {
                ui.set_width(inner.width());
                ui.spacing_mut().item_spacing.y = 8.0;
                header(ui, &replay, &mut next);
                controls(ui, &replay, &mut commands);
                review_card(ui, &replay, review.as_deref(), &mut cmd);
                move_list(
                    ui,
                    &replay,
                    review.as_ref().and_then(|r| r.done.as_ref()),
                    &mut commands,
                );
            });
        });
    Ok(())
}

fn header(ui: &mut egui::Ui, replay: &Replay, next: &mut NextState<Screen>) {
    let tags = &replay.file.tags;
    ui.horizontal(|ui| {
        ui.label(widgets::strong("REPLAY", 15.0).color(ui::ACCENT));
        ui.label(widgets::muted(&tags.date, 14.0));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            if widgets::button(ui, "Back", widgets::ButtonLook::new(64.0, 28.0).text_size(14.0)).clicked() {
                next.set(Screen::History);
            }
        });
    });
    let totals = replay.file.replay().map(|g| g.totals()).unwrap_or_default();
    widgets::card(ui, |ui| {
        for player in Player::BOTH {
            ui.horizontal(|ui| {
                let role = if replay.file.record.first_order == player {
                    "Order first"
                } else {
                    "Chaos first"
                };
                ui.label(widgets::strong(&tags.players[player.index()].name, 17.0));
                ui.label(widgets::muted(role, 13.0));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(widgets::strong(totals[player.index()].to_string(), 18.0));
                });
            });
        }
    });
}

fn controls(ui: &mut egui::Ui, replay: &Replay, commands: &mut MessageWriter<ReplayCommand>) {
    let total = replay.round_moves(replay.round).len();
    widgets::card(ui, |ui| {
        ui.label(widgets::text(
            format!("Round {} · move {} of {}", replay.round + 1, replay.step, total),
            widgets::BODY,
        ));
        ui.horizontal(|ui| {
            let small = |w: f32| widgets::ButtonLook::new(w, 32.0).text_size(15.0);
            for (label, command, width) in [
                ("Start", ReplayCommand::Start, 58.0),
                ("Back", ReplayCommand::Back, 54.0),
                (
                    if replay.autoplay.is_some() { "Stop" } else { "Play" },
                    ReplayCommand::ToggleAutoplay,
                    54.0,
                ),
                ("Next", ReplayCommand::Forward, 54.0),
                ("End", ReplayCommand::End, 46.0),
            ] {
                if widgets::button(ui, label, small(width)).clicked() {
                    commands.write(command);
                }
            }
        });
        if let Some(speed) = replay.autoplay {
            ui.label(widgets::muted(
                format!("{speed} moves a second · ↑↓ faster or slower"),
                widgets::SMALL,
            ));
        }
        widgets::prompts(
            ui,
            &[
                ("← →", "Step"),
                ("PgUp PgDn", "Ends"),
                ("Enter", "Play"),
                ("H", "Review"),
            ],
        );
    });
}

fn review_card(ui: &mut egui::Ui, replay: &Replay, review: Option<&Review>, cmd: &mut Commands) {
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
        egui::FontId::proportional(12.0),
        ui::MUTED,
    );
}

fn move_list(
    ui: &mut egui::Ui,
    replay: &Replay,
    review: Option<&MatchReview>,
    commands: &mut MessageWriter<ReplayCommand>,
) {
    let turns = &replay.file.record.rounds[replay.round.min(replay.file.record.rounds.len().saturating_sub(1))];
    let all = moves(turns);
    let marks = review.and_then(|r| r.rounds.get(replay.round));
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .max_height((ui.available_height() - 8.0).max(40.0))
        .show(ui, |ui| {
            for (i, _) in all.iter().enumerate() {
                let turn = &turns[i / 2];
                let text = if i % 2 == 0 {
                    format!(
                        "{:>2}. Chaos {} on {}",
                        i / 2 + 1,
                        turn.placement.colour.name(),
                        turn.placement.cell
                    )
                } else {
                    format!(
                        "      Order {}",
                        turn.reply.map(super::panel::reply_words).unwrap_or_default()
                    )
                };
                let next = i == replay.step;
                let row = egui::Frame::new()
                    .fill(if next {
                        ui::CARD_RAISED
                    } else {
                        egui::Color32::TRANSPARENT
                    })
                    .corner_radius(6)
                    .inner_margin(egui::Margin::symmetric(6, 1))
                    .show(ui, |ui| {
                        ui.set_width(ui.available_width());
                        ui.horizontal(|ui| {
                            ui.label(widgets::text(text, widgets::SMALL + 1.0));
                            if let Some(m) = marks.and_then(|r| r.moves.get(i)) {
                                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                                    ui.label(widgets::text(format!("{:.0}", -m.cost), 12.0).color(mark_colour(m.mark)));
                                    let (dot, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                                    ui.painter().circle_filled(dot.center(), 4.5, mark_colour(m.mark));
                                });
                            }
                        });
                    })
                    .response
                    .interact(egui::Sense::click());
                if next {
                    row.scroll_to_me(Some(egui::Align::Center));
                }
                if row.clicked() {
                    commands.write(ReplayCommand::Goto {
                        round: replay.round,
                        step: i,
                    });
                }
            }
        });
}
