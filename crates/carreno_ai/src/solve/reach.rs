//! Which positions can occur in a game: moves taken back, and an estimate
//! of the number of reachable positions by sampling.
//!
//! A position occurs in some game exactly when a chain of legal moves leads
//! to it from the start, every position on the way (but the last) not yet
//! won. The history-dependent draws do not change that: a shortest chain
//! never repeats a position, and two passes in a row give back the position
//! before them. (A shortest chain is also far below the 200-move limit for
//! every position the sampler proves reachable: it reports the longest.)
//!
//! The sampler draws positions uniformly from all boards of seven pieces a
//! side (either side to move) and decides each by a search backwards — moves
//! taken back, guided towards the start — until it meets a position known to
//! be reachable (the start's neighbourhood, searched forwards once), or runs
//! out of positions (unreachable: proven), or out of budget (undecided).

use std::collections::{BinaryHeap, HashMap};

use carreno_rules::{Board, Position, Side, SquareSet};
use rand::Rng;
use rand::seq::SliceRandom;

use crate::key::key;

/// Whether a position is finished: a side is dispersed.
#[inline]
fn finished(position: &Position) -> bool {
    let board = position.board();
    board.is_dispersed(Side::S) || board.is_dispersed(Side::O)
}

/// Every position from which one legal move leads to `position`: the
/// previous mover's piece taken back along any line it could have come, or
/// a pass taken back when the previous mover had no move. Finished positions
/// are left out (no move is made from them).
pub fn predecessors(position: &Position, out: &mut Vec<Position>) {
    out.clear();
    let mover = position.to_move().other();
    let board = position.board();
    let own = board.pieces(mover);
    let other = board.pieces(mover.other());
    let occupied = own | other;
    let isolated_now = !board.isolated(mover).is_empty();
    for to in own {
        for from in to.queen_reach(occupied) {
            let before = own.without(to).with(from);
            // Rule 1: the piece touched one of its own where it stood.
            if !before.without(from).intersects(from.neighbours()) {
                continue;
            }
            let sets = match mover {
                Side::S => (before, other),
                Side::O => (other, before),
            };
            let Ok(parent_board) = Board::from_sets(sets.0, sets.1) else {
                continue;
            };
            let parent = Position::from_board(parent_board, mover);
            // Rule 2: a player in check must leave none of its pieces isolated.
            if isolated_now && parent.in_check() {
                continue;
            }
            if !finished(&parent) {
                out.push(parent);
            }
        }
    }
    let passed = Position::from_board(*board, mover);
    if passed.must_pass() && !finished(&passed) {
        out.push(passed);
    }
}

/// What the backward search found for one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// A game reaches it: the chain found has this many moves.
    Reachable(u32),
    /// No game reaches it: taking moves back never gets to the start (the
    /// number of positions the backward search exhausted).
    Unreachable(u64),
    /// The budget ran out first.
    Unknown,
}

/// The start squares of each side.
fn home(side: Side) -> SquareSet {
    Position::new().pieces(side)
}

/// A lower bound of the moves between the start and `position`: its pieces
/// off their start squares (each must move at least once).
fn distance(position: &Position) -> u32 {
    let off = (position.pieces(Side::S) - home(Side::S)).len() + (position.pieces(Side::O) - home(Side::O)).len();
    off as u32
}

