//! The rules of **Entropy**, Eric Solomon's game of Order and Chaos (sold as
//! Hyle and Hyle 7), as a plain-Rust library: no engine, no I/O, no clock
//! (a caller keeps the clocks and tells the rules what they read).
//!
//! A 7×7 board (or the 5×5 variant) and a bag of N counters of each of N
//! colours. *Chaos* draws a counter at random and places it on any empty
//! cell; *Order* may then slide any one counter like a rook, or pass. When the
//! board is full, Order scores every palindromic run of colours (length ≥ 2)
//! in every row and column, each run worth its length. Two rounds with the
//! roles swapped make a [`Match`].
//!
//! The types:
//! - [`Size`], [`Colour`], [`Cell`], [`Line`], [`CellSet`]: small `Copy` values with invariants.
//! - [`Placement`], [`Slide`], [`OrderMove`], [`Turn`]: moves, with CodeCup notation
//!   (`Dc` for a cell, `3Dc` for a placement of colour 3, `DcDf` for a slide,
//!   a cell twice for a pass).
//! - [`Board`]: counters on cells; scoring of full and partial boards, with a
//!   per-line [`LineScore`] breakdown in the order the rules count aloud;
//!   each row and column also as a [`LineCode`], one number that indexes
//!   [`line_score_table`].
//! - [`Counts`] and [`Bag`]: what is left to draw, and the seeded bag itself.
//! - [`Position`]: everything a player may know (board, counts, phase) and the
//!   phase machine with legal-move generation. `Copy`, allocation-free: the
//!   AI's working type. It never holds the bag's hidden order.
//! - [`Round`]: a [`Position`] plus its [`Bag`] and history; [`Round::apply`]
//!   takes an [`Action`] and refuses illegal ones with a [`MoveError`],
//!   changing nothing.
//! - [`Match`]: two rounds, totals and the [`Outcome`]; tournament play
//!   (the Mind Sports Olympiad's rules): a [`TimeControl`], the clocks'
//!   readings ([`TimeLeft`], [`TurnClocks`]), a player's flag falling
//!   ([`Match::flag`], [`FlagFall`]) and the moves the rules then play
//!   ([`Match::forced_action`]), touch move ([`Touched`]).
//! - [`SimultaneousMatch`]: the simultaneous match, a board per player fed
//!   by one queue of draws, its record ([`SimultaneousRecord`]) and file
//!   ([`SimultaneousFile`]).
//! - [`RoundRecord`] and [`MatchRecord`]: game records that replay to the
//!   identical state (serde behind the default `serde` feature).
//! - [`MatchFile`]: a match as a text file a person can read (tags, then
//!   each round's turns), and back, with errors that name the line;
//!   [`AnyMatchFile`] reads it or a simultaneous match's.
//! - [`text`] (from `board_basics`): bounds on text read from outside
//!   ([`Bounds`]: [`Bounds::BOARD`] for a board, [`MatchFile::BOUNDS`]), and
//!   the short escaped excerpt of it that an error message quotes.

mod bag;
mod board;
mod cell;
mod colour;
mod error;
mod game_match;
mod match_text;
mod moves;
mod position;
mod record;
mod round;
mod score;
mod simultaneous;
mod tournament;

pub use bag::{Bag, Counts};
pub use board::{Board, BoardParseError, BoardParseErrorKind};
pub use board_basics::NotationError;
pub use board_basics::text::{self, Bounds, TooLong};
pub use cell::{Cell, CellSet, Line};
pub use colour::{Colour, Size};
pub use error::{MoveError, UndoError};
pub use game_match::{Forfeit, Match, MatchError, Outcome, Player, Role};
pub use match_text::{
    AnyMatchFile, Ending, MatchFile, MatchFileError, MatchFileErrorKind, MatchTags, PlayerTags, SimultaneousFile,
};
pub use moves::{Move, MoveList, OrderMove, Placement, Slide, Turn};
pub use position::{Phase, Position};
pub use record::{BagSpec, MatchRecord, ReplayError, ReplayErrorKind, RoundRecord};
pub use round::{Action, Event, Round};
pub use score::{LineCode, LineScore, Run, TallyStep, line_score, line_score_table, tally};
pub use simultaneous::{Pending, SimultaneousMatch, SimultaneousRecord, SimultaneousReplayError, SimultaneousStep};
pub use tournament::{FlagFall, TimeControl, TimeLeft, Touched, TurnClocks};

/// The largest board side the crate supports (the standard game).
pub const MAX_N: usize = 7;
