//! A game's events, and the clocks sent with them.

use serde::{Deserialize, Serialize};

use crate::messages::{GameId, GameOptions, RatingChange, Seat};

/// The clocks as the server read them when it sent a game's event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// Each player's time left, in milliseconds: for the match (live), or
    /// for the move (correspondence: the mover's until the deadline).
    pub left_ms: [u64; 2],
    /// The player (0 or 1) whose clock runs, if any.
    pub running: Option<u8>,
}

/// Something that happened in a game: the server numbers them 1, 2, 3… in
/// the order they happened (the version), stores them, and sends each to
/// the players and spectators; the game as it stands is what its events
/// make of it. A player is 0 or 1 (player 1 or 2 of the match file).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum GameEvent {
    /// Version 1: who plays what. `seed_hash` is the SHA-256 of the seed
    /// the bags are drawn from (see [`crate::fairness`]), published now and
    /// revealed in [`GameEvent::Ended`].
    Started {
        players: [Seat; 2],
        options: GameOptions,
        /// The player who is Order first (in the simultaneous match, the
        /// owner of board 1 is always Order on it).
        first_order: u8,
        seed_hash: String,
        /// The game this is a rematch of.
        rematch_of: Option<GameId>,
    },
    /// Chaos drew a counter, of colour 1–7, for the board `board` (0 in the
    /// two-round match; the board's owner in the simultaneous match).
    Drew {
        board: u8,
        colour: u8,
    },
    /// A move, in CodeCup notation: `Dc` places the counter drawn, `DcDf`
    /// slides, a cell twice passes. `left_ms`: the mover's clock after it
    /// (live games). `forced`: played by the rules for a player whose flag fell.
    Moved {
        board: u8,
        player: u8,
        action: String,
        left_ms: Option<u64>,
        forced: bool,
    },
    /// A player's time ran out: in a live game the rules now play their
    /// moves; in correspondence they lose.
    FlagFell {
        player: u8,
    },
    /// The first round is over; the second begins, roles swapped. The
    /// board is counted between the rounds, and no clock runs while it
    /// is: round 2's first [`GameEvent::Drew`] comes once both players
    /// have seen the count end ([`GameEvent::CountSeen`]) or the server's
    /// bound has passed since this event, whichever is first.
    RoundOver {
        totals: [u32; 2],
    },
    /// `player` has seen the count between the rounds end, or skipped it
    /// ([`crate::ClientMessage::CountSeen`]); at most once a player, only
    /// between [`GameEvent::RoundOver`] and round 2's first draw.
    CountSeen {
        player: u8,
    },
    TakebackOffered {
        player: u8,
    },
    TakebackDeclined {
        player: u8,
    },
    /// The last move of the player who asked was taken back (with the
    /// opponent's answer after it, if any); no counter is drawn again.
    TookBack {
        moves: u8,
    },
    Resigned {
        player: u8,
    },
    Aborted {
        player: u8,
    },
    /// Over: `result` as a match file says it (`1-0`, `0-1`, `1/2-1/2`, or
    /// `*` for an aborted game); the seed, revealed.
    Ended {
        result: String,
        totals: [u32; 2],
        termination: String,
        seed: String,
    },
    RematchOffered {
        player: u8,
    },
    RematchDeclined {
        player: u8,
    },
    /// Both asked: the new game, roles swapped.
    Rematch {
        game: GameId,
    },
    /// The server was down for `ms` milliseconds (a restart): the clock
    /// of the player to move is given that time back.
    Resumed {
        ms: u64,
    },
    /// A rated game's end changed both players' ratings in its pool (by
    /// player, 0 and 1): stored with the end, right after [`GameEvent::Ended`].
    Rated {
        ratings: [RatingChange; 2],
    },
}
