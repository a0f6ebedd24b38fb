//! The WebSocket connections of this process: who each is signed in as,
//! whether it watches the lobby, and its outbox. Whatever the server sends
//! to a connection goes through its outbox, a bounded queue a task writes
//! out; a connection too slow to empty it is closed, never waited for.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use entropy_protocol::ServerMessage;
use tokio::sync::{Notify, mpsc};

/// A connection's number in this process.
pub type ConnId = u64;

/// How many messages may wait for a connection before it is closed as too slow.
pub const OUTBOX: usize = 1024;

/// How many games one connection may follow at once.
pub const MAX_FOLLOWED: usize = 64;

/// What a connection's writer is asked to do.
#[derive(Clone, Debug)]
pub enum Out {
    Send(ServerMessage),
    /// Sends a close frame with this reason, and stops.
    Close(String),
}

/// A signed-in connection's account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    pub id: String,
    pub name: String,
    pub bot: bool,
}

/// Why a connection is ended from outside its own reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It did not read what it was sent ([`OUTBOX`] messages waiting).
    TooSlow,
    /// Its session was signed out.
    SignedOut,
}

struct Conn {
    who: Option<Who>,
    /// The hash of the session's token it signed in with.
    session: Option<String>,
    outbox: mpsc::Sender<Out>,
    /// Told when the connection must end (its outbox overflowed, its
    /// session signed out), with why.
    kill: Arc<Notify>,
    ending: Arc<Mutex<Option<Ending>>>,
    lobby: bool,
    games: HashSet<String>,
}

#[derive(Default)]
struct Inner {
    conns: HashMap<ConnId, Conn>,
    by_account: HashMap<String, HashSet<ConnId>>,
}

/// The registry of connections.
#[derive(Default)]
pub struct Conns {
    inner: Mutex<Inner>,
    next: AtomicU64,
}

/// What became of an account's presence when a connection came or went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Presence {
    /// Its first connection in this process.
    Arrived(Who),
    /// Its last connection in this process closed.
    Left(Who),
    Unchanged,
}

impl Conns {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// A new connection, not signed in; the notify ends it when told,
    /// and `ending` then says why.
    pub fn open(&self, outbox: mpsc::Sender<Out>, kill: Arc<Notify>, ending: Arc<Mutex<Option<Ending>>>) -> ConnId {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let conn = Conn {
            who: None,
            session: None,
            outbox,
            kill,
            ending,
            lobby: false,
            games: HashSet::new(),
        };
        self.lock().conns.insert(id, conn);
        id
    }

    /// Signs a connection in, with the hash of its session's token.
    pub fn sign_in(&self, conn: ConnId, who: Who, session: String) -> Presence {
        let mut inner = self.lock();
        let Some(c) = inner.conns.get_mut(&conn) else {
            return Presence::Unchanged;
        };
        c.who = Some(who.clone());
        c.session = Some(session);
        let set = inner.by_account.entry(who.id.clone()).or_default();
        set.insert(conn);
        if set.len() == 1 {
            Presence::Arrived(who)
        } else {
            Presence::Unchanged
        }
    }

    /// Forgets a closed connection: the games it watched, and its account's presence.
    pub fn close(&self, conn: ConnId) -> (HashSet<String>, Presence) {
        let mut inner = self.lock();
        let Some(c) = inner.conns.remove(&conn) else {
            return (HashSet::new(), Presence::Unchanged);
        };
        let mut presence = Presence::Unchanged;
        if let Some(who) = c.who
            && let Some(set) = inner.by_account.get_mut(&who.id)
        {
            set.remove(&conn);
            if set.is_empty() {
                inner.by_account.remove(&who.id);
                presence = Presence::Left(who);
            }
        }
        (c.games, presence)
    }

    pub fn who(&self, conn: ConnId) -> Option<Who> {
        self.lock().conns.get(&conn).and_then(|c| c.who.clone())
    }

    /// Whether an account has a connection in this process.
    pub fn is_online(&self, account: &str) -> bool {
        self.lock().by_account.contains_key(account)
    }

    /// The accounts signed in, each once, by name.
    pub fn online(&self) -> Vec<Who> {
        let inner = self.lock();
        let mut accounts: BTreeMap<(String, &str), Who> = BTreeMap::new();
        for conn in inner.conns.values() {
            if let Some(who) = &conn.who {
                accounts.insert((who.name.to_lowercase(), &who.id), who.clone());
            }
        }
        accounts.into_values().collect()
    }

    /// How many of `watchers` watch a game they do not play (`players`:
    /// its accounts): an account once however many connections it has,
    /// a connection without an account once each, a player's never. A
    /// connection closed meanwhile counts for nothing.
    pub fn spectators(&self, watchers: &HashSet<ConnId>, players: &[String; 2]) -> u32 {
        let inner = self.lock();
        let mut accounts: HashSet<&str> = HashSet::new();
        let mut anonymous: u32 = 0;
        for conn in watchers.iter().filter_map(|id| inner.conns.get(id)) {
            match &conn.who {
                Some(who) if players.contains(&who.id) => {}
                Some(who) => {
                    accounts.insert(&who.id);
                }
                None => anonymous = anonymous.saturating_add(1),
            }
        }
        u32::try_from(accounts.len())
            .unwrap_or(u32::MAX)
            .saturating_add(anonymous)
    }

    pub fn watch_lobby(&self, conn: ConnId) {
        if let Some(c) = self.lock().conns.get_mut(&conn) {
            c.lobby = true;
        }
    }

    /// Notes that a connection follows a game; whether it did not already.
    pub fn follow(&self, conn: ConnId, game: &str) -> bool {
        self.lock()
            .conns
            .get_mut(&conn)
            .is_some_and(|c| c.games.insert(game.to_string()))
    }

