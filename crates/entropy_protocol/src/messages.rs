//! The messages themselves.

use serde::{Deserialize, Serialize};

use crate::{Clocks, GameEvent};

/// A game's id: a short random word the server gives it (`"k3f9q2xa"`).
pub type GameId = String;
/// A seek's (or challenge's) id, likewise.
pub type SeekId = String;

/// Which game two players play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Two rounds, the roles swapped: the usual match.
    Match,
    /// The simultaneous match: a board each, both played at once.
    Simultaneous,
}

/// How fast a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Speed {
    /// A clock for each player for the whole match, kept by the server;
    /// when a flag falls the Mind Sports Olympiad's rules play on.
    Live { seconds: u32 },
    /// Correspondence: `days` for each move; a player who lets them pass
    /// loses the match on time.
    Correspondence { days: u32 },
}

/// What a seek or a challenge offers: the game to be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameOptions {
    /// The board's side: 7 or 5.
    pub size: u8,
    pub format: Format,
    pub speed: Speed,
    /// Whether the game changes the players' ratings.
    pub rated: bool,
}

impl Default for GameOptions {
    /// 7×7, the two-round match, the Mind Sports Olympiad's 15 minutes each, casual.
    fn default() -> GameOptions {
        GameOptions {
            size: 7,
            format: Format::Match,
            speed: Speed::Live { seconds: 900 },
            rated: false,
        }
    }
}

impl GameOptions {
    /// The longest clock a live game may have: 3 hours each.
    pub const MAX_SECONDS: u32 = 3 * 3600;
    /// The shortest: one minute each.
    pub const MIN_SECONDS: u32 = 60;
    /// The most days a correspondence move may take.
    pub const MAX_DAYS: u32 = 14;

    /// Refuses options no game can be played with, saying why.
    ///
    /// ```
    /// use entropy_protocol::{GameOptions, Speed};
    /// assert!(GameOptions::default().check().is_ok());
    /// let odd = GameOptions { size: 6, ..GameOptions::default() };
    /// assert_eq!(odd.check().unwrap_err(), "the board is 7×7 or 5×5, not 6×6");
    /// let slow = GameOptions { speed: Speed::Correspondence { days: 0 }, ..GameOptions::default() };
    /// assert!(slow.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), String> {
        if self.size != 7 && self.size != 5 {
            return Err(format!("the board is 7×7 or 5×5, not {0}×{0}", self.size));
        }
        match self.speed {
            Speed::Live { seconds } if !(Self::MIN_SECONDS..=Self::MAX_SECONDS).contains(&seconds) => Err(format!(
                "a live clock has {} to {} seconds each, not {seconds}",
                Self::MIN_SECONDS,
                Self::MAX_SECONDS
            )),
            Speed::Correspondence { days } if !(1..=Self::MAX_DAYS).contains(&days) => Err(format!(
                "a correspondence move has 1 to {} days, not {days}",
                Self::MAX_DAYS
            )),
            _ => Ok(()),
        }
    }

    /// The ratings pool the game counts in: one for each board size and format.
    ///
    /// ```
    /// use entropy_protocol::GameOptions;
    /// assert_eq!(GameOptions::default().pool(), "7x7-match");
    /// ```
    pub fn pool(&self) -> String {
        let format = match self.format {
            Format::Match => "match",
            Format::Simultaneous => "simultaneous",
        };
        format!("{0}x{0}-{format}", self.size)
    }
}

/// A player as others see them.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    /// A bot account (a program, not a person).
    pub bot: bool,
    /// The player's rating in the game's pool when it started (rated games).
    pub rating: Option<f64>,
}

/// An open seek, or a challenge to one player (`to`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seek {
    pub id: SeekId,
    pub by: Seat,
    pub options: GameOptions,
    /// A challenge's player: only they may accept it.
    pub to: Option<String>,
}

/// A game under way, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LiveGame {
    pub id: GameId,
    pub players: [Seat; 2],
    pub options: GameOptions,
    /// How many watch it who do not play it (see [`ServerMessage::Spectators`]).
    #[serde(default)]
    pub spectators: u32,
}

/// A player signed in, as the lobby lists them: their name, whether they
/// are a bot, and their rating in each pool ([`GameOptions::pool`]) they
/// have played a rated game in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct OnlinePlayer {
    pub name: String,
    pub bot: bool,
    /// Pool → rating, for the pools with a rated game behind them.
    #[serde(default)]
    pub ratings: std::collections::BTreeMap<String, f64>,
}

impl OnlinePlayer {
    /// The player's rating in `pool`, if they have one there.
    ///
    /// ```
    /// use entropy_protocol::OnlinePlayer;
    /// let ann = OnlinePlayer { name: "Ann".into(), bot: false, ratings: [("7x7-match".to_string(), 1612.4)].into() };
    /// assert_eq!(ann.rating("7x7-match"), Some(1612.4));
    /// assert_eq!(ann.rating("5x5-match"), None);
    /// ```
    pub fn rating(&self, pool: &str) -> Option<f64> {
        self.ratings.get(pool).copied()
    }
}

/// What a rated game did to a player's rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
}

impl RatingChange {
    /// The change, rounded as a player reads it: `+23`, `-8`, `±0`.
    ///
    /// ```
    /// use entropy_protocol::RatingChange;
    /// assert_eq!(RatingChange { before: 1500.0, after: 1523.4 }.said(), "+23");
    /// assert_eq!(RatingChange { before: 1500.0, after: 1491.6 }.said(), "-8");
    /// assert_eq!(RatingChange { before: 1500.0, after: 1500.2 }.said(), "±0");
    /// ```
    pub fn said(&self) -> String {
        let change = (self.after.round() - self.before.round()) as i64;
        match change {
            0 => "±0".to_string(),
            c if c > 0 => format!("+{c}"),
            c => format!("{c}"),
        }
    }
}

