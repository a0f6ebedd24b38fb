//! The games hub: for each game this process deals with, a slot holding
//! the loaded [`Game`] and the connections that watch it, behind a tokio
//! mutex, so that a game's commands, ticks and notifications are applied
//! strictly one at a time.
//!
//! A change to a game is stored first (its events and the games row, in one
//! transaction) and broadcast after, to every watcher in this process and,
//! by a note, to the other processes. When another process stored the same
//! version first, the store says so ([`Appended::Conflict`]): the game is
//! read again from the database and the command tried again on it.
//!
//! Each slot also knows its spectators ([`spectators`]): the watchers are
//! told their number after Watch and whenever it changes.

use std::collections::HashSet;

use entropy_protocol::fairness::Secret;
use entropy_protocol::{GameEvent, ServerMessage};

use crate::clock::Millis;
use crate::conns::{ConnId, Who};
use crate::db::Backend;
use crate::db::games::{self, Append, Appended, Over};
use crate::game::{Command, Game};
use crate::notify::note::Note;
use crate::server::Server;

pub mod audience;
pub mod roster;
pub mod slots;
pub mod spectators;

use slots::{Loaded, SlotState};

/// How many times a command is tried against newer versions stored by others.
const ATTEMPTS: usize = 5;

/// Why a game could not be read.
fn store_error(e: sqlx::Error) -> String {
    crate::db::read_failed(&e)
}

/// Reads a game from the database: its row, and its events replayed.
async fn load(server: &Server, id: &str) -> Result<Loaded, String> {
    let row = games::load(&server.store, id)
        .await
        .map_err(store_error)?
        .ok_or_else(|| format!("there is no game {id:?}"))?;
    let secret: Secret = row
        .secret
        .parse()
        .map_err(|e| format!("game {id} is stored wrongly: {e}"))?;
    let events = games::events_after(&server.store, id, 0).await.map_err(store_error)?;
    let events: Vec<(GameEvent, Millis)> = events.into_iter().map(|(_, event, at)| (event, at)).collect();
    let game = Game::replay(secret, &events).map_err(|e| {
        tracing::error!(game = id, error = %e, "a stored game does not replay");
        format!("game {id} cannot be read back: {e}")
    })?;
    Ok(Loaded { row, game })
}

/// Makes sure the slot holds the game as stored now: loads it, or absorbs
/// what other processes stored since, and broadcasts that to the watchers.
async fn refresh(server: &Server, id: &str, state: &mut SlotState) -> Result<(), String> {
    let Some(loaded) = state.loaded.as_mut() else {
        return reload(server, id, state).await;
    };
    // One process writes an SQLite database, each game's changes through
    // its slot: a loaded game is the stored one, with nothing to read.
    if server.store.backend() == Backend::Sqlite {
        return Ok(());
    }
    let from = loaded.game.version();
    let newer = games::events_after(&server.store, id, from)
        .await
        .map_err(store_error)?;
    if newer.is_empty() {
        return Ok(());
    }
    let mut absorbed = Vec::new();
    for (version, event, at) in newer {
        if let Err(e) = loaded.game.absorb(&event, at) {
            tracing::warn!(game = id, version, error = %e, "a stored event does not follow: the game is read again");
            return reload(server, id, state).await;
        }
        absorbed.push((version, event));
    }
    if loaded.game.is_over() {
        loaded.row.live = false;
    }
    broadcast(server, id, state, &absorbed);
    Ok(())
}

/// Reads the game into an empty slot, and sends its watchers what they
/// were not sent yet (what another process stored while the slot was empty).
async fn reload(server: &Server, id: &str, state: &mut SlotState) -> Result<(), String> {
    let loaded = load(server, id).await?;
    let version = loaded.game.version();
    state.loaded = Some(loaded);
    if state.watchers.is_empty() || state.shown >= version {
        return Ok(());
    }
    let missed = games::events_after(&server.store, id, state.shown)
        .await
        .map_err(store_error)?;
    let missed: Vec<(u64, GameEvent)> = missed
        .into_iter()
        .filter(|(v, _, _)| *v <= version)
        .map(|(v, event, _)| (v, event))
        .collect();
    broadcast(server, id, state, &missed);
    Ok(())
}

