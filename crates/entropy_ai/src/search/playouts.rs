//! The playout stage: the best few root moves judged by how rounds
//! actually end from them.
//!
//! The static evaluation only sees what filling the empty cells can give;
//! playouts (`rollout.rs`) also see what Order's slides will give over the
//! rest of the round, which is where most of Order's points come from. The
//! stage runs by sequential halving: every candidate gets a first batch of
//! playouts, which measures what one costs; the budget left is then split
//! evenly over log2(moves) rounds, each giving the moves still in the
//! running the same number of playouts with the same seeds (common random
//! numbers) and keeping the better half. A node of the playout stage is
//! one move judged inside a playout.

use crate::Instant;

use entropy_rules::Position;
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::Search;
use crate::budget::Control;
use crate::rollout::{Policy, playout};

/// Playouts per move in the first batch.
const FIRST_BATCH: u64 = 16;

/// A move in the playout stage.
pub(super) struct Entry<M> {
    pub(super) mv: M,
    /// The position after it.
    pub(super) after: Position,
    /// The search's value of it.
    pub(super) value: f32,
    /// Sum and number of its playouts' final scores.
    pub(super) sum: f64,
    pub(super) count: u64,
}

impl Search<'_> {
    /// Judges the `candidates` (best first, each with its search value) by
    /// playouts from the position `apply` makes of each, for Order
    /// (`maximise`) or Chaos. A move is ranked by its playouts' mean blended
    /// with its search value (`blend`). Returns the best move and that
    /// blend, its expected final score (`None` with fewer than two
    /// candidates, or if not even the first playouts were finished).
    pub(super) fn playouts<M: Copy>(
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
        let blend = self.blend as f64;
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
        let (nodes_before, time_before) = (self.ctl.nodes(), Instant::now());
        let (policy, ctl) = (&mut self.policy, &mut self.ctl);
        for entry in alive.iter_mut() {
            if run_playouts(entry, base, FIRST_BATCH, policy, ctl) {
                return best_of(&alive);
            }
        }
        let played = (FIRST_BATCH * alive.len() as u64) as f64;
        let node_cost = (ctl.nodes() - nodes_before).max(1) as f64 / played;
        let time_cost = time_before.elapsed().as_secs_f64().max(1e-9) / played;
        let mut budget = f64::INFINITY;
        if let Some(node_limit) = ctl.node_limit() {
            budget = budget.min(node_limit.saturating_sub(ctl.nodes()) as f64 / node_cost);
        }
        if let Some(deadline) = ctl.deadline() {
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
                if run_playouts(entry, base, each, policy, ctl) {
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
pub(super) fn run_playouts<M>(entry: &mut Entry<M>, base: u64, n: u64, policy: &mut Policy, ctl: &mut Control) -> bool {
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

/// A seed for the playouts of a position: the same position, the same playouts.
pub(super) fn seed_of(position: &Position) -> u64 {
    let board = position.board();
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for i in 0..board.size().n() {
        for code in [board.row_code(i), board.col_code(i)] {
            h = (h ^ code.index() as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    h
}
