use std::fmt;

use crate::{Move, MoveError, MoveList, Position, Side, Square, SquareSet};

/// A game is drawn when this many moves (passes included) have been played
/// without a winner.
pub const MOVE_LIMIT: usize = 200;

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum WinReason {
    /// The winner's own move dispersed its pieces.
    Dispersed,
    /// The loser's move left the winner's pieces dispersed (and not its own).
    DispersedByOpponent,
}

/// A win and its reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Win {
    /// The side that won.
    pub winner: Side,
    /// Why.
    pub reason: WinReason,
}

/// Why a game was drawn (this project's reading: seed 002 gives no draws).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum DrawReason {
    /// Both players passed, one after the other.
    SuccessivePasses,
    /// The same position, with the same player to move, occurred a third time.
    Repetition,
    /// [`MOVE_LIMIT`] moves were played without a winner.
    MoveLimit,
}

/// How a game ended.
///
/// ```
/// use carreno_rules::{DrawReason, GameResult, Side, Win, WinReason};
/// let win = GameResult::Win(Win { winner: Side::S, reason: WinReason::Dispersed });
/// assert_eq!(win.to_string(), "S wins: every S piece touches O pieces only");
/// assert_eq!(win.winner(), Some(Side::S));
/// let draw = GameResult::Draw(DrawReason::Repetition);
/// assert_eq!(draw.winner(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum GameResult {
    /// A side won.
    Win(Win),
    /// Nobody won.
    Draw(DrawReason),
}

impl GameResult {
    /// The winner (`None` for a draw).
    pub const fn winner(self) -> Option<Side> {
        match self {
            GameResult::Win(win) => Some(win.winner),
            GameResult::Draw(_) => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameResult::Win(Win {
                winner,
                reason: WinReason::Dispersed,
            }) => write!(
                f,
                "{winner} wins: every {winner} piece touches {} pieces only",
                winner.other()
            ),
            GameResult::Win(Win {
                winner,
                reason: WinReason::DispersedByOpponent,
            }) => write!(
                f,
                "{winner} wins: {}'s move left every {winner} piece touching {} pieces only",
                winner.other(),
                winner.other()
            ),
            GameResult::Draw(DrawReason::SuccessivePasses) => {
                write!(f, "draw: both players passed, one after the other")
            }
            GameResult::Draw(DrawReason::Repetition) => write!(
                f,
                "draw: the same position occurred a third time with the same player to move"
            ),
            GameResult::Draw(DrawReason::MoveLimit) => {
                write!(f, "draw: {MOVE_LIMIT} moves were played without a winner")
            }
        }
    }
}

/// A game: the position it started from, the moves played, and the result.
///
/// The only way to change it is [`Game::play`], which refuses an illegal
/// move (or any move once the game is over) with a [`MoveError`] and leaves
/// the game unchanged, and [`Game::undo`]. After every move the game judges
/// the result: a win ([`Position::winner`]), then the draws — two passes in
/// succession, a position occurring for the third time with the same player
/// to move, [`MOVE_LIMIT`] moves.
///
/// ```
/// use carreno_rules::{DrawReason, Game, GameResult, Move};
/// let mut game = Game::new();
/// for text in ["b1-b2", "b5-b4", "b2-b1", "b4-b5", "b1-b2", "b5-b4", "b2-b1"] {
///     assert_eq!(game.play(text.parse::<Move>()?)?, None);
/// }
/// // The start position, O to move, for the third time.
/// assert_eq!(game.play("b4-b5".parse::<Move>()?)?, Some(GameResult::Draw(DrawReason::Repetition)));
/// assert!(game.legal_moves().is_empty());
/// assert_eq!(game.move_text(), "1. b1-b2 b5-b4 2. b2-b1 b4-b5 3. b1-b2 b5-b4 4. b2-b1 b4-b5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// `positions[i]` is the position after `i` moves.
    positions: Vec<Position>,
    moves: Vec<Move>,
    result: Option<GameResult>,
}

impl Game {
    /// A game from the start position (seed 002's Fig. 1, O to move).
    pub fn new() -> Game {
        Game::from_position(Position::START)
    }

