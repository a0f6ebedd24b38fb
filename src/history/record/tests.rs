//! The record rebuilt from a history of known matches.

use std::path::PathBuf;

use entropy_ai::Level;
use entropy_rules::{
    Action, AnyMatchFile, Forfeit, Match, MatchFile, MatchTags, Phase, Player, PlayerTags, SimultaneousFile,
    SimultaneousMatch, SimultaneousStep, Size,
};
use entropy_stats::glicko::{self, Rating};

use super::*;
use crate::history::Entry;

const HARD: Rating = Rating::fixed(1800.0, 50.0);
const MEDIUM: Rating = Rating::fixed(1600.0, 60.0);

/// Hard and Medium measured on 7×7 only.
fn levels(level: Level, kind: Kind) -> Option<Rating> {
    match (level, kind) {
        (Level::Hard, Kind::Rounds7) => Some(HARD),
        (Level::Medium, Kind::Rounds7) => Some(MEDIUM),
        _ => None,
    }
}

/// Chaos places on the vacant cell `k` steps in (k grows with the turn),
/// Order passes: a whole round, the same for the same draws.
fn chaos_cell(position: &entropy_rules::Position) -> entropy_rules::Cell {
    let vacant = position.placements();
    let k = (position.board().counters() * 5) % vacant.len();
    vacant.nth(k).unwrap()
}

/// A match of two rounds played out; equal seeds draw the same counters in
/// both rounds, so both totals are equal.
fn played_out(size: Size, seeds: [u64; 2]) -> Match {
    let mut game = Match::new(size, Player::One, seeds);
    while !game.is_over() {
        if game.round().is_finished() {
            game.start_second_round().unwrap();
        }
        let position = *game.round().position();
        let action = match position.phase() {
            Phase::ChaosDraw => Action::Draw,
            Phase::ChaosPlace(_) => Action::Place(chaos_cell(&position)),
            Phase::OrderMove => Action::Pass,
            Phase::Finished => continue,
        };
        game.apply(action).unwrap();
    }
    game
}

fn tags(one: (&str, &str), two: (&str, &str)) -> MatchTags {
    let player = |(name, kind): (&str, &str)| PlayerTags {
        name: name.into(),
        kind: kind.into(),
    };
    MatchTags {
        date: "2026-01-01 10:00".into(),
        players: [player(one), player(two)],
        extra: Vec::new(),
    }
}

fn entry(file: AnyMatchFile) -> Entry {
    Entry {
        path: PathBuf::new(),
        file: Ok(file),
    }
}

/// `game` with the person in `me`'s seat against `them` (name, kind).
fn rounds(game: &Match, me: Player, them: (&str, &str)) -> Entry {
    let you = ("You", "person");
    let tags = match me {
        Player::One => tags(you, them),
        Player::Two => tags(them, you),
    };
    entry(AnyMatchFile::Rounds(MatchFile {
        tags,
        record: game.record(),
    }))
}

fn winner(game: &Match) -> Player {
    let [one, two] = game.totals();
    assert_ne!(one, two, "a match with a winner");
    if one > two { Player::One } else { Player::Two }
}

const HARD_TAG: (&str, &str) = ("Hard", "computer: hard");

