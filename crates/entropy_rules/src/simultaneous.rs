//! The simultaneous match, as played online on SuperDuperGames: each
//! player has a board of their own on which they are Order, and is Chaos on
//! the other's. One queue of counters feeds both boards.
//!
//! Each board is a [`Round`], so every legality is the rounds'; the two
//! rounds are made from the same bag ([`BagSpec`]) and so draw the same
//! colours in the same order. The match advances a turn at a time, in
//! three steps ([`SimultaneousStep`]):
//!
//! 1. **Draw**: one counter is drawn, for both boards (a chance event, not a
//!    player's choice: either player, or the driver, asks for it).
//! 2. **Place**: each player places it on the other's board, in either
//!    order.
//! 3. **Order**: each player slides or passes on their own board, in
//!    either order. No Order move comes before both placements of the
//!    turn are made ([`MoveError::NotYet`]), so a player who places second
//!    has seen the other's placement on their own board, never their
//!    slide. After the last counter both boards are full and the match is
//!    over.
//!
//! [`SimultaneousMatch::pending`] says who must act on which board now. A
//! UI that wants sealed moves hides a placement until both are made.
//!
//! The tournament rules apply with one clock per player: once a player's
//! flag falls ([`SimultaneousMatch::flag`]) their placements on the other's
//! board go to the first empty cell in reading order and their Order moves
//! are passes ([`SimultaneousMatch::forced_action`]).

use std::fmt;

use crate::game_match::sorted_flags;
use crate::tournament::{fits_phase, role_of};
use crate::{
    Action, Bag, BagSpec, Colour, Ending, Event, FlagFall, Forfeit, MatchError, MoveError, Outcome, Phase, Player,
    ReplayErrorKind, Role, Round, Size, TimeControl, TimeLeft, Turn, TurnClocks, UndoError,
};

/// Where a simultaneous match stands in its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SimultaneousStep {
    /// A counter is to be drawn for both boards.
    Draw,
    /// One or both placements of the drawn counter are to be made.
    Place,
    /// One or both Order moves are to be made.
    Order,
    /// Both boards are full, or a player forfeited.
    Over,
}

/// An action a player owes now: `player` acts on the board of `board` (its
/// Order) as `role` (Chaos on the other's board, Order on their own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    /// Who acts.
    pub player: Player,
    /// Whose board it is: the board's Order.
    pub board: Player,
    /// The role `player` has there.
    pub role: Role,
}

/// A simultaneous match: two boards, one per player (its Order), fed by one
/// queue of draws. The higher Order score wins; equal scores draw.
///
/// ```
/// use entropy_rules::{Action, Player, Role, SimultaneousMatch, SimultaneousStep, Size};
///
/// let mut game = SimultaneousMatch::new(Size::Five, 7);
/// assert_eq!(game.step(), SimultaneousStep::Draw);
/// game.draw().unwrap();
/// // Both place on the other's board, in either order.
/// assert_eq!(game.pending().len(), 2);
/// game.apply(Player::Two, Action::Place("Aa".parse().unwrap())).unwrap();
/// game.apply(Player::One, Action::Place("Cc".parse().unwrap())).unwrap();
/// // Then both are Order on their own board.
/// assert!(game.pending().iter().all(|p| p.role == Role::Order && p.board == p.player));
/// game.apply(Player::One, Action::Pass).unwrap();
/// game.apply(Player::Two, Action::Pass).unwrap();
/// assert_eq!(game.step(), SimultaneousStep::Draw);
/// assert_eq!(game.board(Player::One).turns()[0].placement.cell.to_string(), "Aa");
/// ```
#[derive(Debug)]
pub struct SimultaneousMatch {
    /// The boards, by their Order's [`Player::index`].
    boards: [Round; 2],
    /// The placements and Order moves, in the order played (draws left out).
    history: Vec<(Player, Action)>,
    forfeit: Option<Forfeit>,
    time_control: Option<TimeControl>,
    /// Each board's clock readings, one for each of its turns.
    clocks: [Vec<TurnClocks>; 2],
    flags: Vec<FlagFall>,
}

