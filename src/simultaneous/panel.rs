//! The side panel of the simultaneous match: both boards' scores, the
//! counter drawn for both, whose turn it is and on which board, Pass for a
//! person who is Order now, and Leave; and the result once both boards are
//! full, with Rematch, Review (the match in the replay, the computer's
//! review running), New match and Title.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use entropy_rules::{Action, Phase, Player, Role};

use super::count::{SimCount, SkipSimCount};
use super::game::{SimAction, SimCommand, SimMatch, Simultaneous};
use super::input::SimHand;
use super::{InSimultaneous, SimScreen};
use crate::app::players::{possessive, possessive_within};
use crate::online::card::OnlineCard;
use crate::table::end_card::end_card;
use crate::table::turn::Intent;
use crate::ui::navigation::{Focus, LastDevice};
use crate::ui::overlays::{Overlay, OverlayCommand, Overlays};
use crate::ui::theme::{self, ui, widgets};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.run_if(
            in_state(InSimultaneous)
                .and_then(not(in_state(SimScreen::Replay)))
                .and_then(resource_exists::<SimMatch>),
        )
        .in_set(crate::ui::theme::Interface),
    );
}

/// The headline of the result, in the words every room uses
/// ([`crate::table::result_words`]): "You won 33–29", "Hard won 30–27",
/// "A draw, 40–40"; after a forfeit, who won without a score.
pub fn headline(game: &SimMatch) -> String {
    let you = Player::BOTH
        .into_iter()
        .find(|p| game.names[p.index()] == "You")
        .map(Player::index);
    let winner = match game.game.outcome() {
        Some(entropy_rules::Outcome::Win(winner)) => Some(winner.index()),
        _ => None,
    };
    crate::table::result_words::headline(
        winner,
        game.game.scores(),
        game.game.forfeited().map(crate::online::ending::forfeited),
        you,
        |seat| game.names[seat.min(1)].clone(),
    )
}

/// Why the match ended early, if a player forfeited: "Bob resigned."
pub fn forfeit_reason(game: &SimMatch) -> Option<String> {
    let forfeit = crate::online::ending::forfeited(game.game.forfeited()?);
    Some(crate::table::result_words::forfeit_sentence(forfeit, |seat| {
        game.names[seat.min(1)].clone()
    }))
}

/// What the prompt says the match waits for now.
pub fn prompt(game: &SimMatch) -> String {
    let name = |p: Player| game.names[p.index()].clone();
    match game.person_to_act() {
        Some(p) if p.role == Role::Chaos => {
            format!(
                "{}: place the counter on {} board.",
                name(p.player),
                possessive_within(&name(p.board))
            )
        }
        Some(p) => format!("{}: slide a counter on your board, or pass.", name(p.player)),
        None if game.game.is_over() => "Both boards are full.".to_string(),
        None if game.online() => "Waiting for the other player's move…".to_string(),
        None => "The computer is thinking…".to_string(),
    }
}

#[derive(bevy::ecs::system::SystemParam)]
struct PanelView<'w> {
    game: Res<'w, SimMatch>,
    screen: Res<'w, State<SimScreen>>,
    hand: ResMut<'w, SimHand>,
    focus: ResMut<'w, Focus>,
    device: Res<'w, LastDevice>,
    overlays: Res<'w, Overlays>,
    intents: MessageWriter<'w, Intent<Simultaneous>>,
    commands: MessageWriter<'w, SimCommand>,
    overlay_commands: MessageWriter<'w, OverlayCommand>,
    count: Option<Res<'w, SimCount>>,
    skips: MessageWriter<'w, SkipSimCount>,
    online: OnlineCard<'w>,
}

fn draw(mut contexts: EguiContexts, mut view: PanelView) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let active = view.overlays.is_empty();
    widgets::side_panel(&ctx, "simultaneous panel", |ui, inner| {
        let bottom = egui::Rect::from_min_max(egui::pos2(inner.left(), inner.bottom() - 36.0), inner.max);
        let content = egui::Rect::from_min_max(inner.min, egui::pos2(inner.right(), bottom.top() - 10.0));
        widgets::column(ui, content, |ui| {
            ui.label(widgets::strong("TWO BOARDS AT ONCE", 15.0).color(ui::ACCENT));
            scores(ui, &view.game, view.count.as_deref());
            if *view.screen.get() == SimScreen::Over {
                let lines = |ui: &mut egui::Ui| {
                    for owner in Player::BOTH {
                        ui.label(widgets::text(
                            format!(
                                "{} scored {} as Order",
                                view.game.names[owner.index()],
                                view.game.game.board(owner).score()
                            ),
                            widgets::BODY,
                        ));
                    }
                    if let Some(reason) = forfeit_reason(&view.game) {
                        ui.label(widgets::text(reason, widgets::BODY));
                    }
                    ui.label(widgets::muted("Both boards had the same draws.", widgets::SMALL));
                    view.online.result_lines(ui);
                };
                let headline = headline(&view.game);
                let choices = super::result::choices(&view.online);
                if let Some(command) = end_card(ui, &headline, lines, &choices, 2, &mut view.focus, active) {
                    view.commands.write(command);
                }
            } else if let Some(count) = &view.count {
                count_card(ui, &view.game, count, &mut view.skips);
            } else {
                turn_card(ui, &mut view, active);
            }
            view.online.card(ui, true, active);
        });
        ui.scope_builder(egui::UiBuilder::new().max_rect(bottom), |ui| {
            if widgets::button(ui, "Leave", widgets::ButtonLook::new(100.0, 36.0).text_size(16.0)).clicked() && active {
                view.overlay_commands.write(OverlayCommand::Open(Overlay::Pause));
            }
        });
    });
    Ok(())
}

