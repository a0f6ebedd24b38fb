//! The spectators of each game: who watches it and does not play it. Each
//! process counts its own watchers of a game (a signed-in account once,
//! however many connections it has; a connection without an account once
//! each; a player's connections never), keeps the other processes' counts
//! (told by [`Note::Spectators`] on PostgreSQL) in the [`Audience`], and
//! tells the game's watchers the sum whenever it changes. The counts of a
//! process that stopped beating are forgotten.
//!
//! [`Audience`]: super::audience::Audience

use entropy_protocol::ServerMessage;

use super::slots::SlotState;
use crate::clock::Millis;
use crate::db::processes;
use crate::notify::note::Note;
use crate::server::Server;

/// Counts this process's spectators of the game in `state` (its slot
/// locked) again, and tells its watchers the sum if it is not what they
/// were told last; when this process's count changed, the other
/// processes (a note) and the lobby are told too. Whether the watchers
/// were told.
pub(crate) async fn recount(server: &Server, id: &str, state: &mut SlotState) -> bool {
    let Some(players) = &state.players else { return false };
    let count = server.conns.spectators(&state.watchers, players);
    let before = server.audience.set(id, &server.process, count);
    let told = tell(server, id, state);
    if before != count {
        let note = Note::Spectators {
            game: id.to_string(),
            process: server.process.clone(),
            count,
        };
        // Sent under the slot's lock: the notes of one game go in order.
        server.notes.send(&server.store, note).await;
        server.notes.local(Note::Lobby);
    }
    told
}

/// Tells the watchers of the game in `state` (its slot locked) its
/// spectators on every process, unless that is the number they were told
/// last; whether it did.
pub(crate) fn tell(server: &Server, id: &str, state: &mut SlotState) -> bool {
    let count = server.audience.total(id);
    if state.told == Some(count) {
        return false;
    }
    state.told = Some(count);
    let message = ServerMessage::Spectators {
        game: id.to_string(),
        count,
    };
    for watcher in &state.watchers {
        server.conns.send(*watcher, message.clone());
    }
    true
}

/// The games whose number of spectators changed: their watchers here are
/// told, and the lobby.
async fn changed(server: &Server, games: &[String]) {
    for game in games {
        if let Some(slot) = server.hub.existing(game) {
            tell(server, game, &mut *slot.state.lock().await);
        }
    }
    if !games.is_empty() {
        server.lobby_changed.notify_one();
    }
}

/// Another process's count of a game's spectators, from its note.
pub async fn heard(server: &Server, game: &str, process: &str, count: u32) {
    if process == server.process {
        // This process's own, counted as it was sent.
        return;
    }
    if server.audience.set(game, process, count) != count {
        changed(server, &[game.to_string()]).await;
    }
}

/// Another process asks for every count again ([`Note::Recount`]): this
/// process tells its own.
pub async fn recount_asked(server: &Server, asker: &str) {
    if asker == server.process {
        return;
    }
    for (game, count) in server.audience.counted_by(&server.process) {
        let note = Note::Spectators {
            game,
            process: server.process.clone(),
            count,
        };
        server.notes.send(&server.store, note).await;
    }
}

/// The other processes' notes may have been missed (this process begins
/// to listen to them, or listens again after a loss): their counts are
/// forgotten, and asked for again.
pub async fn census(server: &Server) {
    let own = server.process.as_str();
    let forgotten = server.audience.forget_unless(|process| process == own);
    changed(server, &forgotten).await;
    let asker = server.process.clone();
    server.notes.send(&server.store, Note::Recount { process: asker }).await;
}

/// Forgets the counts of the processes whose last heartbeat is older than
/// `fresh` ms, and tells the watchers and the lobby the new numbers. A
/// process forgotten wrongly (one that was slow to beat) is asked for its
/// counts again.
pub async fn forget_silent(server: &Server, fresh: Millis) {
    let since = server.clock.now() - fresh;
    let alive = match processes::alive(&server.store, since).await {
        Ok(alive) => alive,
        Err(e) => {
            tracing::warn!(error = %e, "could not read which processes run");
            return;
        }
    };
    let own = server.process.as_str();
    let forgotten = server
        .audience
        .forget_unless(|process| process == own || alive.iter().any(|p| p == process));
    if forgotten.is_empty() {
        return;
    }
    tracing::info!(
        games = forgotten.len(),
        "the spectators of processes that stopped are forgotten"
    );
    changed(server, &forgotten).await;
    let asker = server.process.clone();
    server.notes.send(&server.store, Note::Recount { process: asker }).await;
}
