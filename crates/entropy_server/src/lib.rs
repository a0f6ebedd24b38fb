//! `entropy-server`: the game server for Entropy — accounts, a lobby of
//! seeks and challenges, live and correspondence games kept by the server's
//! clock, spectators, ratings and an archive of finished matches. It speaks
//! `entropy_protocol` over WebSocket and a small HTTP API, stores everything
//! in SQLite (one process) or PostgreSQL (one or several processes), and
//! serves plain HTTP or HTTPS. `docs/online.md` describes it for people.
//!
//! [`start`] runs a server in the calling process (as the binary and the
//! tests do) on a [`Clock`] it is given.

pub mod addresses;
pub mod auth;
pub mod clock;
pub mod conns;
pub mod db;
pub mod door;
pub mod game;
pub mod guard;
pub mod hashing;
pub mod http;
pub mod hub;
pub mod lobby;
pub mod notify;
pub mod server;
pub mod sweeper;
pub mod web;
pub mod ws;

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum_server::Handle;
use axum_server::tls_rustls::{RustlsAcceptor, RustlsConfig};
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use clock::{Clock, ManualClock, Millis, SystemClock};
pub use server::Limits;

use db::{Backend, Store};
use server::Server;

/// How a server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// The address to listen on (port 0: any free port).
    pub listen: SocketAddr,
    /// The database's URL: `sqlite://…` or `postgres://…` ([`db::sqlite_url`] makes one for a file).
    pub database: String,
    /// A certificate chain and its private key (PEM files): HTTPS and WSS.
    pub tls: Option<Tls>,
    pub limits: Limits,
    /// A built web game's folder, served at `/` ([`web`]).
    pub web: Option<PathBuf>,
}

/// The files of a TLS certificate.
#[derive(Clone, Debug)]
pub struct Tls {
    pub cert: PathBuf,
    pub key: PathBuf,
}

/// The address the server listens on unless told otherwise.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:7849";

impl Config {
    /// A server on `listen` with the database at `database`, plain HTTP.
    pub fn new(listen: SocketAddr, database: impl Into<String>) -> Config {
        Config {
            listen,
            database: database.into(),
            tls: None,
            limits: Limits::default(),
            web: None,
        }
    }
}

/// Why a server did not start.
#[derive(Debug)]
pub enum StartError {
    /// The database could not be opened, or is not one this server can use.
    Database(String),
    /// The certificate or its key could not be read.
    Tls(String),
    /// The address could not be listened on.
    Listen(String),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::Database(why) => write!(f, "{why}"),
            StartError::Tls(why) => write!(f, "TLS: {why}"),
            StartError::Listen(why) => write!(f, "{why}"),
        }
    }
}

impl std::error::Error for StartError {}

/// A running server.
pub struct Running {
    addr: SocketAddr,
    handle: Handle<SocketAddr>,
    stop: watch::Sender<bool>,
    server: Arc<Server>,
    tasks: Vec<JoinHandle<()>>,
    serving: JoinHandle<()>,
    /// An SQLite file's lock, released once the database is closed.
    lock: Option<db::lock::FileLock>,
}

/// What a running server holds in memory that strangers can make it
/// hold: connections and the games it keeps for them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holds {
    /// TCP connections open.
    pub connections: usize,
    /// Of those, the ones not yet signed in ([`door`]).
    pub waiting: usize,
    /// Games held in memory, each for its watchers ([`hub`]).
    pub games: usize,
}

impl Running {
    /// The address it listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// What it holds now.
    pub fn holds(&self) -> Holds {
        let door = self.server.door.count();
        Holds {
            connections: door.open,
            waiting: door.waiting,
            games: self.server.hub.len(),
        }
    }

    /// Stops: every connection is closed (WebSocket clients get a close
    /// frame), the background tasks end, the last heartbeat is stored (it
    /// says when the server went down) and the database is closed.
    pub async fn shutdown(self) {
        tracing::info!("stopping");
        let _ = self.stop.send(true);
        self.server.conns.close_all("the server is stopping");
        self.handle.graceful_shutdown(Some(Duration::from_secs(5)));
        let _ = self.serving.await;
        for task in self.tasks {
            let _ = task.await;
        }
        let now = self.server.clock.now();
        if let Err(e) = db::processes::beat(&self.server.store, &self.server.process, now).await {
            tracing::warn!(error = %e, "could not record the last heartbeat");
        }
        self.server.store.close().await;
        drop(self.lock);
        tracing::info!("stopped");
    }
}

