use std::fmt;

use crate::tournament::{fits_phase, role_of};
use crate::{
    Action, Bag, Colour, Event, FlagFall, MatchRecord, MoveError, Phase, Round, Size, TimeControl, TimeLeft,
    TurnClocks, UndoError,
};

/// One of the two players of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Player {
    /// The first player.
    One,
    /// The second player.
    Two,
}

impl Player {
    /// Both players.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for the first player, 1 for the second.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// The two sides of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    /// Makes patterns by sliding counters; scores.
    Order,
    /// Draws and places counters; tries to spoil patterns.
    Chaos,
}

impl Role {
    /// The other role.
    pub fn other(self) -> Role {
        match self {
            Role::Order => Role::Chaos,
            Role::Chaos => Role::Order,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Order => "Order",
            Role::Chaos => "Chaos",
        })
    }
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// This player's Order score is higher.
    Win(Player),
    /// Equal scores.
    Draw,
}

/// A match decided before its boards were full.
///
/// Under the tournament rules running out of time is not a loss: a clock's
/// end is told with [`Match::flag`], and the round is finished by the rules.
/// [`Forfeit::TimeOut`] is the older reading (the flag loses the match),
/// kept for the files that hold it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Forfeit {
    /// This player's clock ran out: they lose the match.
    TimeOut(Player),
    /// This player resigned: they lose the match.
    Resigned(Player),
}

impl Forfeit {
    /// The player who loses by it.
    pub fn loser(self) -> Player {
        match self {
            Forfeit::TimeOut(player) | Forfeit::Resigned(player) => player,
        }
    }
}

/// Why the match cannot move on to its second round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchError {
    /// The first round is still being played.
    RoundNotFinished,
    /// The second round has already begun.
    AlreadySecondRound,
    /// The match is over.
    Over,
    /// This player's flag has fallen already.
    AlreadyFlagged(Player),
    /// This player has no move left to make (in a simultaneous match,
    /// whose other player still has one): no clock of theirs runs.
    NoMovesLeft(Player),
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MatchError::RoundNotFinished => "the first round is not over",
            MatchError::AlreadySecondRound => "the second round has already begun",
            MatchError::Over => "the match is over",
            MatchError::AlreadyFlagged(Player::One) => "player 1 is out of time already",
            MatchError::AlreadyFlagged(Player::Two) => "player 2 is out of time already",
            MatchError::NoMovesLeft(Player::One) => "player 1 has no move left to make",
            MatchError::NoMovesLeft(Player::Two) => "player 2 has no move left to make",
        })
    }
}

impl std::error::Error for MatchError {}

/// A match: two rounds, the players swapping roles after the first. Each
/// player's result is the score they made as Order; the higher total wins.
///
/// Tournament play: a match may have a [`TimeControl`], keeps the clock
/// readings it is given with each move ([`Match::apply_timed`]), and is told
/// when a player's time is up ([`Match::flag`]). From then on the player's
/// moves are the rules' ([`Match::forced_action`]; [`Match::apply`] refuses
/// any other), in this round and the next.
#[derive(Debug)]
pub struct Match {
    first_order: Player,
    rounds: Vec<Round>,
    second_bag: Option<Bag>,
    forfeit: Option<Forfeit>,
    time_control: Option<TimeControl>,
    /// Each round's clock readings, a turn for each of its turns.
    clocks: Vec<Vec<TurnClocks>>,
    /// The flags fallen, in the order they fell.
    flags: Vec<FlagFall>,
}

impl Match {
    /// A match on `size` where `first_order` is Order in round 1 and the
    /// rounds' bags draw from `seeds`.
    pub fn new(size: Size, first_order: Player, seeds: [u64; 2]) -> Match {
        Match::with_bags(first_order, Bag::seeded(size, seeds[0]), Bag::seeded(size, seeds[1]))
    }

    /// A match with the given full bags for round 1 and round 2.
    pub fn with_bags(first_order: Player, first: Bag, second: Bag) -> Match {
        Match {
            first_order,
            rounds: vec![Round::with_bag(first)],
            second_bag: Some(second),
            forfeit: None,
            time_control: None,
            clocks: vec![Vec::new()],
            flags: Vec::new(),
        }
    }

    /// The time control the match is played at, if any (it changes no rule:
    /// the caller keeps the clocks; the record keeps it).
    pub fn time_control(&self) -> Option<TimeControl> {
        self.time_control
    }

    /// Sets the time control the record names.
    pub fn set_time_control(&mut self, time_control: Option<TimeControl>) {
        self.time_control = time_control;
    }

    /// The clock readings of round `index` (0 or 1), one for each of its
    /// turns (empty for a round not begun).
    pub fn clocks(&self, index: usize) -> &[TurnClocks] {
        self.clocks.get(index).map_or(&[], Vec::as_slice)
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.round().size()
    }

    /// 0 in the first round, 1 in the second.
    pub fn round_index(&self) -> usize {
        self.rounds.len() - 1
    }

    /// The round being played (or the last one, once the match is over).
    pub fn round(&self) -> &Round {
        &self.rounds[self.rounds.len() - 1]
    }

