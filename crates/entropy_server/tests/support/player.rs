//! A player of the two-round match over WebSocket, as simple as can be:
//! Chaos places on the first empty cell, Order passes, and the count
//! between the rounds is said seen as soon as it begins. Each player keeps
//! the game it follows ([`View`]) by the rules crate, from the events the
//! server sends, and refuses an event that skips a version or comes twice.

use entropy_protocol::{
    ClientMessage, Credentials, GameEvent, GameOptions, PROTOCOL_VERSION, ServerMessage, SignedIn, decode_server,
    encode,
};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub use super::view::View;
use super::{SAFETY_NET, http, wall_ms};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What a connection gave when read.
#[derive(Debug)]
pub enum Next {
    Message(ServerMessage),
    /// Closed (or cut), with the reason if any.
    Closed(String),
}

/// A signed-in account, its connection (if any) and the game it follows.
pub struct Player {
    pub name: String,
    pub token: String,
    ws: Option<Ws>,
    pub view: Option<View>,
    /// The messages received on the current connection, for failure messages.
    pub seen: Vec<ServerMessage>,
    /// Whether a Refused is a message like any (else it fails the test).
    pub refusals_expected: bool,
    /// Whether this connection has said the player saw the game's count
    /// between the rounds.
    count_told: bool,
}

/// A move sent and acknowledged.
#[derive(Clone, Copy, Debug)]
pub struct Acked {
    /// The version of the Moved event.
    pub version: u64,
    /// The machine's time just before the move was sent (ms since 1970).
    pub sent_at: i64,
}

impl Player {
    /// Registers `name` at the server of `base` (`http://ADDR`).
    pub async fn register(base: &str, name: &str) -> Player {
        let body = encode(&Credentials {
            name: name.into(),
            password: format!("password-of-{name}"),
            bot: false,
        });
        let (status, text) = http("POST", format!("{base}/api/register"), Some(body)).await;
        assert_eq!(status, 200, "register {name}: {text}");
        let signed: SignedIn = serde_json::from_str(&text).unwrap();
        Player {
            name: name.to_string(),
            token: signed.token,
            ws: None,
            view: None,
            seen: Vec::new(),
            refusals_expected: false,
            count_told: false,
        }
    }

