//! The playing screen of Carreno's game: the side panel's turn card — whose
//! turn, check and its reason, what the piece under the pointer or cursor
//! may do (or why it may not move), the last refusal with the rules'
//! reason, a hint, the thinking computer — with Pass, Undo and Hint, and
//! the prompts of the device used last.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::app::redraw::Redraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use carreno_ai::Score;
use carreno_rules::{Move, Square, SquareSet};

use super::computer::{HintRequest, Thinking};
use super::game::{Carreno, CarrenoCommand, CarrenoMatch, Intent, Refused, Seat, sentence};
use super::input::Pointing;
use super::panel::{PanelData, side_panel, side_words};
use crate::carreno::CarrenoScreen;
use crate::ui::animation::Tween;
use crate::ui::navigation::LastDevice;
use crate::ui::overlays::{Overlay, OverlayCommand};
use crate::ui::pause::PauseRequest;
use crate::ui::theme::{ui, widgets};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Refusal>()
        .add_systems(OnEnter(CarrenoScreen::Playing), |mut refusal: ResMut<Refusal>| {
            refusal.0 = None
        })
        .add_systems(Update, collect_refusals.after(crate::app::AppSet::Turn))
        .add_systems(
            EguiPrimaryContextPass,
            draw.run_if(in_state(CarrenoScreen::Playing).and_then(resource_exists::<CarrenoMatch>))
                .in_set(crate::ui::theme::Interface),
        );
}

/// The last refusal's reason (from the rules), and for how much longer to say it.
#[derive(Resource, Debug, Default, Clone)]
pub struct Refusal(pub Option<(String, f32)>);

/// How long a refusal's reason stays in the panel, in seconds.
const REFUSAL_SECONDS: f32 = 5.0;

fn collect_refusals(
    mut refused: MessageReader<Refused<Carreno>>,
    time: Res<Time<Real>>,
    mut refusal: ResMut<Refusal>,
    mut redraw: ResMut<Redraw>,
) {
    for r in refused.read() {
        refusal.0 = Some((sentence(&r.error.to_string()), REFUSAL_SECONDS));
    }
    if let Some((_, left)) = refusal.0.as_mut() {
        *left -= time.delta_secs();
        if *left <= 0.0 {
            refusal.0 = None;
        } else {
            // The reason goes away by itself.
            redraw.after(std::time::Duration::from_secs_f32(*left));
        }
    }
}

/// What the turn card reads.
#[derive(SystemParam)]
struct TurnData<'w, 's> {
    thinking: Res<'w, Thinking>,
    refusal: Res<'w, Refusal>,
    pointing: Pointing<'w>,
    device: Res<'w, LastDevice>,
    tweens: Query<'w, 's, &'static Tween>,
}

impl TurnData<'_, '_> {
    /// The square the card explains: the picked-up piece, else the cursor's, else the pointer's.
    fn inspected(&self) -> Option<Square> {
        let pointing = &self.pointing;
        pointing
            .selection
            .picked
            .or(pointing.cursor.visible.then_some(pointing.cursor.at))
            .or(pointing.hovered.0)
    }
}

/// What the turn card's buttons act on.
#[derive(SystemParam)]
struct TurnControls<'w> {
    hint: ResMut<'w, HintRequest>,
    intents: MessageWriter<'w, Intent<Carreno>>,
    commands: MessageWriter<'w, CarrenoCommand>,
    overlays: MessageWriter<'w, OverlayCommand>,
    pause: ResMut<'w, PauseRequest>,
}

fn draw(mut contexts: EguiContexts, data: PanelData, turn: TurnData, mut controls: TurnControls) -> Result {
    let ctx = contexts.ctx_mut()?.clone();
    let still = !crate::ui::animation::blocks_input(&turn.tweens);
    let buttons = side_panel(&ctx, &data, |ui| turn_card(ui, &data.game, &turn, &mut controls, still));
    if buttons.rules {
        controls.overlays.write(OverlayCommand::Open(Overlay::Rules));
    }
    if buttons.leave {
        controls.pause.focus_leave = true;
        controls.overlays.write(OverlayCommand::Open(Overlay::Pause));
    }
    Ok(())
}

/// "your piece on c3 touches no piece" or "O's pieces on c3 e5 touch no piece".
fn isolated_words(owner: &str, pieces: SquareSet) -> String {
    if pieces.len() == 1 {
        format!("{owner} piece on {pieces} touches no piece")
    } else {
        format!("{owner} pieces on {pieces} touch no piece")
    }
}

