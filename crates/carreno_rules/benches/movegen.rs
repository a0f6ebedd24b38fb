//! The hot paths a search depends on: move generation, making a move, and
//! the win test. `cargo bench -p carreno_rules`.

use std::hint::black_box;

use carreno_rules::{Game, Position, perft};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::{Rng, SeedableRng, rngs::SmallRng};

/// Positions met in random games, a few from each game.
fn positions(count: usize) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(2024);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut game = Game::new();
        while !game.is_over() {
            if rng.random_ratio(1, 8) {
                out.push(*game.position());
            }
            let moves = game.legal_moves();
            game.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
    }
    out.truncate(count);
    out
}

fn generation(c: &mut Criterion) {
    let mid = positions(256);
    let mut i = 0;
    c.bench_function("legal moves, random game positions", |b| {
        b.iter(|| {
            i = (i + 1) % mid.len();
            black_box(&mid[i]).legal_moves().len()
        })
    });
    c.bench_function("move count, random game positions", |b| {
        b.iter(|| {
            i = (i + 1) % mid.len();
            black_box(&mid[i]).move_count()
        })
    });
    c.bench_function("every move played and judged, random game positions", |b| {
        b.iter(|| {
            i = (i + 1) % mid.len();
            let position = black_box(&mid[i]);
            position
                .legal_moves()
                .iter()
                .filter(|&&mv| position.play_unchecked(mv).winner().is_some())
                .count()
        })
    });
    c.bench_function("perft 4 from the start (789 898 leaves)", |b| {
        b.iter(|| perft(black_box(&Position::new()), 4))
    });
}

criterion_group!(benches, generation);
criterion_main!(benches);
