use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};
use std::str::FromStr;

use board_basics::{Axis, BitIter, FromBit, split_pair};

use crate::NotationError;

/// The board's side: 5 squares.
pub const SIDE: usize = 5;

/// The number of squares: 25.
pub const SQUARES: usize = SIDE * SIDE;

/// A square of the 5×5 board, `a1` to `e5`.
///
/// Columns (files) `a`–`e` run from left to right, rows (ranks) `1`–`5` from
/// bottom to top, as in seed 002 ("top row = 5, left col. = a"). The index
/// is `rank * 5 + file`, both from 0: `a1` is 0, `e1` is 4, `e5` is 24.
///
/// ```
/// use carreno_rules::Square;
/// let c4: Square = "c4".parse()?;
/// assert_eq!((c4.file(), c4.rank()), (2, 3));
/// assert_eq!(c4.index(), 17);
/// assert_eq!(c4.to_string(), "c4");
/// assert_eq!(c4.neighbours().len(), 8);
/// assert_eq!(Square::A1.neighbours().len(), 3);
/// # Ok::<(), carreno_rules::NotationError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The bottom-left square.
    pub const A1: Square = Square(0);
    /// The top-right square.
    pub const E5: Square = Square(24);

    /// The square on `file` (0 = `a`) and `rank` (0 = row `1`), if both are below 5.
    #[inline]
    pub const fn new(file: usize, rank: usize) -> Option<Square> {
        if file < SIDE && rank < SIDE {
            Some(Square((rank * SIDE + file) as u8))
        } else {
            None
        }
    }

    /// The square with [`Square::index`] `index` (0–24).
    #[inline]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < SQUARES {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// `rank * 5 + file`: 0 for `a1`, 24 for `e5`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 (`a`) to 4 (`e`).
    #[inline]
    pub const fn file(self) -> usize {
        self.0 as usize % SIDE
    }

    /// The row, 0 (row `1`, at the bottom) to 4 (row `5`, at the top).
    #[inline]
    pub const fn rank(self) -> usize {
        self.0 as usize / SIDE
    }

    /// The column letter, `a`–`e`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file() as u8) as char
    }

    /// The row digit, `1`–`5`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank() as u8) as char
    }

    /// The up to eight squares touching this one, diagonals included.
    #[inline]
    pub const fn neighbours(self) -> SquareSet {
        SquareSet(NEIGHBOURS[self.0 as usize])
    }

    /// Whether `other` touches this square (diagonals included).
    #[inline]
    pub const fn touches(self, other: Square) -> bool {
        NEIGHBOURS[self.0 as usize] & (1 << other.0) != 0
    }

    /// Every square, `a1`, `b1`, … `e5`.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator + Clone {
        (0..SQUARES as u8).map(Square)
    }

    /// The direction and distance from `self` to `to` when they lie on one
    /// row, column or diagonal (and differ).
    pub fn line_to(self, to: Square) -> Option<(Direction, usize)> {
        let df = to.file() as isize - self.file() as isize;
        let dr = to.rank() as isize - self.rank() as isize;
        if (df, dr) == (0, 0) || (df != 0 && dr != 0 && df.abs() != dr.abs()) {
            return None;
        }
        let direction = Direction::ALL
            .into_iter()
            .find(|d| d.steps() == (df.signum(), dr.signum()))?;
        Some((direction, df.unsigned_abs().max(dr.unsigned_abs())))
    }

    /// The squares strictly between `self` and `to` on their common line
    /// (empty when they share no line or touch).
    pub fn between(self, to: Square) -> SquareSet {
        match self.line_to(to) {
            Some((direction, _)) => SquareSet(
                RAYS[direction as usize][self.0 as usize] & !RAYS[direction as usize][to.0 as usize] & !(1 << to.0),
            ),
            None => SquareSet::EMPTY,
        }
    }

    /// The squares a queen on this square reaches when `occupied` holds the
    /// pieces: along each of the eight lines up to the first occupied square,
    /// which is not included.
    #[inline]
    pub fn queen_reach(self, occupied: SquareSet) -> SquareSet {
        let s = self.0 as usize;
        let occ = occupied.0;
        let mut reach = 0;
        // Directions 0-3 go to higher indices (the first blocker is the
        // lowest bit), 4-7 to lower ones (the highest bit).
        for rays in &RAYS[..4] {
            let ray = rays[s];
            let blockers = ray & occ;
            reach |= if blockers == 0 {
                ray
            } else {
                ray & !rays[blockers.trailing_zeros() as usize] & !(blockers & blockers.wrapping_neg())
            };
        }
        for rays in &RAYS[4..] {
            let ray = rays[s];
            let blockers = ray & occ;
            reach |= if blockers == 0 {
                ray
            } else {
                let b = 31 - blockers.leading_zeros() as usize;
                ray & !rays[b] & !(1 << b)
            };
        }
        SquareSet(reach)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = NotationError;
    /// Reads `a1` … `e5` (the column letter in either case).
    fn from_str(s: &str) -> Result<Square, NotationError> {
        let Some((f, r, "")) = split_pair(s) else {
            return Err(NotationError::new(
                s,
                "a square is a column a-e then a row 1-5, like c4",
            ));
        };
        let file = FILES.read(s, f)?;
        let rank = RANKS.read(s, r)?;
        Ok(Square((rank * SIDE + file) as u8))
    }
}

