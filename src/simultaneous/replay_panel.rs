//! The replay's side panel for a simultaneous match from the history: both
//! boards' scores as they stand, the steps (start, back, play, next, end),
//! the computer's review (asked for, under way, or its verdict on the move
//! to come with the graph of its board and each player's summary) and every
//! move in the order played, each on its board, marked by the review.
//!
//! Keys: left and right step, Page Up and Page Down go to the start and the
//! end, Enter plays or stops, H (X on a gamepad) reviews, Esc goes back to
//! the History.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use entropy_ai::{Mark, MatchReview, MoveReview, ReviewBudget};
use entropy_rules::{Action, Move, OrderMove, Player};

use super::SimScreen;
use super::game::SimMatch;
use super::replay::{ReplayMove, SimReplay, SimReplayCommand};
use crate::app::AppSet;
use crate::app::players::possessive;
use crate::history::cards::{Step, ask, failed, steps_card, under_way};
use crate::history::review::{Review, graph, mark_colour, mark_name};
use crate::ui::menus::MenuKeys;
use crate::ui::navigation::Nav;
use crate::ui::theme::{ui, widgets};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        keys.after(crate::ui::navigation::ReadDevices).in_set(AppSet::Input),
    )
    .add_systems(
        EguiPrimaryContextPass,
        draw.run_if(
            in_state(SimScreen::Replay)
                .and_then(resource_exists::<SimReplay>)
                .and_then(resource_exists::<SimMatch>),
        )
        .in_set(crate::ui::theme::Interface),
    );
}

fn keys(mut keys: MenuKeys<SimScreen>, mut commands: MessageWriter<SimReplayCommand>) {
    for n in keys.for_screen(SimScreen::Replay) {
        let command = match n {
            Nav::Right => SimReplayCommand::Forward,
            Nav::Left => SimReplayCommand::Back,
            Nav::Previous => SimReplayCommand::Start,
            Nav::Next => SimReplayCommand::End,
            Nav::Confirm => SimReplayCommand::ToggleAutoplay,
            Nav::Up => SimReplayCommand::Pace(1),
            Nav::Down => SimReplayCommand::Pace(-1),
            Nav::Hint => SimReplayCommand::Review(ReviewBudget::Quick),
            Nav::Back | Nav::Pause => SimReplayCommand::Leave,
            _ => continue,
        };
        commands.write(command);
    }
}

/// The review of `m`, a move of the replay, if the review judged it.
pub fn move_review<'a>(review: &'a MatchReview, m: &ReplayMove) -> Option<&'a MoveReview> {
    let role = match m.action {
        Action::Place(_) => entropy_rules::Role::Chaos,
        _ => entropy_rules::Role::Order,
    };
    review
        .rounds
        .get(m.board.index())?
        .moves
        .iter()
        .find(|r| r.turn == m.turn && r.role == role)
}

/// A move in words: "red on Bc", "Bc → Be", "pass".
fn move_words(mv: Move) -> String {
    match mv {
        Move::Place(p) => format!("{} on {}", p.colour.name(), p.cell),
        Move::Order(OrderMove::Slide(s)) => format!("{} → {}", s.from, s.to),
        Move::Order(OrderMove::Pass) => "pass".to_string(),
    }
}

fn draw(
    mut contexts: EguiContexts,
    replay: Res<SimReplay>,
    shown: Res<SimMatch>,
    review: Option<Res<Review>>,
    mut commands: MessageWriter<SimReplayCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let name = |p: Player| replay.file.tags.players[p.index()].name.clone();
    widgets::side_panel(&ctx, "simultaneous replay panel", |ui, inner| {
        widgets::column(ui, inner, |ui| {
            ui.horizontal(|ui| {
                ui.label(widgets::strong("REPLAY", 15.0).color(ui::ACCENT));
                ui.label(widgets::muted(&replay.file.tags.date, 14.0));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if widgets::button(ui, "History", widgets::ButtonLook::new(76.0, 28.0).text_size(14.0)).clicked() {
                        commands.write(SimReplayCommand::Leave);
                    }
                });
            });
            widgets::card(ui, |ui| {
                ui.label(widgets::muted(
                    "Two boards at once · each is Order on their own board",
                    widgets::SMALL,
                ));
                for player in Player::BOTH {
                    ui.horizontal(|ui| {
                        ui.label(widgets::strong(name(player), 17.0));
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            let score = shown.game.board(player).score();
                            ui.label(widgets::strong(score.to_string(), 18.0));
                        });
                    });
                }
            });
            controls(ui, &replay, &mut commands);
            review_card(ui, &replay, review.as_deref(), &mut commands, &name);
            move_list(
                ui,
                &replay,
                review.as_ref().and_then(|r| r.done.as_ref()),
                &mut commands,
                &name,
            );
        });
    });
    Ok(())
}