/// The card of the turn: a fixed height, so the panel does not jump.
fn turn_card(ui: &mut egui::Ui, game: &CarrenoMatch, turn: &TurnData, controls: &mut TurnControls, still: bool) {
    let position = game.game.position();
    let side = position.to_move();
    let person = game.person_to_move();
    let you = game.name(side) == "You";
    widgets::card(ui, |ui| {
        ui.set_min_height(188.0);
        let heading = match (you, game.seat(side)) {
            (true, _) => format!("Your move · {}", side_words(side)),
            (false, Seat::Person | Seat::Remote) => format!("{} to move · {}", game.name(side), side),
            (false, Seat::Computer(_)) => format!("{} · {}", game.name(side), side),
        };
        ui.add(egui::Label::new(widgets::strong(heading, 20.0).color(ui::ACCENT)).wrap());
        let checked = position.checked_pieces();
        if !checked.is_empty() {
            let (who, owner) = if you {
                ("You are".to_string(), "your".to_string())
            } else {
                (format!("{side} is"), format!("{side}'s"))
            };
            let end = if position.must_pass() {
                "No move ends that: pass."
            } else if you {
                "Your move must end that."
            } else {
                "The move must end that."
            };
            let words = format!("{who} in check: {}. {end}", isolated_words(&owner, checked));
            ui.add(egui::Label::new(widgets::strong(words, widgets::BODY).color(ui::WARNING)).wrap());
        } else if position.must_pass() {
            let words = if you {
                "You have no legal move: pass.".to_string()
            } else {
                format!("{side} has no legal move and must pass.")
            };
            ui.add(egui::Label::new(widgets::strong(words, widgets::BODY).color(ui::WARNING)).wrap());
        }
        let about_piece = person.then(|| piece_words(game, turn));
        if let Some(words) = &about_piece {
            // As tall as the longest of these words, so Pass, Undo and Hint
            // below stay in place while the pointer crosses the board.
            let tallest = egui::WidgetText::from(widgets::text(PICK_UP, widgets::BODY))
                .into_galley(
                    ui,
                    Some(egui::TextWrapMode::Wrap),
                    ui.available_width(),
                    egui::TextStyle::Body,
                )
                .size()
                .y;
            ui.vertical(|ui| {
                ui.set_min_height(tallest);
                ui.add(egui::Label::new(widgets::text(words, widgets::BODY)).wrap());
            });
        } else {
            widgets::thinking_line(ui, turn.thinking.busy());
        }
        if person {
            ui.add_space(2.0);
            buttons(ui, game, controls, still);
        }
        if let Some(hint) = controls.hint.for_game(&game.game) {
            let mut words = format!("Hint: {}", hint.best);
            match hint.score {
                Score::Win(plies) => words.push_str(&format!(" · wins within {plies} moves")),
                Score::Loss(_) => words.push_str(" · holds out longest"),
                Score::Value(_) => {}
            }
            ui.label(widgets::strong(words, widgets::BODY).color(ui::HINT));
        }
        // A refused piece's reason is already said about the piece.
        if let Some((reason, _)) = turn.refusal.0.as_ref().filter(|(r, _)| about_piece.as_ref() != Some(r)) {
            ui.add(egui::Label::new(widgets::text(reason, widgets::SMALL + 1.0).color(ui::WARNING)).wrap());
        }
        if person {
            prompts(ui, &turn.device);
        }
    });
}

/// What to do when no piece is picked up or pointed at: the longest of
/// [`piece_words`].
const PICK_UP: &str = "Pick up a piece and put it on a marked square. A dimmed piece may not move: point at it, or put the cursor on it, to read why.";

/// What the piece picked up, under the cursor or under the pointer may do.
fn piece_words(game: &CarrenoMatch, turn: &TurnData) -> String {
    let position = game.game.position();
    if let Some(square) = turn.pointing.selection.picked {
        let count = game.game.piece_moves(square).map_or(0, |s| s.len());
        let squares = if count == 1 { "square" } else { "squares" };
        return format!("The piece on {square} may go to {count} marked {squares}: choose one, or put it back.");
    }
    match turn.inspected() {
        Some(square) if position.board().side_at(square) == Some(position.to_move()) => {
            match game.game.piece_moves(square) {
                Ok(moves) => format!("The piece on {square} may move to {} squares.", moves.len()),
                Err(error) => sentence(&error.to_string()),
            }
        }
        _ => PICK_UP.to_string(),
    }
}

/// Pass (only when it is the only legal move), Undo and Hint.
fn buttons(ui: &mut egui::Ui, game: &CarrenoMatch, controls: &mut TurnControls, still: bool) {
    let small = |w: f32| widgets::ButtonLook::new(w, 34.0).text_size(16.0);
    ui.horizontal(|ui| {
        let must_pass = game.game.position().must_pass();
        let pass = small(76.0).main(must_pass).enabled(still && must_pass);
        if widgets::button(ui, "Pass", pass).clicked() {
            controls.intents.write(Intent(Move::Pass));
        }
        let undo = game.undo_allowed() && still;
        if widgets::button(ui, "Undo", small(76.0).enabled(undo)).clicked() {
            controls.commands.write(CarrenoCommand::Undo);
        }
        let hint_ready = !controls.hint.working() && controls.hint.for_game(&game.game).is_none();
        if widgets::button(ui, "Hint", small(70.0).enabled(hint_ready)).clicked() {
            controls.hint.wanted = true;
        }
        if controls.hint.working() {
            widgets::working(ui, ui::MUTED);
        }
    });
}

/// The keys or buttons of the device used last, a few to a line.
fn prompts(ui: &mut egui::Ui, device: &LastDevice) {
    let lines: &[&[(&str, &str)]] = match device {
        LastDevice::Gamepad => &[
            &[("D-pad", "Move"), ("A", "Pick up, put down")],
            &[("B", "Put back"), ("Y", "Pass"), ("X", "Hint")],
            &[("Select", "Undo"), ("Start", "Menu")],
        ],
        LastDevice::Keyboard => &[
            &[("Arrows", "Move"), ("Esc", "Menu")],
            &[("Enter", "Pick up, put down")],
            &[("P", "Pass"), ("U", "Undo"), ("H", "Hint")],
        ],
        LastDevice::Mouse => &[
            &[("Click", "Pick up, put down"), ("Drag", "Move")],
            &[("U", "Undo"), ("H", "Hint"), ("Esc", "Menu")],
        ],
    };
    for line in lines {
        widgets::prompts(ui, line);
    }
}
