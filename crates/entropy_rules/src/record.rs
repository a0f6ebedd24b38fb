use std::fmt;

use crate::{
    Action, Bag, Colour, FlagFall, Forfeit, Match, MoveError, Phase, Player, Round, Size, TimeControl, TimeLeft, Turn,
    TurnClocks,
};

/// How a round's bag is made: from a seed, or as a fixed sequence of draws.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum BagSpec {
    /// Each draw picks at random among the counters left, from this seed.
    Seed(u64),
    /// The draws in order: every counter of the bag once.
    Draws(Vec<Colour>),
}

/// A round as played: its board size, its bag, and every turn in CodeCup
/// notation (`"3Dc DcDf"`, `"3Dc DcDc"` for a pass, `"3Dc"` for the last).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RoundRecord {
    /// The board size.
    pub size: Size,
    /// How the bag draws.
    pub bag: BagSpec,
    /// The turns in order.
    pub turns: Vec<Turn>,
}

impl RoundRecord {
    /// Plays the record again from an empty board, checking every draw and
    /// every move.
    pub fn replay(&self) -> Result<Round, ReplayError> {
        let bag =
            Bag::from_spec(self.size, &self.bag).map_err(|reason| ReplayError::new(0, ReplayErrorKind::Bag(reason)))?;
        self.replay_from(bag)
    }

    /// [`RoundRecord::replay`] drawing from `bag` (full), whatever the
    /// record's own bag says: a round taking a move back replays its turns
    /// from its own bag, restarted.
    pub(crate) fn replay_from(&self, bag: Bag) -> Result<Round, ReplayError> {
        let mut round = Round::with_bag(bag);
        for (i, turn) in self.turns.iter().enumerate() {
            let at = |kind| ReplayError::new(i + 1, kind);
            if i > 0 && self.turns[i - 1].reply.is_none() {
                return Err(ReplayError::new(i, ReplayErrorKind::MissingReply));
            }
            round.apply(Action::Draw).map_err(|e| at(ReplayErrorKind::Illegal(e)))?;
            if let Phase::ChaosPlace(drawn) = round.phase()
                && drawn != turn.placement.colour
            {
                return Err(at(ReplayErrorKind::DrawMismatch {
                    drawn,
                    recorded: turn.placement.colour,
                }));
            }
            round
                .apply(Action::Place(turn.placement.cell))
                .map_err(|e| at(ReplayErrorKind::Illegal(e)))?;
            if let Some(reply) = turn.reply {
                round.apply(reply.into()).map_err(|e| at(ReplayErrorKind::Illegal(e)))?;
            }
        }
        Ok(round)
    }

    /// The action of this record that comes next in `round`, a round
    /// played from the record's start (perhaps with moves taken back):
    /// the draw before a placement, the placement, Order's reply; `None`
    /// at the record's end.
    ///
    /// ```
    /// use entropy_rules::{Action, Cell, Round, Size};
    ///
    /// let mut played = Round::new(Size::Seven, 7);
    /// let centre = Cell::new(3, 3).unwrap();
    /// played.apply(Action::Draw).unwrap();
    /// played.apply(Action::Place(centre)).unwrap();
    /// let record = played.record();
    ///
    /// let mut again = Round::new(Size::Seven, 7);
    /// assert_eq!(record.next_action(&again), Some(Action::Draw));
    /// again.apply(Action::Draw).unwrap();
    /// assert_eq!(record.next_action(&again), Some(Action::Place(centre)));
    /// again.apply(Action::Place(centre)).unwrap();
    /// assert_eq!(record.next_action(&again), None, "Order has not replied yet");
    /// ```
    pub fn next_action(&self, round: &Round) -> Option<Action> {
        next_in(&self.turns, round)
    }
}

/// The action of `turns` that comes next in `round`, played from their start.
pub(crate) fn next_in(turns: &[Turn], round: &Round) -> Option<Action> {
    let played = round.turns().len();
    match round.phase() {
        Phase::ChaosDraw => turns.get(played).map(|_| Action::Draw),
        Phase::ChaosPlace(_) => turns.get(played).map(|t| Action::Place(t.placement.cell)),
        Phase::OrderMove => turns.get(played.checked_sub(1)?)?.reply.map(Action::from),
        Phase::Finished => None,
    }
}

/// A match as played: the board size, who was Order first, both rounds' bags
/// and the turns of the rounds begun; for tournament play, the time
/// control, the clock readings and the flags fallen.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MatchRecord {
    /// The board size.
    pub size: Size,
    /// The player who is Order in round 1.
    pub first_order: Player,
    /// The bags of round 1 and round 2.
    pub bags: [BagSpec; 2],
    /// The turns of each round begun (one or two entries).
    pub rounds: Vec<Vec<Turn>>,
    /// How the match was decided early, if it was.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub forfeit: Option<Forfeit>,
    /// The time control, if the match had one.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub time_control: Option<TimeControl>,
    /// The clock readings: empty when none was kept, otherwise one list for
    /// each round begun, one entry for each of its turns.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub clocks: Vec<Vec<TurnClocks>>,
    /// The flags fallen, in the order of the moves (at most one a player).
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub flags: Vec<FlagFall>,
}

