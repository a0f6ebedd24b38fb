//! A bot that plays random legal moves: it registers, posts a seek,
//! challenges a player or accepts a player's seek, and plays its games
//! (either format) as its [`Behaviour`] says, asking for a takeback,
//! allowing one, offering a rematch, taking its time. It says it has seen
//! the count between the rounds as soon as the round is over. For tests and
//! scripted runs, where an opponent must be there and need not be good
//! (`entropy-cli online bot` plays with the computer's levels).
//!
//! ```no_run
//! # async fn run() -> Result<(), String> {
//! use entropy_client::bot::{Behaviour, play};
//! use entropy_protocol::GameOptions;
//!
//! let behaviour = Behaviour { seek: Some(GameOptions::default()), games: 1, ..Behaviour::default() };
//! let played = play("127.0.0.1:7849", "random-bot", behaviour, 7).await?;
//! println!("{}: {}", played[0].game, played[0].result);
//! # Ok(()) }
//! ```

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use entropy_protocol::{ClientMessage, Credentials, GameEvent, GameOptions, ServerMessage};
use entropy_rules::{OrderMove, Phase, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::{GameView, Incoming, Server};

/// What a bot does.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Behaviour {
    /// Posts a seek with these options.
    pub seek: Option<GameOptions>,
    /// Challenges this player to a game with these options.
    pub challenge: Option<(String, GameOptions)>,
    /// Accepts the first open seek this player posts.
    pub accept_from: Option<String>,
    /// How many games it plays (rematches included) before it stops; 0
    /// counts as 1.
    pub games: usize,
    /// Asks to take back its last move after each of its moves of these
    /// numbers (counted from 1, in its first game). An ask the opponent's
    /// move withdrew before they answered it is asked again after the
    /// bot's next move: each ask here is answered, allowed or refused.
    pub takebacks_after: Vec<usize>,
    /// Allows a takeback the opponent asks for.
    pub allow_takebacks: bool,
    /// Offers a rematch when a game ends.
    pub rematch: bool,
    /// Waits this long before each move.
    pub pace: Duration,
}

/// A game the bot played to its end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub game: String,
    /// As a match file says it: `1-0`, `0-1`, `1/2-1/2`, `*`.
    pub result: String,
    /// Whether the bot asked for a takeback in it.
    pub asked_takeback: bool,
}

/// A random legal move of `position` (a placement, or an Order move) in
/// CodeCup notation; `None` when it waits for no decision.
pub fn random_move(position: &Position, rng: &mut SmallRng) -> Option<String> {
    match position.phase() {
        Phase::ChaosPlace(_) => {
            let cells = position.placements();
            let count = cells.len();
            cells
                .into_iter()
                .nth(rng.random_range(0..count.max(1)))
                .map(|c| c.to_string())
        }
        Phase::OrderMove => {
            let mut moves = entropy_rules::MoveList::new();
            position.order_moves(&mut moves);
            let mv: OrderMove = *moves.get(rng.random_range(0..moves.len().max(1)))?;
            Some(mv.notation(position.last_placed()?))
        }
        _ => None,
    }
}