impl SimultaneousMatch {
    /// A simultaneous match on `size` whose one queue of draws comes from `seed`.
    pub fn new(size: Size, seed: u64) -> SimultaneousMatch {
        SimultaneousMatch::from_boards([Round::new(size, seed), Round::new(size, seed)])
    }

    /// A simultaneous match drawing as `bag` says (a seed, or the draws in
    /// order); an impossible bag is refused with the reason.
    pub fn with_bag(size: Size, bag: &BagSpec) -> Result<SimultaneousMatch, String> {
        Ok(SimultaneousMatch::from_boards([
            Round::with_bag(Bag::from_spec(size, bag)?),
            Round::with_bag(Bag::from_spec(size, bag)?),
        ]))
    }

    /// A simultaneous match whose one queue of draws is told to it one
    /// counter at a time ([`SimultaneousMatch::tell`]), as a client of a
    /// server that holds the bag plays it: both boards' bags are told the
    /// same colours ([`Bag::told`]).
    ///
    /// ```
    /// use entropy_rules::{Colour, SimultaneousMatch, Size};
    ///
    /// let mut game = SimultaneousMatch::told(Size::Five);
    /// assert!(game.draw().is_err(), "nothing told yet");
    /// let blue = Colour::from_number(3).unwrap();
    /// game.tell(blue).unwrap();
    /// assert_eq!(game.draw(), Ok(blue));
    /// ```
    pub fn told(size: Size) -> SimultaneousMatch {
        SimultaneousMatch::from_boards([Round::with_bag(Bag::told(size)), Round::with_bag(Bag::told(size))])
    }

    /// Tells a told match ([`SimultaneousMatch::told`]) the next counter of
    /// its queue, for both boards. Refused (nothing changes) for a match
    /// that draws by itself, or a colour whose counters are all told.
    pub fn tell(&mut self, colour: Colour) -> Result<(), String> {
        let [one, two] = &mut self.boards;
        // Both bags are told the same colours, so what the first takes the
        // second takes too.
        one.tell(colour)?;
        two.tell(colour)
    }

    fn from_boards(boards: [Round; 2]) -> SimultaneousMatch {
        SimultaneousMatch {
            boards,
            history: Vec::new(),
            forfeit: None,
            time_control: None,
            clocks: [Vec::new(), Vec::new()],
            flags: Vec::new(),
        }
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.boards[0].size()
    }

    /// The board on which `owner` is Order.
    pub fn board(&self, owner: Player) -> &Round {
        &self.boards[owner.index()]
    }

    /// Both boards, by their Order's [`Player::index`].
    pub fn boards(&self) -> &[Round; 2] {
        &self.boards
    }

    /// The board on which `player` acts as `role`: the other's as Chaos,
    /// their own as Order.
    pub fn board_of(player: Player, role: Role) -> Player {
        match role {
            Role::Chaos => player.other(),
            Role::Order => player,
        }
    }

    /// The one queue of draws, as a record gives it.
    pub fn bag(&self) -> BagSpec {
        self.boards[0].record().bag
    }

    /// Where the turn stands.
    pub fn step(&self) -> SimultaneousStep {
        if self.forfeit.is_some() {
            return SimultaneousStep::Over;
        }
        let phases = self.boards.each_ref().map(Round::phase);
        if phases.iter().all(|&p| p == Phase::Finished) {
            SimultaneousStep::Over
        } else if phases.iter().any(|p| matches!(p, Phase::ChaosPlace(_))) {
            SimultaneousStep::Place
        } else if phases.iter().all(|&p| p == Phase::ChaosDraw) {
            SimultaneousStep::Draw
        } else {
            SimultaneousStep::Order
        }
    }