/// The columns' letters, `a`–`e` (read in either case).
const FILES: Axis = Axis::new("column", 'a', 'e').in_either_case();

/// The rows' digits, `1`–`5`.
const RANKS: Axis = Axis::new("row", '1', '5');

#[cfg(feature = "serde")]
board_basics::serde_as_text!(Square);

/// One of the eight directions a piece may move in, like a chess queen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Up: towards row 5.
    North,
    /// Right: towards column e.
    East,
    /// Up and right.
    NorthEast,
    /// Up and left.
    NorthWest,
    /// Down: towards row 1.
    South,
    /// Left: towards column a.
    West,
    /// Down and left.
    SouthWest,
    /// Down and right.
    SouthEast,
}

impl Direction {
    /// The eight directions.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::East,
        Direction::NorthEast,
        Direction::NorthWest,
        Direction::South,
        Direction::West,
        Direction::SouthWest,
        Direction::SouthEast,
    ];

    /// One step in this direction as (files, ranks).
    pub const fn steps(self) -> (isize, isize) {
        match self {
            Direction::North => (0, 1),
            Direction::East => (1, 0),
            Direction::NorthEast => (1, 1),
            Direction::NorthWest => (-1, 1),
            Direction::South => (0, -1),
            Direction::West => (-1, 0),
            Direction::SouthWest => (-1, -1),
            Direction::SouthEast => (1, -1),
        }
    }
}

/// `NEIGHBOURS[s]`: the squares touching square `s`.
static NEIGHBOURS: [u32; SQUARES] = {
    let mut table = [0u32; SQUARES];
    let mut s = 0;
    while s < SQUARES {
        let (f, r) = ((s % SIDE) as isize, (s / SIDE) as isize);
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (nf, nr) = (f + df, r + dr);
                if (df != 0 || dr != 0) && nf >= 0 && nf < SIDE as isize && nr >= 0 && nr < SIDE as isize {
                    table[s] |= 1 << (nr as usize * SIDE + nf as usize);
                }
                dr += 1;
            }
            df += 1;
        }
        s += 1;
    }
    table
};

/// `RAYS[d][s]`: the squares from `s` (excluded) to the edge in direction `d`
/// of [`Direction::ALL`].
static RAYS: [[u32; SQUARES]; 8] = {
    let mut table = [[0u32; SQUARES]; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = Direction::ALL[d].steps();
        let mut s = 0;
        while s < SQUARES {
            let (mut f, mut r) = ((s % SIDE) as isize + df, (s / SIDE) as isize + dr);
            while f >= 0 && f < SIDE as isize && r >= 0 && r < SIDE as isize {
                table[d][s] |= 1 << (r as usize * SIDE + f as usize);
                f += df;
                r += dr;
            }
            s += 1;
        }
        d += 1;
    }
    table
};

/// A set of squares as a 25-bit mask (bit [`Square::index`]).
///
/// ```
/// use carreno_rules::{Square, SquareSet};
/// let set: SquareSet = ["a1", "c3"].iter().map(|s| s.parse::<Square>().unwrap()).collect();
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.to_string(), "a1 c3");
/// // The squares touching a1 or c3: b1 a2 b2 (a1's), and c3's eight less b2.
/// assert_eq!(set.neighbours().len(), 10);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct SquareSet(u32);

/// Every square but those in column `a`.
const NOT_A: u32 = 0x1ef_7bde;
/// Every square but those in column `e`.
const NOT_E: u32 = 0x0f7_bdef;

impl SquareSet {
    /// No squares.
    pub const EMPTY: SquareSet = SquareSet(0);
    /// All 25 squares.
    pub const FULL: SquareSet = SquareSet((1 << SQUARES) - 1);

    /// The set with bit mask `bits` (bits from 25 up are dropped).
    #[inline]
    pub const fn from_bits(bits: u32) -> SquareSet {
        SquareSet(bits & Self::FULL.0)
    }

    /// The bit mask.
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The set holding `square` alone.
    #[inline]
    pub const fn single(square: Square) -> SquareSet {
        SquareSet(1 << square.0)
    }

