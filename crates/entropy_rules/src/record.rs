use std::fmt;

use crate::{Action, Bag, Colour, Forfeit, Match, MoveError, Phase, Player, Round, Size, Turn};

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
fn next_in(turns: &[Turn], round: &Round) -> Option<Action> {
    let played = round.turns().len();
    match round.phase() {
        Phase::ChaosDraw => turns.get(played).map(|_| Action::Draw),
        Phase::ChaosPlace(_) => turns.get(played).map(|t| Action::Place(t.placement.cell)),
        Phase::OrderMove => turns.get(played.checked_sub(1)?)?.reply.map(Action::from),
        Phase::Finished => None,
    }
}

/// A match as played: the board size, who was Order first, both rounds' bags
/// and the turns of the rounds begun.
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
}

impl MatchRecord {
    /// The action of this record that comes next in `game`, a match played
    /// from the record's start (perhaps with moves taken back): see
    /// [`RoundRecord::next_action`]. `None` at the end of the round being
    /// played (the next round is begun by [`Match::start_second_round`]).
    pub fn next_action(&self, game: &Match) -> Option<Action> {
        next_in(self.rounds.get(game.round_index())?, game.round())
    }

    /// Plays the record again, checking every draw and every move.
    pub fn replay(&self) -> Result<Match, ReplayError> {
        let bag = |i: usize| {
            Bag::from_spec(self.size, &self.bags[i]).map_err(|reason| ReplayError::new(0, ReplayErrorKind::Bag(reason)))
        };
        if self.rounds.len() > 2 {
            return Err(ReplayError::new(0, ReplayErrorKind::TooManyRounds(self.rounds.len())));
        }
        let mut game = Match::with_bags(self.first_order, bag(0)?, bag(1)?);
        for (index, turns) in self.rounds.iter().enumerate() {
            let in_round = |e: ReplayError| ReplayError { round: index + 1, ..e };
            if index == 1 {
                game.start_second_round()
                    .map_err(|_| ReplayError::new(0, ReplayErrorKind::FirstRoundUnfinished))
                    .map_err(in_round)?;
            }
            let record = RoundRecord {
                size: self.size,
                bag: self.bags[index].clone(),
                turns: turns.clone(),
            };
            *game.round_mut() = record.replay().map_err(in_round)?;
        }
        if let Some(forfeit) = self.forfeit {
            game.forfeit(forfeit)
                .map_err(|_| ReplayError::new(0, ReplayErrorKind::ForfeitAfterEnd))?;
        }
        Ok(game)
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
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {}", self.round)?;
        if self.turn > 0 {
            write!(f, ", turn {}", self.turn)?;
        }
        f.write_str(": ")?;
        match &self.kind {
            ReplayErrorKind::Bag(reason) => write!(f, "bad bag: {reason}"),
            ReplayErrorKind::Illegal(e) => write!(f, "illegal move: {e}"),
            ReplayErrorKind::DrawMismatch { drawn, recorded } => {
                write!(f, "the bag gives colour {drawn} but the record says {recorded}")
            }
            ReplayErrorKind::MissingReply => f.write_str("Order's move is missing but the round goes on"),
            ReplayErrorKind::FirstRoundUnfinished => f.write_str("round 2 begins before round 1 is over"),
            ReplayErrorKind::TooManyRounds(n) => write!(f, "a match has 2 rounds, the record has {n}"),
            ReplayErrorKind::ForfeitAfterEnd => f.write_str("a forfeit is recorded after the match was over"),
        }
    }
}

impl std::error::Error for ReplayError {}
