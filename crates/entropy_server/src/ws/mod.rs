//! The WebSocket endpoint (`GET /ws`): one task per connection reads its
//! messages, one writes its outbox. The first message must be Hello, within
//! a time limit; a frame over [`MAX_MESSAGE`] is refused by the WebSocket
//! layer itself, which closes the connection; a message that is not one of
//! the protocol gets an Error naming what was wrong and the connection goes
//! on; a flood gets an Error and the connection closes. Whatever a client
//! sends, only its own connection is affected.

mod dispatch;
pub mod flood;

use std::sync::Arc;

use axum::Extension;
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use entropy_protocol::{Account, ClientMessage, MAX_MESSAGE, PROTOCOL_VERSION, ServerMessage, decode_client, encode};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Notify, mpsc};

use crate::auth::token_hash;
use crate::conns::{ConnId, Ending, OUTBOX, Out, Presence, Who};
use crate::db::{accounts, games};
use crate::door::Ticket;
use crate::server::Server;
use flood::Bucket;

/// The close code of a connection closed for what it sent (1008, policy violation).
const POLICY: u16 = 1008;

/// Upgrades an HTTP request to a WebSocket connection.
pub async fn upgrade(
    State(server): State<Arc<Server>>,
    ticket: Option<Extension<Arc<Ticket>>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    let ticket = ticket.map(|Extension(ticket)| ticket);
    upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| connection(server, socket, ticket))
}

/// What the reader makes of one frame.
enum Read {
    Message(ClientMessage),
    /// Not a message of the protocol: the Error to send.
    Bad(String),
    /// Nothing to act on (a ping, a pong).
    Nothing,
    Closed,
}

fn read(frame: Option<Result<Message, axum::Error>>) -> Read {
    match frame {
        None | Some(Ok(Message::Close(_))) => Read::Closed,
        Some(Err(e)) => {
            tracing::debug!(error = %e, "a connection's frame could not be read");
            Read::Closed
        }
        Some(Ok(Message::Text(text))) => match decode_client(text.as_str()) {
            Ok(message) => Read::Message(message),
            Err(e) => Read::Bad(e.to_string()),
        },
        Some(Ok(Message::Binary(_))) => Read::Bad("messages are JSON in text frames, not binary frames".into()),
        Some(Ok(Message::Ping(_) | Message::Pong(_))) => Read::Nothing,
    }
}

