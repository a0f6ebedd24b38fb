//! The WebSocket connection: [`ClientMessage`]s out, [`ServerMessage`]s in,
//! and a connection that comes back by itself.
//!
//! A task of its own holds the socket. When the connection is lost (the
//! socket closes or fails, or the server says nothing for
//! [`Liveness::silence`] although it is pinged every
//! [`Liveness::ping_every`]: by default [`SILENCE`] and [`PING_EVERY`]) the task says
//! so ([`Incoming::Lost`]) and connects again, waiting a little longer
//! after each failure (up to [`MAX_BACKOFF`]). Once back it sends, in this
//! order: `Hello` with the same token; `WatchLobby` if the lobby was
//! watched; `Watch { game, since }` for every game followed, `since` the
//! last version it saw of it; each move sent that had no answer (the
//! server recognises a move it has already played and does not play it
//! twice); then what was sent while the connection was down. Then it says
//! [`Incoming::Reconnected`].
//!
//! A move is answered by the game's event of that move (an `Event` whose
//! `Moved` action is the move, with a later version), by the game's end,
//! or by a `Refused` of that game. Other messages sent just before the
//! connection was lost are not sent again: the server may or may not have
//! had them.

use std::collections::{BTreeMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use entropy_protocol::lobby::Assembly;
use entropy_protocol::{
    Account, ClientMessage, GameEvent, GameId, MAX_MESSAGE, PROTOCOL_VERSION, ServerMessage, decode_server, encode,
};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio::time::{Instant, sleep, timeout};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{Connector, MaybeTlsStream, WebSocketStream};

use crate::trust::{Roots, tls_hint};
use crate::{ClientError, Endpoint, Incoming};

/// How often the client pings a server that is quiet.
pub const PING_EVERY: Duration = Duration::from_secs(15);
/// How long a server may say nothing (not even to a ping) before the
/// connection is taken as lost.
pub const SILENCE: Duration = Duration::from_secs(45);
/// How a connection finds out that a server went quiet: it pings a quiet
/// server every `ping_every`, and takes `silence` without a word (not even
/// a Pong) for a lost connection, which it opens again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Liveness {
    pub ping_every: Duration,
    pub silence: Duration,
}

impl Default for Liveness {
    /// [`PING_EVERY`] and [`SILENCE`]: for programs that can wait.
    fn default() -> Liveness {
        Liveness {
            ping_every: PING_EVERY,
            silence: SILENCE,
        }
    }
}

impl Liveness {
    /// For a person watching a game: a ping every half second, and a
    /// second and a half of silence is a loss, said (and mended) well
    /// within two seconds of the server going quiet. A server answers a
    /// ping at once, so only a connection that carries nothing is taken
    /// for lost; one taken for lost wrongly costs a reconnection, which
    /// loses nothing.
    pub const PROMPT: Liveness = Liveness {
        ping_every: Duration::from_millis(500),
        silence: Duration::from_millis(1500),
    };

    /// The longest a connection that carries nothing goes unnoticed: the
    /// silence, and at most one ping's interval before it is checked.
    ///
    /// ```
    /// use std::time::Duration;
    /// use entropy_client::Liveness;
    /// assert!(Liveness::PROMPT.noticed_within() <= Duration::from_secs(2));
    /// ```
    pub fn noticed_within(&self) -> Duration {
        self.silence + self.ping_every
    }
}

