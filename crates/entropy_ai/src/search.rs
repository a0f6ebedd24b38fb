//! Selective expectimax with iterative deepening, for both roles.
//!
//! The tree alternates the way a round does: an Order node (slide or pass,
//! maximising), a chance node (the colour Chaos draws, each colour weighted
//! by the counters of it left), a Chaos node (the cell, minimising), an
//! Order node, and so on. Every move is first judged by the static
//! evaluation (incrementally: a slide changes three line values, a placement
//! two); only the best few are searched further (a beam per node type) and
//! at the horizon Order's best static reply closes the line. Colours that
//! are not on the board and have the same count left lead to the same
//! values, so a chance node searches one of them for all.
//!
//! The root searches (`root.rs`) deepen one placement an iteration; then,
//! for the levels that have one, the playout stage (`playouts.rs`) judges
//! the best root moves by how rounds actually end from them.
//!
//! How the search takes the other side to play is a value passed to it,
//! an [`OrderModel`] or a [`ChaosModel`], from what the player has seen of
//! its opponent this round (`watch.rs`).

use entropy_rules::{Cell, Colour, MAX_N, OrderMove, Phase, Position};

use crate::Limits;
use crate::budget::Control;
use crate::config::SearchConfig;
use crate::eval::{Bag, Evaluator, Lines};
use crate::rollout::{Policy, least_scoring};

mod judge;
mod playouts;
mod root;

/// How many nodes pass between two looks at the clock and the flag.
const CHECK_EVERY: u64 = 256;

/// With a time limit, no new iteration starts after this share of it (the
/// next one takes several times longer than the last).
const SOFT_TIME: f32 = 0.3;

/// The Order that Chaos's search expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OrderModel {
    /// An Order that plans ahead (it has given up points at once): in
    /// Chaos's playouts it values slides by the static evaluation, and the
    /// safe-cell margin is `safe_margin_planner`.
    Planner,
    /// An Order that takes what scores at once, playing greedily in Chaos's
    /// playouts; `shuffles`: when nothing scores it slides at random rather
    /// than pass.
    Greedy {
        /// Seen sliding when no move scored.
        shuffles: bool,
    },
}

/// The Chaos that Order's search expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ChaosModel {
    /// A Chaos that takes the cell worst for Order among the best few.
    Minimising,
    /// A Chaos that puts its counter on any cell that scores least at once:
    /// a Chaos node is the mean over some of those cells
    /// ([`SearchConfig::greedy_chaos_cells`]).
    Greedy,
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Found<M> {
    /// The move to play.
    pub(crate) best: M,
    /// The expected final score of the round (Order's) after it.
    pub(crate) value: f32,
    /// Placements searched below the root by the deepest finished iteration
    /// (0: the static evaluation alone).
    pub(crate) depth: u32,
    /// Positions evaluated and moves judged in playouts.
    pub(crate) nodes: u64,
}

/// The search engine: its evaluators (with their caches) and a configuration.
pub(crate) struct Engine {
    eval: Evaluator,
    /// Order's policy in Chaos's playouts when Order plans ahead.
    planner_eval: Evaluator,
    config: SearchConfig,
}

impl Engine {
    /// An engine searching as `config` says.
    pub(crate) fn new(config: SearchConfig) -> Engine {
        Engine {
            eval: Evaluator::new(),
            planner_eval: Evaluator::new(),
            config,
        }
    }

    /// Order's best move in `position` (which must wait for Order) within
    /// `limits`, against a Chaos that plays as `chaos` says.
    pub(crate) fn order(&mut self, position: &Position, limits: &Limits, chaos: ChaosModel) -> Found<OrderMove> {
        self.order_search(limits, chaos).root_order(position)
    }

