//! A match as a text file a person can read, and back.
//!
//! A few header tags in the manner of chess's PGN, then each round's turns
//! in CodeCup notation, one turn a line with its number:
//!
//! ```text
//! [Date "2025-11-24 21:40"]
//! [Player1 "Ann"]
//! [Player1Kind "person"]
//! [Player2 "Entropy"]
//! [Player2Kind "computer: hard"]
//! [Size "7"]
//! [FirstOrder "1"]
//! [Bag1 "seed 2026"]
//! [Bag2 "seed 2027"]
//! [Termination "normal"]
//! [Result "1-0"]
//! [Totals "112-87"]
//!
//! Round 1: player 1 is Order
//! 1. 3Dc DcDf
//! 2. 5Ab AbAb
//! ...
//! 49. 2Gg
//!
//! Round 2: player 2 is Order
//! 1. 6Aa AaAg
//! ...
//! ```
//!
//! Tournament play adds, where there are some: the time control (`[TimeControl
//! "900"]`, the seconds each player has for the match), where a flag fell
//! (`[Flag2 "round 1, turn 30, after the placement"]`: player 2's time ran
//! out after the placement of turn 30 of round 1, before Order's move), and
//! each move's clock, the mover's time left after it, in braces after the
//! move (`12. 3Dc {14:52} DcDf {13:07.5}`). A file without them reads as
//! before. A file whose clocks contradict it is refused: a reading above
//! the time control, a player's reading above the one after their move
//! before (their time for the match only runs down, across both rounds),
//! a flag fallen in a match without a time control.
//!
//! A simultaneous match ([`SimultaneousFile`]) is written the same way with
//! `[Format "simultaneous"]` first, one `[Bag ...]` and a section per board
//! (`Board 1: player 1 is Order`); [`AnyMatchFile`] reads either kind.
//!
//! `docs/rules.md` describes the format for people; [`MatchFile`] is the
//! API. Nothing here touches a file: text in, text out.

use std::fmt::{self, Write as _};

use board_basics::text::{Bounds, MAX_LINE, TooLong, excerpt, without_bom};

use crate::{
    Bag, BagSpec, Colour, FlagFall, Forfeit, Match, MatchRecord, NotationError, Outcome, Player, ReplayError,
    ReplayErrorKind, Role, SimultaneousMatch, SimultaneousRecord, SimultaneousReplayError, Size, TimeControl, TimeLeft,
    Turn, TurnClocks,
};

/// One match as a file holds it: who played and how it ended ([`MatchTags`]),
/// and the moves ([`MatchRecord`]).
///
/// [`MatchFile::to_text`] writes it, [`MatchFile::parse`] reads it back and
/// replays the moves, refusing a file whose moves are illegal.
///
/// ```
/// use entropy_rules::{Action, Match, MatchFile, MatchTags, Phase, Player, Size};
///
/// let mut game = Match::new(Size::Seven, Player::One, [7, 8]);
/// game.apply(Action::Draw).unwrap();
/// game.apply(Action::Place("Dd".parse().unwrap())).unwrap();
/// game.apply(Action::Pass).unwrap();
/// let mut tags = MatchTags::default();
/// tags.date = "2025-11-24 21:40".into();
/// tags.players[0].name = "Ann".into();
/// tags.players[0].kind = "person".into();
/// tags.players[1].name = "Entropy".into();
/// tags.players[1].kind = "computer: hard".into();
/// let file = MatchFile { tags, record: game.record() };
///
/// let text = file.to_text();
/// assert!(text.contains("[Termination \"abandoned\"]"));
/// assert!(text.contains("\n1. "));
/// let back = MatchFile::parse(&text).unwrap();
/// assert_eq!(back, file);
/// assert_eq!(back.replay().unwrap().round().phase(), Phase::ChaosDraw);
///
/// let bad = text.replace("[Size \"7\"]", "[Size \"6\"]");
/// let error = MatchFile::parse(&bad).unwrap_err();
/// assert_eq!(error.line, 6);
/// assert!(error.to_string().starts_with("line 6: "));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchFile {
    /// The tags the moves do not give.
    pub tags: MatchTags,
    /// The board size, who was Order first, the bags and the turns.
    pub record: MatchRecord,
}

/// What a match file says beside the moves: when and who. The board size,
/// the first Order, the bags and a forfeit are in the [`MatchRecord`]; the
/// result and the totals follow from the moves (and the forfeit).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchTags {
    /// When the match was played, as the caller writes it (free text).
    pub date: String,
    /// Player 1 and player 2, by [`Player::index`].
    pub players: [PlayerTags; 2],
    /// Any other tags, in the order read: kept, not interpreted. A name is
    /// ASCII letters, digits and `_`; a tag whose name is not, or is one the
    /// file gives a meaning to, or comes again, is not written.
    pub extra: Vec<(String, String)>,
}

/// One player as a match file names them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerTags {
    /// The player's name.
    pub name: String,
    /// A person or a computer level, as free text (`"person"`, `"computer: hard"`).
    pub kind: String,
}

/// How a match ended, as the result tags say it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// Both rounds were played out.
    Played(Outcome),
    /// A player forfeited: the other one wins.
    Forfeit(Forfeit),
    /// The match stopped before its end, with no forfeit.
    Abandoned,
}

impl Ending {
    /// The ending of `game`, forfeited or not.
    pub fn of(game: &Match) -> Ending {
        match (game.forfeited(), game.outcome()) {
            (Some(forfeit), _) => Ending::Forfeit(forfeit),
            (None, Some(outcome)) => Ending::Played(outcome),
            (None, None) => Ending::Abandoned,
        }
    }

    /// The winner, if there is one.
    pub fn winner(self) -> Option<Player> {
        match self {
            Ending::Played(Outcome::Win(player)) => Some(player),
            Ending::Forfeit(forfeit) => Some(forfeit.loser().other()),
            Ending::Played(Outcome::Draw) | Ending::Abandoned => None,
        }
    }

    /// The `Result` tag: `1-0`, `0-1`, `1/2-1/2`, or `*` when abandoned.
    pub fn result_tag(self) -> &'static str {
        match (self, self.winner()) {
            (_, Some(Player::One)) => "1-0",
            (_, Some(Player::Two)) => "0-1",
            (Ending::Played(_), None) => "1/2-1/2",
            _ => "*",
        }
    }

    /// The `Termination` tag: `normal`, `abandoned`, `time forfeit: player
    /// 1`, `resigned: player 2`.
    pub fn termination_tag(self) -> String {
        match self {
            Ending::Played(_) => "normal".into(),
            Ending::Abandoned => "abandoned".into(),
            Ending::Forfeit(Forfeit::TimeOut(player)) => format!("time forfeit: player {}", player.index() + 1),
            Ending::Forfeit(Forfeit::Resigned(player)) => format!("resigned: player {}", player.index() + 1),
        }
    }
}