    /// Whether `square` is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & (1 << square.0) != 0
    }

    /// Adds `square`.
    #[inline]
    pub fn insert(&mut self, square: Square) {
        self.0 |= 1 << square.0;
    }

    /// Removes `square`.
    #[inline]
    pub fn remove(&mut self, square: Square) {
        self.0 &= !(1 << square.0);
    }

    /// The set with `square` added.
    #[inline]
    pub const fn with(self, square: Square) -> SquareSet {
        SquareSet(self.0 | 1 << square.0)
    }

    /// The set with `square` removed.
    #[inline]
    pub const fn without(self, square: Square) -> SquareSet {
        SquareSet(self.0 & !(1 << square.0))
    }

    /// Whether the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: SquareSet) -> bool {
        self.0 & other.0 != 0
    }

    /// The first square in index order (`a1`, `b1`, …), if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// The squares touching at least one square of the set (diagonals
    /// included). A square of the set is in it only when another square of
    /// the set touches it.
    #[inline]
    pub const fn neighbours(self) -> SquareSet {
        let x = self.0;
        let sideways = ((x << 1) & NOT_A) | ((x >> 1) & NOT_E);
        let row = x | sideways;
        SquareSet((sideways | (row << SIDE) | (row >> SIDE)) & Self::FULL.0)
    }

    /// The squares of the set in index order.
    #[inline]
    pub fn iter(self) -> SquareSetIter {
        self.into_iter()
    }
}

impl BitOr for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 | rhs.0)
    }
}

impl BitOrAssign for SquareSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: SquareSet) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitand(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & rhs.0)
    }
}

impl BitAndAssign for SquareSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: SquareSet) {
        self.0 &= rhs.0;
    }
}

impl BitXor for SquareSet {
    type Output = SquareSet;
    #[inline]
    fn bitxor(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 ^ rhs.0)
    }
}

impl Sub for SquareSet {
    type Output = SquareSet;
    /// The squares of `self` not in `rhs`.
    #[inline]
    fn sub(self, rhs: SquareSet) -> SquareSet {
        SquareSet(self.0 & !rhs.0)
    }
}

impl Not for SquareSet {
    type Output = SquareSet;
    /// The squares of the board not in the set.
    #[inline]
    fn not(self) -> SquareSet {
        SquareSet(!self.0 & Self::FULL.0)
    }
}

impl fmt::Display for SquareSet {
    /// The squares in index order, separated by spaces (`a1 c3`); `-` when empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, square) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{square}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SquareSet({self})")
    }
}

board_basics::impl_bit_set!(SquareSet, Square, "squares");

/// The squares of a [`SquareSet`] in index order.
pub type SquareSetIter = BitIter<Square>;

impl FromBit for Square {
    #[inline]
    fn from_bit(index: usize) -> Option<Square> {
        Square::from_index(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn column_masks_are_right() {
        let a: u32 = (0..SIDE).map(|r| 1u32 << (r * SIDE)).sum();
        let e: u32 = (0..SIDE).map(|r| 1u32 << (r * SIDE + 4)).sum();
        assert_eq!(NOT_A, SquareSet::FULL.0 & !a);
        assert_eq!(NOT_E, SquareSet::FULL.0 & !e);
    }

    #[test]
    fn set_neighbours_match_the_square_table() {
        for s in Square::all() {
            assert_eq!(SquareSet::single(s).neighbours(), s.neighbours(), "{s}");
            for t in Square::all() {
                let pair = SquareSet::single(s).with(t);
                assert_eq!(pair.neighbours(), s.neighbours() | t.neighbours());
            }
        }
    }

    #[test]
    fn queen_reach_stops_before_pieces() {
        let occupied: SquareSet = [sq("c4"), sq("e5"), sq("a1"), sq("c1")].into_iter().collect();
        let reach = sq("c3").queen_reach(occupied);
        let expected: SquareSet = ["b3", "a3", "d3", "e3", "c2", "b4", "a5", "d4", "b2", "d2", "e1"]
            .into_iter()
            .map(sq)
            .collect();
        assert_eq!(reach, expected);
        assert_eq!(sq("a1").queen_reach(SquareSet::EMPTY).len(), 12);
        assert_eq!(sq("c3").queen_reach(SquareSet::EMPTY).len(), 16);
    }

    #[test]
    fn lines_between_squares() {
        assert_eq!(sq("a4").line_to(sq("c4")), Some((Direction::East, 2)));
        assert_eq!(sq("d2").line_to(sq("e1")), Some((Direction::SouthEast, 1)));
        assert_eq!(sq("a1").line_to(sq("b3")), None);
        assert_eq!(sq("a1").line_to(sq("a1")), None);
        assert_eq!(sq("a1").between(sq("d4")).to_string(), "b2 c3");
        assert_eq!(sq("e5").between(sq("e1")).to_string(), "e2 e3 e4");
        assert_eq!(sq("b2").between(sq("c3")), SquareSet::EMPTY);
        assert_eq!(sq("a1").between(sq("b3")), SquareSet::EMPTY);
    }

    #[test]
    fn notation_round_trips_and_refuses_nonsense() {
        for s in Square::all() {
            assert_eq!(s.to_string().parse::<Square>().unwrap(), s);
        }
        assert_eq!(sq("C4"), sq("c4"));
        for bad in ["", "a", "f1", "a6", "a0", "a12", "11"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
