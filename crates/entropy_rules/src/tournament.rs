//! Tournament play (the Mind Sports Olympiad's rules): the time control,
//! the clock readings a record keeps, a player's flag falling, and touch
//! move.
//!
//! The rules crate keeps no clock: the caller measures time and tells a
//! [`crate::Match`] (or a [`crate::SimultaneousMatch`]) what it reads
//! ([`crate::Match::apply_timed`]) and when a player's time is up
//! ([`crate::Match::flag`]). Running out of time is not a loss. From then
//! on the rules play that player's part, and every such move is one the
//! driver applies like another ([`crate::Match::forced_action`]):
//!
//! - Order out of time makes no more moves: each of its turns is a pass.
//! - Chaos out of time: each remaining counter is drawn and placed on the
//!   first empty cell in reading order, from `Aa` (the top-left cell as the
//!   board is shown, the notation's row `A`, column `a`) along row `A` to
//!   `Ag`, then row `B`, down to the bottom-right cell ([`Position::fill_cell`]).
//! - Both out of time: the counters are placed that way and Order passes;
//!   the round finishes at once.
//!
//! A clock runs for the whole match, so a flag stays down in the next
//! round, where its player has the other role.
//!
//! Touch move: an Order who touches a counter that can move must move it
//! ([`Position::touch`], [`Touched`]). Chaos's placement counts once the
//! counter is released: an applied placement is final.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::{Action, Cell, CellSet, MoveError, OrderMove, Phase, Player, Position, Role};

/// A time control: every player has this long for the whole match, on a
/// chess clock (the Mind Sports Olympiad gives 15 minutes, [`TimeControl::MSO`]).
///
/// Written as the seconds per player, `900`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct TimeControl {
    seconds: u32,
}

impl TimeControl {
    /// The Mind Sports Olympiad's: 15 minutes per player for the match.
    pub const MSO: TimeControl = TimeControl { seconds: 900 };

    /// `seconds` per player for the match; `None` for 0.
    pub const fn from_secs(seconds: u32) -> Option<TimeControl> {
        if seconds == 0 {
            None
        } else {
            Some(TimeControl { seconds })
        }
    }

    /// The seconds per player.
    pub const fn secs(self) -> u32 {
        self.seconds
    }

    /// Each player's time for the match.
    pub const fn per_player(self) -> Duration {
        Duration::from_secs(self.seconds as u64)
    }
}

impl fmt::Display for TimeControl {
    /// The seconds per player: `900`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.seconds)
    }
}

impl FromStr for TimeControl {
    type Err = String;
    /// Reads the seconds per player: a whole number above 0.
    fn from_str(s: &str) -> Result<TimeControl, String> {
        s.trim()
            .parse::<u32>()
            .ok()
            .and_then(TimeControl::from_secs)
            .ok_or_else(|| {
                format!(
                    "\"{}\" is not a time control: the seconds each player has for the match, like 900",
                    crate::text::excerpt(s)
                )
            })
    }
}

/// What a player's clock shows after a move: the time they have left, to
/// the millisecond.
///
/// Written as minutes and seconds, `14:52`, with the fraction of a second
/// when there is one, `0:09.5` (at most three decimals; minutes may pass
/// 59: `125:00`).
///
/// ```
/// use entropy_rules::TimeLeft;
/// use std::time::Duration;
///
/// let left = TimeLeft::from_duration(Duration::from_millis(892_250));
/// assert_eq!(left.to_string(), "14:52.25");
/// assert_eq!("14:52.25".parse::<TimeLeft>(), Ok(left));
/// assert_eq!(TimeLeft::from_millis(60_000).to_string(), "1:00");
/// assert!("1:60".parse::<TimeLeft>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct TimeLeft {
    millis: u64,
}

impl TimeLeft {
    /// No time left.
    pub const ZERO: TimeLeft = TimeLeft { millis: 0 };

    /// `millis` milliseconds.
    pub const fn from_millis(millis: u64) -> TimeLeft {
        TimeLeft { millis }
    }

    /// `duration`, to the millisecond below (longer than 584 million years: saturated).
    pub fn from_duration(duration: Duration) -> TimeLeft {
        TimeLeft {
            millis: u64::try_from(duration.as_millis()).unwrap_or(u64::MAX),
        }
    }

    /// In milliseconds.
    pub const fn millis(self) -> u64 {
        self.millis
    }

    /// As a duration.
    pub const fn duration(self) -> Duration {
        Duration::from_millis(self.millis)
    }
}

impl From<Duration> for TimeLeft {
    fn from(duration: Duration) -> TimeLeft {
        TimeLeft::from_duration(duration)
    }
}

