//! Plays a search configuration with other evaluation weights against Hard's,
//! each opening twice (colours swapped), at a fixed node budget.
//! `cargo run --release -p carreno_ai --example tune -- <settled,contact,isolated,mobile,threat,tempo> [pairs] [nodes] [opening] [seed] [base weights]`
use carreno_ai::tactics::winning_move;
use carreno_ai::{Level, Limits, Player, SearchConfig, SearchPlayer, Weights};
use carreno_rules::{Game, Side};
use rand::{Rng, SeedableRng, rngs::SmallRng};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let parse = |s: &String| -> Weights {
        let w: Vec<i32> = s.split(',').filter_map(|x| x.parse().ok()).collect();
        Weights {
            settled: w[0],
            contact: w[1],
            isolated: w[2],
            mobile: w[3],
            threat: w[4],
            tempo: w[5],
        }
    };
    let num = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let (pairs, nodes, opening, seed) = (num(1, 50), num(2, 20_000), num(3, 4), num(4, 1));
    let weights = parse(&args[0]);
    let base = Level::Hard.search_config().unwrap_or_default();
    let base_weights = args.get(5).map(parse).unwrap_or(base.weights);
    let limits = Limits::nodes(nodes);
    let (mut points, mut games, mut draws) = (0.0, 0, 0);
    for pair in 0..pairs {
        let mut rng = SmallRng::seed_from_u64(seed * 1_000_003 + pair);
        let mut start = Game::new();
        for _ in 0..opening {
            let moves: Vec<_> = start
                .legal_moves()
                .into_iter()
                .filter(|&m| {
                    let n = start.position().play_unchecked(m);
                    n.winner().is_none() && winning_move(&n).is_none()
                })
                .collect();
            if moves.is_empty() {
                break;
            }
            start.play(moves[rng.random_range(0..moves.len())]).unwrap();
        }
        for test_side in [Side::O, Side::S] {
            let mut test = SearchPlayer::new(
                "test",
                SearchConfig {
                    weights,
                    table_bits: 18,
                    ..base
                },
                Level::Hard.budget(),
                0,
            );
            let mut hard = SearchPlayer::new(
                "hard",
                SearchConfig {
                    weights: base_weights,
                    table_bits: 18,
                    ..base
                },
                Level::Hard.budget(),
                0,
            );
            let mut game = start.clone();
            while !game.is_over() {
                let mv = if game.to_move() == test_side {
                    test.choose(&game, &limits)
                } else {
                    hard.choose(&game, &limits)
                };
                game.play(mv).unwrap();
            }
            games += 1;
            match game.result().and_then(|r| r.winner()) {
                Some(s) if s == test_side => points += 1.0,
                Some(_) => {}
                None => {
                    points += 0.5;
                    draws += 1;
                }
            }
        }
    }
    println!(
        "{weights:?} against {base_weights:?}: {points} of {games} ({:.1}%), {draws} draws",
        100.0 * points / games as f64
    );
}
