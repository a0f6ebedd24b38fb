//! Who is signed in on the other server processes of one PostgreSQL
//! database, as their notes tell it ([`Note::Presence`]): so that every
//! process's lobby lists every player online, and a watcher is told a
//! player is here when they are connected to any process. This process's
//! own connections are [`crate::conns::Conns`]; on SQLite (one process)
//! the roster stays empty.
//!
//! Kept as [`super::spectators`] keeps the games' spectators: a process
//! that begins to listen forgets the roster and asks the others to tell
//! their players again, and at each heartbeat the players of processes
//! that stopped beating are forgotten.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Mutex, MutexGuard};

use crate::clock::Millis;
use crate::conns::Who;
use crate::db::processes;
use crate::notify::note::Note;
use crate::server::Server;

/// The other processes' players: process → account id → who.
#[derive(Debug, Default)]
pub struct Roster {
    players: Mutex<HashMap<String, BTreeMap<String, Who>>>,
}

impl Roster {
    fn lock(&self) -> MutexGuard<'_, HashMap<String, BTreeMap<String, Who>>> {
        self.players.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Notes a player's arrival on a process, or their leaving it.
    pub fn set(&self, process: &str, who: &Who, here: bool) {
        let mut players = self.lock();
        if here {
            players
                .entry(process.to_string())
                .or_default()
                .insert(who.id.clone(), who.clone());
        } else if let Some(of_process) = players.get_mut(process) {
            of_process.remove(&who.id);
            if of_process.is_empty() {
                players.remove(process);
            }
        }
    }

    /// Whether an account is connected to another process.
    pub fn has(&self, account: &str) -> bool {
        self.lock().values().any(|of_process| of_process.contains_key(account))
    }

    /// The players of the other processes, each once.
    pub fn all(&self) -> Vec<Who> {
        let mut all: BTreeMap<String, Who> = BTreeMap::new();
        for of_process in self.lock().values() {
            for (id, who) in of_process {
                all.entry(id.clone()).or_insert_with(|| who.clone());
            }
        }
        all.into_values().collect()
    }

    /// Forgets the players of every process that `keep` refuses; those
    /// forgotten.
    pub fn forget_unless(&self, keep: impl Fn(&str) -> bool) -> Vec<Who> {
        let mut players = self.lock();
        let mut forgotten = Vec::new();
        players.retain(|process, of_process| {
            let kept = keep(process);
            if !kept {
                forgotten.extend(of_process.values().cloned());
            }
            kept
        });
        forgotten
    }
}

/// Whether an account is connected to any process.
pub fn here(server: &Server, account: &str) -> bool {
    server.conns.is_online(account) || server.roster.has(account)
}

/// A player's arrival or leaving, told by a process (this one too): the
/// roster keeps another's; the watchers of their games here are told
/// whether they are here anywhere, and the lobby is sent anew.
pub async fn heard(server: &Server, process: &str, who: &Who, here_there: bool) {
    if process != server.process {
        server.roster.set(process, who, here_there);
    }
    crate::hub::tell_presence(server, &who.id, here(server, &who.id)).await;
    server.lobby_changed.notify_one();
}

/// Another process asks for every count again ([`Note::Recount`]): this
/// process tells its players.
pub async fn recount_asked(server: &Server, asker: &str) {
    if asker == server.process {
        return;
    }
    for who in server.conns.online() {
        send(server, &who, true).await;
    }
}

/// Tells every process (this one too) that a player arrived here or left.
pub async fn send(server: &Server, who: &Who, here: bool) {
    let note = Note::Presence {
        process: server.process.clone(),
        account: who.id.clone(),
        name: who.name.clone(),
        bot: who.bot,
        here,
    };
    server.notes.send(&server.store, note).await;
}

/// The other processes' notes may have been missed: their players are
/// forgotten (and asked for again by the recount the census sends).
pub async fn census(server: &Server) {
    let own = server.process.as_str();
    let forgotten = server.roster.forget_unless(|process| process == own);
    told_gone(server, &forgotten).await;
}

/// Forgets the players of the processes whose last heartbeat is older
/// than `fresh` ms (stopped, or killed without a word).
pub async fn forget_silent(server: &Server, fresh: Millis) {
    let since = server.clock.now() - fresh;
    let Ok(alive) = processes::alive(&server.store, since).await else {
        return;
    };
    let forgotten = server
        .roster
        .forget_unless(|process| alive.iter().any(|p| p == process));
    if !forgotten.is_empty() {
        tracing::info!(
            players = forgotten.len(),
            "the players of processes that stopped are forgotten"
        );
    }
    told_gone(server, &forgotten).await;
}

/// Tells the watchers of players forgotten, who are here nowhere now.
async fn told_gone(server: &Server, forgotten: &[Who]) {
    for who in forgotten {
        crate::hub::tell_presence(server, &who.id, here(server, &who.id)).await;
    }
    if !forgotten.is_empty() {
        server.lobby_changed.notify_one();
    }
}