/// The count as it goes: the board being counted, the run, the totals.
fn count_card(ui: &mut egui::Ui, game: &SimMatch, count: &SimCount, skips: &mut MessageWriter<SkipSimCount>) {
    widgets::card(ui, |ui| {
        ui.label(widgets::strong("Counting the boards", 21.0).color(ui::ACCENT));
        match count.current() {
            Some((owner, step)) => {
                ui.label(widgets::text(
                    format!(
                        "{}'s board: a run of {} in {}",
                        game.names[owner.index()],
                        step.run.len,
                        step.run.line
                    ),
                    widgets::BODY,
                ));
            }
            None => {
                ui.label(widgets::text("Every palindrome scores its length.", widgets::BODY));
            }
        }
        for owner in Player::BOTH {
            ui.label(widgets::muted(
                format!("{}: {} so far", game.names[owner.index()], count.counted(owner)),
                widgets::BODY,
            ));
        }
        if !count.finished()
            && widgets::button(ui, "Skip", widgets::ButtonLook::new(70.0, 32.0).text_size(15.0)).clicked()
        {
            skips.write(SkipSimCount);
        }
    });
}

fn scores(ui: &mut egui::Ui, game: &SimMatch, count: Option<&SimCount>) {
    widgets::card(ui, |ui| {
        for owner in Player::BOTH {
            ui.horizontal(|ui| {
                ui.label(widgets::strong(
                    format!("{} board", possessive(&game.names[owner.index()])),
                    18.0,
                ));
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let score = count.map_or(game.game.board(owner).score(), |c| c.counted(owner));
                    ui.label(widgets::strong(score.to_string(), 19.0))
                        .on_hover_text("Order's score on this board so far");
                });
            });
        }
    });
}

fn turn_card(ui: &mut egui::Ui, view: &mut PanelView, active: bool) {
    let game = &view.game;
    widgets::card(ui, |ui| {
        let drawn = Player::BOTH
            .into_iter()
            .find_map(|owner| match game.game.board(owner).phase() {
                Phase::ChaosPlace(colour) => Some(colour),
                _ => None,
            });
        if let Some(colour) = drawn {
            ui.horizontal(|ui| {
                let (dot, _) = ui.allocate_exact_size(egui::vec2(22.0, 22.0), egui::Sense::hover());
                ui.painter().circle_filled(
                    dot.center(),
                    10.0,
                    theme::egui_colour(theme::counter_colour(colour.index())),
                );
                ui.label(widgets::text(
                    format!("Drawn for both boards: {}", colour.name()),
                    widgets::BODY,
                ));
            });
        }
        ui.add(egui::Label::new(widgets::strong(prompt(game), 19.0).color(ui::ACCENT)).wrap());
        let order = game.person_to_act().filter(|p| p.role == Role::Order);
        if let Some(pending) = order {
            let look = widgets::ButtonLook::new(90.0, 34.0).text_size(16.0);
            if widgets::button(ui, "Pass", look).clicked() && active {
                view.hand.picked = None;
                view.intents.write(Intent(SimAction {
                    player: pending.player,
                    action: Action::Pass,
                }));
            }
        }
        let items: &[(&str, &str)] = match *view.device {
            LastDevice::Gamepad => &[
                ("A", "Place or pick"),
                ("B", "Put back"),
                ("Y", "Pass"),
                ("Start", "Menu"),
            ],
            LastDevice::Keyboard => &[
                ("Arrows", "Move"),
                ("Enter", "Place or pick"),
                ("P", "Pass"),
                ("Esc", "Menu"),
            ],
            LastDevice::Mouse => &[("Click", "Place or pick"), ("P", "Pass"), ("Esc", "Menu")],
        };
        widgets::prompts(ui, items);
    });
}
