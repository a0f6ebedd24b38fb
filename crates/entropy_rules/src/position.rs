use std::fmt;

use rand::Rng;

use crate::{Board, Cell, CellSet, Colour, Counts, MoveError, MoveList, OrderMove, Placement, Role, Size, Slide};

/// What a round is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// Chaos is to draw a counter from the bag.
    ChaosDraw,
    /// Chaos holds a counter of this colour and is to place it.
    ChaosPlace(Colour),
    /// Order is to slide a counter or pass.
    OrderMove,
    /// The board is full; the round is over.
    Finished,
}

impl Phase {
    /// Whose turn it is; `None` once the round is over.
    pub fn to_move(self) -> Option<Role> {
        match self {
            Phase::ChaosDraw | Phase::ChaosPlace(_) => Some(Role::Chaos),
            Phase::OrderMove => Some(Role::Order),
            Phase::Finished => None,
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::ChaosDraw => f.write_str("Chaos is to draw a counter"),
            Phase::ChaosPlace(colour) => write!(f, "Chaos is to place a {} counter", colour.name()),
            Phase::OrderMove => f.write_str("Order is to slide a counter or pass"),
            Phase::Finished => f.write_str("the round is over"),
        }
    }
}

/// Everything a player may know of a round: the board, what is left in the
/// bag (counts, never the order), whose turn it is and the cell just placed.
///
/// The phase machine lives here; every method keeps the position legal and
/// refuses an illegal move with a [`MoveError`], leaving the position
/// unchanged. `Copy` and allocation-free, so searches can copy it freely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    board: Board,
    counts: Counts,
    phase: Phase,
    last_placed: Option<Cell>,
}

impl Position {
    /// The start of a round: an empty board, a full bag, Chaos to draw.
    pub fn new(size: Size) -> Position {
        Position {
            board: Board::new(size),
            counts: Counts::full(size),
            phase: Phase::ChaosDraw,
            last_placed: None,
        }
    }

    /// The board size.
    #[inline]
    pub fn size(&self) -> Size {
        self.board.size()
    }

    /// The counters on the board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// What is left in the bag.
    #[inline]
    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// What the round waits for.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The cell of the latest placement (`None` before the first).
    #[inline]
    pub fn last_placed(&self) -> Option<Cell> {
        self.last_placed
    }

    /// Whether the board is full and the round over.
    #[inline]
    pub fn is_finished(&self) -> bool {
        self.phase == Phase::Finished
    }

    /// Order's score as the board stands (the final score once finished).
    #[inline]
    pub fn score(&self) -> u32 {
        self.board.score()
    }

    /// The refusal of `attempted` in the current phase.
    fn refuse(&self, attempted: &'static str) -> MoveError {
        match self.phase {
            Phase::Finished => MoveError::RoundOver,
            phase => MoveError::WrongPhase { attempted, phase },
        }
    }

    /// Checks that Chaos is to draw.
    pub fn check_draw(&self) -> Result<(), MoveError> {
        match self.phase {
            Phase::ChaosDraw => Ok(()),
            _ => Err(self.refuse("draw")),
        }
    }

    /// Chaos has drawn `colour` (for chance nodes of a search, replays, and
    /// colours told by a referee). It must still be in the bag.
    pub fn draw(&mut self, colour: Colour) -> Result<(), MoveError> {
        self.check_draw()?;
        if !self.size().has_colour(colour) {
            return Err(MoveError::NoSuchColour(colour, self.size()));
        }
        if !self.counts.take(colour) {
            return Err(MoveError::ColourNotInBag(colour));
        }
        self.phase = Phase::ChaosPlace(colour);
        Ok(())
    }

    /// Checks that Chaos may place the drawn counter on `cell`; gives its colour.
    pub fn check_place(&self, cell: Cell) -> Result<Colour, MoveError> {
        let Phase::ChaosPlace(colour) = self.phase else {
            return Err(self.refuse("place a counter"));
        };
        if !cell.on_board(self.size()) {
            return Err(MoveError::OffBoard(cell));
        }
        if !self.board.is_vacant(cell) {
            return Err(MoveError::Occupied(cell));
        }
        Ok(colour)
    }

    /// Chaos places the drawn counter on `cell`. After the last counter the
    /// round is over; otherwise Order is to move.
    pub fn place(&mut self, cell: Cell) -> Result<Placement, MoveError> {
        let colour = self.check_place(cell)?;
        self.put(cell, colour);
        Ok(Placement { colour, cell })
    }

