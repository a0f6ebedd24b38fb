//! The server's HTTP API: registration, sign-in and out, finished games,
//! the leaderboard and the key the server signs its match files with.
//! Outside the browser each call is a blocking `ureq` request run on
//! tokio's blocking pool, so it never holds up the tasks of a connection
//! ([`native`]); in the browser it is the browser's `fetch` ([`web`]).

#[cfg(not(target_arch = "wasm32"))]
mod native;
#[cfg(target_arch = "wasm32")]
mod web;

use std::sync::Arc;
use std::time::Duration;

use entropy_protocol::{ApiError, Credentials, GameSummary, Rating, ServerKey, SignedIn};
use serde::de::DeserializeOwned;

use crate::endpoint::{Endpoint, path_segment};
use crate::liveness::Liveness;
use crate::{ClientError, Connection};

/// The most a JSON answer may hold: 4 MiB (a player's list of thousands of games).
pub const MAX_JSON: u64 = 4 * 1024 * 1024;
/// The most a match file may hold: the match file's own bound.
pub const MAX_MATCH_FILE: u64 = entropy_rules::MatchFile::BOUNDS.text as u64;
/// How long one HTTP call may take in all.
pub const HTTP_TIMEOUT: Duration = Duration::from_secs(30);

/// A server: where it is, and how its API is called (an HTTP agent
/// outside the browser, whose connections clones share).
#[derive(Clone)]
pub struct Server {
    endpoint: Arc<Endpoint>,
    #[cfg(not(target_arch = "wasm32"))]
    transport: native::Transport,
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server").field("endpoint", &self.endpoint).finish()
    }
}

impl Server {
    /// The server at `url`: `ws://`, `wss://`, `http://`, `https://` or a
    /// bare `host[:port]` (plain, port 7849 by default), see [`Endpoint`].
    pub fn new(url: &str) -> Result<Server, ClientError> {
        let endpoint: Endpoint = url.parse().map_err(ClientError::Url)?;
        Ok(Server {
            endpoint: Arc::new(endpoint),
            #[cfg(not(target_arch = "wasm32"))]
            transport: native::Transport::new(None),
        })
    }

    /// Where the server is.
    pub fn endpoint(&self) -> &Endpoint {
        &self.endpoint
    }

    /// Registers an account and signs it in.
    pub async fn register(&self, credentials: &Credentials) -> Result<SignedIn, ClientError> {
        let body = entropy_protocol::encode(credentials);
        self.call_json(Method::Post { body }, "/api/register".into(), None)
            .await
    }

    /// Signs an account in: a fresh session's token.
    pub async fn login(&self, credentials: &Credentials) -> Result<SignedIn, ClientError> {
        let body = entropy_protocol::encode(credentials);
        self.call_json(Method::Post { body }, "/api/login".into(), None).await
    }

    /// Ends the session of `token`.
    pub async fn logout(&self, token: &str) -> Result<(), ClientError> {
        let body = String::new();
        self.call(
            Method::Post { body },
            "/api/logout".into(),
            Some(token.to_string()),
            MAX_JSON,
        )
        .await
        .map(drop)
    }

    /// A finished game's match file, as text.
    pub async fn game_file(&self, game: &str) -> Result<String, ClientError> {
        let path = format!("/api/games/{}", path_segment(game));
        self.call(Method::Get, path, None, MAX_MATCH_FILE).await
    }

    /// The public key the server signs its match files with (`GET
    /// /api/key`), as 64 hexadecimal digits; an answer that names another
    /// algorithm than Ed25519, or no key of it, is malformed.
    pub async fn server_key(&self) -> Result<String, ClientError> {
        let answer: ServerKey = self.call_json(Method::Get, "/api/key".into(), None).await?;
        let malformed = |reason: String| ClientError::Malformed {
            what: "the answer to /api/key".into(),
            reason,
        };
        if answer.algorithm != entropy_protocol::signature::ALGORITHM {
            return Err(malformed(format!(
                "the key's algorithm is {:?}, not {:?}",
                entropy_rules::text::excerpt(&answer.algorithm),
                entropy_protocol::signature::ALGORITHM
            )));
        }
        entropy_protocol::signature::check_public_key(&answer.key).map_err(malformed)?;
        Ok(answer.key.trim().to_ascii_lowercase())
    }

