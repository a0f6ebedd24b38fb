//! The network outside the browser, on a thread of its own: Bevy's task pools have no tokio
//! reactor, so a thread runs a tokio runtime that holds the connection to
//! a server (`entropy_client`: the HTTP calls and the WebSocket that comes
//! back by itself). The app talks to it through two channels, read and
//! written without waiting: [`NetCommand`]s in ([`Net::send`]), and
//! [`NetEvent`]s out ([`Net::drain`], once a frame). Nothing a frame does
//! ever waits on the network, and the game asks for no frame to listen for
//! it: each event it sends wakes the game's loop ([`crate::app::redraw::wake`]).

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use bevy::prelude::*;
use entropy_client::{CA_FILE_VAR, ClientError, Connection, Incoming, Liveness, Server};
use entropy_protocol::{Account, Credentials};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};

use super::{HOST_PORT, NetCommand, NetEvent, REACH};

/// The two ends of the network's channels, held by the app. Dropped (the
/// game closing), it lets the thread stop a server it hosts, which stores
/// when it went down so that its games' clocks get the time back.
#[derive(Resource)]
pub struct Net {
    commands: Option<UnboundedSender<NetCommand>>,
    events: Mutex<UnboundedReceiver<NetEvent>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Net {
    fn drop(&mut self) {
        // The thread's loop ends when its commands end.
        self.commands = None;
        if let Some(thread) = self.thread.take() {
            let deadline = std::time::Instant::now() + Duration::from_secs(6);
            while !thread.is_finished() && std::time::Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
}

impl Net {
    /// Starts the network's thread.
    pub fn start() -> Net {
        let (commands, inbox) = unbounded_channel();
        let (outbox, events) = unbounded_channel();
        let started = std::thread::Builder::new().name("network".into()).spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
            match runtime {
                Ok(runtime) => runtime.block_on(run(inbox, outbox)),
                Err(e) => {
                    say(&outbox, NetEvent::Failed(format!("the network could not start: {e}")));
                }
            }
        });
        let thread = started
            .map_err(|e| error!("the network's thread could not start: {e}"))
            .ok();
        Net {
            commands: Some(commands),
            events: Mutex::new(events),
            thread,
        }
    }

    /// Asks the network for `command`; never waits.
    pub fn send(&self, command: NetCommand) {
        if self.commands.as_ref().is_none_or(|c| c.send(command).is_err()) {
            warn!("the network's thread has stopped");
        }
    }

    /// What the network has said since the last call; never waits.
    pub fn drain(&self) -> Vec<NetEvent> {
        let mut events = Vec::new();
        let mut inbox = self.events.lock().unwrap_or_else(|p| p.into_inner());
        while let Ok(event) = inbox.try_recv() {
            events.push(event);
        }
        events
    }
}

/// Hands `event` to the app and wakes its loop to take it; whether the app
/// is still there.
fn say(outbox: &UnboundedSender<NetEvent>, event: NetEvent) -> bool {
    let sent = outbox.send(event).is_ok();
    crate::app::redraw::wake();
    sent
}

/// The session the network holds: the server, its token and the connection.
struct Link {
    server: Server,
    token: String,
    connection: Connection,
}

/// The network's loop: commands in, events out, until the app is gone.
async fn run(mut inbox: UnboundedReceiver<NetCommand>, outbox: UnboundedSender<NetEvent>) {
    let mut link: Option<Link> = None;
    let mut hosted: Option<entropy_server::Running> = None;
    loop {
        let incoming = async {
            match link.as_mut() {
                Some(link) => link.connection.recv().await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            command = inbox.recv() => {
                match command {
                    None => break,
                    Some(NetCommand::Host { folder }) => {
                        if hosted.is_none() {
                            let web = web_folder();
                            match host(&folder, web.clone()).await {
                                Ok(running) => {
                                    let port = running.local_addr().port();
                                    let addresses = entropy_server::addresses::local_addresses()
                                        .into_iter()
                                        .map(|a| format!("{a}:{port}"))
                                        .collect();
                                    let taken = port != HOST_PORT;
                                    let web = web.is_some();
                                    say(&outbox, NetEvent::Hosting { port, addresses, taken, web });
                                    hosted = Some(running);
                                }
                                Err(why) => {
                                    say(&outbox, NetEvent::HostFailed(why));
                                }
                            }
                        }
                    }
                    Some(NetCommand::StopHosting) => {
                        if let Some(running) = hosted.take() {
                            running.shutdown().await;
                        }
                        say(&outbox, NetEvent::HostStopped);
                    }
                    Some(command) => handle(command, &mut link, &outbox).await,
                }
            }
            said = incoming => {
                // The answers to the connection's own pings change nothing.
                if matches!(said, Some(Incoming::Message(entropy_protocol::ServerMessage::Pong))) {
                    continue;
                }
                let over = matches!(said, None | Some(Incoming::Closed(_)));
                let said = said.unwrap_or_else(|| Incoming::Closed("the connection ended".into()));
                if !say(&outbox, NetEvent::Incoming(said)) {
                    break;
                }
                if over {
                    link = None;
                }
            }
        }
    }
    drop(link);
    if let Some(running) = hosted {
        running.shutdown().await;
    }
}

/// Starts the server inside the game, its database in `folder`: on
/// [`HOST_PORT`] on every address, or on any free port if that one is taken.
/// With `web`, the web game in that folder is served too.
async fn host(folder: &Path, web: Option<PathBuf>) -> Result<entropy_server::Running, String> {
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let database = entropy_server::db::sqlite_url(&folder.join(HOST_DATABASE));
    let clock = || std::sync::Arc::new(entropy_server::SystemClock);
    let config = |port: u16| {
        let mut config = entropy_server::Config::new(SocketAddr::from(([0, 0, 0, 0], port)), database.clone());
        config.web = web.clone();
        config
    };
    match entropy_server::start(config(HOST_PORT), clock()).await {
        Ok(running) => Ok(running),
        Err(entropy_server::StartError::Listen(_)) => entropy_server::start(config(0), clock())
            .await
            .map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    }
}

/// The web game built beside this game (`./serve` builds it into the build
/// folder's `web`; an installed game has it beside the executable), if any.
fn web_folder() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    let beside = exe.parent()?;
    [beside.join("web"), beside.parent()?.join("web")]
        .into_iter()
        .find(|folder| entropy_server::web::built(folder))
}

/// The file of a hosted server's database, in the game's data folder.
pub const HOST_DATABASE: &str = "server.db";

async fn handle(command: NetCommand, link: &mut Option<Link>, outbox: &UnboundedSender<NetEvent>) {
    let tell = |event: NetEvent| {
        say(outbox, event);
    };
    match command {
        NetCommand::SignIn {
            address,
            name,
            password,
            register,
        } => {
            // The old session goes before a new one is opened.
            *link = None;
            let credentials = Credentials {
                name,
                password,
                bot: false,
            };
            *link = open(&address, sign_in(&address, credentials, register), &tell).await;
            list_finished(link, outbox);
        }
        NetCommand::Resume { address, token } => {
            *link = None;
            *link = open(&address, resume(&address, token), &tell).await;
            list_finished(link, outbox);
        }
        NetCommand::SignOut => {
            if let Some(old) = link.take() {
                drop(old.connection);
                // Signing out is best done; the player is out either way.
                let _ = tokio::time::timeout(REACH, old.server.logout(&old.token)).await;
            }
            tell(NetEvent::SignedOut);
        }
        NetCommand::Send(message) => match link {
            Some(link) => {
                if link.connection.send(message).is_err() {
                    tell(NetEvent::Incoming(Incoming::Closed("the connection is closed".into())));
                }
            }
            None => tell(NetEvent::Failed("not connected to a server".into())),
        },
        // Hosting is the loop's own ([`run`]), as it holds the server.
        NetCommand::Host { .. } | NetCommand::StopHosting => {}
        NetCommand::FetchMatch { game } => {
            let file = match link {
                Some(link) => link.server.game_file(&game).await.map_err(|e| e.to_string()),
                None => Err("not connected to a server".into()),
            };
            tell(NetEvent::MatchFile { game, file });
        }
    }
}

/// The player's finished games, as the server's archive lists them, told
/// once signed in: asked on a task of its own (within [`REACH`]), so that
/// nothing else waits for it; an archive that does not answer is asked
/// again at the next sign-in.
fn list_finished(link: &Option<Link>, outbox: &UnboundedSender<NetEvent>) {
    let Some(link) = link else { return };
    let Some(name) = link.connection.account().map(|a| a.name.clone()) else {
        return;
    };
    let (server, outbox) = (link.server.clone(), outbox.clone());
    tokio::spawn(async move {
        match tokio::time::timeout(REACH, server.player_games(&name)).await {
            Ok(Ok(listed)) => {
                say(&outbox, NetEvent::Listed(listed));
            }
            Ok(Err(e)) => warn!("the server's archive of {name}'s games: {e}"),
            Err(_) => warn!("the server's archive of {name}'s games did not answer"),
        }
    });
}

/// Opens a session at `address` by `attempt` (a sign-in or a session
/// kept), within [`REACH`], and tells how it went.
async fn open(
    address: &str,
    attempt: impl std::future::Future<Output = Result<(Link, Account), String>>,
    tell: &impl Fn(NetEvent),
) -> Option<Link> {
    match tokio::time::timeout(REACH, attempt).await {
        Ok(Ok((new, account))) => {
            tell(NetEvent::SignedIn {
                address: address.to_string(),
                account,
                token: new.token.clone(),
            });
            Some(new)
        }
        Ok(Err(why)) => {
            tell(NetEvent::Failed(why));
            None
        }
        Err(_) => {
            tell(NetEvent::Failed(unreachable(address)));
            None
        }
    }
}

/// The server at `address`, trusting the certificate authority the
/// environment names (a server with a certificate of its own), if any.
fn server(address: &str) -> Result<Server, String> {
    let server = Server::new(address.trim()).map_err(|e| format!("{address}: {e}"))?;
    match std::env::var_os(CA_FILE_VAR) {
        Some(path) => server.with_ca_file(path.as_ref()).map_err(|e| e.to_string()),
        None => Ok(server),
    }
}

async fn sign_in(address: &str, credentials: Credentials, register: bool) -> Result<(Link, Account), String> {
    let server = server(address)?;
    let signed = if register {
        server.register(&credentials).await
    } else {
        server.login(&credentials).await
    }
    .map_err(|e| said(address, e))?;
    let connection = server
        .connect_with(Some(signed.token.clone()), Liveness::PROMPT)
        .await
        .map_err(|e| said(address, e))?;
    let link = Link {
        server,
        token: signed.token,
        connection,
    };
    Ok((link, signed.account))
}

async fn resume(address: &str, token: String) -> Result<(Link, Account), String> {
    let server = server(address)?;
    let connection = server
        .connect_with(Some(token.clone()), Liveness::PROMPT)
        .await
        .map_err(|e| said(address, e))?;
    let account = connection
        .account()
        .cloned()
        .ok_or_else(|| "the server took the connection without its account: sign in again".to_string())?;
    Ok((
        Link {
            server,
            token,
            connection,
        },
        account,
    ))
}

/// The server at `address` gave no answer in time.
fn unreachable(address: &str) -> String {
    format!(
        "No answer from {} within {} seconds: is the address right, and the server running?",
        address.trim(),
        REACH.as_secs()
    )
}

/// A failure to sign in or connect, in words for the player.
fn said(address: &str, error: ClientError) -> String {
    let address = address.trim();
    match error {
        ClientError::Api { error, .. } => error,
        ClientError::Http { reason, .. } | ClientError::WebSocket(reason) => {
            format!("Cannot reach {address}: {reason}")
        }
        ClientError::Refused(why) => format!("{address} refused the session: {why}"),
        other => format!("{address}: {other}"),
    }
}
