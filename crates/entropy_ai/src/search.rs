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
//! Each iteration searches one placement deeper, the root moves ordered by
//! the previous iteration. The search stops when its node budget is spent,
//! its time is up, its stop flag is raised, or the next iteration would not
//! fit in the time; it then answers with the best move of the deepest
//! finished iteration (or a better one already found in the unfinished one).
//!
//! Then, if the configuration asks for it, a playout stage judges the best
//! few root moves by how rounds actually end from them: batches of greedy
//! playouts (see `rollout.rs`) with the same seeds for every move, dropping
//! the worse third after each batch, until the budget is spent. The static
//! evaluation only sees what filling the empty cells can give; the playouts
//! also see what Order's slides will give over the rest of the round, which
//! is where most of Order's points come from. A node of the playout stage is
//! one move judged inside a playout.

use std::time::{Duration, Instant};

use entropy_rules::{Cell, Colour, MAX_N, OrderMove, Phase, Position};

use rand::SeedableRng;
use rand::rngs::SmallRng;

use crate::eval::{Bag, Evaluator, Lines, Weights};
use crate::rollout::{Policy, concession, least_scoring, playout};
use crate::{Limits, StopFlag};

/// The shape of a search: evaluation weights, beams and depth.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// The static evaluation when searching for Order's move.
    pub order_weights: Weights,
    /// The static evaluation when searching for Chaos's move.
    pub chaos_weights: Weights,
    /// At the horizon, Order's best static reply plus this share of what its
    /// second-best reply would add: a threat Chaos has to answer.
    pub threat: f32,
    /// Order moves searched at the root (best first by the previous iteration).
    pub root_beam: usize,
    /// Chaos placements searched at the root.
    pub root_chaos_beam: usize,
    /// Order moves searched at an inner Order node.
    pub order_beam: usize,
    /// Cells searched at an inner Chaos node.
    pub chaos_beam: usize,
    /// The deepest iteration, in placements below the root.
    pub max_depth: u32,
    /// With a time limit, no new iteration starts after this share of it
    /// (the next one takes several times longer than the last).
    pub soft_time: f32,
    /// Chaos's root cells judged by playouts after the search (0 or 1: no
    /// playout stage for either side; Order's playouts judge its whole root beam).
    pub playout_moves: usize,
    /// Playouts per root move and round of the playout stage.
    pub playout_batch: u32,
    /// How much the playouts' mean counts against the search's value when
    /// the playout stage ranks a move (1: the playouts alone).
    pub playout_weight: f32,
    /// The same for Chaos's move while Order is modelled as greedy in the
    /// playouts (`None`: `playout_weight`). Against an Order that takes
    /// what scores at once, the playouts model it exactly and the search's
    /// value, which expects an Order that plans, only pulls away from them.
    pub playout_weight_greedy: Option<f32>,
    /// In the playouts for Chaos's move, Chaos looks at up to this many of
    /// the cells that score least now and takes the one where Order's best
    /// slide then gains least (0: the first such cell at random). Order
    /// plays greedily in them.
    pub playout_chaos_look: u32,
    /// How much the threats left to the other counters count in that look.
    pub playout_chaos_spread: f32,
    /// In the playouts for Order's move, Chaos looks at up to this many
    /// cells the same way (0: Chaos is greedy there).
    pub playout_opponent_look: u32,
    /// In the playouts for Chaos's move, Order values slides by the static
    /// evaluation with these weights, as an Order that plans ahead does,
    /// while the engine believes it faces one (see [`Engine::facing_planner`];
    /// `None`, or an Order that only takes what scores at once: Order is
    /// greedy there).
    pub playout_opponent_order: Option<Weights>,
    /// In the playouts for Chaos's move, a greedy Order breaks ties at
    /// random and, when nothing scores, slides at random among the slides
    /// that change nothing (or passes), while the engine believes it does
    /// so (see [`Engine::facing_shuffler`]; false: it passes when nothing scores).
    pub playout_opponent_shuffles: bool,
    /// Before Chaos's playout stage, drop the cells that concede at once
    /// (placement and Order's best reply) more than this above the least
    /// any cell concedes (`None`: keep them all).
    pub playout_safe_margin: Option<u32>,
    /// The same margin while the engine believes Order plans ahead (see
    /// [`Engine::facing_planner`]; `None`: no cell is dropped then). A cell
    /// that concedes a point now may be worth it against an Order that
    /// gives up points now to build for later.
    pub playout_safe_margin_planner: Option<u32>,
    /// In the playouts for Order's move, Order values a slide by the static evaluation with
    /// these weights instead of by the score alone (`None`: the score).
    pub playout_order: Option<Weights>,
    /// While Order's engine believes Chaos is greedy (see
    /// [`Engine::facing_greedy_chaos`]), its search's Chaos nodes average
    /// over up to this many of the cells that score least at once, as a
    /// greedy Chaos picks among them, instead of taking the least over the
    /// beam (0: Chaos is always searched as minimising).
    pub greedy_chaos_cells: usize,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            order_weights: Weights::default(),
            chaos_weights: Weights::default(),
            threat: 0.0,
            root_beam: 10,
            root_chaos_beam: 12,
            order_beam: 5,
            chaos_beam: 5,
            max_depth: 8,
            soft_time: 0.3,
            playout_moves: 0,
            playout_batch: 16,
            playout_weight: 1.0,
            playout_weight_greedy: None,
            playout_chaos_look: 0,
            playout_chaos_spread: 0.0,
            playout_opponent_look: 0,
            playout_opponent_order: None,
            playout_opponent_shuffles: false,
            playout_safe_margin: None,
            playout_safe_margin_planner: None,
            playout_order: None,
            greedy_chaos_cells: 0,
        }
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Found<M> {
    /// The move to play.
    pub best: M,
    /// The expected final score of the round (Order's) after it.
    pub value: f32,
    /// Placements searched below the root by the deepest finished iteration
    /// (0: the static evaluation alone).
    pub depth: u32,
    /// Positions evaluated.
    pub nodes: u64,
}

