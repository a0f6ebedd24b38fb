//! The playing screen's turn card in the side panel: who is to do what,
//! with Pass, Hint and Undo for a person, a thinking line for the computer,
//! the pace controls when watching two computers, the device's prompts, a
//! hint and why a move was refused; and the tutorial's guide above it.

use bevy_egui::egui;
use entropy_rules::{Move, Phase};

use crate::solomon::screens::panel::{PanelData, reply_words};
use crate::solomon::screens::turn_controls::{Controls, TurnData};
use crate::ui::navigation::LastDevice;
use crate::ui::theme::{ui, widgets};

/// The tutorial's guide: what to do now, and why.
pub fn guide(ui: &mut egui::Ui, step: crate::solomon::tutorial::Step) {
    let (title, words) = step.words();
    egui::Frame::new()
        .fill(ui::CARD_RAISED)
        .stroke(egui::Stroke::new(2.0, ui::ACCENT))
        .corner_radius(widgets::RADIUS)
        .inner_margin(12)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(widgets::strong(format!("Tutorial · {title}"), widgets::BODY + 1.0).color(ui::ACCENT));
            ui.add(egui::Label::new(widgets::text(words, widgets::SMALL + 1.0)).wrap());
        });
}

/// The card of the turn: a fixed height, so the panel does not jump.
pub(crate) fn turn_card(ui: &mut egui::Ui, data: &PanelData, turn: &TurnData, controls: &mut Controls, still: bool) {
    let game = &data.game;
    let position = game.round().position();
    let chaos = game.game.order_player(game.game.round_index()).other();
    let order = chaos.other();
    let person = game.person_to_move();
    widgets::card(ui, |ui| {
        ui.set_min_height(172.0);
        match position.phase() {
            Phase::ChaosDraw | Phase::Finished => {
                ui.label(
                    widgets::strong(format!("{}…", data.name(chaos).said("draw", "draws")), 21.0).color(ui::CHAOS),
                );
                ui.add(egui::Label::new(widgets::muted("Chaos takes a counter from the bag.", widgets::BODY)).wrap());
            }
            Phase::ChaosPlace(colour) => {
                ui.label(widgets::strong(format!("{} to place", data.name(chaos)), 21.0).color(ui::CHAOS));
                ui.horizontal_wrapped(|ui| {
                    widgets::swatch(ui, colour.index(), 20.0);
                    let words = if person {
                        format!("Put the {} counter on any empty cell.", colour.name())
                    } else {
                        format!("Where will the {} counter go?", colour.name())
                    };
                    ui.label(widgets::text(words, widgets::BODY));
                });
                // One empty cell left: there is nothing to think about.
                if !person && position.placements().len() > 1 {
                    waiting(ui, data, chaos, turn.thinking.busy());
                }
            }
            Phase::OrderMove => {
                ui.label(widgets::strong(format!("{} to move", data.name(order)), 21.0).color(ui::ORDER));
                let touched = game.touched.map(|t| t.cell());
                let words = match (person, controls.held.picked) {
                    (false, _) => "Order may slide any counter along its row or column, or pass.".to_string(),
                    (true, _) if let Some(cell) = touched => {
                        format!("Touch move: the counter from {cell} must move. Choose where it goes.")
                    }
                    (true, Some(cell)) => format!("The counter from {cell}: choose where it goes, or put it back."),
                    (true, None) => "Slide any counter along its row or column, or pass.".to_string(),
                };
                ui.add(egui::Label::new(widgets::text(words, widgets::BODY)).wrap());
                if !person {
                    waiting(ui, data, order, turn.thinking.busy());
                }
            }
        }
        if person || game.watching() {
            ui.add_space(4.0);
            buttons(ui, controls, still, turn.device.as_ref());
        }
        if let Some(hint) = controls.hint.for_position(position) {
            let (best, expected) = match hint.best {
                Move::Place(placement) => (
                    format!("put it on {}", placement.cell),
                    format!("Order's final score then: about {:.0}", hint.expected),
                ),
                Move::Order(order) => (
                    reply_words(order),
                    format!("Expected final score: about {:.0}", hint.expected),
                ),
            };
            ui.label(widgets::strong(format!("Hint: {best}"), widgets::BODY).color(ui::HINT));
            ui.label(widgets::muted(expected, widgets::SMALL));
        }
        if let Some((reason, _)) = &turn.refusal.0 {
            ui.add(egui::Label::new(widgets::text(reason, widgets::SMALL + 1.0).color(ui::WARNING)).wrap());
        }
    });
}

