use std::fmt;
use std::str::FromStr;

use board_basics::{Axis, FromBit, split_pair};

use crate::NotationError;
use crate::{MAX_N, Size};

/// A cell of the board, row and column 0–6. Whether it lies on a 5×5 board
/// is a separate question ([`Cell::on_board`]).
///
/// Written as in the CodeCup protocol: the row letter `A`–`G` (top to
/// bottom) then the column letter `a`–`g` (left to right): `Dc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// The top-left cell, `Aa`.
    pub const TOP_LEFT: Cell = Cell { row: 0, col: 0 };

    /// The cell at `row`, `col` (0-based), if both are below 7.
    #[inline]
    pub const fn new(row: usize, col: usize) -> Option<Cell> {
        if row < MAX_N && col < MAX_N {
            Some(Cell {
                row: row as u8,
                col: col as u8,
            })
        } else {
            None
        }
    }

    /// The cell at `row`, `col`, both known to be below 7.
    #[inline]
    pub(crate) const fn at(row: usize, col: usize) -> Cell {
        debug_assert!(row < MAX_N && col < MAX_N);
        Cell {
            row: row as u8,
            col: col as u8,
        }
    }

    /// The cell with [`Cell::index`] `index` (0–48).
    #[inline]
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < MAX_N * MAX_N {
            Some(Cell {
                row: (index / MAX_N) as u8,
                col: (index % MAX_N) as u8,
            })
        } else {
            None
        }
    }

    /// The row, 0 at the top.
    #[inline]
    pub const fn row(self) -> usize {
        self.row as usize
    }

    /// The column, 0 at the left.
    #[inline]
    pub const fn col(self) -> usize {
        self.col as usize
    }

    /// `row * 7 + col`, the same for both board sizes.
    #[inline]
    pub const fn index(self) -> usize {
        self.row as usize * MAX_N + self.col as usize
    }

    /// Whether the cell lies on a board of `size`.
    #[inline]
    pub const fn on_board(self, size: Size) -> bool {
        self.row() < size.n() && self.col() < size.n()
    }

    /// The cells of a board of `size`, row by row.
    pub fn all(size: Size) -> impl Iterator<Item = Cell> + Clone {
        let n = size.n();
        (0..n).flat_map(move |row| {
            (0..n).map(move |col| Cell {
                row: row as u8,
                col: col as u8,
            })
        })
    }

    /// The row letter `A`–`G`.
    pub const fn row_letter(self) -> char {
        (b'A' + self.row) as char
    }

    /// The column letter `a`–`g`.
    pub const fn col_letter(self) -> char {
        (b'a' + self.col) as char
    }

    /// Parses a cell from the first two characters of `s`, returning the rest.
    pub(crate) fn parse_prefix(s: &str) -> Result<(Cell, &str), NotationError> {
        let Some((r, c, rest)) = split_pair(s) else {
            return Err(NotationError::new(s, "a cell is two letters, row A-G then column a-g"));
        };
        let row = ROWS.read(s, r)?;
        let col = COLUMNS.read(s, c)?;
        Ok((
            Cell {
                row: row as u8,
                col: col as u8,
            },
            rest,
        ))
    }
}

/// The rows' letters, `A`–`G` from the top.
const ROWS: Axis = Axis::new("row", 'A', 'G');

/// The columns' letters, `a`–`g` from the left.
const COLUMNS: Axis = Axis::new("column", 'a', 'g');

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.row_letter(), self.col_letter())
    }
}

impl FromStr for Cell {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (cell, rest) = Cell::parse_prefix(s)?;
        if !rest.is_empty() {
            return Err(NotationError::new(s, "a cell is exactly two letters, like Dc"));
        }
        Ok(cell)
    }
}

#[cfg(feature = "serde")]
board_basics::serde_as_text!(Cell);

/// A row or a column of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Line {
    /// Row 0 (top, `A`) to 6 (`G`).
    Row(u8),
    /// Column 0 (left, `a`) to 6 (`g`).
    Col(u8),
}

impl Line {
    /// The rows then the columns of a board of `size`.
    pub fn all(size: Size) -> impl Iterator<Item = Line> + Clone {
        let n = size.n() as u8;
        (0..n).map(Line::Row).chain((0..n).map(Line::Col))
    }

    /// The cell at `offset` along the line (left to right, top to bottom).
    pub fn cell(self, offset: usize) -> Option<Cell> {
        match self {
            Line::Row(r) => Cell::new(r as usize, offset),
            Line::Col(c) => Cell::new(offset, c as usize),
        }
    }
}

impl fmt::Display for Line {
    /// `row A` … `row G`, `column a` … `column g`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Line::Row(r) => write!(f, "row {}", (b'A' + r) as char),
            Line::Col(c) => write!(f, "column {}", (b'a' + c) as char),
        }
    }
}

/// A set of cells as a 49-bit mask (bit [`Cell::index`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CellSet(u64);

impl CellSet {
    /// No cells.
    pub const EMPTY: CellSet = CellSet(0);

    /// The set with the given bit mask (bits above 48 are dropped).
    #[inline]
    pub const fn from_bits(bits: u64) -> CellSet {
        CellSet(bits & ((1u64 << 49) - 1))
    }

    /// The bit mask.
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 & (1u64 << cell.index()) != 0
    }

    /// Adds `cell`.
    #[inline]
    pub fn insert(&mut self, cell: Cell) {
        self.0 |= 1u64 << cell.index();
    }

    /// Removes `cell`.
    #[inline]
    pub fn remove(&mut self, cell: Cell) {
        self.0 &= !(1u64 << cell.index());
    }

    /// The `k`-th cell in index order, if there are more than `k`.
    pub fn nth(self, k: usize) -> Option<Cell> {
        self.into_iter().nth(k)
    }
}

board_basics::impl_bit_set!(CellSet, Cell, "cells");

impl FromBit for Cell {
    #[inline]
    fn from_bit(index: usize) -> Option<Cell> {
        Cell::from_index(index)
    }
}