/// When to stop: a node budget, a deadline, a flag.
struct Control {
    start: Instant,
    time: Option<Duration>,
    deadline: Option<Instant>,
    node_limit: u64,
    stop: StopFlag,
    nodes: u64,
    next_check: u64,
    aborted: bool,
}

/// How many nodes pass between two looks at the clock and the flag.
const CHECK_EVERY: u64 = 256;

impl Control {
    fn new(limits: &Limits) -> Control {
        let start = Instant::now();
        Control {
            start,
            time: limits.time,
            deadline: limits.deadline(start),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            stop: limits.stop.clone(),
            nodes: 0,
            next_check: 0,
            aborted: limits.stop.is_raised(),
        }
    }

    /// Counts `n` nodes; true when the search must stop now.
    #[inline]
    fn tick(&mut self, n: u64) -> bool {
        self.nodes += n;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + CHECK_EVERY;
            if self.stop.is_raised() || self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Whether a new iteration may start.
    fn may_deepen(&self, soft: f32) -> bool {
        !self.aborted
            && self
                .time
                .is_none_or(|t| self.start.elapsed().as_secs_f32() < t.as_secs_f32() * soft)
    }
}

/// The search engine: an evaluator (with its cache) and a configuration.
pub struct Engine {
    order_eval: Evaluator,
    chaos_eval: Evaluator,
    playout_eval: Option<Box<Evaluator>>,
    opponent_eval: Option<Box<Evaluator>>,
    facing_planner: bool,
    facing_shuffler: bool,
    facing_greedy_chaos: bool,
    config: SearchConfig,
}

impl Engine {
    /// An engine searching as `config` says.
    pub fn new(config: SearchConfig) -> Engine {
        Engine {
            order_eval: Evaluator::new(config.order_weights),
            chaos_eval: Evaluator::new(config.chaos_weights),
            playout_eval: config.playout_order.map(|w| Box::new(Evaluator::new(w))),
            opponent_eval: config.playout_opponent_order.map(|w| Box::new(Evaluator::new(w))),
            facing_planner: true,
            facing_shuffler: false,
            facing_greedy_chaos: false,
            config,
        }
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Tells the engine whether Order plans ahead (the default) or only
    /// takes what scores at once, for Chaos's playouts
    /// (`playout_opponent_order`).
    pub fn facing_planner(&mut self, planner: bool) {
        self.facing_planner = planner;
    }

    /// Tells the engine whether Order, when no move scores, slides at
    /// random rather than pass (`playout_opponent_shuffles`).
    pub fn facing_shuffler(&mut self, shuffler: bool) {
        self.facing_shuffler = shuffler;
    }

    /// Tells the engine whether Chaos plays as a greedy Chaos does, for
    /// Order's search (`greedy_chaos_cells`).
    pub fn facing_greedy_chaos(&mut self, greedy: bool) {
        self.facing_greedy_chaos = greedy;
    }

    /// Order's best move in `position` (which must wait for Order) within `limits`.
    pub fn order(&mut self, position: &Position, limits: &Limits) -> Found<OrderMove> {
        let mut search = Search {
            eval: &mut self.order_eval,
            playout_eval: self.playout_eval.as_deref_mut(),
            order_shuffles: false,
            greedy_chaos: if self.facing_greedy_chaos {
                self.config.greedy_chaos_cells
            } else {
                0
            },
            config: self.config,
            ctl: Control::new(limits),
        };
        search.root_order(position)
    }

    /// Chaos's best cell in `position` (which must wait for a placement) within `limits`.
    pub fn place(&mut self, position: &Position, limits: &Limits) -> Found<Cell> {
        let mut search = Search {
            eval: &mut self.chaos_eval,
            // Order in Chaos's playouts.
            playout_eval: if self.facing_planner {
                self.opponent_eval.as_deref_mut()
            } else {
                None
            },
            order_shuffles: self.config.playout_opponent_shuffles && self.facing_shuffler,
            greedy_chaos: 0,
            config: SearchConfig {
                playout_safe_margin: if self.facing_planner {
                    self.config.playout_safe_margin_planner
                } else {
                    self.config.playout_safe_margin
                },
                ..self.config
            },
            ctl: Control::new(limits),
        };
        search.root_place(position)
    }
}

struct Search<'a> {
    eval: &'a mut Evaluator,
    /// How Order values slides in the playouts (`None`: by the score now).
    playout_eval: Option<&'a mut Evaluator>,
    /// Whether a greedy Order in the playouts slides at random when nothing scores.
    order_shuffles: bool,
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

