//! A note from one part of the server to the others, on every process,
//! and how it is sent: in this process on SQLite, by `NOTIFY` on PostgreSQL.

use entropy_protocol::ServerMessage;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::db::{Backend, Store};

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
    /// An account's last connection to a process closed, or its first
    /// opened: every process keeps who is here ([`crate::hub::roster`]),
    /// and the watchers of its live games, on every process, are told.
    Presence {
        process: String,
        account: String,
        name: String,
        bot: bool,
        here: bool,
    },
    /// A process's number of spectators of a game changed (see
    /// [`crate::hub::spectators`]): every process's watchers of the game
    /// are told the sum of the processes' numbers.
    Spectators { game: String, process: String, count: u32 },
    /// A process may have missed notes (it begins to listen, or listens
    /// again after a loss): every other process sends its numbers of
    /// spectators again.
    Recount { process: String },
    /// A session was signed out (its token's hash): its connections, on
    /// every process, are ended.
    SignedOut { session: String },
}

impl Note {
    fn encode(&self) -> (&'static str, String) {
        match self {
            Note::Game { game, version } => (GAMES_CHANNEL, format!("{game}:{version}")),
            other => (LOBBY_CHANNEL, serde_json::to_string(other).expect("notes serialize")),
        }
    }

    pub(crate) fn decode(channel: &str, payload: &str) -> Option<Note> {
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
            // One process: it broadcast its games' events as it stored
            // them, and counts every spectator itself.
            Backend::Sqlite if matches!(note, Note::Game { .. } | Note::Spectators { .. } | Note::Recount { .. }) => {}
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
                process: "p1".into(),
                account: "a1".into(),
                name: "Ann".into(),
                bot: false,
                here: false,
            },
            Note::Spectators {
                game: "k3f9q2xa".into(),
                process: "p1".into(),
                count: 3,
            },
            Note::Recount { process: "p1".into() },
            Note::SignedOut { session: "9f2c".into() },
        ] {
            let (channel, payload) = note.encode();
            assert_eq!(Note::decode(channel, &payload), Some(note));
        }
        assert_eq!(Note::decode(GAMES_CHANNEL, "nonsense"), None);
    }
}
