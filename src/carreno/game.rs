//! The game of Carreno's Entropy on the table: the rules crate's [`Game`]
//! in a resource (the only source of truth) with who sits at each side,
//! intents in, rule events out, and the commands that move between games
//! and screens.

use bevy::prelude::*;
use carreno_ai::Level;
use carreno_rules::{Game, GameResult, Move, MoveError, Side, Square};

use super::setup::{CarrenoOpponent, CarrenoSetup};
use crate::AppSet;
use crate::animation::motion_blocks_input;
use crate::match_setup::MatchSetup;
use crate::screens::Screen;

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
                apply_intents.run_if(in_state(Screen::Carreno)),
                show_result.run_if(in_state(Screen::Carreno).and_then(not(motion_blocks_input))),
            )
                .chain()
                .in_set(AppSet::Turn),
        );
}

/// Who sits at a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Seat {
    /// A person at this screen.
    Person,
    /// The computer, at a level.
    Computer(Level),
}

/// The game on the table: the rules' [`Game`], the only source of truth,
/// with the seat and the name of each side.
#[derive(Resource, Debug, Clone)]
pub struct CarrenoMatch {
    /// The game.
    pub game: Game,
    /// Who plays each side, by [`Side::index`].
    pub seats: [Seat; 2],
    /// Each side's player's name, by [`Side::index`].
    pub names: [String; 2],
}

impl CarrenoMatch {
    /// A new game for `setup`, the first player taking `first`; `typed` are
    /// the names typed in the setup of Solomon's game, used when not blank.
    pub fn new(setup: &CarrenoSetup, typed: &[String; 2], first: Side) -> CarrenoMatch {
        let typed_or = |i: usize, default: &str| {
            let name = typed[i].trim();
            if name.is_empty() {
                default.to_string()
            } else {
                name.to_string()
            }
        };
        let (other_seat, one, two) = match setup.opponent {
            CarrenoOpponent::Person => (Seat::Person, typed_or(0, "Player 1"), typed_or(1, "Player 2")),
            CarrenoOpponent::Computer(level) => (Seat::Computer(level), typed_or(0, "You"), computer_name(level)),
        };
        let mut seats = [other_seat; 2];
        seats[first.index()] = Seat::Person;
        let mut names = [two.clone(), two];
        names[first.index()] = one;
        CarrenoMatch::with_seats(Game::new(), seats, names)
    }

    /// A game from `game` with these seats and names, by [`Side::index`].
    pub fn with_seats(game: Game, seats: [Seat; 2], names: [String; 2]) -> CarrenoMatch {
        CarrenoMatch { game, seats, names }
    }

    /// The same players again from the start, each at the other side.
    pub fn rematch(&self) -> CarrenoMatch {
        let [s, o] = self.seats;
        let [ns, no] = self.names.clone();
        CarrenoMatch::with_seats(Game::new(), [o, s], [no, ns])
    }

    /// Who plays `side`.
    pub fn seat(&self, side: Side) -> Seat {
        self.seats[side.index()]
    }

    /// The name of `side`'s player: "You", "Player 1", "Computer (Hard)" or a typed name.
    pub fn name(&self, side: Side) -> &str {
        &self.names[side.index()]
    }

    /// Whether a person must move now (the game goes on and it is their turn).
    pub fn person_to_move(&self) -> bool {
        !self.game.is_over() && self.seat(self.game.to_move()) == Seat::Person
    }

    /// Whether a person plays against the computer.
    pub fn against_computer(&self) -> bool {
        self.seats.contains(&Seat::Person) && self.seats.iter().any(|s| matches!(s, Seat::Computer(_)))
    }

    /// The side that made move `index` of the game.
    pub fn mover_of(&self, index: usize) -> Side {
        let first = self.game.start().to_move();
        if index.is_multiple_of(2) { first } else { first.other() }
    }

    /// Whether a person may take a move back now: the game goes on and a
    /// person has made a move.
    pub fn undo_allowed(&self) -> bool {
        !self.game.is_over() && (0..self.game.moves().len()).any(|i| self.seat(self.mover_of(i)) == Seat::Person)
    }

    /// Takes back moves until a person's move is taken back: one move at a
    /// shared screen, a person's move with the computer's reply against the
    /// computer. Returns what was taken back, in order.
    pub fn undo_for_person(&mut self) -> Vec<Move> {
        let mut undone = Vec::new();
        if !self.undo_allowed() {
            return undone;
        }
        while let Some(mv) = self.game.undo() {
            undone.push(mv);
            if self.seat(self.game.to_move()) == Seat::Person {
                break;
            }
        }
        undone
    }
}

/// The computer's name at `level`: "Computer (Hard)".
pub fn computer_name(level: Level) -> String {
    format!("Computer ({})", super::setup::capitalised(level.name()))
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
    names: Res<'w, MatchSetup>,
    game: Option<ResMut<'w, CarrenoMatch>>,
    undone: MessageWriter<'w, CarrenoUndone>,
    next: ResMut<'w, NextState<Screen>>,
}

fn handle_commands(mut commands: MessageReader<CarrenoCommand>, mut flow: Flow, mut cmd: Commands) {
    for command in commands.read() {
        match command {
            CarrenoCommand::OpenSetup => {
                cmd.remove_resource::<CarrenoMatch>();
                flow.next.set(Screen::CarrenoSetup);
            }
            CarrenoCommand::Start => {
                let first = flow.setup.first_side(rand::random());
                cmd.insert_resource(CarrenoMatch::new(&flow.setup, &flow.names.names, first));
                flow.next.set(Screen::Carreno);
            }
            CarrenoCommand::Rematch => {
                if let Some(game) = &flow.game {
                    cmd.insert_resource(game.rematch());
                    flow.next.set(Screen::Carreno);
                }
            }
            CarrenoCommand::Undo => {
                if let Some(game) = flow.game.as_mut() {
                    for mv in game.undo_for_person() {
                        flow.undone.write(CarrenoUndone(mv));
                    }
                }
            }
            CarrenoCommand::ToTitle => {
                cmd.remove_resource::<CarrenoMatch>();
                flow.next.set(Screen::Title);
            }
        }
    }
}

/// The one system that changes the game.
fn apply_intents(
    mut intents: MessageReader<CarrenoIntent>,
    game: Option<ResMut<CarrenoMatch>>,
    mut applied: MessageWriter<CarrenoApplied>,
    mut refused: MessageWriter<CarrenoRefused>,
) {
    let Some(mut game) = game else {
        intents.clear();
        return;
    };
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
fn show_result(
    game: Option<Res<CarrenoMatch>>,
    time: Res<Time>,
    mut waited: Local<f32>,
    mut next: ResMut<NextState<Screen>>,
) {
    if !game.is_some_and(|g| g.game.is_over()) {
        *waited = 0.0;
        return;
    }
    *waited += time.delta_secs();
    if *waited >= RESULT_DELAY {
        *waited = 0.0;
        next.set(Screen::CarrenoOver);
    }
}
