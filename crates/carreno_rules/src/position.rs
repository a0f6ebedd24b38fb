use std::fmt;
use std::str::FromStr;

use crate::board::Lines;
use crate::{
    Board, BoardParseError, BoardParseErrorKind, Move, MoveError, MoveList, Side, Square, SquareSet, Win, WinReason,
};

/// A board and the side to move: everything that decides the legal moves.
///
/// `Copy`, 12 bytes, and allocation-free: the AI's working type. Every method
/// keeps it legal; an illegal move is refused with a [`MoveError`] naming the
/// reason. What a position does not hold — how the game got here, and so
/// the draws by repetition, successive passes and the move limit — is the
/// business of [`crate::Game`].
///
/// Written as the board's five lines (row 5 first) and a sixth line naming
/// the side to move, `S` or `O`:
///
/// ```
/// use carreno_rules::{Move, Position, Side};
/// let start = Position::new();
/// assert_eq!(start.to_string(), "SSSSS\nS...S\n.....\nO...O\nOOOOO\nO\n");
/// assert_eq!(start.to_move(), Side::O);
/// assert_eq!(start.legal_moves().len(), 35);
/// let next = start.play("a2-c4".parse::<Move>()?)?;
/// assert_eq!(next.to_move(), Side::S);
/// assert_eq!(next.board().to_string(), "SSSSS\nS.O.S\n.....\n....O\nOOOOO\n");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    board: Board,
    to_move: Side,
}

impl Position {
    /// The start of a game: seed 002's Fig. 1, O to move.
    pub const START: Position = Position {
        board: Board::START,
        to_move: Side::O,
    };

    /// The start of a game: seed 002's Fig. 1, O to move.
    pub const fn new() -> Position {
        Position::START
    }

    /// The position with `board` and `to_move` to play.
    pub const fn from_board(board: Board, to_move: Side) -> Position {
        Position { board, to_move }
    }

    /// The pieces.
    #[inline]
    pub const fn board(&self) -> &Board {
        &self.board
    }

    /// The side to play.
    #[inline]
    pub const fn to_move(&self) -> Side {
        self.to_move
    }

    /// The pieces of `side`.
    #[inline]
    pub const fn pieces(&self, side: Side) -> SquareSet {
        self.board.pieces(side)
    }

    /// The isolated pieces of the side to move: the pieces that put it in
    /// check (rule 2). Empty when it is not in check.
    #[inline]
    pub fn checked_pieces(&self) -> SquareSet {
        self.board.isolated(self.to_move)
    }

    /// Whether the side to move is in check: one of its pieces touches no
    /// piece at all, and its move must leave none of its pieces so.
    #[inline]
    pub fn in_check(&self) -> bool {
        !self.checked_pieces().is_empty()
    }

    /// The mover's pieces that touch no piece once the piece on `from` has
    /// moved to `to`.
    #[inline]
    fn isolated_after(&self, from: Square, to: Square) -> SquareSet {
        let own = self.pieces(self.to_move).without(from).with(to);
        let occupied = self.board.occupied().without(from).with(to);
        own - occupied.neighbours()
    }

    /// Calls `f(from, to)` for every legal move of a piece (not the pass),
    /// by starting square then destination, in index order (`a1`, `b1`, …).
    #[inline]
    pub fn for_each_slide(&self, mut f: impl FnMut(Square, Square)) {
        let own = self.pieces(self.to_move);
        let occupied = self.board.occupied();
        let check = self.in_check();
        for from in own & own.neighbours() {
            for to in from.queen_reach(occupied) {
                if !check || self.isolated_after(from, to).is_empty() {
                    f(from, to);
                }
            }
        }
    }