impl fmt::Display for Ending {
    /// `player 1 wins`, `a draw`, `player 2 wins: player 1 ran out of time`, `abandoned`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let number = |player: Player| player.index() + 1;
        match *self {
            Ending::Played(Outcome::Win(player)) => write!(f, "player {} wins", number(player)),
            Ending::Played(Outcome::Draw) => f.write_str("a draw"),
            Ending::Forfeit(Forfeit::TimeOut(loser)) => {
                write!(
                    f,
                    "player {} wins: player {} ran out of time",
                    number(loser.other()),
                    number(loser)
                )
            }
            Ending::Forfeit(Forfeit::Resigned(loser)) => {
                write!(
                    f,
                    "player {} wins: player {} resigned",
                    number(loser.other()),
                    number(loser)
                )
            }
            Ending::Abandoned => f.write_str("abandoned"),
        }
    }
}

/// The tag names a match file gives a meaning to.
mod tag {
    pub const FORMAT: &str = "Format";
    pub const DATE: &str = "Date";
    pub const PLAYER: [&str; 2] = ["Player1", "Player2"];
    pub const KIND: [&str; 2] = ["Player1Kind", "Player2Kind"];
    pub const SIZE: &str = "Size";
    pub const FIRST_ORDER: &str = "FirstOrder";
    pub const BAG: [&str; 2] = ["Bag1", "Bag2"];
    /// The simultaneous match's one bag.
    pub const ONE_BAG: &str = "Bag";
    pub const TIME_CONTROL: &str = "TimeControl";
    pub const FLAG: [&str; 2] = ["Flag1", "Flag2"];
    pub const TERMINATION: &str = "Termination";
    pub const RESULT: &str = "Result";
    pub const TOTALS: &str = "Totals";
    /// Every name with a meaning in a match of two rounds, which an extra tag may not take.
    pub const KNOWN: [&str; 16] = [
        FORMAT,
        DATE,
        PLAYER[0],
        KIND[0],
        PLAYER[1],
        KIND[1],
        SIZE,
        FIRST_ORDER,
        BAG[0],
        BAG[1],
        TIME_CONTROL,
        FLAG[0],
        FLAG[1],
        TERMINATION,
        RESULT,
        TOTALS,
    ];
    /// Every name with a meaning in a simultaneous match.
    pub const KNOWN_SIMULTANEOUS: [&str; 14] = [
        FORMAT,
        DATE,
        PLAYER[0],
        KIND[0],
        PLAYER[1],
        KIND[1],
        SIZE,
        ONE_BAG,
        TIME_CONTROL,
        FLAG[0],
        FLAG[1],
        TERMINATION,
        RESULT,
        TOTALS,
    ];
}

/// Writes tags as `[Name "value"]` lines.
struct TagWriter<'a> {
    out: &'a mut String,
}

impl TagWriter<'_> {
    fn put(&mut self, name: &str, value: &str) {
        let _ = writeln!(self.out, "[{name} \"{}\"]", escape(value));
    }

    /// The date, the players' names and kinds.
    fn people(&mut self, tags: &MatchTags) {
        self.put(tag::DATE, &tags.date);
        for player in Player::BOTH {
            let i = player.index();
            self.put(tag::PLAYER[i], &tags.players[i].name);
            self.put(tag::KIND[i], &tags.players[i].kind);
        }
    }

    /// The time control and the flags, where there are some.
    fn tournament(&mut self, time_control: Option<TimeControl>, flags: &[FlagFall], with_round: bool) {
        if let Some(time_control) = time_control {
            self.put(tag::TIME_CONTROL, &time_control.to_string());
        }
        for player in Player::BOTH {
            if let Some(flag) = flags.iter().find(|f| f.player == player) {
                self.put(tag::FLAG[player.index()], &flag_text(flag, with_round));
            }
        }
    }

    /// The extra tags, but for those whose names are not names, have a
    /// meaning in the format (`known`), or come again.
    fn extra(&mut self, tags: &MatchTags, known: &[&str]) {
        let mut written: Vec<&str> = known.to_vec();
        for (name, value) in &tags.extra {
            if is_tag_name(name) && !written.contains(&name.as_str()) {
                self.put(name, value);
                written.push(name);
            }
        }
    }
}

/// Writes the turns of a round or a board, with the clocks if any.
fn write_turns(out: &mut String, turns: &[Turn], clocks: &[TurnClocks]) {
    for (i, turn) in turns.iter().enumerate() {
        let clocks = clocks.get(i).copied().unwrap_or_default();
        let _ = writeln!(out, "{}. {}", i + 1, turn_text(turn, clocks));
    }
}

impl MatchFile {
    /// Plays the moves again (see [`MatchRecord::replay`]).
    pub fn replay(&self) -> Result<Match, ReplayError> {
        self.record.replay()
    }

    /// How the match ended, from the moves and the forfeit; `None` if the
    /// moves do not replay.
    pub fn ending(&self) -> Option<Ending> {
        let game = self.replay().ok()?;
        Some(Ending::of(&game))
    }

    /// The file's text: the tags, a blank line, then each round begun with
    /// its turns. The `Termination`, `Result` and `Totals` tags follow from
    /// the moves; a record that does not replay is written without them
    /// (and [`MatchFile::parse`] refuses it).
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let (tags, record) = (&self.tags, &self.record);
        let mut w = TagWriter { out: &mut out };
        w.people(tags);
        w.put(tag::SIZE, &record.size.n().to_string());
        w.put(tag::FIRST_ORDER, &player_number(record.first_order));
        for (name, bag) in tag::BAG.iter().zip(&record.bags) {
            w.put(name, &bag_text(bag, record.size));
        }
        w.tournament(record.time_control, &record.flags, true);
        match self.replay() {
            Ok(game) => {
                let ending = Ending::of(&game);
                w.put(tag::TERMINATION, &ending.termination_tag());
                w.put(tag::RESULT, ending.result_tag());
                w.put(tag::TOTALS, &totals_text(game.totals()));
            }
            Err(_) => {
                if let Some(forfeit) = record.forfeit {
                    w.put(tag::TERMINATION, &Ending::Forfeit(forfeit).termination_tag());
                }
            }
        }
        w.extra(tags, &tag::KNOWN);
        for (index, turns) in record.rounds.iter().enumerate() {
            let order = if index == 0 {
                record.first_order
            } else {
                record.first_order.other()
            };
            let _ = writeln!(out, "\nRound {}: player {} is Order", index + 1, player_number(order));
            let clocks = record.clocks.get(index).map_or(&[][..], Vec::as_slice);
            write_turns(&mut out, turns, clocks);
        }
        out
    }

    /// How long a match file may be: lines of [`MAX_LINE`] bytes, 1 MiB in
    /// all. A whole match takes about a hundred short lines; the rest is
    /// room for comments.
    pub const BOUNDS: Bounds = Bounds {
        line: MAX_LINE,
        text: 1 << 20,
    };

    /// Reads a match file and replays its moves. Blank lines are skipped,
    /// and so is everything from a `;` to the end of a line outside the tags,
    /// and a byte-order mark at the start. Every error names the line at
    /// fault (1-based); a text beyond [`MatchFile::BOUNDS`] is refused at the
    /// line where it goes beyond them.
    ///
    /// Besides moves that do not replay, a file that contradicts itself is
    /// refused: tags the moves contradict ([`MatchFileErrorKind::Disagrees`]),
    /// a clock reading above the time control
    /// ([`MatchFileErrorKind::ClockAboveTimeControl`]) or above the same
    /// player's reading before ([`MatchFileErrorKind::ClockGoesUp`]), a flag
    /// with no time control ([`MatchFileErrorKind::FlagWithoutTimeControl`]).
    /// [`MatchFile::to_text`] writes such a record as it stands, for the
    /// rules take any reading their caller gives; this refuses it.
    pub fn parse(text: &str) -> Result<MatchFile, MatchFileError> {
        let (reader, end) = Reader::read(text)?;
        reader.finish(end)
    }
}

