//! The playing screen: the side panel's turn card (who is to do what, with
//! Pass, Hint and Undo for a person, a thinking line for the computer, the
//! count once the board is full, the pace controls when watching two
//! computers) and the playing screen's keys and buttons.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use entropy_rules::{Action, Phase};

use super::panel::{PanelData, ShownMove, reply_words, side_panel};
use super::{MenuKeys, Overlay, OverlayCommand, Screen, TurnPhase};
use crate::AppSet;
use crate::computer::{HintRequest, Thinking, WatchPace};
use crate::game::{Command, CurrentMatch, Intent, Refused};
use crate::input::Held;
use crate::match_setup::Seat;
use crate::navigation::{LastDevice, Nav};
use crate::theme::{ui, widgets};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShownMove>()
        .init_resource::<Refusal>()
        .add_systems(OnEnter(Screen::Playing), forget_shown_move)
        .add_systems(
            Update,
            (
                keys,
                super::count_card::skip_on_any_key,
                (collect_refusals, forget_stale_shown_move)
                    .run_if(in_state(Screen::Playing).and_then(resource_exists::<CurrentMatch>)),
            )
                .chain()
                .after(crate::navigation::ReadDevices)
                .in_set(AppSet::Input),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(Screen::Playing).and_then(resource_exists::<CurrentMatch>))
                .in_set(crate::theme::Interface),
        );
}

/// Why the last move was refused, and for how much longer to say so.
#[derive(Resource, Debug, Default, Clone)]
pub struct Refusal(Option<(String, f32)>);

/// Whether a person may take a move back now: no clock, a person plays,
/// and the round has a move to take back.
pub fn undo_allowed(game: &CurrentMatch, clocked: bool) -> bool {
    !clocked && game.seats.contains(&Seat::Person) && !game.round().turns().is_empty() && !game.round().is_finished()
}

/// Whether two computers play (the person watches).
fn watching(game: &CurrentMatch) -> bool {
    game.seats.iter().all(|s| matches!(s, Seat::Computer(_)))
}

/// What the playing screen's keys and buttons act on.
#[derive(SystemParam)]
struct Controls<'w> {
    game: Res<'w, CurrentMatch>,
    clock: Option<Res<'w, crate::clock::MatchClock>>,
    held: ResMut<'w, Held>,
    hint: ResMut<'w, HintRequest>,
    pace: ResMut<'w, WatchPace>,
    shown: ResMut<'w, ShownMove>,
    intents: MessageWriter<'w, Intent>,
    commands: MessageWriter<'w, Command>,
    overlays: MessageWriter<'w, OverlayCommand>,
}

impl Controls<'_> {
    fn person_order(&self) -> bool {
        self.game.person_to_move() && self.game.round().phase() == Phase::OrderMove
    }

    fn pass(&mut self) {
        if self.person_order() {
            self.held.cell = None;
            self.intents.write(Intent(Action::Pass));
        }
    }

    fn ask_hint(&mut self) {
        if self.person_order() && !self.hint.working() {
            self.hint.wanted = true;
        }
    }

    fn undo(&mut self) {
        if undo_allowed(&self.game, self.clock.is_some()) {
            self.held.cell = None;
            self.commands.write(Command::Undo);
        }
    }

    fn pause(&mut self) {
        self.overlays.write(OverlayCommand::Open(Overlay::Pause));
    }

    fn browse(&mut self, delta: isize) {
        let count = self.game.round().turns().len();
        if count == 0 {
            return;
        }
        let at = self.shown.0.map_or(count as isize, |i| i as isize) + delta;
        self.shown.0 = (0..count as isize).contains(&at).then_some(at as usize);
    }
}

fn keys(mut keys: MenuKeys, controls: Option<Controls>, blocked: Query<&crate::animation::Tween>) {
    let keys = keys.for_screen(Screen::Playing);
    let Some(mut controls) = controls else { return };
    let still = !crate::animation::blocks_input(&blocked);
    let watch = watching(&controls.game);
    for n in keys {
        match n {
            Nav::Pass if still => controls.pass(),
            Nav::Hint => controls.ask_hint(),
            Nav::Undo if still => controls.undo(),
            Nav::Pause => controls.pause(),
            Nav::Back if controls.held.cell.is_some() => controls.held.cell = None,
            Nav::Back => controls.pause(),
            Nav::Previous => controls.browse(-1),
            Nav::Next => controls.browse(1),
            Nav::Confirm if watch => {
                controls.pace.paused = !controls.pace.paused;
            }
            Nav::Right if watch && controls.pace.paused => controls.pace.step = true,
            Nav::Up if watch => controls.pace.speed = (controls.pace.speed * 2.0).min(4.0),
            Nav::Down if watch => controls.pace.speed = (controls.pace.speed / 2.0).max(0.5),
            _ => {}
        }
    }
}

fn collect_refusals(mut refused: MessageReader<Refused>, time: Res<Time>, mut refusal: ResMut<Refusal>) {
    for r in refused.read() {
        let reason = r.error.to_string();
        let mut chars = reason.chars();
        let sentence: String = chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default();
        refusal.0 = Some((format!("{sentence}."), 4.0));
    }
    if let Some((_, left)) = refusal.0.as_mut() {
        *left -= time.delta_secs();
        if *left <= 0.0 {
            refusal.0 = None;
        }
    }
}

fn forget_shown_move(mut shown: ResMut<ShownMove>) {
    shown.0 = None;
}

/// A move shown from the list is forgotten when the round moves on.
fn forget_stale_shown_move(game: Res<CurrentMatch>, mut shown: ResMut<ShownMove>) {
    if shown.0.is_some_and(|i| i >= game.round().turns().len()) {
        shown.0 = None;
    }
}

