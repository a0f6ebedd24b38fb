//! The session the network holds, outside the browser and in it alike:
//! commands in, events out, the connection (`entropy_client`) and a
//! hosted server ([`Hosting`]), until the app is gone. Written once over
//! `entropy_client::runtime`: on the network's tokio thread outside the
//! browser, on the page's event loop in it.

use bevy::prelude::*;
use entropy_client::runtime::{self, timeout};
use entropy_client::{ClientError, Connection, Incoming, Liveness, Server};
use entropy_protocol::{Account, Credentials};
use futures_channel::mpsc::{UnboundedReceiver, UnboundedSender};
use futures_util::{FutureExt, StreamExt, select_biased};

use super::host::Hosting;
use super::{NetCommand, NetEvent, REACH};

/// Where the session tells the app what happened; each event wakes the
/// app's loop to take it ([`crate::app::redraw::wake`]).
#[derive(Clone)]
pub(super) struct Outbox(pub(super) UnboundedSender<NetEvent>);

impl Outbox {
    /// Hands `event` to the app and wakes its loop; whether the app is still there.
    pub(super) fn say(&self, event: NetEvent) -> bool {
        let sent = self.0.unbounded_send(event).is_ok();
        crate::app::redraw::wake();
        sent
    }
}

/// The session the network holds: the server, its token and the connection.
struct Link {
    server: Server,
    token: String,
    connection: Connection,
}

/// What woke the session.
enum Woken {
    Command(Option<NetCommand>),
    Said(Option<Incoming>),
}

/// The network's loop: commands in, events out, until the app is gone.
pub(super) async fn run(mut inbox: UnboundedReceiver<NetCommand>, outbox: Outbox) {
    let mut link: Option<Link> = None;
    let mut hosting = Hosting::default();
    loop {
        let woken = {
            let mut incoming = std::pin::pin!(
                async {
                    match link.as_mut() {
                        Some(link) => link.connection.recv().await,
                        None => std::future::pending().await,
                    }
                }
                .fuse()
            );
            select_biased! {
                command = inbox.next() => Woken::Command(command),
                said = incoming => Woken::Said(said),
            }
        };
        match woken {
            Woken::Command(None) => break,
            Woken::Command(Some(NetCommand::Host { folder })) => hosting.start(&folder, &outbox).await,
            Woken::Command(Some(NetCommand::StopHosting)) => hosting.stop(&outbox).await,
            Woken::Command(Some(command)) => handle(command, &mut link, &outbox).await,
            Woken::Said(said) => {
                // The answers to the connection's own pings change nothing.
                if matches!(said, Some(Incoming::Message(entropy_protocol::ServerMessage::Pong))) {
                    continue;
                }
                let over = matches!(said, None | Some(Incoming::Closed(_)));
                let said = said.unwrap_or_else(|| Incoming::Closed("the connection ended".into()));
                if !outbox.say(NetEvent::Incoming(said)) {
                    break;
                }
                if over {
                    link = None;
                }
            }
        }
    }
    drop(link);
    hosting.end().await;
}

async fn handle(command: NetCommand, link: &mut Option<Link>, outbox: &Outbox) {
    let tell = |event: NetEvent| {
        outbox.say(event);
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
                let _ = timeout(REACH, old.server.logout(&old.token)).await;
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
        // Hosting is the loop's own ([`run`]).
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
fn list_finished(link: &Option<Link>, outbox: &Outbox) {
    let Some(link) = link else { return };
    let Some(name) = link.connection.account().map(|a| a.name.clone()) else {
        return;
    };
    let (server, outbox) = (link.server.clone(), outbox.clone());
    runtime::spawn(async move {
        match timeout(REACH, server.player_games(&name)).await {
            Some(Ok(listed)) => {
                outbox.say(NetEvent::Listed(listed));
            }
            Some(Err(e)) => warn!("the server's archive of {name}'s games: {e}"),
            None => warn!("the server's archive of {name}'s games did not answer"),
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
    match timeout(REACH, attempt).await {
        Some(Ok((new, account))) => {
            tell(NetEvent::SignedIn {
                address: address.to_string(),
                account,
                token: new.token.clone(),
            });
            Some(new)
        }
        Some(Err(why)) => {
            tell(NetEvent::Failed(why));
            None
        }
        None => {
            tell(NetEvent::Failed(unreachable(address)));
            None
        }
    }
}

/// The server at `address`, trusting the certificate authority the
/// environment names (a server with a certificate of its own), if any.
#[cfg(not(target_arch = "wasm32"))]
fn server(address: &str) -> Result<Server, String> {
    let server = Server::new(address.trim()).map_err(|e| format!("{address}: {e}"))?;
    match std::env::var_os(entropy_client::CA_FILE_VAR) {
        Some(path) => server.with_ca_file(path.as_ref()).map_err(|e| e.to_string()),
        None => Ok(server),
    }
}

/// The server at `address`, trusted as the browser trusts it.
#[cfg(target_arch = "wasm32")]
fn server(address: &str) -> Result<Server, String> {
    Server::new(address.trim()).map_err(|e| format!("{address}: {e}"))
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
