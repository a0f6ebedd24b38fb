//! The casual players behind the Beginner and Easy levels: weak on purpose,
//! but never pointless. They look one move ahead, as a person does, and
//! their mistakes are the plausible ones: the second-best move, a chance
//! not seen.
//!
//! - **Beginner** sees only what a move scores at once. As Order it plays
//!   the slide that makes the most points now (sometimes a lesser one that
//!   also scores), and otherwise passes; it never moves for no reason. As
//!   Chaos it puts the counter where it scores nothing at once, at random
//!   among such cells, and now and then on a cell that gives a little away.
//! - **Easy** also sees prospects: it judges each move by the static
//!   evaluation (what the empty cells can still become), and as Chaos it
//!   looks at Order's best reply. It picks among its three best moves,
//!   the best most of the time.

use entropy_rules::{Cell, OrderMove, Phase, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::eval::{Bag, Evaluator};
use crate::{Limits, Player};

/// Which casual style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    Beginner,
    Easy,
}

/// A casual player (both roles).
pub(crate) struct Casual {
    style: Style,
    eval: Evaluator,
    rng: SmallRng,
}

impl Casual {
    pub(crate) fn new(style: Style, seed: u64) -> Casual {
        Casual {
            style,
            eval: Evaluator::new(),
            rng: SmallRng::seed_from_u64(seed),
        }
    }

    /// Index into `ranked` (best first): the best with chance `p_best`, else one of the next two.
    fn pick(&mut self, len: usize, p_best: f64) -> usize {
        if len <= 1 || self.rng.random_bool(p_best) {
            0
        } else {
            self.rng.random_range(1..len.min(3))
        }
    }
}

impl Player for Casual {
    fn name(&self) -> String {
        match self.style {
            Style::Beginner => "beginner",
            Style::Easy => "easy",
        }
        .to_string()
    }

    fn place(&mut self, position: &Position, _limits: &Limits) -> Cell {
        let Phase::ChaosPlace(colour) = position.phase() else {
            return crate::greedy::fallback_cell(position);
        };
        let board = position.board();
        let now = position.score() as f32;
        let bag = Bag::new(position.counts());
        let lines = self.eval.lines(board, &bag);
        // (cell, what it gives Order: lower is better for Chaos)
        let mut cells: Vec<(Cell, f32)> = board
            .vacant()
            .into_iter()
            .map(|cell| {
                let mut after = *position;
                let gift = match self.style {
                    Style::Beginner => after.place(cell).map_or(f32::MAX, |_| after.score() as f32 - now),
                    Style::Easy => {
                        let value = self.eval.after_place(board, &lines, cell, colour, &bag);
                        // Order's best reply, judged statically.
                        match after.place(cell) {
                            Ok(_) if !after.is_finished() => {
                                let after_lines = self.eval.lines(after.board(), &bag);
                                let mut best = after_lines.total;
                                after.board().for_each_slide(|from, to| {
                                    best = best.max(self.eval.after_slide(after.board(), &after_lines, from, to, &bag));
                                });
                                best.max(value)
                            }
                            _ => after.score() as f32,
                        }
                    }
                };
                (cell, gift)
            })
            .collect();
        if cells.is_empty() {
            return crate::greedy::fallback_cell(position);
        }
        match self.style {
            Style::Beginner => {
                let least = cells.iter().map(|c| c.1).fold(f32::MAX, f32::min);
                // Mostly a cell that gives nothing away; now and then one that gives a little.
                let slack = if self.rng.random_bool(0.2) { 2.5 } else { 0.0 };
                cells.retain(|c| c.1 <= least + slack);
                let k = self.rng.random_range(0..cells.len());
                cells[k].0
            }
            Style::Easy => {
                // Shuffle first so that equal cells are taken at random.
                for i in (1..cells.len()).rev() {
                    let j = self.rng.random_range(0..=i);
                    cells.swap(i, j);
                }
                cells.sort_by(|a, b| a.1.total_cmp(&b.1));
                let k = self.pick(cells.len(), 0.6);
                cells[k].0
            }
        }
    }

    fn order(&mut self, position: &Position, _limits: &Limits) -> OrderMove {
        if position.phase() != Phase::OrderMove {
            return OrderMove::Pass;
        }
        let board = position.board();
        let now = position.score() as f32;
        let bag = Bag::new(position.counts());
        let lines = self.eval.lines(board, &bag);
        let mut moves: Vec<(OrderMove, f32)> = Vec::new();
        board.for_each_slide(|from, to| {
            let mv = OrderMove::slide(from, to);
            let value = match self.style {
                Style::Beginner => {
                    let mut after = *position;
                    after.order(mv).map_or(f32::MIN, |_| after.score() as f32 - now)
                }
                Style::Easy => self.eval.after_slide(board, &lines, from, to, &bag) - lines.total,
            };
            // Only moves that gain something: a person does not slide for nothing.
            if value > 0.25 {
                moves.push((mv, value));
            }
        });
        if moves.is_empty() {
            return OrderMove::Pass;
        }
        for i in (1..moves.len()).rev() {
            let j = self.rng.random_range(0..=i);
            moves.swap(i, j);
        }
        moves.sort_by(|a, b| b.1.total_cmp(&a.1));
        let p_best = match self.style {
            Style::Beginner => 0.6,
            Style::Easy => 0.7,
        };
        let k = self.pick(moves.len(), p_best);
        moves[k].0
    }
}
