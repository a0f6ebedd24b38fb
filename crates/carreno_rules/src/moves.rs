use std::fmt;
use std::str::FromStr;

use crate::{NotationError, Square};

/// The most moves a position can have: each of the 11 empty squares is
/// reached from at most eight directions.
pub const MAX_MOVES: usize = 88;

/// A position's legal moves, in a fixed-capacity list that never allocates.
pub type MoveList = arrayvec::ArrayVec<Move, MAX_MOVES>;

/// A move: a piece moved in a straight line, or a pass.
///
/// Written as seed 002 writes it, the from-square and the to-square with a
/// dash (`a4-c4`), or `pass`. Reading also takes the squares without the
/// dash (`a4c4`) and either case.
///
/// Any two squares make a `Move` value; [`crate::Position::check_move`] says
/// whether it is legal.
///
/// ```
/// use carreno_rules::{Move, Square};
/// let mv: Move = "a4-c4".parse()?;
/// assert_eq!(mv, Move::slide("a4".parse()?, "c4".parse()?));
/// assert_eq!(mv.to_string(), "a4-c4");
/// assert_eq!("PASS".parse::<Move>()?, Move::Pass);
/// assert_eq!("b2b4".parse::<Move>()?.to_string(), "b2-b4");
/// # Ok::<(), carreno_rules::NotationError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// The piece on `from` moves to `to`.
    Slide {
        /// Where the piece stands.
        from: Square,
        /// Where it ends.
        to: Square,
    },
    /// The player has no legal move and passes.
    Pass,
}

impl Move {
    /// The move of the piece on `from` to `to`.
    #[inline]
    pub const fn slide(from: Square, to: Square) -> Move {
        Move::Slide { from, to }
    }

    /// The square the move starts from (`None` for a pass).
    #[inline]
    pub const fn from(self) -> Option<Square> {
        match self {
            Move::Slide { from, .. } => Some(from),
            Move::Pass => None,
        }
    }

    /// The square the move ends on (`None` for a pass).
    #[inline]
    pub const fn to(self) -> Option<Square> {
        match self {
            Move::Slide { to, .. } => Some(to),
            Move::Pass => None,
        }
    }

    /// Whether this is a pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        matches!(self, Move::Pass)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Slide { from, to } => write!(f, "{from}-{to}"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = NotationError;
    /// Reads `a4-c4`, `a4c4` or `pass` (either case, surrounding blanks ignored).
    fn from_str(s: &str) -> Result<Move, NotationError> {
        let text = s.trim();
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Move::Pass);
        }
        let shape = "a move is two squares like a4-c4, or pass";
        let (from, to) = match text.split_once('-') {
            Some((from, to)) => (from.trim(), to.trim()),
            None if text.len() == 4 && text.is_char_boundary(2) => text.split_at(2),
            None => return Err(NotationError::new(s, shape)),
        };
        let square = |part: &str| part.parse::<Square>().map_err(|e| NotationError::new(s, e.reason));
        Ok(Move::slide(square(from)?, square(to)?))
    }
}

#[cfg(feature = "serde")]
board_basics::serde_as_text!(Move);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_notation_is_refused_with_a_reason() {
        for (text, reason) in [
            ("", "a move is two squares like a4-c4, or pass"),
            ("a4", "a move is two squares like a4-c4, or pass"),
            ("a4-f4", "'f' is not a column; columns are a to e"),
            ("a4-c", "a square is a column a-e then a row 1-5, like c4"),
            ("a9c4", "'9' is not a row; rows are 1 to 5"),
            ("pas", "a move is two squares like a4-c4, or pass"),
        ] {
            let error = text.parse::<Move>().unwrap_err();
            assert_eq!(error.reason, reason, "{text}");
            assert_eq!(error.text, text);
        }
        assert_eq!(" a4 - c4 ".parse::<Move>().unwrap().to_string(), "a4-c4");
    }
}