async fn connection(server: Arc<Server>, socket: WebSocket, ticket: Option<Arc<Ticket>>) {
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut queue) = mpsc::channel::<Out>(OUTBOX);
    let kill = Arc::new(Notify::new());
    let ending = Arc::new(std::sync::Mutex::new(None));
    let conn = server.conns.open(outbox, kill.clone(), ending.clone());
    let writer = tokio::spawn(async move {
        while let Some(out) = queue.recv().await {
            match out {
                Out::Send(message) => {
                    if let Err(e) = sink.send(Message::Text(encode(&message).into())).await {
                        tracing::debug!(error = %e, "a connection could not be written to");
                        return;
                    }
                }
                Out::Close(reason) => {
                    let frame = CloseFrame {
                        code: POLICY,
                        reason: reason.into(),
                    };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    let _ = sink.close().await;
                    return;
                }
            }
        }
        let _ = sink.close().await;
    });

    let mut stopping = server.stopping.clone();
    let mut bucket = Bucket::new(
        server.limits.messages_per_second,
        server.limits.burst,
        server.clock.now(),
    );
    let hello_by = server.clock.now() + server.limits.hello_within.as_millis() as i64;
    let mut hello: Option<Option<Who>> = None;
    loop {
        let frame = tokio::select! {
            // An ending told (signed out, too slow) wins over a frame read
            // at the same time: nothing more of it is acted on.
            biased;
            _ = kill.notified() => {
                match *ending.lock().unwrap_or_else(|p| p.into_inner()) {
                    Some(Ending::SignedOut) => tracing::info!(conn, "a connection whose session was signed out is closed"),
                    _ => tracing::info!(conn, "a connection too slow to read what it is sent is closed"),
                }
                break;
            }
            _ = crate::server::stopped(&mut stopping) => {
                server.conns.close_with(conn, "the server is stopping");
                break;
            }
            _ = server.clock.sleep_until(hello_by), if hello.is_none() => {
                send_error(&server, conn, "no Hello within the time allowed: the connection is closed");
                server.conns.close_with(conn, "no Hello");
                break;
            }
            frame = stream.next() => frame,
        };
        let message = match read(frame) {
            Read::Closed => break,
            Read::Nothing => continue,
            Read::Bad(reason) => {
                if !flood_check(&server, conn, &mut bucket) {
                    break;
                }
                send_error(&server, conn, &reason);
                continue;
            }
            Read::Message(message) => message,
        };
        if !flood_check(&server, conn, &mut bucket) {
            break;
        }
        match (&hello, message) {
            (None, ClientMessage::Hello { protocol, token }) => match greet(&server, conn, protocol, token).await {
                Ok(who) => {
                    // A player signed in keeps their connection when the
                    // server is full; a watcher may be put out for a newcomer.
                    if let (Some(_), Some(ticket)) = (&who, &ticket) {
                        ticket.settle();
                    }
                    hello = Some(who);
                }
                Err(reason) => {
                    send_error(&server, conn, &reason);
                    server.conns.close_with(conn, "refused");
                    break;
                }
            },
            (None, _) => send_error(&server, conn, "the first message is Hello"),
            (Some(_), ClientMessage::Hello { .. }) => send_error(&server, conn, "Hello was said already"),
            (Some(who), message) => {
                dispatch::handle(&server, conn, who.as_ref(), message).await;
            }
        }
    }
    close(&server, conn).await;
    // The writer sends what is queued (and a close frame, if asked), then stops.
    let _ = writer.await;
    // What the client sent meanwhile is read and dropped until it closes
    // too (a while at most): a socket closed with unread input is reset,
    // and a reset can take the last messages (the Error that says why)
    // from the client before it reads them.
    let drained = async {
        while let Some(Ok(frame)) = stream.next().await {
            if matches!(frame, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(DRAIN_WITHIN, drained).await;
}

/// How long a closed connection's input is read and dropped at most.
const DRAIN_WITHIN: std::time::Duration = std::time::Duration::from_secs(2);

fn send_error(server: &Server, conn: ConnId, reason: &str) {
    server.conns.send(
        conn,
        ServerMessage::Error {
            reason: reason.to_string(),
        },
    );
}

/// Takes a token from the bucket; a flooding connection is told and closed.
fn flood_check(server: &Server, conn: ConnId, bucket: &mut Bucket) -> bool {
    if bucket.take(server.clock.now()) {
        return true;
    }
    tracing::info!(conn, "a connection sent too many messages and is closed");
    send_error(
        server,
        conn,
        &format!(
            "too many messages: at most {} a second are read; the connection is closed",
            server.limits.messages_per_second
        ),
    );
    server.conns.close_with(conn, "too many messages");
    false
}

/// Answers Hello: checks the protocol and the token; who signed in (None: a watcher).
async fn greet(server: &Server, conn: ConnId, protocol: u32, token: Option<String>) -> Result<Option<Who>, String> {
    if protocol != PROTOCOL_VERSION {
        return Err(format!(
            "this server speaks protocol {PROTOCOL_VERSION}, not {protocol}: use a client of the same version"
        ));
    }
    let who = match token {
        None => None,
        Some(token) => {
            let session = token_hash(&token);
            let row = accounts::session_account(&server.store, &session).await.map_err(|e| {
                tracing::error!(error = %e, "a database error");
                "the server could not reach its database; try again".to_string()
            })?;
            let row = row.ok_or(UNKNOWN_SESSION)?;
            Some((
                Who {
                    id: row.id,
                    name: row.name,
                    bot: row.bot,
                },
                session,
            ))
        }
    };
    let account = who.as_ref().map(|(w, _)| Account {
        name: w.name.clone(),
        bot: w.bot,
    });
    // Counted as the account's before it is welcomed: a client that closes
    // its older connection once welcomed never leaves the account without
    // one for a moment (which would withdraw its seeks).
    let arrived = who
        .as_ref()
        .map(|(who, session)| server.conns.sign_in(conn, who.clone(), session.clone()));
    server.conns.send(
        conn,
        ServerMessage::Welcome {
            protocol: PROTOCOL_VERSION,
            account,
        },
    );
    if let Some((who, session)) = &who {
        tracing::info!(conn, account = %who.name, "signed in over WebSocket");
        // A player coming back (a new connection, a restarted program)
        // learns which live games it is seated in, as when each began.
        match games::live_of(&server.store, &who.id).await {
            Ok(playing) => {
                for (game, _) in playing {
                    server.conns.send(conn, ServerMessage::GameStarted { game });
                }
            }
            Err(e) => tracing::error!(error = %e, "a database error: the live games of an account not listed"),
        }
        if let Some(Presence::Arrived(who)) = arrived {
            crate::hub::roster::send(server, &who, true).await;
            server.notes.send(&server.store, crate::notify::note::Note::Lobby).await;
        }
        // Signed out while this connection was signing in: it is ended as
        // the session's others were.
        if let Ok(None) = accounts::session_account(&server.store, session).await {
            server.conns.sign_out(session);
        }
    }
    Ok(who.map(|(who, _)| who))
}

/// What a connection is told whose token this server does not know.
pub const UNKNOWN_SESSION: &str = "this server does not know this session (signed out, or made at another server): sign in, or register if you are new here";

/// Forgets a connection: its watching, its presence and, for its account's
/// last connection, its seeks.
async fn close(server: &Server, conn: ConnId) {
    let (games, presence) = server.conns.close(conn);
    crate::hub::forget(server, conn, games).await;
    if let Presence::Left(who) = presence {
        crate::hub::roster::send(server, &who, false).await;
        crate::lobby::left(server, &who.id).await;
        server.notes.send(&server.store, crate::notify::note::Note::Lobby).await;
    }
}
