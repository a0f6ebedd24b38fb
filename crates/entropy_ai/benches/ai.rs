//! Speed of the evaluation and of the searches: `cargo bench -p entropy_ai`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use entropy_ai::{Engine, Level, Limits, Weights, evaluate};
use entropy_rules::{Phase, Position, Size};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// A position `placed` placements into a random round, waiting for Order
/// (or, with `chaos`, for Chaos to place the next counter).
fn midgame(placed: usize, chaos: bool, seed: u64) -> Position {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut position = Position::new(Size::Seven);
    loop {
        match position.phase() {
            Phase::ChaosDraw => {
                let colour = position.counts().sample(&mut rng).unwrap();
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
            Phase::Finished => return position,
        }
    }
}

fn benches(c: &mut Criterion) {
    let order = midgame(24, false, 3);
    let chaos = midgame(24, true, 3);
    c.bench_function("evaluate a 24-counter board", |b| {
        b.iter(|| evaluate(black_box(order.board()), order.counts(), Weights::default()))
    });
    for nodes in [10_000u64, 100_000] {
        let config = Level::Hard.search_config().unwrap();
        c.bench_function(&format!("Order search, {nodes} nodes"), |b| {
            let mut engine = Engine::new(config);
            b.iter(|| engine.order(black_box(&order), &Limits::nodes(nodes)))
        });
        c.bench_function(&format!("Chaos search, {nodes} nodes"), |b| {
            let mut engine = Engine::new(config);
            b.iter(|| engine.place(black_box(&chaos), &Limits::nodes(nodes)))
        });
    }
}

criterion_group! {
    name = ai;
    config = Criterion::default().sample_size(20);
    targets = benches
}
criterion_main!(ai);
