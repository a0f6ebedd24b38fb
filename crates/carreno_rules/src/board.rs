use std::fmt;
use std::str::FromStr;

use board_basics::TextError;
use board_basics::text::{Bounds, TooLong, excerpt, without_bom};

use crate::{SIDE, Side, Square, SquareSet};

/// The number of pieces of each side.
pub const PIECES: usize = 7;

/// The 14 pieces on the board: seven `S` and seven `O` on distinct squares.
///
/// Written as five lines of five symbols, `S`, `O` or `.` for an empty
/// square, the top row (row 5) first, as seed 002 draws its figures. Reading
/// also takes lowercase letters and blanks between the symbols, so the
/// seed's figures can be pasted as they are.
///
/// ```
/// use carreno_rules::{Board, Side};
/// let board = Board::START;
/// assert_eq!(board.to_string(), "SSSSS\nS...S\n.....\nO...O\nOOOOO\n");
/// let pasted: Board = "S S S S S\nS . . . S\n. . . . .\nO . . . O\nO O O O O".parse()?;
/// assert_eq!(pasted, board);
/// assert_eq!(board.pieces(Side::O).to_string(), "a1 b1 c1 d1 e1 a2 e2");
/// # Ok::<(), carreno_rules::BoardParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    pieces: [SquareSet; 2],
}

impl Board {
    /// Seed 002's Fig. 1: S on a5 b5 c5 d5 e5 a4 e4, O on a2 e2 a1 b1 c1 d1 e1.
    pub const START: Board = Board {
        pieces: [
            SquareSet::from_bits(0b11111_10001 << 15),
            SquareSet::from_bits(0b10001_11111),
        ],
    };

    /// The board with `s` and `o` as the two sides' pieces: seven each, on
    /// distinct squares.
    ///
    /// ```
    /// use carreno_rules::{Board, SetupError, Side, SquareSet};
    /// let s = Board::START.pieces(Side::S);
    /// assert_eq!(Board::from_sets(s, s), Err(SetupError::Overlap("a4".parse().unwrap())));
    /// assert_eq!(
    ///     Board::from_sets(s, SquareSet::EMPTY),
    ///     Err(SetupError::Count { side: Side::O, found: 0 })
    /// );
    /// ```
    pub fn from_sets(s: SquareSet, o: SquareSet) -> Result<Board, SetupError> {
        if let Some(square) = (s & o).first() {
            return Err(SetupError::Overlap(square));
        }
        for (side, set) in [(Side::S, s), (Side::O, o)] {
            if set.len() != PIECES {
                return Err(SetupError::Count { side, found: set.len() });
            }
        }
        Ok(Board { pieces: [s, o] })
    }

