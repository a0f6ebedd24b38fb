use std::fmt;

use crate::MAX_N;

/// The side of the board: 7 (the standard game) or 5 (the variant).
///
/// A board of side N has N×N cells and N colours with N counters each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub enum Size {
    /// The 5×5 variant: 5 colours, 25 counters.
    Five,
    /// The standard 7×7 game: 7 colours, 49 counters.
    #[default]
    Seven,
}

impl Size {
    /// Both sizes, standard first.
    pub const ALL: [Size; 2] = [Size::Seven, Size::Five];

    /// The side length N.
    #[inline]
    pub const fn n(self) -> usize {
        match self {
            Size::Five => 5,
            Size::Seven => 7,
        }
    }

    /// The number of cells, which is also the number of counters (N²).
    #[inline]
    pub const fn cells(self) -> usize {
        self.n() * self.n()
    }

    /// The cell in the middle of the board.
    ///
    /// ```
    /// use entropy_rules::{Cell, Size};
    ///
    /// assert_eq!(Size::Seven.centre(), Cell::new(3, 3).unwrap());
    /// assert_eq!(Size::Five.centre(), Cell::new(2, 2).unwrap());
    /// ```
    pub fn centre(self) -> crate::Cell {
        let middle = self.n() / 2;
        crate::Cell::new(middle, middle).expect("the middle of a board is on it")
    }

    /// The size with side `n`, if it is 5 or 7.
    pub const fn from_n(n: usize) -> Option<Size> {
        match n {
            5 => Some(Size::Five),
            7 => Some(Size::Seven),
            _ => None,
        }
    }

    /// The colours used on a board of this size.
    pub fn colours(self) -> impl DoubleEndedIterator<Item = Colour> + ExactSizeIterator + Clone {
        (0..self.n() as u8).map(Colour)
    }

    /// Whether `colour` exists on a board of this size.
    #[inline]
    pub const fn has_colour(self, colour: Colour) -> bool {
        (colour.0 as usize) < self.n()
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{0}×{0}", self.n())
    }
}

impl TryFrom<u8> for Size {
    type Error = String;
    fn try_from(n: u8) -> Result<Self, Self::Error> {
        Size::from_n(n as usize).ok_or_else(|| format!("board size must be 5 or 7, not {n}"))
    }
}

impl From<Size> for u8 {
    fn from(size: Size) -> u8 {
        size.n() as u8
    }
}

/// One of the (up to) seven counter colours.
///
/// Colours are numbered 1–7 in text (the CodeCup protocol's digits) and
/// lettered A–G; [`Colour::index`] is the 0-based index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Colour(u8);

impl Colour {
    /// All seven colours.
    pub const ALL: [Colour; MAX_N] = [
        Colour(0),
        Colour(1),
        Colour(2),
        Colour(3),
        Colour(4),
        Colour(5),
        Colour(6),
    ];

    /// The colour with 0-based `index` (0–6).
    #[inline]
    pub const fn from_index(index: usize) -> Option<Colour> {
        if index < MAX_N { Some(Colour(index as u8)) } else { None }
    }

    /// The colour with 1-based `number` (1–7), as written in the CodeCup protocol.
    #[inline]
    pub const fn from_number(number: u8) -> Option<Colour> {
        if number >= 1 && number as usize <= MAX_N {
            Some(Colour(number - 1))
        } else {
            None
        }
    }

    /// The colour written as a digit `1`–`7` or a letter `A`–`G` (either case).
    pub fn from_symbol(symbol: char) -> Option<Colour> {
        match symbol {
            '1'..='7' => Colour::from_number(symbol as u8 - b'0'),
            'A'..='G' => Colour::from_index((symbol as u8 - b'A') as usize),
            'a'..='g' => Colour::from_index((symbol as u8 - b'a') as usize),
            _ => None,
        }
    }

    /// The 0-based index (0–6).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The 1-based number (1–7).
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The letter `A`–`G`.
    pub const fn letter(self) -> char {
        (b'A' + self.0) as char
    }

    /// The name of the standard counter of this colour.
    pub const fn name(self) -> &'static str {
        match self.0 {
            0 => "red",
            1 => "green",
            2 => "yellow",
            3 => "blue",
            4 => "white",
            5 => "black",
            _ => "purple",
        }
    }
}

impl fmt::Display for Colour {
    /// Writes the 1-based number, as in the CodeCup protocol.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl TryFrom<u8> for Colour {
    type Error = String;
    fn try_from(number: u8) -> Result<Self, Self::Error> {
        Colour::from_number(number).ok_or_else(|| format!("colour must be 1 to 7, not {number}"))
    }
}

impl From<Colour> for u8 {
    fn from(colour: Colour) -> u8 {
        colour.number()
    }
}