/// The history: oldest first here, newest first as the history keeps it.
fn history() -> (Vec<Entry>, Vec<Match>) {
    let won: Vec<Match> = [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10]]
        .into_iter()
        .map(|seeds| played_out(Size::Seven, seeds))
        .collect();
    let mut resigned = Match::new(Size::Seven, Player::One, [11, 12]);
    resigned.forfeit(Forfeit::Resigned(Player::One)).unwrap();
    let abandoned = Match::new(Size::Seven, Player::One, [13, 14]);
    let drawn = played_out(Size::Seven, [15, 15]);
    let person = played_out(Size::Seven, [16, 17]);
    let five = played_out(Size::Five, [18, 19]);
    let watched = played_out(Size::Seven, [20, 21]);
    let mut entries = vec![
        rounds(&won[0], winner(&won[0]), HARD_TAG),
        rounds(&won[1], winner(&won[1]), HARD_TAG),
        rounds(&resigned, Player::One, HARD_TAG),
        rounds(&won[2], winner(&won[2]), HARD_TAG),
        rounds(&abandoned, Player::One, HARD_TAG),
        rounds(&won[3], winner(&won[3]), HARD_TAG),
        rounds(&won[4], winner(&won[4]), HARD_TAG),
        rounds(&drawn, Player::Two, ("Medium", "computer: medium")),
        // Two people: player 1's record, against player 2 by name.
        entry(AnyMatchFile::Rounds(MatchFile {
            tags: tags(("Bo", "person"), ("Ada", "person")),
            record: person.record(),
        })),
        rounds(&five, winner(&five), ("Easy", "computer: easy")),
        entry(AnyMatchFile::Rounds(MatchFile {
            tags: tags(HARD_TAG, ("Master", "computer: master")),
            record: watched.record(),
        })),
        entry(AnyMatchFile::Simultaneous(SimultaneousFile {
            tags: tags(("You", "person"), ("Medium", "computer: medium")),
            record: simultaneous().record(),
        })),
        Entry {
            path: PathBuf::from("/history/2026-01-02 10.00.00.txt"),
            file: Err("line 3: not a tag".into()),
        },
    ];
    entries.reverse();
    (entries, won)
}

fn simultaneous() -> SimultaneousMatch {
    let mut game = SimultaneousMatch::new(Size::Seven, 22);
    loop {
        match game.step() {
            SimultaneousStep::Over => return game,
            SimultaneousStep::Draw => {
                game.draw().unwrap();
            }
            _ => {
                for pending in game.pending() {
                    let position = *game.board(pending.board).position();
                    let action = match position.phase() {
                        Phase::ChaosPlace(_) => Action::Place(chaos_cell(&position)),
                        _ => Action::Pass,
                    };
                    game.apply(pending.player, action).unwrap();
                }
            }
        }
    }
}

#[test]
fn the_figures_of_a_known_history() {
    let (entries, won) = history();
    let record = Record::build(&entries, levels);
    let seven = record.of(Kind::Rounds7);
    assert_eq!(seven.matches.len(), 9, "two computers' match is nobody's");
    assert_eq!(record.watched, 1);
    assert_eq!(
        record.unreadable,
        vec![("2026-01-02 10.00.00.txt".to_string(), "line 3: not a tag".to_string())]
    );

    let hard = &seven
        .lines
        .iter()
        .find(|l| l.opponent == Opponent::Computer(Level::Hard))
        .unwrap();
    assert_eq!((hard.won, hard.drawn, hard.lost), (5, 0, 1));
    // Won, won, lost, won, (abandoned), won, won.
    assert_eq!(hard.longest_run, 3);
    // The five matches played out give the person's Order score; the
    // resignation came before their Order round was played.
    let scores: Vec<u32> = won.iter().map(|g| g.totals()[winner(g).index()]).collect();
    assert_eq!(scores, [78, 62, 61, 57, 49], "the matches played out score as before");
    assert_eq!(hard.scored, 5);
    assert_eq!(hard.best, Some(78));
    assert_eq!(hard.average(), Some(307.0 / 5.0));

    let medium = seven
        .lines
        .iter()
        .find(|l| l.opponent == Opponent::Computer(Level::Medium))
        .unwrap();
    assert_eq!(
        (medium.won, medium.drawn, medium.lost, medium.longest_run),
        (0, 1, 0, 0)
    );
    let ada = seven
        .lines
        .iter()
        .find(|l| l.opponent == Opponent::Person("Ada".into()))
        .unwrap();
    assert_eq!(ada.won + ada.drawn + ada.lost, 1);
    // The levels weakest first, then people.
    let order: Vec<String> = seven.lines.iter().map(|l| l.opponent.label()).collect();
    assert_eq!(order, ["Medium", "Hard", "Ada"]);

    // The last matches, newest first.
    let last: Vec<Option<Verdict>> = seven.last(3).map(|m| m.verdict).collect();
    assert_eq!(last[1], Some(Verdict::Drawn));
    assert_eq!(seven.last(20).count(), 9);

    let five = record.of(Kind::Rounds5);
    assert_eq!(five.lines.len(), 1);
    assert_eq!((five.lines[0].won, five.lines[0].longest_run), (1, 1));
    assert!(five.ratings.is_empty(), "Easy is not measured on 5×5 here");

    let sim = record.of(Kind::Simultaneous);
    assert_eq!(sim.matches.len(), 1);
    assert!(sim.matches[0].verdict.is_some() && sim.matches[0].order.is_some());
}