    pub(crate) fn round_mut(&mut self) -> &mut Round {
        let last = self.rounds.len() - 1;
        &mut self.rounds[last]
    }

    /// The rounds begun so far.
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    /// Tells the current round its next draw, when its bag is told
    /// ([`Bag::told`]: a match played on a server, which holds the bag).
    ///
    /// ```
    /// use entropy_rules::{Action, Bag, Colour, Event, Match, Player, Size};
    ///
    /// let mut game = Match::with_bags(Player::One, Bag::told(Size::Five), Bag::told(Size::Five));
    /// assert!(!game.round().ready_to_draw());
    /// let blue = Colour::from_number(3).unwrap();
    /// game.tell(blue).unwrap();
    /// assert!(game.round().ready_to_draw());
    /// assert_eq!(game.apply(Action::Draw), Ok(Event::Drew(blue)));
    /// ```
    pub fn tell(&mut self, colour: Colour) -> Result<(), String> {
        self.round_mut().tell(colour)
    }

    /// Does `action` in the current round (see [`Round::apply`]). Nothing
    /// more is played once the match is decided by a forfeit. While the
    /// side to act is out of time, only [`Match::forced_action`] is taken
    /// (anything else of that side is refused with [`MoveError::OutOfTime`]).
    pub fn apply(&mut self, action: Action) -> Result<Event, MoveError> {
        self.play(action, None)
    }

    /// [`Match::apply`], with what the mover's clock shows after the move,
    /// which the record keeps (a draw keeps none: the placement's reading
    /// covers it).
    pub fn apply_timed(&mut self, action: Action, left: TimeLeft) -> Result<Event, MoveError> {
        self.play(action, Some(left))
    }

    fn play(&mut self, action: Action, left: Option<TimeLeft>) -> Result<Event, MoveError> {
        if self.forfeit.is_some() {
            return Err(MoveError::RoundOver);
        }
        if let Some(forced) = self.forced_action()
            && forced != action
            && fits_phase(action, self.round().phase())
        {
            return Err(MoveError::OutOfTime {
                role: role_of(forced),
                forced,
            });
        }
        let event = self.round_mut().apply(action)?;
        let index = self.round_index();
        let clocks = &mut self.clocks[index];
        match event {
            Event::Placed(_) => clocks.push(TurnClocks {
                placement: left,
                reply: None,
            }),
            Event::Slid(_) | Event::Passed => {
                if let Some(last) = clocks.last_mut() {
                    last.reply = left;
                }
            }
            Event::Drew(_) => {}
        }
        Ok(event)
    }

    /// Takes back the last placement or Order move of the current round
    /// (see [`Round::undo`]); a finished first round is not reopened once
    /// the second has begun. A flag that fell after that move is taken back
    /// with it (the match is exactly as it was before the move, so a replay
    /// can step back through a fall); a driver that wants a fallen flag to
    /// stand refuses the undo itself (see [`Match::flags`]).
    pub fn undo(&mut self) -> Result<Action, UndoError> {
        if self.forfeit.is_some() {
            return Err(UndoError::MatchDecided);
        }
        let index = self.round_index();
        let moves = self.round().moves();
        let undone = self.round_mut().undo()?;
        self.flags.retain(|f| !(f.round == index && f.moves == moves));
        let clocks = &mut self.clocks[index];
        match undone {
            Action::Place(_) => {
                clocks.pop();
            }
            _ => {
                if let Some(last) = clocks.last_mut() {
                    last.reply = None;
                }
            }
        }
        Ok(undone)
    }

    /// `player`'s time is up (tournament play). Not a loss: from now on,
    /// in this round and the next, the rules play that player's part (see
    /// [`Match::forced_action`]). Refused when the match is over or the
    /// flag has fallen already. Gives the fall as the record keeps it.
    pub fn flag(&mut self, player: Player) -> Result<FlagFall, MatchError> {
        if self.is_over() {
            return Err(MatchError::Over);
        }
        if self.is_flagged(player) {
            return Err(MatchError::AlreadyFlagged(player));
        }
        let fall = FlagFall {
            round: self.round_index(),
            moves: self.round().moves(),
            player,
        };
        self.flags.push(fall);
        Ok(fall)
    }

    /// Whether `player`'s flag has fallen.
    pub fn is_flagged(&self, player: Player) -> bool {
        self.flags.iter().any(|f| f.player == player)
    }

    /// The flags fallen, in the order they fell.
    pub fn flags(&self) -> &[FlagFall] {
        &self.flags
    }

    /// The action the rules play now because the side to act is out of
    /// time: Chaos's draw and its placement on the first empty cell
    /// ([`crate::Position::fill_cell`]), Order's pass. The driver applies it
    /// like any action (with [`Match::apply`], or all of them at once with
    /// [`Match::play_forced`]); `None` while the side to act has time, or
    /// nobody is to act.
    pub fn forced_action(&self) -> Option<Action> {
        if self.forfeit.is_some() {
            return None;
        }
        let order = self.order_player(self.round_index());
        self.round()
            .forced_action(self.is_flagged(order.other()), self.is_flagged(order))
    }