    /// Who must act on which board now: both players, one, or nobody (while
    /// a draw is due, and once the match is over).
    pub fn pending(&self) -> Vec<Pending> {
        let owes = |player: Player, role: Role| {
            let board = SimultaneousMatch::board_of(player, role);
            let phase = self.board(board).phase();
            let waits = match role {
                Role::Chaos => matches!(phase, Phase::ChaosPlace(_)),
                Role::Order => phase == Phase::OrderMove,
            };
            waits.then_some(Pending { player, board, role })
        };
        let role = match self.step() {
            SimultaneousStep::Place => Role::Chaos,
            SimultaneousStep::Order => Role::Order,
            SimultaneousStep::Draw | SimultaneousStep::Over => return Vec::new(),
        };
        Player::BOTH.into_iter().filter_map(|p| owes(p, role)).collect()
    }

    /// Draws the next counter for both boards.
    pub fn draw(&mut self) -> Result<Colour, MoveError> {
        if self.forfeit.is_some() {
            return Err(MoveError::RoundOver);
        }
        if self.step() != SimultaneousStep::Draw {
            // Either board refuses it with its reason.
            let refusal = self.boards.iter().find_map(|b| b.position().check_draw().err());
            return Err(refusal.unwrap_or(MoveError::RoundOver));
        }
        let [one, two] = &mut self.boards;
        let first = one.apply(Action::Draw)?;
        let second = two.apply(Action::Draw)?;
        debug_assert_eq!(first, second, "one queue of draws feeds both boards");
        match first {
            Event::Drew(colour) => Ok(colour),
            _ => Err(MoveError::RoundOver),
        }
    }

    /// `player` does `action`: [`Action::Draw`] draws for both boards (see
    /// [`SimultaneousMatch::draw`]); a placement goes on the other's board;
    /// a slide or a pass on their own. Refused, changing nothing, when it is
    /// illegal on that board, when an Order move comes before both
    /// placements of the turn ([`MoveError::NotYet`]), or when the player is
    /// out of time and it is not the rules' move ([`MoveError::OutOfTime`]).
    pub fn apply(&mut self, player: Player, action: Action) -> Result<Event, MoveError> {
        self.play(player, action, None)
    }

    /// [`SimultaneousMatch::apply`], with what `player`'s clock shows
    /// after the move, which the record keeps.
    pub fn apply_timed(&mut self, player: Player, action: Action, left: TimeLeft) -> Result<Event, MoveError> {
        self.play(player, action, Some(left))
    }

    fn play(&mut self, player: Player, action: Action, left: Option<TimeLeft>) -> Result<Event, MoveError> {
        if self.forfeit.is_some() {
            return Err(MoveError::RoundOver);
        }
        if action == Action::Draw {
            return self.draw().map(Event::Drew);
        }
        let role = role_of(action);
        let board = SimultaneousMatch::board_of(player, role);
        let phase = self.board(board).phase();
        if role == Role::Order && phase == Phase::OrderMove && self.step() == SimultaneousStep::Place {
            return Err(MoveError::NotYet(
                "both placements of the turn come before the Order moves",
            ));
        }
        if let Some(forced) = self.forced_action(player)
            && forced != action
            && fits_phase(action, phase)
        {
            return Err(MoveError::OutOfTime { role, forced });
        }
        let event = self.boards[board.index()].apply(action)?;
        let clocks = &mut self.clocks[board.index()];
        match event {
            Event::Placed(_) => clocks.push(TurnClocks {
                placement: left,
                reply: None,
            }),
            _ => {
                if let Some(last) = clocks.last_mut() {
                    last.reply = left;
                }
            }
        }
        self.history.push((player, action));
        Ok(event)
    }

