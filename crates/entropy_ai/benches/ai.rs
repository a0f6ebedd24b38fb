//! Speed of the search levels' moves, node-bounded: `cargo bench -p entropy_ai`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use entropy_ai::{Level, Limits};
use entropy_rules::Size;
use rand::SeedableRng;
use rand::rngs::SmallRng;

#[path = "../tests/support/mod.rs"]
mod support;

fn benches(c: &mut Criterion) {
    let order = support::random_position(Size::Seven, 24, false, &mut SmallRng::seed_from_u64(3));
    let chaos = support::random_position(Size::Seven, 24, true, &mut SmallRng::seed_from_u64(3));
    for nodes in [10_000u64, 100_000] {
        c.bench_function(&format!("Hard's Order move, {nodes} nodes"), |b| {
            let mut player = Level::Hard.player(0);
            b.iter(|| player.order(black_box(&order), &Limits::nodes(nodes)))
        });
        c.bench_function(&format!("Hard's Chaos move, {nodes} nodes"), |b| {
            let mut player = Level::Hard.player(0);
            b.iter(|| player.place(black_box(&chaos), &Limits::nodes(nodes)))
        });
    }
}

criterion_group! {
    name = ai;
    config = Criterion::default().sample_size(20);
    targets = benches
}
criterion_main!(ai);