    /// Connects to `ws_url` and says Hello with the token; waits for Welcome.
    pub async fn connect(&mut self, ws_url: &str) {
        let (ws, _) = tokio::time::timeout(SAFETY_NET, tokio_tungstenite::connect_async(ws_url))
            .await
            .unwrap_or_else(|_| panic!("{}: no WebSocket at {ws_url}", self.name))
            .unwrap_or_else(|e| panic!("{}: connect {ws_url}: {e}", self.name));
        self.ws = Some(ws);
        self.seen.clear();
        self.count_told = false;
        let token = Some(self.token.clone());
        self.send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token,
        })
        .await;
        let welcome = self.expect(|m| matches!(m, ServerMessage::Welcome { .. })).await;
        let ServerMessage::Welcome { account, .. } = welcome else {
            unreachable!()
        };
        assert_eq!(account.map(|a| a.name), Some(self.name.clone()), "signed in as oneself");
    }

    /// Whether it has a connection.
    pub fn connected(&self) -> bool {
        self.ws.is_some()
    }

    /// Drops the connection without a word.
    pub fn disconnect(&mut self) {
        self.ws = None;
    }

    pub async fn send(&mut self, message: &ClientMessage) {
        let ws = self
            .ws
            .as_mut()
            .unwrap_or_else(|| panic!("{} has no connection", self.name));
        ws.send(Message::text(encode(message)))
            .await
            .unwrap_or_else(|e| panic!("{}: cannot send {message:?}: {e}", self.name));
    }

    /// The next message (a game event of the game followed is applied to
    /// the view first), or the end of the connection.
    pub async fn next(&mut self) -> Next {
        let name = self.name.clone();
        let ws = self.ws.as_mut().unwrap_or_else(|| panic!("{name} has no connection"));
        loop {
            let frame = tokio::time::timeout(SAFETY_NET, ws.next())
                .await
                .unwrap_or_else(|_| panic!("{name}: nothing came from the server; seen: {:#?}", self.seen));
            let text = match frame {
                None => return Next::Closed(String::new()),
                Some(Err(e)) => return Next::Closed(e.to_string()),
                Some(Ok(Message::Close(frame))) => {
                    return Next::Closed(frame.map(|f| f.reason.to_string()).unwrap_or_default());
                }
                Some(Ok(Message::Text(text))) => text,
                Some(Ok(_)) => continue,
            };
            let message = decode_server(&text).unwrap_or_else(|e| panic!("{name}: the server sent {text}: {e}"));
            if let (
                Some(view),
                ServerMessage::Event {
                    game,
                    version,
                    event,
                    clocks,
                },
            ) = (self.view.as_mut(), &message)
                && *game == view.game
            {
                view.apply(*version, event.clone(), *clocks);
            }
            if let ServerMessage::Refused { reason, .. } = &message
                && !self.refusals_expected
            {
                panic!("{name}: refused: {reason}; seen: {:#?}", self.seen);
            }
            self.seen.push(message.clone());
            self.tell_count().await;
            return Next::Message(message);
        }
    }

    /// Says the player has seen the count between the rounds, once a
    /// connection, as soon as the game followed is in it.
    async fn tell_count(&mut self) {
        let Some(view) = self.view.as_ref().filter(|v| v.counting()) else {
            return;
        };
        if self.count_told || view.seat_of(&self.name).is_none() {
            return;
        }
        let message = ClientMessage::CountSeen {
            game: view.game.clone(),
            version: view.version(),
        };
        self.count_told = true;
        self.send(&message).await;
    }

    /// Reads until round 2 has begun (or the game is over): the count
    /// between the rounds said seen first, if it was not.
    pub async fn past_count(&mut self) {
        self.tell_count().await;
        while self.view().counting() {
            if let Next::Closed(reason) = self.next().await {
                panic!("{}: the connection closed ({reason}) during the count", self.name);
            }
        }
    }

    /// Waits for a message that `wanted` accepts, skipping others.
    pub async fn expect(&mut self, wanted: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
        loop {
            match self.next().await {
                Next::Message(m) if wanted(&m) => return m,
                Next::Message(_) => {}
                Next::Closed(reason) => panic!(
                    "{}: the connection closed ({reason}) before the message waited for; seen: {:#?}",
                    self.name, self.seen
                ),
            }
        }
    }

    /// Waits for the connection to end (the server killed), skipping messages.
    pub async fn expect_cut(&mut self) {
        while let Next::Message(_) = self.next().await {}
        self.ws = None;
    }

    /// Follows `game` from scratch: a new view, Watch since 0.
    pub async fn watch_new(&mut self, game: &str) {
        self.view = Some(View::new(game));
        self.count_told = false;
        self.watch_again().await;
    }

    /// Watch since the last version seen (after a reconnection).
    pub async fn watch_again(&mut self) {
        let view = self.view.as_ref().expect("a game followed");
        let message = ClientMessage::Watch {
            game: view.game.clone(),
            since: view.version(),
        };
        self.send(&message).await;
    }

    pub fn view(&self) -> &View {
        self.view.as_ref().expect("a game followed")
    }

    /// This player's seat in the game followed.
    pub fn seat(&self) -> u8 {
        self.view()
            .seat_of(&self.name)
            .unwrap_or_else(|| panic!("{} does not play in game {}", self.name, self.view().game))
    }

    /// Reads until the view is settled (someone owes a move, or it is over).
    pub async fn settle(&mut self) {
        while self.view.as_ref().is_none_or(|v| !v.settled()) {
            if let Next::Closed(reason) = self.next().await {
                panic!("{}: the connection closed ({reason}) while the game went on", self.name);
            }
        }
    }

    /// Reads until the view has reached `version`.
    pub async fn reach(&mut self, version: u64) {
        while self.view().version() < version {
            if let Next::Closed(reason) = self.next().await {
                panic!(
                    "{}: the connection closed ({reason}) before version {version}",
                    self.name
                );
            }
        }
    }

    /// Sends the simple player's move at the version seen, without waiting.
    pub async fn send_move(&mut self) -> (u64, String) {
        let view = self.view();
        assert_eq!(view.owed(), Some(self.seat()), "{} owes no move", self.name);
        let (game, version, action) = (view.game.clone(), view.version(), view.choose());
        self.send(&ClientMessage::Play {
            game,
            version,
            action: action.clone(),
        })
        .await;
        (version, action)
    }

    /// The version of this player's own (not forced) move after `after`, if it is in the view.
    pub fn own_move_after(&self, after: u64) -> Option<u64> {
        let seat = self.seat();
        self.view()
            .events
            .iter()
            .enumerate()
            .skip(usize::try_from(after).unwrap())
            .find_map(|(i, e)| match e {
                GameEvent::Moved {
                    player, forced: false, ..
                } if *player == seat => Some(i as u64 + 1),
                _ => None,
            })
    }

    /// Plays the move owed and waits for its Moved event.
    pub async fn play(&mut self) -> Acked {
        let sent_at = wall_ms();
        let (version, _) = self.send_move().await;
        while self.own_move_after(version).is_none() {
            if let Next::Closed(reason) = self.next().await {
                panic!(
                    "{}: the connection closed ({reason}) before the move's answer",
                    self.name
                );
            }
        }
        Acked {
            version: self.own_move_after(version).unwrap(),
            sent_at,
        }
    }

    /// Plays the move owed and waits for its Moved event, or for its
    /// refusal (the reason); needs [`Player::refusals_expected`].
    pub async fn try_play(&mut self) -> Result<Acked, String> {
        assert!(self.refusals_expected, "{}: a refusal would fail the test", self.name);
        let sent_at = wall_ms();
        let (version, _) = self.send_move().await;
        loop {
            if let Some(version) = self.own_move_after(version) {
                return Ok(Acked { version, sent_at });
            }
            match self.next().await {
                Next::Message(ServerMessage::Refused { game, reason }) if game == self.view().game => {
                    return Err(reason);
                }
                Next::Message(_) => {}
                Next::Closed(reason) => panic!(
                    "{}: the connection closed ({reason}) before the move's answer",
                    self.name
                ),
            }
        }
    }

    /// Posts a seek; its id.
    pub async fn seek(&mut self, options: GameOptions) -> String {
        self.send(&ClientMessage::Seek { options }).await;
        match self.expect(|m| matches!(m, ServerMessage::SeekPosted { .. })).await {
            ServerMessage::SeekPosted { seek } => seek.id,
            _ => unreachable!(),
        }
    }

    /// Waits for a game to start; its id.
    pub async fn started(&mut self) -> String {
        match self.expect(|m| matches!(m, ServerMessage::GameStarted { .. })).await {
            ServerMessage::GameStarted { game } => game,
            _ => unreachable!(),
        }
    }
}