    /// Takes back the last placement or Order move made, whoever made it,
    /// and gives it with its player. A counter drawn since is put back (it
    /// comes out again, the queue being fixed). A flag of that player that
    /// fell after the move is taken back with it. Refused once the match is
    /// decided by a forfeit. After a replay, the moves of a step are taken
    /// back in the record's order (board 1's, then board 2's).
    pub fn undo(&mut self) -> Result<(Player, Action), UndoError> {
        if self.forfeit.is_some() {
            return Err(UndoError::MatchDecided);
        }
        let &(player, action) = self.history.last().ok_or(UndoError::NothingToUndo)?;
        let made = self.moves_made(player);
        let role = role_of(action);
        let board = SimultaneousMatch::board_of(player, role);
        if role == Role::Order {
            // A draw since: the other board's counter goes back in the bag
            // too (this board's own undo does so for its).
            let other = &mut self.boards[board.other().index()];
            if matches!(other.phase(), Phase::ChaosPlace(_)) {
                *other = other.record().replay().map_err(|_| UndoError::NothingToUndo)?;
            }
        }
        let undone = self.boards[board.index()].undo()?;
        debug_assert_eq!(undone, action);
        let clocks = &mut self.clocks[board.index()];
        match role {
            Role::Chaos => {
                clocks.pop();
            }
            Role::Order => {
                if let Some(last) = clocks.last_mut() {
                    last.reply = None;
                }
            }
        }
        self.history.pop();
        self.flags.retain(|f| !(f.player == player && f.moves == made));
        Ok((player, action))
    }

    /// The placements and Order moves `player` has made: on the other's
    /// board and on their own.
    pub fn moves_made(&self, player: Player) -> usize {
        let placed = self.board(player.other()).turns().len();
        let moved = self.board(player).turns().iter().filter(|t| t.reply.is_some()).count();
        placed + moved
    }

    /// The placements and Order moves `player` has still to make, the
    /// ones awaited now included; 0 once the match is over.
    pub fn moves_left(&self, player: Player) -> usize {
        if self.is_over() {
            return 0;
        }
        self.board(player.other()).position().moves_left(Role::Chaos)
            + self.board(player).position().moves_left(Role::Order)
    }

