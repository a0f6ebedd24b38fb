//! `entropy-cli online bot`: a bot account on a server, taking the seeks
//! and challenges that match it (or posting its own seek), playing each
//! game with the built-in AI or a CodeCup program on a thread of the game's
//! own ([`super::seats`]), until it has finished the games asked for.
//!
//! The connection comes back by itself after a loss ([`entropy_client`]);
//! if the server no longer knows the session, the bot signs in again and
//! watches its games again. A move the player answers for a position the
//! game has left is not sent; the position the game is in is asked for.
//! The bot shows no count between the rounds: it says it has seen it as
//! soon as the round is over (again on a new connection), so round 2
//! begins without waiting for the server's bound.
//!
//! A bot started again finds its games: the server follows `Welcome` with
//! a `GameStarted` for each live game the account is seated in, and the
//! bot watches each from its start and plays on (with the game's own
//! options, whatever its flags say now). It posts no seek of its own before
//! the lobby has come, which the server sends after those.
//!
//! Each game's end is said in a line (`game …: won against …, 1-0
//! (normal); 1 of 1 finished`); a rated game's says the bot's rating
//! before and after it, from the ratings' change the server stores right
//! after the end (`, rating 1500 → 1662 (+162)`), which the bot waits for.

use std::collections::{BTreeMap, HashSet};
use std::path::PathBuf;
use std::time::Duration;

use entropy_client::{Connection, GameView, Incoming, Server};
use entropy_protocol::{
    ClientMessage, Format, GameEvent, GameOptions, RatingChange, Seek, SeekId, ServerMessage, Speed,
};
use entropy_rules::{Position, Role};
use tokio::sync::mpsc;

use super::account;
use super::clock::TimeLeft;
use super::seats::{Answer, Ask, GameThread, PROGRAM_CORRESPONDENCE_TIME, SeatMaker};
use crate::arena::{PlayerSpec, derive_seed};
use crate::output;

/// Refusals of the bot's moves in one game, one after another, before it resigns it.
pub const MAX_REFUSALS: u32 = 3;
/// Times a game's events may contradict the rules before the bot resigns it.
pub const MAX_RESYNCS: u32 = 3;
/// Seeks the server may refuse, one after another, before the bot gives up.
pub const MAX_SEEK_ERRORS: u32 = 3;

/// What the bot is told to do.
#[derive(Clone, Debug)]
pub struct BotConfig {
    pub server: String,
    /// The certificate authorities to trust for `wss://` (`--ca-file`).
    pub ca_file: Option<PathBuf>,
    pub name: String,
    pub password: String,
    pub player: PlayerSpec,
    /// Post a seek and play whoever takes it (otherwise take others' seeks).
    pub seek: bool,
    /// The games it plays (and the seek it posts).
    pub options: GameOptions,
    /// Without `--clock` or `--days`: any live clock is taken.
    pub any_live_clock: bool,
    /// Stop after this many finished games.
    pub games: Option<u64>,
    pub seed: u64,
}

impl BotConfig {
    /// Whether the bot takes a game of `options`.
    pub fn takes(&self, options: &GameOptions) -> bool {
        let speed = match (options.speed, self.any_live_clock) {
            (Speed::Live { .. }, true) => true,
            (speed, _) => speed == self.options.speed,
        };
        options.check().is_ok()
            && speed
            && options.size == self.options.size
            && options.format == self.options.format
            && options.rated == self.options.rated
    }

    /// Whether the bot takes `seek`, offered to it or to all.
    pub fn takes_seek(&self, seek: &Seek) -> bool {
        seek.by.name != self.name && seek.to.as_deref().is_none_or(|to| to == self.name) && self.takes(&seek.options)
    }

    /// The longest the built-in player thinks over a move.
    fn per_move(&self) -> Duration {
        match &self.player {
            PlayerSpec::Level(level) => level.budget(),
            _ => Duration::from_secs(1),
        }
    }

