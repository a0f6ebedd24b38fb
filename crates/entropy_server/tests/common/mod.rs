//! What the server's tests share: a server run in the test's process on a
//! [`ManualClock`] and a scratch SQLite file, an HTTP helper, and a
//! WebSocket client that waits for messages (never for a number of seconds:
//! a message that never comes fails the test after a long safety net).

#![allow(dead_code)]

pub mod play;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use entropy_protocol::{ClientMessage, Credentials, PROTOCOL_VERSION, ServerMessage, SignedIn, decode_server, encode};
use entropy_server::{Config, ManualClock, Running};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a test waits for something that should come at once before failing.
pub const SAFETY_NET: Duration = Duration::from_secs(30);

/// 2026-03-01 12:00 UTC, the time every test's clock starts at.
pub const START: i64 = 1_772_366_400_000;

/// A server of the test's own.
pub struct TestServer {
    pub running: Option<Running>,
    pub clock: Arc<ManualClock>,
    pub dir: tempfile::TempDir,
    pub addr: SocketAddr,
}

impl TestServer {
    /// A server on a fresh SQLite file.
    pub async fn start() -> TestServer {
        let dir = tempfile::tempdir().unwrap();
        let clock = Arc::new(ManualClock::new(START));
        TestServer::start_in(dir, clock).await
    }

    /// A server on the SQLite file `server.db` of `dir`, on `clock`.
    pub async fn start_in(dir: tempfile::TempDir, clock: Arc<ManualClock>) -> TestServer {
        TestServer::start_limited(dir, clock, entropy_server::Limits::default()).await
    }

    /// A server on a fresh SQLite file, within `limits`.
    pub async fn start_with(limits: entropy_server::Limits) -> TestServer {
        let clock = Arc::new(ManualClock::new(START));
        TestServer::start_limited(tempfile::tempdir().unwrap(), clock, limits).await
    }

    async fn start_limited(
        dir: tempfile::TempDir,
        clock: Arc<ManualClock>,
        limits: entropy_server::Limits,
    ) -> TestServer {
        let mut config = Config::new(
            "127.0.0.1:0".parse().unwrap(),
            entropy_server::db::sqlite_url(&dir.path().join("server.db")),
        );
        config.limits = limits;
        let running = entropy_server::start(config, clock.clone())
            .await
            .unwrap_or_else(|e| panic!("the server did not start: {e}"));
        let addr = running.local_addr();
        TestServer {
            running: Some(running),
            clock,
            dir,
            addr,
        }
    }

    /// What the server holds now.
    pub fn holds(&self) -> entropy_server::Holds {
        self.running.as_ref().expect("the server runs").holds()
    }

    pub fn db_path(&self) -> PathBuf {
        self.dir.path().join("server.db")
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// Stops the server, giving back its folder and clock.
    pub async fn stop(mut self) -> (tempfile::TempDir, Arc<ManualClock>) {
        self.running.take().unwrap().shutdown().await;
        (self.dir, self.clock)
    }

    /// Moves the server's clock on.
    pub fn advance(&self, by: Duration) {
        self.clock.advance(by);
    }

    /// An HTTP request: its status and body.
    pub async fn http(
        &self,
        method: &'static str,
        path: &str,
        body: Option<String>,
        token: Option<&str>,
    ) -> (u16, String) {
        request(self.addr, method, path, body, token).await
    }

    /// Registers an account (password "password-of-NAME"), signed in.
    pub async fn register(&self, name: &str) -> SignedIn {
        let body = credentials(name, &format!("password-of-{name}"));
        let (status, text) = self.http("POST", "/api/register", Some(body), None).await;
        assert_eq!(status, 200, "register {name}: {text}");
        serde_json::from_str(&text).unwrap()
    }

    /// A WebSocket connection, not yet said Hello.
    pub async fn connect(&self) -> Client {
        Client::connect(&format!("ws://{}/ws", self.addr)).await
    }

    /// A connection that said Hello with this token (None: a watcher) and was welcomed.
    pub async fn hello(&self, token: Option<&str>) -> Client {
        let mut client = self.connect().await;
        client
            .send(&ClientMessage::Hello {
                protocol: PROTOCOL_VERSION,
                token: token.map(str::to_string),
            })
            .await;
        client.expect(|m| matches!(m, ServerMessage::Welcome { .. })).await;
        client
    }
}

pub fn credentials(name: &str, password: &str) -> String {
    serde_json::to_string(&Credentials {
        name: name.into(),
        password: password.into(),
        bot: false,
    })
    .unwrap()
}

/// An HTTP request to the server at `addr`: its status and body.
pub async fn request(
    addr: SocketAddr,
    method: &'static str,
    path: &str,
    body: Option<String>,
    token: Option<&str>,
) -> (u16, String) {
    let url = format!("http://{addr}{path}");
    let token = token.map(|t| format!("Bearer {t}"));
    tokio::task::spawn_blocking(move || {
        let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
        let response = match method {
            "GET" => {
                let mut request = agent.get(&url);
                if let Some(token) = &token {
                    request = request.header("Authorization", token);
                }
                request.call()
            }
            "POST" => {
                let mut request = agent.post(&url).content_type("application/json");
                if let Some(token) = &token {
                    request = request.header("Authorization", token);
                }
                match body {
                    Some(body) => request.send(body),
                    None => request.send_empty(),
                }
            }
            other => panic!("no {other} in these tests"),
        };
        let mut response = response.unwrap_or_else(|e| panic!("{method} {url}: {e}"));
        let status = response.status().as_u16();
        let text = response.body_mut().read_to_string().unwrap_or_default();
        (status, text)
    })
    .await
    .unwrap()
}

/// A POST of a JSON body to the server at `addr`: its status and body.
pub async fn post(addr: SocketAddr, path: &str, body: &str) -> (u16, String) {
    request(addr, "POST", path, Some(body.to_string()), None).await
}

/// A WebSocket client of the protocol.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every message received, in order.
    pub seen: Vec<ServerMessage>,
}

