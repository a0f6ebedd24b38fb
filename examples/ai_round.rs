//! Plays a whole round between two computer levels, with no window, and
//! prints it in CodeCup notation (a placement `3Dc`, a slide `DcDf`, a pass
//! as the cell twice) with Order's score.
//!
//! `cargo run --release --example ai_round`

use entropy_ai::{Level, Limits};
use entropy_rules::{Action, Phase, Round, Size};

fn main() {
    let mut round = Round::new(Size::Seven, 2023);
    let mut chaos = Level::Easy.player(1);
    let mut order = Level::Medium.player(2);
    let limits = Limits::nodes(20_000);
    loop {
        let position = *round.position();
        let action = match position.phase() {
            Phase::ChaosDraw => Action::Draw,
            Phase::ChaosPlace(_) => Action::Place(chaos.place(&position, &limits)),
            Phase::OrderMove => Action::from(order.order(&position, &limits)),
            Phase::Finished => break,
        };
        if let Err(e) = round.apply(action) {
            eprintln!("a player asked for an illegal move: {e}");
            std::process::exit(1);
        }
    }
    for (i, turn) in round.turns().iter().enumerate() {
        println!("{:>2}. {turn}", i + 1);
    }
    println!(
        "Order ({}) scored {} against Chaos ({})",
        order.name(),
        round.score(),
        chaos.name()
    );
}