    /// A program's thinking time for a round (or a board): a little less
    /// than half the match's clock, since it has two.
    fn program_time(&self, options: &GameOptions) -> Duration {
        match options.speed {
            Speed::Live { seconds } => Duration::from_secs(u64::from(seconds)).mul_f64(0.45),
            Speed::Correspondence { .. } => PROGRAM_CORRESPONDENCE_TIME,
        }
    }
}

/// The bot's own seek.
#[derive(Clone, Debug, PartialEq, Eq)]
enum SeekState {
    None,
    /// Sent, not yet posted.
    Posting,
    Posted(SeekId),
}

/// A game the bot plays.
struct Playing {
    view: GameView,
    /// The bot's player index, once the game has started.
    me: Option<u8>,
    /// The game's player, begun at the first move asked of it, once the
    /// game's options are known (a game picked up again after a restart
    /// may be of other options than the bot's own).
    thread: Option<GameThread>,
    /// The seed of the game's player.
    seed: u64,
    /// The move asked of the player (or sent) and not yet played: its board and position.
    asked: Option<(u8, Position)>,
    refusals: u32,
    resyncs: u32,
    declined_takeback: bool,
    declined_rematch: bool,
    /// Whether the bot said it has seen the count between the rounds.
    count_seen: bool,
}

impl Playing {
    /// Says the bot has seen the count between the rounds (it shows none)
    /// as soon as it is under way, once a connection.
    fn see_count(&mut self, connection: &Connection) {
        let message = self.me.and_then(|me| self.view.count_seen_message(me));
        if let Some(message) = message
            && !self.count_seen
        {
            self.count_seen = true;
            send(connection, message);
        }
    }
}

struct Bot {
    config: BotConfig,
    games: BTreeMap<String, Playing>,
    finished: u64,
    started: u64,
    seek: SeekState,
    seek_errors: u32,
    accepting: Option<SeekId>,
    /// The bot's own seeks it has asked to cancel.
    cancelled: HashSet<SeekId>,
    /// Whether the lobby was heard since the connection was made: before
    /// it the server says which games the bot is seated in (a GameStarted
    /// for each, right after Welcome), so no seek is posted until then.
    lobby_heard: bool,
    answers: mpsc::UnboundedSender<Answer>,
}

fn say(line: &str) {
    let _ = output::write_stdout(&format!("{line}\n"));
}

/// Sends `message`; a connection over for good is seen by its receiving end.
fn send(connection: &Connection, message: ClientMessage) {
    let _ = connection.send(message);
}

fn warn(line: &str) {
    eprintln!("entropy-cli online bot: {line}");
}

/// Plays until the games asked for are finished (for ever without a
/// count). An error is what stopped it: no sign-in, no first connection,
/// seeks refused again and again.
pub async fn run(config: BotConfig) -> Result<(), String> {
    let server = super::connect_to(&config.server, config.ca_file.as_deref()).map_err(|e| e.to_string())?;
    let (mut token, mut connection) = open(&server, &config).await?;
    let (answers, mut answered) = mpsc::unbounded_channel();
    let mut bot = Bot {
        config,
        games: BTreeMap::new(),
        finished: 0,
        started: 0,
        seek: SeekState::None,
        seek_errors: 0,
        accepting: None,
        cancelled: HashSet::new(),
        lobby_heard: false,
        answers,
    };
    bot.tick(&connection);
    while !bot.done() {
        tokio::select! {
            incoming = connection.recv() => match incoming {
                Some(Incoming::Message(message)) => bot.on_message(message, &connection)?,
                Some(Incoming::Malformed(why)) => warn(&format!("a message from the server skipped: {why}")),
                Some(Incoming::Lost(why)) => warn(&format!("connection lost ({why}); connecting again")),
                Some(Incoming::Reconnected) => {
                    warn("connected again");
                    bot.count_again(&connection);
                }
                Some(Incoming::Closed(why)) => {
                    warn(&format!("the server ended the session ({why}); signing in again"));
                    (token, connection) = open(&server, &bot.config).await?;
                    bot.resume(&connection);
                }
                None => {
                    warn("the connection ended; signing in again");
                    (token, connection) = open(&server, &bot.config).await?;
                    bot.resume(&connection);
                }
            },
            Some(answer) = answered.recv() => bot.on_answer(answer, &connection),
        }
        bot.tick(&connection);
    }
    if let Err(e) = server.logout(&token).await {
        warn(&format!("could not sign out: {e}"));
    }
    Ok(())
}