    /// The pieces of `side`.
    #[inline]
    pub const fn pieces(&self, side: Side) -> SquareSet {
        self.pieces[side as usize]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> SquareSet {
        self.pieces[0] | self.pieces[1]
    }

    /// Every empty square (eleven of them).
    #[inline]
    pub fn empty(&self) -> SquareSet {
        !self.occupied()
    }

    /// The side of the piece on `square`, if there is one.
    #[inline]
    pub fn side_at(&self, square: Square) -> Option<Side> {
        if self.pieces[0].contains(square) {
            Some(Side::S)
        } else if self.pieces[1].contains(square) {
            Some(Side::O)
        } else {
            None
        }
    }

    /// The pieces of `side` that touch no piece at all (of either side): the
    /// pieces that put `side` in check when its turn begins.
    #[inline]
    pub fn isolated(&self, side: Side) -> SquareSet {
        self.pieces(side) - self.occupied().neighbours()
    }

    /// The pieces of `side` that touch a piece of their own side: the only
    /// ones that may move (rule 1).
    #[inline]
    pub fn connected(&self, side: Side) -> SquareSet {
        let own = self.pieces(side);
        own & own.neighbours()
    }

    /// Whether `side` is dispersed: every one of its pieces touches at least
    /// one piece, and none touches a piece of its own side (rule 3).
    ///
    /// ```
    /// use carreno_rules::{Board, Side};
    /// let board: Board = "S.O.S\nO...O\nOS.OS\nS....\n.OOSS".parse()?;
    /// assert!(!board.is_dispersed(Side::S)); // d1 and e1 touch
    /// # Ok::<(), carreno_rules::BoardParseError>(())
    /// ```
    #[inline]
    pub fn is_dispersed(&self, side: Side) -> bool {
        let own = self.pieces(side);
        let other = self.pieces(side.other());
        (own & own.neighbours()).is_empty() && (own - other.neighbours()).is_empty()
    }

    /// The empty squares a piece on `from` reaches in a straight line, like a
    /// chess queen, whatever the rules say about whether it may move.
    #[inline]
    pub fn reach(&self, from: Square) -> SquareSet {
        from.queen_reach(self.occupied())
    }

    /// The board with the piece on `from` moved to `to` (both known to be
    /// legal: `from` occupied by `side`, `to` empty).
    #[inline]
    pub(crate) fn slid(mut self, side: Side, from: Square, to: Square) -> Board {
        debug_assert!(self.pieces(side).contains(from) && !self.occupied().contains(to));
        self.pieces[side as usize] = self.pieces[side as usize].without(from).with(to);
        self
    }

    /// Reads a board: five lines of five symbols (see [`Board`]). Blank
    /// lines before and after are skipped, and so is a byte-order mark; a
    /// fault is named by its line and column (both from 1). A text beyond
    /// [`Bounds::BOARD`] is refused at the line where it goes beyond them.
    ///
    /// ```
    /// use carreno_rules::{Board, BoardParseErrorKind};
    /// let error = Board::parse("SSSSS\nS...S\n..x..\nO...O\nOOOOO\n").unwrap_err();
    /// assert_eq!((error.line, error.column), (3, 3));
    /// assert_eq!(error.kind, BoardParseErrorKind::UnknownSymbol('x'));
    /// assert_eq!(
    ///     error.to_string(),
    ///     "line 3, column 3: 'x' is not a square; write S, O or . (an empty square)"
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<Board, BoardParseError> {
        let mut lines = Lines::new(text)?;
        let board = lines.board()?;
        lines.end()?;
        Ok(board)
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::START
    }
}

/// Numbered lines of a text, read one after the other.
pub(crate) struct Lines<'a> {
    lines: Vec<(usize, &'a str)>,
    next: usize,
}

impl<'a> Lines<'a> {
    /// The lines of `text`, a byte-order mark skipped; an error if it goes
    /// beyond [`Bounds::BOARD`].
    pub(crate) fn new(text: &'a str) -> Result<Lines<'a>, BoardParseError> {
        let text = without_bom(text);
        Bounds::BOARD
            .check(text)
            .map_err(|(line, what)| BoardParseError::new(line, 1, BoardParseErrorKind::TooLong(what)))?;
        Ok(Lines {
            lines: text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect(),
            next: 0,
        })
    }

    /// The number of the line after the last one read.
    fn line_after(&self) -> usize {
        self.lines.get(self.next).map_or(self.lines.len() + 1, |&(n, _)| n)
    }

    fn skip_blank(&mut self) {
        while self.lines.get(self.next).is_some_and(|(_, l)| l.trim().is_empty()) {
            self.next += 1;
        }
    }

    /// The next non-blank line.
    pub(crate) fn next_nonblank(&mut self) -> Option<(usize, &'a str)> {
        self.skip_blank();
        let line = self.lines.get(self.next).copied();
        self.next += usize::from(line.is_some());
        line
    }

    /// Reads five board lines, the first blank lines skipped.
    pub(crate) fn board(&mut self) -> Result<Board, BoardParseError> {
        use BoardParseErrorKind as K;
        self.skip_blank();
        if self.next >= self.lines.len() {
            return Err(BoardParseError::new(self.line_after(), 1, K::NoBoard));
        }
        let mut pieces = [SquareSet::EMPTY; 2];
        let mut last_line = 1;
        for row in 0..SIDE {
            let Some(&(number, line)) = self.lines.get(self.next) else {
                return Err(BoardParseError::new(
                    self.line_after(),
                    1,
                    K::TooFewLines { found: row },
                ));
            };
            self.next += 1;
            last_line = number;
            let symbols: Vec<(usize, char)> = line
                .chars()
                .enumerate()
                .filter(|(_, ch)| !matches!(ch, ' ' | '\t' | '\r'))
                .map(|(i, ch)| (i + 1, ch))
                .collect();
            for (file, &(column, ch)) in symbols.iter().enumerate().take(SIDE) {
                if ch == '.' {
                    continue;
                }
                let Some(side) = Side::from_symbol(ch) else {
                    return Err(BoardParseError::new(number, column, K::UnknownSymbol(ch)));
                };
                if pieces[side.index()].len() == crate::PIECES {
                    return Err(BoardParseError::new(number, column, K::TooManyPieces(side)));
                }
                if let Some(square) = Square::new(file, SIDE - 1 - row) {
                    pieces[side.index()].insert(square);
                }
            }
            if symbols.len() != SIDE {
                let column = symbols.get(SIDE).map_or(line.chars().count() + 1, |&(c, _)| c);
                return Err(BoardParseError::new(number, column, K::Width { found: symbols.len() }));
            }
        }
        for side in Side::ALL {
            let found = pieces[side.index()].len();
            if found < crate::PIECES {
                return Err(BoardParseError::new(last_line, 1, K::TooFewPieces { side, found }));
            }
        }
        Ok(Board { pieces })
    }

    /// Checks that nothing but blank lines is left.
    pub(crate) fn end(&mut self) -> Result<(), BoardParseError> {
        match self.next_nonblank() {
            Some((number, _)) => Err(BoardParseError::new(number, 1, BoardParseErrorKind::TrailingText)),
            None => Ok(()),
        }
    }
}

impl fmt::Display for Board {
    /// Five lines of `S`, `O` and `.`, row 5 first, each ended by a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..SIDE).rev() {
            for file in 0..SIDE {
                let square = Square::new(file, rank).unwrap_or(Square::A1);
                let symbol = self.side_at(square).map_or('.', Side::symbol);
                write!(f, "{symbol}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board\n{self}")
    }
}

impl FromStr for Board {
    type Err = BoardParseError;
    fn from_str(s: &str) -> Result<Board, BoardParseError> {
        Board::parse(s)
    }
}

/// Two sets of squares that do not make a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SetupError {
    /// Both sides have a piece on this square.
    Overlap(Square),
    /// A side has a number of pieces other than seven.
    Count {
        /// The side.
        side: Side,
        /// How many pieces it has.
        found: usize,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            SetupError::Overlap(square) => write!(f, "both sides have a piece on {square}"),
            SetupError::Count { side, found } => {
                write!(f, "{side} has {found} pieces; each side has {}", crate::PIECES)
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// A board or position text that could not be read, with the place of the
/// fault (its line and column, from 1) and what is wrong.
pub type BoardParseError = TextError<BoardParseErrorKind>;

/// What is wrong with a board or position text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardParseErrorKind {
    /// The input holds no board at all.
    NoBoard,
    /// A board line does not hold five squares.
    Width {
        /// Squares found on the line.
        found: usize,
    },
    /// The input ends before the fifth board line.
    TooFewLines {
        /// Board lines found.
        found: usize,
    },
    /// A symbol that is neither `S`, `O` nor `.`.
    UnknownSymbol(char),
    /// An eighth piece of a side.
    TooManyPieces(Side),
    /// A side has fewer than seven pieces.
    TooFewPieces {
        /// The side.
        side: Side,
        /// How many pieces it has.
        found: usize,
    },
    /// A position lacks the line naming the side to move.
    MissingSide,
    /// The line after the board is not `S` or `O`.
    BadSide(String),
    /// Text after the end of the board or position.
    TrailingText,
    /// A line, or the whole text, too long to be a board's or a position's.
    TooLong(TooLong),
}

impl fmt::Display for BoardParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use BoardParseErrorKind as K;
        match self {
            K::NoBoard => write!(f, "no board in the input (expected 5 lines of 5 squares: S, O or .)"),
            K::Width { found } => write!(f, "a board line has 5 squares, this one has {found}"),
            K::TooFewLines { found } => {
                write!(f, "the board ends after {found} lines; it has 5 (row 5 first)")
            }
            K::UnknownSymbol(ch) => write!(
                f,
                "'{}' is not a square; write S, O or . (an empty square)",
                ch.escape_debug()
            ),
            K::TooManyPieces(side) => write!(f, "an eighth {side} piece; each side has {}", crate::PIECES),
            K::TooFewPieces { side, found } => {
                write!(
                    f,
                    "the board has {found} {side} pieces; each side has {}",
                    crate::PIECES
                )
            }
            K::MissingSide => write!(f, "the board must be followed by a line S or O, the side to move"),
            K::BadSide(text) => write!(f, "\"{}\" is not a side to move; write S or O", excerpt(text)),
            K::TrailingText => write!(f, "unexpected text after the position"),
            K::TooLong(what) => write!(f, "{what}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_seed_002s_figure_1() {
        let text = "S S S S S\nS . . . S\n. . . . .\nO . . . O\nO O O O O\n";
        assert_eq!(Board::parse(text).unwrap(), Board::START);
        assert_eq!(Board::START.pieces(Side::S).to_string(), "a4 e4 a5 b5 c5 d5 e5");
        assert_eq!(Board::START.empty().len(), 11);
    }
}
