//! A match kept, read as one of the player's results ([`played`]), and the
//! results against each opponent ([`lines`]).

use std::collections::BTreeMap;

use entropy_ai::Level;
use entropy_rules::{AnyMatchFile, Ending, Outcome, Player, PlayerTags, Size};

use super::{Kind, Opponent};

/// How a match went for the player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The player won (on the scores, on time, or by a resignation).
    Won,
    /// Equal totals.
    Drawn,
    /// The player lost.
    Lost,
}

impl Verdict {
    /// Its score for a rating: 1, ½ or 0.
    pub fn score(self) -> f64 {
        match self {
            Verdict::Won => 1.0,
            Verdict::Drawn => 0.5,
            Verdict::Lost => 0.0,
        }
    }

    /// One word for it.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Won => "won",
            Verdict::Drawn => "drawn",
            Verdict::Lost => "lost",
        }
    }
}

/// One of the player's matches.
#[derive(Debug, Clone, PartialEq)]
pub struct Played {
    /// Against whom.
    pub opponent: Opponent,
    /// How it went; `None` when it was abandoned.
    pub verdict: Option<Verdict>,
    /// The player's Order score, when their Order round (or board) was played out.
    pub order: Option<u32>,
    /// The totals, the player's first.
    pub totals: [u32; 2],
    /// Its date tag.
    pub date: String,
    /// Its board.
    pub size: Size,
}

/// The results against one opponent.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    /// Whom.
    pub opponent: Opponent,
    /// Matches won.
    pub won: u32,
    /// Matches drawn.
    pub drawn: u32,
    /// Matches lost.
    pub lost: u32,
    /// The player's Order scores' sum, over [`Line::scored`] matches.
    pub order_sum: u64,
    /// Matches with an Order score.
    pub scored: u32,
    /// The best Order score.
    pub best: Option<u32>,
    /// The longest run of wins in a row (abandoned matches do not break it).
    pub longest_run: u32,
    run: u32,
}

impl Line {
    fn new(opponent: Opponent) -> Line {
        Line {
            opponent,
            won: 0,
            drawn: 0,
            lost: 0,
            order_sum: 0,
            scored: 0,
            best: None,
            longest_run: 0,
            run: 0,
        }
    }

    /// The average Order score, `None` before any.
    pub fn average(&self) -> Option<f64> {
        (self.scored > 0).then(|| self.order_sum as f64 / self.scored as f64)
    }

    fn add(&mut self, played: &Played) {
        match played.verdict {
            Some(Verdict::Won) => {
                self.won += 1;
                self.run += 1;
                self.longest_run = self.longest_run.max(self.run);
            }
            Some(Verdict::Drawn) => {
                self.drawn += 1;
                self.run = 0;
            }
            Some(Verdict::Lost) => {
                self.lost += 1;
                self.run = 0;
            }
            None => {}
        }
        if let Some(score) = played.order {
            self.order_sum += u64::from(score);
            self.scored += 1;
            self.best = Some(self.best.map_or(score, |b| b.max(score)));
        }
    }
}

/// The lines of `matches` (oldest first): one an opponent, the levels
/// weakest first, then people by name.
pub fn lines(matches: &[Played]) -> Vec<Line> {
    let mut lines: BTreeMap<Opponent, Line> = BTreeMap::new();
    for played in matches {
        lines
            .entry(played.opponent.clone())
            .or_insert_with(|| Line::new(played.opponent.clone()))
            .add(played);
    }
    lines.into_values().collect()
}

/// A player's kind tag read: a person, a computer's level, or another computer.
enum Seat {
    Person,
    Level(Level),
    Other,
}

fn seat(tags: &PlayerTags) -> Seat {
    let kind = tags.kind.trim();
    if kind.eq_ignore_ascii_case("person") {
        return Seat::Person;
    }
    match kind.strip_prefix("computer:").map(|l| l.trim().parse::<Level>()) {
        Some(Ok(level)) => Seat::Level(level),
        _ => Seat::Other,
    }
}

/// The match of `file` as the player's result, with its kind; `None` for a
/// match that is nobody's (two computers).
pub fn played(file: &AnyMatchFile) -> Option<(Kind, Played)> {
    let tags = file.tags();
    let seats = Player::BOTH.map(|p| seat(&tags.players[p.index()]));
    // The person at this screen: the only person, or player 1 of two.
    let me = match seats {
        [Seat::Person, _] => Player::One,
        [_, Seat::Person] => Player::Two,
        _ => return None,
    };
    let them = &tags.players[me.other().index()];
    let opponent = match seats[me.other().index()] {
        Seat::Person => Opponent::Person(them.name.trim().to_string()),
        Seat::Level(level) => Opponent::Computer(level),
        Seat::Other => Opponent::Other(them.name.trim().to_string()),
    };
    let (kind, ending, totals, order, size) = match file {
        AnyMatchFile::Rounds(file) => {
            let game = file.replay().ok()?;
            let order = (0..game.rounds().len())
                .find(|&i| game.order_player(i) == me && game.rounds()[i].is_finished())
                .map(|i| game.rounds()[i].score());
            let size = file.record.size;
            (Kind::rounds(size), Ending::of(&game), game.totals(), order, size)
        }
        AnyMatchFile::Simultaneous(file) => {
            let game = file.replay().ok()?;
            let board = game.board(me);
            let order = board.is_finished().then(|| board.score());
            (
                Kind::Simultaneous,
                game.ending(),
                game.scores(),
                order,
                file.record.size,
            )
        }
    };
    let verdict = match ending {
        Ending::Abandoned => None,
        Ending::Played(Outcome::Draw) => Some(Verdict::Drawn),
        ending if ending.winner() == Some(me) => Some(Verdict::Won),
        _ => Some(Verdict::Lost),
    };
    Some((
        kind,
        Played {
            opponent,
            verdict,
            order,
            totals: [totals[me.index()], totals[me.other().index()]],
            date: tags.date.clone(),
            size,
        },
    ))
}