    /// `player`'s time is up (their one clock for both boards). Not a loss:
    /// their placements are then made on the first empty cell in reading
    /// order and their Order moves are passes (see
    /// [`SimultaneousMatch::forced_action`]). Refused when the match is over,
    /// the flag is down already, or the player has made all their moves.
    pub fn flag(&mut self, player: Player) -> Result<FlagFall, MatchError> {
        if self.is_over() {
            return Err(MatchError::Over);
        }
        if self.is_flagged(player) {
            return Err(MatchError::AlreadyFlagged(player));
        }
        if self.moves_left(player) == 0 {
            return Err(MatchError::NoMovesLeft(player));
        }
        let fall = FlagFall {
            round: 0,
            moves: self.moves_made(player),
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

    /// What the rules play now for `player`, out of time: their placement on
    /// the first empty cell of the other's board, their pass on their own;
    /// the draw when both are out of time. `None` if `player` has time left
    /// or owes nothing now.
    pub fn forced_action(&self, player: Player) -> Option<Action> {
        if !self.is_flagged(player) {
            return None;
        }
        match self.step() {
            SimultaneousStep::Draw => Player::BOTH.iter().all(|&p| self.is_flagged(p)).then_some(Action::Draw),
            SimultaneousStep::Place => self.board(player.other()).forced_action(true, false),
            SimultaneousStep::Order => self.board(player).forced_action(false, true),
            SimultaneousStep::Over => None,
        }
    }

    /// Applies the forced actions until a player with time left owes a move
    /// or the match is over; gives each with its player. With both flags
    /// down this plays the match to its end.
    pub fn play_forced(&mut self) -> Vec<(Player, Event)> {
        let mut events = Vec::new();
        loop {
            let next = Player::BOTH
                .into_iter()
                .find_map(|p| self.forced_action(p).map(|a| (p, a)));
            let Some((player, action)) = next else {
                return events;
            };
            match self.apply(player, action) {
                Ok(event) => events.push((player, event)),
                Err(_) => return events,
            }
        }
    }

    /// Ends the match at once: `forfeit`'s player loses it. Refused when
    /// the match is already over.
    pub fn forfeit(&mut self, forfeit: Forfeit) -> Result<(), MatchError> {
        if self.is_over() {
            return Err(MatchError::Over);
        }
        self.forfeit = Some(forfeit);
        Ok(())
    }

    /// `player` resigns: the other wins.
    pub fn resign(&mut self, player: Player) -> Result<(), MatchError> {
        self.forfeit(Forfeit::Resigned(player))
    }

    /// How the match was decided early, if it was.
    pub fn forfeited(&self) -> Option<Forfeit> {
        self.forfeit
    }

    /// Each player's Order score, their own board's, by [`Player::index`]
    /// (final once the match is over, the boards as they stand before).
    pub fn scores(&self) -> [u32; 2] {
        self.boards.each_ref().map(Round::score)
    }

    /// Whether both boards are full, or a forfeit decided the match.
    pub fn is_over(&self) -> bool {
        self.step() == SimultaneousStep::Over
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
        let [one, two] = self.scores();
        Some(match one.cmp(&two) {
            std::cmp::Ordering::Greater => Outcome::Win(Player::One),
            std::cmp::Ordering::Less => Outcome::Win(Player::Two),
            std::cmp::Ordering::Equal => Outcome::Draw,
        })
    }

    /// How the match ended, as a file's result tags say it.
    pub fn ending(&self) -> Ending {
        match (self.forfeit, self.outcome()) {
            (Some(forfeit), _) => Ending::Forfeit(forfeit),
            (None, Some(outcome)) => Ending::Played(outcome),
            (None, None) => Ending::Abandoned,
        }
    }

    /// The time control the match is played at, if any.
    pub fn time_control(&self) -> Option<TimeControl> {
        self.time_control
    }

    /// Sets the time control the record names.
    pub fn set_time_control(&mut self, time_control: Option<TimeControl>) {
        self.time_control = time_control;
    }

    /// The clock readings of `owner`'s board, one for each of its turns
    /// (the placement's is the other player's clock, the reply's the owner's).
    pub fn clocks(&self, owner: Player) -> &[TurnClocks] {
        &self.clocks[owner.index()]
    }

    /// The record of the match so far; [`SimultaneousRecord::replay`] gives it back.
    pub fn record(&self) -> SimultaneousRecord {
        let clocks = if self.clocks.iter().flatten().all(TurnClocks::is_empty) {
            [Vec::new(), Vec::new()]
        } else {
            self.clocks.clone()
        };
        SimultaneousRecord {
            size: self.size(),
            bag: self.bag(),
            boards: self.boards.each_ref().map(|b| b.turns().to_vec()),
            forfeit: self.forfeit,
            time_control: self.time_control,
            clocks,
            flags: sorted_flags(&self.flags),
        }
    }
}

/// A simultaneous match as played: the board size, the one bag, and each
/// board's turns (board 1 is player 1's, where player 2 places); for
/// tournament play, the time control, the clock readings and the flags.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SimultaneousRecord {
    /// The board size.
    pub size: Size,
    /// The one queue of draws.
    pub bag: BagSpec,
    /// Each board's turns, by its Order's [`Player::index`].
    pub boards: [Vec<Turn>; 2],
    /// How the match was decided early, if it was.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub forfeit: Option<Forfeit>,
    /// The time control, if the match had one.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub time_control: Option<TimeControl>,
    /// Each board's clock readings: both empty when none was kept, otherwise
    /// one entry for each of the board's turns.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "no_clocks"))]
    pub clocks: [Vec<TurnClocks>; 2],
    /// The flags fallen (`round` 0, `moves` the player's own moves), at
    /// most one a player.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Vec::is_empty"))]
    pub flags: Vec<FlagFall>,
}

#[cfg(feature = "serde")]
fn no_clocks(clocks: &[Vec<TurnClocks>; 2]) -> bool {
    clocks.iter().all(Vec::is_empty)
}

/// Why a simultaneous record does not replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SimultaneousReplayError {
    /// The board (1 or 2, by its Order); 0 for the record as a whole.
    pub board: usize,
    /// The turn (1-based) where replay stopped; 0 for the board or the record as a whole.
    pub turn: usize,
    /// What went wrong.
    pub kind: ReplayErrorKind,
}

