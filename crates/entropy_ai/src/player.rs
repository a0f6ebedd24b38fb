//! The player behind the search levels, and the hint for either role.

use std::time::Duration;

use entropy_rules::{Cell, Move, OrderMove, Phase, Placement, Position};

use crate::config::SearchConfig;
use crate::search::{ChaosModel, Engine, OrderModel};
use crate::watch::{ChaosWatch, OrderWatch};
use crate::{Level, Limits, Player, Searched};

/// A player that searches with the expectimax engine, taking its opponent
/// as its watches of the round so far say.
pub(crate) struct SearchPlayer {
    name: String,
    engine: Engine,
    budget: Duration,
    order_watch: OrderWatch,
    chaos_watch: ChaosWatch,
    searched: Searched,
}

impl SearchConfig {
    /// A player that searches as this configuration says, named `name` in
    /// reports and taking `budget` a move when its limits give neither a
    /// time nor a node count. It watches its opponent as the search levels do.
    pub fn player(self, name: impl Into<String>, budget: Duration) -> Box<dyn Player> {
        Box::new(SearchPlayer::new(name, self, budget))
    }
}

/// `limits`, or `budget` (with the same stop flag) when they give neither a
/// time nor a node count.
fn or_budget(limits: &Limits, budget: Duration) -> Limits {
    if limits.time.is_none() && limits.nodes.is_none() {
        Limits::time(budget).with_stop(limits.stop.clone())
    } else {
        limits.clone()
    }
}

impl SearchPlayer {
    /// A search player named `name`, taking `budget` a move when its limits
    /// give neither a time nor a node count.
    pub(crate) fn new(name: impl Into<String>, config: SearchConfig, budget: Duration) -> SearchPlayer {
        SearchPlayer {
            name: name.into(),
            engine: Engine::new(config),
            budget,
            order_watch: OrderWatch::default(),
            chaos_watch: ChaosWatch::default(),
            searched: Searched::default(),
        }
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn place(&mut self, position: &Position, limits: &Limits) -> Cell {
        if !matches!(position.phase(), Phase::ChaosPlace(_)) {
            return crate::greedy::fallback_cell(position);
        }
        let limits = or_budget(limits, self.budget);
        self.order_watch.observe(position);
        let found = self.engine.place(position, &limits, self.order_watch.model());
        self.searched.add(found.nodes);
        let cell = found.best;
        let mut after = *position;
        self.order_watch.after_place = after.place(cell).ok().map(|_| after);
        cell
    }

    fn order(&mut self, position: &Position, limits: &Limits) -> OrderMove {
        if position.phase() != Phase::OrderMove {
            return OrderMove::Pass;
        }
        let limits = or_budget(limits, self.budget);
        self.chaos_watch.observe(position);
        let found = self.engine.order(position, &limits, self.chaos_watch.model());
        self.searched.add(found.nodes);
        let mv = found.best;
        let mut after = *position;
        self.chaos_watch.after_order = after.order(mv).ok().map(|_| after);
        mv
    }

    fn searched(&self) -> Option<Searched> {
        Some(self.searched)
    }
}

/// The best move of the player to move and what it expects of it, for the
/// game's hint.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hint {
    /// The move the search prefers: Chaos's placement or Order's move.
    pub best: Move,
    /// The final score of the round (Order's) it expects after that move,
    /// with both sides playing on as well as it can judge: what Order
    /// gains, or what Chaos concedes.
    pub expected: f64,
    /// How many placements ahead it looked.
    pub depth: u32,
}

/// The hint for `position` with the Hard search: where Chaos should put
/// the drawn counter (Order taken to plan ahead), or Order's move (Chaos
/// taken to play its best); `None` while a draw is due or the round is
/// over. `limits` bound it as they bound a move (none: Hard's budget).
///
/// ```
/// use entropy_ai::{Limits, hint};
/// use entropy_rules::{Colour, Move, Position, Size};
///
/// let mut position = Position::new(Size::Five);
/// position.draw(Colour::ALL[0]).unwrap();
/// let hint = hint(&position, &Limits::nodes(5_000)).unwrap();
/// assert!(matches!(hint.best, Move::Place(_)));
/// ```
pub fn hint(position: &Position, limits: &Limits) -> Option<Hint> {
    let config = Level::Hard.search_config()?;
    let limits = or_budget(limits, Level::Hard.budget());
    let mut engine = Engine::new(config);
    let (best, value, depth) = match position.phase() {
        Phase::OrderMove => {
            let found = engine.order(position, &limits, ChaosModel::Minimising);
            (Move::Order(found.best), found.value, found.depth)
        }
        Phase::ChaosPlace(colour) => {
            let found = engine.place(position, &limits, OrderModel::Planner);
            (
                Move::Place(Placement {
                    colour,
                    cell: found.best,
                }),
                found.value,
                found.depth,
            )
        }
        Phase::ChaosDraw | Phase::Finished => return None,
    };
    Some(Hint {
        best,
        expected: value as f64,
        depth,
    })
}
