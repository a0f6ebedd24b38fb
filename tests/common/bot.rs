//! A bot of the tests' own, on a server: it registers, posts a seek or
//! accepts one, and plays random legal moves in its games (either format)
//! until it has played as many as it was asked, as its [`Behaviour`] says:
//! asking for a takeback, allowing one, offering a rematch, taking its
//! time. (Included with `#[path]` by the tests that need it.)

#![allow(dead_code)]

use std::collections::HashMap;
use std::time::Duration;

use entropy_client::{GameView, Incoming, Server};
use entropy_protocol::{ClientMessage, Credentials, GameOptions, ServerMessage};
use entropy_rules::{OrderMove, Phase, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// How long anything here may take on a loaded machine: a test waits for
/// each thing to happen, and this bounds only a test that hangs.
pub const BOUND: Duration = Duration::from_secs(120);

/// What a bot does.
#[derive(Clone, Debug, Default)]
pub struct Behaviour {
    /// Posts a seek with these options.
    pub seek: Option<GameOptions>,
    /// Accepts the first seek this player posts.
    pub accept_from: Option<String>,
    /// How many games it plays (rematches included) before it stops.
    pub games: usize,
    /// Asks to take back its last move once, after its move of this number
    /// (counted from 1, in the first game).
    pub takeback_after: Option<usize>,
    /// Allows a takeback the opponent asks for.
    pub allow_takebacks: bool,
    /// Offers a rematch when a game ends.
    pub rematch: bool,
    /// Waits this long before each move.
    pub pace: Duration,
}

/// A game the bot played: its id and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    pub game: String,
    pub result: String,
    /// Whether the bot asked for a takeback and it was taken.
    pub took_back: bool,
}

/// A random legal move of `position` (a placement or an Order move), in
/// CodeCup notation.
pub fn random_move(position: &Position, rng: &mut SmallRng) -> String {
    match position.phase() {
        Phase::ChaosPlace(_) => {
            let cells = position.placements();
            cells.nth(rng.random_range(0..cells.len())).unwrap().to_string()
        }
        _ => {
            let mut moves = entropy_rules::MoveList::new();
            position.order_moves(&mut moves);
            let mv: OrderMove = moves[rng.random_range(0..moves.len())];
            mv.notation(position.last_placed().unwrap())
        }
    }
}

/// Registers `name` (a bot account) at `address` and plays as `behaviour`
/// says; returns the games it played.
pub async fn bot(address: String, name: &str, behaviour: Behaviour, seed: u64) -> Vec<Played> {
    let server = Server::new(&address).unwrap();
    let credentials = Credentials {
        name: name.into(),
        password: "robot-password".into(),
        bot: true,
    };
    let signed = server.register(&credentials).await.unwrap();
    let mut connection = server.connect(Some(signed.token)).await.unwrap();
    if let Some(options) = behaviour.seek {
        connection.send(ClientMessage::Seek { options }).unwrap();
    }
    if behaviour.accept_from.is_some() {
        connection.send(ClientMessage::WatchLobby).unwrap();
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut views: HashMap<String, GameView> = HashMap::new();
    // The position each board's last move was sent for: not sent twice.
    let mut answered: HashMap<(String, u8), Position> = HashMap::new();
    let mut played: Vec<Played> = Vec::new();
    let mut moves = 0;
    let mut asked = false;
    let mut accepted = false;
    loop {
        let said = tokio::time::timeout(BOUND, connection.recv())
            .await
            .expect("the bot heard nothing for too long")
            .expect("the bot's connection ended");
        let Incoming::Message(message) = said else { continue };
        match message {
            ServerMessage::Lobby { seeks, .. } if !accepted => {
                let wanted = behaviour.accept_from.as_deref();
                if let Some(seek) = seeks
                    .iter()
                    .find(|s| Some(s.by.name.as_str()) == wanted && s.to.is_none())
                {
                    connection
                        .send(ClientMessage::Accept { seek: seek.id.clone() })
                        .unwrap();
                    accepted = true;
                }
            }
            ServerMessage::GameStarted { game } if !views.contains_key(&game) => {
                connection
                    .send(ClientMessage::Watch {
                        game: game.clone(),
                        since: 0,
                    })
                    .unwrap();
                views.insert(game.clone(), GameView::new(game));
            }
            ServerMessage::Event {
                game,
                version,
                event,
                clocks,
            } => {
                let Some(view) = views.get_mut(&game) else { continue };
                let took_back = matches!(event, entropy_protocol::GameEvent::TookBack { .. });
                view.apply_with_clocks(version, event, clocks).unwrap();
                let me = view.player_named(name).unwrap();
                if took_back && asked {
                    answered.retain(|(g, _), _| *g != game);
                }
                if let Some(end) = view.end() {
                    if played.iter().all(|p| p.game != game) {
                        played.push(Played {
                            game: game.clone(),
                            result: end.result.clone(),
                            took_back: asked,
                        });
                        if played.len() >= behaviour.games.max(1) {
                            return played;
                        }
                        if behaviour.rematch {
                            connection.send(ClientMessage::Rematch { game: game.clone() }).unwrap();
                        }
                    }
                    continue;
                }
                if view.takeback_offer() == Some(1 - me) && behaviour.allow_takebacks {
                    connection.send(ClientMessage::Takeback { game: game.clone() }).unwrap();
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
                    answered.insert(key, owed.position);
                    if !behaviour.pace.is_zero() {
                        tokio::time::sleep(behaviour.pace).await;
                    }
                    connection
                        .send(ClientMessage::Play {
                            game: game.clone(),
                            version: view.version(),
                            action: random_move(&owed.position, &mut rng),
                        })
                        .unwrap();
                    moves += 1;
                    if Some(moves) == behaviour.takeback_after && !asked && played.is_empty() {
                        asked = true;
                        connection.send(ClientMessage::Takeback { game: game.clone() }).unwrap();
                    }
                }
            }
            _ => {}
        }
    }
}