/// While another decides: the computer's thinking line, or, for a player
/// on another machine, that their move comes through the server.
fn waiting(ui: &mut egui::Ui, data: &PanelData, player: entropy_rules::Player, busy: bool) {
    if data.game.seats[player.index()] == crate::solomon::match_setup::Seat::Remote {
        ui.label(widgets::muted(
            format!("Waiting for {}'s move…", data.name(player)),
            widgets::SMALL + 1.0,
        ));
    } else {
        widgets::thinking_line(ui, busy);
    }
}

/// Pass, Hint and Undo for a person; pause, step and speed when watching.
fn buttons(ui: &mut egui::Ui, controls: &mut Controls, still: bool, device: &LastDevice) {
    let small = |w: f32| widgets::ButtonLook::new(w, 34.0).text_size(16.0);
    ui.horizontal(|ui| {
        if controls.game.watching() {
            let paused = controls.pace.paused;
            if widgets::button(ui, if paused { "Play" } else { "Pause" }, small(84.0)).clicked() {
                controls.pace.paused = !paused;
            }
            if widgets::button(ui, "Step", small(70.0).enabled(paused)).clicked() {
                controls.pace.step = true;
            }
            let speed = controls.pace.speed;
            if widgets::button(ui, "−", small(34.0).enabled(speed > 0.5)).clicked() {
                controls.pace.speed = (speed / 2.0).max(0.5);
            }
            ui.label(widgets::strong(format!("{speed}×"), 15.0));
            if widgets::button(ui, "+", small(34.0).enabled(speed < 4.0)).clicked() {
                controls.pace.speed = (speed * 2.0).min(4.0);
            }
            return;
        }
        let order = controls.person_order();
        // A person who is only Chaos this round is not offered Order's pass.
        let passes = controls.game.person_is_order_now();
        if passes && widgets::button(ui, "Pass", small(76.0).enabled(order && still)).clicked() {
            controls.pass();
        }
        if controls.game.online() {
            ui.label(widgets::muted("Online: no hints, no undo", widgets::SMALL));
        } else if controls.game.tournament {
            ui.label(widgets::muted("Tournament rules: touch move", widgets::SMALL));
        } else {
            let hint_ready = controls.game.person_to_move() && !controls.hint.working();
            if widgets::button(ui, "Hint", small(70.0).enabled(hint_ready)).clicked() {
                controls.ask_hint();
            }
            if controls.hint.working() {
                widgets::working(ui, ui::MUTED);
            }
            let undo = controls.game.undo_allowed(controls.clock.is_some()) && still;
            if widgets::button(ui, "Undo", small(74.0).enabled(undo)).clicked() {
                controls.undo();
            }
        }
    });
    // Tournament rules, and a match on a server, give no hints and no undo.
    let bare = controls.game.tournament || controls.game.online();
    let chaos_only = !controls.game.person_is_order_now();
    prompts(ui, device, controls.game.watching(), bare, chaos_only);
}

/// The keys or buttons of the device used last.
/// `chaos_only`: the person only places this round (online, as Chaos), so
/// Order's sliding and passing are not offered.
fn prompts(ui: &mut egui::Ui, device: &LastDevice, watch: bool, tournament: bool, chaos_only: bool) {
    let items: &[(&str, &str)] = match (device, watch) {
        (LastDevice::Gamepad, false) => &[
            ("A", "Place or pick"),
            ("B", "Put back"),
            ("Y", "Pass"),
            ("X", "Hint"),
            ("Select", "Undo"),
            ("Start", "Menu"),
        ],
        (LastDevice::Gamepad, true) => &[("A", "Pause"), ("→", "Step"), ("↑↓", "Speed"), ("Start", "Menu")],
        (_, true) => &[("Space", "Pause"), ("→", "Step"), ("↑↓", "Speed"), ("Esc", "Menu")],
        (LastDevice::Keyboard, false) => &[
            ("Arrows", "Move"),
            ("Enter", "Place or pick"),
            ("P", "Pass"),
            ("H", "Hint"),
            ("U", "Undo"),
            ("Esc", "Menu"),
        ],
        (LastDevice::Mouse, false) => &[("Click", "Place"), ("Drag", "Slide"), ("P", "Pass"), ("Esc", "Menu")],
    };
    // Tournament rules give no hints and no undo.
    let items: Vec<(&str, &str)> = items
        .iter()
        .copied()
        .filter(|(_, what)| !tournament || !matches!(*what, "Hint" | "Undo"))
        .filter(|(_, what)| !chaos_only || !matches!(*what, "Slide" | "Pass"))
        .collect();
    widgets::prompts(ui, &items);
}