/// Registers `name` (a bot account) at `address` and plays as `behaviour`
/// says, its moves at random from `seed`; returns the games it played.
/// Fails, saying why, when it cannot register or its connection ends.
pub async fn play(address: &str, name: &str, behaviour: Behaviour, seed: u64) -> Result<Vec<Played>, String> {
    let server = Server::new(address).map_err(|e| e.to_string())?;
    let credentials = Credentials {
        name: name.into(),
        password: format!("{name}-bot-password"),
        bot: true,
    };
    let signed = server.register(&credentials).await.map_err(|e| e.to_string())?;
    let mut connection = server.connect(Some(signed.token)).await.map_err(|e| e.to_string())?;
    let send = |connection: &crate::Connection, message| connection.send(message).map_err(|e| e.to_string());
    if let Some(options) = behaviour.seek {
        send(&connection, ClientMessage::Seek { options })?;
    }
    if let Some((player, options)) = behaviour.challenge.clone() {
        send(&connection, ClientMessage::Challenge { player, options })?;
    }
    if behaviour.accept_from.is_some() {
        send(&connection, ClientMessage::WatchLobby)?;
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut views: HashMap<String, GameView> = HashMap::new();
    // The position each board's last move was sent for: not sent twice.
    let mut answered: HashMap<(String, u8), Position> = HashMap::new();
    let mut played: Vec<Played> = Vec::new();
    let mut moves = 0;
    let mut asked = false;
    // Asks due and not yet answered, and whether one is seen to wait for
    // its answer (the server says each ask before the opponent's next move).
    let mut asks_owed = 0;
    let mut ask_waits = false;
    let mut ask_sent = false;
    let mut accepted = false;
    // The games whose count between the rounds the bot has said it saw.
    let mut counts_seen: HashSet<String> = HashSet::new();
    loop {
        let Some(said) = connection.recv().await else {
            return Err("the connection ended".into());
        };
        let message = match said {
            Incoming::Message(message) => message,
            Incoming::Closed(why) => return Err(why),
            Incoming::Reconnected => {
                // What was sent as the connection went may be lost: said again.
                for (game, view) in &views {
                    if let Some(message) = view.player_named(name).and_then(|me| view.count_seen_message(me)) {
                        counts_seen.insert(game.clone());
                        send(&connection, message)?;
                    }
                }
                continue;
            }
            _ => continue,
        };
        match message {
            ServerMessage::Lobby { seeks, .. } if !accepted => {
                let wanted = behaviour.accept_from.as_deref();
                if let Some(seek) = seeks
                    .iter()
                    .find(|s| Some(s.by.name.as_str()) == wanted && s.to.is_none())
                {
                    send(&connection, ClientMessage::Accept { seek: seek.id.clone() })?;
                    accepted = true;
                }
            }
            ServerMessage::GameStarted { game } if !views.contains_key(&game) => {
                send(
                    &connection,
                    ClientMessage::Watch {
                        game: game.clone(),
                        since: 0,
                    },
                )?;
                views.insert(game.clone(), GameView::new(game));
            }
            ServerMessage::Event {
                game,
                version,
                event,
                clocks,
            } => {
                let Some(view) = views.get_mut(&game) else { continue };
                let took_back = matches!(event, GameEvent::TookBack { .. });
                let answer = took_back || matches!(event, GameEvent::TakebackDeclined { .. });
                view.apply_with_clocks(version, event, clocks)
                    .map_err(|e| e.to_string())?;
                let Some(me) = view.player_named(name) else { continue };
                if let Some(message) = view.count_seen_message(me)
                    && counts_seen.insert(game.clone())
                {
                    send(&connection, message)?;
                }
                if took_back {
                    answered.retain(|(g, _), _| *g != game);
                }
                if view.takeback_offer() == Some(me) {
                    (ask_waits, ask_sent) = (true, false);
                } else if ask_waits {
                    ask_waits = false;
                    if answer {
                        asks_owed -= 1;
                    }
                }
                if let Some(end) = view.end() {
                    if played.iter().all(|p| p.game != game) {
                        played.push(Played {
                            game: game.clone(),
                            result: end.result.clone(),
                            asked_takeback: asked && played.is_empty(),
                        });
                        if played.len() >= behaviour.games.max(1) {
                            return Ok(played);
                        }
                        if behaviour.rematch {
                            send(&connection, ClientMessage::Rematch { game: game.clone() })?;
                        }
                    }
                    continue;
                }
                if view.takeback_offer() == Some(1 - me) && behaviour.allow_takebacks {
                    send(&connection, ClientMessage::Takeback { game: game.clone() })?;
                    answered.retain(|(g, _), _| *g != game);
                    continue;
                }
                if view.takeback_offer().is_some() {
                    continue;
                }
                for owed in view.owed(me) {
                    let key = (game.clone(), owed.board);
                    if answered.get(&key) == Some(&owed.position) {
                        continue;
                    }
                    let Some(action) = random_move(&owed.position, &mut rng) else {
                        continue;
                    };
                    answered.insert(key, owed.position);
                    if !behaviour.pace.is_zero() {
                        tokio::time::sleep(behaviour.pace).await;
                    }
                    send(
                        &connection,
                        ClientMessage::Play {
                            game: game.clone(),
                            version: view.version(),
                            action,
                        },
                    )?;
                    moves += 1;
                    if played.is_empty() {
                        asks_owed += behaviour.takebacks_after.iter().filter(|&&n| n == moves).count();
                        if asks_owed > 0 && !ask_waits && !ask_sent {
                            (asked, ask_sent) = (true, true);
                            send(&connection, ClientMessage::Takeback { game: game.clone() })?;
                        }
                    }
                }
            }
            _ => {}
        }
    }
}