impl MatchRecord {
    /// The action of this record that comes next in `game`, a match played
    /// from the record's start (perhaps with moves taken back): see
    /// [`RoundRecord::next_action`]. `None` at the end of the round being
    /// played (the next round is begun by [`Match::start_second_round`]).
    pub fn next_action(&self, game: &Match) -> Option<Action> {
        next_in(self.rounds.get(game.round_index())?, game.round())
    }

    /// Plays the record again, checking every draw and every move; each
    /// flag falls where the record says, and the moves after it must be
    /// the ones the rules play for its player.
    pub fn replay(&self) -> Result<Match, ReplayError> {
        let bag = |i: usize| {
            Bag::from_spec(self.size, &self.bags[i]).map_err(|reason| ReplayError::new(0, ReplayErrorKind::Bag(reason)))
        };
        if self.rounds.len() > 2 {
            return Err(ReplayError::new(0, ReplayErrorKind::TooManyRounds(self.rounds.len())));
        }
        if self.clocks.len() > self.rounds.len() {
            let round = self.clocks.len().min(2);
            return Err(ReplayError {
                round,
                turn: 0,
                kind: ReplayErrorKind::StrayClock,
            });
        }
        for player in Player::BOTH {
            if self.flags.iter().filter(|f| f.player == player).count() > 1 {
                return Err(ReplayError::new(0, ReplayErrorKind::FlaggedTwice(player)));
            }
        }
        let mut game = Match::with_bags(self.first_order, bag(0)?, bag(1)?);
        game.set_time_control(self.time_control);
        let mut flags = self.flags.clone();
        flags.sort();
        let mut flags = flags.into_iter().peekable();
        for (index, turns) in self.rounds.iter().enumerate() {
            let at = |turn: usize, kind| ReplayError {
                round: index + 1,
                turn,
                kind,
            };
            if index == 1 {
                game.start_second_round()
                    .map_err(|_| at(0, ReplayErrorKind::FirstRoundUnfinished))?;
            }
            let clocks = self.clocks.get(index).map_or(&[][..], Vec::as_slice);
            if clocks.len() > turns.len() {
                return Err(at(turns.len() + 1, ReplayErrorKind::StrayClock));
            }
            let mut fall = |game: &mut Match| {
                while let Some(flag) = flags.next_if(|f| f.round == index && f.moves == game.round().moves()) {
                    game.flag(flag.player).map_err(|_| ReplayError {
                        round: index + 1,
                        turn: 0,
                        kind: ReplayErrorKind::FlagOutOfPlace(flag),
                    })?;
                }
                Ok::<(), ReplayError>(())
            };
            fall(&mut game)?;
            for (i, turn) in turns.iter().enumerate() {
                let illegal = |e| at(i + 1, ReplayErrorKind::Illegal(e));
                if i > 0 && turns[i - 1].reply.is_none() {
                    return Err(at(i, ReplayErrorKind::MissingReply));
                }
                let clock = clocks.get(i).copied().unwrap_or_default();
                game.apply(Action::Draw).map_err(illegal)?;
                if let Phase::ChaosPlace(drawn) = game.round().phase()
                    && drawn != turn.placement.colour
                {
                    return Err(at(
                        i + 1,
                        ReplayErrorKind::DrawMismatch {
                            drawn,
                            recorded: turn.placement.colour,
                        },
                    ));
                }
                timed(&mut game, Action::Place(turn.placement.cell), clock.placement).map_err(illegal)?;
                fall(&mut game)?;
                match turn.reply {
                    Some(reply) => {
                        timed(&mut game, reply.into(), clock.reply).map_err(illegal)?;
                        fall(&mut game)?;
                    }
                    None if clock.reply.is_some() => return Err(at(i + 1, ReplayErrorKind::StrayClock)),
                    None => {}
                }
            }
        }
        if let Some(flag) = flags.next() {
            return Err(ReplayError {
                round: flag.round + 1,
                turn: 0,
                kind: ReplayErrorKind::FlagOutOfPlace(flag),
            });
        }
        if let Some(forfeit) = self.forfeit {
            game.forfeit(forfeit)
                .map_err(|_| ReplayError::new(0, ReplayErrorKind::ForfeitAfterEnd))?;
        }
        Ok(game)
    }
}