impl fmt::Display for TimeLeft {
    /// `m:ss`, or `m:ss.f` to `m:ss.fff` with a fraction.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seconds = self.millis / 1000;
        write!(f, "{}:{:02}", seconds / 60, seconds % 60)?;
        let fraction = self.millis % 1000;
        if fraction != 0 {
            let digits = format!("{fraction:03}");
            write!(f, ".{}", digits.trim_end_matches('0'))?;
        }
        Ok(())
    }
}

impl FromStr for TimeLeft {
    type Err = String;
    /// Reads `m:ss` or `m:ss.fff` (one to three decimals).
    fn from_str(s: &str) -> Result<TimeLeft, String> {
        let bad = || {
            format!(
                "\"{}\" is not a clock: minutes and seconds left, like 14:52 or 0:09.5",
                crate::text::excerpt(s)
            )
        };
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        let (minutes, rest) = s.split_once(':').ok_or_else(bad)?;
        let (seconds, fraction) = match rest.split_once('.') {
            Some((seconds, fraction)) => (seconds, Some(fraction)),
            None => (rest, None),
        };
        if !digits(minutes) || seconds.len() != 2 || !digits(seconds) {
            return Err(bad());
        }
        let minutes: u64 = minutes.parse().map_err(|_| bad())?;
        let seconds: u64 = seconds.parse().map_err(|_| bad())?;
        if seconds >= 60 {
            return Err(bad());
        }
        let millis = match fraction {
            None => 0,
            Some(fraction) if digits(fraction) && fraction.len() <= 3 => {
                format!("{fraction:0<3}").parse::<u64>().map_err(|_| bad())?
            }
            Some(_) => return Err(bad()),
        };
        minutes
            .checked_mul(60_000)
            .and_then(|m| m.checked_add(seconds * 1000 + millis))
            .map(TimeLeft::from_millis)
            .ok_or_else(bad)
    }
}

/// The clock readings of one turn: the time Chaos had left after placing,
/// and Order after its move. `None` where nothing was read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct TurnClocks {
    /// Chaos's time left after the placement.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub placement: Option<TimeLeft>,
    /// Order's time left after its slide or pass.
    #[cfg_attr(feature = "serde", serde(default, skip_serializing_if = "Option::is_none"))]
    pub reply: Option<TimeLeft>,
}

impl TurnClocks {
    /// Whether nothing was read.
    pub fn is_empty(&self) -> bool {
        self.placement.is_none() && self.reply.is_none()
    }
}

/// A player's flag falling: their time for the match is up.
///
/// In a [`crate::Match`], `round` is the round (0 or 1, as
/// [`crate::Match::round_index`]) and `moves` the placements and Order
/// moves (passes too) both players had made in it when the flag fell. In a
/// [`crate::SimultaneousMatch`], `round` is 0 and `moves` counts the
/// flagged player's own moves (their placements on the other's board and
/// their moves on their own).
///
/// Either way, an even `moves` is a point before a placement and an odd one
/// a point after it: [`FlagFall::turn`] and [`FlagFall::after_placement`]
/// say it as a person would, and its text is `round 1, turn 12, before the
/// placement` (for a simultaneous match, `turn 12, after the placement`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FlagFall {
    /// The round, from 0 (0 in a simultaneous match).
    pub round: usize,
    /// The moves made before the fall (see above).
    pub moves: usize,
    /// The player out of time.
    pub player: Player,
}

impl FlagFall {
    /// The turn (from 1) the flag fell in.
    pub fn turn(self) -> usize {
        self.moves / 2 + 1
    }

    /// Whether it fell after the turn's placement (before Order's move);
    /// otherwise before the placement.
    pub fn after_placement(self) -> bool {
        self.moves % 2 == 1
    }

    /// The moves count of `turn` (from 1), before or after its placement.
    pub fn moves_at(turn: usize, after_placement: bool) -> usize {
        2 * turn.saturating_sub(1) + after_placement as usize
    }

    /// Where it fell, without the player: `turn 12, before the placement`.
    pub fn point(self) -> String {
        let when = if self.after_placement() { "after" } else { "before" };
        format!("turn {}, {when} the placement", self.turn())
    }
}

impl fmt::Display for FlagFall {
    /// `player 1 out of time: round 1, turn 12, after the placement`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "player {} out of time: round {}, {}",
            self.player.index() + 1,
            self.round + 1,
            self.point()
        )
    }
}

/// A counter Order has touched, under touch move: if it can slide at all,
/// it is the one Order must move (no pass, no other counter). If it cannot
/// move, touching it binds Order to nothing.
///
/// ```
/// use entropy_rules::{Action, Cell, MoveError, OrderMove, Round, Size};
///
/// let mut round = Round::new(Size::Seven, 1);
/// round.apply(Action::Draw).unwrap();
/// let dd: Cell = "Dd".parse().unwrap();
/// round.apply(Action::Place(dd)).unwrap();
/// let touched = round.touch(dd).unwrap();
/// assert!(touched.must_move());
/// assert_eq!(touched.check(OrderMove::Pass), Err(MoveError::Touched(dd)));
/// let slide = OrderMove::slide(dd, "Da".parse().unwrap());
/// assert_eq!(touched.check(slide), Ok(()));
/// round.apply(slide.into()).unwrap();
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Touched {
    cell: Cell,
    targets: CellSet,
}