/// What a client says, over the WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// The first message: the protocol spoken and the session's token
    /// (from the HTTP API's sign-in); without one the client only watches.
    Hello {
        protocol: u32,
        token: Option<String>,
    },
    /// Posts an open seek.
    Seek {
        options: GameOptions,
    },
    /// Challenges one player.
    Challenge {
        player: String,
        options: GameOptions,
    },
    /// Withdraws one's own seek or challenge.
    CancelSeek {
        seek: SeekId,
    },
    /// Accepts a seek or a challenge: the game starts.
    Accept {
        seek: SeekId,
    },
    /// Declines a challenge made to oneself.
    Decline {
        seek: SeekId,
    },
    /// Asks for the lobby (seeks, players online, live games), now and as it changes.
    WatchLobby,
    /// Follows a game: every event after version `since` (0 for all), then
    /// each new one. Players do this to play, and again after a reconnection.
    Watch {
        game: GameId,
        since: u64,
    },
    Unwatch {
        game: GameId,
    },
    /// A move in CodeCup notation (as in [`GameEvent::Moved`]), made having
    /// seen the game up to `version`: a move sent again after a lost
    /// connection is recognised and not played twice.
    Play {
        game: GameId,
        version: u64,
        action: String,
    },
    Resign {
        game: GameId,
    },
    /// Ends a game before each side has moved.
    Abort {
        game: GameId,
    },
    /// Offers a takeback, or accepts the opponent's offer (casual games).
    Takeback {
        game: GameId,
    },
    DeclineTakeback {
        game: GameId,
    },
    /// Offers a rematch, or accepts the opponent's offer.
    Rematch {
        game: GameId,
    },
    DeclineRematch {
        game: GameId,
    },
    /// The player has seen the count between the two rounds end, or
    /// skipped it, having seen the game up to `version` (the
    /// [`GameEvent::RoundOver`]'s version or later): round 2's first draw,
    /// and with it Chaos's clock, waits for both players' (or the server's
    /// bound). One sent again, or after round 2 began, changes nothing.
    CountSeen {
        game: GameId,
        version: u64,
    },
    Ping,
}

/// An account: its name, and whether it is a bot's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Account {
    pub name: String,
    pub bot: bool,
}

/// What the server says, over the WebSocket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to Hello: who the connection is signed in as (none: a watcher).
    Welcome {
        protocol: u32,
        account: Option<Account>,
    },
    /// A request refused, and why; nothing changed.
    Error {
        reason: String,
    },
    /// A request about a game refused, and why; the game goes on.
    Refused {
        game: GameId,
        reason: String,
    },
    /// The lobby as it stands (sent on WatchLobby and whenever it
    /// changes). A lobby too large for one message comes in parts, each
    /// under [`crate::MAX_MESSAGE`], all but the last with `more`: the
    /// lobby is the parts' lists put together ([`crate::lobby`]).
    Lobby {
        seeks: Vec<Seek>,
        online: Vec<OnlinePlayer>,
        games: Vec<LiveGame>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        more: bool,
    },
    /// One's own seek or challenge, posted.
    SeekPosted {
        seek: Seek,
    },
    /// A challenge made to this player.
    Challenged {
        seek: Seek,
    },
    /// A seek or challenge that is gone (taken, withdrawn or declined).
    SeekGone {
        seek: SeekId,
        reason: String,
    },
    /// A game begins that this client plays: watch it to play.
    GameStarted {
        game: GameId,
    },
    /// An event of a game followed, with its version and the clocks after it.
    Event {
        game: GameId,
        version: u64,
        event: GameEvent,
        clocks: Option<Clocks>,
    },
    /// A game's player has gone (lost their connection) or is back.
    Presence {
        game: GameId,
        player: u8,
        here: bool,
    },
    /// How many watch a game who do not play it: sent after Watch and
    /// whenever the number changes.
    Spectators {
        game: GameId,
        count: u32,
    },
    Pong,
}

/// The body of `POST /api/register` and `POST /api/login`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Credentials {
    pub name: String,
    pub password: String,
    /// Registers a bot account (register only).
    #[serde(default)]
    pub bot: bool,
}

/// The answer to a registration or a sign-in: the session's token, to be
/// sent as `Authorization: Bearer …` and in [`ClientMessage::Hello`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedIn {
    pub token: String,
    pub account: Account,
}

/// A finished game, as `GET /api/players/{name}/games` lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameSummary {
    pub id: GameId,
    pub players: [Seat; 2],
    pub options: GameOptions,
    pub result: String,
    /// When it ended, in seconds since 1970.
    pub ended_at: i64,
}

/// One line of `GET /api/leaderboard?pool=7x7-match`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub name: String,
    pub bot: bool,
    pub rating: f64,
    pub deviation: f64,
    pub games: u32,
}

/// The answer to `GET /api/key`: the public key the server signs its
/// match files with ([`crate::signature`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerKey {
    /// The public key, as 64 lower-case hexadecimal digits.
    pub key: String,
    /// The signature's algorithm: `"ed25519"` ([`crate::signature::ALGORITHM`]).
    pub algorithm: String,
}

/// An HTTP API error's body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    pub error: String,
}
