//! Measures how soon a search answers once its stop flag is raised:
//! `cargo run --release -p entropy_ai --example cancel`. Prints the worst
//! and the mean delay over positions through a round, both roles, Master level.

use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use entropy_ai::{Level, Limits, StopFlag};
use entropy_rules::{Phase, Position, Size};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

fn main() {
    let mut rng = SmallRng::seed_from_u64(1);
    let mut position = Position::new(Size::Seven);
    let mut delays = Vec::new();
    while !position.is_finished() {
        match position.phase() {
            Phase::ChaosDraw => position.draw(position.counts().sample(&mut rng).unwrap()).unwrap(),
            Phase::ChaosPlace(_) | Phase::OrderMove => {
                let stop = StopFlag::new();
                let limits = Limits::time(Duration::from_secs(60)).with_stop(stop.clone());
                let (send, answered) = mpsc::channel();
                let snapshot = position;
                let worker = thread::spawn(move || {
                    let mut player = Level::Master.player(1);
                    match snapshot.phase() {
                        Phase::OrderMove => {
                            let _ = player.order(&snapshot, &limits);
                        }
                        _ => {
                            let _ = player.place(&snapshot, &limits);
                        }
                    }
                    send.send(Instant::now()).unwrap();
                });
                thread::sleep(Duration::from_millis(rng.random_range(5..60)));
                let raised = Instant::now();
                stop.raise();
                let at = answered.recv().unwrap();
                worker.join().unwrap();
                delays.push(at.saturating_duration_since(raised));
                // Go on with a random legal move.
                match position.phase() {
                    Phase::OrderMove => {
                        let k = rng.random_range(0..position.order_move_count());
                        position.order(position.nth_order_move(k).unwrap()).unwrap();
                    }
                    _ => {
                        let cells = position.placements();
                        position
                            .place(cells.nth(rng.random_range(0..cells.len())).unwrap())
                            .unwrap();
                    }
                }
            }
            Phase::Finished => {}
        }
    }
    let worst = delays.iter().max().unwrap();
    let mean = delays.iter().sum::<Duration>() / delays.len() as u32;
    println!(
        "{} searches stopped: mean {mean:?} after the flag, worst {worst:?}",
        delays.len()
    );
}
