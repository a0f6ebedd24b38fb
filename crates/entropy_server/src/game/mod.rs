//! One game as the server holds it: the rules crate's match, the clocks,
//! and the versioned events that make it what it is. Plain and synchronous:
//! time comes in as an argument ([`Millis`]), nothing here reads a clock,
//! a socket or a database.
//!
//! A game is its events: every change is one [`GameEvent`], numbered 1, 2,
//! 3… (the version), and the same code applies an event whether the game
//! makes it ([`Game::command`], [`Game::tick`], [`Game::resume`]) or reads
//! it back from storage ([`Game::absorb`], [`Game::replay`]), so a game
//! read back is the game that was played. After each event the game makes
//! the events that follow from it by themselves, at once and at the same
//! time: Chaos's draws (the server draws for every Chaos as soon as a
//! counter is due, so a client always sees the counter it places), the end
//! of the first round, the moves the rules play for a player whose flag
//! has fallen, and the end of the game. Round 2's first draw alone waits:
//! for the count between the rounds (`count.rs`), during which no clock
//! runs.
//!
//! The files: `engine.rs` applies one event and makes the automatic ones;
//! `command.rs` turns a player's command into events; `clock.rs` keeps the
//! clocks; `count.rs` the count between the rounds; `rules.rs` is either
//! kind of match behind one interface; `archive.rs` writes the match file.
//!
//! Ratings: a game does not rate itself. When a rated game ends, the
//! storage rates it in the transaction that stores the end and makes the
//! [`GameEvent::Rated`] that follows [`GameEvent::Ended`], which the game
//! then [`Game::absorb`]s like any stored event (refused before the end,
//! in a casual or aborted game, and twice).
//!
//! Rematches: the second player to ask makes a second
//! [`GameEvent::RematchOffered`], after which [`Game::rematch_agreed`] is
//! true; the caller then starts the new game (with [`Game::players`],
//! [`Game::options`] and the other player as first Order,
//! [`Game::rematch_first_order`]) and records it here by
//! [`Game::absorb`]ing a [`GameEvent::Rematch`] naming it.
//!
//! Takebacks: the last move of the player who asked is taken back, with
//! every move after it (the opponent's answer), in the round being played.
//! The rules take back a placement by putting the counter back in Chaos's
//! hand, and an Order move by putting back in the bag the counter drawn
//! after it; the bag's order is fixed by the seed, so that counter is the
//! one drawn again (a [`GameEvent::Drew`] of the same colour follows the
//! move played instead). No counter is ever drawn anew.

mod archive;
mod clock;
mod command;
mod count;
mod engine;
mod rules;
#[cfg(test)]
mod tests;

use std::fmt;

use entropy_protocol::fairness::Secret;
use entropy_protocol::{Clocks, GameEvent, GameId, GameOptions, RatingChange, Seat};

pub use clock::LAG_ALLOWANCE_MS;
pub use count::COUNT_WITHIN;

use clock::Clock;
use count::Count;
use rules::Rules;

/// Milliseconds since 1970, as the server's clock reads them.
pub type Millis = i64;

/// What a player asks of a game (from [`entropy_protocol::ClientMessage`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A move in CodeCup notation, made having seen the game up to `version`.
    Play {
        version: u64,
        action: String,
    },
    Resign,
    Abort,
    Takeback,
    DeclineTakeback,
    Rematch,
    DeclineRematch,
    /// The player has seen the count between the rounds end (or skipped
    /// it), having seen the game up to `version`.
    CountSeen {
        version: u64,
    },
}

/// How a finished game counts for the ratings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Finish {
    /// Player 0's score: 1, ½ or 0.
    pub score: f64,
    /// Whether it counts (a rated game that was not aborted).
    pub rated: bool,
}

/// A move in force: who made it, in which round (0 in the simultaneous
/// match). Taken back moves are gone from the list.
#[derive(Clone, Copy, Debug)]
struct Played {
    player: usize,
    round: usize,
}

