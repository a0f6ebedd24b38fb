//! The greedy baseline: Order takes the move with the best score right
//! now, Chaos the cell with the least; ties are broken at random.

use entropy_rules::{Cell, MoveList, OrderMove, Phase, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::{Limits, Player};

/// The greedy player (both roles).
#[derive(Clone, Debug)]
pub struct Greedy {
    rng: SmallRng,
    moves: MoveList,
}

impl Greedy {
    /// A greedy player breaking ties with a generator seeded by `seed`.
    pub fn new(seed: u64) -> Greedy {
        Greedy {
            rng: SmallRng::seed_from_u64(seed),
            moves: MoveList::new(),
        }
    }
}

/// Picks uniformly among the items with the best key (reservoir sampling).
fn best_of<T: Copy, R: Rng>(items: impl Iterator<Item = (T, i64)>, rng: &mut R) -> Option<T> {
    let mut best: Option<(T, i64)> = None;
    let mut ties = 0u32;
    for (item, key) in items {
        match best {
            Some((_, b)) if key < b => {}
            Some((_, b)) if key == b => {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = Some((item, key));
                }
            }
            _ => {
                best = Some((item, key));
                ties = 1;
            }
        }
    }
    best.map(|(item, _)| item)
}

impl Player for Greedy {
    fn name(&self) -> String {
        "greedy".to_string()
    }

    fn place(&mut self, position: &Position, _limits: &Limits) -> Cell {
        let candidates = position.placements().into_iter().map(|cell| {
            let mut after = *position;
            let score = after.place(cell).map_or(0, |_| after.score());
            (cell, -(score as i64))
        });
        best_of(candidates, &mut self.rng).unwrap_or_else(|| fallback_cell(position))
    }

    fn order(&mut self, position: &Position, _limits: &Limits) -> OrderMove {
        position.order_moves(&mut self.moves);
        let candidates = self.moves.iter().map(|&mv| {
            let mut after = *position;
            let score = after.order(mv).map_or(0, |_| after.score());
            (mv, score as i64)
        });
        best_of(candidates, &mut self.rng).unwrap_or(OrderMove::Pass)
    }
}

/// A cell for a position that does not wait for a placement (callers should
/// not ask): the first vacant cell, or the top-left corner.
pub(crate) fn fallback_cell(position: &Position) -> Cell {
    debug_assert!(matches!(position.phase(), Phase::ChaosPlace(_)), "no placement is due");
    position.board().vacant().nth(0).unwrap_or(Cell::TOP_LEFT)
}
