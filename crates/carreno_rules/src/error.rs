use std::fmt;

use crate::{GameResult, Move, Side, Square, SquareSet};

/// Why a move was refused. A refused move changes nothing.
///
/// Each reason reads as a sentence a player can act on:
///
/// ```
/// use carreno_rules::{Move, Position};
/// let start = Position::new();
/// let error = start.play("a1-a2".parse::<Move>()?).unwrap_err();
/// assert_eq!(error.to_string(), "a1 to a2: a2 is occupied");
/// let error = start.play("a5-a3".parse::<Move>()?).unwrap_err();
/// assert_eq!(error.to_string(), "the piece on a5 is S's, and O is to move");
/// # Ok::<(), carreno_rules::NotationError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveError {
    /// There is no piece on the square the move starts from.
    NoPiece(Square),
    /// The piece belongs to the other side.
    NotYourPiece {
        /// Where the piece stands.
        square: Square,
        /// Its owner.
        owner: Side,
    },
    /// The piece touches no piece of its own side, so it may not move (rule 1).
    NoOwnNeighbour(Square),
    /// The piece has no empty square next to it in any direction.
    Hemmed(Square),
    /// A move must change square.
    SameSquare(Square),
    /// The two squares share no row, column or diagonal.
    NotStraight {
        /// Where the move starts.
        from: Square,
        /// Where it was meant to end.
        to: Square,
    },
    /// A piece stands on the way or on the destination.
    Blocked {
        /// Where the move starts.
        from: Square,
        /// Where it was meant to end.
        to: Square,
        /// The first occupied square on the way (`to` itself when only it is occupied).
        at: Square,
    },
    /// The mover is in check and this move leaves one of its pieces isolated (rule 2).
    LeavesCheck {
        /// A piece of the mover that would touch no piece after the move.
        isolated: Square,
        /// The mover's pieces isolated before the move.
        check: SquareSet,
    },
    /// The mover is in check and no move of this piece clears it.
    CannotClearCheck {
        /// The piece asked about.
        piece: Square,
        /// The mover's isolated pieces.
        check: SquareSet,
    },
    /// A player may pass only when they have no legal move.
    PassNotAllowed {
        /// One legal move.
        example: Move,
    },
    /// The game is over.
    GameOver(GameResult),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pieces = |set: SquareSet| {
            if set.len() == 1 {
                format!("your piece on {set} touches no piece")
            } else {
                format!("your pieces on {set} touch no piece")
            }
        };
        match *self {
            MoveError::NoPiece(square) => write!(f, "there is no piece on {square}"),
            MoveError::NotYourPiece { square, owner } => {
                write!(
                    f,
                    "the piece on {square} is {owner}'s, and {} is to move",
                    owner.other()
                )
            }
            MoveError::NoOwnNeighbour(square) => write!(
                f,
                "the piece on {square} cannot move: that piece touches no piece of its own side"
            ),
            MoveError::Hemmed(square) => write!(
                f,
                "the piece on {square} cannot move: every square next to it is occupied"
            ),
            MoveError::SameSquare(square) => write!(f, "a move from {square} must leave {square}"),
            MoveError::NotStraight { from, to } => {
                write!(f, "{from} to {to} is not along a row, a column or a diagonal")
            }
            MoveError::Blocked { from, to, at } if at == to => write!(f, "{from} to {to}: {to} is occupied"),
            MoveError::Blocked { from, to, at } => {
                write!(f, "{from} to {to}: the piece on {at} is in the way")
            }
            MoveError::LeavesCheck { isolated, check } => write!(
                f,
                "you are in check ({}): after this move your piece on {isolated} would touch no piece",
                pieces(check)
            ),
            MoveError::CannotClearCheck { piece, check } => write!(
                f,
                "you are in check ({}), and no move of the piece on {piece} clears it",
                pieces(check)
            ),
            MoveError::PassNotAllowed { example } => write!(
                f,
                "you may pass only when you have no legal move, and {example} is legal"
            ),
            MoveError::GameOver(result) => write!(f, "the game is over: {result}"),
        }
    }
}

impl std::error::Error for MoveError {}
