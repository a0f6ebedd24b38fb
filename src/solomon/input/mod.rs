//! The board's input: the mouse ([`pointer`](mod@pointer)) and the keyboard and gamepad
//! cursor ([`cursor`]) become [`Intent`]s. Picking a counter up and putting
//! it down are not moves, so they change only [`Held`] (a [`Pickup`], the
//! picked-up piece of either game's board, in [`crate::table::input::pickup`]).
//!
//! - Mouse: Chaos clicks an empty cell (hovering shows the counter there as
//!   a ghost). Order drags a counter to its destination, or clicks it and
//!   then the destination; while a counter is picked up its legal
//!   destinations are marked. An illegal drop is refused by the rules and
//!   the counter returns.
//! - Keyboard and gamepad: the directions move a cursor, Enter or A acts on
//!   its cell, Esc or B puts a picked-up counter back.
//!
//! The board takes input only while a person is to move, no dialog is open
//! and no motion is running.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use entropy_rules::{Action, Cell, Phase, Position, Size, Slide};

use crate::app::AppSet;
use crate::solomon::game::{Change, CurrentMatch, Intent, MatchChange, Solomon};
use crate::solomon::screen::SolomonScreen;

pub mod cursor;
pub mod pointer;

use crate::table::input::{BoardGame, CursorSquare, Pickup, board_cursor, board_input};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .init_resource::<Held>()
        .init_resource::<BoardCursor>()
        .add_plugins((pointer::plugin, cursor::plugin))
        .add_systems(Update, put_down.after(AppSet::Turn).before(AppSet::Sync))
        .add_systems(Update, touch.after(AppSet::Input).before(AppSet::Turn))
        .add_systems(OnEnter(SolomonScreen::Playing), reset_cursor);
}

/// Whether the board takes a person's input now.
pub type BoardInput<'w, 's> = board_input::BoardInput<'w, 's, CurrentMatch>;

impl BoardGame for CurrentMatch {
    type Screen = SolomonScreen;
    const SCREEN: SolomonScreen = SolomonScreen::Playing;
    fn person_to_move(&self) -> bool {
        CurrentMatch::person_to_move(self)
    }
}

/// What a person holds and points at on the board, for what the board shows.
#[derive(SystemParam)]
pub struct Pointing<'w> {
    /// The picked-up counter.
    pub held: Res<'w, Held>,
    /// The cell under the mouse pointer.
    pub hovered: Res<'w, Hovered>,
    /// The keyboard and gamepad cursor.
    pub cursor: Res<'w, BoardCursor>,
}

/// The cell under the mouse pointer (set by the cells' picking observers).
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Hovered(pub Option<Cell>);

/// The counter Order has picked up, and how.
pub type Held = Pickup<Cell>;

/// The keyboard and gamepad cursor on the board's cells.
pub type BoardCursor = board_cursor::BoardCursor<Cell>;

impl CursorSquare for Cell {
    fn home() -> Cell {
        Size::default().centre()
    }

    fn step(self, n: usize, right: i32, up: i32) -> Option<Cell> {
        let last = n as i32 - 1;
        let row = (self.row() as i32 - up).clamp(0, last);
        let col = (self.col() as i32 + right).clamp(0, last);
        Cell::new(row as usize, col as usize)
    }
}

/// What acting on `cell` (a click, Enter, the A button) asks for, given the
/// picked-up counter.
pub fn activate(position: &Position, held: &mut Held, cell: Cell) -> Option<Intent<Solomon>> {
    match position.phase() {
        Phase::ChaosPlace(_) => Some(Intent(Action::Place(cell))),
        Phase::OrderMove => match held.picked {
            Some(from) if from == cell => {
                held.picked = None;
                None
            }
            Some(from) if position.board().get(cell).is_none() => {
                held.picked = None;
                Some(Intent(Action::Slide(Slide::new(from, cell))))
            }
            _ if position.board().get(cell).is_some() => {
                held.picked = Some(cell);
                None
            }
            _ => {
                held.picked = None;
                None
            }
        },
        _ => None,
    }
}

/// A counter picked up is put down when Order's turn ends (or the match is
/// left).
fn put_down(game: Option<Res<CurrentMatch>>, mut held: ResMut<Held>, mut was_orders: Local<bool>) {
    let orders = game.is_some_and(|g| g.round().phase() == Phase::OrderMove);
    if *was_orders && !orders {
        *held = Held::default();
    }
    *was_orders = orders;
}

/// Under touch move, a counter picked up by any device is touched: the
/// rules then hold Order to moving it.
fn touch(held: Res<Held>, game: Option<Res<CurrentMatch>>, mut changes: MessageWriter<Change<Solomon>>) {
    if !held.is_changed() || !game.is_some_and(|g| g.tournament && g.touched.is_none()) {
        return;
    }
    if let Some(cell) = held.picked {
        changes.write(Change::Game(MatchChange::Touch(cell)));
    }
}

fn reset_cursor(
    mut cursor: ResMut<BoardCursor>,
    mut held: ResMut<Held>,
    mut hovered: ResMut<Hovered>,
    game: Option<Res<CurrentMatch>>,
) {
    *held = Held::default();
    hovered.0 = None;
    cursor.at = game.map_or(Size::default(), |g| g.round().size()).centre();
    cursor.visible = false;
}