impl fmt::Display for MatchFile {
    /// The file's text, as [`MatchFile::to_text`] writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// A simultaneous match as a file holds it: who played and how it ended
/// ([`MatchTags`]), and the moves ([`SimultaneousRecord`]).
///
/// The text is a match file's with `[Format "simultaneous"]` first, one
/// `Bag` tag for the one queue of draws, and a section for each board,
/// `Board 1: player 1 is Order` (player 2 places there) and `Board 2:
/// player 2 is Order`. `Totals` are the two boards' scores, player 1's
/// first; a flag's tag says where it fell among its player's own moves
/// (`[Flag2 "turn 30, after the placement"]`: after player 2's placement
/// of turn 30 on board 1, before their Order move of turn 30 on board 2).
///
/// ```
/// use entropy_rules::{Action, MatchTags, Player, SimultaneousFile, SimultaneousMatch, Size, TimeLeft};
///
/// let mut game = SimultaneousMatch::new(Size::Five, 3);
/// game.draw().unwrap();
/// game.apply_timed(Player::One, Action::Place("Aa".parse().unwrap()), TimeLeft::from_millis(59_000)).unwrap();
/// let file = SimultaneousFile { tags: MatchTags::default(), record: game.record() };
/// let text = file.to_text();
/// assert!(text.starts_with("[Format \"simultaneous\"]\n"));
/// assert!(text.contains("\nBoard 2: player 2 is Order\n1. "));
/// assert!(text.contains("Aa {0:59}"));
/// assert_eq!(SimultaneousFile::parse(&text).unwrap(), file);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SimultaneousFile {
    /// The tags the moves do not give.
    pub tags: MatchTags,
    /// The board size, the bag, each board's turns.
    pub record: SimultaneousRecord,
}

impl SimultaneousFile {
    /// Plays the moves again (see [`SimultaneousRecord::replay`]).
    pub fn replay(&self) -> Result<SimultaneousMatch, SimultaneousReplayError> {
        self.record.replay()
    }

    /// How the match ended; `None` if the moves do not replay.
    pub fn ending(&self) -> Option<Ending> {
        Some(self.replay().ok()?.ending())
    }

    /// The file's text: the tags, then each board with its turns.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let (tags, record) = (&self.tags, &self.record);
        let mut w = TagWriter { out: &mut out };
        w.put(tag::FORMAT, "simultaneous");
        w.people(tags);
        w.put(tag::SIZE, &record.size.n().to_string());
        w.put(tag::ONE_BAG, &bag_text(&record.bag, record.size));
        w.tournament(record.time_control, &record.flags, false);
        match self.replay() {
            Ok(game) => {
                let ending = game.ending();
                w.put(tag::TERMINATION, &ending.termination_tag());
                w.put(tag::RESULT, ending.result_tag());
                w.put(tag::TOTALS, &totals_text(game.scores()));
            }
            Err(_) => {
                if let Some(forfeit) = record.forfeit {
                    w.put(tag::TERMINATION, &Ending::Forfeit(forfeit).termination_tag());
                }
            }
        }
        w.extra(tags, &tag::KNOWN_SIMULTANEOUS);
        for owner in Player::BOTH {
            let number = player_number(owner);
            let _ = writeln!(out, "\nBoard {number}: player {number} is Order");
            write_turns(&mut out, &record.boards[owner.index()], &record.clocks[owner.index()]);
        }
        out
    }

    /// Reads a simultaneous match file and replays its moves, as
    /// [`MatchFile::parse`] reads a match of two rounds (within the same
    /// bounds, with the same comments, errors naming the line).
    pub fn parse(text: &str) -> Result<SimultaneousFile, MatchFileError> {
        let (reader, end) = Reader::read(text)?;
        reader.finish_simultaneous(end)
    }
}

impl fmt::Display for SimultaneousFile {
    /// The file's text, as [`SimultaneousFile::to_text`] writes it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

/// A match file of either kind: two rounds, or simultaneous (told by the
/// `Format` tag).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyMatchFile {
    /// A match of two rounds.
    Rounds(MatchFile),
    /// A simultaneous match.
    Simultaneous(SimultaneousFile),
}

impl AnyMatchFile {
    /// Reads either kind of match file.
    pub fn parse(text: &str) -> Result<AnyMatchFile, MatchFileError> {
        let (reader, end) = Reader::read(text)?;
        match reader.format {
            Some(Format::Simultaneous) => reader.finish_simultaneous(end).map(AnyMatchFile::Simultaneous),
            _ => reader.finish(end).map(AnyMatchFile::Rounds),
        }
    }

    /// The file's text.
    pub fn to_text(&self) -> String {
        match self {
            AnyMatchFile::Rounds(file) => file.to_text(),
            AnyMatchFile::Simultaneous(file) => file.to_text(),
        }
    }

    /// The tags the moves do not give.
    pub fn tags(&self) -> &MatchTags {
        match self {
            AnyMatchFile::Rounds(file) => &file.tags,
            AnyMatchFile::Simultaneous(file) => &file.tags,
        }
    }
}

/// A match file that could not be read, with the line at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchFileError {
    /// 1-based line of the text (one past the last line for what is
    /// missing at the end).
    pub line: usize,
    /// What is wrong.
    pub kind: MatchFileErrorKind,
}