/// Signs in and connects, watching the lobby.
async fn open(server: &Server, config: &BotConfig) -> Result<(String, Connection), String> {
    let signed = account::sign_in(server, &config.name, &config.password).await?;
    let connection = server
        .connect(Some(signed.token.clone()))
        .await
        .map_err(|e| format!("cannot connect to {}: {e}", server.endpoint()))?;
    let _ = connection.send(ClientMessage::WatchLobby);
    Ok((signed.token, connection))
}

impl Bot {
    fn done(&self) -> bool {
        self.config.games.is_some_and(|n| self.finished >= n)
    }

    /// Whether another game may begin: the finished and the ongoing fall
    /// short of the count.
    fn wants_more(&self) -> bool {
        self.config
            .games
            .is_none_or(|n| self.finished + (self.games.len() as u64) < n)
    }

    fn idle(&self) -> bool {
        self.games.is_empty() && self.accepting.is_none()
    }

    /// After a new connection (a new session): the games watched again
    /// from where their views are, and their moves asked again.
    fn resume(&mut self, connection: &Connection) {
        if let SeekState::Posting = self.seek {
            self.seek = SeekState::None;
        }
        self.accepting = None;
        self.lobby_heard = false;
        for (game, playing) in &mut self.games {
            playing.asked = None;
            let since = playing.view.version();
            send(
                connection,
                ClientMessage::Watch {
                    game: game.clone(),
                    since,
                },
            );
        }
        self.count_again(connection);
    }

    /// On a new connection: a CountSeen sent as the last one went may be
    /// lost, so it is said again (the server takes it once).
    fn count_again(&mut self, connection: &Connection) {
        for playing in self.games.values_mut() {
            playing.count_seen = false;
            playing.see_count(connection);
        }
    }

    /// Posts the bot's seek when it seeks, plays nothing and wants a game.
    fn tick(&mut self, connection: &Connection) {
        if self.config.seek
            && self.lobby_heard
            && self.seek == SeekState::None
            && self.games.is_empty()
            && self.wants_more()
        {
            send(
                connection,
                ClientMessage::Seek {
                    options: self.config.options,
                },
            );
            self.seek = SeekState::Posting;
        }
    }

