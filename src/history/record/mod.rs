//! The player's record, built from the matches kept ([`crate::history`]):
//! for each kind of Solomon's game, the results against each opponent, the
//! last matches, the Order scores and the player's strength against the
//! computer's levels. Plain Rust, no Bevy: [`Record::build`] reads the
//! history's entries and nothing else, so deleting a match and building
//! again updates it; `crate::history::kept_record` keeps it in step with
//! the history for the screens.
//!
//! **Whose record.** The person at this screen. A match against the
//! computer is the person's, whatever name they typed ("You"); a match
//! between two people at this screen is player 1's (the one who set it
//! up), against player 2 by the name the match file gives them ("Player 2"
//! when none was typed); a match between two computers is nobody's and is
//! left out. Carreno's game keeps no history, so the record covers
//! Solomon's three kinds ([`Kind`]).
//!
//! **Strength.** Glicko-2 ([`entropy_stats::glicko`]) on the scale the
//! levels are measured on: each match against a level whose rating for the
//! kind is measured is a rating period of its own, the level's measured
//! rating the opponent ([`glicko::history`]). Matches against people, and
//! against a level not measured for the kind (and simultaneous matches on
//! 5×5: the levels are measured on 7×7), count in the tables but not in
//! the rating.

use entropy_ai::Level;
use entropy_rules::Size;
use entropy_stats::glicko::{self, Rating};

mod strength;
mod tally;

pub use strength::{Suggestion, suggest, you};
pub use tally::{Line, Played, Verdict};

/// The kinds of match the record keeps apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Two rounds on the 7×7 board.
    Rounds7,
    /// Two rounds on the 5×5 board.
    Rounds5,
    /// Two boards at once (the simultaneous match, either size).
    Simultaneous,
}

impl Kind {
    /// Every kind, in the order the screen shows them.
    pub const ALL: [Kind; 3] = [Kind::Rounds7, Kind::Rounds5, Kind::Simultaneous];

    /// Its name on the screen.
    pub const fn title(self) -> &'static str {
        match self {
            Kind::Rounds7 => "7 × 7",
            Kind::Rounds5 => "5 × 5",
            Kind::Simultaneous => "Two boards at once",
        }
    }

    /// The kind of a match of two rounds on `size`.
    pub const fn rounds(size: Size) -> Kind {
        match size {
            Size::Five => Kind::Rounds5,
            _ => Kind::Rounds7,
        }
    }

    /// The scores that are poor, average, good and expert for one Order
    /// round or board of this kind (How to play's table: the rules' own
    /// for 7×7, this edition's for 5×5).
    pub const fn benchmarks(self) -> [u32; 4] {
        match self {
            Kind::Rounds5 => [20, 30, 40, 50],
            Kind::Rounds7 | Kind::Simultaneous => [50, 75, 100, 120],
        }
    }

    fn index(self) -> usize {
        match self {
            Kind::Rounds7 => 0,
            Kind::Rounds5 => 1,
            Kind::Simultaneous => 2,
        }
    }
}

/// Whom a match was played against.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Opponent {
    /// The computer at a level.
    Computer(Level),
    /// A person at this screen, by name.
    Person(String),
    /// A player the game does not know (a computer of another version), by name.
    Other(String),
}

impl Opponent {
    /// How the screen names them.
    pub fn label(&self) -> String {
        match self {
            Opponent::Computer(level) => level.title().to_string(),
            Opponent::Person(name) | Opponent::Other(name) => name.clone(),
        }
    }
}

/// A level's measured rating for a kind of match, `None` when not measured.
pub type LevelRatings = fn(Level, Kind) -> Option<Rating>;

/// The record of one kind of match.
#[derive(Debug, Clone, PartialEq)]
pub struct KindRecord {
    /// Which kind.
    pub kind: Kind,
    /// One line an opponent: the levels weakest first, then people by name.
    pub lines: Vec<Line>,
    /// The matches of this kind, oldest first.
    pub matches: Vec<Played>,
    /// The player's rating after each match against a measured level,
    /// oldest first, with the index in [`KindRecord::matches`] of that match.
    pub ratings: Vec<(usize, Rating)>,
}

impl KindRecord {
    fn new(kind: Kind) -> KindRecord {
        KindRecord {
            kind,
            lines: Vec::new(),
            matches: Vec::new(),
            ratings: Vec::new(),
        }
    }

    /// The player's rating now: after the last rated match, `None` before any.
    pub fn rating(&self) -> Option<Rating> {
        self.ratings.last().map(|&(_, r)| r)
    }

    /// The last `n` matches, newest first.
    pub fn last(&self, n: usize) -> impl Iterator<Item = &Played> {
        self.matches.iter().rev().take(n)
    }
}

/// The player's record of every kind.
#[derive(Debug, Clone, PartialEq)]
pub struct Record {
    /// Each kind's, in [`Kind::ALL`]'s order.
    pub kinds: [KindRecord; 3],
    /// The files that could not be read, by name with the reason: skipped.
    pub unreadable: Vec<(String, String)>,
    /// Matches between two computers, which are nobody's record.
    pub watched: usize,
}

impl Default for Record {
    fn default() -> Record {
        Record {
            kinds: Kind::ALL.map(KindRecord::new),
            unreadable: Vec::new(),
            watched: 0,
        }
    }
}

impl Record {
    /// The record of `kind`.
    pub fn of(&self, kind: Kind) -> &KindRecord {
        &self.kinds[kind.index()]
    }

    fn of_mut(&mut self, kind: Kind) -> &mut KindRecord {
        &mut self.kinds[kind.index()]
    }

    /// The record of the history's `entries` (newest first, as the history
    /// keeps them), the levels rated by `levels`.
    pub fn build(entries: &[crate::history::Entry], levels: LevelRatings) -> Record {
        let mut record = Record::default();
        for entry in entries.iter().rev() {
            match &entry.file {
                Ok(file) => match tally::played(file) {
                    Some((kind, played)) => record.of_mut(kind).matches.push(played),
                    None => record.watched += 1,
                },
                Err(reason) => record.unreadable.push((entry.name(), reason.clone())),
            }
        }
        for kind in &mut record.kinds {
            kind.lines = tally::lines(&kind.matches);
            let rated: Vec<(usize, (Rating, f64))> = kind
                .matches
                .iter()
                .enumerate()
                .filter_map(|(i, m)| {
                    let Opponent::Computer(level) = m.opponent else {
                        return None;
                    };
                    // The simultaneous match is measured on 7×7 only.
                    if kind.kind == Kind::Simultaneous && m.size != Size::Seven {
                        return None;
                    }
                    Some((i, (levels(level, kind.kind)?, m.verdict?.score())))
                })
                .collect();
            let results: Vec<(Rating, f64)> = rated.iter().map(|&(_, r)| r).collect();
            kind.ratings = rated.iter().map(|&(i, _)| i).zip(glicko::history(&results)).collect();
        }
        record
    }
}

#[cfg(test)]
mod tests;