/// Decides whether `target` can occur in a game, taking moves back from it
/// (best first, towards the start) until meeting a position of `known`
/// (reachable, at the distance it maps to), exhausting the positions that
/// lead to it, or expanding `budget` positions.
pub fn decide(target: &Position, known: &HashMap<u64, u32>, budget: u64) -> Reach {
    if let Some(&d) = known.get(&key(target)) {
        return Reach::Reachable(d);
    }
    // Best first by (distance bound + moves taken back so far / 4), then fewest moves back.
    let mut heap: BinaryHeap<(std::cmp::Reverse<(u32, u32)>, u64)> = BinaryHeap::new();
    let mut depth: HashMap<u64, u32> = HashMap::new();
    let mut positions: HashMap<u64, Position> = HashMap::new();
    let k = key(target);
    depth.insert(k, 0);
    positions.insert(k, *target);
    heap.push((std::cmp::Reverse((distance(target), 0)), k));
    let mut expanded = 0;
    let mut parents = Vec::new();
    while let Some((_, k)) = heap.pop() {
        if expanded >= budget {
            return Reach::Unknown;
        }
        expanded += 1;
        let position = positions[&k];
        let g = depth[&k];
        predecessors(&position, &mut parents);
        for parent in &parents {
            let pk = key(parent);
            if let Some(&d) = known.get(&pk) {
                return Reach::Reachable(g + 1 + d);
            }
            if depth.contains_key(&pk) {
                continue;
            }
            depth.insert(pk, g + 1);
            positions.insert(pk, *parent);
            heap.push((std::cmp::Reverse((distance(parent) * 4 + (g + 1), g + 1)), pk));
        }
    }
    Reach::Unreachable(expanded)
}

/// The positions within `plies` of the start with their distance from it.
pub fn near_start_distances(plies: u32) -> HashMap<u64, u32> {
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let mut frontier = vec![Position::new()];
    seen.insert(key(&Position::new()), 0);
    for d in 1..=plies {
        let mut next = Vec::new();
        for position in &frontier {
            for &mv in &position.legal_moves() {
                let child = position.play_unchecked(mv);
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(key(&child)) {
                    e.insert(d);
                    if !finished(&child) {
                        next.push(child);
                    }
                }
            }
        }
        frontier = next;
    }
    seen
}

/// A position drawn uniformly from all boards of seven pieces a side, with
/// either side to move.
pub fn random_position<R: Rng + ?Sized>(rng: &mut R) -> Position {
    let mut squares: [usize; 25] = std::array::from_fn(|i| i);
    squares.shuffle(rng);
    let set = |range: std::ops::Range<usize>| -> SquareSet {
        squares[range]
            .iter()
            .filter_map(|&i| carreno_rules::Square::from_index(i))
            .collect()
    };
    let board = Board::from_sets(set(0..7), set(7..14)).unwrap_or(Board::START);
    let side = if rng.random::<bool>() { Side::S } else { Side::O };
    Position::from_board(board, side)
}

/// The number of boards of seven pieces a side on 25 squares: C(25,7) · C(18,7).
pub const BOARDS: u64 = 480_700 * 31_824;

/// The number of positions: every board with either side to move.
pub const POSITIONS: u64 = 2 * BOARDS;

#[cfg(test)]
mod tests {
    use super::*;
    use carreno_rules::Game;
    use rand::{SeedableRng, rngs::SmallRng};

    #[test]
    fn taking_back_a_move_gives_exactly_the_positions_it_can_come_from() {
        let mut rng = SmallRng::seed_from_u64(8);
        let mut parents = Vec::new();
        for _ in 0..300 {
            let mut game = Game::new();
            while !game.is_over() {
                let before = *game.position();
                let moves = game.legal_moves();
                let mv = moves[rng.random_range(0..moves.len())];
                game.play(mv).unwrap();
                let after = *game.position();
                predecessors(&after, &mut parents);
                assert!(parents.contains(&before), "{before} -> {mv} -> {after}");
                // Every predecessor has a legal move to `after`, and is not finished.
                for parent in &parents {
                    assert!(!finished(parent));
                    assert!(
                        parent.legal_moves().iter().any(|&m| parent.play_unchecked(m) == after),
                        "{parent} does not lead to {after}"
                    );
                }
            }
        }
    }

    #[test]
    fn positions_near_the_start_are_found_reachable() {
        let known = near_start_distances(2);
        let mut game = Game::new();
        for mv in ["a2-c4", "a4-a3", "c1-c3", "a5-b4", "b1-b2"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        assert!(matches!(decide(game.position(), &known, 10_000), Reach::Reachable(_)));
    }
}
