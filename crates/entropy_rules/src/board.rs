use std::fmt;
use std::str::FromStr;

use board_basics::TextError;
use board_basics::text::{Bounds, TooLong, without_bom};

use crate::score::{LineCode, LineScore, line_score_table};
use crate::{Cell, CellSet, Colour, Line, MAX_N, Size};

/// Cells reachable by a rook slide along one line: `REACH[occupancy][from]`
/// is the mask of cells that a counter on `from` can slide to, where
/// `occupancy` has a bit set for every cell that holds a counter (or is off
/// a 5×5 board).
static REACH: [[u8; MAX_N]; 1 << MAX_N] = REACH_TABLE;

const REACH_TABLE: [[u8; MAX_N]; 1 << MAX_N] = {
    let mut table = [[0u8; MAX_N]; 1 << MAX_N];
    let mut occ = 0;
    while occ < 1 << MAX_N {
        let mut from = 0;
        while from < MAX_N {
            let mut mask = 0u8;
            let mut i = from;
            while i > 0 && occ & (1 << (i - 1)) == 0 {
                i -= 1;
                mask |= 1 << i;
            }
            let mut i = from + 1;
            while i < MAX_N && occ & (1 << i) == 0 {
                mask |= 1 << i;
                i += 1;
            }
            table[occ][from] = mask;
            from += 1;
        }
        occ += 1;
    }
    table
};

/// The most slides along one line: each empty cell is reached from at most
/// two counters, each counter reaches at most six cells.
const MAX_LINE_MOVES: usize = 10;

/// The slides along one line of `n` cells with counters on `occ` (bit i set:
/// cell i holds a counter; bits from `n` up are ignored): how many, and each
/// as `from << 4 | to`, by starting cell then destination.
#[derive(Clone, Copy)]
struct LineMoves {
    count: u8,
    moves: [u8; MAX_LINE_MOVES],
}

const fn line_moves(n: usize) -> [LineMoves; 1 << MAX_N] {
    let mut table = [LineMoves {
        count: 0,
        moves: [0; MAX_LINE_MOVES],
    }; 1 << MAX_N];
    let mut occ = 0;
    while occ < 1 << MAX_N {
        // Cells beyond the line count as walls.
        let walled = occ | ((1 << MAX_N) - (1 << n));
        let mut entry = LineMoves {
            count: 0,
            moves: [0; MAX_LINE_MOVES],
        };
        let mut from = 0;
        while from < n {
            if occ & (1 << from) != 0 {
                let reach = REACH_TABLE[walled][from];
                let mut to = 0;
                while to < n {
                    if reach & (1 << to) != 0 {
                        entry.moves[entry.count as usize] = ((from << 4) | to) as u8;
                        entry.count += 1;
                    }
                    to += 1;
                }
            }
            from += 1;
        }
        table[occ] = entry;
        occ += 1;
    }
    table
}

/// Per-line slides for 5-cell and 7-cell lines, indexed by occupancy.
static LINE_MOVES: [[LineMoves; 1 << MAX_N]; 2] = [line_moves(5), line_moves(7)];

/// `SPREAD[mask]` puts bit `j` of a 7-bit mask at bit `7 j`: a column mask as cells.
static SPREAD: [u64; 1 << MAX_N] = {
    let mut table = [0u64; 1 << MAX_N];
    let mut mask = 0;
    while mask < 1 << MAX_N {
        let mut j = 0;
        while j < MAX_N {
            if mask & (1 << j) != 0 {
                table[mask] |= 1 << (MAX_N * j);
            }
            j += 1;
        }
        mask += 1;
    }
    table
};

