use std::fmt;

use crate::{Action, Cell, Colour, Phase, Role, Size};

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
    /// Under touch move, Order touched the counter on this cell, which can
    /// move: it must be the one moved (see [`crate::Touched`]).
    Touched(Cell),
    /// The side to act is out of time: the tournament rules play `forced`
    /// for it, and nothing else (see [`crate::Match::forced_action`]).
    OutOfTime {
        /// The side out of time.
        role: Role,
        /// What the rules play for it.
        forced: Action,
    },
    /// Not yet, in a simultaneous match: what must come first.
    NotYet(&'static str),
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
            MoveError::Touched(cell) => {
                write!(f, "the counter on {cell} was touched: it is the one to move")
            }
            MoveError::OutOfTime { role, forced } => {
                write!(f, "{role} is out of time: the rules ")?;
                match forced {
                    Action::Draw => f.write_str("draw for it"),
                    Action::Place(cell) => write!(f, "place its counter on {cell}"),
                    Action::Pass => f.write_str("pass for it"),
                    Action::Slide(slide) => write!(f, "play {slide} for it"),
                }
            }
            MoveError::NotYet(reason) => write!(f, "not yet: {reason}"),
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
