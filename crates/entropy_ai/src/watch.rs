//! What a search level sees of its opponent during a round, as a person
//! across the table would: only the moves on the board. The search takes
//! it as a value ([`OrderModel`], [`ChaosModel`]), not as state of its own.
//!
//! - Chaos watches Order: an Order that has never scored less at once than
//!   it could is taken for greedy (and, once seen sliding when nothing
//!   scored, for one that slides then); from its first move that gives up
//!   points at once it is taken for a planner for the rest of the round.
//! - Order watches Chaos: once Chaos has twice left Order a slide that
//!   another of the cells scoring least at once would not have, and has
//!   never scored more than it had to, it is taken for greedy.
//!
//! A position that does not follow from the last one by one move (a new
//! round) starts a watch afresh.

use entropy_rules::{Cell, CellSet, OrderMove, Phase, Position};

use crate::rollout::{concession, least_scoring};
use crate::search::{ChaosModel, OrderModel};

/// What Chaos has seen of Order's moves this round: whether Order has ever
/// made a move that scored less at once than its best move would have (a
/// greedy Order never does; one that plans ahead soon does).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct OrderWatch {
    /// The position after Chaos's last placement, Order to move.
    pub(crate) after_place: Option<Position>,
    /// Order has made a move that scored less at once than another.
    planner: bool,
    /// Order has slid a counter when no move scored (rather than pass).
    shuffler: bool,
}

impl OrderWatch {
    /// The Order seen so far.
    pub(crate) fn model(&self) -> OrderModel {
        if self.planner {
            OrderModel::Planner
        } else {
            OrderModel::Greedy {
                shuffles: self.shuffler,
            }
        }
    }

    /// Takes in the position Chaos now places in: finds the move Order made
    /// since Chaos's last placement and whether it scored the most it could.
    /// A position that does not follow from the last placement by one Order
    /// move (a new round) starts the watch afresh.
    pub(crate) fn observe(&mut self, position: &Position) {
        let Some(before) = self.after_place.take() else {
            self.planner = false;
            self.shuffler = false;
            return;
        };
        let now = position.board();
        let board = before.board();
        let mut made: Option<u32> = (board == now).then(|| board.score());
        let mut best = board.score();
        board.for_each_slide(|from, to| {
            let mut after = before;
            if after.order(OrderMove::slide(from, to)).is_ok() {
                best = best.max(after.score());
                if after.board() == now {
                    made = Some(after.score());
                }
            }
        });
        let slid = board != now;
        match made {
            Some(score) => {
                self.planner |= score < best;
                self.shuffler |= slid && best == board.score();
            }
            None => {
                self.planner = false;
                self.shuffler = false;
            }
        }
    }
}

/// What Order has seen of Chaos's placements this round: whether every
/// counter went where it scored least at once, and how often Chaos left
/// Order a better slide than another such cell would have (a greedy Chaos
/// picks among its least-scoring cells blindly; one that plans does not).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct ChaosWatch {
    /// The position after Order's last move.
    pub(crate) after_order: Option<Position>,
    /// Chaos has put a counter where it scored more than it had to.
    scored_more: bool,
    /// Placements that left Order a better slide than another of the
    /// least-scoring cells would have.
    blind: u32,
}

/// Blind placements after which Order takes Chaos for greedy.
const BLIND_PLACEMENTS: u32 = 2;

impl ChaosWatch {
    /// Whether Chaos plays as the greedy baseline does, as far as seen.
    fn greedy(&self) -> bool {
        !self.scored_more && self.blind >= BLIND_PLACEMENTS
    }

    /// The Chaos seen so far.
    pub(crate) fn model(&self) -> ChaosModel {
        if self.greedy() {
            ChaosModel::Greedy
        } else {
            ChaosModel::Minimising
        }
    }

    /// Takes in the position Order now moves in: finds where Chaos put its
    /// counter since Order's last move and judges that cell. A position that
    /// does not follow from that move by one placement (a new round) starts
    /// the watch afresh.
    pub(crate) fn observe(&mut self, position: &Position) {
        match self.after_order.take().and_then(|before| placement(&before, position)) {
            Some((drawn, cell)) => self.judge(&drawn, cell),
            None => *self = ChaosWatch::default(),
        }
    }