    /// The legal moves: every legal move of a piece, in the order of
    /// [`Position::for_each_slide`], or the pass alone when there is none.
    /// Never allocates. The moves do not depend on whether a side is
    /// already dispersed (a finished game has none: see [`crate::Game`]).
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        // Cannot overflow: MAX_MOVES bounds every position.
        self.for_each_slide(|from, to| {
            let _ = moves.try_push(Move::slide(from, to));
        });
        if moves.is_empty() {
            moves.push(Move::Pass);
        }
        moves
    }

    /// The number of legal moves (the pass counts as one when it is the only move).
    #[inline]
    pub fn move_count(&self) -> usize {
        let own = self.pieces(self.to_move);
        let occupied = self.board.occupied();
        let count = if self.in_check() {
            let mut count = 0;
            self.for_each_slide(|_, _| count += 1);
            count
        } else {
            (own & own.neighbours())
                .iter()
                .map(|from| from.queen_reach(occupied).len())
                .sum()
        };
        count.max(1)
    }

    /// Whether the side to move has no legal move of a piece and must pass.
    pub fn must_pass(&self) -> bool {
        let own = self.pieces(self.to_move);
        let occupied = self.board.occupied();
        let check = self.in_check();
        !(own & own.neighbours()).iter().any(|from| {
            from.queen_reach(occupied)
                .iter()
                .any(|to| !check || self.isolated_after(from, to).is_empty())
        })
    }

    /// Where the piece on `square` may legally move, or why it may not move
    /// at all: there is no piece, it is the other side's, it touches no
    /// piece of its own side, it is hemmed in, or its side is in check and
    /// none of its moves clears the check.
    ///
    /// ```
    /// use carreno_rules::{MoveError, Position};
    /// let start = Position::new();
    /// assert_eq!(start.piece_moves("a2".parse()?)?.to_string(), "b2 c2 d2 a3 b3 c4");
    /// assert_eq!(start.piece_moves("c1".parse()?)?.to_string(), "b2 c2 d2 a3 c3 e3 c4");
    /// assert_eq!(start.piece_moves("c3".parse()?), Err(MoveError::NoPiece("c3".parse()?)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn piece_moves(&self, square: Square) -> Result<SquareSet, MoveError> {
        match self.board.side_at(square) {
            None => return Err(MoveError::NoPiece(square)),
            Some(owner) if owner != self.to_move => return Err(MoveError::NotYourPiece { square, owner }),
            Some(_) => {}
        }
        let own = self.pieces(self.to_move);
        if !own.neighbours().contains(square) {
            return Err(MoveError::NoOwnNeighbour(square));
        }
        let reach = self.board.reach(square);
        if reach.is_empty() {
            return Err(MoveError::Hemmed(square));
        }
        let check = self.checked_pieces();
        if check.is_empty() {
            return Ok(reach);
        }
        let clearing: SquareSet = reach
            .iter()
            .filter(|&to| self.isolated_after(square, to).is_empty())
            .collect();
        if clearing.is_empty() {
            return Err(MoveError::CannotClearCheck { piece: square, check });
        }
        Ok(clearing)
    }

    /// The squares the piece on `square` may legally move to (empty when it
    /// may not move; [`Position::piece_moves`] says why).
    pub fn destinations(&self, square: Square) -> SquareSet {
        self.piece_moves(square).unwrap_or_default()
    }

    /// The pieces of the side to move that have at least one legal move.
    pub fn movable_pieces(&self) -> SquareSet {
        let own = self.pieces(self.to_move);
        (own & own.neighbours())
            .iter()
            .filter(|&from| !self.destinations(from).is_empty())
            .collect()
    }

    /// Checks that `mv` is legal, or says why not.
    pub fn check_move(&self, mv: Move) -> Result<(), MoveError> {
        let Move::Slide { from, to } = mv else {
            return match self.legal_moves()[0] {
                Move::Pass => Ok(()),
                example => Err(MoveError::PassNotAllowed { example }),
            };
        };
        match self.board.side_at(from) {
            None => return Err(MoveError::NoPiece(from)),
            Some(owner) if owner != self.to_move => return Err(MoveError::NotYourPiece { square: from, owner }),
            Some(_) => {}
        }
        if !self.pieces(self.to_move).neighbours().contains(from) {
            return Err(MoveError::NoOwnNeighbour(from));
        }
        if from == to {
            return Err(MoveError::SameSquare(from));
        }
        if from.line_to(to).is_none() {
            return Err(MoveError::NotStraight { from, to });
        }
        let occupied = self.board.occupied();
        let on_the_way = from.between(to) & occupied;
        if let Some(at) = on_the_way.iter().min_by_key(|&at| from.between(at).len()) {
            return Err(MoveError::Blocked { from, to, at });
        }
        if occupied.contains(to) {
            return Err(MoveError::Blocked { from, to, at: to });
        }
        let check = self.checked_pieces();
        if !check.is_empty()
            && let Some(isolated) = self.isolated_after(from, to).first()
        {
            return Err(MoveError::LeavesCheck { isolated, check });
        }
        Ok(())
    }

    /// The position after `mv`, or why `mv` is illegal.
    pub fn play(&self, mv: Move) -> Result<Position, MoveError> {
        self.check_move(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// The position after `mv`, which must be legal (as from
    /// [`Position::legal_moves`]); an illegal move gives a position that
    /// may break the rules.
    #[inline]
    pub fn play_unchecked(&self, mv: Move) -> Position {
        let board = match mv {
            Move::Slide { from, to } => self.board.slid(self.to_move, from, to),
            Move::Pass => self.board,
        };
        Position {
            board,
            to_move: self.to_move.other(),
        }
    }

    /// Who has won, judging this position as the one a move has just made
    /// (rule 3): the side that just moved if it is dispersed; otherwise the
    /// side to move if it is dispersed; otherwise nobody.
    ///
    /// ```
    /// use carreno_rules::{Move, Position, Side, WinReason};
    /// // Seed 002's Fig. 3: S threatens d2-e1.
    /// let fig3: Position = "S.O.O\nO.SOS\nS....\nOOSSO\nS....\nS\n".parse()?;
    /// let after = fig3.play("d2-e1".parse::<Move>()?)?;
    /// let win = after.winner().unwrap();
    /// assert_eq!((win.winner, win.reason), (Side::S, WinReason::Dispersed));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn winner(&self) -> Option<Win> {
        let mover = self.to_move.other();
        if self.board.is_dispersed(mover) {
            Some(Win {
                winner: mover,
                reason: WinReason::Dispersed,
            })
        } else if self.board.is_dispersed(self.to_move) {
            Some(Win {
                winner: self.to_move,
                reason: WinReason::DispersedByOpponent,
            })
        } else {
            None
        }
    }

    /// Reads a position: the board's five lines (see [`Board`]), then a line
    /// `S` or `O` naming the side to move. Faults are named by line and column.
    ///
    /// ```
    /// use carreno_rules::{BoardParseErrorKind, Position};
    /// let error = Position::parse("SSSSS\nS...S\n.....\nO...O\nOOOOO\n").unwrap_err();
    /// assert_eq!(error.kind, BoardParseErrorKind::MissingSide);
    /// assert_eq!(error.to_string(), "line 6, column 1: the board must be followed by a line S or O, the side to move");
    /// ```
    pub fn parse(text: &str) -> Result<Position, BoardParseError> {
        let mut lines = Lines::new(text)?;
        let board = lines.board()?;
        let Some((number, line)) = lines.next_nonblank() else {
            return Err(BoardParseError::new(
                text.lines().count() + 1,
                1,
                BoardParseErrorKind::MissingSide,
            ));
        };
        let to_move = line.trim().parse::<Side>().map_err(|_| {
            let column = line.chars().position(|c| !c.is_whitespace()).unwrap_or(0) + 1;
            BoardParseError::new(number, column, BoardParseErrorKind::BadSide(line.trim().to_string()))
        })?;
        lines.end()?;
        Ok(Position { board, to_move })
    }

    /// The position on one line, rows separated by `/` and the side to move
    /// after a space: `SSSSS/S...S/...../O...O/OOOOO O`.
    pub fn to_line(&self) -> String {
        let board = self.board.to_string();
        format!("{} {}", board.trim_end().replace('\n', "/"), self.to_move)
    }

    /// Reads the one-line form of [`Position::to_line`].
    pub fn from_line(line: &str) -> Result<Position, BoardParseError> {
        let (board, side) = line.trim().rsplit_once(' ').unwrap_or((line.trim(), ""));
        Position::parse(&format!("{}\n{side}\n", board.replace('/', "\n")))
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::START
    }
}

impl fmt::Display for Position {
    /// The board's five lines, then the side to move on a sixth.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.board, self.to_move)?;
        writeln!(f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_line())
    }
}

impl FromStr for Position {
    type Err = BoardParseError;
    fn from_str(s: &str) -> Result<Position, BoardParseError> {
        Position::parse(s)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Position {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.to_line())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Position {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Position, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Position::from_line(&text).map_err(serde::de::Error::custom)
    }
}

/// The number of move sequences of `depth` moves from `position` (passes
/// included, wins ignored: a dispersed side does not end the count). The
/// classic check of a move generator.
///
/// ```
/// use carreno_rules::{Position, perft};
/// assert_eq!(perft(&Position::new(), 0), 1);
/// assert_eq!(perft(&Position::new(), 1), 35);
/// assert_eq!(perft(&Position::new(), 2), 1085);
/// ```
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.move_count() as u64,
        _ => position
            .legal_moves()
            .iter()
            .map(|&mv| perft(&position.play_unchecked(mv), depth - 1))
            .sum(),
    }
}