/// What is wrong with a match file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MatchFileErrorKind {
    /// A line that starts with `[` but is not `[Name "value"]`.
    BadTag(String),
    /// A tag given twice.
    DuplicateTag(String),
    /// A tag the moves cannot do without (`Size`, `FirstOrder`, `Bag1`,
    /// `Bag2`; for a simultaneous match `Format`, `Size`, `Bag`).
    MissingTag(&'static str),
    /// A tag whose value means nothing.
    BadValue {
        /// The tag's name.
        tag: String,
        /// What is wrong with its value.
        reason: String,
    },
    /// A tag after the moves began.
    TagAfterMoves,
    /// A line that is neither a tag, a round's heading, a turn nor a comment.
    UnexpectedLine(String),
    /// A round heading out of order (`Round 1`, then `Round 2`).
    RoundNumber {
        /// The round expected here.
        expected: usize,
        /// The round the line names.
        found: usize,
    },
    /// A heading of a round beyond the second.
    TooManyRounds(usize),
    /// A turn before the first round's heading.
    TurnOutsideRound,
    /// A turn numbered out of order (each round counts from 1).
    TurnNumber {
        /// The number expected here.
        expected: usize,
        /// The number on the line.
        found: usize,
    },
    /// A round or turn number too large to read, let alone to be right.
    NumberTooLarge {
        /// `"round"` or `"turn"`.
        what: &'static str,
        /// The number expected here.
        expected: usize,
        /// The digits on the line.
        digits: String,
    },
    /// A line, or the whole text, too long for a match file.
    TooLong(TooLong),
    /// A turn that is not CodeCup notation.
    Notation(NotationError),
    /// The moves do not replay: an illegal move, a draw the bag does not
    /// give, a missing reply, round 2 begun before round 1 is over.
    Replay(ReplayError),
    /// A clock reading in braces after a move that is not one (`{14:52}`),
    /// misplaced, or given twice for one move.
    BadClock(String),
    /// A board heading out of order in a simultaneous match (`Board 1`, then `Board 2`).
    BoardNumber {
        /// The board expected here.
        expected: usize,
        /// The board the line names.
        found: usize,
    },
    /// A heading of a board beyond the second.
    TooManyBoards(usize),
    /// The moves of a simultaneous match do not replay.
    SimultaneousReplay(SimultaneousReplayError),
    /// A `Termination`, `Result` or `Totals` tag that the moves contradict.
    Disagrees {
        /// The tag's name.
        tag: &'static str,
        /// What the tag says.
        stated: String,
        /// What the moves give.
        actual: String,
    },
    /// A move's clock reading above the time control: nobody has more time
    /// left than the match gives them.
    ClockAboveTimeControl {
        /// Whose clock: the mover's.
        player: Player,
        /// The role of the move (Chaos's placement, Order's slide or pass).
        role: Role,
        /// What the reading says is left.
        left: TimeLeft,
        /// The match's time control.
        time_control: TimeControl,
    },
    /// A move's clock reading above the reading after the same player's
    /// move before it (the last one with a reading, in this round or the
    /// one before): a player's time for the match only runs down.
    ClockGoesUp {
        /// Whose clock: the mover's.
        player: Player,
        /// The role of the move.
        role: Role,
        /// What the reading says is left.
        left: TimeLeft,
        /// What the reading before said.
        before: TimeLeft,
        /// The line of the reading before.
        before_line: usize,
    },
    /// A flag's tag (`Flag1`, `Flag2`) in a file without a time control:
    /// there was no time to run out of.
    FlagWithoutTimeControl(Player),
}

impl MatchFileError {
    fn new(line: usize, kind: MatchFileErrorKind) -> MatchFileError {
        MatchFileError { line, kind }
    }
}

impl fmt::Display for MatchFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MatchFileErrorKind as K;
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            K::BadTag(reason) => write!(f, "not a tag: {reason} (a tag is [Name \"value\"])"),
            K::DuplicateTag(name) => write!(f, "the tag {name} is given twice"),
            K::MissingTag(name) => write!(f, "the tag {name} is missing (it comes before the moves)"),
            K::BadValue { tag, reason } => write!(f, "the tag {tag}: {reason}"),
            K::TagAfterMoves => f.write_str("a tag after the moves began (tags come first)"),
            K::UnexpectedLine(text) => write!(
                f,
                "'{}' is neither a tag, a round heading (Round 1), a turn (1. 3Dc DcDf) nor a comment (; ...)",
                excerpt(text)
            ),
            K::RoundNumber { expected, found } => write!(f, "round {found} where round {expected} was expected"),
            K::TooManyRounds(found) => write!(f, "round {found}: a match has two rounds"),
            K::TurnOutsideRound => f.write_str("a turn before the first round's heading (Round 1)"),
            K::TurnNumber { expected, found } => write!(f, "turn {found} where turn {expected} was expected"),
            K::NumberTooLarge { what, expected, digits } => write!(
                f,
                "{what} {} where {what} {expected} was expected (the number is far too large)",
                excerpt(digits)
            ),
            K::TooLong(what) => write!(f, "{what}"),
            K::Notation(e) => write!(f, "not a turn: {e}"),
            K::Replay(e) => write!(f, "{e}"),
            K::SimultaneousReplay(e) => write!(f, "{e}"),
            K::BadClock(reason) => write!(f, "{reason} (a move's clock follows it in braces: 3Dc {{14:52}})"),
            K::BoardNumber { expected, found } => write!(f, "board {found} where board {expected} was expected"),
            K::TooManyBoards(found) => write!(f, "board {found}: a simultaneous match has two boards"),
            K::Disagrees { tag, stated, actual } => {
                write!(
                    f,
                    "the tag {tag} says \"{}\" but the moves give \"{actual}\"",
                    excerpt(stated)
                )
            }
            K::ClockAboveTimeControl {
                player,
                role,
                left,
                time_control,
            } => write!(
                f,
                "player {}'s clock shows {left} left after their {}, above the time control of {} a player for \
                 the match",
                player.index() + 1,
                move_word(*role),
                TimeLeft::from_duration(time_control.per_player())
            ),
            K::ClockGoesUp {
                player,
                role,
                left,
                before,
                before_line,
            } => write!(
                f,
                "player {}'s clock shows {left} left after their {}, up from {before} after their move on line \
                 {before_line} (a player's time for the match only runs down)",
                player.index() + 1,
                move_word(*role)
            ),
            K::FlagWithoutTimeControl(player) => write!(
                f,
                "the tag {} says player {}'s time ran out, but the match has no time control (no TimeControl tag)",
                tag::FLAG[player.index()],
                player.index() + 1
            ),
        }
    }
}

impl std::error::Error for MatchFileError {}

/// The move a role makes: `placement`, `Order move`.
fn move_word(role: Role) -> &'static str {
    match role {
        Role::Chaos => "placement",
        Role::Order => "Order move",
    }
}

/// `"1"` or `"2"`.
fn player_number(player: Player) -> String {
    (player.index() + 1).to_string()
}

/// `"112-87"`: player 1's total, then player 2's.
fn totals_text([one, two]: [u32; 2]) -> String {
    format!("{one}-{two}")
}

/// `seed 12`, or `draws` and the colours in groups of N.
fn bag_text(bag: &BagSpec, size: Size) -> String {
    match bag {
        BagSpec::Seed(seed) => format!("seed {seed}"),
        BagSpec::Draws(draws) => {
            let mut text = String::from("draws");
            for (i, colour) in draws.iter().enumerate() {
                if i % size.n() == 0 {
                    text.push(' ');
                }
                let _ = write!(text, "{colour}");
            }
            text
        }
    }
}