    /// Judges Chaos's `cell` for the counter it holds in `drawn`.
    fn judge(&mut self, drawn: &Position, cell: Cell) {
        let Phase::ChaosPlace(colour) = drawn.phase() else {
            return;
        };
        let least = least_scoring(drawn.board(), colour);
        if !least.contains(cell) {
            self.scored_more = true;
            return;
        }
        let conceded = |c: Cell| concession(drawn, c).map_or(i32::MAX, |(c, _)| c);
        let safest = least.into_iter().map(conceded).min().unwrap_or(0);
        if conceded(cell) > safest {
            self.blind += 1;
        }
    }
}

/// If `now` follows from `before` by one placement: `before` with the
/// counter drawn, and the cell it went to.
fn placement(before: &Position, now: &Position) -> Option<(Position, Cell)> {
    let filled = CellSet::from_bits(before.board().vacant().bits() & !now.board().vacant().bits());
    let cell = filled.nth(0).filter(|_| filled.len() == 1)?;
    let mut drawn = *before;
    drawn.draw(now.board().get(cell)?).ok()?;
    let mut placed = drawn;
    placed.place(cell).ok()?;
    (placed.board() == now.board()).then_some((drawn, cell))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Player;
    use entropy_rules::{MoveList, Size};
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    /// How the Order of a test round plays.
    #[derive(Clone, Copy, PartialEq)]
    enum Style {
        /// A best-scoring move, the pass when nothing scores.
        Passer,
        /// A best-scoring move, a slide when nothing scores.
        Slider,
        /// The worst-scoring move.
        Worst,
    }

    /// A round of random placements against an Order of `style`, with the
    /// watch told of each position Chaos places in and checked against what
    /// Order did: whether it gave up points, whether it slid when nothing scored.
    fn watched_round(style: Style, seed: u64) -> (OrderWatch, bool, bool) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut watch = OrderWatch::default();
        let mut position = Position::new(Size::Seven);
        let mut moves = MoveList::new();
        let (mut gave_up, mut slid_for_nothing) = (false, false);
        loop {
            match position.phase() {
                Phase::ChaosDraw => position.draw(position.counts().sample(&mut rng).unwrap()).unwrap(),
                Phase::ChaosPlace(_) => {
                    watch.observe(&position);
                    assert_eq!(watch.planner, gave_up);
                    assert_eq!(watch.shuffler, slid_for_nothing);
                    let cells = position.placements();
                    let cell = cells.nth(rng.random_range(0..cells.len())).unwrap();
                    position.place(cell).unwrap();
                    watch.after_place = Some(position);
                }
                Phase::OrderMove => {
                    // The pass comes first in the list.
                    position.order_moves(&mut moves);
                    let scored: Vec<(OrderMove, u32)> = moves
                        .iter()
                        .map(|&mv| {
                            let mut after = position;
                            after.order(mv).unwrap();
                            (mv, after.score())
                        })
                        .collect();
                    let best = scored.iter().map(|m| m.1).max().unwrap();
                    let mut best_moves = scored.iter().filter(|m| m.1 == best);
                    let chosen = match style {
                        Style::Passer => best_moves.next().copied().unwrap(),
                        Style::Slider => best_moves.next_back().copied().unwrap(),
                        Style::Worst => scored.iter().min_by_key(|m| m.1).copied().unwrap(),
                    };
                    gave_up |= chosen.1 < best;
                    slid_for_nothing |= chosen.0 != OrderMove::Pass && best == position.score();
                    position.order(chosen.0).unwrap();
                }
                Phase::Finished => return (watch, gave_up, slid_for_nothing),
            }
        }
    }

    /// How the Chaos of a test round places.
    #[derive(Clone, Copy, PartialEq)]
    enum Placer {
        /// A cell that scores least at once, at random among them.
        Greedy,
        /// Among those, one that leaves Order the least.
        Careful,
        /// A cell that scores most at once.
        Reckless,
    }

    /// A round of a Chaos of `style` against a greedy Order, with Order's
    /// watch told of each position Order moves in; whether the watch took
    /// Chaos for greedy by the end, and whether it ever did.
    fn chaos_watched_round(style: Placer, seed: u64) -> (bool, bool) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut watch = ChaosWatch::default();
        let mut order = crate::Greedy::new(seed);
        let mut position = Position::new(Size::Seven);
        let mut ever = false;
        loop {
            match position.phase() {
                Phase::ChaosDraw => position.draw(position.counts().sample(&mut rng).unwrap()).unwrap(),
                Phase::ChaosPlace(_) => {
                    let scored: Vec<(Cell, u32, i32)> = position
                        .placements()
                        .into_iter()
                        .map(|cell| {
                            let mut after = position;
                            after.place(cell).unwrap();
                            let conceded = crate::rollout::concession(&position, cell).unwrap().0;
                            (cell, after.score(), conceded)
                        })
                        .collect();
                    let least = scored.iter().map(|s| s.1).min().unwrap();
                    let mut cheapest: Vec<&(Cell, u32, i32)> = scored.iter().filter(|s| s.1 == least).collect();
                    let cell = match style {
                        Placer::Greedy => cheapest[rng.random_range(0..cheapest.len())].0,
                        Placer::Careful => {
                            cheapest.sort_by_key(|s| s.2);
                            cheapest[0].0
                        }
                        Placer::Reckless => scored.iter().max_by_key(|s| s.1).unwrap().0,
                    };
                    position.place(cell).unwrap();
                }
                Phase::OrderMove => {
                    watch.observe(&position);
                    ever |= watch.greedy();
                    let mv = order.order(&position, &crate::Limits::default());
                    position.order(mv).unwrap();
                    watch.after_order = Some(position);
                }
                Phase::Finished => return (watch.greedy(), ever),
            }
        }
    }

    #[test]
    fn the_chaos_watch_tells_a_greedy_chaos_from_one_that_plans() {
        let mut greedy_seen = 0;
        for seed in 0..6 {
            let (greedy_at_end, _) = chaos_watched_round(Placer::Greedy, seed);
            greedy_seen += greedy_at_end as u32;
            let (_, ever) = chaos_watched_round(Placer::Careful, seed);
            assert!(!ever, "a Chaos that leaves Order the least is never taken for greedy");
            let (_, ever) = chaos_watched_round(Placer::Reckless, seed);
            assert!(!ever, "a Chaos that scores more than it must is never taken for greedy");
        }
        assert!(
            greedy_seen >= 5,
            "a blind greedy Chaos was taken for greedy in {greedy_seen} of 6 rounds"
        );
        // A new round starts the watch afresh.
        let mut watch = ChaosWatch {
            blind: BLIND_PLACEMENTS,
            ..ChaosWatch::default()
        };
        assert!(watch.greedy());
        let mut fresh = Position::new(Size::Seven);
        watch.after_order = Some(fresh);
        let colour = fresh.counts().sample(&mut SmallRng::seed_from_u64(1)).unwrap();
        fresh.draw(colour).unwrap();
        fresh.place(Cell::TOP_LEFT).unwrap();
        fresh.order(OrderMove::Pass).unwrap();
        let colour = fresh.counts().sample(&mut SmallRng::seed_from_u64(2)).unwrap();
        fresh.draw(colour).unwrap();
        fresh.place(Cell::new(0, 1).unwrap()).unwrap();
        watch.observe(&fresh);
        assert!(
            !watch.greedy(),
            "two placements since the last move: not the same round"
        );
    }

    #[test]
    fn the_watch_tells_a_greedy_order_from_one_that_gives_up_points() {
        for seed in 0..5 {
            let (_, gave_up, slid) = watched_round(Style::Passer, seed);
            assert!(!gave_up && !slid);
            let (_, gave_up, slid) = watched_round(Style::Slider, seed);
            assert!(!gave_up && slid, "nothing scores at the start of a round");
            let (mut watch, gave_up, _) = watched_round(Style::Worst, seed);
            assert!(
                gave_up && watch.planner,
                "random placements always leave a scoring slide sometime"
            );
            // A new round starts the watch afresh.
            let mut fresh = Position::new(Size::Seven);
            let colour = fresh.counts().sample(&mut SmallRng::seed_from_u64(seed)).unwrap();
            fresh.draw(colour).unwrap();
            watch.observe(&fresh);
            assert!(!watch.planner && !watch.shuffler);
        }
    }
}