    /// A player's finished games, as the server lists them.
    pub async fn player_games(&self, player: &str) -> Result<Vec<GameSummary>, ClientError> {
        let path = format!("/api/players/{}/games", path_segment(player));
        self.call_json(Method::Get, path, None).await
    }

    /// The leaderboard of a ratings pool (`7x7-match`, see
    /// [`entropy_protocol::GameOptions::pool`]).
    pub async fn leaderboard(&self, pool: &str) -> Result<Vec<Rating>, ClientError> {
        let path = format!("/api/leaderboard?pool={}", path_segment(pool));
        self.call_json(Method::Get, path, None).await
    }

    async fn call_json<T: DeserializeOwned>(
        &self,
        method: Method,
        path: String,
        token: Option<String>,
    ) -> Result<T, ClientError> {
        let text = self.call(method, path.clone(), token, MAX_JSON).await?;
        serde_json::from_str(&text).map_err(|e| ClientError::Malformed {
            what: format!("the answer to {path}"),
            reason: e.to_string(),
        })
    }

    /// A WebSocket connection to the server, signed in with `token` (none: a
    /// watcher), which comes back by itself after a lost connection: see
    /// [`Connection`].
    pub async fn connect(&self, token: Option<String>) -> Result<Connection, ClientError> {
        self.connect_with(token, Liveness::default()).await
    }

    /// [`Server::connect`], pinging and taking silence for a loss as
    /// `liveness` says (a game on screen wants a loss said at once).
    pub async fn connect_with(&self, token: Option<String>, liveness: Liveness) -> Result<Connection, ClientError> {
        #[cfg(not(target_arch = "wasm32"))]
        let connector = self.transport.connector(&self.endpoint)?;
        #[cfg(target_arch = "wasm32")]
        let connector = crate::socket::Connector;
        Connection::open(self.endpoint.as_ref().clone(), connector, token, liveness).await
    }

    /// Calls `path`: the body of a success (2xx), or the server's error.
    async fn call(
        &self,
        method: Method,
        path: String,
        token: Option<String>,
        limit: u64,
    ) -> Result<String, ClientError> {
        let url = format!("{}{path}", self.endpoint.http_base());
        #[cfg(not(target_arch = "wasm32"))]
        let answer = self.transport.call(method, url, token, limit).await;
        #[cfg(target_arch = "wasm32")]
        let answer = web::call(method, url, token, limit).await;
        answer.map_err(|e| e.at(&path))
    }
}

enum Method {
    Get,
    Post { body: String },
}

/// What a call failed with, before the path is known to it.
enum CallError {
    Http(String),
    Api { status: u16, error: String },
    Malformed(String),
}

impl CallError {
    fn at(self, path: &str) -> ClientError {
        match self {
            CallError::Http(reason) => ClientError::Http {
                what: path.to_string(),
                reason,
            },
            CallError::Api { status, error } => ClientError::Api { status, error },
            CallError::Malformed(reason) => ClientError::Malformed {
                what: format!("the answer to {path}"),
                reason,
            },
        }
    }
}

/// A call's answer: the body of a success (2xx), or the server's error.
fn answer(status: u16, text: String) -> Result<String, CallError> {
    if (200..300).contains(&status) {
        return Ok(text);
    }
    let error = match serde_json::from_str::<ApiError>(&text) {
        Ok(ApiError { error }) => error,
        Err(_) => format!("HTTP status {status}, {}", entropy_rules::text::excerpt(&text)),
    };
    Err(CallError::Api { status, error })
}