fn controls(ui: &mut egui::Ui, replay: &SimReplay, commands: &mut MessageWriter<SimReplayCommand>) {
    let heading = format!("Move {} of {}", replay.step, replay.moves.len());
    if let Some(step) = steps_card(ui, heading, replay.autoplay) {
        commands.write(match step {
            Step::Start => SimReplayCommand::Start,
            Step::Back => SimReplayCommand::Back,
            Step::Play => SimReplayCommand::ToggleAutoplay,
            Step::Forward => SimReplayCommand::Forward,
            Step::End => SimReplayCommand::End,
        });
    }
}

fn review_card(
    ui: &mut egui::Ui,
    replay: &SimReplay,
    review: Option<&Review>,
    commands: &mut MessageWriter<SimReplayCommand>,
    name: &dyn Fn(Player) -> String,
) {
    widgets::card(ui, |ui| match review {
        None => {
            if let Some(budget) = ask(
                ui,
                "The computer judges every move on both boards by the points it cost.",
            ) {
                commands.write(SimReplayCommand::Review(budget));
            }
        }
        Some(review) if review.working() => under_way(ui, review),
        Some(review) => match (&review.done, &review.failed) {
            (Some(done), _) => finished(ui, replay, done, name),
            (None, Some(reason)) => {
                if failed(ui, reason) {
                    commands.write(SimReplayCommand::Review(review.budget));
                }
            }
            (None, None) => {}
        },
    });
}

/// The finished review: the graph of the board the next move is on, the
/// verdict on that move, and each player's summary over both boards.
fn finished(ui: &mut egui::Ui, replay: &SimReplay, done: &MatchReview, name: &dyn Fn(Player) -> String) {
    let next = replay.moves.get(replay.step).or(replay.moves.last());
    if let Some(next) = next
        && let Some(board) = done.rounds.get(next.board.index())
    {
        // Where the replay is on that board: its moves already played.
        let played = replay.moves[..replay.step]
            .iter()
            .filter(|m| m.board == next.board)
            .count();
        ui.label(widgets::muted(
            format!("{} board", possessive(&name(next.board))),
            widgets::SMALL,
        ));
        graph(ui, &board.expected(), board.score, played);
    }
    if let Some(m) = replay.moves.get(replay.step).and_then(|m| move_review(done, m)) {
        let verdict = if m.mark == Mark::Best {
            format!("{} played the best move.", name(m.player))
        } else {
            format!(
                "{} played {}; best {} ({:.0} against {:.0}: {})",
                name(m.player),
                move_words(m.played),
                move_words(m.best),
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
                name(player),
                s.lost_as_order,
                s.given_as_chaos
            ),
            widgets::SMALL,
        ));
    }
}

fn move_list(
    ui: &mut egui::Ui,
    replay: &SimReplay,
    review: Option<&MatchReview>,
    commands: &mut MessageWriter<SimReplayCommand>,
    name: &dyn Fn(Player) -> String,
) {
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .max_height((ui.available_height() - 8.0).max(40.0))
        .show(ui, |ui| {
            for (i, m) in replay.moves.iter().enumerate() {
                // A placement is always on the other's board, an Order move on one's own.
                let text = match m.action {
                    Action::Place(cell) => {
                        let colour = replay.file.record.boards[m.board.index()]
                            .get(m.turn - 1)
                            .map_or("", |t| t.placement.colour.name());
                        format!("{:>2}. {}: {colour} on {cell}", m.turn, name(m.player))
                    }
                    Action::Slide(s) => format!("      {}: {} → {}", name(m.player), s.from, s.to),
                    _ => format!("      {}: pass", name(m.player)),
                };
                let next = i == replay.step;
                let row = widgets::list_row(ui, next, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(widgets::text(text, widgets::SMALL + 1.0));
                        if let Some(r) = review.and_then(|r| move_review(r, m)) {
                            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                                ui.label(
                                    widgets::text(crate::history::review::cost_text(r.cost), widgets::SMALL)
                                        .color(mark_colour(r.mark)),
                                );
                                let (dot, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                                ui.painter().circle_filled(dot.center(), 4.5, mark_colour(r.mark));
                            });
                        }
                    });
                })
                .interact(egui::Sense::click());
                crate::ui::theme::controls::drawn(ui, &format!("move {}", i + 1), row.rect, true, next);
                if next {
                    row.scroll_to_me(Some(egui::Align::Center));
                }
                if row.clicked() {
                    commands.write(SimReplayCommand::Goto(i));
                }
            }
        });
}