    /// A game from `start`. When a side is already dispersed there, the game
    /// is over at once, judged as if the side not to move had just moved
    /// ([`Position::winner`]).
    pub fn from_position(start: Position) -> Game {
        let mut positions = Vec::with_capacity(MOVE_LIMIT + 1);
        positions.push(start);
        Game {
            positions,
            moves: Vec::with_capacity(MOVE_LIMIT),
            result: start.winner().map(GameResult::Win),
        }
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&Position::START)
    }

    /// The side to move (the side that would move, once the game is over).
    pub fn to_move(&self) -> Side {
        self.position().to_move()
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every position of the game: the start, then the one after each move.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// How the game ended (`None` while it goes on).
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// How many times the current position (with the same side to move)
    /// has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions.iter().filter(|p| *p == now).count()
    }

    /// The moves left before the game is drawn by the move limit.
    pub fn moves_left(&self) -> usize {
        MOVE_LIMIT.saturating_sub(self.moves.len())
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        if self.is_over() {
            MoveList::new()
        } else {
            self.position().legal_moves()
        }
    }

    /// Where the piece on `square` may move now, or why it may not
    /// (see [`Position::piece_moves`]; [`MoveError::GameOver`] once the game is over).
    pub fn piece_moves(&self, square: Square) -> Result<SquareSet, MoveError> {
        self.check_not_over()?;
        self.position().piece_moves(square)
    }

    /// The isolated pieces of `side` now: those to show in check when it is `side`'s turn.
    pub fn isolated(&self, side: Side) -> SquareSet {
        self.position().board().isolated(side)
    }

    fn check_not_over(&self) -> Result<(), MoveError> {
        match self.result {
            Some(result) => Err(MoveError::GameOver(result)),
            None => Ok(()),
        }
    }

    /// Checks that `mv` is legal now, or says why not.
    pub fn check_move(&self, mv: Move) -> Result<(), MoveError> {
        self.check_not_over()?;
        self.position().check_move(mv)
    }

    /// Plays `mv`, or refuses it and changes nothing. Returns the result
    /// when the move ends the game.
    pub fn play(&mut self, mv: Move) -> Result<Option<GameResult>, MoveError> {
        self.check_not_over()?;
        let next = self.position().play(mv)?;
        let passes = mv.is_pass() && self.moves.last().is_some_and(|m| m.is_pass());
        self.positions.push(next);
        self.moves.push(mv);
        self.result = if let Some(win) = next.winner() {
            Some(GameResult::Win(win))
        } else if passes {
            Some(GameResult::Draw(DrawReason::SuccessivePasses))
        } else if self.repetitions() >= 3 {
            Some(GameResult::Draw(DrawReason::Repetition))
        } else if self.moves.len() >= MOVE_LIMIT {
            Some(GameResult::Draw(DrawReason::MoveLimit))
        } else {
            None
        };
        Ok(self.result)
    }

    /// Takes back the last move (and the result it brought); `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.result = None;
        Some(mv)
    }

    /// The moves in notation, numbered in pairs from the first mover's:
    /// `1. a2-b3 a4-b4 2. …`.
    pub fn move_text(&self) -> String {
        let mut text = String::new();
        for (i, mv) in self.moves.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            if i % 2 == 0 {
                text.push_str(&format!("{}. ", i / 2 + 1));
            }
            text.push_str(&mv.to_string());
        }
        text
    }

    /// The record of the game, which [`GameRecord::replay`] turns back into
    /// an identical game.
    pub fn record(&self) -> GameRecord {
        GameRecord {
            start: *self.start(),
            moves: self.moves.clone(),
        }
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}

/// A game as played: its start position and its moves, in notation under
/// serde (`{"start": "SSSSS/S...S/...../O...O/OOOOO O", "moves": ["a2-b3", …]}`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameRecord {
    /// The position the game started from.
    #[cfg_attr(feature = "serde", serde(default))]
    pub start: Position,
    /// The moves in order.
    pub moves: Vec<Move>,
}

impl GameRecord {
    /// Plays the record again from its start, checking every move.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = Game::from_position(self.start);
        for (i, &mv) in self.moves.iter().enumerate() {
            game.play(mv).map_err(|error| ReplayError {
                number: i + 1,
                mv,
                error,
            })?;
        }
        Ok(game)
    }
}

/// A record whose moves do not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The faulty move's number, from 1.
    pub number: usize,
    /// The move.
    pub mv: Move,
    /// Why it was refused.
    pub error: MoveError,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} ({}): {}", self.number, self.mv, self.error)
    }
}

impl std::error::Error for ReplayError {}

#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    /// A game is saved as its [`GameRecord`].
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.record().serialize(serializer)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    /// A game is read from its [`GameRecord`], every move checked.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        GameRecord::deserialize(deserializer)?
            .replay()
            .map_err(serde::de::Error::custom)
    }
}
