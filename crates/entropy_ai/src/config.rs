//! The shape of a search level, the one door to the search's settings.

/// How a search level searches and judges its moves: beams, depth, and the
/// playout stage. Players of the game need none of this (they take a
/// [`Level`](crate::Level)); the tuning tool starts from
/// [`Level::search_config`](crate::Level::search_config), changes a field
/// and plays the result with [`SearchConfig::player`]. `docs/ai.md` says
/// what each setting does and what it measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// Order moves searched at the root, best first by the static evaluation
    /// and then by the previous iteration. The playout stage judges all of them.
    pub root_beam: usize,
    /// Chaos's cells searched at the root from the second iteration on (the
    /// first iteration searches every cell, and the playout stage takes its
    /// cells from the last finished iteration).
    pub root_chaos_beam: usize,
    /// Order moves searched at an inner Order node.
    pub order_beam: usize,
    /// Cells searched at an inner Chaos node.
    pub chaos_beam: usize,
    /// The deepest iteration, in placements below the root.
    pub max_depth: u32,
    /// While Order takes Chaos for greedy (it has twice left Order a slide
    /// another least-scoring cell would not have), Order's search values a
    /// Chaos node as the mean over up to this many of the cells that score
    /// least at once, as a greedy Chaos picks among them (0: Chaos is always
    /// searched as minimising).
    pub greedy_chaos_cells: usize,
    /// The playout stage after the search (`None`: the search's move stands).
    pub playouts: Option<Playouts>,
}

/// The playout stage: the search's best root moves played out to the end
/// of the round many times, the moves ranked by how the playouts end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playouts {
    /// Chaos's root cells judged, best first by the search (Order's
    /// playouts judge its whole root beam).
    pub chaos_cells: usize,
    /// How much a move's playouts' mean counts against the search's value
    /// of it when ranking moves (1: the playouts alone).
    pub weight: f32,
    /// The same for Chaos's move while Order is taken for greedy (it has
    /// never scored less at once than it could): the playouts then model
    /// that Order exactly.
    pub weight_greedy: f32,
    /// In Chaos's playouts, Chaos looks at up to this many of the cells that
    /// score least at once and takes the one where Order's best slide then
    /// gains least (0: one of them at random, as greedy).
    pub chaos_look: u32,
    /// Before Chaos's playouts, the cells that concede at once (the
    /// placement and Order's best slide after it) more than this above the
    /// least any cell concedes are dropped.
    pub safe_margin: u32,
    /// The margin once Order has shown it plans ahead (`None`: no cell is
    /// dropped then: a point given now may spoil a set-up worth more later).
    pub safe_margin_planner: Option<u32>,
}
