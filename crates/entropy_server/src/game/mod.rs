//! One game as the server holds it: the rules crate's match, the clocks,
//! and the versioned events that make it what it is. Plain and synchronous:
//! time comes in as an argument ([`Millis`]), nothing here reads a clock,
//! a socket or a database.
//!
//! (Interface agreed between the game module and the rest of the server;
//! bodies to be written.)

use entropy_protocol::fairness::Secret;
use entropy_protocol::{Clocks, GameEvent, GameId, GameOptions, Seat};

/// Milliseconds since 1970, as the server's clock reads them.
pub type Millis = i64;

/// What a player asks of a game (from [`entropy_protocol::ClientMessage`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move in CodeCup notation, made having seen the game up to `version`.
    Play { version: u64, action: String },
    Resign,
    Abort,
    Takeback,
    DeclineTakeback,
    Rematch,
    DeclineRematch,
}

/// How a finished game counts for the ratings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finish {
    /// Player 0's score: 1, ½ or 0.
    pub score: f64,
    /// Whether it counts (a rated game that was not aborted).
    pub rated: bool,
}

/// One game: its match and its events.
pub struct Game {
    _private: (),
}

impl Game {
    /// A new game: it and its first events (Started, then the first draw).
    pub fn start(
        players: [Seat; 2],
        options: GameOptions,
        first_order: u8,
        secret: Secret,
        rematch_of: Option<GameId>,
        now: Millis,
    ) -> (Game, Vec<GameEvent>) {
        let _ = (players, options, first_order, secret, rematch_of, now);
        unimplemented!()
    }

    /// The game that `events` (each with the time it happened) make, its
    /// bags drawn from `secret`: how a game is read back from storage.
    pub fn replay(secret: Secret, events: &[(GameEvent, Millis)]) -> Result<Game, String> {
        let _ = (secret, events);
        unimplemented!()
    }

    /// Applies one stored event that another process wrote (the next version).
    pub fn absorb(&mut self, event: &GameEvent, at: Millis) -> Result<(), String> {
        let _ = (event, at);
        unimplemented!()
    }

    /// The version of the last event (1 after Started).
    pub fn version(&self) -> u64 {
        unimplemented!()
    }

    /// The players' seats and the options, as Started said.
    pub fn players(&self) -> &[Seat; 2] {
        unimplemented!()
    }

    pub fn options(&self) -> GameOptions {
        unimplemented!()
    }

    /// A player's command: the events it makes (none for a move already
    /// played, sent again), or a refusal with its reason; a refusal changes nothing.
    pub fn command(&mut self, player: u8, command: Command, now: Millis) -> Result<Vec<GameEvent>, String> {
        let _ = (player, command, now);
        unimplemented!()
    }

    /// What the clock makes happen by `now`: a flag falling and the moves
    /// the rules then play, a correspondence move's days running out.
    pub fn tick(&mut self, now: Millis) -> Vec<GameEvent> {
        let _ = now;
        unimplemented!()
    }

    /// When [`Game::tick`] next has something to do, if ever.
    pub fn deadline(&self) -> Option<Millis> {
        unimplemented!()
    }

    /// The server was down from `since` to `now`: the event that gives the
    /// player to move that time back (applied to the game), if a clock runs.
    pub fn resume(&mut self, since: Millis, now: Millis) -> Option<GameEvent> {
        let _ = (since, now);
        unimplemented!()
    }

    /// The clocks as they read at `now` (None without a clock).
    pub fn clocks(&self, now: Millis) -> Option<Clocks> {
        let _ = now;
        unimplemented!()
    }

    /// Whether the game has ended (Ended was its last event but for rematch offers).
    pub fn is_over(&self) -> bool {
        unimplemented!()
    }

    /// How it ended, for the ratings (None while it goes on).
    pub fn finish(&self) -> Option<Finish> {
        unimplemented!()
    }

    /// The finished game as a match file (the project's format), with the
    /// players, their ratings, the time control, each move's clock, the
    /// seed and its hash. `date` is written as given.
    pub fn match_file(&self, id: &str, date: &str) -> String {
        let _ = (id, date);
        unimplemented!()
    }
}