    fn on_message(&mut self, message: ServerMessage, connection: &Connection) -> Result<(), String> {
        match message {
            ServerMessage::Lobby { seeks, .. } => {
                self.lobby_heard = true;
                if !self.games.is_empty() {
                    for seek in seeks.iter().filter(|s| s.by.name == self.config.name) {
                        if self.cancelled.insert(seek.id.clone()) {
                            send(connection, ClientMessage::CancelSeek { seek: seek.id.clone() });
                        }
                    }
                }
                if let SeekState::Posted(id) = &self.seek
                    && !seeks.iter().any(|s| &s.id == id)
                {
                    // Gone with a lost connection: posted again by tick.
                    self.seek = SeekState::None;
                }
                if !self.config.seek
                    && self.idle()
                    && self.wants_more()
                    && let Some(seek) = seeks.iter().find(|s| self.config.takes_seek(s))
                {
                    self.accept(seek.id.clone(), connection);
                }
            }
            ServerMessage::SeekPosted { seek } => {
                self.seek_errors = 0;
                if self.games.is_empty() {
                    self.seek = SeekState::Posted(seek.id);
                } else {
                    send(connection, ClientMessage::CancelSeek { seek: seek.id });
                    self.seek = SeekState::None;
                }
            }
            ServerMessage::Challenged { seek } => {
                if self.idle() && self.wants_more() && self.config.takes_seek(&seek) {
                    self.accept(seek.id, connection);
                } else {
                    send(connection, ClientMessage::Decline { seek: seek.id });
                }
            }
            ServerMessage::SeekGone { seek, .. } => {
                if self.accepting.as_ref() == Some(&seek) {
                    self.accepting = None;
                }
                if self.seek == SeekState::Posted(seek) {
                    self.seek = SeekState::None;
                }
            }
            ServerMessage::GameStarted { game } => self.start(game, connection),
            ServerMessage::Event {
                game,
                version,
                event,
                clocks,
            } => self.on_event(game, version, event, clocks, connection),
            ServerMessage::Refused { game, reason } => {
                warn(&format!("game {game}: refused: {reason}"));
                if let Some(playing) = self.games.get_mut(&game) {
                    playing.asked = None;
                    playing.refusals += 1;
                    if playing.refusals > MAX_REFUSALS {
                        warn(&format!(
                            "game {game}: {MAX_REFUSALS} moves refused in a row; resigning"
                        ));
                        send(connection, ClientMessage::Resign { game });
                    } else {
                        self.ask(&game);
                    }
                }
            }
            ServerMessage::Error { reason } => {
                warn(&format!("the server said: {reason}"));
                if self.accepting.take().is_some() {
                    // The seek was gone, or the server would not start the game.
                } else if self.seek == SeekState::Posting {
                    self.seek = SeekState::None;
                    self.seek_errors += 1;
                    if self.seek_errors >= MAX_SEEK_ERRORS {
                        return Err(format!(
                            "the server refused the bot's seek {MAX_SEEK_ERRORS} times: {reason}"
                        ));
                    }
                }
            }
            ServerMessage::Welcome { .. }
            | ServerMessage::Presence { .. }
            | ServerMessage::Spectators { .. }
            | ServerMessage::Pong => {}
        }
        Ok(())
    }

    fn accept(&mut self, seek: SeekId, connection: &Connection) {
        send(connection, ClientMessage::Accept { seek: seek.clone() });
        self.accepting = Some(seek);
    }

    fn start(&mut self, game: String, connection: &Connection) {
        self.accepting = None;
        // The seek was taken by this game, or is cancelled when the lobby
        // still lists it (see on_message): none is left open while playing.
        self.seek = SeekState::None;
        if self.games.contains_key(&game) {
            return;
        }
        self.started += 1;
        self.games.insert(
            game.clone(),
            Playing {
                view: GameView::new(game.clone()),
                me: None,
                thread: None,
                seed: derive_seed(self.config.seed, &[self.started]),
                asked: None,
                refusals: 0,
                resyncs: 0,
                declined_takeback: false,
                declined_rematch: false,
                count_seen: false,
            },
        );
        say(&format!("game {game}: started"));
        send(connection, ClientMessage::Watch { game, since: 0 });
    }

    fn on_event(
        &mut self,
        game: String,
        version: u64,
        event: GameEvent,
        clocks: Option<entropy_protocol::Clocks>,
        connection: &Connection,
    ) {
        let name = self.config.name.clone();
        let Some(playing) = self.games.get_mut(&game) else {
            return;
        };
        if let Err(e) = playing.view.apply_with_clocks(version, event, clocks) {
            playing.resyncs += 1;
            if playing.resyncs > MAX_RESYNCS {
                warn(&format!(
                    "game {game}: {e}; the game makes no sense to the rules: resigning"
                ));
                send(connection, ClientMessage::Resign { game });
            } else {
                warn(&format!("game {game}: {e}; watching it again from the start"));
                playing.view = GameView::new(game.clone());
                playing.asked = None;
                playing.count_seen = false;
                send(connection, ClientMessage::Watch { game, since: 0 });
            }
            return;
        }
        if playing.me.is_none() {
            playing.me = playing.view.player_named(&name);
        }
        playing.see_count(connection);
        let opponent = playing.me.map(|me| 1 - me);
        if playing.view.takeback_offer().is_some() && playing.view.takeback_offer() == opponent {
            if !playing.declined_takeback {
                playing.declined_takeback = true;
                send(connection, ClientMessage::DeclineTakeback { game: game.clone() });
            }
        } else {
            playing.declined_takeback = false;
        }
        if playing.view.rematch_offer().is_some()
            && playing.view.rematch_offer() == opponent
            && !playing.declined_rematch
        {
            playing.declined_rematch = true;
            send(connection, ClientMessage::DeclineRematch { game: game.clone() });
        }
        if playing.view.is_over() && !rating_due(&playing.view) {
            self.finish(&game, connection);
        } else {
            self.ask(&game);
        }
    }