/// Counters on the cells of an N×N board.
///
/// Keeps, beside the cells, each row's and column's line code (see
/// [`line_score_table`]) and occupancy, so that scoring is one table load
/// per line and slide generation one per direction. Allocation-free and `Copy`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    size: Size,
    /// 0 for an empty cell, colour index + 1 for a counter; index `Cell::index`.
    cells: [u8; MAX_N * MAX_N],
    rows: [LineCode; MAX_N],
    cols: [LineCode; MAX_N],
    /// Bit `c` of `row_occ[r]`: cell (r, c) holds a counter or is off the board.
    row_occ: [u8; MAX_N],
    /// Bit `r` of `col_occ[c]`: cell (r, c) holds a counter or is off the board.
    col_occ: [u8; MAX_N],
    /// Bit `Cell::index` set for every counter.
    occ: u64,
    counters: u8,
}

impl Board {
    /// An empty board.
    pub fn new(size: Size) -> Board {
        let n = size.n();
        // Cells beyond the board count as occupied, so slides stop at the edge.
        let outside = (((1u16 << MAX_N) - 1) & !((1u16 << n) - 1)) as u8;
        let mut row_occ = [outside; MAX_N];
        let mut col_occ = [outside; MAX_N];
        for i in n..MAX_N {
            row_occ[i] = 0x7f;
            col_occ[i] = 0x7f;
        }
        Board {
            size,
            cells: [0; MAX_N * MAX_N],
            rows: [LineCode::EMPTY; MAX_N],
            cols: [LineCode::EMPTY; MAX_N],
            row_occ,
            col_occ,
            occ: 0,
            counters: 0,
        }
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// The colour on `cell`; `None` for an empty cell or one off the board.
    #[inline]
    pub fn get(&self, cell: Cell) -> Option<Colour> {
        match self.cells[cell.index()] {
            0 => None,
            v => Colour::from_index(v as usize - 1),
        }
    }

    /// Whether `cell` is on the board and empty.
    #[inline]
    pub fn is_vacant(&self, cell: Cell) -> bool {
        cell.on_board(self.size) && self.cells[cell.index()] == 0
    }

    /// The number of counters on the board.
    #[inline]
    pub fn counters(&self) -> usize {
        self.counters as usize
    }

    /// Whether every cell holds a counter.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.counters() == self.size.cells()
    }

    /// The cells that hold a counter.
    #[inline]
    pub fn occupied(&self) -> CellSet {
        CellSet::from_bits(self.occ)
    }

    /// The empty cells of the board.
    #[inline]
    pub fn vacant(&self) -> CellSet {
        CellSet::from_bits(!self.occ & board_mask(self.size))
    }

    /// The `k`-th empty cell in cell order, if there are more than `k`.
    #[inline]
    pub fn nth_vacant(&self, mut k: usize) -> Option<Cell> {
        for r in 0..self.size.n() {
            let vacant = !self.row_occ[r] & 0x7f;
            let count = vacant.count_ones() as usize;
            if k < count {
                let mut bits = vacant;
                for _ in 0..k {
                    bits &= bits - 1;
                }
                return Cell::new(r, bits.trailing_zeros() as usize);
            }
            k -= count;
        }
        None
    }

    /// How many slides Order could make (the pass not included).
    #[inline]
    pub fn slide_count(&self) -> usize {
        let table = &LINE_MOVES[(self.size == Size::Seven) as usize];
        let mut count = 0;
        for i in 0..self.size.n() {
            count += table[self.row_occ[i] as usize].count as usize + table[self.col_occ[i] as usize].count as usize;
        }
        count
    }

    /// Calls `f` with every slide Order could make: along each row (top to
    /// bottom), then along each column (left to right); within a line by
    /// starting cell, then destination.
    #[inline]
    pub fn for_each_slide(&self, mut f: impl FnMut(Cell, Cell)) {
        let table = &LINE_MOVES[(self.size == Size::Seven) as usize];
        let n = self.size.n();
        for r in 0..n {
            let entry = &table[self.row_occ[r] as usize];
            for &m in &entry.moves[..entry.count as usize] {
                let (from, to) = ((m >> 4) as usize, (m & 15) as usize);
                f(Cell::at(r, from), Cell::at(r, to));
            }
        }
        for c in 0..n {
            let entry = &table[self.col_occ[c] as usize];
            for &m in &entry.moves[..entry.count as usize] {
                let (from, to) = ((m >> 4) as usize, (m & 15) as usize);
                f(Cell::at(from, c), Cell::at(to, c));
            }
        }
    }

