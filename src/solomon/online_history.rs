//! Online games into the history: every finished game of the player's, of
//! either format (the History is this room's, for both), as the server's
//! archive has it — a game that ends on the table, one that ends while the
//! player is elsewhere, and, at each sign-in, the ones the archive lists
//! that the history lacks (ended while the game was closed). Each file is
//! fetched once and kept once, its draws checked against the seed
//! ([`crate::online::archive::for_history`]); an aborted game counts for
//! nobody and is not kept, nor is a game the player only watched.

use std::collections::HashSet;

use bevy::prelude::*;
use entropy_protocol::GameId;

use crate::app::AppSet;
use crate::history::History;
use crate::online::archive::{Archive, for_history, game_id};
use crate::online::games::OnlineGames;
use crate::online::net::{Net, NetCommand};
use crate::online::session::Session;
use crate::online::table::OnTable;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(Update, keep_online_games.in_set(AppSet::Sync));
}

/// The games asked of the archive, and those dealt with.
#[derive(Default)]
struct Kept {
    asked: HashSet<GameId>,
    done: HashSet<GameId>,
}

#[allow(clippy::too_many_arguments)]
fn keep_online_games(
    session: Res<Session>,
    games: Res<OnlineGames>,
    mut archive: ResMut<Archive>,
    mut history: ResMut<History>,
    table: Option<ResMut<OnTable>>,
    net: Res<Net>,
    mut kept: Local<Kept>,
) {
    let Some(me) = session.name().map(str::to_string) else {
        return;
    };
    let mut table = table;
    let mut keep = |id: &GameId, text: Result<String, String>, history: &mut History| {
        let result = text
            .and_then(|text| for_history(&text, &me))
            .and_then(|file| history.keep_once(file));
        if let Err(why) = &result {
            warn!("game {id}: not kept in the history: {why}");
        }
        if let Some(table) = table.as_mut().filter(|t| t.game == *id) {
            table.kept = Some(result);
        }
    };
    // The games followed: a game of the player's that is over.
    for (id, followed) in games.iter() {
        let Some(end) = followed.view.end() else { continue };
        if end.result == "*" || followed.view.player_named(&me).is_none() || kept.done.contains(id) {
            continue;
        }
        match &followed.file {
            None => {
                if kept.asked.insert(id.clone()) {
                    net.send(NetCommand::FetchMatch { game: id.clone() });
                }
            }
            Some(text) => {
                kept.done.insert(id.clone());
                keep(id, text.clone(), &mut history);
            }
        }
    }
    // The archive's list at sign-in: the games the history lacks.
    if let Some(listed) = archive.listed.take() {
        let known: HashSet<String> = history
            .entries
            .iter()
            .filter_map(|e| e.file.as_ref().ok())
            .filter_map(game_id)
            .map(str::to_string)
            .collect();
        for summary in listed {
            let wanted = summary.result != "*" && !known.contains(&summary.id) && games.get(&summary.id).is_none();
            if wanted && kept.asked.insert(summary.id.clone()) {
                net.send(NetCommand::FetchMatch { game: summary.id });
            }
        }
    }
    for (id, text) in std::mem::take(&mut archive.files) {
        if kept.done.insert(id.clone()) {
            keep(&id, text, &mut history);
        }
    }
}