/// Sends events to the slot's watchers; the last carries the clocks.
fn broadcast(server: &Server, id: &str, state: &mut SlotState, events: &[(u64, GameEvent)]) {
    if let Some((last, _)) = events.last() {
        state.shown = state.shown.max(*last);
    }
    let Some(loaded) = &state.loaded else { return };
    let clocks = loaded.game.clocks(server.clock.now());
    for (i, (version, event)) in events.iter().enumerate() {
        let message = ServerMessage::Event {
            game: id.to_string(),
            version: *version,
            event: event.clone(),
            clocks: if i + 1 == events.len() { clocks } else { None },
        };
        for watcher in &state.watchers {
            server.conns.send(*watcher, message.clone());
        }
    }
}

/// The date a match file is stamped with.
fn date(now: Millis) -> String {
    chrono::DateTime::from_timestamp_millis(now)
        .map(|d| d.format("%Y.%m.%d").to_string())
        .unwrap_or_else(|| "????.??.??".into())
}

/// Stores events the loaded game just made after version `from`, then
/// broadcasts them. On a conflict or an error the slot is emptied (the
/// game in memory went past what is stored) and is read again on next use.
async fn store_and_broadcast(
    server: &Server,
    id: &str,
    state: &mut SlotState,
    from: u64,
    events: Vec<GameEvent>,
    now: Millis,
) -> Result<Appended, String> {
    let loaded = state.loaded.as_mut().expect("a game is loaded before it changes");
    let ends = loaded.row.live && loaded.game.is_over();
    let over = ends.then(|| {
        let result = events
            .iter()
            .find_map(|e| match e {
                GameEvent::Ended { result, .. } => Some(result.clone()),
                _ => None,
            })
            .unwrap_or_else(|| "*".into());
        let rated = loaded
            .game
            .finish()
            .filter(|f| f.rated)
            .map(|f| (loaded.row.options.pool(), f.score));
        Over {
            result,
            // Signed as it is stored: the file the archive serves is the server's word.
            match_file: server.signing.sign_file(&loaded.game.match_file(id, &date(now))),
            rated,
        }
    });
    let append = Append {
        game: &loaded.row,
        from,
        events: &events,
        at: now,
        deadline_at: loaded.game.deadline(),
        over,
    };
    let stored = games::append(&server.store, append).await;
    let rated = match stored {
        Ok(Appended::Stored { rated }) => rated,
        Ok(Appended::Conflict) => {
            tracing::debug!(game = id, from, "another process stored this version first");
            state.loaded = None;
            return Ok(Appended::Conflict);
        }
        Err(e) => {
            state.loaded = None;
            return Err(crate::db::write_failed(&e));
        }
    };
    if ends {
        loaded.row.live = false;
    }
    let mut events = events;
    let mut absorbed = Ok(());
    if let Some(event) = &rated {
        // The storage rated the end: the game takes it as the event after its last.
        absorbed = loaded.game.absorb(event, now);
        events.push(event.clone());
    }
    let deadline = loaded.game.deadline();
    let version = from + events.len() as u64;
    let numbered: Vec<(u64, GameEvent)> = (from + 1..).zip(events).collect();
    broadcast(server, id, state, &numbered);
    if let Err(e) = absorbed {
        // Stored and sent all the same: the game is read back on next use.
        tracing::error!(game = id, error = %e, "the game did not take its ratings' change");
        state.loaded = None;
    }
    server.sweep.deadline(deadline);
    server
        .notes
        .send(
            &server.store,
            Note::Game {
                game: id.to_string(),
                version,
            },
        )
        .await;
    if ends {
        server.notes.send(&server.store, Note::Lobby).await;
    }
    Ok(Appended::Stored { rated })
}

/// What a change asks of the game in the slot.
enum Change {
    Command(Who, Command),
    Tick,
    Resume { since: Millis },
}

