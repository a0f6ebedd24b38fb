//! Fast answers to the questions a search asks at every node: which moves
//! win at once, and whether a side is one move from dispersal.

use std::collections::{HashMap, VecDeque};

use carreno_rules::{Move, Position, SquareSet};

use crate::key::key;

/// Calls `f(from, to)` for every legal move of the side to move that
/// disperses its own pieces (and so wins at once, whatever the other side's
/// pieces look like afterwards).
///
/// A move of the piece on `from` disperses the mover only if the mover's
/// other six pieces already touch enemy pieces and none of their own; then
/// the destination must touch an enemy piece and none of those six. So the
/// test looks at each movable piece once, and at most at its destinations.
#[inline]
pub fn for_each_winning_move(position: &Position, mut f: impl FnMut(Move)) {
    let me = position.to_move();
    let own = position.pieces(me);
    let enemy = position.pieces(me.other());
    let enemy_touch = enemy.neighbours();
    // Every piece but one must already touch an enemy piece.
    let strays = own - enemy_touch;
    if strays.len() > 1 {
        return;
    }
    let occupied = own | enemy;
    for from in own & own.neighbours() {
        let rest = own.without(from);
        if !(rest & rest.neighbours()).is_empty() || !(rest - enemy_touch).is_empty() {
            continue;
        }
        let targets = from.queen_reach(occupied) & (enemy_touch - rest.neighbours());
        for to in targets {
            f(Move::slide(from, to));
        }
    }
}

/// The first move (in square order) that wins at once for the side to move.
#[inline]
pub fn winning_move(position: &Position) -> Option<Move> {
    let mut found = None;
    for_each_winning_move(position, |mv| {
        if found.is_none() {
            found = Some(mv);
        }
    });
    found
}

/// The number of moves that win at once for the side to move.
pub fn winning_move_count(position: &Position) -> usize {
    let mut count = 0;
    for_each_winning_move(position, |_| count += 1);
    count
}

/// The pieces of the side to move's opponent that already look dispersed:
/// touching an enemy piece and none of their own.
#[inline]
pub fn settled(own: SquareSet, enemy: SquareSet) -> SquareSet {
    (own - own.neighbours()) & enemy.neighbours()
}

/// The shortest win for the side to move through positions where the other
/// side cannot move at all: each of the mover's moves leaves the other side
/// no legal move but the pass, until the mover is dispersed. The other side
/// has no say in such a line, so it is a proven win (its length in plies is
/// twice the moves, less one). A breadth-first search over the mover's
/// arrangements (at most C(18, 7) = 31 824 with the other side's pieces
/// fixed), given up past `max_positions`.
///
/// ```
/// use carreno_ai::tactics::win_against_frozen;
/// use carreno_rules::Position;
/// // O's e1 touches nothing, and no O piece that may move can reach it: O is
/// // in check and must pass. S has five moves to disperse, O passing in between.
/// let position: Position = ".SSS.\nOS.O.\nO.S..\nOOS..\nOS..O\nS\n".parse()?;
/// let line = win_against_frozen(&position, 40_000).expect("S wins");
/// assert_eq!(line.len(), 5);
/// let mut p = position;
/// for (i, mv) in line.iter().enumerate() {
///     p = p.play(*mv)?;
///     if i + 1 < line.len() {
///         p = p.play(carreno_rules::Move::Pass)?;
///     }
/// }
/// assert_eq!(p.winner().map(|w| w.winner), Some(position.to_move()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn win_against_frozen(position: &Position, max_positions: usize) -> Option<Vec<Move>> {
    let me = position.to_move();
    let mut seen: HashMap<u64, (u64, Move)> = HashMap::new();
    let mut queue = VecDeque::new();
    let root = key(position);
    seen.insert(root, (root, Move::Pass));
    queue.push_back(*position);
    while let Some(current) = queue.pop_front() {
        let current_key = key(&current);
        for &mv in &current.legal_moves() {
            let child = current.play_unchecked(mv);
            if let Some(win) = child.winner() {
                if win.winner != me {
                    continue;
                }
                // Walk back to the root.
                let mut line = vec![mv];
                let mut k = current_key;
                while k != root {
                    let (parent, m) = seen[&k];
                    line.push(m);
                    k = parent;
                }
                line.reverse();
                return Some(line);
            }
            if mv.is_pass() || !child.must_pass() {
                continue;
            }
            let next = child.play_unchecked(Move::Pass);
            let next_key = key(&next);
            if seen.len() < max_positions && !seen.contains_key(&next_key) {
                seen.insert(next_key, (current_key, mv));
                queue.push_back(next);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use carreno_rules::Game;
    use rand::{Rng, SeedableRng, rngs::SmallRng};

    /// The fast test agrees with playing every move and judging the result.
    #[test]
    fn winning_moves_are_exactly_the_moves_that_disperse_the_mover() {
        let mut rng = SmallRng::seed_from_u64(3);
        let mut wins_seen = 0;
        for _ in 0..3000 {
            let mut game = Game::new();
            while !game.is_over() {
                let position = *game.position();
                let mut fast = Vec::new();
                for_each_winning_move(&position, |mv| fast.push(mv));
                let slow: Vec<Move> = position
                    .legal_moves()
                    .into_iter()
                    .filter(|&mv| position.play_unchecked(mv).board().is_dispersed(position.to_move()))
                    .collect();
                fast.sort();
                let mut slow = slow;
                slow.sort();
                assert_eq!(fast, slow, "{position}");
                wins_seen += fast.len();
                let moves = game.legal_moves();
                game.play(moves[rng.random_range(0..moves.len())]).unwrap();
            }
        }
        assert!(wins_seen > 100, "the test saw too few wins: {wins_seen}");
    }
}