impl fmt::Display for SimultaneousReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        if self.board > 0 {
            write!(f, "board {}", self.board)?;
            sep = ", ";
        }
        if self.turn > 0 {
            write!(f, "{sep}turn {}", self.turn)?;
            sep = ", ";
        }
        if !sep.is_empty() {
            f.write_str(": ")?;
        }
        match &self.kind {
            ReplayErrorKind::FlagOutOfPlace(flag) => write!(
                f,
                "player {}'s flag falls when they have made {} moves ({}), which the record never reaches",
                flag.player.index() + 1,
                flag.moves,
                flag.point()
            ),
            kind => write!(f, "{}", crate::record::describe(kind)),
        }
    }
}

impl std::error::Error for SimultaneousReplayError {}

impl SimultaneousRecord {
    /// The action of this record that comes next in `game`, a match played
    /// from the record's start (perhaps with actions taken back), and whose
    /// it is: the draw (player 1's, for both boards), then each placement,
    /// board 1's first, then each Order move, board 1's first, as
    /// [`SimultaneousRecord::replay`] plays them. `None` at the record's end.
    ///
    /// ```
    /// use entropy_rules::{Action, Player, SimultaneousMatch, Size};
    ///
    /// let mut game = SimultaneousMatch::new(Size::Five, 3);
    /// game.draw().unwrap();
    /// let cell = "Aa".parse().unwrap();
    /// game.apply(Player::Two, Action::Place(cell)).unwrap();
    /// let record = game.record();
    ///
    /// let mut again = SimultaneousMatch::new(Size::Five, 3);
    /// assert_eq!(record.next_action(&again), Some((Player::One, Action::Draw)));
    /// again.draw().unwrap();
    /// assert_eq!(record.next_action(&again), Some((Player::Two, Action::Place(cell))));
    /// again.apply(Player::Two, Action::Place(cell)).unwrap();
    /// assert_eq!(record.next_action(&again), None);
    /// ```
    pub fn next_action(&self, game: &SimultaneousMatch) -> Option<(Player, Action)> {
        let next = |owner: Player| crate::record::next_in(&self.boards[owner.index()], game.board(owner));
        match game.step() {
            SimultaneousStep::Draw => Player::BOTH
                .into_iter()
                .find_map(next)
                .map(|_| (Player::One, Action::Draw)),
            SimultaneousStep::Place => Player::BOTH
                .into_iter()
                .filter(|&owner| matches!(game.board(owner).phase(), Phase::ChaosPlace(_)))
                .find_map(|owner| next(owner).map(|action| (owner.other(), action))),
            SimultaneousStep::Order => Player::BOTH
                .into_iter()
                .filter(|&owner| game.board(owner).phase() == Phase::OrderMove)
                .find_map(|owner| next(owner).map(|action| (owner, action))),
            SimultaneousStep::Over => None,
        }
    }