    /// Whether a connection may follow one game more: it follows it
    /// already, or fewer than [`MAX_FOLLOWED`].
    pub fn may_follow(&self, conn: ConnId, game: &str) -> bool {
        self.lock()
            .conns
            .get(&conn)
            .is_some_and(|c| c.games.contains(game) || c.games.len() < MAX_FOLLOWED)
    }

    pub fn unfollow(&self, conn: ConnId, game: &str) -> bool {
        self.lock().conns.get_mut(&conn).is_some_and(|c| c.games.remove(game))
    }

    /// Queues a message for a connection; one whose outbox is full is told to end.
    pub fn send(&self, conn: ConnId, message: ServerMessage) {
        let message = match message {
            ServerMessage::Error { reason } => ServerMessage::Error {
                reason: bounded(reason),
            },
            ServerMessage::Refused { game, reason } => ServerMessage::Refused {
                game,
                reason: bounded(reason),
            },
            other => other,
        };
        let inner = self.lock();
        if let Some(c) = inner.conns.get(&conn) {
            push(c, Out::Send(message));
        }
    }

    /// Asks a connection to close, after what is queued, with a reason.
    pub fn close_with(&self, conn: ConnId, reason: &str) {
        if let Some(c) = self.lock().conns.get(&conn) {
            push(c, Out::Close(reason.to_string()));
        }
    }

    /// Queues a message for every connection of an account.
    pub fn send_account(&self, account: &str, message: &ServerMessage) {
        let inner = self.lock();
        for id in inner.by_account.get(account).into_iter().flatten() {
            if let Some(c) = inner.conns.get(id) {
                push(c, Out::Send(message.clone()));
            }
        }
    }

    /// Queues a message for every connection that watches the lobby.
    pub fn send_lobby(&self, message: &ServerMessage) {
        let inner = self.lock();
        for c in inner.conns.values().filter(|c| c.lobby) {
            push(c, Out::Send(message.clone()));
        }
    }

    /// Whether any connection watches the lobby.
    pub fn lobby_watched(&self) -> bool {
        self.lock().conns.values().any(|c| c.lobby)
    }

    /// Ends every connection of a session (its token's hash) at once: a
    /// close frame saying so, and nothing more of what it sends is read.
    /// How many there were.
    pub fn sign_out(&self, session: &str) -> usize {
        let inner = self.lock();
        let mut ended = 0;
        for c in inner.conns.values().filter(|c| c.session.as_deref() == Some(session)) {
            let _ = c.outbox.try_send(Out::Close("signed out".into()));
            end(c, Ending::SignedOut);
            ended += 1;
        }
        ended
    }

    /// Asks every connection to close (the server stops).
    pub fn close_all(&self, reason: &str) {
        let inner = self.lock();
        for c in inner.conns.values() {
            push(c, Out::Close(reason.to_string()));
        }
    }
}

/// The longest reason an Error or a Refused carries, in bytes: whatever a
/// client sent, the server's answer stays far below `MAX_MESSAGE`.
pub const MAX_REASON: usize = 1000;

/// A reason cut to [`MAX_REASON`] bytes (at a character's edge), with `…` when cut.
pub fn bounded(mut reason: String) -> String {
    if reason.len() > MAX_REASON {
        let mut end = MAX_REASON;
        while !reason.is_char_boundary(end) {
            end -= 1;
        }
        reason.truncate(end);
        reason.push('…');
    }
    reason
}

fn push(conn: &Conn, out: Out) {
    if conn.outbox.try_send(out).is_err() {
        // Full (too slow a reader) or already closing: either way it ends.
        end(conn, Ending::TooSlow);
    }
}

/// Tells a connection's reader to stop, and why (the first reason stays).
fn end(conn: &Conn, why: Ending) {
    if let Ok(mut ending) = conn.ending.lock() {
        ending.get_or_insert(why);
    }
    conn.kill.notify_one();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spectators_are_accounts_once_and_anonymous_connections_each_never_a_player() {
        let conns = Conns::default();
        let open = || {
            let (outbox, _) = mpsc::channel(OUTBOX);
            conns.open(outbox, Arc::new(Notify::new()), Arc::default())
        };
        let who = |id: &str| Who {
            id: id.into(),
            name: id.to_uppercase(),
            bot: false,
        };
        let players = ["ann".to_string(), "bob".to_string()];
        let ann = [open(), open()];
        let carl = [open(), open()];
        let anonymous = [open(), open()];
        for conn in ann {
            conns.sign_in(conn, who("ann"), "a".into());
        }
        for conn in carl {
            conns.sign_in(conn, who("carl"), "c".into());
        }
        let all: HashSet<ConnId> = ann.iter().chain(&carl).chain(&anonymous).copied().collect();
        assert_eq!(
            conns.spectators(&all, &players),
            3,
            "Carl once, two anonymous, Ann never"
        );
        conns.close(anonymous[0]);
        conns.close(carl[1]);
        assert_eq!(
            conns.spectators(&all, &players),
            2,
            "a closed connection counts for nothing"
        );
        assert_eq!(
            conns.online().iter().map(|w| w.name.as_str()).collect::<Vec<_>>(),
            ["ANN", "CARL"]
        );
    }

    #[test]
    fn a_long_reason_is_cut_at_a_character() {
        assert_eq!(bounded("short".into()), "short");
        let cut = bounded("é".repeat(2000));
        assert!(
            cut.len() <= MAX_REASON + '…'.len_utf8() && cut.ends_with('…'),
            "{}",
            cut.len()
        );
    }
}