/// One game: its match and its events.
pub struct Game {
    /// Revealed by [`GameEvent::Ended`], never before.
    secret: Secret,
    players: [Seat; 2],
    options: GameOptions,
    first_order: u8,
    rules: Rules,
    clock: Clock,
    /// Every event with its time; the version is its index plus one.
    events: Vec<(GameEvent, Millis)>,
    /// The placements and Order moves in force, in the order played.
    log: Vec<Played>,
    /// The simultaneous match: the colour just drawn for board 0, which
    /// board 1's [`GameEvent::Drew`] announces next.
    echo: Option<u8>,
    /// The player who aborted the game.
    aborted: Option<u8>,
    /// Whether [`GameEvent::Ended`] has been made.
    ended: bool,
    /// The count between the rounds, from RoundOver to round 2's first draw.
    count: Option<Count>,
    /// The player whose takeback offer stands.
    takeback_offer: Option<u8>,
    /// Which players have asked for a rematch.
    rematch_offers: [bool; 2],
    /// The rematch's game, once it began.
    rematch: Option<GameId>,
    /// A rated game's ratings' change, once stored ([`GameEvent::Rated`]).
    rated: Option<[RatingChange; 2]>,
}

impl fmt::Debug for Game {
    /// The game's version, players and options; never its secret.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("version", &self.version())
            .field("players", &self.players)
            .field("options", &self.options)
            .field("over", &self.ended)
            .finish_non_exhaustive()
    }
}

impl Game {
    /// A new game: it and its first events (Started, then the first draw).
    /// `options` are checked by the caller ([`GameOptions::check`]): a size
    /// other than 5 plays on 7×7, a `first_order` other than 0 is 1.
    pub fn start(
        players: [Seat; 2],
        options: GameOptions,
        first_order: u8,
        secret: Secret,
        rematch_of: Option<GameId>,
        now: Millis,
    ) -> (Game, Vec<GameEvent>) {
        let mut game = Game::new(players, options, first_order, secret);
        let started = GameEvent::Started {
            players: game.players.clone(),
            options,
            first_order: game.first_order,
            seed_hash: secret.commitment(),
            rematch_of,
        };
        game.events.push((started.clone(), now));
        let mut events = vec![started];
        game.settle(now, &mut events);
        (game, events)
    }

    /// The game that `events` (each with the time it happened) make, its
    /// bags drawn from `secret`: how a game is read back from storage.
    /// Refused, with the event at fault, when an event is not what the
    /// game makes or allows. If the events stop short of what follows by
    /// itself (a draw, the end), [`Game::tick`] makes it.
    pub fn replay(secret: Secret, events: &[(GameEvent, Millis)]) -> Result<Game, String> {
        let Some(((first, at), rest)) = events.split_first() else {
            return Err("no events: a game begins with its Started event".into());
        };
        let GameEvent::Started {
            players,
            options,
            first_order,
            seed_hash,
            ..
        } = first
        else {
            return Err(format!("event 1 is {}, not started", engine::name(first)));
        };
        options.check().map_err(|e| format!("event 1: {e}"))?;
        if *first_order > 1 {
            return Err(format!("event 1: the first Order is player 0 or 1, not {first_order}"));
        }
        if secret.commitment() != *seed_hash {
            return Err("event 1: the secret does not hash to the seed hash published".into());
        }
        let mut game = Game::new(players.clone(), *options, *first_order, secret);
        game.events.push((first.clone(), *at));
        for (event, at) in rest {
            let version = game.version() + 1;
            game.absorb(event, *at).map_err(|e| format!("event {version}: {e}"))?;
        }
        Ok(game)
    }

    /// Applies one stored event that another process wrote (the next version).
    pub fn absorb(&mut self, event: &GameEvent, at: Millis) -> Result<(), String> {
        if matches!(event, GameEvent::Started { .. }) {
            return Err("the game has started already".into());
        }
        let at = self.at(at);
        self.push(event.clone(), at)
    }

    /// The version of the last event (1 after Started).
    pub fn version(&self) -> u64 {
        self.events.len() as u64
    }

    /// Every event so far with its time, version 1 first.
    pub fn events(&self) -> &[(GameEvent, Millis)] {
        &self.events
    }

    /// The players' seats and the options, as Started said.
    pub fn players(&self) -> &[Seat; 2] {
        &self.players
    }

    pub fn options(&self) -> GameOptions {
        self.options
    }