    /// A search for Order's moves within `limits`, against a Chaos that
    /// plays as `chaos` says.
    fn order_search(&mut self, limits: &Limits, chaos: ChaosModel) -> Search<'_> {
        let playouts = self.config.playouts;
        Search {
            eval: &mut self.eval,
            // Both sides play greedily in Order's playouts.
            policy: Policy {
                order_eval: None,
                chaos_look: 0,
                order_shuffles: false,
            },
            blend: playouts.map_or(1.0, |p| p.weight),
            safe_margin: None,
            greedy_chaos: match chaos {
                ChaosModel::Greedy => self.config.greedy_chaos_cells,
                ChaosModel::Minimising => 0,
            },
            config: self.config,
            ctl: Control::new(limits, CHECK_EVERY),
        }
    }

    /// Chaos's best cell in `position` (which must wait for a placement)
    /// within `limits`, against an Order that plays as `order` says.
    pub(crate) fn place(&mut self, position: &Position, limits: &Limits, order: OrderModel) -> Found<Cell> {
        self.place_search(limits, order).root_place(position)
    }

    /// A search for Chaos's cells within `limits`, against an Order that
    /// plays as `order` says.
    fn place_search(&mut self, limits: &Limits, order: OrderModel) -> Search<'_> {
        let playouts = self.config.playouts;
        let (order_eval, order_shuffles, blend, safe_margin) = match order {
            OrderModel::Planner => (
                Some(&mut self.planner_eval),
                false,
                playouts.map_or(1.0, |p| p.weight),
                playouts.and_then(|p| p.safe_margin_planner),
            ),
            OrderModel::Greedy { shuffles } => (
                None,
                shuffles,
                playouts.map_or(1.0, |p| p.weight_greedy),
                playouts.map(|p| p.safe_margin),
            ),
        };
        Search {
            eval: &mut self.eval,
            policy: Policy {
                order_eval,
                chaos_look: playouts.map_or(0, |p| p.chaos_look),
                order_shuffles,
            },
            blend,
            safe_margin,
            greedy_chaos: 0,
            config: self.config,
            ctl: Control::new(limits, CHECK_EVERY),
        }
    }
}

/// One search: the tree below a root, the root searches (`root.rs`) and
/// the playout stage (`playouts.rs`).
struct Search<'a> {
    eval: &'a mut Evaluator,
    /// How both sides play in the playouts for this side's move.
    policy: Policy<'a>,
    /// How much the playouts' mean counts against the search's value.
    blend: f32,
    /// Chaos's safe-cell margin before its playouts (`None`: no filter).
    safe_margin: Option<u32>,
    /// Chaos nodes average over up to this many of the cells that score
    /// least at once (0: Chaos minimises over its beam).
    greedy_chaos: usize,
    config: SearchConfig,
    ctl: Control,
}

/// Sorts best first for Order (highest value), keeping the generation order among equals.
fn sort_desc<M>(moves: &mut [(M, f32)]) {
    moves.sort_by(|a, b| b.1.total_cmp(&a.1));
}

/// Sorts best first for Chaos (lowest value), keeping the generation order among equals.
fn sort_asc<M>(moves: &mut [(M, f32)]) {
    moves.sort_by(|a, b| a.1.total_cmp(&b.1));
}