/// The TLS configuration of the files `tls` names; the error names the
/// file at fault (missing, unreadable, no PEM certificate or key in it) or
/// both (a certificate and a key that do not go together).
async fn tls_config(tls: &Tls) -> Result<RustlsConfig, StartError> {
    use rustls::pki_types::pem::PemObject;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};

    let fail = |what: &str, path: &std::path::Path, why: &dyn fmt::Display| {
        StartError::Tls(format!("the {what} file {}: {why}", path.display()))
    };
    let cert = tokio::fs::read(&tls.cert)
        .await
        .map_err(|e| fail("certificate", &tls.cert, &e))?;
    let chain = CertificateDer::pem_slice_iter(&cert)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| fail("certificate", &tls.cert, &pem_reason(&e)))?;
    if chain.is_empty() {
        let why = "no PEM certificate (-----BEGIN CERTIFICATE-----) in it";
        return Err(fail("certificate", &tls.cert, &why));
    }
    let key = tokio::fs::read(&tls.key).await.map_err(|e| fail("key", &tls.key, &e))?;
    PrivateKeyDer::from_pem_slice(&key).map_err(|e| {
        let why = match e {
            rustls::pki_types::pem::Error::NoItemsFound => {
                "no PEM private key (-----BEGIN PRIVATE KEY-----) in it".into()
            }
            e => pem_reason(&e),
        };
        fail("key", &tls.key, &why)
    })?;
    RustlsConfig::from_pem(cert, key).await.map_err(|e| {
        StartError::Tls(format!(
            "the certificate {} and the key {} do not go together: {e}",
            tls.cert.display(),
            tls.key.display()
        ))
    })
}

/// What is wrong with a PEM text, said plainly (the library's own words
/// print a marker line as a list of bytes).
fn pem_reason(e: &rustls::pki_types::pem::Error) -> String {
    use rustls::pki_types::pem::Error;
    let text = |bytes: &[u8]| entropy_rules::text::excerpt(&String::from_utf8_lossy(bytes));
    match e {
        Error::MissingSectionEnd { end_marker } => format!("malformed PEM: no -----END {}----- line", text(end_marker)),
        Error::IllegalSectionStart { line } => format!("malformed PEM: the line {:?}", text(line)),
        Error::Base64Decode(why) => format!("malformed PEM: not base64 ({why})"),
        other => format!("malformed PEM: {other}"),
    }
}

/// Serves HTTP/1.1 only (WebSocket is upgraded from it; nothing here needs
/// HTTP/2), and closes a connection that has not sent a request's headers
/// within `within` of being opened or of its last answer.
fn http1_within(
    builder: &mut hyper_util::server::conn::auto::Builder<hyper_util::rt::TokioExecutor>,
    within: Duration,
) {
    *builder = builder.clone().http1_only();
    builder
        .http1()
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(within);
}