    /// Asks the game's player for the move the bot owes, unless it was asked already.
    fn ask(&mut self, game: &str) {
        let Some(playing) = self.games.get_mut(game) else {
            return;
        };
        let Some(me) = playing.me else {
            return;
        };
        let view = &playing.view;
        let Some(owed) = view.owed(me).first().copied() else {
            playing.asked = None;
            return;
        };
        if playing.asked == Some((owed.board, owed.position)) {
            return;
        }
        let Some(start) = view.start() else {
            return;
        };
        let simultaneous = start.options.format == Format::Simultaneous;
        let part = if simultaneous { owed.board } else { view.round() as u8 };
        let vacant = owed.position.board().vacant().len();
        let cells = owed.position.size().cells();
        let moves = if simultaneous {
            2 * vacant
        } else if view.round() == 0 {
            vacant + cells
        } else {
            vacant
        };
        let left = match (start.options.speed, view.clocks()) {
            (Speed::Live { .. }, Some(clocks)) => {
                clocks.left_ms.get(usize::from(me)).map(|&ms| Duration::from_millis(ms))
            }
            _ => None,
        };
        let ask = Ask {
            key: (part, owed.role),
            board: owed.board,
            position: owed.position,
            last_order: view.last_order(owed.board).map(str::to_string),
            placement: if owed.role == Role::Order {
                view.placement(owed.board)
            } else {
                None
            },
            time: TimeLeft { left, moves },
        };
        let thread = playing.thread.get_or_insert_with(|| {
            let maker = SeatMaker {
                spec: self.config.player.clone(),
                seed: playing.seed,
                program_time: self.config.program_time(&start.options),
            };
            GameThread::start(
                game.to_string(),
                maker,
                self.config.per_move(),
                simultaneous,
                self.answers.clone(),
            )
        });
        match thread.ask(ask) {
            Ok(()) => playing.asked = Some((owed.board, owed.position)),
            Err(fault) => warn(&format!("game {game}: {fault}")),
        }
    }

    fn on_answer(&mut self, answer: Answer, connection: &Connection) {
        let Some(playing) = self.games.get_mut(&answer.game) else {
            return;
        };
        let Some(me) = playing.me else {
            return;
        };
        let game = answer.game;
        match answer.result {
            Err(fault) => {
                warn(&format!("game {game}: the player {fault}; resigning"));
                send(connection, ClientMessage::Resign { game });
            }
            Ok(action) => {
                let still_owed = playing
                    .view
                    .owed(me)
                    .iter()
                    .any(|o| o.board == answer.board && o.position == answer.position);
                if still_owed {
                    let version = playing.view.version();
                    send(connection, ClientMessage::Play { game, version, action });
                } else {
                    // The game moved on while the player thought.
                    playing.asked = None;
                    self.ask(&game);
                }
            }
        }
    }