/// How long a connection (TCP, TLS, WebSocket and `Welcome`) may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// The first wait before connecting again, doubled after each failure…
pub const FIRST_BACKOFF: Duration = Duration::from_millis(100);
/// …up to this.
pub const MAX_BACKOFF: Duration = Duration::from_secs(5);
/// The largest frame the socket takes. Larger than the protocol's
/// [`MAX_MESSAGE`] so that a message too large is refused by
/// [`decode_server`] (and said, [`Incoming::Malformed`]) rather than
/// breaking the connection again and again.
const MAX_FRAME: usize = 64 * MAX_MESSAGE;

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// A connection to a server: send with [`Connection::send`], receive with
/// [`Connection::recv`]. Dropping it closes it.
#[derive(Debug)]
pub struct Connection {
    outgoing: mpsc::UnboundedSender<ClientMessage>,
    incoming: mpsc::UnboundedReceiver<Incoming>,
    account: Option<Account>,
    task: JoinHandle<()>,
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Connection {
    /// Connects, says `Hello` with `token`, and waits for `Welcome`.
    pub(crate) async fn open(
        endpoint: Endpoint,
        roots: Option<Roots>,
        token: Option<String>,
        liveness: Liveness,
    ) -> Result<Connection, ClientError> {
        let connector = connector(&endpoint, roots.as_ref())?;
        let (socket, welcome, early) = connect(&endpoint, &connector, token.as_deref()).await?;
        let (outgoing, commands) = mpsc::unbounded_channel();
        let (hand_on, incoming) = mpsc::unbounded_channel();
        for message in early {
            let _ = hand_on.send(Incoming::Message(message));
        }
        let session = Session {
            endpoint,
            connector,
            token,
            liveness,
            state: State::default(),
            commands,
            hand_on,
        };
        let task = tokio::spawn(session.run(socket));
        Ok(Connection {
            outgoing,
            incoming,
            account: welcome,
            task,
        })
    }

    /// The account the connection is signed in as (none: a watcher).
    pub fn account(&self) -> Option<&Account> {
        self.account.as_ref()
    }

    /// Sends `message` (at once, or once the connection is back). Fails
    /// only when the connection is over for good.
    pub fn send(&self, message: ClientMessage) -> Result<(), ClientError> {
        self.outgoing.send(message).map_err(|_| ClientError::Closed)
    }

    /// The next thing the connection has to say; `None` once it is over
    /// for good (after [`Incoming::Closed`]).
    pub async fn recv(&mut self) -> Option<Incoming> {
        self.incoming.recv().await
    }
}

/// What the connection remembers so as to pick up where it was.
#[derive(Default, Debug)]
struct State {
    /// The games followed, each with the last version seen.
    watched: BTreeMap<GameId, u64>,
    /// Moves sent without an answer yet, by game: the version they were
    /// made at and the action.
    unanswered: BTreeMap<GameId, (u64, String)>,
    lobby: bool,
    /// A lobby told in parts, put together before it is handed on.
    parts: Assembly,
    /// Messages sent while the connection was down.
    queued: VecDeque<ClientMessage>,
}

impl State {
    /// Notes a message about to be sent.
    fn sending(&mut self, message: &ClientMessage) {
        match message {
            ClientMessage::Watch { game, since } => {
                self.watched.insert(game.clone(), *since);
            }
            ClientMessage::Unwatch { game } => {
                self.watched.remove(game);
                self.unanswered.remove(game);
            }
            ClientMessage::Play { game, version, action } => {
                self.unanswered.insert(game.clone(), (*version, action.clone()));
            }
            ClientMessage::WatchLobby => self.lobby = true,
            _ => {}
        }
    }

    /// Notes a message received.
    fn received(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Event {
                game, version, event, ..
            } => {
                if let Some(seen) = self.watched.get_mut(game) {
                    *seen = (*seen).max(*version);
                }
                let answered = match (self.unanswered.get(game), event) {
                    (Some((at, mine)), GameEvent::Moved { action, .. }) => version > at && action == mine,
                    (Some(_), GameEvent::Ended { .. }) => true,
                    _ => false,
                };
                if answered {
                    self.unanswered.remove(game);
                }
            }
            ServerMessage::Refused { game, .. } => {
                self.unanswered.remove(game);
            }
            _ => {}
        }
    }

