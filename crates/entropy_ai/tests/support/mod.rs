//! Positions for the AI's tests and benchmarks, shared by the integration
//! tests, the crate's own unit tests and the benchmarks (each includes this
//! file as a module).
#![allow(dead_code)]

use entropy_rules::{MoveList, Phase, Position, Size};
use rand::Rng;
use rand::rngs::SmallRng;

/// A position reached by random play: `placed` counters on the board,
/// waiting for Chaos to place (`chaos`) or for Order.
pub fn random_position(size: Size, placed: usize, chaos: bool, rng: &mut SmallRng) -> Position {
    let mut position = Position::new(size);
    loop {
        match position.phase() {
            Phase::ChaosDraw => {
                let colour = position.counts().sample(rng).unwrap();
                position.draw(colour).unwrap();
                if chaos && position.board().counters() == placed {
                    return position;
                }
            }
            Phase::ChaosPlace(_) => {
                let cells = position.placements();
                let cell = cells.nth(rng.random_range(0..cells.len())).unwrap();
                position.place(cell).unwrap();
                if !chaos && position.board().counters() == placed {
                    return position;
                }
            }
            Phase::OrderMove => {
                let k = rng.random_range(0..position.order_move_count());
                position.order(position.nth_order_move(k).unwrap()).unwrap();
            }
            Phase::Finished => unreachable!("stops before the board is full"),
        }
    }
}

/// The exact expected final score with both sides playing perfectly.
pub fn expectimax(position: &Position) -> f64 {
    match position.phase() {
        Phase::Finished => position.score() as f64,
        Phase::ChaosDraw => {
            let counts = position.counts();
            let total = counts.total() as f64;
            counts
                .iter()
                .filter(|&(_, n)| n > 0)
                .map(|(colour, n)| {
                    let mut drawn = *position;
                    drawn.draw(colour).unwrap();
                    n as f64 / total * expectimax(&drawn)
                })
                .sum()
        }
        Phase::ChaosPlace(_) => position
            .placements()
            .into_iter()
            .map(|cell| {
                let mut after = *position;
                after.place(cell).unwrap();
                expectimax(&after)
            })
            .fold(f64::MAX, f64::min),
        Phase::OrderMove => {
            let mut moves = MoveList::new();
            position.order_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut after = *position;
                    after.order(mv).unwrap();
                    expectimax(&after)
                })
                .fold(f64::MIN, f64::max)
        }
    }
}
