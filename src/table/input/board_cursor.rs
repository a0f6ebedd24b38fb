//! The keyboard and gamepad cursor of either game's board
//! ([`BoardCursor`]): the square it is on, and whether it shows (after a key
//! or button; the mouse moving hides it). Each game says where it starts
//! and how its squares step ([`CursorSquare`]).

use bevy::prelude::*;

/// A board's square the cursor can stand on.
pub trait CursorSquare: Copy + Send + Sync + 'static {
    /// Where the cursor starts.
    fn home() -> Self;
    /// The square `right` columns and `up` rows away, held on a board of
    /// `n` × `n` squares.
    fn step(self, n: usize, right: i32, up: i32) -> Option<Self>;
}

/// The keyboard and gamepad cursor on a board of squares `T`.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardCursor<T> {
    /// The square it is on.
    pub at: T,
    /// Shown after a key or button was used, hidden when the mouse moves.
    pub visible: bool,
}

impl<T: CursorSquare> Default for BoardCursor<T> {
    fn default() -> Self {
        BoardCursor {
            at: T::home(),
            visible: false,
        }
    }
}

impl<T: CursorSquare> BoardCursor<T> {
    /// Moves the cursor `right` columns and `up` rows, staying on a board
    /// of `n` × `n`, and shows it.
    pub fn step(&mut self, n: usize, right: i32, up: i32) {
        if let Some(square) = self.at.step(n, right, up) {
            self.at = square;
        }
        self.visible = true;
    }
}

/// Hides the cursor when the mouse moves or a finger touches.
pub fn hide_on_mouse_move<T: CursorSquare>(
    mut moved: MessageReader<CursorMoved>,
    mut touches: MessageReader<bevy::input::touch::TouchInput>,
    mut cursor: ResMut<BoardCursor<T>>,
) {
    if (moved.read().count() > 0 || touches.read().count() > 0) && cursor.visible {
        cursor.visible = false;
    }
}