/// A tag value with `\` and `"` escaped, and control characters as `\u{..}`.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for ch in value.chars() {
        match ch {
            '\\' | '"' => {
                out.push('\\');
                out.push(ch);
            }
            ch if ch.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", ch as u32);
            }
            ch => out.push(ch),
        }
    }
    out
}

/// Whether `name` can name a tag: ASCII letters, digits and `_`.
fn is_tag_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '_')
}

/// Reads `[Name "value"]`.
fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .ok_or("a tag ends with ]")?;
    let inner = inner.trim_start();
    let name_end = inner
        .find(|ch: char| ch.is_whitespace() || ch == '"')
        .unwrap_or(inner.len());
    let (name, rest) = inner.split_at(name_end);
    if !is_tag_name(name) {
        return Err("a tag's name is letters and digits".into());
    }
    let quoted = rest.trim();
    let body = quoted
        .strip_prefix('"')
        .and_then(|rest| rest.strip_suffix('"'))
        .filter(|_| quoted.len() >= 2)
        .ok_or("a tag's value is in double quotes")?;
    let mut value = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(ch) = chars.next() {
        match ch {
            '"' => return Err("a double quote inside a value is written \\\"".into()),
            '\\' => match chars.next() {
                Some(ch @ ('\\' | '"')) => value.push(ch),
                Some('u') => {
                    let rest = chars.as_str();
                    let code = rest
                        .strip_prefix('{')
                        .and_then(|r| r.split_once('}'))
                        .and_then(|(hex, _)| u32::from_str_radix(hex, 16).ok().map(|n| (hex.len(), n)))
                        .and_then(|(len, n)| char::from_u32(n).map(|ch| (len, ch)));
                    let Some((len, ch)) = code else {
                        return Err("\\u is followed by a character's hex code in braces, like \\u{a}".into());
                    };
                    value.push(ch);
                    chars = rest[len + 2..].chars();
                }
                _ => return Err("in a value, \\ comes before \\, \" or u{..}".into()),
            },
            ch => value.push(ch),
        }
    }
    Ok((name.to_string(), value))
}

fn parse_size(value: &str) -> Result<Size, String> {
    value
        .trim()
        .parse::<usize>()
        .ok()
        .and_then(Size::from_n)
        .ok_or_else(|| format!("\"{}\" is not a board size: 5 or 7", excerpt(value)))
}

fn parse_player(value: &str) -> Result<Player, String> {
    match value.trim() {
        "1" => Ok(Player::One),
        "2" => Ok(Player::Two),
        _ => Err(format!("\"{}\" is not a player: 1 or 2", excerpt(value))),
    }
}

/// Reads `seed 12` or `draws 1234567 ...` (spaces between colours are free)
/// and checks that it makes a full bag of `size`.
fn parse_bag(value: &str, size: Size) -> Result<BagSpec, String> {
    let value = value.trim();
    let spec = if let Some(seed) = value.strip_prefix("seed ") {
        let seed = seed
            .trim()
            .parse()
            .map_err(|_| format!("\"{}\" is not a seed (a whole number below 2^64)", excerpt(seed)))?;
        BagSpec::Seed(seed)
    } else if let Some(draws) = value.strip_prefix("draws ") {
        let draws = draws
            .chars()
            .filter(|ch| !ch.is_whitespace())
            .map(|ch| {
                ch.to_digit(10)
                    .and_then(|d| Colour::from_number(d as u8))
                    .ok_or_else(|| format!("'{}' is not a colour 1-7", ch.escape_debug()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        BagSpec::Draws(draws)
    } else {
        return Err(format!(
            "\"{}\" is not a bag: \"seed\" and a number, or \"draws\" and the colours in order",
            excerpt(value)
        ));
    };
    Bag::from_spec(size, &spec)?;
    Ok(spec)
}

/// Reads `time forfeit: player 1`, `resigned: player 2`, `normal` or
/// `abandoned`: the forfeit, if any.
fn parse_termination(value: &str) -> Result<Option<Forfeit>, String> {
    let value = value.trim();
    let player = |rest: &str| {
        rest.trim()
            .strip_prefix("player")
            .ok_or_else(|| {
                format!(
                    "\"{}\": name the player as \"player 1\" or \"player 2\"",
                    excerpt(value)
                )
            })
            .and_then(parse_player)
    };
    if let Some(rest) = value.strip_prefix("time forfeit:") {
        Ok(Some(Forfeit::TimeOut(player(rest)?)))
    } else if let Some(rest) = value.strip_prefix("resigned:") {
        Ok(Some(Forfeit::Resigned(player(rest)?)))
    } else if matches!(value, "normal" | "abandoned") {
        Ok(None)
    } else {
        Err(format!(
            "\"{}\" is not an ending: normal, abandoned, \"time forfeit: player N\" or \"resigned: player N\"",
            excerpt(value)
        ))
    }
}

/// Reads where a flag fell: `round 1, turn 12, before the placement` (or
/// `after the placement`); without the round (`turn 12, ...`) when
/// `with_round` is false, for a simultaneous match.
fn parse_flag(value: &str, player: Player, with_round: bool) -> Result<FlagFall, String> {
    let bad = || {
        let example = if with_round {
            "\"round 1, turn 12, before the placement\" (or after the placement)"
        } else {
            "\"turn 12, before the placement\" (or after the placement)"
        };
        format!("\"{}\" is not where a flag fell: {example}", excerpt(value))
    };
    let parts: Vec<&str> = value.split(',').map(str::trim).collect();
    let (round, rest) = match (with_round, parts.as_slice()) {
        (true, [round, rest @ ..]) => (Some(*round), rest),
        (false, rest) => (None, rest),
        _ => return Err(bad()),
    };
    let [turn, when] = rest else {
        return Err(bad());
    };
    let number = |text: &str, word: &str| {
        text.strip_prefix(word)
            .map(str::trim)
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| (1..=MAX_FLAG_NUMBER).contains(&n))
    };
    let round = match round {
        Some(round) => number(round, "round").filter(|&r| r <= 2).ok_or_else(bad)? - 1,
        None => 0,
    };
    let turn = number(turn, "turn").ok_or_else(bad)?;
    let after = match *when {
        "before the placement" => false,
        "after the placement" => true,
        _ => return Err(bad()),
    };
    Ok(FlagFall {
        round,
        moves: FlagFall::moves_at(turn, after),
        player,
    })
}

/// The largest turn a flag's tag may name (a board has at most 49 turns).
const MAX_FLAG_NUMBER: usize = 1000;

/// A flag's tag value: `round 1, turn 12, before the placement`, or
/// without the round for a simultaneous match.
fn flag_text(flag: &FlagFall, with_round: bool) -> String {
    if with_round {
        format!("round {}, {}", flag.round + 1, flag.point())
    } else {
        flag.point()
    }
}

/// A turn with its clock readings: `3Dc {14:52} DcDf {14:47}`.
fn turn_text(turn: &Turn, clocks: TurnClocks) -> String {
    let mut out = turn.placement.to_string();
    if let Some(left) = clocks.placement {
        let _ = write!(out, " {{{left}}}");
    }
    if let Some(reply) = turn.reply {
        let _ = write!(out, " {}", reply.notation(turn.placement.cell));
        if let Some(left) = clocks.reply {
            let _ = write!(out, " {{{left}}}");
        }
    }
    out
}

/// Reads a turn after its number: the moves in CodeCup notation, each
/// maybe followed by its clock reading in braces (`3Dc {14:52} DcDf {14:47}`).
fn parse_turn(text: &str) -> Result<(Turn, TurnClocks), MatchFileErrorKind> {
    let mut words: Vec<&str> = Vec::new();
    // Each reading, with the number of moves before it.
    let mut readings: Vec<(usize, &str)> = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        if let Some(inner) = rest.strip_prefix('{') {
            let Some((reading, after)) = inner.split_once('}') else {
                return Err(MatchFileErrorKind::BadClock(format!(
                    "'{}' has no closing brace",
                    excerpt(rest)
                )));
            };
            readings.push((words.len(), reading));
            rest = after.trim_start();
        } else if rest.starts_with('}') {
            return Err(MatchFileErrorKind::BadClock(
                "a closing brace with no opening one".into(),
            ));
        } else {
            let end = rest
                .find(|ch: char| ch.is_whitespace() || ch == '{' || ch == '}')
                .unwrap_or(rest.len());
            words.push(&rest[..end]);
            rest = rest[end..].trim_start();
        }
    }
    let turn: Turn = words.join(" ").parse().map_err(MatchFileErrorKind::Notation)?;
    let mut clocks = TurnClocks::default();
    for (moves, reading) in readings {
        let slot = match moves {
            0 => {
                return Err(MatchFileErrorKind::BadClock(format!(
                    "'{{{}}}' comes before any move",
                    excerpt(reading)
                )));
            }
            1 => &mut clocks.placement,
            _ => &mut clocks.reply,
        };
        if slot.is_some() {
            return Err(MatchFileErrorKind::BadClock(format!(
                "'{{{}}}' is a second clock for one move",
                excerpt(reading)
            )));
        }
        *slot = Some(
            reading
                .trim()
                .parse::<TimeLeft>()
                .map_err(MatchFileErrorKind::BadClock)?,
        );
    }
    Ok((turn, clocks))
}

/// The round or turn number `digits` (`what` names which, `expected` is the
/// number due here): `None` if it is not digits, an error if it is too large
/// to read.
fn read_number(digits: &str, what: &'static str, expected: usize) -> Result<Option<usize>, MatchFileErrorKind> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(None);
    }
    digits
        .parse()
        .map(Some)
        .map_err(|_| MatchFileErrorKind::NumberTooLarge {
            what,
            expected,
            digits: digits.to_string(),
        })
}

/// A tag as read, with its line.
struct TagLine {
    line: usize,
    name: String,
    value: String,
}

/// `parsed`, or its reason as an error of the tag `t`.
fn value_of<T>(t: &TagLine, parsed: Result<T, String>) -> Result<T, MatchFileError> {
    parsed.map_err(|reason| {
        MatchFileError::new(
            t.line,
            MatchFileErrorKind::BadValue {
                tag: t.name.clone(),
                reason,
            },
        )
    })
}

/// The two kinds of match a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    /// Two rounds, the roles swapped (no `Format` tag).
    Rounds,
    /// The simultaneous match (`[Format "simultaneous"]`).
    Simultaneous,
}

