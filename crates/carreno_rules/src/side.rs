use std::fmt;
use std::str::FromStr;

use crate::NotationError;

/// One of the two players, named after their pieces as in seed 002: `S` and `O`.
///
/// `O` moves first.
///
/// ```
/// use carreno_rules::Side;
/// assert_eq!(Side::O.other(), Side::S);
/// assert_eq!("s".parse::<Side>()?, Side::S);
/// assert_eq!(Side::O.to_string(), "O");
/// # Ok::<(), carreno_rules::NotationError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The side that starts on the top two rows (rows 5 and 4).
    S,
    /// The side that starts on the bottom two rows and moves first.
    O,
}

impl Side {
    /// Both sides, `S` then `O`.
    pub const ALL: [Side; 2] = [Side::S, Side::O];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::S => Side::O,
            Side::O => Side::S,
        }
    }

    /// 0 for `S`, 1 for `O`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter on the board: `S` or `O`.
    #[inline]
    pub const fn symbol(self) -> char {
        match self {
            Side::S => 'S',
            Side::O => 'O',
        }
    }

    /// The side whose board letter is `symbol` (either case).
    pub const fn from_symbol(symbol: char) -> Option<Side> {
        match symbol {
            'S' | 's' => Some(Side::S),
            'O' | 'o' => Some(Side::O),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

impl FromStr for Side {
    type Err = NotationError;
    /// Reads `S` or `O` (either case, surrounding blanks ignored).
    fn from_str(s: &str) -> Result<Side, NotationError> {
        let mut chars = s.trim().chars();
        match (chars.next().and_then(Side::from_symbol), chars.next()) {
            (Some(side), None) => Ok(side),
            _ => Err(NotationError::new(s, "a side is S or O")),
        }
    }
}

#[cfg(feature = "serde")]
board_basics::serde_as_text!(Side);
