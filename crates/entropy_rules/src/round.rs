use crate::{
    Bag, Board, Cell, Colour, Counts, LineScore, MoveError, OrderMove, Phase, Placement, Position, RoundRecord, Size,
    Slide, TallyStep, Touched, Turn, UndoError,
};

/// Something a player asks to do in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Chaos draws from the bag.
    Draw,
    /// Chaos places the drawn counter.
    Place(Cell),
    /// Order slides a counter.
    Slide(Slide),
    /// Order passes.
    Pass,
}

impl From<OrderMove> for Action {
    fn from(mv: OrderMove) -> Action {
        match mv {
            OrderMove::Slide(slide) => Action::Slide(slide),
            OrderMove::Pass => Action::Pass,
        }
    }
}

/// What an accepted action did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// Chaos drew this colour.
    Drew(Colour),
    /// Chaos placed a counter (the round may now be over).
    Placed(Placement),
    /// Order slid a counter.
    Slid(Slide),
    /// Order passed.
    Passed,
}

/// One round: a [`Position`] with its [`Bag`] and the turns played.
///
/// The only way to change it is [`Round::apply`], which refuses an illegal
/// action with a [`MoveError`] and leaves the round unchanged. Players see
/// the round through [`Round::position`], which holds the bag's counts but
/// never its order; `Round` itself is not `Clone`, so no copy can be drawn
/// from to look ahead.
#[derive(Debug)]
pub struct Round {
    position: Position,
    bag: Bag,
    turns: Vec<Turn>,
}

impl Round {
    /// A new round whose bag draws at random from `seed`.
    pub fn new(size: Size, seed: u64) -> Round {
        Round::with_bag(Bag::seeded(size, seed))
    }

    /// A new round drawing from `bag`, which must be full.
    pub fn with_bag(bag: Bag) -> Round {
        let size = bag.counts().size();
        debug_assert_eq!(bag.counts().total(), size.cells(), "a round starts with a full bag");
        Round {
            position: Position::new(size),
            bag,
            turns: Vec::with_capacity(size.cells()),
        }
    }

    /// What the players may know: board, counts left, phase.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.position.size()
    }

    /// The counters on the board.
    pub fn board(&self) -> &Board {
        self.position.board()
    }

    /// What the round waits for.
    pub fn phase(&self) -> Phase {
        self.position.phase()
    }

    /// What is left in the bag.
    pub fn counts(&self) -> &Counts {
        self.position.counts()
    }

    /// Whether the board is full.
    pub fn is_finished(&self) -> bool {
        self.position.is_finished()
    }

    /// Order's score: final once the round is over, the board as it stands before.
    pub fn score(&self) -> u32 {
        self.position.score()
    }

    /// Every line's scoring runs, in the order the rules count them aloud.
    pub fn breakdown(&self) -> Vec<LineScore> {
        self.position.board().breakdown()
    }

    /// The count of the board as the rules say it aloud, one step per run
    /// (see [`crate::tally`]).
    pub fn tally(&self) -> Vec<TallyStep> {
        crate::tally(&self.breakdown())
    }

    /// The turns so far; the last one may lack Order's reply.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The placements and Order moves (passes too) made so far.
    pub fn moves(&self) -> usize {
        self.turns.len() + self.turns.iter().filter(|t| t.reply.is_some()).count()
    }

    /// Order touches the counter on `cell`, under touch move: see
    /// [`Position::touch`] and [`Touched`].
    pub fn touch(&self, cell: Cell) -> Result<Touched, MoveError> {
        self.position.touch(cell)
    }

    /// What the tournament rules play now for a side out of time (see
    /// [`Position::forced_action`]).
    pub fn forced_action(&self, chaos_out: bool, order_out: bool) -> Option<Action> {
        self.position.forced_action(chaos_out, order_out)
    }

    /// Tells a round whose bag is told ([`Bag::told`]) its next draw.
    pub fn tell(&mut self, colour: Colour) -> Result<(), String> {
        self.bag.tell(colour)
    }

    /// Whether Chaos may draw now: the round waits for a draw and the bag
    /// has a counter to give (a told bag, one told and not yet drawn).
    pub fn ready_to_draw(&self) -> bool {
        self.phase() == Phase::ChaosDraw && self.bag.ready()
    }

    /// Does `action`, or refuses it and changes nothing.
    pub fn apply(&mut self, action: Action) -> Result<Event, MoveError> {
        match action {
            Action::Draw => {
                self.position.check_draw()?;
                // The bag and the position count the same counters, so a
                // position waiting for a draw always has a counter to draw.
                let colour = self.bag.draw().ok_or(MoveError::RoundOver)?;
                self.position.draw(colour)?;
                Ok(Event::Drew(colour))
            }
            Action::Place(cell) => {
                let placement = self.position.place(cell)?;
                self.turns.push(Turn { placement, reply: None });
                Ok(Event::Placed(placement))
            }
            Action::Slide(slide) => {
                self.order(OrderMove::Slide(slide))?;
                Ok(Event::Slid(slide))
            }
            Action::Pass => {
                self.order(OrderMove::Pass)?;
                Ok(Event::Passed)
            }
        }
    }

    fn order(&mut self, mv: OrderMove) -> Result<(), MoveError> {
        self.position.order(mv)?;
        if let Some(turn) = self.turns.last_mut() {
            turn.reply = Some(mv);
        }
        Ok(())
    }

    /// Takes back the last placement or Order move and returns it. The round
    /// is then exactly as it was just before that action: after a placement
    /// is taken back Chaos holds the same counter again; after an Order move,
    /// Order is to move again. The bag draws in the same order whatever is
    /// taken back, so the luck of the round never changes.
    ///
    /// ```
    /// use entropy_rules::{Action, Cell, Phase, Round, Size};
    ///
    /// let mut round = Round::new(Size::Seven, 7);
    /// round.apply(Action::Draw).unwrap();
    /// let Phase::ChaosPlace(colour) = round.phase() else { unreachable!() };
    /// let cell = Cell::new(3, 3).unwrap();
    /// round.apply(Action::Place(cell)).unwrap();
    /// assert_eq!(round.undo(), Ok(Action::Place(cell)));
    /// assert_eq!(round.phase(), Phase::ChaosPlace(colour));
    /// assert!(round.board().is_vacant(cell));
    /// ```
    pub fn undo(&mut self) -> Result<Action, UndoError> {
        let mut turns = self.turns.clone();
        let last = turns.last_mut().ok_or(UndoError::NothingToUndo)?;
        let undone = match last.reply.take() {
            Some(reply) => Action::from(reply),
            None => Action::Place(turns.pop().map(|t| t.placement.cell).ok_or(UndoError::NothingToUndo)?),
        };
        let record = RoundRecord {
            size: self.size(),
            bag: self.bag.spec(),
            turns,
        };
        // The record is this round's own history, so it always replays.
        let mut round = record
            .replay_from(self.bag.restarted())
            .map_err(|_| UndoError::NothingToUndo)?;
        if matches!(undone, Action::Place(_)) {
            round.apply(Action::Draw).map_err(|_| UndoError::NothingToUndo)?;
        }
        *self = round;
        Ok(undone)
    }

    /// The record of the round so far, which [`RoundRecord::replay`] turns
    /// back into an identical round.
    pub fn record(&self) -> RoundRecord {
        RoundRecord {
            size: self.size(),
            bag: self.bag.spec(),
            turns: self.turns.clone(),
        }
    }
}
