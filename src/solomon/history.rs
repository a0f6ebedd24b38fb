//! Solomon's matches in the history ([`crate::history`]): a finished
//! match, or one abandoned for a new match, is kept as a plain-text match
//! file of two rounds.
//!
//! A match goes to the history the moment it is decided, before its save
//! is cleared, and once only: a match the history already holds (the same
//! record) is not written again, so a game ended at any moment shows the
//! match at the next launch either still saved or in the history, never
//! neither and never twice. If the history cannot be written, the save
//! stays and the player is told.

use bevy::prelude::*;
use entropy_rules::AnyMatchFile;

use crate::app::AppSet;
use crate::app::prefs::PrefsFile;
use crate::app::storage::SaveProblem;
use crate::history::History;
use crate::solomon::game::SolomonCommand;
use crate::solomon::match_file::{keep_decided, match_file};
use crate::solomon::saved::SavedMatch;

pub(crate) fn plugin(app: &mut App) {
    let mut notices = Vec::new();
    // A decided match still saved (the game ended between keeping it and
    // clearing its save, or the history could not take it then): kept now.
    if let Some(saved) = app.world().get_resource::<SavedMatch>()
        && saved.decided()
        && let Some(Ok((game, setup, _))) = saved.data.as_ref().map(|d| d.restore())
    {
        let mut history = app.world_mut().resource_mut::<History>();
        let kept = keep_decided(&mut history, &game, &setup);
        let mut saved = app.world_mut().resource_mut::<SavedMatch>();
        let cleared = kept
            .map_err(|problem| format!("{problem} It stays saved until it can be."))
            .and_then(|()| saved.store(None));
        if let Err(problem) = cleared {
            warn!("{problem}");
            notices.push(problem);
        }
    }
    if let Some(mut prefs) = app.world_mut().get_resource_mut::<PrefsFile>() {
        prefs.notices.extend(notices);
    }
    app.init_resource::<SaveProblem>().add_systems(
        Update,
        keep_abandoned_match
            .in_set(AppSet::Turn)
            .before(crate::solomon::game::handle_commands),
    );
}

/// A new match replaces an unfinished saved one: the old one is kept, as
/// abandoned, and only then is its save cleared. If the history cannot take
/// it, it stays saved and the new match is not saved over it.
fn keep_abandoned_match(
    mut commands: MessageReader<SolomonCommand>,
    mut saved: ResMut<SavedMatch>,
    mut history: ResMut<History>,
    mut problem: ResMut<SaveProblem>,
) {
    if !commands.read().any(|c| *c == SolomonCommand::StartMatch) || !saved.resumable() {
        return;
    }
    let Some(Ok((game, setup, _))) = saved.data.as_ref().map(|d| d.restore()) else {
        return;
    };
    match history.keep_once(AnyMatchFile::Rounds(match_file(&game, &setup))) {
        Ok(()) => {
            saved.slot.held = false;
            problem.resolve("history");
            if let Err(e) = saved.store(None) {
                problem.report("match", e);
            }
        }
        Err(reason) => {
            saved.slot.held = true;
            problem.report(
                "history",
                format!(
                    "The match you left cannot be kept in the history: {reason}. It stays saved: Continue it \
                     from the title. This new match is not saved."
                ),
            );
        }
    }
}