    /// The players who owe a move now and play it themselves (not a player
    /// whose flag has fallen); none once the game is over, nor during the
    /// count between the rounds. In the simultaneous match, both may.
    pub fn to_move(&self) -> Vec<u8> {
        if self.ended || self.aborted.is_some() || self.rules.is_over() || self.count.is_some() {
            return Vec::new();
        }
        let mut players: Vec<u8> = self
            .rules
            .owed()
            .into_iter()
            .filter(|owed| !self.rules.is_flagged(owed.player))
            .map(|owed| owed.player as u8)
            .collect();
        players.dedup();
        players
    }

    /// The player who is Order first (in the simultaneous match, 0).
    pub fn first_order(&self) -> u8 {
        self.first_order
    }

    /// A player's command: the events it makes (none for a move already
    /// played, sent again), or a refusal with its reason; a refusal changes nothing.
    pub fn command(&mut self, player: u8, command: Command, now: Millis) -> Result<Vec<GameEvent>, String> {
        self.command_at(player, command, now)
    }

    /// What the clock makes happen by `now`: a flag falling and the moves
    /// the rules then play, a correspondence move's days running out, round
    /// 2 beginning when the count between the rounds reaches its bound.
    /// (Also any event that follows by itself and is not made yet, as
    /// after a [`Game::replay`] of events that stop short.)
    pub fn tick(&mut self, now: Millis) -> Vec<GameEvent> {
        self.tick_at(now)
    }

    /// When [`Game::tick`] next has something to do, if ever.
    pub fn deadline(&self) -> Option<Millis> {
        if self.ended {
            return None;
        }
        if self.automatic().is_some() {
            return self.events.last().map(|&(_, at)| at);
        }
        if let Some(bound) = self.count_deadline() {
            return Some(bound);
        }
        self.clock.next_deadline().map(|(_, deadline)| deadline)
    }

    /// The server was down from `since` to `now`: the event that gives the
    /// player to move that time back (applied to the game), if a clock runs.
    /// No clock is given back more than it ran since it started.
    pub fn resume(&mut self, since: Millis, now: Millis) -> Option<GameEvent> {
        if self.ended || !self.clock.any_runs() || self.automatic().is_some() {
            return None;
        }
        let at = self.at(now);
        let ms = u64::try_from(at - since).ok().filter(|&ms| ms > 0)?;
        let event = GameEvent::Resumed { ms };
        self.push(event.clone(), at).ok()?;
        Some(event)
    }

    /// The clocks as they read at `now` (None without a clock). Live: each
    /// player's time for the match; correspondence: the time left for the
    /// move owed (a player who owes none: a whole move's days). `running`
    /// is `None` while both clocks run (the simultaneous match).
    pub fn clocks(&self, now: Millis) -> Option<Clocks> {
        self.clock.reading(self.at(now))
    }

    /// Whether the game has ended (Ended was its last event but for its
    /// ratings' change and rematch offers).
    pub fn is_over(&self) -> bool {
        self.ended
    }

    /// What a rated game did to its players' ratings, once the server has
    /// stored it ([`GameEvent::Rated`], right after the end).
    pub fn rating_changes(&self) -> Option<[RatingChange; 2]> {
        self.rated
    }

    /// How it ended, for the ratings (None while it goes on). An aborted
    /// game counts ½ and is not rated.
    pub fn finish(&self) -> Option<Finish> {
        if !self.ended {
            return None;
        }
        if self.aborted.is_some() {
            return Some(Finish {
                score: 0.5,
                rated: false,
            });
        }
        let score = match self.rules.ending().winner() {
            Some(winner) if winner.index() == 0 => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        Some(Finish {
            score,
            rated: self.options.rated,
        })
    }

    /// Whether both players asked for a rematch and it has not begun: the
    /// caller starts it and absorbs a [`GameEvent::Rematch`] naming it.
    pub fn rematch_agreed(&self) -> bool {
        self.ended && self.rematch.is_none() && self.rematch_offers == [true, true]
    }

    /// The first Order of a rematch: the other player.
    pub fn rematch_first_order(&self) -> u8 {
        1 - self.first_order
    }

    /// The finished game as a match file (the project's format), with the
    /// players, their ratings, the time control, each move's clock, the
    /// seed and its hash. `date` is written as given. A game not over is
    /// written as far as it went, without the seed.
    pub fn match_file(&self, id: &str, date: &str) -> String {
        self.file_text(id, date)
    }
}