/// Applies a change to a game, stored then broadcast; a refusal's reason.
async fn change(server: &Server, id: &str, change: Change) -> Result<(), String> {
    let slot = server.hub.slot(id);
    let changed = change_in(server, id, &slot, change).await;
    server.hub.release(id, slot);
    changed
}

async fn change_in(server: &Server, id: &str, slot: &slots::Slot, change: Change) -> Result<(), String> {
    let mut state = slot.state.lock().await;
    for _ in 0..ATTEMPTS {
        refresh(server, id, &mut state).await?;
        let loaded = state.loaded.as_mut().expect("refresh loads the game");
        let now = server.clock.now();
        let from = loaded.game.version();
        let events = match &change {
            Change::Command(who, command) => {
                let Some(player) = loaded.row.accounts.iter().position(|a| *a == who.id) else {
                    return Err("you do not play in this game: spectators watch only".into());
                };
                loaded.game.command(player as u8, command.clone(), now)?
            }
            Change::Tick if !loaded.row.live => return Ok(()),
            Change::Tick => loaded.game.tick(now),
            Change::Resume { .. } if !loaded.row.live => return Ok(()),
            Change::Resume { since } => loaded.game.resume(*since, now).into_iter().collect(),
        };
        if events.is_empty() {
            return Ok(());
        }
        match store_and_broadcast(server, id, &mut state, from, events, now).await? {
            Appended::Stored { .. } => {
                rematch(server, id, &mut state, now).await;
                return Ok(());
            }
            Appended::Conflict => continue,
        }
    }
    Err("the game changed too often meanwhile; try again".into())
}

/// Once both players asked for a rematch: starts the new game (the same
/// players, the other one Order first) and records it in this one.
async fn rematch(server: &Server, id: &str, state: &mut SlotState, now: Millis) {
    let Some(loaded) = state.loaded.as_mut() else { return };
    if !loaded.game.rematch_agreed() {
        return;
    }
    let players = [0, 1].map(|i| Who {
        id: loaded.row.accounts[i].clone(),
        name: loaded.game.players()[i].name.clone(),
        bot: loaded.game.players()[i].bot,
    });
    let first_order = loaded.game.rematch_first_order();
    let new = match crate::lobby::start_rematch(server, players, loaded.game.options(), first_order, id).await {
        Ok(new) => new,
        Err(e) => {
            tracing::error!(game = id, error = %e, "could not start a rematch");
            return;
        }
    };
    let event = GameEvent::Rematch { game: new };
    let from = loaded.game.version();
    if let Err(e) = loaded.game.absorb(&event, now) {
        tracing::error!(game = id, error = %e, "the game did not take its rematch");
        state.loaded = None;
        return;
    }
    match store_and_broadcast(server, id, state, from, vec![event], now).await {
        Ok(Appended::Stored { .. }) => {}
        Ok(Appended::Conflict) => tracing::warn!(game = id, "the rematch was recorded by another process first"),
        Err(e) => tracing::error!(game = id, error = %e, "could not record the rematch"),
    }
}

/// A player's command; the reason it was refused.
pub async fn command(server: &Server, who: &Who, id: &str, command: Command) -> Result<(), String> {
    change(server, id, Change::Command(who.clone(), command)).await
}

/// Plays what the clock makes happen in a game whose deadline passed.
pub async fn tick(server: &Server, id: &str) -> Result<(), String> {
    change(server, id, Change::Tick).await
}

/// Gives a live game's player to move the time the server was down.
pub async fn resume(server: &Server, id: &str, since: Millis) -> Result<(), String> {
    change(server, id, Change::Resume { since }).await
}

/// Follows a game for a connection: every stored event after `since`, then
/// each new one, and where its players are.
pub async fn watch(server: &Server, conn: ConnId, id: &str, since: u64) -> Result<(), String> {
    if !server.conns.may_follow(conn, id) {
        return Err(format!(
            "a connection follows at most {} games at once: unwatch one first",
            crate::conns::MAX_FOLLOWED
        ));
    }
    let slot = server.hub.slot(id);
    let watched = watch_in(server, conn, id, &slot, since).await;
    server.hub.release(id, slot);
    watched
}