    /// The value of a position where Order is to move, searching `depth` placements deeper.
    fn order_node(&mut self, position: &Position, depth: u32) -> f32 {
        let bag = Bag::new(position.counts());
        let lines = self.eval.lines(position.board(), &bag);
        let mut children = self.order_children(position, &lines, &bag);
        if self.ctl.tick(children.len() as u64) {
            return 0.0;
        }
        if depth == 0 {
            return self.horizon(&children, lines.total);
        }
        sort_desc(&mut children);
        let mut best = f32::MIN;
        for &(mv, _) in children.iter().take(self.config.order_beam.max(1)) {
            let mut after = *position;
            if after.order(mv).is_err() {
                continue;
            }
            let value = self.chance_node(&after, depth);
            if self.ctl.aborted {
                return 0.0;
            }
            best = best.max(value);
        }
        best
    }

    /// The value of an Order node at the horizon: the best static reply, plus
    /// a share of what the other replies would add over passing (threats
    /// that Chaos will have to answer on later turns).
    fn horizon(&self, children: &[(OrderMove, f32)], pass: f32) -> f32 {
        let mut best = f32::MIN;
        let mut threats = 0.0;
        for &(_, value) in children {
            best = best.max(value);
            threats += (value - pass).max(0.0);
        }
        if self.config.threat != 0.0 {
            best + self.config.threat * (threats - (best - pass).max(0.0))
        } else {
            best
        }
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
                    if self.ctl.aborted {
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
        self.chaos_node(&drawn, depth)
    }

    /// The value of a position where Chaos holds a counter: the least over the best few cells.
    fn chaos_node(&mut self, position: &Position, depth: u32) -> f32 {
        if self.greedy_chaos > 0 {
            return self.greedy_chaos_node(position, depth);
        }
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
            if self.ctl.aborted {
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
            if self.ctl.aborted {
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

    fn found<M>(&self, best: M, value: f32, depth: u32) -> Found<M> {
        Found {
            best,
            value,
            depth,
            nodes: self.ctl.nodes,
        }
    }

    fn root_order(&mut self, position: &Position) -> Found<OrderMove> {
        let bag = Bag::new(position.counts());
        let lines = self.eval.lines(position.board(), &bag);
        let mut children = self.order_children(position, &lines, &bag);
        sort_desc(&mut children);
        let Some(&(first, first_value)) = children.first() else {
            return self.found(OrderMove::Pass, position.score() as f32, 0);
        };
        let mut found = self.found(first, first_value, 0);
        if children.len() == 1 {
            return found;
        }
        children.truncate(self.config.root_beam.max(1));
        let empty = position.board().vacant().len() as u32;
        for depth in 1..=self.config.max_depth {
            if !self.ctl.may_deepen(self.config.soft_time) {
                break;
            }
            let mut searched: Vec<(OrderMove, f32)> = Vec::with_capacity(children.len());
            for &(mv, _) in &children {
                let mut after = *position;
                if after.order(mv).is_err() {
                    continue;
                }
                let value = self.chance_node(&after, depth);
                if self.ctl.aborted {
                    break;
                }
                searched.push((mv, value));
            }
            let finished = !self.ctl.aborted;
            // An unfinished iteration still counts when it searched the previous best
            // (first in line) and found a move it values more at the same depth.
            if let Some(&(mv, value)) = searched.iter().max_by(|a, b| a.1.total_cmp(&b.1))
                && (finished || (searched.len() > 1 && value > searched[0].1))
            {
                found = Found {
                    best: mv,
                    value,
                    depth: if finished { depth } else { found.depth },
                    nodes: 0,
                };
            }
            if !finished {
                break;
            }
            // Next iteration: the searched moves best first.
            sort_desc(&mut searched);
            children = searched;
            if depth >= empty {
                break;
            }
        }
        if self.config.playout_moves > 1 && !self.ctl.aborted {
            // Order's playouts judge its whole root beam.
            if let Some((mv, value)) = self.playouts(position, &children, true, |p, &mv| {
                let mut after = *p;
                after.order(mv).ok().map(|_| after)
            }) {
                found.best = mv;
                found.value = value;
            }
        }
        found.nodes = self.ctl.nodes;
        found
    }

    fn root_place(&mut self, position: &Position) -> Found<Cell> {
        let bag = Bag::new(position.counts());
        let lines = self.eval.lines(position.board(), &bag);
        let mut children = self.place_children(position, &lines, &bag);
        sort_asc(&mut children);
        let Some(&(first, first_value)) = children.first() else {
            return self.found(Cell::TOP_LEFT, position.score() as f32, 0);
        };
        let mut found = self.found(first, first_value, 0);
        if children.len() == 1 {
            return found;
        }
        let empty = children.len() as u32;
        for depth in 1..=self.config.max_depth {
            if !self.ctl.may_deepen(self.config.soft_time) {
                break;
            }
            // The first iteration looks at every cell; deeper ones at the best few.
            if depth == 2 {
                children.truncate(self.config.root_chaos_beam.max(1));
            }
            let mut searched: Vec<(Cell, f32)> = Vec::with_capacity(children.len());
            for &(cell, _) in &children {
                let value = self.after_placement(position, cell, depth);
                if self.ctl.aborted {
                    break;
                }
                searched.push((cell, value));
            }
            let finished = !self.ctl.aborted;
            if let Some(&(cell, value)) = searched.iter().min_by(|a, b| a.1.total_cmp(&b.1))
                && (finished || (searched.len() > 1 && value < searched[0].1))
            {
                found = Found {
                    best: cell,
                    value,
                    depth: if finished { depth } else { found.depth },
                    nodes: 0,
                };
            }
            if !finished {
                break;
            }
            sort_asc(&mut searched);
            children = searched;
            if depth >= empty {
                break;
            }
        }
        if let Some(margin) = self.config.playout_safe_margin
            && self.config.playout_moves > 1
            && !self.ctl.aborted
        {
            // What each cell concedes at once; the playouts judge only the safest.
            let conceded: Vec<i32> = children
                .iter()
                .map(|&(cell, _)| {
                    let (c, judged) = concession(position, cell).unwrap_or((i32::MAX, 1));
                    self.ctl.tick(judged);
                    c
                })
                .collect();
            if let Some(&least) = conceded.iter().min() {
                let limit = least.saturating_add(margin as i32);
                let safe: Vec<(Cell, f32)> = children
                    .iter()
                    .zip(&conceded)
                    .filter(|&(_, &c)| c <= limit)
                    .map(|(&child, _)| child)
                    .collect();
                if let Some(&(cell, value)) = safe.first() {
                    found.best = cell;
                    found.value = value;
                }
                children = safe;
            }
        }
        if self.config.playout_moves > 1 && !self.ctl.aborted {
            let cells = &children[..children.len().min(self.config.playout_moves)];
            if let Some((cell, value)) = self.playouts(position, cells, false, |p, &cell| {
                let mut after = *p;
                after.place(cell).ok().map(|_| after)
            }) {
                found.best = cell;
                found.value = value;
            }
        }
        found.nodes = self.ctl.nodes;
        found
    }

    /// The playout stage, by sequential halving: the `candidates` (best
    /// first) each get `playout_batch` playouts, which
    /// measure what one costs; the budget left is then split evenly over
    /// log2(moves) rounds, each giving the moves still in the running the
    /// same number of playouts with the same seeds (common random numbers)
    /// and keeping the better half. A move is ranked by its playouts' mean
    /// blended with its search value (`playout_weight`, or
    /// `playout_weight_greedy` for Chaos facing a greedy Order). Returns the best
    /// move and that blend, its expected final score (`None` if not even the
    /// first playouts were finished).
    fn playouts<M: Copy>(
        &mut self,
        position: &Position,
        candidates: &[(M, f32)],
        maximise: bool,
        apply: impl Fn(&Position, &M) -> Option<Position>,
    ) -> Option<(M, f32)> {
        let mut alive: Vec<Entry<M>> = candidates
            .iter()
            .filter_map(|(m, value)| {
                apply(position, m).map(|after| Entry {
                    mv: *m,
                    after,
                    value: *value,
                    sum: 0.0,
                    count: 0,
                })
            })
            .collect();
        if alive.len() < 2 {
            return None;
        }
        let base = seed_of(position);
        // Chaos's playouts with a greedy Order (no evaluator) may count alone.
        let blend = match (maximise, &self.playout_eval, self.config.playout_weight_greedy) {
            (false, None, Some(weight)) => weight,
            _ => self.config.playout_weight,
        } as f64;
        // The expected final score of a move: its playouts' mean blended with its search value.
        let expected = |e: &Entry<M>| blend * e.sum / e.count.max(1) as f64 + (1.0 - blend) * e.value as f64;
        let worth = |e: &Entry<M>| if maximise { expected(e) } else { -expected(e) };
        let best_of = |alive: &[Entry<M>]| {
            alive
                .iter()
                .filter(|e| e.count > 0)
                .max_by(|a, b| worth(a).total_cmp(&worth(b)))
                .map(|e| (e.mv, expected(e) as f32))
        };
        // First pass: a few playouts of every move, to see what one costs.
        let first = self.config.playout_batch.max(1) as u64;
        let (nodes_before, time_before) = (self.ctl.nodes, Instant::now());
        // The side to move plays its own playout policy; the other side is
        // greedy, or as the configuration models it (`playout_eval` is
        // Order's policy in either side's playouts).
        let mut policy = Policy {
            order_eval: self.playout_eval.as_deref_mut(),
            chaos_look: if maximise {
                self.config.playout_opponent_look
            } else {
                self.config.playout_chaos_look
            },
            chaos_spread: self.config.playout_chaos_spread,
            order_shuffles: self.order_shuffles,
        };
        let ctl = &mut self.ctl;
        for entry in alive.iter_mut() {
            if run_playouts(entry, base, first, &mut policy, ctl) {
                return best_of(&alive);
            }
        }
        let played = (first * alive.len() as u64) as f64;
        let node_cost = (ctl.nodes - nodes_before).max(1) as f64 / played;
        let time_cost = time_before.elapsed().as_secs_f64().max(1e-9) / played;
        let mut budget = f64::INFINITY;
        if ctl.node_limit != u64::MAX {
            budget = budget.min(ctl.node_limit.saturating_sub(ctl.nodes) as f64 / node_cost);
        }
        if let Some(deadline) = ctl.deadline {
            budget = budget.min(deadline.saturating_duration_since(Instant::now()).as_secs_f64() / time_cost);
        }
        if !budget.is_finite() {
            // No limit but the stop flag: as much again as the first pass, per round.
            budget = played * 8.0;
        }
        let rounds = (alive.len() as f64).log2().ceil().max(1.0);
        let per_round = budget / rounds;
        while alive.len() > 1 {
            let each = ((per_round / alive.len() as f64) as u64).max(1);
            for entry in alive.iter_mut() {
                if run_playouts(entry, base, each, &mut policy, ctl) {
                    return best_of(&alive);
                }
            }
            alive.sort_by(|a, b| worth(b).total_cmp(&worth(a)));
            alive.truncate(alive.len().div_ceil(2));
        }
        best_of(&alive)
    }
}

/// `n` more playouts from `entry`'s position, seeded by their number; true
/// when the search must stop.
fn run_playouts<M>(entry: &mut Entry<M>, base: u64, n: u64, policy: &mut Policy, ctl: &mut Control) -> bool {
    for j in entry.count..entry.count + n {
        let mut rng = SmallRng::seed_from_u64(base ^ j.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (score, cost) = playout(entry.after, &mut rng, policy);
        entry.sum += score as f64;
        entry.count += 1;
        if ctl.tick(cost) {
            return true;
        }
    }
    false
}

/// A move in the playout stage.
struct Entry<M> {
    mv: M,
    /// The position after it.
    after: Position,
    /// The search's value of it.
    value: f32,
    /// Sum and number of its playouts' final scores.
    sum: f64,
    count: u64,
}

/// A seed for the playouts of a position: the same position, the same playouts.
fn seed_of(position: &Position) -> u64 {
    let board = position.board();
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for i in 0..board.size().n() {
        for code in [board.row_code(i), board.col_code(i)] {
            h = (h ^ code as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    h
}
