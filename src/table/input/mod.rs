//! The board input both games share: the mouse or a finger ([`Hand`]), a
//! piece picked up, pressed, dragged and released ([`Pickup`]), the keys'
//! and pad's cursor ([`board_cursor`])
//! and whether a board takes a person's input now ([`board_input`]), each
//! generic over the game's squares or match.

pub mod board_cursor;
pub mod board_input;
pub mod hand;
pub mod pickup;

pub use board_cursor::CursorSquare;
pub use board_input::{BoardGame, board_takes_input};
pub use hand::Hand;
pub use pickup::Pickup;