    /// The `k`-th slide in the order of [`Board::for_each_slide`].
    #[inline]
    pub fn nth_slide(&self, mut k: usize) -> Option<(Cell, Cell)> {
        let table = &LINE_MOVES[(self.size == Size::Seven) as usize];
        let n = self.size.n();
        for line in 0..2 * n {
            let (occ, i) = if line < n {
                (self.row_occ[line], line)
            } else {
                (self.col_occ[line - n], line - n)
            };
            let entry = &table[occ as usize];
            if k < entry.count as usize {
                let m = entry.moves[k];
                let (from, to) = ((m >> 4) as usize, (m & 15) as usize);
                return Some(if line < n {
                    (Cell::at(i, from), Cell::at(i, to))
                } else {
                    (Cell::at(from, i), Cell::at(to, i))
                });
            }
            k -= entry.count as usize;
        }
        None
    }

    /// How many counters of each colour stand on the board (by colour index).
    pub fn colour_counts(&self) -> [u8; MAX_N] {
        let mut counts = [0u8; MAX_N];
        for &v in &self.cells {
            if v != 0 {
                counts[v as usize - 1] += 1;
            }
        }
        counts
    }

    /// The line code of row `r`.
    #[inline]
    pub fn row_code(&self, r: usize) -> LineCode {
        self.rows[r]
    }

    /// The line code of column `c`.
    #[inline]
    pub fn col_code(&self, c: usize) -> LineCode {
        self.cols[c]
    }

    /// The line code of `line`.
    pub fn line_code(&self, line: Line) -> LineCode {
        match line {
            Line::Row(r) => self.rows[r as usize % MAX_N],
            Line::Col(c) => self.cols[c as usize % MAX_N],
        }
    }

    /// Puts `colour` on the vacant on-board `cell`. Callers check both.
    #[inline]
    pub(crate) fn put(&mut self, cell: Cell, colour: Colour) {
        debug_assert!(self.is_vacant(cell));
        let (r, c) = (cell.row(), cell.col());
        self.cells[cell.index()] = colour.index() as u8 + 1;
        self.rows[r] = self.rows[r].with(c, colour);
        self.cols[c] = self.cols[c].with(r, colour);
        self.row_occ[r] |= 1 << c;
        self.col_occ[c] |= 1 << r;
        self.occ |= 1 << cell.index();
        self.counters += 1;
    }

    /// Takes the counter off the occupied `cell`.
    #[inline]
    pub(crate) fn take(&mut self, cell: Cell) -> Colour {
        let (r, c) = (cell.row(), cell.col());
        let v = self.cells[cell.index()];
        debug_assert!(v != 0);
        self.cells[cell.index()] = 0;
        self.rows[r] = self.rows[r].without(c);
        self.cols[c] = self.cols[c].without(r);
        self.row_occ[r] &= !(1 << c);
        self.col_occ[c] &= !(1 << r);
        self.occ &= !(1 << cell.index());
        self.counters -= 1;
        Colour::ALL[(v as usize - 1) % MAX_N]
    }

    /// The cells a counter on `from` could slide to (empty when `from` is
    /// empty or off the board).
    #[inline]
    pub fn slide_targets(&self, from: Cell) -> CellSet {
        if self.cells[from.index()] == 0 {
            return CellSet::EMPTY;
        }
        let (r, c) = (from.row(), from.col());
        let along_row = (REACH[self.row_occ[r] as usize][c] as u64) << (MAX_N * r);
        let along_col = SPREAD[REACH[self.col_occ[c] as usize][r] as usize] << c;
        CellSet::from_bits(along_row | along_col)
    }