    /// What to send after `Hello` on a new connection, in order.
    fn resume(&mut self) -> Vec<ClientMessage> {
        self.parts.clear();
        let mut out = Vec::new();
        if self.lobby {
            out.push(ClientMessage::WatchLobby);
        }
        for (game, since) in &self.watched {
            out.push(ClientMessage::Watch {
                game: game.clone(),
                since: *since,
            });
        }
        for (game, (version, action)) in &self.unanswered {
            out.push(ClientMessage::Play {
                game: game.clone(),
                version: *version,
                action: action.clone(),
            });
        }
        out.extend(self.queued.drain(..));
        out
    }
}

struct Session {
    endpoint: Endpoint,
    connector: Connector,
    token: Option<String>,
    liveness: Liveness,
    state: State,
    commands: mpsc::UnboundedReceiver<ClientMessage>,
    hand_on: mpsc::UnboundedSender<Incoming>,
}

/// Why a connected spell ended.
enum Ended {
    /// The [`Connection`] was dropped.
    Dropped,
    /// The connection was lost, why.
    Lost(String),
}

impl Session {
    async fn run(mut self, mut socket: Socket) {
        loop {
            match self.connected(&mut socket).await {
                Ended::Dropped => {
                    let _ = socket.close(None).await;
                    return;
                }
                Ended::Lost(why) => {
                    if self.hand_on.send(Incoming::Lost(why)).is_err() {
                        return;
                    }
                }
            }
            match self.reconnect().await {
                Some(again) => socket = again,
                None => return,
            }
        }
    }

    /// Passes messages both ways until the connection is lost or dropped.
    async fn connected(&mut self, socket: &mut Socket) -> Ended {
        let Liveness { ping_every, silence } = self.liveness;
        let mut heard = Instant::now();
        let mut ping = tokio::time::interval_at(Instant::now() + ping_every, ping_every);
        ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                frame = socket.next() => {
                    heard = Instant::now();
                    match frame {
                        None => return Ended::Lost("the server closed the connection".into()),
                        Some(Err(e)) => return Ended::Lost(e.to_string()),
                        Some(Ok(Message::Text(text))) => {
                            let incoming = match decode_server(&text) {
                                Ok(message) => {
                                    self.state.received(&message);
                                    // A lobby's parts are handed on as one lobby.
                                    let Some(message) = self.state.parts.take(message) else { continue };
                                    Incoming::Message(message)
                                }
                                Err(e) => Incoming::Malformed(e.to_string()),
                            };
                            if self.hand_on.send(incoming).is_err() {
                                return Ended::Dropped;
                            }
                        }
                        Some(Ok(Message::Close(frame))) => {
                            let why = frame.map_or_else(String::new, |f| format!(": {}", f.reason));
                            return Ended::Lost(format!("the server closed the connection{why}"));
                        }
                        Some(Ok(Message::Binary(_))) => {
                            let said = Incoming::Malformed("a binary frame; the protocol's are text".into());
                            if self.hand_on.send(said).is_err() {
                                return Ended::Dropped;
                            }
                        }
                        Some(Ok(_)) => {}
                    }
                }
                command = self.commands.recv() => {
                    let Some(message) = command else { return Ended::Dropped };
                    self.state.sending(&message);
                    if let Err(e) = socket.send(Message::text(encode(&message))).await {
                        return Ended::Lost(e.to_string());
                    }
                }
                _ = ping.tick() => {
                    if heard.elapsed() >= silence {
                        return Ended::Lost(format!("the server said nothing for {:.1} s", silence.as_secs_f64()));
                    }
                    if let Err(e) = socket.send(Message::text(encode(&ClientMessage::Ping))).await {
                        return Ended::Lost(e.to_string());
                    }
                }
            }
        }
    }

    /// Connects again, waiting longer after each failure, keeping what is
    /// sent meanwhile. `None` when the connection is dropped or the server
    /// refuses the session.
    async fn reconnect(&mut self) -> Option<Socket> {
        let mut backoff = FIRST_BACKOFF;
        loop {
            let wake = sleep(backoff);
            tokio::pin!(wake);
            loop {
                tokio::select! {
                    _ = &mut wake => break,
                    command = self.commands.recv() => {
                        let message = command?;
                        self.state.sending(&message);
                        // Plays and watches are sent again from the state.
                        if !matches!(
                            message,
                            ClientMessage::Play { .. } | ClientMessage::Watch { .. } | ClientMessage::WatchLobby
                        ) {
                            self.state.queued.push_back(message);
                        }
                    }
                }
            }
            match connect(&self.endpoint, &self.connector, self.token.as_deref()).await {
                Ok((mut socket, _, early)) => {
                    let mut sent = Ok(());
                    for message in self.state.resume() {
                        sent = socket.send(Message::text(encode(&message))).await;
                        if sent.is_err() {
                            break;
                        }
                    }
                    if sent.is_ok() {
                        for message in early {
                            self.state.received(&message);
                            self.hand_on.send(Incoming::Message(message)).ok()?;
                        }
                        self.hand_on.send(Incoming::Reconnected).ok()?;
                        return Some(socket);
                    }
                }
                Err(ClientError::Refused(why)) => {
                    let _ = self.hand_on.send(Incoming::Closed(why));
                    return None;
                }
                Err(_) => {}
            }
            backoff = (backoff * 2).min(MAX_BACKOFF);
        }
    }
}

