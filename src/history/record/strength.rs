//! The player's strength in words, and the level that fits them: the one
//! against which they would win about half the time.

use entropy_ai::Level;
use entropy_stats::glicko::{self, Rating};

use super::{Kind, KindRecord, LevelRatings};

/// "you ≈ 1620 ± 110", or that the player has no rating yet.
pub fn you(record: &KindRecord) -> String {
    match record.rating() {
        Some(r) => format!("you ≈ {:.0} ± {:.0}", r.rating, r.deviation),
        None => "you: not rated yet".to_string(),
    }
}

/// The level suggested for a kind of match.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Suggestion {
    /// The level.
    pub level: Level,
    /// The player's expected score against it (0 to 1).
    pub expected: f64,
}

/// The measured level whose expected score for the player (rated, or a
/// newcomer's 1500 ± 350 before any rated match) is nearest one half;
/// `None` when no level is measured for `kind`.
pub fn suggest(record: &KindRecord, kind: Kind, levels: LevelRatings) -> Option<Suggestion> {
    let player = record.rating().unwrap_or(Rating::NEW);
    Level::ALL
        .into_iter()
        .filter_map(|level| {
            let expected = glicko::expected_score(player, levels(level, kind)?);
            Some(Suggestion { level, expected })
        })
        .min_by(|a, b| (a.expected - 0.5).abs().total_cmp(&(b.expected - 0.5).abs()))
}