/// Plays moves between the connected players of a game, each move by the
/// player who owes it and acknowledged to every connected player before
/// the next, until `stop` says so (asked each time a move is owed) or the
/// game is over. The last move acknowledged, if any.
pub async fn play_until(players: &mut [&mut Player], stop: impl Fn(&View) -> bool) -> Option<Acked> {
    let mut last = None;
    loop {
        for player in players.iter_mut().filter(|p| p.connected()) {
            player.settle().await;
        }
        let view = players
            .iter()
            .find(|p| p.connected())
            .expect("a player is connected")
            .view();
        if view.is_over() || stop(view) {
            return last;
        }
        if view.counting() {
            // Each player says so as it comes (or now), then round 2 begins.
            for player in players.iter_mut().filter(|p| p.connected()) {
                player.tell_count().await;
            }
            for player in players.iter_mut().filter(|p| p.connected()) {
                player.past_count().await;
            }
            continue;
        }
        let owed = view.owed().expect("a settled game that goes on has a move owed");
        let mover = players
            .iter()
            .position(|p| p.connected() && p.seat() == owed)
            .unwrap_or_else(|| panic!("seat {owed} owes a move and is not here"));
        let acked = players[mover].play().await;
        for player in players.iter_mut().filter(|p| p.connected()) {
            player.reach(acked.version).await;
        }
        last = Some(acked);
    }
}

/// A spectator: a connection without a token that watches one game from version 0.
pub async fn spectator(ws_url: &str, game: &str) -> Player {
    let (ws, _) = tokio_tungstenite::connect_async(ws_url)
        .await
        .unwrap_or_else(|e| panic!("spectator: connect {ws_url}: {e}"));
    let mut watcher = Player {
        name: "spectator".into(),
        token: String::new(),
        ws: Some(ws),
        view: None,
        seen: Vec::new(),
        refusals_expected: false,
        count_told: false,
    };
    watcher
        .send(&ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: None,
        })
        .await;
    watcher.expect(|m| matches!(m, ServerMessage::Welcome { .. })).await;
    watcher.watch_new(game).await;
    watcher
}

/// Every event of a finished game as a fresh spectator is told it.
pub async fn all_events(ws_url: &str, game: &str) -> Vec<GameEvent> {
    let mut watcher = spectator(ws_url, game).await;
    while !watcher.view().is_over() {
        if let Next::Closed(reason) = watcher.next().await {
            panic!("spectator of {game}: closed ({reason}) before the end");
        }
    }
    watcher.view.take().unwrap().events
}