/// Starts a server: opens and checks the database (refusing one it cannot
/// use, untouched), resumes the live games if no other process runs,
/// listens, and serves until [`Running::shutdown`].
pub async fn start(config: Config, clock: Arc<dyn Clock>) -> Result<Running, StartError> {
    // Another part of the process may have installed it already: either way there is one.
    let _ = rustls::crypto::ring::default_provider().install_default();
    // The certificate first: a server that cannot serve leaves no database behind.
    let tls = match &config.tls {
        None => None,
        Some(tls) => Some(tls_config(tls).await?),
    };
    let url = db::url::database_url(&config.database).map_err(StartError::Database)?;
    // An SQLite file: writable, this process's alone, and whole, before
    // anything is written to it.
    let file = db::url::sqlite_path(&url);
    let lock = match &file {
        Some(path) => {
            db::check::writable(path).map_err(StartError::Database)?;
            Some(db::lock::take(path).map_err(StartError::Database)?)
        }
        None => None,
    };
    let store = Store::connect(&url).await.map_err(StartError::Database)?;
    let checked = async {
        if let Some(path) = &file {
            db::check::whole(&store, path).await?;
        }
        db::schema::prepare(&store).await?;
        store.write_ahead().await?;
        db::keys::signing_key(&store).await
    };
    let signing = match checked.await {
        Ok(signing) => signing,
        Err(why) => {
            store.close().await;
            return Err(StartError::Database(why));
        }
    };
    let listener = std::net::TcpListener::bind(config.listen)
        .map_err(|e| StartError::Listen(format!("cannot listen on {}: {e}", config.listen)))?;
    listener
        .set_nonblocking(true)
        .map_err(|e| StartError::Listen(e.to_string()))?;
    let addr = listener.local_addr().map_err(|e| StartError::Listen(e.to_string()))?;

    let (stop, stopping) = watch::channel(false);
    let (notes, queue) = notify::note::Notifier::new();
    let server = Arc::new(Server {
        store,
        clock,
        limits: config.limits,
        conns: conns::Conns::default(),
        door: door::Door::new(&config.limits),
        guard: guard::Guard::default(),
        registering: http::registering(),
        hub: hub::slots::Hub::default(),
        audience: hub::audience::Audience::default(),
        roster: hub::roster::Roster::default(),
        notes,
        process: auth::random_id(16),
        signing,
        sweep: sweeper::alarm::Alarm::default(),
        lobby_changed: tokio::sync::Notify::new(),
        posting: lobby::posting(),
        stopping,
    });
    let mut tasks = vec![
        tokio::spawn(notify::dispatch(server.clone(), queue)),
        tokio::spawn(lobby::teller(server.clone())),
    ];
    if server.store.backend() == Backend::Postgres {
        tasks.push(tokio::spawn(notify::listen(url.clone(), server.clone())));
        // Held before the games are resumed: a process starting meanwhile
        // finds this one running.
        let life = db::processes::hold_life(&url, &server.process)
            .await
            .map_err(|e| StartError::Database(format!("cannot take this process's lock: {e}")))?;
        tasks.push(tokio::spawn(sweeper::live(server.clone(), url.clone(), life)));
    }
    sweeper::resume(&server)
        .await
        .map_err(|e| StartError::Database(format!("cannot resume the live games: {e}")))?;
    tasks.push(tokio::spawn(sweeper::sweep(server.clone())));
    tasks.push(tokio::spawn(sweeper::heartbeat(server.clone())));

    let app = http::routes(server.clone(), config.web.as_deref()).into_make_service();
    let handle = Handle::new();
    let door = server.door.clone();
    let serving = match tls {
        None => {
            let mut serve = axum_server::from_tcp(listener)
                .map_err(|e| StartError::Listen(e.to_string()))?
                .acceptor(door::FirstWord::new(door, config.limits.request_within));
            http1_within(serve.http_builder(), config.limits.request_within);
            let serve = serve.handle(handle.clone());
            tokio::spawn(async move {
                if let Err(e) = serve.serve(app).await {
                    tracing::error!(error = %e, "the server stopped serving");
                }
            })
        }
        Some(tls) => {
            let acceptor = RustlsAcceptor::new(tls)
                .handshake_timeout(config.limits.request_within)
                .acceptor(door);
            let acceptor = door::FirstWord::new(acceptor, config.limits.request_within);
            let mut serve = axum_server::from_tcp(listener)
                .map_err(|e| StartError::Listen(e.to_string()))?
                .acceptor(acceptor);
            http1_within(serve.http_builder(), config.limits.request_within);
            let serve = serve.handle(handle.clone());
            tokio::spawn(async move {
                if let Err(e) = serve.serve(app).await {
                    tracing::error!(error = %e, "the server stopped serving");
                }
            })
        }
    };
    tracing::info!(
        connections = server.door.capacity(),
        per_address = config.limits.per_address,
        "connections allowed"
    );
    let scheme = if config.tls.is_some() { "https" } else { "http" };
    tracing::info!(%addr, database = %db::redact(&url), "listening on {scheme}://{addr}");
    if let Some(web) = &config.web {
        tracing::info!(folder = %web.display(), "the web game is played at {scheme}://{addr}/");
    }
    let key = server.signing.public_hex();
    tracing::info!(%key, "finished match files are signed with the Ed25519 key {key}, published at {scheme}://{addr}/api/key");
    Ok(Running {
        addr,
        handle,
        stop,
        server,
        tasks,
        serving,
        lock,
    })
}