/// What a connection gave when read.
#[derive(Debug)]
pub enum Next {
    Message(ServerMessage),
    /// Closed, with the close frame's reason if any.
    Closed(String),
}

impl Client {
    pub async fn connect(url: &str) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(url)
            .await
            .unwrap_or_else(|e| panic!("connect {url}: {e}"));
        Client { ws, seen: Vec::new() }
    }

    pub fn from_stream(ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
        Client { ws, seen: Vec::new() }
    }

    pub async fn send(&mut self, message: &ClientMessage) {
        self.send_text(&encode(message)).await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::text(text)).await.unwrap();
    }

    /// Sends a frame; false if the connection is gone.
    pub async fn try_send_text(&mut self, text: &str) -> bool {
        self.ws.send(Message::text(text)).await.is_ok()
    }

    /// The next message, or the end of the connection.
    pub async fn next(&mut self) -> Next {
        loop {
            let frame = tokio::time::timeout(SAFETY_NET, self.ws.next())
                .await
                .expect("nothing came from the server");
            match frame {
                None => return Next::Closed(String::new()),
                Some(Err(e)) => return Next::Closed(e.to_string()),
                Some(Ok(Message::Close(frame))) => {
                    return Next::Closed(frame.map(|f| f.reason.to_string()).unwrap_or_default());
                }
                Some(Ok(Message::Text(text))) => {
                    let message = decode_server(&text).unwrap_or_else(|e| panic!("the server sent {text}: {e}"));
                    self.seen.push(message.clone());
                    return Next::Message(message);
                }
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Waits for a message that `wanted` accepts, skipping others.
    pub async fn expect(&mut self, wanted: impl Fn(&ServerMessage) -> bool) -> ServerMessage {
        loop {
            match self.next().await {
                Next::Message(m) if wanted(&m) => return m,
                Next::Message(_) => {}
                Next::Closed(reason) => {
                    panic!(
                        "the connection closed ({reason}) before the message waited for; seen: {:#?}",
                        self.seen
                    )
                }
            }
        }
    }

    /// Waits for an Error, and gives its reason.
    pub async fn expect_error(&mut self) -> String {
        match self.expect(|m| matches!(m, ServerMessage::Error { .. })).await {
            ServerMessage::Error { reason } => reason,
            _ => unreachable!(),
        }
    }

    /// Waits for the connection to close, skipping messages; the reason.
    pub async fn expect_closed(&mut self) -> String {
        loop {
            if let Next::Closed(reason) = self.next().await {
                return reason;
            }
        }
    }

    /// A round trip: Ping, and everything received until its Pong.
    pub async fn sync(&mut self) -> Vec<ServerMessage> {
        self.send(&ClientMessage::Ping).await;
        let mut before = Vec::new();
        loop {
            match self.next().await {
                Next::Message(ServerMessage::Pong) => return before,
                Next::Message(m) => before.push(m),
                Next::Closed(reason) => panic!("closed ({reason}) while waiting for Pong"),
            }
        }
    }
}

/// `a` seeks a game of `options`, `b` accepts: the game's id, once both
/// were told it started.
pub async fn start_game(a: &mut Client, b: &mut Client, options: entropy_protocol::GameOptions) -> String {
    a.send(&ClientMessage::Seek { options }).await;
    let seek = match a.expect(|m| matches!(m, ServerMessage::SeekPosted { .. })).await {
        ServerMessage::SeekPosted { seek } => seek.id,
        _ => unreachable!(),
    };
    b.send(&ClientMessage::Accept { seek }).await;
    let game = match b.expect(|m| matches!(m, ServerMessage::GameStarted { .. })).await {
        ServerMessage::GameStarted { game } => game,
        _ => unreachable!(),
    };
    let told = a.expect(|m| matches!(m, ServerMessage::GameStarted { .. })).await;
    assert_eq!(told, ServerMessage::GameStarted { game: game.clone() });
    game
}

/// The events of `game` a client has received, with their versions.
pub fn events_of(client: &Client, game: &str) -> Vec<(u64, entropy_protocol::GameEvent)> {
    client
        .seen
        .iter()
        .filter_map(|m| match m {
            ServerMessage::Event {
                game: g,
                version,
                event,
                ..
            } if g == game => Some((*version, event.clone())),
            _ => None,
        })
        .collect()
}

/// The Spectators messages of `game` among `messages`: their counts.
pub fn spectators_of(messages: &[ServerMessage], game: &str) -> Vec<u32> {
    messages
        .iter()
        .filter_map(|m| match m {
            ServerMessage::Spectators { game: g, count } if g == game => Some(*count),
            _ => None,
        })
        .collect()
}