    /// Moves the counter on `from` to `to`; the caller has checked the slide.
    #[inline]
    pub(crate) fn slide(&mut self, from: Cell, to: Cell) {
        let colour = self.take(from);
        self.put(to, colour);
    }

    /// The score of the board as it stands: every palindromic run of two or
    /// more adjacent counters in every row and column, each worth its
    /// length. Empty cells break runs. Allocation-free: one table load per line.
    #[inline]
    pub fn score(&self) -> u32 {
        let table = line_score_table();
        let mut score = 0;
        for i in 0..self.size.n() {
            score += table[self.rows[i].index()] as u32 + table[self.cols[i].index()] as u32;
        }
        score
    }

    /// The score of one line.
    pub fn line_score(&self, line: Line) -> u32 {
        self.line_code(line).score()
    }

    /// The cells of `line` in order (`None` for empty).
    pub fn line_cells(&self, line: Line) -> Vec<Option<Colour>> {
        (0..self.size.n())
            .map(|i| line.cell(i).and_then(|cell| self.get(cell)))
            .collect()
    }

    /// Every row then every column with its scoring runs, in the order the
    /// rules count them aloud.
    pub fn breakdown(&self) -> Vec<LineScore> {
        Line::all(self.size)
            .map(|line| LineScore::of(line, &self.line_cells(line)))
            .collect()
    }

    /// Reads a board: N lines of N symbols (N = 5 or 7, from the input),
    /// colours as digits `1`–`7` or letters `A`–`G` (either case), `.` for
    /// an empty cell. Spaces and tabs within a line are ignored, as are blank
    /// lines at the start and the end, and a byte-order mark. A text beyond
    /// [`Bounds::BOARD`] is refused at the line where it goes beyond them.
    pub fn parse(text: &str) -> Result<Board, BoardParseError> {
        use BoardParseErrorKind as K;
        let text = without_bom(text);
        Bounds::BOARD
            .check(text)
            .map_err(|(line, what)| BoardParseError::new(line, 1, K::TooLong(what)))?;
        let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
        let first = lines.iter().position(|(_, l)| !l.trim().is_empty());
        let last = lines.iter().rposition(|(_, l)| !l.trim().is_empty());
        let (Some(first), Some(last)) = (first, last) else {
            return Err(BoardParseError::new(1, 1, K::NoBoard));
        };
        let lines = &lines[first..=last];
        let symbols = |line: &str| -> Vec<(usize, char)> {
            line.chars()
                .enumerate()
                .filter(|(_, ch)| !matches!(ch, ' ' | '\t' | '\r'))
                .map(|(i, ch)| (i + 1, ch))
                .collect()
        };
        let (first_no, first_line) = lines[0];
        let n = symbols(first_line).len();
        let Some(size) = Size::from_n(n) else {
            return Err(BoardParseError::new(first_no, 1, K::BadWidth { found: n }));
        };
        let mut board = Board::new(size);
        let mut counts = [0usize; MAX_N];
        for (row, &(line_no, line)) in lines.iter().enumerate() {
            let syms = symbols(line);
            if row >= n {
                return Err(BoardParseError::new(line_no, 1, K::TooManyLines { expected: n }));
            }
            if syms.len() != n {
                let column = syms.get(n).map_or(line.chars().count() + 1, |&(c, _)| c);
                return Err(BoardParseError::new(
                    line_no,
                    column,
                    K::Ragged {
                        expected: n,
                        found: syms.len(),
                    },
                ));
            }
            for (col, &(column, ch)) in syms.iter().enumerate() {
                if ch == '.' {
                    continue;
                }
                let Some(colour) = Colour::from_symbol(ch) else {
                    return Err(BoardParseError::new(line_no, column, K::UnknownSymbol(ch)));
                };
                if !size.has_colour(colour) {
                    return Err(BoardParseError::new(
                        line_no,
                        column,
                        K::NoSuchColour { symbol: ch, size },
                    ));
                }
                counts[colour.index()] += 1;
                if counts[colour.index()] > n {
                    return Err(BoardParseError::new(line_no, column, K::TooMany { colour, max: n }));
                }
                if let Some(cell) = Cell::new(row, col) {
                    board.put(cell, colour);
                }
            }
        }
        if lines.len() < n {
            let line_no = lines[lines.len() - 1].0 + 1;
            return Err(BoardParseError::new(
                line_no,
                1,
                K::TooFewLines {
                    expected: n,
                    found: lines.len(),
                },
            ));
        }
        Ok(board)
    }
}