/// The TLS connector for `endpoint`: rustls with ring and `roots`, else
/// the Mozilla roots (`webpki-roots`), for `wss`; none for `ws`.
fn connector(endpoint: &Endpoint, roots: Option<&Roots>) -> Result<Connector, ClientError> {
    if !endpoint.tls() {
        return Ok(Connector::Plain);
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let roots = match roots {
        None => rustls::RootCertStore {
            roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
        },
        Some(roots) => {
            let mut store = rustls::RootCertStore::empty();
            for cert in roots.iter() {
                store
                    .add(cert.clone())
                    .map_err(|e| ClientError::Tls(format!("a certificate authority: {e}")))?;
            }
            store
        }
    };
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| ClientError::WebSocket(format!("TLS: {e}")))?
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(Connector::Rustls(Arc::new(config)))
}

/// Connects to `endpoint`, says `Hello` and waits for `Welcome` (what
/// came before it is handed back too), all within [`CONNECT_TIMEOUT`].
async fn connect(
    endpoint: &Endpoint,
    connector: &Connector,
    token: Option<&str>,
) -> Result<(Socket, Option<Account>, Vec<ServerMessage>), ClientError> {
    let attempt = async {
        let config = WebSocketConfig::default()
            .max_message_size(Some(MAX_FRAME))
            .max_frame_size(Some(MAX_FRAME));
        let (mut socket, _) = tokio_tungstenite::connect_async_tls_with_config(
            endpoint.ws_url(),
            Some(config),
            true,
            Some(connector.clone()),
        )
        .await
        .map_err(|e| {
            ClientError::WebSocket(format!(
                "cannot connect to {}: {}",
                endpoint.ws_url(),
                tls_hint(e.to_string())
            ))
        })?;
        let hello = ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: token.map(str::to_string),
        };
        socket
            .send(Message::text(encode(&hello)))
            .await
            .map_err(|e| ClientError::WebSocket(e.to_string()))?;
        let mut early = Vec::new();
        loop {
            let frame = socket.next().await;
            let text = match frame {
                Some(Ok(Message::Text(text))) => text,
                Some(Ok(Message::Close(_))) | None => {
                    return Err(ClientError::WebSocket(
                        "the server closed the connection before Welcome".into(),
                    ));
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(ClientError::WebSocket(e.to_string())),
            };
            match decode_server(&text) {
                Ok(ServerMessage::Welcome { protocol, .. }) if protocol != PROTOCOL_VERSION => {
                    return Err(ClientError::Refused(format!(
                        "the server speaks protocol {protocol}, this client {PROTOCOL_VERSION}: \
                         use a client and a server of the same version"
                    )));
                }
                Ok(ServerMessage::Welcome { account, .. }) => return Ok((socket, account, early)),
                Ok(ServerMessage::Error { reason }) => return Err(ClientError::Refused(reason)),
                Ok(other) => early.push(other),
                Err(e) => {
                    return Err(ClientError::Malformed {
                        what: "the answer to Hello".into(),
                        reason: e.to_string(),
                    });
                }
            }
        }
    };
    match timeout(CONNECT_TIMEOUT, attempt).await {
        Ok(result) => result,
        Err(_) => Err(ClientError::WebSocket(format!(
            "no Welcome from {} within {} s",
            endpoint.ws_url(),
            CONNECT_TIMEOUT.as_secs()
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(game: &str, version: u64, action: &str) -> ClientMessage {
        ClientMessage::Play {
            game: game.into(),
            version,
            action: action.into(),
        }
    }

    fn event(game: &str, version: u64, event: GameEvent) -> ServerMessage {
        ServerMessage::Event {
            game: game.into(),
            version,
            event,
            clocks: None,
        }
    }

    fn moved(action: &str) -> GameEvent {
        GameEvent::Moved {
            board: 0,
            player: 0,
            action: action.into(),
            left_ms: None,
            forced: false,
        }
    }

    #[test]
    fn the_state_resumes_watches_from_the_last_version_and_unanswered_moves() {
        let mut state = State::default();
        state.sending(&ClientMessage::WatchLobby);
        state.sending(&ClientMessage::Watch {
            game: "g1".into(),
            since: 0,
        });
        state.sending(&ClientMessage::Watch {
            game: "g2".into(),
            since: 4,
        });
        for v in 1..=7 {
            state.received(&event("g1", v, GameEvent::Drew { board: 0, colour: 1 }));
        }
        state.sending(&play("g1", 7, "Dc"));
        state.sending(&play("g2", 4, "AaAb"));
        // g2's move is answered by its event; g1's is not.
        state.received(&event("g2", 5, moved("AaAb")));
        // An event of a game not followed changes nothing.
        state.received(&event("g3", 9, moved("Dc")));
        assert_eq!(
            state.resume(),
            [
                ClientMessage::WatchLobby,
                ClientMessage::Watch {
                    game: "g1".into(),
                    since: 7
                },
                ClientMessage::Watch {
                    game: "g2".into(),
                    since: 5
                },
                play("g1", 7, "Dc"),
            ]
        );
    }

    #[test]
    fn a_move_is_answered_by_its_event_the_end_or_a_refusal_only() {
        let mut state = State::default();
        state.sending(&play("g", 3, "Dc"));
        // An earlier event with the same action, or another action, is no answer.
        state.received(&event("g", 3, moved("Dc")));
        state.received(&event("g", 4, moved("Ee")));
        assert!(state.unanswered.contains_key("g"));
        state.received(&event("g", 5, moved("Dc")));
        assert!(state.unanswered.is_empty());
        state.sending(&play("g", 6, "DcDd"));
        state.received(&ServerMessage::Refused {
            game: "g".into(),
            reason: "not your turn".into(),
        });
        assert!(state.unanswered.is_empty());
        state.sending(&play("g", 7, "DcDd"));
        state.received(&event(
            "g",
            8,
            GameEvent::Ended {
                result: "1-0".into(),
                totals: [1, 0],
                termination: "normal".into(),
                seed: String::new(),
            },
        ));
        assert!(state.unanswered.is_empty());
    }

    #[test]
    fn unwatching_forgets_the_game() {
        let mut state = State::default();
        state.sending(&ClientMessage::Watch {
            game: "g".into(),
            since: 0,
        });
        state.sending(&play("g", 1, "Dc"));
        state.sending(&ClientMessage::Unwatch { game: "g".into() });
        assert!(state.resume().is_empty());
    }
}
