//! Judging a move played against the search's best, for the review of a match.
//!
//! The root search (Hard's, as the hint runs it) finds the best move. Then
//! the best move and the move played are valued the same way: the search
//! one level below the root at the depth the root reached (at least one
//! placement), and the same number of playouts from each, on the same seeds
//! (common random numbers, so what differs between the two is the move),
//! blended as the root's playout stage blends them. Neither value has been
//! picked as the larger of noisy estimates, so a move is not judged worse
//! for the search's luck. When the move played comes out better than the
//! search's choice, it is the best move.

use entropy_rules::{Cell, OrderMove, Position};

use super::playouts::{Entry, run_playouts, seed_of};
use super::{ChaosModel, Engine, Found, OrderModel, Search};
use crate::Limits;

/// Keeps the comparison's playouts apart from the root stage's seeds.
const SEED_SALT: u64 = 0x5EED_0F2E_71E3;

/// A move played, judged against the best move the search finds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Judged<M> {
    /// The best move: the search's, or the move played if it came out better.
    pub(crate) best: M,
    /// The expected final score of the round (Order's) after the best move.
    pub(crate) best_value: f32,
    /// The same after the move played.
    pub(crate) played_value: f32,
    /// Placements searched below the root.
    pub(crate) depth: u32,
}

impl Engine {
    /// Judges Order's `played` move in `position` (which waits for Order):
    /// the root search within `limits` against a Chaos that plays its best,
    /// then `playouts` playouts after each of the two moves.
    pub(crate) fn judge_order(
        &mut self,
        position: &Position,
        played: OrderMove,
        limits: &Limits,
        playouts: u64,
    ) -> Judged<OrderMove> {
        let found = self.order(position, limits, ChaosModel::Minimising);
        let mut search = self.value_search(limits);
        let value = |s: &mut Search, mv: OrderMove, depth| {
            let mut after = *position;
            after.order(mv).ok()?;
            Some((after, s.chance_node(&after, depth)))
        };
        search.compare(position, found, played, playouts, true, value)
    }

    /// Judges Chaos's `played` cell in `position` (which waits for a
    /// placement): the root search within `limits` against an Order that
    /// plans ahead, then `playouts` playouts after each of the two cells.
    pub(crate) fn judge_place(
        &mut self,
        position: &Position,
        played: Cell,
        limits: &Limits,
        playouts: u64,
    ) -> Judged<Cell> {
        let found = self.place(position, limits, OrderModel::Planner);
        let mut search = self.value_search(limits);
        let value = |s: &mut Search, cell: Cell, depth: u32| {
            let mut after = *position;
            after.place(cell).ok()?;
            let value = match after.is_finished() {
                true => after.score() as f32,
                false => s.order_node(&after, depth - 1),
            };
            Some((after, value))
        };
        search.compare(position, found, played, playouts, false, value)
    }
}

impl Engine {
    /// The search that values the positions after both moves, for either
    /// side, bounded only by the stop flag of `limits`: Chaos minimising in
    /// the tree; in the playouts, an Order that plans (slides valued by the
    /// evaluation) and a Chaos that looks for the cell where Order's best
    /// reply gains least: both sides as strong as the playouts play.
    fn value_search(&mut self, limits: &Limits) -> Search<'_> {
        self.place_search(&Limits::none().with_stop(limits.stop.clone()), OrderModel::Planner)
    }
}

impl Search<'_> {
    /// Values `found.best` and `played` alike (see the module's notes), for
    /// Order (`maximise`) or Chaos: `search_move` gives the position after
    /// a move and its value searched to a depth (`None`: not legal).
    fn compare<M: Copy + PartialEq>(
        &mut self,
        position: &Position,
        found: Found<M>,
        played: M,
        playouts: u64,
        maximise: bool,
        search_move: impl Fn(&mut Self, M, u32) -> Option<(Position, f32)>,
    ) -> Judged<M> {
        let depth = found.depth.max(1);
        let base = seed_of(position) ^ SEED_SALT;
        let value_of = |search: &mut Self, mv: M| {
            let (after, value) = search_move(search, mv, depth)?;
            let mut entry = Entry {
                mv,
                after,
                value,
                sum: 0.0,
                count: 0,
            };
            run_playouts(&mut entry, base, playouts, &mut search.policy, &mut search.ctl);
            Some(match entry.count {
                0 => value,
                n => search.blend * (entry.sum / n as f64) as f32 + (1.0 - search.blend) * value,
            })
        };
        let best_value = value_of(self, found.best).unwrap_or(found.value);
        let played_value = if played == found.best {
            best_value
        } else {
            value_of(self, played).unwrap_or(best_value)
        };
        let played_is_better = if maximise {
            played_value > best_value
        } else {
            played_value < best_value
        };
        let (best, best_value) = if played_is_better {
            (played, played_value)
        } else {
            (found.best, best_value)
        };
        Judged {
            best,
            best_value,
            played_value,
            depth: found.depth,
        }
    }
}