/// The bits of the cells of a board of `size`.
const fn board_mask(size: Size) -> u64 {
    match size {
        Size::Seven => (1 << 49) - 1,
        // Rows 0-4, columns 0-4.
        Size::Five => 0x1f | 0x1f << 7 | 0x1f << 14 | 0x1f << 21 | 0x1f << 28,
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board {}\n{self}", self.size)
    }
}

impl fmt::Display for Board {
    /// N lines of N symbols: the colour digit, or `.` for an empty cell.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size.n();
        for r in 0..n {
            for c in 0..n {
                match self.cells[r * MAX_N + c] {
                    0 => write!(f, ".")?,
                    v => write!(f, "{v}")?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl FromStr for Board {
    type Err = BoardParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Board::parse(s)
    }
}

/// A board text that could not be read, with the place of the fault (its
/// line and column, from 1) and what is wrong.
pub type BoardParseError = TextError<BoardParseErrorKind>;

/// What is wrong with a board text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardParseErrorKind {
    /// The input holds no board at all.
    NoBoard,
    /// The first line's width is neither 5 nor 7.
    BadWidth {
        /// Symbols found on the line.
        found: usize,
    },
    /// A line's width differs from the first line's.
    Ragged {
        /// The board's width.
        expected: usize,
        /// Symbols found on this line.
        found: usize,
    },
    /// More lines than the board is wide.
    TooManyLines {
        /// The board's width.
        expected: usize,
    },
    /// Fewer lines than the board is wide.
    TooFewLines {
        /// The board's width.
        expected: usize,
        /// Lines found.
        found: usize,
    },
    /// A symbol that is neither a colour nor `.`.
    UnknownSymbol(char),
    /// A colour beyond the board's N colours (`6` on a 5×5 board).
    NoSuchColour {
        /// The symbol read.
        symbol: char,
        /// The board size.
        size: Size,
    },
    /// More than N counters of one colour.
    TooMany {
        /// The colour.
        colour: Colour,
        /// N, the number of counters of each colour.
        max: usize,
    },
    /// A line, or the whole text, too long to be a board's.
    TooLong(TooLong),
}

impl fmt::Display for BoardParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use BoardParseErrorKind as K;
        match self {
            K::NoBoard => write!(f, "no board in the input (expected 5 or 7 lines of 5 or 7 cells)"),
            K::BadWidth { found } => {
                write!(f, "a board line has 5 or 7 cells, this one has {found}")
            }
            K::Ragged { expected, found } => {
                write!(f, "this line has {found} cells, the board is {expected} wide")
            }
            K::TooManyLines { expected } => {
                write!(f, "one line too many: a board {expected} wide has {expected} lines")
            }
            K::TooFewLines { expected, found } => {
                write!(f, "only {found} lines: a board {expected} wide has {expected} lines")
            }
            K::UnknownSymbol(ch) => write!(
                f,
                "'{}' is not a cell: use a colour 1-7 or A-G, or '.' for an empty cell",
                ch.escape_debug()
            ),
            K::NoSuchColour { symbol, size } => {
                write!(
                    f,
                    "colour '{symbol}' does not exist on a {size} board (it has {} colours)",
                    size.n()
                )
            }
            K::TooMany { colour, max } => {
                write!(f, "more than {max} counters of colour {colour} ({})", colour.name())
            }
            K::TooLong(what) => write!(f, "{what}"),
        }
    }
}