impl Format {
    /// The word of a section's heading: `Round 1`, `Board 1`.
    fn heading(self) -> &'static str {
        match self {
            Format::Rounds => "Round",
            Format::Simultaneous => "Board",
        }
    }

    /// The tags with a meaning in this format.
    fn known(self) -> &'static [&'static str] {
        match self {
            Format::Rounds => &tag::KNOWN,
            Format::Simultaneous => &tag::KNOWN_SIMULTANEOUS,
        }
    }
}

/// A turn as read: its line, the moves and the clocks.
type TurnLine = (usize, Turn, TurnClocks);

/// The state of a parse, line by line.
#[derive(Default)]
struct Reader {
    tags: Vec<TagLine>,
    /// The format, known from the tags once the body begins.
    format: Option<Format>,
    /// The first line after the tags (a heading, a turn, or something unexpected).
    body_start: Option<usize>,
    /// Each round's (or board's) heading line, and its turns.
    sections: Vec<(usize, Vec<TurnLine>)>,
}

impl Reader {
    /// Reads `text` line by line.
    fn read(text: &str) -> Result<(Reader, usize), MatchFileError> {
        let text = without_bom(text);
        MatchFile::BOUNDS
            .check(text)
            .map_err(|(line, what)| MatchFileError::new(line, MatchFileErrorKind::TooLong(what)))?;
        let mut reader = Reader::default();
        let mut last_line = 0;
        for (i, line) in text.lines().enumerate() {
            last_line = i + 1;
            reader.line(i + 1, line)?;
        }
        if reader.format.is_none() {
            reader.format = Some(reader.format_tag()?);
        }
        Ok((reader, last_line + 1))
    }

    /// The format the `Format` tag names (none: two rounds).
    fn format_tag(&self) -> Result<Format, MatchFileError> {
        let Some(t) = self.tag(tag::FORMAT) else {
            return Ok(Format::Rounds);
        };
        match t.value.trim() {
            "simultaneous" => Ok(Format::Simultaneous),
            other => value_of(
                t,
                Err(format!(
                    "\"{}\" is not a format: \"simultaneous\", or no Format tag for a match of two rounds",
                    excerpt(other)
                )),
            ),
        }
    }

