//! Fast answers to the questions a search asks at every node: which moves
//! win at once, and whether a side is one move from dispersal.

use carreno_rules::{Move, Position, SquareSet};

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