async fn watch_in(server: &Server, conn: ConnId, id: &str, slot: &slots::Slot, since: u64) -> Result<(), String> {
    let mut state = slot.state.lock().await;
    refresh(server, id, &mut state).await?;
    let loaded = state.loaded.as_ref().expect("refresh loads the game");
    let version = loaded.game.version();
    let missed = games::events_after(&server.store, id, since)
        .await
        .map_err(store_error)?;
    let missed: Vec<_> = missed.into_iter().filter(|(v, _, _)| *v <= version).collect();
    let clocks = loaded.game.clocks(server.clock.now());
    let players = loaded.row.accounts.clone();
    let count = missed.len();
    for (i, (v, event, _)) in missed.into_iter().enumerate() {
        let clocks = if i + 1 == count { clocks } else { None };
        server.conns.send(
            conn,
            ServerMessage::Event {
                game: id.to_string(),
                version: v,
                event,
                clocks,
            },
        );
    }
    for (player, account) in players.iter().enumerate() {
        let here = roster::here(server, account);
        server.conns.send(
            conn,
            ServerMessage::Presence {
                game: id.to_string(),
                player: player as u8,
                here,
            },
        );
    }
    state.watchers.insert(conn);
    state.players = Some(players);
    state.shown = state.shown.max(version);
    server.conns.follow(conn, id);
    // The number of spectators, with this watcher: to every watcher if it
    // changed, else to this one.
    if !spectators::recount(server, id, &mut state).await {
        let count = server.audience.total(id);
        server.conns.send(
            conn,
            ServerMessage::Spectators {
                game: id.to_string(),
                count,
            },
        );
    }
    Ok(())
}

/// Stops following a game.
pub async fn unwatch(server: &Server, conn: ConnId, id: &str) {
    server.conns.unfollow(conn, id);
    if let Some(slot) = server.hub.existing(id) {
        let mut state = slot.state.lock().await;
        state.watchers.remove(&conn);
        spectators::recount(server, id, &mut state).await;
        drop(state);
        server.hub.release(id, slot);
    }
}

/// Forgets a closed connection's watching.
pub async fn forget(server: &Server, conn: ConnId, games: HashSet<String>) {
    for id in games {
        if let Some(slot) = server.hub.existing(&id) {
            let mut state = slot.state.lock().await;
            state.watchers.remove(&conn);
            spectators::recount(server, &id, &mut state).await;
            drop(state);
            server.hub.release(&id, slot);
        }
    }
}

/// Tells this process's watchers of an account's live games that it came or went.
pub async fn tell_presence(server: &Server, account: &str, here: bool) {
    let playing = match games::live_of(&server.store, account).await {
        Ok(playing) => playing,
        Err(e) => {
            store_error(e);
            return;
        }
    };
    for (id, player) in playing {
        let Some(slot) = server.hub.existing(&id) else { continue };
        let state = slot.state.lock().await;
        let message = ServerMessage::Presence {
            game: id.clone(),
            player,
            here,
        };
        for watcher in &state.watchers {
            server.conns.send(*watcher, message.clone());
        }
    }
}

/// Another process stored a game's events up to `version`: if this one
/// has watchers for it, they get the new events.
pub async fn notified(server: &Server, id: &str, version: u64) {
    let Some(slot) = server.hub.existing(id) else { return };
    let mut state = slot.state.lock().await;
    let behind = state.loaded.as_ref().is_some_and(|l| l.game.version() < version);
    if behind && !state.watchers.is_empty() {
        if let Err(e) = refresh(server, id, &mut state).await {
            tracing::warn!(game = id, error = %e, "could not read another process's events");
        }
    } else if behind {
        // Nobody here watches: read it again when someone does.
        state.loaded = None;
    }
    drop(state);
    server.hub.release(id, slot);
}
