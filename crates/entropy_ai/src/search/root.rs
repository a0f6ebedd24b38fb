//! The root searches: Order's move and Chaos's cell by one iterative
//! deepening loop, then the playout stage for the levels that have one.
//!
//! Each iteration searches one placement deeper, the root moves ordered by
//! the previous iteration. The loop stops when the node budget is spent,
//! the time is up, the stop flag is raised, or the next iteration would not
//! fit in the time; it then answers with the best move of the deepest
//! finished iteration (or a better one already found in the unfinished one).

use entropy_rules::{Cell, OrderMove, Position};

use super::{Found, Search, sort_asc, sort_desc};
use crate::eval::Bag;
use crate::rollout::concession;

/// The side a root search chooses for: Order maximises the expected final
/// score, Chaos minimises it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Order,
    Chaos,
}

impl Side {
    /// Sorts best first for this side, keeping the generation order among equals.
    fn sort<M>(self, moves: &mut [(M, f32)]) {
        match self {
            Side::Order => sort_desc(moves),
            Side::Chaos => sort_asc(moves),
        }
    }

    /// Whether this side prefers the value `a` to `b`.
    fn prefers(self, a: f32, b: f32) -> bool {
        match self {
            Side::Order => a > b,
            Side::Chaos => a < b,
        }
    }

    /// The best of `moves` for this side: among equals, Order's last and
    /// Chaos's first.
    fn best<M: Copy>(self, moves: &[(M, f32)]) -> Option<(M, f32)> {
        let by_value = |a: &&(M, f32), b: &&(M, f32)| a.1.total_cmp(&b.1);
        match self {
            Side::Order => moves.iter().max_by(by_value).copied(),
            Side::Chaos => moves.iter().min_by(by_value).copied(),
        }
    }
}

/// How the root's iterative deepening ended.
enum Root<M> {
    /// At most one move: nothing to search or judge.
    Only(Found<M>),
    /// The best move found, and the moves of the deepest finished iteration
    /// (or the root's own, if none finished), best first.
    Searched(Found<M>, Vec<(M, f32)>),
}