impl Search<'_> {
    /// Every Order move with the static value after it, the pass first.
    fn order_children(&mut self, position: &Position, lines: &Lines, bag: &Bag) -> Vec<(OrderMove, f32)> {
        let mut out = Vec::with_capacity(position.order_move_count());
        out.push((OrderMove::Pass, lines.total));
        let board = *position.board();
        let eval = &mut *self.eval;
        board.for_each_slide(|from, to| {
            out.push((
                OrderMove::slide(from, to),
                eval.after_slide(&board, lines, from, to, bag),
            ));
        });
        out
    }

    /// Every empty cell with the static value after the drawn counter goes there.
    fn place_children(&mut self, position: &Position, lines: &Lines, bag: &Bag) -> Vec<(Cell, f32)> {
        let Phase::ChaosPlace(colour) = position.phase() else {
            return Vec::new();
        };
        let board = position.board();
        board
            .vacant()
            .into_iter()
            .map(|cell| (cell, self.eval.after_place(board, lines, cell, colour, bag)))
            .collect()
    }

    /// The value of a position where Order is to move, searching `depth`
    /// placements deeper; at the horizon, Order's best static reply.
    fn order_node(&mut self, position: &Position, depth: u32) -> f32 {
        let bag = Bag::new(position.counts());
        let lines = self.eval.lines(position.board(), &bag);
        let mut children = self.order_children(position, &lines, &bag);
        if self.ctl.tick(children.len() as u64) {
            return 0.0;
        }
        if depth == 0 {
            return children.iter().fold(f32::MIN, |best, &(_, value)| best.max(value));
        }
        sort_desc(&mut children);
        let mut best = f32::MIN;
        for &(mv, _) in children.iter().take(self.config.order_beam.max(1)) {
            let mut after = *position;
            if after.order(mv).is_err() {
                continue;
            }
            let value = self.chance_node(&after, depth);
            if self.ctl.aborted() {
                return 0.0;
            }
            best = best.max(value);
        }
        best
    }

    /// The value of a position where Chaos is to draw: the mean over the colours left.
    fn chance_node(&mut self, position: &Position, depth: u32) -> f32 {
        let counts = *position.counts();
        let total = counts.total();
        if total == 0 {
            return position.score() as f32;
        }
        let on_board = position.board().colour_counts();
        // Values of colours absent from the board, by count left: they are interchangeable.
        let mut absent: [Option<f32>; MAX_N + 1] = [None; MAX_N + 1];
        let mut sum = 0.0;
        for (colour, left) in counts.iter() {
            if left == 0 {
                continue;
            }
            let interchangeable = on_board[colour.index()] == 0;
            let value = match absent[left] {
                Some(value) if interchangeable => value,
                _ => {
                    let value = self.colour_value(position, colour, depth);
                    if self.ctl.aborted() {
                        return 0.0;
                    }
                    if interchangeable {
                        absent[left] = Some(value);
                    }
                    value
                }
            };
            sum += value * left as f32;
        }
        sum / total as f32
    }

    fn colour_value(&mut self, position: &Position, colour: Colour, depth: u32) -> f32 {
        let mut drawn = *position;
        if drawn.draw(colour).is_err() {
            return position.score() as f32;
        }
        if self.greedy_chaos > 0 {
            self.greedy_chaos_node(&drawn, depth)
        } else {
            self.chaos_node(&drawn, depth)
        }
    }

    /// The value of a position where Chaos holds a counter: the least over the best few cells.
    fn chaos_node(&mut self, position: &Position, depth: u32) -> f32 {
        let bag = Bag::new(position.counts());
        let lines = self.eval.lines(position.board(), &bag);
        let mut children = self.place_children(position, &lines, &bag);
        if self.ctl.tick(children.len() as u64) {
            return 0.0;
        }
        sort_asc(&mut children);
        let mut best = f32::MAX;
        for &(cell, _) in children.iter().take(self.config.chaos_beam.max(1)) {
            let value = self.after_placement(position, cell, depth);
            if self.ctl.aborted() {
                return 0.0;
            }
            best = best.min(value);
        }
        best
    }

    /// The value of a position where a greedy Chaos holds a counter: the
    /// mean over the cells that score least at once (up to `greedy_chaos`
    /// of them, spread evenly over the board).
    fn greedy_chaos_node(&mut self, position: &Position, depth: u32) -> f32 {
        let Phase::ChaosPlace(colour) = position.phase() else {
            return position.score() as f32;
        };
        let least = least_scoring(position.board(), colour);
        let ties = least.len();
        if self.ctl.tick(ties as u64) || ties == 0 {
            return 0.0;
        }
        let take = self.greedy_chaos.min(ties);
        let mut sum = 0.0;
        for i in 0..take {
            let Some(cell) = least.nth(i * ties / take) else {
                continue;
            };
            let value = self.after_placement(position, cell, depth);
            if self.ctl.aborted() {
                return 0.0;
            }
            sum += value;
        }
        sum / take as f32
    }

    /// The value once the drawn counter is on `cell`: final, or Order's node one placement less deep.
    fn after_placement(&mut self, position: &Position, cell: Cell, depth: u32) -> f32 {
        let mut after = *position;
        if after.place(cell).is_err() {
            return f32::MAX;
        }
        if after.is_finished() {
            after.score() as f32
        } else {
            self.order_node(&after, depth - 1)
        }
    }
}

#[cfg(test)]
mod tests;