#[test]
fn the_rating_is_glicko_2_against_the_levels_measured() {
    let (entries, _) = history();
    let record = Record::build(&entries, levels);
    let seven = record.of(Kind::Rounds7);
    // By hand: the rated matches in order (the abandoned one and Ada's left out).
    let results = [
        (HARD, 1.0),
        (HARD, 1.0),
        (HARD, 0.0),
        (HARD, 1.0),
        (HARD, 1.0),
        (HARD, 1.0),
        (MEDIUM, 0.5),
    ];
    let expected = glicko::history(&results);
    let got: Vec<Rating> = seven.ratings.iter().map(|&(_, r)| r).collect();
    assert_eq!(got, expected);
    let at: Vec<usize> = seven.ratings.iter().map(|&(i, _)| i).collect();
    assert_eq!(at, [0, 1, 2, 3, 5, 6, 7]);
    let now = seven.rating().unwrap();
    assert!(now.rating > 1600.0 && now.deviation < 350.0, "{now:?}");
    assert_eq!(you(seven), format!("you ≈ {:.0} ± {:.0}", now.rating, now.deviation));
    assert_eq!(you(record.of(Kind::Rounds5)), "you: not rated yet");
}

#[test]
fn the_suggested_level_is_the_even_one() {
    let (entries, _) = history();
    let record = Record::build(&entries, levels);
    let seven = record.of(Kind::Rounds7);
    let suggestion = suggest(seven, Kind::Rounds7, levels).unwrap();
    let even = |r: Rating| (glicko::expected_score(seven.rating().unwrap(), r) - 0.5).abs();
    let other = if suggestion.level == Level::Hard { MEDIUM } else { HARD };
    assert!(even(levels(suggestion.level, Kind::Rounds7).unwrap()) <= even(other));
    // A newcomer (1500) is suggested Medium, the nearer of the two.
    let new = Record::default();
    assert_eq!(
        suggest(new.of(Kind::Rounds7), Kind::Rounds7, levels).unwrap().level,
        Level::Medium
    );
    assert_eq!(suggest(new.of(Kind::Rounds5), Kind::Rounds5, levels), None);
}

#[test]
fn deleting_a_match_updates_the_record() {
    let (mut entries, _) = history();
    let before = Record::build(&entries, levels);
    // The newest match against Hard (a win) deleted.
    let index = entries
        .iter()
        .position(|e| {
            e.file.as_ref().is_ok_and(|f| {
                tally::played(f).is_some_and(|(_, p)| {
                    p.opponent == Opponent::Computer(Level::Hard) && p.verdict == Some(Verdict::Won)
                })
            })
        })
        .unwrap();
    entries.remove(index);
    let after = Record::build(&entries, levels);
    let hard = |r: &Record| {
        let line = r
            .of(Kind::Rounds7)
            .lines
            .iter()
            .find(|l| l.opponent == Opponent::Computer(Level::Hard))
            .cloned();
        line.map(|l| (l.won, l.longest_run))
    };
    assert_eq!(hard(&before), Some((5, 3)));
    assert_eq!(hard(&after), Some((4, 2)));
    assert_eq!(after.of(Kind::Rounds7).ratings.len(), 6);
}
