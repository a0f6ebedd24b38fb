//! Asks the computer for a hint: the best move of the player to move and the
//! final score it expects.
//!
//! `cargo run --release --example hint`

use entropy_ai::Limits;
use entropy_rules::{Action, Cell, Round, Size};

fn main() {
    // A few moves into a round: Chaos places three counters, Order passes twice.
    let mut round = Round::new(Size::Seven, 11);
    for (i, cell) in ["Dd", "Dc", "De"].iter().enumerate() {
        let cell: Cell = cell.parse().expect("a cell");
        round.apply(Action::Draw).expect("a draw");
        round.apply(Action::Place(cell)).expect("a placement");
        if i < 2 {
            round.apply(Action::Pass).expect("a pass");
        }
    }
    println!("{}", round.board());
    match entropy_ai::hint(round.position(), &Limits::nodes(200_000)) {
        Some(hint) => println!(
            "best move: {}; expected final score about {:.0}",
            hint.best, hint.expected
        ),
        None => println!("no move to hint: a draw is due or the round is over"),
    }
}
