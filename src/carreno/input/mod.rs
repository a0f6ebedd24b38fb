//! The board's input in Carreno's game: the mouse and the keyboard and
//! gamepad cursor become [`CarrenoIntent`]s. Picking a piece up and putting
//! it down are not moves, so they change only [`Selection`]; picking up a
//! piece the rules say may not move is refused with their reason.
//!
//! - Mouse: click a piece then its destination, or drag it there. Clicking
//!   the picked-up piece again, or off the board, puts it back.
//! - Keyboard and gamepad: the directions move a cursor ring, Enter or A
//!   picks up or puts down, Esc or B puts a picked-up piece back (else opens
//!   the pause menu), P or Y passes, U or Select takes back, H or X asks for
//!   a hint, Start opens the pause menu.
//!
//! The board takes input only while a person is to move, no dialog is open
//! and nothing moves. The keys are read in [`cursor`], the mouse in
//! [`pointer`]; what acting on a square asks for is decided here.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use carreno_rules::{Game, Move, Side, Square};

use super::InCarreno;
use super::game::{Attempt, CarrenoIntent, CarrenoMatch, CarrenoRefused, CarrenoUndone};
use crate::AppSet;
use crate::animation::Tween;
use crate::input::Pickup;
use crate::screens::{Overlays, Screen};

mod cursor;
mod pointer;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .init_resource::<Selection>()
        .init_resource::<BoardCursor>()
        .add_systems(OnEnter(Screen::Carreno), reset)
        .add_systems(
            Update,
            (
                cursor::keys.after(crate::navigation::ReadDevices),
                pointer::hide_cursor_on_move,
                pointer::mouse_input.run_if(board_takes_input),
                forget_selection,
            )
                .chain()
                .in_set(AppSet::Input),
        )
        .add_systems(
            Update,
            pointer::follow_pointer
                .run_if(in_state(InCarreno))
                .after(AppSet::Sync)
                .before(AppSet::Animate),
        );
}

/// The square under the mouse pointer (set by the squares' picking observers).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Hovered(pub Option<Square>);

/// What a person holds and points at on the board, for what the board
/// and the turn card show.
#[derive(SystemParam)]
pub struct Pointing<'w> {
    /// The picked-up piece.
    pub selection: Res<'w, Selection>,
    /// The square under the mouse pointer.
    pub hovered: Res<'w, Hovered>,
    /// The keyboard and gamepad cursor.
    pub cursor: Res<'w, BoardCursor>,
}

/// The piece picked up, and how.
pub type Selection = Pickup<Square>;

/// The keyboard and gamepad cursor.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardCursor {
    /// The square it is on.
    pub square: Square,
    /// Shown after a key or button was used, hidden when the mouse moves.
    pub visible: bool,
}

impl Default for BoardCursor {
    fn default() -> Self {
        BoardCursor {
            square: Square::new(2, 0).unwrap_or(Square::A1),
            visible: false,
        }
    }
}

impl BoardCursor {
    /// Moves the cursor by columns and rows (up is towards row 5), staying on the board.
    pub fn step(&mut self, files: i32, ranks: i32) {
        let file = (self.square.file() as i32 + files).clamp(0, 4) as usize;
        let rank = (self.square.rank() as i32 + ranks).clamp(0, 4) as usize;
        if let Some(square) = Square::new(file, rank) {
            self.square = square;
        }
        self.visible = true;
    }
}

/// Whether the board takes a person's input now: a person is to move, no
/// dialog is open and nothing moves.
#[derive(SystemParam)]
pub struct BoardInput<'w, 's> {
    game: Option<Res<'w, CarrenoMatch>>,
    screen: Res<'w, State<Screen>>,
    overlays: Res<'w, Overlays>,
    tweens: Query<'w, 's, &'static Tween>,
}

impl BoardInput<'_, '_> {
    /// The game, when the board takes input.
    pub fn ready(&self) -> Option<&CarrenoMatch> {
        let game = self.game.as_deref()?;
        let ready = *self.screen.get() == Screen::Carreno
            && game.person_to_move()
            && self.overlays.is_empty()
            && !crate::animation::blocks_input(&self.tweens);
        ready.then_some(game)
    }
}

/// Run condition: the board takes a person's input now.
pub fn board_takes_input(input: BoardInput) -> bool {
    input.ready().is_some()
}

/// What acting on a square asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A move, for the rules to judge.
    Intent(Move),
    /// A piece that may not be picked up, with the rules' reason.
    Refused(CarrenoRefused),
}

/// What acting on `square` (a click, Enter, the A button) asks for, given
/// the piece picked up: a piece is picked up when the rules give it moves,
/// else refused with their reason; with a piece picked up, any other
/// square is a move for the rules to judge.
pub fn activate(game: &Game, selection: &mut Selection, square: Square) -> Option<Outcome> {
    let mover = game.to_move();
    let owner = game.position().board().side_at(square);
    match (selection.picked, owner) {
        (Some(from), _) if from == square => {
            selection.picked = None;
            None
        }
        (Some(_), Some(side)) if side == mover => pick_up(game, selection, square),
        (Some(from), _) => {
            selection.picked = None;
            Some(Outcome::Intent(Move::slide(from, square)))
        }
        (None, Some(_)) => pick_up(game, selection, square),
        (None, None) => None,
    }
}

/// Picks up the piece on `square` if the rules give it moves, else says why not.
fn pick_up(game: &Game, selection: &mut Selection, square: Square) -> Option<Outcome> {
    match game.piece_moves(square) {
        Ok(_) => {
            selection.picked = Some(square);
            None
        }
        Err(error) => {
            selection.picked = None;
            Some(Outcome::Refused(CarrenoRefused {
                attempt: Attempt::PickUp(square),
                error,
            }))
        }
    }
}

/// Where acting sends what it asks for.
#[derive(SystemParam)]
pub struct Act<'w> {
    intents: MessageWriter<'w, CarrenoIntent>,
    refused: MessageWriter<'w, CarrenoRefused>,
}

impl Act<'_> {
    pub(super) fn send(&mut self, outcome: Option<Outcome>) {
        match outcome {
            Some(Outcome::Intent(mv)) => {
                self.intents.write(CarrenoIntent(mv));
            }
            Some(Outcome::Refused(refusal)) => {
                self.refused.write(refusal);
            }
            None => {}
        }
    }
}

/// A new game: nothing picked up, the cursor on the first person's back row.
fn reset(
    mut selection: ResMut<Selection>,
    mut hovered: ResMut<Hovered>,
    mut cursor: ResMut<BoardCursor>,
    game: Option<Res<CarrenoMatch>>,
) {
    *selection = Selection::default();
    hovered.0 = None;
    let side = game
        .and_then(|g| Side::ALL.into_iter().rev().find(|&s| g.seat(s) == super::Seat::Person))
        .unwrap_or(Side::O);
    let rank = if side == Side::O { 0 } else { 4 };
    cursor.square = Square::new(2, rank).unwrap_or(Square::A1);
    cursor.visible = false;
}

/// A selection the game no longer allows (a move taken back, the turn passed
/// to the computer) is put down.
fn forget_selection(
    game: Option<Res<CarrenoMatch>>,
    mut undone: MessageReader<CarrenoUndone>,
    mut selection: ResMut<Selection>,
) {
    let stale = match &game {
        Some(game) => !game.person_to_move() || undone.read().count() > 0,
        None => true,
    };
    if stale && *selection != Selection::default() {
        *selection = Selection::default();
    }
}
