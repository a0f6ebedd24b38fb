//! Moving between Carreno's screens and games: what the title, the setup,
//! the result screen and the keys ask for.

use bevy::prelude::*;

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
