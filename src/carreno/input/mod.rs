//! The board's input in Carreno's game: the mouse and the keyboard and
//! gamepad cursor become [`Intent<Carreno>`]s. Picking a piece up and putting
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
//! [`pointer`](mod@pointer); what acting on a square asks for is decided here.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use carreno_rules::{Game, Move, Side, Square};

use super::InCarreno;
use super::game::{Attempt, Carreno, CarrenoMatch, Intent, Refused, Undone};
use crate::app::AppSet;
use crate::carreno::CarrenoScreen;
use crate::table::input::{BoardGame, CursorSquare, Pickup, board_takes_input};

mod cursor;
mod pointer;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .init_resource::<Selection>()
        .init_resource::<BoardCursor>()
        .add_systems(OnEnter(CarrenoScreen::Playing), reset)
        .add_systems(
            Update,
            (
                cursor::keys.after(crate::ui::navigation::ReadDevices),
                crate::table::input::board_cursor::hide_on_mouse_move::<Square>,
                pointer::mouse_input.run_if(board_takes_input::<CarrenoMatch>),
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

/// The keyboard and gamepad cursor on Carreno's squares.
pub type BoardCursor = crate::table::input::board_cursor::BoardCursor<Square>;

impl CursorSquare for Square {
    fn home() -> Square {
        Square::new(2, 0).unwrap_or(Square::A1)
    }

    fn step(self, n: usize, right: i32, up: i32) -> Option<Square> {
        let last = n as i32 - 1;
        let file = (self.file() as i32 + right).clamp(0, last);
        let rank = (self.rank() as i32 + up).clamp(0, last);
        Square::new(file as usize, rank as usize)
    }
}

/// Whether Carreno's board takes a person's input now.
pub type BoardInput<'w, 's> = crate::table::input::board_input::BoardInput<'w, 's, CarrenoMatch>;

impl BoardGame for CarrenoMatch {
    type Screen = CarrenoScreen;
    const SCREEN: CarrenoScreen = CarrenoScreen::Playing;
    fn person_to_move(&self) -> bool {
        CarrenoMatch::person_to_move(self)
    }
}

/// What acting on a square asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// A move, for the rules to judge.
    Intent(Move),
    /// A piece that may not be picked up, with the rules' reason.
    Refused(Refused<Carreno>),
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
            Some(Outcome::Refused(Refused {
                attempt: Attempt::PickUp(square),
                error,
            }))
        }
    }
}

/// Where acting sends what it asks for.
#[derive(SystemParam)]
pub struct Act<'w> {
    intents: MessageWriter<'w, Intent<Carreno>>,
    refused: MessageWriter<'w, Refused<Carreno>>,
}

impl Act<'_> {
    pub(super) fn send(&mut self, outcome: Option<Outcome>) {
        match outcome {
            Some(Outcome::Intent(mv)) => {
                self.intents.write(Intent(mv));
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
    cursor.at = Square::new(2, rank).unwrap_or(Square::A1);
    cursor.visible = false;
}

/// A selection the game no longer allows (a move taken back, the turn passed
/// to the computer) is put down.
fn forget_selection(
    game: Option<Res<CarrenoMatch>>,
    mut undone: MessageReader<Undone<Carreno>>,
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
