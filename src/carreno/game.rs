//! The game of Carreno's Entropy in play: intents in, the rules' events
//! out (the game itself, [`CarrenoMatch`], is in [`super::table`]), and
//! the commands that move between games and screens.

use bevy::prelude::*;

use crate::app::redraw::Redraw;
use carreno_rules::{GameResult, Move, MoveError, Side, Square};

pub use super::commands::CarrenoCommand;
use super::setup::CarrenoSetup;
pub use super::table::{CarrenoMatch, Seat, computer_name};
use crate::app::AppSet;
use crate::app::players::PlayerNames;
use crate::carreno::CarrenoScreen;
use crate::carreno::NextScreen;
use crate::table::turn::{self, TurnGame};
pub use crate::table::turn::{Applied, Change, Intent, Refused, Undone};
use crate::ui::animation::motion_blocks_input;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(turn::plugin::<Carreno>)
        .add_message::<CarrenoCommand>()
        .add_systems(
            Update,
            (
                handle_commands,
                turn::apply_changes::<Carreno>,
                show_result.run_if(in_state(CarrenoScreen::Playing).and_then(not(motion_blocks_input))),
            )
                .chain()
                .in_set(AppSet::Turn),
        );
}

/// Carreno's game in the table's turn pipeline: `Intent<Carreno>`,
/// `Applied<Carreno>` and the rest carry its moves and what they did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Carreno;

/// Carreno's game has no changes of its own besides moves and taking back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoChange {}

impl TurnGame for Carreno {
    type Match = CarrenoMatch;
    type Screen = CarrenoScreen;
    type Action = Move;
    type Event = Played;
    type Attempt = Attempt;
    type Error = MoveError;
    type Change = NoChange;
    type Context = ();

    fn takes_moves(screen: &CarrenoScreen) -> bool {
        *screen == CarrenoScreen::Playing
    }

    fn apply(game: &mut CarrenoMatch, mv: Move, _: &()) -> Result<Played, MoveError> {
        let side = game.game.to_move();
        game.game.play(mv).map(|result| Played { mv, side, result })
    }

    fn take_back(game: &mut CarrenoMatch) -> Option<Move> {
        game.game.undo()
    }

    fn person_may_take_back(game: &CarrenoMatch) -> bool {
        game.undo_allowed()
    }

    fn person_moves_next(game: &CarrenoMatch) -> bool {
        game.seat(game.game.to_move()).is_person()
    }

    fn change(_: &mut CarrenoMatch, change: NoChange) -> Option<CarrenoScreen> {
        match change {}
    }
}

/// A move the rules accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
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

impl From<Move> for Attempt {
    fn from(mv: Move) -> Attempt {
        Attempt::Move(mv)
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

/// What the commands change.
#[derive(bevy::ecs::system::SystemParam)]
struct Flow<'w> {
    setup: Res<'w, CarrenoSetup>,
    names: Res<'w, PlayerNames>,
    game: Option<ResMut<'w, CarrenoMatch>>,
    changes: MessageWriter<'w, Change<Carreno>>,
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
            CarrenoCommand::Undo => {
                flow.changes.write(Change::TakeBackForPerson);
            }
            CarrenoCommand::ToTitle => {
                cmd.remove_resource::<CarrenoMatch>();
                flow.next.title();
            }
        }
    }
}

/// How long the finished board stays on the playing screen before the result shows.
const RESULT_DELAY: f32 = 0.4;

/// Once the game is over and the last move has come to rest, the result screen.
fn show_result(
    game: Option<Res<CarrenoMatch>>,
    time: Res<Time>,
    mut waited: Local<f32>,
    mut next: NextScreen,
    mut redraw: ResMut<Redraw>,
) {
    if !game.is_some_and(|g| g.game.is_over()) {
        *waited = 0.0;
        return;
    }
    redraw.now();
    *waited += time.delta_secs();
    if *waited >= RESULT_DELAY {
        *waited = 0.0;
        next.set(CarrenoScreen::Over);
    }
}