    fn finish(&mut self, game: &str, connection: &Connection) {
        let Some(playing) = self.games.remove(game) else {
            return;
        };
        self.finished += 1;
        let view = &playing.view;
        let opponent = match (view.start(), playing.me) {
            (Some(start), Some(me)) => start.players[usize::from(1 - me)].name.clone(),
            _ => "?".into(),
        };
        let (result, termination) = view.end().map_or(("*".into(), String::new()), |end| {
            (end.result.clone(), end.termination.clone())
        });
        let count = match self.config.games {
            Some(n) => format!("{} of {n}", self.finished),
            None => self.finished.to_string(),
        };
        let verdict = match (result.as_str(), playing.me) {
            ("1/2-1/2", _) => "drew",
            ("1-0", Some(0)) | ("0-1", Some(1)) => "won",
            ("1-0", Some(_)) | ("0-1", Some(_)) => "lost",
            _ => "ended",
        };
        let rating = match (view.rated(), playing.me) {
            (Some(ratings), Some(me)) => rating_said(&ratings[usize::from(me)]),
            _ => String::new(),
        };
        say(&format!(
            "game {game}: {verdict} against {}, {result} ({}){rating}; {count} finished",
            entropy_rules::text::escaped(&opponent),
            entropy_rules::text::escaped(&termination)
        ));
        send(connection, ClientMessage::Unwatch { game: game.to_string() });
    }
}

/// Whether a game that is over has its ratings' change to come: the
/// server stores it right after the end of a rated game that was not
/// aborted, and the bot waits for it to say it.
fn rating_due(view: &GameView) -> bool {
    view.rated().is_none()
        && view.start().is_some_and(|start| start.options.rated)
        && view.end().is_some_and(|end| end.result != "*")
}

/// A rating's change as the bot's line says it: `, rating 1500 → 1523 (+23)`.
fn rating_said(change: &RatingChange) -> String {
    // Rounded as the change is (half away from zero), so that the three agree.
    let (before, after) = (change.before.round() as i64, change.after.round() as i64);
    format!(", rating {before} → {after} ({})", change.said())
}

#[cfg(test)]
mod tests {
    use super::*;
    use entropy_protocol::Seat;

    #[test]
    fn a_ratings_change_is_said_rounded() {
        let change = RatingChange {
            before: 1500.0,
            after: 1523.4,
        };
        assert_eq!(rating_said(&change), ", rating 1500 → 1523 (+23)");
        let half = RatingChange {
            before: 1500.0,
            after: 1490.5,
        };
        assert_eq!(rating_said(&half), ", rating 1500 → 1491 (-9)");
    }

    fn config() -> BotConfig {
        BotConfig {
            server: "ws://127.0.0.1:1".into(),
            ca_file: None,
            name: "robot".into(),
            password: "pw".into(),
            player: PlayerSpec::Greedy,
            seek: false,
            options: GameOptions {
                size: 5,
                format: Format::Match,
                speed: Speed::Live { seconds: 120 },
                rated: true,
            },
            any_live_clock: true,
            games: Some(1),
            seed: 1,
        }
    }

    fn seek(by: &str, to: Option<&str>, options: GameOptions) -> Seek {
        Seek {
            id: "s".into(),
            by: Seat {
                name: by.into(),
                bot: false,
                rating: None,
            },
            options,
            to: to.map(str::to_string),
        }
    }

    #[test]
    fn the_bot_takes_the_seeks_that_match_it() {
        let config = config();
        let options = config.options;
        assert!(config.takes_seek(&seek("ann", None, options)));
        assert!(config.takes_seek(&seek("ann", Some("robot"), options)));
        assert!(!config.takes_seek(&seek("ann", Some("other"), options)));
        assert!(!config.takes_seek(&seek("robot", None, options)), "not its own");
        let other_clock = GameOptions {
            speed: Speed::Live { seconds: 600 },
            ..options
        };
        assert!(config.takes_seek(&seek("ann", None, other_clock)), "any live clock");
        let fixed = BotConfig {
            any_live_clock: false,
            ..config.clone()
        };
        assert!(!fixed.takes_seek(&seek("ann", None, other_clock)));
        for other in [
            GameOptions { size: 7, ..options },
            GameOptions {
                format: Format::Simultaneous,
                ..options
            },
            GameOptions {
                rated: false,
                ..options
            },
            GameOptions {
                speed: Speed::Correspondence { days: 2 },
                ..options
            },
            GameOptions {
                speed: Speed::Live { seconds: 5 },
                ..options
            },
        ] {
            assert!(!config.takes_seek(&seek("ann", None, other)), "{other:?}");
        }
    }
}