    /// Puts `colour` on the vacant `cell` (checked by the caller); then
    /// Order is to move, or the round is over.
    #[inline]
    fn put(&mut self, cell: Cell, colour: Colour) {
        self.board.put(cell, colour);
        self.last_placed = Some(cell);
        self.phase = if self.board.is_full() {
            Phase::Finished
        } else {
            Phase::OrderMove
        };
    }

    /// The cells Chaos may place on now (none unless a counter is in hand).
    pub fn placements(&self) -> CellSet {
        match self.phase {
            Phase::ChaosPlace(_) => self.board.vacant(),
            _ => CellSet::EMPTY,
        }
    }

    /// Checks that Order may play `mv` now.
    pub fn check_order(&self, mv: OrderMove) -> Result<(), MoveError> {
        if self.phase != Phase::OrderMove {
            return Err(self.refuse("make Order's move"));
        }
        let OrderMove::Slide(slide) = mv else {
            return Ok(());
        };
        self.check_slide(slide)
    }

    fn check_slide(&self, Slide { from, to }: Slide) -> Result<(), MoveError> {
        let size = self.size();
        for cell in [from, to] {
            if !cell.on_board(size) {
                return Err(MoveError::OffBoard(cell));
            }
        }
        if self.board.get(from).is_none() {
            return Err(MoveError::NoCounter(from));
        }
        if from == to {
            return Err(MoveError::ZeroLength(from));
        }
        if from.row() != to.row() && from.col() != to.col() {
            return Err(MoveError::NotStraight { from, to });
        }
        match Slide::new(from, to).path().find(|&cell| self.board.get(cell).is_some()) {
            Some(at) => Err(MoveError::Blocked { at }),
            None => Ok(()),
        }
    }

    /// Order slides a counter or passes; then Chaos is to draw.
    pub fn order(&mut self, mv: OrderMove) -> Result<(), MoveError> {
        self.check_order(mv)?;
        if let OrderMove::Slide(slide) = mv {
            self.board.slide(slide.from, slide.to);
        }
        self.phase = Phase::ChaosDraw;
        Ok(())
    }

    /// Where the counter on `from` could slide to now (none unless Order is to move).
    pub fn slide_targets(&self, from: Cell) -> CellSet {
        match self.phase {
            Phase::OrderMove if from.on_board(self.size()) => self.board.slide_targets(from),
            _ => CellSet::EMPTY,
        }
    }

    /// Order's legal moves into `moves` (cleared first): the pass, then every
    /// slide in the order of [`Board::for_each_slide`]. Empty unless Order is
    /// to move. Never allocates.
    pub fn order_moves(&self, moves: &mut MoveList) {
        moves.clear();
        if self.phase != Phase::OrderMove {
            return;
        }
        moves.push(OrderMove::Pass);
        self.board.for_each_slide(|from, to| {
            // Cannot overflow: MAX_ORDER_MOVES bounds every position.
            let _ = moves.try_push(OrderMove::slide(from, to));
        });
    }

    /// How many moves [`Position::order_moves`] would list, without listing them.
    #[inline]
    pub fn order_move_count(&self) -> usize {
        if self.phase != Phase::OrderMove {
            return 0;
        }
        1 + self.board.slide_count()
    }

    /// The `k`-th move of [`Position::order_moves`], without listing them.
    #[inline]
    pub fn nth_order_move(&self, k: usize) -> Option<OrderMove> {
        if self.phase != Phase::OrderMove {
            return None;
        }
        match k {
            0 => Some(OrderMove::Pass),
            _ => self.board.nth_slide(k - 1).map(|(from, to)| OrderMove::slide(from, to)),
        }
    }

    /// Plays the round to its end with uniformly random legal moves (draws
    /// weighted by the counts, any vacant cell, any Order move or the pass)
    /// and returns the final score. A playout, for simulations and benchmarks.
    pub fn playout<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u32 {
        loop {
            match self.phase {
                Phase::ChaosDraw => match self.counts.sample(rng) {
                    Some(colour) if self.counts.take(colour) => self.phase = Phase::ChaosPlace(colour),
                    _ => break,
                },
                Phase::ChaosPlace(colour) => {
                    let vacant = self.size().cells() - self.board.counters();
                    let Some(cell) = self.board.nth_vacant(rng.random_range(0..vacant)) else {
                        break;
                    };
                    self.put(cell, colour);
                }
                Phase::OrderMove => {
                    let k = rng.random_range(0..=self.board.slide_count());
                    if k > 0 {
                        let Some((from, to)) = self.board.nth_slide(k - 1) else {
                            break;
                        };
                        self.board.slide(from, to);
                    }
                    self.phase = Phase::ChaosDraw;
                }
                Phase::Finished => break,
            }
        }
        debug_assert!(self.is_finished(), "a playout stops only at the end");
        self.score()
    }
}
