//! The WebSocket connection: [`ClientMessage`]s out, [`ServerMessage`]s in,
//! and a connection that comes back by itself.
//!
//! A task of its own holds the socket ([`crate::runtime`]: a tokio task, or
//! the page's event loop in the browser). When the connection is lost (the
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

//!
//! What it remembers to pick up where it was is [`crate::resume`]'s; how
//! soon it finds a loss and tries again, [`crate::liveness`]'s.

use std::time::Duration;

use entropy_protocol::{Account, ClientMessage, PROTOCOL_VERSION, ServerMessage, decode_server, encode};
use futures_channel::mpsc;
use futures_util::future::AbortHandle;
use futures_util::{FutureExt, StreamExt, select_biased};

use crate::liveness::{CONNECT_TIMEOUT, FIRST_BACKOFF, Liveness, MAX_BACKOFF};
use crate::resume::State;
use crate::runtime::{self, Instant};
use crate::socket::{Connector, Frame, Socket};
use crate::{ClientError, Endpoint, Incoming};

/// A connection to a server: send with [`Connection::send`], receive with
/// [`Connection::recv`]. Dropping it closes it.
#[derive(Debug)]
pub struct Connection {
    outgoing: mpsc::UnboundedSender<ClientMessage>,
    incoming: mpsc::UnboundedReceiver<Incoming>,
    account: Option<Account>,
    task: AbortHandle,
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
        connector: Connector,
        token: Option<String>,
        liveness: Liveness,
    ) -> Result<Connection, ClientError> {
        let (socket, welcome, early) = connect(&endpoint, &connector, token.as_deref()).await?;
        let (outgoing, commands) = mpsc::unbounded();
        let (hand_on, incoming) = mpsc::unbounded();
        for message in early {
            let _ = hand_on.unbounded_send(Incoming::Message(message));
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
        let task = runtime::spawn(session.run(socket));
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
        self.outgoing.unbounded_send(message).map_err(|_| ClientError::Closed)
    }

    /// The next thing the connection has to say; `None` once it is over
    /// for good (after [`Incoming::Closed`]).
    pub async fn recv(&mut self) -> Option<Incoming> {
        self.incoming.next().await
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

/// What woke a connected session.
enum Woken {
    Frame(Option<Frame>),
    Command(Option<ClientMessage>),
    Ping,
}

impl Session {
    async fn run(mut self, mut socket: Socket) {
        loop {
            match self.connected(&mut socket).await {
                Ended::Dropped => {
                    socket.close().await;
                    return;
                }
                Ended::Lost(why) => {
                    if !self.hand_on(Incoming::Lost(why)) {
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

    /// Hands `incoming` on; whether the [`Connection`] is still there.
    fn hand_on(&self, incoming: Incoming) -> bool {
        self.hand_on.unbounded_send(incoming).is_ok()
    }

    /// Passes messages both ways until the connection is lost or dropped.
    async fn connected(&mut self, socket: &mut Socket) -> Ended {
        let Liveness { ping_every, silence } = self.liveness;
        let mut heard = Instant::now();
        let mut next_ping = Instant::now() + ping_every;
        loop {
            let woken = {
                let wait = next_ping.saturating_duration_since(Instant::now());
                let mut frame = std::pin::pin!(socket.next().fuse());
                let mut ping = std::pin::pin!(runtime::sleep(wait).fuse());
                select_biased! {
                    frame = frame => Woken::Frame(frame),
                    command = self.commands.next() => Woken::Command(command),
                    () = ping => Woken::Ping,
                }
            };
            match woken {
                Woken::Frame(frame) => {
                    heard = Instant::now();
                    let incoming = match frame {
                        None => return Ended::Lost("the server closed the connection".into()),
                        Some(Frame::Failed(why)) => return Ended::Lost(why),
                        Some(Frame::Close(reason)) => {
                            let why = if reason.is_empty() {
                                String::new()
                            } else {
                                format!(": {reason}")
                            };
                            return Ended::Lost(format!("the server closed the connection{why}"));
                        }
                        Some(Frame::Nothing) => continue,
                        Some(Frame::Binary) => Incoming::Malformed("a binary frame; the protocol's are text".into()),
                        Some(Frame::Text(text)) => match decode_server(&text) {
                            Ok(message) => {
                                self.state.received(&message);
                                // A lobby's parts are handed on as one lobby.
                                let Some(message) = self.state.parts.take(message) else {
                                    continue;
                                };
                                Incoming::Message(message)
                            }
                            Err(e) => Incoming::Malformed(e.to_string()),
                        },
                    };
                    if !self.hand_on(incoming) {
                        return Ended::Dropped;
                    }
                }
                Woken::Command(command) => {
                    let Some(message) = command else { return Ended::Dropped };
                    self.state.sending(&message);
                    if let Err(why) = socket.send(encode(&message)).await {
                        return Ended::Lost(why);
                    }
                }
                Woken::Ping => {
                    next_ping = Instant::now() + ping_every;
                    if heard.elapsed() >= silence {
                        return Ended::Lost(format!("the server said nothing for {:.1} s", silence.as_secs_f64()));
                    }
                    if let Err(why) = socket.send(encode(&ClientMessage::Ping)).await {
                        return Ended::Lost(why);
                    }
                }
            }
        }
    }

    /// Waits `time`, keeping what is sent meanwhile; `false` when the
    /// [`Connection`] is dropped.
    async fn wait_keeping(&mut self, time: Duration) -> bool {
        let mut wake = std::pin::pin!(runtime::sleep(time).fuse());
        loop {
            let command = select_biased! {
                () = wake => return true,
                command = self.commands.next() => command,
            };
            let Some(message) = command else { return false };
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

    /// Connects again, waiting longer after each failure, keeping what is
    /// sent meanwhile. `None` when the connection is dropped or the server
    /// refuses the session.
    async fn reconnect(&mut self) -> Option<Socket> {
        let mut backoff = FIRST_BACKOFF;
        loop {
            if !self.wait_keeping(backoff).await {
                return None;
            }
            match connect(&self.endpoint, &self.connector, self.token.as_deref()).await {
                Ok((mut socket, _, early)) => {
                    let mut sent = Ok(());
                    for message in self.state.resume() {
                        sent = socket.send(encode(&message)).await;
                        if sent.is_err() {
                            break;
                        }
                    }
                    if sent.is_ok() {
                        for message in early {
                            self.state.received(&message);
                            if !self.hand_on(Incoming::Message(message)) {
                                return None;
                            }
                        }
                        if !self.hand_on(Incoming::Reconnected) {
                            return None;
                        }
                        return Some(socket);
                    }
                }
                Err(ClientError::Refused(why)) => {
                    self.hand_on(Incoming::Closed(why));
                    return None;
                }
                Err(_) => {}
            }
            backoff = (backoff * 2).min(MAX_BACKOFF);
        }
    }
}

/// Connects to `endpoint`, says `Hello` and waits for `Welcome` (what
/// came before it is handed back too), all within [`CONNECT_TIMEOUT`].
async fn connect(
    endpoint: &Endpoint,
    connector: &Connector,
    token: Option<&str>,
) -> Result<(Socket, Option<Account>, Vec<ServerMessage>), ClientError> {
    let attempt = async {
        let mut socket = Socket::open(endpoint, connector).await?;
        let hello = ClientMessage::Hello {
            protocol: PROTOCOL_VERSION,
            token: token.map(str::to_string),
        };
        socket.send(encode(&hello)).await.map_err(ClientError::WebSocket)?;
        let mut early = Vec::new();
        loop {
            let text = match socket.next().await {
                Some(Frame::Text(text)) => text,
                Some(Frame::Close(_)) | None => {
                    return Err(ClientError::WebSocket(
                        "the server closed the connection before Welcome".into(),
                    ));
                }
                Some(Frame::Binary | Frame::Nothing) => continue,
                Some(Frame::Failed(why)) => return Err(ClientError::WebSocket(why)),
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
    match runtime::timeout(CONNECT_TIMEOUT, attempt).await {
        Some(result) => result,
        None => Err(ClientError::WebSocket(format!(
            "no Welcome from {} within {} s",
            endpoint.ws_url(),
            CONNECT_TIMEOUT.as_secs()
        ))),
    }
}