/// What the turn card reads.
#[derive(SystemParam)]
struct TurnData<'w> {
    phase: Option<Res<'w, State<TurnPhase>>>,
    thinking: Res<'w, Thinking>,
    refusal: Res<'w, Refusal>,
    device: Res<'w, LastDevice>,
}

fn draw(
    mut contexts: EguiContexts,
    data: PanelData,
    turn_data: TurnData,
    mut controls: Controls,
    (blocked, tutorial): (Query<&crate::animation::Tween>, Option<Res<crate::tutorial::Tutorial>>),
) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let still = !crate::animation::blocks_input(&blocked);
    let mut shown = *controls.shown;
    side_panel(&ctx, &data, &mut shown, |ui| {
        if let Some(tutorial) = &tutorial {
            guide(ui, tutorial.step);
        }
        let scoring = turn_data.phase.as_ref().is_some_and(|p| *p.get() == TurnPhase::Scoring);
        match (&data.count, scoring) {
            (Some(count), true) => super::count_card::counting(ui, count, &mut controls.commands),
            _ => turn_card(ui, &data, &turn_data, &mut controls, still),
        }
    });
    if *controls.shown != shown {
        *controls.shown = shown;
    }
    Ok(())
}

/// The tutorial's guide: what to do now, and why.
pub fn guide(ui: &mut egui::Ui, step: crate::tutorial::Step) {
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
fn turn_card(ui: &mut egui::Ui, data: &PanelData, turn: &TurnData, controls: &mut Controls, still: bool) {
    let game = &data.game;
    let position = game.round().position();
    let chaos = game.game.order_player(game.game.round_index()).other();
    let order = chaos.other();
    let person = game.person_to_move();
    widgets::card(ui, |ui| {
        ui.set_min_height(172.0);
        match position.phase() {
            Phase::ChaosDraw | Phase::Finished => {
                ui.label(widgets::strong(format!("{} draws…", data.setup.name(chaos)), 21.0).color(ui::CHAOS));
                ui.add(egui::Label::new(widgets::muted("Chaos takes a counter from the bag.", widgets::BODY)).wrap());
            }
            Phase::ChaosPlace(colour) => {
                ui.label(widgets::strong(format!("{} to place", data.setup.name(chaos)), 21.0).color(ui::CHAOS));
                ui.horizontal_wrapped(|ui| {
                    widgets::swatch(ui, colour, 20.0);
                    let words = if person {
                        format!("Put the {} counter on any empty cell.", colour.name())
                    } else {
                        format!("Where will the {} counter go?", colour.name())
                    };
                    ui.label(widgets::text(words, widgets::BODY));
                });
                if !person {
                    thinking_line(ui, &turn.thinking);
                }
            }
            Phase::OrderMove => {
                ui.label(widgets::strong(format!("{} to move", data.setup.name(order)), 21.0).color(ui::ORDER));
                let words = match (person, controls.held.cell) {
                    (false, _) => "Order may slide any counter along its row or column, or pass.".to_string(),
                    (true, Some(cell)) => format!("The counter from {cell}: choose where it goes, or put it back."),
                    (true, None) => "Slide any counter along its row or column, or pass.".to_string(),
                };
                ui.add(egui::Label::new(widgets::text(words, widgets::BODY)).wrap());
                if !person {
                    thinking_line(ui, &turn.thinking);
                }
            }
        }
        if person || watching(game) {
            ui.add_space(4.0);
            buttons(ui, controls, still, turn.device.as_ref());
        }
        if let Some(hint) = controls.hint.for_position(position) {
            ui.label(widgets::strong(format!("Hint: {}", reply_words(hint.best)), widgets::BODY).color(ui::HINT));
            ui.label(widgets::muted(
                format!("Expected final score: about {:.0}", hint.expected),
                widgets::SMALL,
            ));
        }
        if let Some((reason, _)) = &turn.refusal.0 {
            ui.add(egui::Label::new(widgets::text(reason, widgets::SMALL + 1.0).color(ui::WARNING)).wrap());
        }
    });
}

/// Pass, Hint and Undo for a person; pause, step and speed when watching.
fn buttons(ui: &mut egui::Ui, controls: &mut Controls, still: bool, device: &LastDevice) {
    let small = |w: f32| widgets::ButtonLook::new(w, 34.0).text_size(16.0);
    ui.horizontal(|ui| {
        if watching(&controls.game) {
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
        if widgets::button(ui, "Pass", small(76.0).enabled(order && still)).clicked() {
            controls.pass();
        }
        let hint_ready = order && !controls.hint.working();
        if widgets::button(ui, "Hint", small(70.0).enabled(hint_ready)).clicked() {
            controls.ask_hint();
        }
        if controls.hint.working() {
            ui.add(egui::Spinner::new());
        }
        let undo = undo_allowed(&controls.game, controls.clock.is_some()) && still;
        if widgets::button(ui, "Undo", small(74.0).enabled(undo)).clicked() {
            controls.undo();
        }
    });
    prompts(ui, device, watching(&controls.game));
}

/// The keys or buttons of the device used last.
fn prompts(ui: &mut egui::Ui, device: &LastDevice, watch: bool) {
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
    widgets::prompts(ui, items);
}

fn thinking_line(ui: &mut egui::Ui, thinking: &Thinking) {
    ui.horizontal(|ui| {
        ui.add(egui::Spinner::new().color(ui::MUTED));
        ui.label(widgets::muted(
            if thinking.busy() { "Thinking…" } else { "…" },
            widgets::BODY,
        ));
    });
}