    /// Applies every forced action in turn until a player with time left
    /// is to act or the round is over; gives what they did. With both
    /// flags down this finishes the round.
    pub fn play_forced(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        while let Some(action) = self.forced_action() {
            match self.apply(action) {
                Ok(event) => events.push(event),
                Err(_) => break,
            }
        }
        events
    }

    /// The placements and Order moves `player` has still to make in the
    /// match: in the current round (the one awaited now included) and, in
    /// round 1, all of round 2, in the other role. 0 once the match is over.
    pub fn moves_left(&self, player: Player) -> usize {
        if self.is_over() {
            return 0;
        }
        let index = self.round_index();
        let now = self.round().position().moves_left(self.role(player, index));
        let next = if index == 0 {
            let cells = self.size().cells();
            match self.role(player, 1) {
                Role::Chaos => cells,
                Role::Order => cells - 1,
            }
        } else {
            0
        };
        now + next
    }

    /// The player who acts next in the current round and their role: Chaos
    /// to draw or place, Order to slide or pass. `None` once the match is
    /// over or while a finished first round waits for the second.
    pub fn to_move(&self) -> Option<(Player, Role)> {
        if self.forfeit.is_some() {
            return None;
        }
        let order = self.order_player(self.round_index());
        match self.round().phase() {
            Phase::ChaosDraw | Phase::ChaosPlace(_) => Some((order.other(), Role::Chaos)),
            Phase::OrderMove => Some((order, Role::Order)),
            Phase::Finished => None,
        }
    }

    /// Ends the match at once: `forfeit`'s player loses it. Refused (and
    /// nothing changes) when the match is already over.
    pub fn forfeit(&mut self, forfeit: Forfeit) -> Result<(), MatchError> {
        if self.is_over() {
            return Err(MatchError::Over);
        }
        self.forfeit = Some(forfeit);
        Ok(())
    }

    /// How the match was decided early, if it was.
    pub fn forfeited(&self) -> Option<Forfeit> {
        self.forfeit
    }

    /// The player who is Order in round `index` (0 or 1).
    pub fn order_player(&self, index: usize) -> Player {
        if index == 0 {
            self.first_order
        } else {
            self.first_order.other()
        }
    }

    /// The role of `player` in round `index` (0 or 1).
    pub fn role(&self, player: Player, index: usize) -> Role {
        if self.order_player(index) == player {
            Role::Order
        } else {
            Role::Chaos
        }
    }

    /// Begins round 2 once round 1 is over; the players swap roles.
    pub fn start_second_round(&mut self) -> Result<(), MatchError> {
        if self.forfeit.is_some() {
            return Err(MatchError::Over);
        }
        if !self.round().is_finished() {
            return Err(MatchError::RoundNotFinished);
        }
        let bag = self.second_bag.take().ok_or(MatchError::AlreadySecondRound)?;
        self.rounds.push(Round::with_bag(bag));
        self.clocks.push(Vec::new());
        Ok(())
    }

    /// Each player's Order score from the finished rounds, by [`Player::index`].
    pub fn totals(&self) -> [u32; 2] {
        let mut totals = [0; 2];
        for (index, round) in self.rounds.iter().enumerate() {
            if round.is_finished() {
                totals[self.order_player(index).index()] += round.score();
            }
        }
        totals
    }

    /// Whether both rounds are over, or a forfeit decided the match.
    pub fn is_over(&self) -> bool {
        self.forfeit.is_some() || (self.rounds.len() == 2 && self.round().is_finished())
    }

    /// The result once the match is over: a forfeit's player loses,
    /// otherwise the higher Order score wins.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(forfeit) = self.forfeit {
            return Some(Outcome::Win(forfeit.loser().other()));
        }
        if !self.is_over() {
            return None;
        }
        let [one, two] = self.totals();
        Some(match one.cmp(&two) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::One),
            std::cmp::Ordering::Less => Outcome::Win(Player::Two),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// The record of the match so far; [`MatchRecord::replay`] gives it back.
    pub fn record(&self) -> MatchRecord {
        let first = self.rounds[0].record();
        let second_bag = match (&self.second_bag, self.rounds.get(1)) {
            (Some(bag), _) => bag.spec(),
            (None, Some(round)) => round.record().bag,
            (None, None) => first.bag.clone(),
        };
        MatchRecord {
            size: self.size(),
            first_order: self.first_order,
            bags: [first.bag, second_bag],
            rounds: self.rounds.iter().map(|r| r.turns().to_vec()).collect(),
            forfeit: self.forfeit,
            time_control: self.time_control,
            clocks: if self.clocks.iter().flatten().all(TurnClocks::is_empty) {
                Vec::new()
            } else {
                self.clocks.clone()
            },
            flags: sorted_flags(&self.flags),
        }
    }
}

/// `flags` in the order of the moves: by round, moves, then player.
pub(crate) fn sorted_flags(flags: &[FlagFall]) -> Vec<FlagFall> {
    let mut flags = flags.to_vec();
    flags.sort();
    flags
}
