//! The player's record ([`crate::history::record`]) kept in step with the
//! history: built again whenever the history changes (a match kept, a
//! match deleted), for the Record screen and the setups, with the words
//! both use for the player's strength.

use bevy::prelude::*;
use entropy_ai::{Level, RatedKind};
use entropy_stats::glicko::Rating;

use crate::app::AppSet;
use crate::history::History;
use crate::history::record::{Kind, KindRecord, Record, suggest, you};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PlayerRecord>()
        .add_systems(Update, rebuild.run_if(resource_changed::<History>).in_set(AppSet::Sync));
}

/// The player's record as the history stands.
#[derive(Resource, Debug, Clone, Default)]
pub struct PlayerRecord(pub Record);

/// A level's rating for a kind of match as the AI crate measured it;
/// `None` when not measured.
pub fn measured(level: Level, kind: Kind) -> Option<Rating> {
    level.rating(match kind {
        Kind::Rounds7 => RatedKind::Rounds7,
        Kind::Rounds5 => RatedKind::Rounds5,
        Kind::Simultaneous => RatedKind::Simultaneous,
    })
}

fn rebuild(history: Res<History>, mut record: ResMut<PlayerRecord>) {
    record.0 = Record::build(&history.entries, measured);
}

/// The player's strength and the level that fits them, in a line:
/// "you ≈ 1620 ± 110  ·  Medium suits you (you would score 48%)".
pub fn strength_line(record: &KindRecord, kind: Kind) -> String {
    let mut line = you(record);
    match suggest(record, kind, measured) {
        Some(s) => {
            line += &format!(
                "  ·  {} suits you (you would score {:.0}%)",
                s.level.title(),
                s.expected * 100.0
            );
        }
        None => line += "  ·  the levels are not measured for this kind yet",
    }
    line
}

/// A level's rating for `kind` in words: "Hard ≈ 1850", or "Hard: not measured".
pub fn level_rating(level: Level, kind: Kind) -> String {
    match measured(level, kind) {
        Some(r) => format!("{} ≈ {:.0}", level.title(), r.rating),
        None => format!("{}: not measured", level.title()),
    }
}

/// What a setup's level row says of the level chosen for `kind`, in one
/// short line: "Hard ≈ 1850  ·  you ≈ 1620 ± 110  ·  Medium suits you", or
/// that the level is not measured for this kind.
pub fn setup_line(record: &Record, kind: Kind, level: Level) -> String {
    let mine = record.of(kind);
    let level_words = level_rating(level, kind);
    match suggest(mine, kind, measured) {
        None => format!("{level_words} for this board yet"),
        Some(s) => {
            let who = if mine.rating().is_some() { "you" } else { "a newcomer" };
            format!("{level_words}  ·  {}  ·  {} suits {who}", you(mine), s.level.title())
        }
    }
}
