//! The hot paths the AI depends on: full-board scoring, Order's move
//! generation, and random playouts. `cargo bench -p entropy_rules`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use entropy_rules::{MoveList, Phase, Position, Size};
use rand::{SeedableRng, rngs::SmallRng};

/// Positions reached by random play, stopped when `stop` says so.
fn positions(size: Size, count: usize, stop: impl Fn(&Position) -> bool) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(2023);
    (0..count)
        .map(|_| {
            loop {
                let mut position = Position::new(size);
                let mut moves = MoveList::new();
                while !stop(&position) && !position.is_finished() {
                    match position.phase() {
                        Phase::ChaosDraw => position.draw(position.counts().sample(&mut rng).unwrap()).unwrap(),
                        Phase::ChaosPlace(_) => {
                            let vacant = position.placements();
                            let k = rand::Rng::random_range(&mut rng, 0..vacant.len());
                            position.place(vacant.nth(k).unwrap()).map(|_| ()).unwrap()
                        }
                        _ => {
                            position.order_moves(&mut moves);
                            let k = rand::Rng::random_range(&mut rng, 0..moves.len());
                            position.order(moves[k]).unwrap()
                        }
                    }
                }
                if stop(&position) {
                    break position;
                }
            }
        })
        .collect()
}

fn scoring(c: &mut Criterion) {
    let boards: Vec<_> = positions(Size::Seven, 64, |p| p.is_finished())
        .iter()
        .map(|p| *p.board())
        .collect();
    let mut i = 0;
    c.bench_function("score full 7x7 board", |b| {
        b.iter(|| {
            i = (i + 1) % boards.len();
            black_box(&boards[i]).score()
        })
    });
}

fn order_moves(c: &mut Criterion) {
    let mid = positions(Size::Seven, 64, |p| {
        p.phase() == Phase::OrderMove && p.board().counters() == 24
    });
    let mut moves = MoveList::new();
    let mut i = 0;
    c.bench_function("order moves 7x7, 24 counters", |b| {
        b.iter(|| {
            i = (i + 1) % mid.len();
            black_box(&mid[i]).order_moves(&mut moves);
            moves.len()
        })
    });
}

fn playouts(c: &mut Criterion) {
    for size in [Size::Seven, Size::Five] {
        let mut rng = SmallRng::seed_from_u64(7);
        let start = Position::new(size);
        c.bench_function(&format!("playout {0}x{0} from empty", size.n()), |b| {
            b.iter(|| {
                let mut position = black_box(start);
                position.playout(&mut rng)
            })
        });
    }
}

criterion_group!(benches, scoring, order_moves, playouts);
criterion_main!(benches);
