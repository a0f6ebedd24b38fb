//! The game of Carreno's Entropy in play: intents in, the rules' events
//! out (the game itself, [`CarrenoMatch`], is in [`super::table`]), and
//! the commands that move between games and screens.

use bevy::prelude::*;
use carreno_rules::{GameResult, Move, MoveError, Side, Square};

use super::setup::CarrenoSetup;
pub use super::table::{CarrenoMatch, Seat, computer_name};
use crate::app::AppSet;
use crate::app::players::PlayerNames;
use crate::carreno::CarrenoScreen;
use crate::carreno::NextScreen;
use crate::ui::animation::motion_blocks_input;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<CarrenoIntent>()
        .add_message::<CarrenoApplied>()
        .add_message::<CarrenoRefused>()
        .add_message::<CarrenoUndone>()
        .add_message::<CarrenoCommand>()
        .add_systems(
            Update,
            (
                handle_commands,
                apply_changes.run_if(in_state(CarrenoScreen::Playing)),
                show_result.run_if(in_state(CarrenoScreen::Playing).and_then(not(motion_blocks_input))),
            )
                .chain()
                .in_set(AppSet::Turn),
        );
}

/// A move a player asks for. Mouse, keyboard, gamepad and computer players
/// all send these; the rules decide.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CarrenoIntent(pub Move);

/// A move the rules accepted.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CarrenoApplied {
    /// The move.
    pub mv: Move,
    /// The side that made it.
    pub side: Side,
    /// How the game ended, if this move ended it.
    pub result: Option<GameResult>,
}

/// What a refusal was about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempt {
    /// A move the rules refused.
    Move(Move),
    /// Picking up a piece the rules say may not move (or is not the mover's).
    PickUp(Square),
}

impl Attempt {
    /// The piece the attempt concerns, if any.
    pub fn piece(self) -> Option<Square> {
        match self {
            Attempt::Move(mv) => mv.from(),
            Attempt::PickUp(square) => Some(square),
        }
    }
}

/// Something the rules refused, with their reason. Nothing changed.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CarrenoRefused {
    /// What was tried.
    pub attempt: Attempt,
    /// Why the rules refused it.
    pub error: MoveError,
}

impl CarrenoRefused {
    /// The rules' reason as a sentence: capital first letter, full stop.
    pub fn sentence(&self) -> String {
        sentence(&self.error.to_string())
    }
}

/// `text` (a reason from the rules) as a sentence.
pub fn sentence(text: &str) -> String {
    let mut sentence = super::setup::capitalised(text);
    if !sentence.ends_with('.') {
        sentence.push('.');
    }
    sentence
}

/// A move taken back: the game is as it was just before it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CarrenoUndone(pub Move);

/// Moving between Carreno's screens and games.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CarrenoCommand {
    /// To the setup screen (a game on the table is left).
    OpenSetup,
    /// Start a game with the setup.
    Start,
    /// The same players again, each at the other side.
    Rematch,
    /// Take back the last move of a person (with the computer's reply).
    Undo,
    /// Back to the title (a game on the table is left).
    ToTitle,
}

/// What the commands change.
#[derive(bevy::ecs::system::SystemParam)]
struct Flow<'w> {
    setup: Res<'w, CarrenoSetup>,
    names: Res<'w, PlayerNames>,
    game: Option<ResMut<'w, CarrenoMatch>>,
    next: NextScreen<'w>,
}

fn handle_commands(mut commands: MessageReader<CarrenoCommand>, mut flow: Flow, mut cmd: Commands) {
    for command in commands.read() {
        match command {
            CarrenoCommand::OpenSetup => {
                cmd.remove_resource::<CarrenoMatch>();
                flow.next.set(CarrenoScreen::Setup);
            }
            CarrenoCommand::Start => {
                let first = flow.setup.first_side(rand::random());
                cmd.insert_resource(CarrenoMatch::new(&flow.setup, &flow.names.0, first));
                flow.next.set(CarrenoScreen::Playing);
            }
            CarrenoCommand::Rematch => {
                if let Some(game) = &flow.game {
                    cmd.insert_resource(game.rematch());
                    flow.next.set(CarrenoScreen::Playing);
                }
            }
            CarrenoCommand::Undo => {}
            CarrenoCommand::ToTitle => {
                cmd.remove_resource::<CarrenoMatch>();
                flow.next.title();
            }
        }
    }
}

/// The one system that changes the game: the moves asked for, and Undo
/// (back to a person's last move, with the computer's reply).
fn apply_changes(
    mut intents: MessageReader<CarrenoIntent>,
    mut commands: MessageReader<CarrenoCommand>,
    game: Option<ResMut<CarrenoMatch>>,
    mut applied: MessageWriter<CarrenoApplied>,
    mut refused: MessageWriter<CarrenoRefused>,
    mut undone: MessageWriter<CarrenoUndone>,
) {
    let Some(mut game) = game else {
        intents.clear();
        commands.clear();
        return;
    };
    if commands.read().any(|c| *c == CarrenoCommand::Undo) {
        for mv in game.undo_for_person() {
            undone.write(CarrenoUndone(mv));
        }
    }
    for &CarrenoIntent(mv) in intents.read() {
        let side = game.game.to_move();
        match game.game.play(mv) {
            Ok(result) => {
                applied.write(CarrenoApplied { mv, side, result });
            }
            Err(error) => {
                refused.write(CarrenoRefused {
                    attempt: Attempt::Move(mv),
                    error,
                });
            }
        }
    }
}

/// How long the finished board stays on the playing screen before the result shows.
const RESULT_DELAY: f32 = 0.4;

/// Once the game is over and the last move has come to rest, the result screen.
fn show_result(game: Option<Res<CarrenoMatch>>, time: Res<Time>, mut waited: Local<f32>, mut next: NextScreen) {
    if !game.is_some_and(|g| g.game.is_over()) {
        *waited = 0.0;
        return;
    }
    *waited += time.delta_secs();
    if *waited >= RESULT_DELAY {
        *waited = 0.0;
        next.set(CarrenoScreen::Over);
    }
}
