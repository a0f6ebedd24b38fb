//! The server's HTTP API: registration, sign-in and out, finished games,
//! the leaderboard and the key the server signs its match files with.
//! Each call is a blocking `ureq` request run on tokio's blocking pool, so
//! it never holds up the tasks of a connection.

use std::io::Read;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use entropy_protocol::{ApiError, Credentials, GameSummary, Rating, ServerKey, SignedIn};
use serde::de::DeserializeOwned;

use crate::endpoint::{Endpoint, path_segment};
use crate::trust::{MAX_CA_FILE, Roots, parse_roots, tls_hint};
use crate::{ClientError, connection};

/// The most a JSON answer may hold: 4 MiB (a player's list of thousands of games).
pub const MAX_JSON: u64 = 4 * 1024 * 1024;
/// The most a match file may hold: the match file's own bound.
pub const MAX_MATCH_FILE: u64 = entropy_rules::MatchFile::BOUNDS.text as u64;
/// How long one HTTP call may take in all.
pub const HTTP_TIMEOUT: Duration = Duration::from_secs(30);

/// A server: where it is, and an HTTP agent to call its API with.
/// Cheap to clone (the agent's connections are shared).
#[derive(Clone)]
pub struct Server {
    endpoint: Arc<Endpoint>,
    agent: ureq::Agent,
    /// The certificate authorities trusted for `https://` and `wss://`
    /// instead of the Mozilla roots ([`Server::with_root_certificates`]).
    roots: Option<Roots>,
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
            agent: agent(None),
            roots: None,
        })
    }

    /// The same server, its certificate checked against the certificate
    /// authorities in `pem` (one or more `CERTIFICATE` blocks) and no
    /// others: a server with a certificate of its own or of a private CA.
    /// Used by the HTTP calls and the WebSocket alike.
    pub fn with_root_certificates(self, pem: &[u8]) -> Result<Server, ClientError> {
        let roots = parse_roots(pem).map_err(ClientError::Tls)?;
        let roots: Roots = Arc::new(roots);
        Ok(Server {
            endpoint: self.endpoint,
            agent: agent(Some(&roots)),
            roots: Some(roots),
        })
    }

    /// [`Server::with_root_certificates`] with the PEM file at `path`; the
    /// error names the file.
    pub fn with_ca_file(self, path: &Path) -> Result<Server, ClientError> {
        let fail = |why: String| ClientError::Tls(format!("the certificate authority file {}: {why}", path.display()));
        let file = std::fs::File::open(path).map_err(|e| fail(e.to_string()))?;
        let mut pem = Vec::new();
        file.take(MAX_CA_FILE + 1)
            .read_to_end(&mut pem)
            .map_err(|e| fail(e.to_string()))?;
        if pem.len() as u64 > MAX_CA_FILE {
            return Err(fail(format!("larger than {MAX_CA_FILE} bytes")));
        }
        let roots = parse_roots(&pem).map_err(fail)?;
        let roots: Roots = Arc::new(roots);
        Ok(Server {
            endpoint: self.endpoint,
            agent: agent(Some(&roots)),
            roots: Some(roots),
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

    /// Calls `path` on the blocking pool; the body of a success (2xx), or
    /// the server's error.
    async fn call(
        &self,
        method: Method,
        path: String,
        token: Option<String>,
        limit: u64,
    ) -> Result<String, ClientError> {
        let agent = self.agent.clone();
        let url = format!("{}{path}", self.endpoint.http_base());
        let blocking = tokio::task::spawn_blocking(move || request(&agent, &method, &url, token.as_deref(), limit));
        match blocking.await {
            Ok(answer) => answer.map_err(|e| e.at(&path)),
            Err(e) => Err(ClientError::Http {
                what: path,
                reason: format!("the request's task failed: {e}"),
            }),
        }
    }

    /// A WebSocket connection to the server, signed in with `token` (none: a
    /// watcher), which comes back by itself after a lost connection: see
    /// [`connection::Connection`].
    pub async fn connect(&self, token: Option<String>) -> Result<connection::Connection, ClientError> {
        self.connect_with(token, connection::Liveness::default()).await
    }

    /// [`Server::connect`], pinging and taking silence for a loss as
    /// `liveness` says (a game on screen wants a loss said at once).
    pub async fn connect_with(
        &self,
        token: Option<String>,
        liveness: connection::Liveness,
    ) -> Result<connection::Connection, ClientError> {
        connection::Connection::open(self.endpoint.as_ref().clone(), self.roots.clone(), token, liveness).await
    }
}

/// The HTTP agent, trusting `roots` (none: the Mozilla roots).
fn agent(roots: Option<&Roots>) -> ureq::Agent {
    let mut config = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(HTTP_TIMEOUT))
        .max_redirects(0)
        .user_agent(format!("entropy_client/{}", env!("CARGO_PKG_VERSION")));
    if let Some(roots) = roots {
        let certs: Vec<_> = roots
            .iter()
            .map(|der| ureq::tls::Certificate::from_der(der.as_ref()).to_owned())
            .collect();
        let tls = ureq::tls::TlsConfig::builder()
            .provider(ureq::tls::TlsProvider::Rustls)
            .root_certs(ureq::tls::RootCerts::Specific(Arc::new(certs)))
            .build();
        config = config.tls_config(tls);
    }
    config.build().new_agent()
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

fn request(
    agent: &ureq::Agent,
    method: &Method,
    url: &str,
    token: Option<&str>,
    limit: u64,
) -> Result<String, CallError> {
    let bearer = token.map(|t| format!("Bearer {t}"));
    let sent = match method {
        Method::Get => {
            let mut request = agent.get(url);
            if let Some(bearer) = &bearer {
                request = request.header("Authorization", bearer);
            }
            request.call()
        }
        Method::Post { body } => {
            let mut request = agent.post(url).header("Content-Type", "application/json");
            if let Some(bearer) = &bearer {
                request = request.header("Authorization", bearer);
            }
            request.send(body.as_str())
        }
    };
    let mut response = sent.map_err(|e| CallError::Http(tls_hint(e.to_string())))?;
    let status = response.status().as_u16();
    let text = response
        .body_mut()
        .with_config()
        .limit(limit)
        .read_to_string()
        .map_err(|e| match e {
            ureq::Error::BodyExceedsLimit(n) => CallError::Malformed(format!("the answer is larger than {n} bytes")),
            e => CallError::Http(e.to_string()),
        })?;
    if (200..300).contains(&status) {
        return Ok(text);
    }
    let error = match serde_json::from_str::<ApiError>(&text) {
        Ok(ApiError { error }) => error,
        Err(_) => format!("HTTP status {status}, {}", entropy_rules::text::excerpt(&text)),
    };
    Err(CallError::Api { status, error })
}