impl Search<'_> {
    fn found<M>(&self, best: M, value: f32, depth: u32) -> Found<M> {
        Found {
            best,
            value,
            depth,
            nodes: self.ctl.nodes(),
        }
    }

    /// Order's move: every move judged statically, the best `root_beam`
    /// searched deeper, then all of those judged by the playouts.
    pub(super) fn root_order(&mut self, position: &Position) -> Found<OrderMove> {
        let bag = Bag::new(position.counts());
        let lines = self.eval.lines(position.board(), &bag);
        let children = self.order_children(position, &lines, &bag);
        let beam = self.config.root_beam;
        let root = self.deepen(
            position,
            Side::Order,
            children,
            OrderMove::Pass,
            (beam, beam),
            |search, mv, depth| {
                let mut after = *position;
                after.order(mv).ok()?;
                Some(search.chance_node(&after, depth))
            },
        );
        let (mut found, children) = match root {
            Root::Only(found) => return found,
            Root::Searched(found, children) => (found, children),
        };
        if self.config.playouts.is_some() {
            // Order's playouts judge its whole root beam.
            self.judge(&mut found, position, &children, Side::Order, |p, &mv| {
                let mut after = *p;
                after.order(mv).ok().map(|_| after)
            });
        }
        found.nodes = self.ctl.nodes();
        found
    }

    /// Chaos's cell: every cell searched in the first iteration, the best
    /// `root_chaos_beam` in deeper ones; then the safe cells among them,
    /// the best `chaos_cells` of those judged by the playouts.
    pub(super) fn root_place(&mut self, position: &Position) -> Found<Cell> {
        let bag = Bag::new(position.counts());
        let lines = self.eval.lines(position.board(), &bag);
        let children = self.place_children(position, &lines, &bag);
        let beams = (usize::MAX, self.config.root_chaos_beam);
        let root = self.deepen(
            position,
            Side::Chaos,
            children,
            Cell::TOP_LEFT,
            beams,
            |search, cell, depth| Some(search.after_placement(position, cell, depth)),
        );
        let (mut found, mut children) = match root {
            Root::Only(found) => return found,
            Root::Searched(found, children) => (found, children),
        };
        let Some(playouts) = self.config.playouts else {
            found.nodes = self.ctl.nodes();
            return found;
        };
        if let Some(margin) = self.safe_margin
            && !self.ctl.aborted()
        {
            children = self.safe_cells(position, &children, margin);
            if let Some(&(cell, value)) = children.first() {
                found.best = cell;
                found.value = value;
            }
        }
        let cells = &children[..children.len().min(playouts.chaos_cells)];
        self.judge(&mut found, position, cells, Side::Chaos, |p, &cell| {
            let mut after = *p;
            after.place(cell).ok().map(|_| after)
        });
        found.nodes = self.ctl.nodes();
        found
    }

    /// Iterative deepening over the root's `children` (each with its static
    /// value) for `side`: with `beams` = (first, later), the best `first`
    /// from the first iteration on and the best `later` from the second;
    /// `value_of` searches one move to a depth (`None`: the move is not
    /// legal). `fallback` answers a position with no move.
    fn deepen<M: Copy>(
        &mut self,
        position: &Position,
        side: Side,
        mut children: Vec<(M, f32)>,
        fallback: M,
        (first_beam, beam): (usize, usize),
        value_of: impl Fn(&mut Self, M, u32) -> Option<f32>,
    ) -> Root<M> {
        side.sort(&mut children);
        let Some(&(first, first_value)) = children.first() else {
            return Root::Only(self.found(fallback, position.score() as f32, 0));
        };
        let mut found = self.found(first, first_value, 0);
        if children.len() == 1 {
            return Root::Only(found);
        }
        children.truncate(first_beam.max(1));
        let empty = position.board().vacant().len() as u32;
        for depth in 1..=self.config.max_depth {
            if !self.ctl.may_deepen(super::SOFT_TIME) {
                break;
            }
            if depth == 2 {
                children.truncate(beam.max(1));
            }
            let mut searched: Vec<(M, f32)> = Vec::with_capacity(children.len());
            for &(mv, _) in &children {
                let Some(value) = value_of(self, mv, depth) else {
                    continue;
                };
                if self.ctl.aborted() {
                    break;
                }
                searched.push((mv, value));
            }
            let finished = !self.ctl.aborted();
            // An unfinished iteration still counts when it searched the previous best
            // (first in line) and found a move it prefers at the same depth.
            if let Some((mv, value)) = side.best(&searched)
                && (finished || (searched.len() > 1 && side.prefers(value, searched[0].1)))
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
            side.sort(&mut searched);
            children = searched;
            if depth >= empty {
                break;
            }
        }
        Root::Searched(found, children)
    }

    /// Unless the search was stopped, judges the `candidates` (best first)
    /// by the playout stage, from the positions `apply` makes of them, and
    /// takes its choice into `found`.
    fn judge<M: Copy>(
        &mut self,
        found: &mut Found<M>,
        position: &Position,
        candidates: &[(M, f32)],
        side: Side,
        apply: impl Fn(&Position, &M) -> Option<Position>,
    ) {
        if self.ctl.aborted() {
            return;
        }
        if let Some((mv, value)) = self.playouts(position, candidates, side == Side::Order, apply) {
            found.best = mv;
            found.value = value;
        }
    }

    /// The cells of `children` (best first) that concede at once (the
    /// placement and Order's best reply) at most `margin` more than the
    /// least any of them concedes, in the same order.
    fn safe_cells(&mut self, position: &Position, children: &[(Cell, f32)], margin: u32) -> Vec<(Cell, f32)> {
        let conceded: Vec<i32> = children
            .iter()
            .map(|&(cell, _)| {
                let (c, judged) = concession(position, cell).unwrap_or((i32::MAX, 1));
                self.ctl.tick(judged);
                c
            })
            .collect();
        let Some(&least) = conceded.iter().min() else {
            return children.to_vec();
        };
        let limit = least.saturating_add(margin as i32);
        children
            .iter()
            .zip(&conceded)
            .filter(|&(_, &c)| c <= limit)
            .map(|(&child, _)| child)
            .collect()
    }
}
