//! A game as a match file: the rules' record (moves, time control, each
//! move's clock, flags, forfeit) with the server's tags: the players and
//! their kinds, `Site`, `GameId`, the ratings of a rated game, the days of a
//! correspondence game, and the seed's hash, with the seed itself once the
//! game is over ([`entropy_protocol::fairness::verify`] checks them). The
//! hub signs the finished file as it stores it
//! ([`entropy_protocol::signature`]).

use entropy_protocol::Speed;
use entropy_protocol::fairness::{SEED_HASH_TAG, SEED_TAG};
use entropy_rules::{MatchFile, MatchTags, PlayerTags, SimultaneousFile};

use super::Game;
use super::rules::Rules;

/// The `Site` tag of every file the server writes.
pub const SITE: &str = "entropy-server";

impl Game {
    /// The tags of the game's file.
    fn tags(&self, id: &str, date: &str) -> MatchTags {
        let players = self.players.clone().map(|seat| PlayerTags {
            name: seat.name,
            kind: if seat.bot { "bot" } else { "person" }.into(),
        });
        let mut extra = vec![("Site".to_string(), SITE.to_string()), ("GameId".into(), id.into())];
        if self.options.rated {
            for (i, seat) in self.players.iter().enumerate() {
                if let Some(rating) = seat.rating {
                    extra.push((format!("Rating{}", i + 1), format!("{rating:.0}")));
                }
            }
        }
        if let Speed::Correspondence { days } = self.options.speed {
            extra.push(("Correspondence".into(), days.to_string()));
        }
        extra.push((SEED_HASH_TAG.into(), self.secret.commitment()));
        if self.ended {
            extra.push((SEED_TAG.into(), self.secret.to_string()));
        }
        MatchTags {
            date: date.into(),
            players,
            extra,
        }
    }

    /// [`Game::match_file`].
    pub(super) fn file_text(&self, id: &str, date: &str) -> String {
        let tags = self.tags(id, date);
        match &self.rules {
            Rules::Rounds { game, .. } => MatchFile {
                tags,
                record: game.record(),
            }
            .to_text(),
            Rules::Simultaneous { game, .. } => SimultaneousFile {
                tags,
                record: game.record(),
            }
            .to_text(),
        }
    }
}