impl MatchRecord {
    /// The record of the match as it stood after `moves` placements and
    /// Order moves of round `round` (0 or 1): the turns, clock readings and
    /// flags up to there (a flag that fell at that very point included),
    /// without the forfeit (which came at the end). What a replay of the
    /// match shows at that move; it replays when the record does.
    pub fn truncated(&self, round: usize, moves: usize) -> MatchRecord {
        let mut cut = self.clone();
        cut.forfeit = None;
        cut.rounds.truncate(round + 1);
        if let Some(turns) = cut.rounds.get_mut(round) {
            turns.truncate(moves.div_ceil(2));
            if moves % 2 == 1
                && let Some(last) = turns.last_mut()
            {
                last.reply = None;
            }
        }
        if !cut.clocks.is_empty() {
            cut.clocks.truncate(cut.rounds.len());
            for (clocks, turns) in cut.clocks.iter_mut().zip(&cut.rounds) {
                clocks.truncate(turns.len());
                if let (Some(clock), Some(turn)) = (clocks.last_mut(), turns.last())
                    && turn.reply.is_none()
                {
                    clock.reply = None;
                }
            }
        }
        cut.flags.retain(|f| (f.round, f.moves) <= (round, moves));
        cut
    }
}

/// `action`, with the clock reading if there is one.
fn timed(game: &mut Match, action: Action, left: Option<TimeLeft>) -> Result<crate::Event, MoveError> {
    match left {
        Some(left) => game.apply_timed(action, left),
        None => game.apply(action),
    }
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    /// The round (1 or 2) for a match record; 1 for a round record.
    pub round: usize,
    /// The turn (1-based) where replay stopped; 0 for the record as a whole.
    pub turn: usize,
    /// What went wrong.
    pub kind: ReplayErrorKind,
}

impl ReplayError {
    fn new(turn: usize, kind: ReplayErrorKind) -> ReplayError {
        ReplayError { round: 1, turn, kind }
    }
}

/// What is wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayErrorKind {
    /// The bag description is impossible.
    Bag(String),
    /// A recorded move is illegal there.
    Illegal(MoveError),
    /// The bag gave another colour than the record says.
    DrawMismatch {
        /// What the bag gave.
        drawn: Colour,
        /// What the record says.
        recorded: Colour,
    },
    /// A turn lacks Order's reply but another turn follows it.
    MissingReply,
    /// Round 2 was recorded before round 1 was over.
    FirstRoundUnfinished,
    /// A match has two rounds.
    TooManyRounds(usize),
    /// A forfeit is recorded for a match that was already over.
    ForfeitAfterEnd,
    /// A clock reading for a move that was not made.
    StrayClock,
    /// A player's flag is recorded to fall twice.
    FlaggedTwice(Player),
    /// A flag is recorded to fall at a point the moves never reach (or
    /// after the match was over).
    FlagOutOfPlace(FlagFall),
    /// In a simultaneous match, the boards are not at the same turn: a turn
    /// begins on both, and both placements come before either Order move.
    OutOfStep,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {}", self.round)?;
        if self.turn > 0 {
            write!(f, ", turn {}", self.turn)?;
        }
        f.write_str(": ")?;
        f.write_str(&describe(&self.kind))
    }
}

impl std::error::Error for ReplayError {}

/// What is wrong, in words.
pub(crate) fn describe(kind: &ReplayErrorKind) -> String {
    match kind {
        ReplayErrorKind::Bag(reason) => format!("bad bag: {reason}"),
        ReplayErrorKind::Illegal(e) => format!("illegal move: {e}"),
        ReplayErrorKind::DrawMismatch { drawn, recorded } => {
            format!("the bag gives colour {drawn} but the record says {recorded}")
        }
        ReplayErrorKind::MissingReply => String::from("Order's move is missing but the round goes on"),
        ReplayErrorKind::FirstRoundUnfinished => String::from("round 2 begins before round 1 is over"),
        ReplayErrorKind::TooManyRounds(n) => format!("a match has 2 rounds, the record has {n}"),
        ReplayErrorKind::ForfeitAfterEnd => String::from("a forfeit is recorded after the match was over"),
        ReplayErrorKind::StrayClock => String::from("a clock reading for a move that was not made"),
        ReplayErrorKind::OutOfStep => String::from(
            "the boards are not at the same turn (a turn begins on both boards, and both placements come before \
             either Order move)",
        ),
        ReplayErrorKind::FlaggedTwice(player) => {
            format!("player {}'s flag is recorded to fall twice", player.index() + 1)
        }
        ReplayErrorKind::FlagOutOfPlace(flag) => format!(
            "player {}'s flag falls at round {}, {}, which the moves never reach",
            flag.player.index() + 1,
            flag.round + 1,
            flag.point()
        ),
    }
}
