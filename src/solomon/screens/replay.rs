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
use entropy_ai::{MatchReview, ReviewBudget};
use entropy_rules::Player;

use crate::solomon::screen::NextScreen;
use crate::solomon::screen::SolomonScreen;
use crate::ui::menus::MenuKeys;

use crate::app::AppSet;
use crate::history::cards::{Step, steps_card};
use crate::history::review::Review;
use crate::solomon::replay::{Replay, ReplayCommand, moves};
use crate::solomon::screens::panel::reply_words;
use crate::solomon::world::marks::Suggested;
use crate::ui::navigation::Nav;
use crate::ui::theme::{ui, widgets};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Suggested>()
        .add_systems(
            Update,
            keys.after(crate::ui::navigation::ReadDevices).in_set(AppSet::Input),
        )
        // The best move is the one for the board as it stands after this
        // frame's move: marked in the frame the move is played.
        .add_systems(Update, suggest_best.in_set(AppSet::Sync))
        .add_systems(OnExit(SolomonScreen::Replay), |mut s: ResMut<Suggested>| s.0 = None)
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(SolomonScreen::Replay).and_then(resource_exists::<Replay>))
                .in_set(crate::ui::theme::Interface),
        );
}

fn keys(
    mut keys: MenuKeys<SolomonScreen>,
    replay: Option<Res<Replay>>,
    mut commands: MessageWriter<ReplayCommand>,
    mut next: NextScreen,
    mut cmd: Commands,
) {
    let keys = keys.for_screen(SolomonScreen::Replay);
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
            Nav::Back | Nav::Pause => next.set(SolomonScreen::History),
            _ => {}
        }
    }
}

/// With a review, the best move in place of the next one is shown on the board.
fn suggest_best(replay: Option<Res<Replay>>, review: Option<Res<Review>>, mut suggested: ResMut<Suggested>) {
    let best = match (replay, review) {
        (Some(replay), Some(review)) => review
            .done
            .as_ref()
            .and_then(|r| replay.next_move_review(r))
            .map(|m| m.best),
        _ => None,
    };
    if suggested.0 != best {
        suggested.0 = best;
    }
}

fn draw(
    mut contexts: EguiContexts,
    replay: Res<Replay>,
    review: Option<Res<Review>>,
    mut commands: MessageWriter<ReplayCommand>,
    (mut next, mut cmd): (NextScreen, Commands),
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    widgets::side_panel(&ctx, "replay panel", |ui, inner| {
        widgets::column(ui, inner, |ui| {
            header(ui, &replay, &mut next);
            controls(ui, &replay, &mut commands);
            crate::solomon::screens::review_card::review_card(ui, &replay, review.as_deref(), &mut cmd);
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

fn header(ui: &mut egui::Ui, replay: &Replay, next: &mut NextScreen) {
    let tags = &replay.file.tags;
    ui.horizontal(|ui| {
        ui.label(widgets::strong("REPLAY", 15.0).color(ui::ACCENT));
        ui.label(widgets::muted(&tags.date, 14.0));
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            // To the list of matches (the step back is the controls' Back).
            if widgets::button(ui, "History", widgets::ButtonLook::new(76.0, 28.0).text_size(14.0)).clicked() {
                next.set(SolomonScreen::History);
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
                ui.label(widgets::muted(role, widgets::SMALL));
                if let Some(flag) = replay.file.record.flags.iter().find(|f| f.player == player) {
                    ui.label(
                        widgets::text(
                            format!("out of time: round {}, turn {}", flag.round + 1, flag.turn()),
                            widgets::SMALL,
                        )
                        .color(ui::WARNING),
                    );
                }
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    ui.label(widgets::strong(totals[player.index()].to_string(), 18.0));
                });
            });
        }
    });
}

fn controls(ui: &mut egui::Ui, replay: &Replay, commands: &mut MessageWriter<ReplayCommand>) {
    let total = replay.round_moves(replay.round).len();
    let heading = match replay.file.record.time_control {
        Some(t) => format!(
            "Round {} · move {} of {} · {} min each",
            replay.round + 1,
            replay.step,
            total,
            t.secs() / 60
        ),
        None => format!("Round {} · move {} of {}", replay.round + 1, replay.step, total),
    };
    if let Some(step) = steps_card(ui, heading, replay.autoplay) {
        commands.write(match step {
            Step::Start => ReplayCommand::Start,
            Step::Back => ReplayCommand::Back,
            Step::Play => ReplayCommand::ToggleAutoplay,
            Step::Forward => ReplayCommand::Forward,
            Step::End => ReplayCommand::End,
        });
    }
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
            let clocks = replay.file.record.clocks.get(replay.round);
            for (i, _) in all.iter().enumerate() {
                let turn = &turns[i / 2];
                // The mover's clock after the move, when the match kept one.
                let clock = clocks
                    .and_then(|c| c.get(i / 2))
                    .and_then(|c| if i % 2 == 0 { c.placement } else { c.reply })
                    .map(|left| format!("  {left}"))
                    .unwrap_or_default();
                let text = if i % 2 == 0 {
                    format!(
                        "{:>2}. Chaos {} on {}",
                        i / 2 + 1,
                        turn.placement.colour.name(),
                        turn.placement.cell
                    ) + &clock
                } else {
                    format!("      Order {}", turn.reply.map(reply_words).unwrap_or_default()) + &clock
                };
                let next = i == replay.step;
                let row = widgets::list_row(ui, next, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(widgets::text(text, widgets::SMALL + 1.0));
                        if let Some(m) = marks.and_then(|r| r.moves.get(i)) {
                            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                                ui.label(
                                    widgets::text(crate::history::review::cost_text(m.cost), widgets::SMALL)
                                        .color(crate::history::review::mark_colour(m.mark)),
                                );
                                let (dot, _) = ui.allocate_exact_size(egui::vec2(10.0, 10.0), egui::Sense::hover());
                                ui.painter().circle_filled(
                                    dot.center(),
                                    4.5,
                                    crate::history::review::mark_colour(m.mark),
                                );
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
                    commands.write(ReplayCommand::Goto {
                        round: replay.round,
                        step: i,
                    });
                }
            }
        });
}
