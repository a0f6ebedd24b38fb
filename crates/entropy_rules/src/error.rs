use std::fmt;

use crate::{Cell, Colour, Phase, Size};

/// Why an action was refused. A refused action changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveError {
    /// The cell is not on a board of this size.
    OffBoard(Cell),
    /// Chaos tried to place on a cell that holds a counter.
    Occupied(Cell),
    /// Order tried to slide from a cell with no counter on it.
    NoCounter(Cell),
    /// A slide must go along a row or a column.
    NotStraight {
        /// Where the slide starts.
        from: Cell,
        /// Where it was meant to end.
        to: Cell,
    },
    /// A slide must move the counter (to stay put, pass).
    ZeroLength(Cell),
    /// A counter stands on the path of the slide (or on its end cell).
    Blocked {
        /// The first occupied cell on the way.
        at: Cell,
    },
    /// The colour does not exist on this board size.
    NoSuchColour(Colour, Size),
    /// Every counter of that colour has been drawn already.
    ColourNotInBag(Colour),
    /// It is not the moment for that action.
    WrongPhase {
        /// What was attempted.
        attempted: &'static str,
        /// What the round is waiting for.
        phase: Phase,
    },
    /// The board is full: the round is over.
    RoundOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveError::OffBoard(cell) => write!(f, "{cell} is off the board"),
            MoveError::Occupied(cell) => write!(f, "{cell} already holds a counter"),
            MoveError::NoCounter(cell) => write!(f, "there is no counter on {cell} to slide"),
            MoveError::NotStraight { from, to } => {
                write!(f, "{from} to {to} is not along a row or a column")
            }
            MoveError::ZeroLength(cell) => {
                write!(f, "a slide from {cell} must move at least one cell (or pass)")
            }
            MoveError::Blocked { at } => write!(f, "the counter on {at} is in the way"),
            MoveError::NoSuchColour(colour, size) => {
                write!(f, "colour {colour} does not exist on a {size} board")
            }
            MoveError::ColourNotInBag(colour) => {
                write!(f, "no {} counter ({colour}) is left in the bag", colour.name())
            }
            MoveError::WrongPhase { attempted, phase } => {
                write!(f, "cannot {attempted} now: {phase}")
            }
            MoveError::RoundOver => write!(f, "the round is over: the board is full"),
        }
    }
}

impl std::error::Error for MoveError {}

/// Why nothing could be taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UndoError {
    /// No placement or Order move has been made in this round.
    NothingToUndo,
    /// The match is decided (a player ran out of time or resigned).
    MatchDecided,
}

impl fmt::Display for UndoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UndoError::NothingToUndo => "there is no move of this round to take back",
            UndoError::MatchDecided => "the match is decided",
        })
    }
}

impl std::error::Error for UndoError {}
