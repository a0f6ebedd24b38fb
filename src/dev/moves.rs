//! The random legal moves a scripted run plays for the person, in any
//! room that plays Solomon's game.

use entropy_rules::{Action, MoveList, OrderMove, Phase};
use rand::Rng;
use rand::rngs::SmallRng;

/// A random legal move for the person to move, preferring slides.
pub(super) fn random_move(position: &entropy_rules::Position, rng: &mut SmallRng) -> Option<Action> {
    match position.phase() {
        Phase::ChaosPlace(_) => {
            let vacant = position.placements();
            vacant.nth(rng.random_range(0..vacant.len().max(1))).map(Action::Place)
        }
        Phase::OrderMove => {
            let mut moves = MoveList::new();
            position.order_moves(&mut moves);
            let k = rng.random_range(0..moves.len().max(1));
            let mv = if moves.len() > 1 && moves[k] == OrderMove::Pass {
                moves[1]
            } else {
                moves[k]
            };
            Some(Action::from(mv))
        }
        _ => None,
    }
}
