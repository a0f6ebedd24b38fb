//! A match of Solomon's game as the history keeps it ([`crate::history`]):
//! a plain-text match file of two rounds, tagged with its date and players.

use entropy_rules::{AnyMatchFile, MatchFile, MatchTags, PlayerTags};

use crate::history::History;
use crate::solomon::game::CurrentMatch;
use crate::solomon::match_setup::{MatchSetup, Seat};

/// The tags of a match played with `setup`.
pub fn tags(setup: &MatchSetup, seats: [Seat; 2]) -> MatchTags {
    let player = |p: entropy_rules::Player| PlayerTags {
        name: setup.name_in(p, seats).to_string(),
        kind: match seats[p.index()] {
            Seat::Person => "person".to_string(),
            Seat::Remote => "online".to_string(),
            Seat::Computer(level) => format!("computer: {}", level.name()),
        },
    };
    MatchTags {
        date: crate::history::date_now(),
        players: entropy_rules::Player::BOTH.map(player),
        extra: Vec::new(),
    }
}

/// Keeps the decided match `game` in the history, once.
pub fn keep_decided(history: &mut History, game: &CurrentMatch, setup: &MatchSetup) -> Result<(), String> {
    history
        .keep_once(AnyMatchFile::Rounds(match_file(game, setup)))
        .map_err(|reason| format!("The finished match cannot be kept in the history: {reason}."))
}

/// The match `game`, played with `setup`, as a match file.
pub fn match_file(game: &CurrentMatch, setup: &MatchSetup) -> MatchFile {
    MatchFile {
        tags: tags(setup, game.seats),
        record: game.game.record(),
    }
}