    fn line(&mut self, line_no: usize, raw: &str) -> Result<(), MatchFileError> {
        let error = |kind| Err(MatchFileError::new(line_no, kind));
        let trimmed = raw.trim();
        if trimmed.starts_with('[') {
            if self.body_start.is_some() {
                return error(MatchFileErrorKind::TagAfterMoves);
            }
            let (name, value) =
                parse_tag(trimmed).map_err(|r| MatchFileError::new(line_no, MatchFileErrorKind::BadTag(r)))?;
            if self.tags.iter().any(|t| t.name == name) {
                return error(MatchFileErrorKind::DuplicateTag(name));
            }
            self.tags.push(TagLine {
                line: line_no,
                name,
                value,
            });
            return Ok(());
        }
        let text = trimmed.split(';').next().unwrap_or("").trim();
        if text.is_empty() {
            return Ok(());
        }
        self.body_start.get_or_insert(line_no);
        let format = match self.format {
            Some(format) => format,
            None => *self.format.insert(self.format_tag()?),
        };
        if let Some(rest) = text.strip_prefix(format.heading()) {
            let number = rest.split(':').next().unwrap_or("").trim();
            let expected = self.sections.len() + 1;
            let what = match format {
                Format::Rounds => "round",
                Format::Simultaneous => "board",
            };
            let Some(found) = read_number(number, what, expected).map_err(|kind| MatchFileError::new(line_no, kind))?
            else {
                return error(MatchFileErrorKind::UnexpectedLine(text.to_string()));
            };
            if found > 2 {
                return error(match format {
                    Format::Rounds => MatchFileErrorKind::TooManyRounds(found),
                    Format::Simultaneous => MatchFileErrorKind::TooManyBoards(found),
                });
            }
            if found != expected {
                return error(match format {
                    Format::Rounds => MatchFileErrorKind::RoundNumber { expected, found },
                    Format::Simultaneous => MatchFileErrorKind::BoardNumber { expected, found },
                });
            }
            self.sections.push((line_no, Vec::new()));
            return Ok(());
        }
        let Some((number, turn)) = text
            .split_once('.')
            .filter(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        else {
            return error(MatchFileErrorKind::UnexpectedLine(text.to_string()));
        };
        let Some((_, turns)) = self.sections.last_mut() else {
            return error(MatchFileErrorKind::TurnOutsideRound);
        };
        let expected = turns.len() + 1;
        let Some(found) = read_number(number, "turn", expected).map_err(|kind| MatchFileError::new(line_no, kind))?
        else {
            return error(MatchFileErrorKind::UnexpectedLine(text.to_string()));
        };
        if found != expected {
            return error(MatchFileErrorKind::TurnNumber { expected, found });
        }
        let (turn, clocks) = parse_turn(turn).map_err(|kind| MatchFileError::new(line_no, kind))?;
        turns.push((line_no, turn, clocks));
        Ok(())
    }

    /// The tag `name` with its line, if given.
    fn tag(&self, name: &str) -> Option<&TagLine> {
        self.tags.iter().find(|t| t.name == name)
    }

    /// The tag `name`, or the error that it is missing (named at the first
    /// line after the tags, or `end`).
    fn required(&self, name: &'static str, end: usize) -> Result<&TagLine, MatchFileError> {
        self.tag(name).ok_or(MatchFileError::new(
            self.body_start.unwrap_or(end),
            MatchFileErrorKind::MissingTag(name),
        ))
    }

    /// The free tags: date, names, kinds, and the ones the format gives no meaning.
    fn match_tags(&self, format: Format) -> MatchTags {
        let text_of = |name: &str| self.tag(name).map(|t| t.value.clone()).unwrap_or_default();
        MatchTags {
            date: text_of(tag::DATE),
            players: [0, 1].map(|i| PlayerTags {
                name: text_of(tag::PLAYER[i]),
                kind: text_of(tag::KIND[i]),
            }),
            extra: self
                .tags
                .iter()
                .filter(|t| !format.known().contains(&t.name.as_str()))
                .map(|t| (t.name.clone(), t.value.clone()))
                .collect(),
        }
    }

    /// The size, the time control, the flags (read `with_round` or not)
    /// and the forfeit, from their tags.
    fn common(&self, with_round: bool, end: usize) -> Result<Common, MatchFileError> {
        let size_tag = self.required(tag::SIZE, end)?;
        let size = value_of(size_tag, parse_size(&size_tag.value))?;
        let time_control = match self.tag(tag::TIME_CONTROL) {
            Some(t) => Some(value_of(t, t.value.parse::<TimeControl>())?),
            None => None,
        };
        let mut flags = Vec::new();
        for player in Player::BOTH {
            if let Some(t) = self.tag(tag::FLAG[player.index()]) {
                flags.push(value_of(t, parse_flag(&t.value, player, with_round))?);
            }
        }
        // Without a time control there is no time to run out of: the first
        // flag's tag in the file is at fault.
        if time_control.is_none()
            && let Some(t) = self.tags.iter().find(|t| tag::FLAG.contains(&t.name.as_str()))
        {
            let player = if t.name == tag::FLAG[0] {
                Player::One
            } else {
                Player::Two
            };
            return Err(MatchFileError::new(
                t.line,
                MatchFileErrorKind::FlagWithoutTimeControl(player),
            ));
        }
        flags.sort();
        let forfeit = match self.tag(tag::TERMINATION) {
            Some(t) => value_of(t, parse_termination(&t.value))?,
            None => None,
        };
        Ok(Common {
            size,
            time_control,
            flags,
            forfeit,
        })
    }

    /// The clocks of the sections: empty when no turn has a reading.
    fn clocks(&self) -> Vec<Vec<TurnClocks>> {
        let clocks: Vec<Vec<TurnClocks>> = self
            .sections
            .iter()
            .map(|(_, turns)| turns.iter().map(|&(_, _, c)| c).collect())
            .collect();
        if clocks.iter().flatten().all(TurnClocks::is_empty) {
            Vec::new()
        } else {
            clocks
        }
    }

    /// The turns of each section.
    fn turns(&self) -> Vec<Vec<Turn>> {
        self.sections
            .iter()
            .map(|(_, turns)| turns.iter().map(|&(_, turn, _)| turn).collect())
            .collect()
    }

    /// Checks the `Termination`, `Result` and `Totals` tags against what
    /// the moves give.
    fn check_ending(&self, forfeit: Option<Forfeit>, ending: Ending, totals: [u32; 2]) -> Result<(), MatchFileError> {
        // A forfeit is what the Termination tag says; "normal" and "abandoned" follow from the moves.
        let checks = [
            (tag::TERMINATION, forfeit.is_none(), ending.termination_tag()),
            (tag::RESULT, true, ending.result_tag().to_string()),
            (tag::TOTALS, true, totals_text(totals)),
        ];
        for (name, check, actual) in checks {
            if let Some(t) = self.tag(name)
                && check
                && t.value.trim() != actual
            {
                return Err(MatchFileError::new(
                    t.line,
                    MatchFileErrorKind::Disagrees {
                        tag: name,
                        stated: t.value.clone(),
                        actual,
                    },
                ));
            }
        }
        Ok(())
    }

    /// Builds the match of two rounds once every line is read; `end` is one
    /// past the last line.
    fn finish(self, end: usize) -> Result<MatchFile, MatchFileError> {
        if self.format == Some(Format::Simultaneous) {
            let t = self.required(tag::FORMAT, end)?;
            return value_of(t, Err("this is a simultaneous match, not a match of two rounds".into()));
        }
        let common = self.common(true, end)?;
        let size = common.size;
        let first_tag = self.required(tag::FIRST_ORDER, end)?;
        let first_order = value_of(first_tag, parse_player(&first_tag.value))?;
        let mut bags = Vec::with_capacity(2);
        for name in tag::BAG {
            let t = self.required(name, end)?;
            bags.push(value_of(t, parse_bag(&t.value, size))?);
        }
        let record = MatchRecord {
            size,
            first_order,
            bags: [bags[0].clone(), bags[1].clone()],
            rounds: self.turns(),
            forfeit: common.forfeit,
            time_control: common.time_control,
            clocks: self.clocks(),
            flags: common.flags,
        };
        let game = record
            .replay()
            .map_err(|e| MatchFileError::new(self.replay_error_line(&e, end), MatchFileErrorKind::Replay(e)))?;
        check_clocks(self.round_readings(first_order), common.time_control)?;
        self.check_ending(common.forfeit, Ending::of(&game), game.totals())?;
        Ok(MatchFile {
            tags: self.match_tags(Format::Rounds),
            record,
        })
    }

    /// Builds the simultaneous match once every line is read; `end` is one
    /// past the last line.
    fn finish_simultaneous(self, end: usize) -> Result<SimultaneousFile, MatchFileError> {
        if self.format != Some(Format::Simultaneous) {
            return Err(MatchFileError::new(
                self.body_start.unwrap_or(end),
                MatchFileErrorKind::MissingTag(tag::FORMAT),
            ));
        }
        let common = self.common(false, end)?;
        let bag_tag = self.required(tag::ONE_BAG, end)?;
        let bag = value_of(bag_tag, parse_bag(&bag_tag.value, common.size))?;
        let mut turns = self.turns().into_iter();
        let boards = [turns.next().unwrap_or_default(), turns.next().unwrap_or_default()];
        let mut clocks = self.clocks().into_iter();
        let clocks = [clocks.next().unwrap_or_default(), clocks.next().unwrap_or_default()];
        let record = SimultaneousRecord {
            size: common.size,
            bag,
            boards,
            forfeit: common.forfeit,
            time_control: common.time_control,
            clocks,
            flags: common.flags,
        };
        let game = record.replay().map_err(|e| {
            MatchFileError::new(
                self.simultaneous_error_line(&e, end),
                MatchFileErrorKind::SimultaneousReplay(e),
            )
        })?;
        check_clocks(self.board_readings(), common.time_control)?;
        self.check_ending(common.forfeit, game.ending(), game.scores())?;
        Ok(SimultaneousFile {
            tags: self.match_tags(Format::Simultaneous),
            record,
        })
    }

    /// The clock readings of a match of two rounds in the order of the
    /// moves, each with its line, whose clock it is and the role it moved in.
    fn round_readings(&self, first_order: Player) -> Vec<Reading> {
        let mut readings = Vec::new();
        for (index, (_, turns)) in self.sections.iter().enumerate() {
            let order = if index == 0 { first_order } else { first_order.other() };
            for &(line, _, clocks) in turns {
                readings.extend(clocks.placement.map(|left| (line, order.other(), Role::Chaos, left)));
                readings.extend(clocks.reply.map(|left| (line, order, Role::Order, left)));
            }
        }
        readings
    }

    /// The clock readings of a simultaneous match, each player's in the
    /// order of their moves: turn by turn, their placement on the other's
    /// board, then their Order move on their own.
    fn board_readings(&self) -> Vec<Reading> {
        let board = |owner: Player| {
            self.sections
                .get(owner.index())
                .map_or(&[][..], |(_, turns)| turns.as_slice())
        };
        let steps = Player::BOTH
            .map(|owner| board(owner).len())
            .into_iter()
            .max()
            .unwrap_or(0);
        let mut readings = Vec::new();
        for t in 0..steps {
            for owner in Player::BOTH {
                if let Some(&(line, _, clocks)) = board(owner).get(t) {
                    readings.extend(clocks.placement.map(|left| (line, owner.other(), Role::Chaos, left)));
                }
            }
            for owner in Player::BOTH {
                if let Some(&(line, _, clocks)) = board(owner).get(t) {
                    readings.extend(clocks.reply.map(|left| (line, owner, Role::Order, left)));
                }
            }
        }
        readings
    }

    /// The line a replay error points at: a flag's tag, the turn's, or the
    /// round's heading.
    fn replay_error_line(&self, error: &ReplayError, end: usize) -> usize {
        if let ReplayErrorKind::FlagOutOfPlace(flag) = &error.kind
            && let Some(t) = self.tag(tag::FLAG[flag.player.index()])
        {
            return t.line;
        }
        let Some((heading, turns)) = self.sections.get(error.round.saturating_sub(1)) else {
            return end;
        };
        match (error.turn, &error.kind) {
            (0, _) | (_, ReplayErrorKind::FirstRoundUnfinished) => *heading,
            (turn, _) => turns.get(turn - 1).map_or(*heading, |&(line, _, _)| line),
        }
    }

    /// The line a simultaneous replay error points at: a flag's tag, the
    /// turn's on its board (either board's for a draw), or the board's heading.
    fn simultaneous_error_line(&self, error: &SimultaneousReplayError, end: usize) -> usize {
        if let ReplayErrorKind::FlagOutOfPlace(flag) = &error.kind
            && let Some(t) = self.tag(tag::FLAG[flag.player.index()])
        {
            return t.line;
        }
        let turn_line = |board: usize| {
            let (heading, turns) = self.sections.get(board)?;
            Some(match error.turn {
                0 => *heading,
                turn => turns.get(turn - 1).map_or(*heading, |&(line, _, _)| line),
            })
        };
        match error.board {
            0 if error.turn > 0 => turn_line(0).or_else(|| turn_line(1)).unwrap_or(end),
            0 => end,
            board => turn_line(board - 1).unwrap_or(end),
        }
    }
}

/// A clock reading as read: its line, whose clock, the role of the move
/// it follows, what it shows.
type Reading = (usize, Player, Role, TimeLeft);

/// Checks that no reading is above the time control, and that no player's
/// reading is above their reading before: `readings` are each player's in
/// the order of their moves (the two players' may interleave).
fn check_clocks(readings: Vec<Reading>, time_control: Option<TimeControl>) -> Result<(), MatchFileError> {
    let mut last: [Option<(usize, TimeLeft)>; 2] = [None, None];
    for (line, player, role, left) in readings {
        if let Some(time_control) = time_control
            && left.duration() > time_control.per_player()
        {
            return Err(MatchFileError::new(
                line,
                MatchFileErrorKind::ClockAboveTimeControl {
                    player,
                    role,
                    left,
                    time_control,
                },
            ));
        }
        if let Some((before_line, before)) = last[player.index()]
            && left > before
        {
            return Err(MatchFileError::new(
                line,
                MatchFileErrorKind::ClockGoesUp {
                    player,
                    role,
                    left,
                    before,
                    before_line,
                },
            ));
        }
        last[player.index()] = Some((line, left));
    }
    Ok(())
}

/// What both formats read alike.
struct Common {
    size: Size,
    time_control: Option<TimeControl>,
    flags: Vec<FlagFall>,
    forfeit: Option<Forfeit>,
}
