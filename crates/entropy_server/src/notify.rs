//! What one part of the server tells the others, across processes.
//!
//! On SQLite there is one process, and a note goes straight to this
//! process's dispatcher. On PostgreSQL a note is sent with `NOTIFY`, and
//! every process (this one too) hears it through a `PgListener` and
//! dispatches it: new events of a game on the channel `entropy_games`
//! (payload `game_id:version`), everything else on `entropy_lobby` (a
//! [`Note`] as JSON).

use std::sync::Arc;

use entropy_protocol::ServerMessage;
use serde::{Deserialize, Serialize};
use sqlx::postgres::PgListener;
use tokio::sync::mpsc;

use crate::db::{Backend, Store};
use crate::server::Server;

/// The channel of games' new events.
pub const GAMES_CHANNEL: &str = "entropy_games";
/// The channel of the lobby and of messages to accounts.
pub const LOBBY_CHANNEL: &str = "entropy_lobby";

/// A note to every process.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "note", rename_all = "snake_case")]
pub enum Note {
    /// A game's events up to `version` are stored.
    Game { game: String, version: u64 },
    /// The lobby changed.
    Lobby,
    /// A message for every connection of an account.
    Tell {
        account: String,
        message: Box<ServerMessage>,
    },
    /// An account's last connection to a process closed, or its first opened:
    /// the watchers of its live games, on every process, are told.
    Presence { account: String, here: bool },
}

impl Note {
    fn encode(&self) -> (&'static str, String) {
        match self {
            Note::Game { game, version } => (GAMES_CHANNEL, format!("{game}:{version}")),
            other => (LOBBY_CHANNEL, serde_json::to_string(other).expect("notes serialize")),
        }
    }

    fn decode(channel: &str, payload: &str) -> Option<Note> {
        if channel == GAMES_CHANNEL {
            let (game, version) = payload.rsplit_once(':')?;
            Some(Note::Game {
                game: game.to_string(),
                version: version.parse().ok()?,
            })
        } else {
            serde_json::from_str(payload).ok()
        }
    }
}

/// Sends notes.
pub struct Notifier {
    local: mpsc::UnboundedSender<Note>,
}

impl Notifier {
    /// A notifier, and the queue of notes this process is to dispatch.
    pub fn new() -> (Notifier, mpsc::UnboundedReceiver<Note>) {
        let (local, queue) = mpsc::unbounded_channel();
        (Notifier { local }, queue)
    }

    /// Tells every process (this one included).
    pub async fn send(&self, store: &Store, note: Note) {
        match store.backend() {
            // One process: it broadcast its games' events as it stored them.
            Backend::Sqlite if matches!(note, Note::Game { .. }) => {}
            Backend::Sqlite => {
                let _ = self.local.send(note);
            }
            Backend::Postgres => {
                let (channel, payload) = note.encode();
                let sent = sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(channel)
                    .bind(payload)
                    .execute(store.pool())
                    .await;
                if let Err(e) = sent {
                    tracing::warn!(error = %e, channel, "could not notify the other processes");
                }
            }
        }
    }

    /// Queues a note for this process only.
    pub fn local(&self, note: Note) {
        let _ = self.local.send(note);
    }
}

/// Listens to PostgreSQL's notifications and queues them for dispatch,
/// until the server stops.
pub async fn listen(url: String, server: Arc<Server>) {
    let mut stopping = server.stopping.clone();
    let mut listener = match PgListener::connect(&url).await {
        Ok(listener) => listener,
        Err(e) => {
            tracing::error!(error = %e, "cannot listen to the database's notifications: other processes' moves will not be seen");
            return;
        }
    };
    if let Err(e) = listener.listen_all([GAMES_CHANNEL, LOBBY_CHANNEL]).await {
        tracing::error!(error = %e, "cannot listen to the database's notifications");
        return;
    }
    loop {
        tokio::select! {
            _ = crate::server::stopped(&mut stopping) => return,
            received = listener.recv() => match received {
                Ok(notification) => {
                    match Note::decode(notification.channel(), notification.payload()) {
                        Some(note) => server.notes.local(note),
                        None => tracing::warn!(channel = notification.channel(), "an unreadable notification"),
                    }
                }
                Err(e) => {
                    // PgListener reconnects by itself on the next recv.
                    tracing::warn!(error = %e, "lost the database's notifications; reconnecting");
                    let later = server.clock.now() + 1000;
                    server.clock.sleep_until(later).await;
                    // Whatever was missed meanwhile: the lobby is read again.
                    server.notes.local(Note::Lobby);
                }
            }
        }
    }
}

/// Dispatches the notes of this process's queue, until the server stops.
pub async fn dispatch(server: Arc<Server>, mut queue: mpsc::UnboundedReceiver<Note>) {
    let mut stopping = server.stopping.clone();
    loop {
        let note = tokio::select! {
            _ = crate::server::stopped(&mut stopping) => return,
            note = queue.recv() => match note { Some(note) => note, None => return },
        };
        match note {
            Note::Game { game, version } => crate::hub::notified(&server, &game, version).await,
            Note::Lobby => crate::lobby::broadcast(&server).await,
            Note::Tell { account, message } => server.conns.send_account(&account, &message),
            Note::Presence { account, here } => crate::hub::tell_presence(&server, &account, here).await,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_read_back_as_they_were_sent() {
        for note in [
            Note::Game {
                game: "k3f9q2xa".into(),
                version: 12,
            },
            Note::Lobby,
            Note::Tell {
                account: "a1".into(),
                message: Box::new(ServerMessage::GameStarted { game: "g".into() }),
            },
            Note::Presence {
                account: "a1".into(),
                here: false,
            },
        ] {
            let (channel, payload) = note.encode();
            assert_eq!(Note::decode(channel, &payload), Some(note));
        }
        assert_eq!(Note::decode(GAMES_CHANNEL, "nonsense"), None);
    }
}