    /// Plays the record again, turn by turn on both boards, checking every
    /// draw and every move; each flag falls where the record says.
    pub fn replay(&self) -> Result<SimultaneousMatch, SimultaneousReplayError> {
        let error = |board: usize, turn: usize, kind| SimultaneousReplayError { board, turn, kind };
        let mut game =
            SimultaneousMatch::with_bag(self.size, &self.bag).map_err(|r| error(0, 0, ReplayErrorKind::Bag(r)))?;
        game.set_time_control(self.time_control);
        for player in Player::BOTH {
            if self.flags.iter().filter(|f| f.player == player).count() > 1 {
                return Err(error(0, 0, ReplayErrorKind::FlaggedTwice(player)));
            }
        }
        if let Some(&flag) = self.flags.iter().find(|f| f.round != 0) {
            return Err(error(0, 0, ReplayErrorKind::FlagOutOfPlace(flag)));
        }
        for owner in Player::BOTH {
            let (turns, clocks) = (&self.boards[owner.index()], &self.clocks[owner.index()]);
            if clocks.len() > turns.len() {
                return Err(error(owner.index() + 1, turns.len() + 1, ReplayErrorKind::StrayClock));
            }
            if let Some(i) = turns
                .iter()
                .zip(clocks)
                .position(|(t, c)| t.reply.is_none() && c.reply.is_some())
            {
                return Err(error(owner.index() + 1, i + 1, ReplayErrorKind::StrayClock));
            }
        }
        let mut flags = self.flags.clone();
        let fall = |game: &mut SimultaneousMatch, flags: &mut Vec<FlagFall>| {
            while let Some(i) = flags.iter().position(|f| f.moves == game.moves_made(f.player)) {
                let flag = flags.remove(i);
                game.flag(flag.player)
                    .map_err(|_| error(0, 0, ReplayErrorKind::FlagOutOfPlace(flag)))?;
            }
            Ok::<(), SimultaneousReplayError>(())
        };
        let steps = self.boards.iter().map(Vec::len).max().unwrap_or(0);
        for t in 0..steps {
            let turns = self.boards.each_ref().map(|b| b.get(t));
            let clocks = self.clocks.each_ref().map(|c| c.get(t).copied().unwrap_or_default());
            // A board without this turn: the match stopped between the two
            // placements, so nothing may follow.
            if let Some(short) = Player::BOTH.into_iter().find(|o| turns[o.index()].is_none()) {
                let other_replied = turns[short.other().index()].is_some_and(|t| t.reply.is_some());
                if t + 1 < steps || other_replied {
                    return Err(error(short.index() + 1, t + 1, ReplayErrorKind::OutOfStep));
                }
            }
            fall(&mut game, &mut flags)?;
            game.draw().map_err(|e| error(0, t + 1, ReplayErrorKind::Illegal(e)))?;
            for owner in Player::BOTH {
                let board = owner.index() + 1;
                let Some(turn) = turns[owner.index()] else { continue };
                if let Phase::ChaosPlace(drawn) = game.board(owner).phase()
                    && drawn != turn.placement.colour
                {
                    let recorded = turn.placement.colour;
                    return Err(error(board, t + 1, ReplayErrorKind::DrawMismatch { drawn, recorded }));
                }
                let placement = Action::Place(turn.placement.cell);
                timed(&mut game, owner.other(), placement, clocks[owner.index()].placement)
                    .map_err(|e| error(board, t + 1, ReplayErrorKind::Illegal(e)))?;
                fall(&mut game, &mut flags)?;
            }
            for owner in Player::BOTH {
                let board = owner.index() + 1;
                let Some(reply) = turns[owner.index()].and_then(|t| t.reply) else {
                    continue;
                };
                timed(&mut game, owner, reply.into(), clocks[owner.index()].reply)
                    .map_err(|e| error(board, t + 1, ReplayErrorKind::Illegal(e)))?;
                fall(&mut game, &mut flags)?;
            }
            if t + 1 < steps
                && let Some(owner) = Player::BOTH
                    .into_iter()
                    .find(|o| turns[o.index()].is_some_and(|t| t.reply.is_none()))
            {
                return Err(error(owner.index() + 1, t + 1, ReplayErrorKind::MissingReply));
            }
        }
        fall(&mut game, &mut flags)?;
        if let Some(&flag) = flags.first() {
            return Err(error(0, 0, ReplayErrorKind::FlagOutOfPlace(flag)));
        }
        if let Some(forfeit) = self.forfeit {
            game.forfeit(forfeit)
                .map_err(|_| error(0, 0, ReplayErrorKind::ForfeitAfterEnd))?;
        }
        Ok(game)
    }
}

/// `player`'s `action`, with the clock reading if there is one.
fn timed(
    game: &mut SimultaneousMatch,
    player: Player,
    action: Action,
    left: Option<TimeLeft>,
) -> Result<Event, MoveError> {
    match left {
        Some(left) => game.apply_timed(player, action, left),
        None => game.apply(player, action),
    }
}