impl Touched {
    /// The touched counter's cell.
    pub fn cell(&self) -> Cell {
        self.cell
    }

    /// Where it can slide to (empty if it is hemmed in).
    pub fn targets(&self) -> CellSet {
        self.targets
    }

    /// Whether Order must move this counter: it can slide somewhere.
    pub fn must_move(&self) -> bool {
        !self.targets.is_empty()
    }

    /// Checks that `mv` keeps to touch move: a slide of the touched counter
    /// when it can move (whether the slide is legal is [`Position`]'s
    /// question; this only refuses another counter or a pass, with
    /// [`MoveError::Touched`]).
    pub fn check(&self, mv: OrderMove) -> Result<(), MoveError> {
        match mv {
            _ if !self.must_move() => Ok(()),
            OrderMove::Slide(slide) if slide.from == self.cell => Ok(()),
            _ => Err(MoveError::Touched(self.cell)),
        }
    }

    /// [`Touched::check`] for an action: Order's slide or pass must keep to
    /// touch move; other actions are not Order's and pass unchecked.
    pub fn check_action(&self, action: Action) -> Result<(), MoveError> {
        match action {
            Action::Slide(slide) => self.check(OrderMove::Slide(slide)),
            Action::Pass => self.check(OrderMove::Pass),
            Action::Draw | Action::Place(_) => Ok(()),
        }
    }
}

impl Position {
    /// The first empty cell in reading order, `Aa`, `Ab`, … `Ag`, `Ba`, …:
    /// where the tournament rules place Chaos's counters once its time is
    /// up (from the top-left cell as the board is shown, row by row, to the
    /// bottom-right). `None` on a full board.
    pub fn fill_cell(&self) -> Option<Cell> {
        Cell::all(self.size()).find(|&cell| self.board().is_vacant(cell))
    }

    /// The action the tournament rules play now, when the side to act is
    /// out of time: Chaos's draw, then its placement on
    /// [`Position::fill_cell`], if `chaos_out`; Order's pass if
    /// `order_out`. `None` when the side to act still has time, or the round
    /// is over.
    pub fn forced_action(&self, chaos_out: bool, order_out: bool) -> Option<Action> {
        match self.phase() {
            Phase::ChaosDraw if chaos_out => Some(Action::Draw),
            Phase::ChaosPlace(_) if chaos_out => self.fill_cell().map(Action::Place),
            Phase::OrderMove if order_out => Some(Action::Pass),
            _ => None,
        }
    }

    /// Order touches the counter on `cell` (touch move): what it is then
    /// bound to. Refused unless Order is to move and `cell` holds a counter.
    pub fn touch(&self, cell: Cell) -> Result<Touched, MoveError> {
        if self.phase() != Phase::OrderMove {
            return Err(match self.phase() {
                Phase::Finished => MoveError::RoundOver,
                phase => MoveError::WrongPhase {
                    attempted: "touch a counter to move",
                    phase,
                },
            });
        }
        if !cell.on_board(self.size()) {
            return Err(MoveError::OffBoard(cell));
        }
        if self.board().is_vacant(cell) {
            return Err(MoveError::NoCounter(cell));
        }
        Ok(Touched {
            cell,
            targets: self.slide_targets(cell),
        })
    }

    /// The moves `role` has still to make in this round, the one awaited
    /// now included: Chaos places on every empty cell; Order answers every
    /// placement but the last.
    pub fn moves_left(&self, role: Role) -> usize {
        let vacant = self.size().cells() - self.board().counters();
        match (role, self.phase()) {
            (_, Phase::Finished) => 0,
            (Role::Chaos, _) => vacant,
            (Role::Order, Phase::OrderMove) => vacant,
            (Role::Order, _) => vacant.saturating_sub(1),
        }
    }
}

/// The role that acts in `action`.
pub(crate) fn role_of(action: Action) -> Role {
    match action {
        Action::Draw | Action::Place(_) => Role::Chaos,
        Action::Slide(_) | Action::Pass => Role::Order,
    }
}

/// Whether `action` is the kind of action `phase` waits for (legal or not).
pub(crate) fn fits_phase(action: Action, phase: Phase) -> bool {
    matches!(
        (phase, action),
        (Phase::ChaosDraw, Action::Draw)
            | (Phase::ChaosPlace(_), Action::Place(_))
            | (Phase::OrderMove, Action::Slide(_) | Action::Pass)
    )
}
