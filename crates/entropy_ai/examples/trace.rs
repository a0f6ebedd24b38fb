//! Prints one round move by move: `ORDER` and `CHAOS` are greedy, or a level name.
use entropy_ai::{Greedy, Level, Limits, Player};
use entropy_rules::{Action, Phase, Round, Size};

fn player(name: &str) -> Box<dyn Player> {
    if name == "greedy" {
        Box::new(Greedy::new(1))
    } else {
        name.parse::<Level>().unwrap().player(1)
    }
}

fn main() {
    let order_name = std::env::var("ORDER").unwrap_or("greedy".into());
    let chaos_name = std::env::var("CHAOS").unwrap_or("hard".into());
    let nodes: u64 = std::env::var("NODES").map_or(20000, |v| v.parse().unwrap());
    let seed: u64 = std::env::var("SEED").map_or(1, |v| v.parse().unwrap());
    let (mut order, mut chaos) = (player(&order_name), player(&chaos_name));
    let limits = Limits::nodes(nodes);
    let mut round = Round::new(Size::Seven, seed);
    let mut last = 0;
    loop {
        match round.phase() {
            Phase::ChaosDraw => {
                round.apply(Action::Draw).unwrap();
            }
            Phase::ChaosPlace(c) => {
                let cell = chaos.place(round.position(), &limits);
                round.apply(Action::Place(cell)).unwrap();
                let s = round.score();
                if s != last {
                    println!("{:2} place {c}{cell}: +{} = {s}", round.board().counters(), s - last);
                    last = s;
                }
            }
            Phase::OrderMove => {
                let before = entropy_cli_board(&round);
                let mv = order.order(round.position(), &limits);
                round.apply(mv.into()).unwrap();
                let s = round.score();
                if s != last {
                    println!("{:2} order {mv}: +{} = {s}", round.board().counters(), s - last);
                    if round.board().counters() < 20 {
                        println!("{before}");
                    }
                    last = s;
                }
            }
            Phase::Finished => break,
        }
    }
    println!("{}", entropy_cli_board(&round));
}

fn entropy_cli_board(round: &Round) -> String {
    let b = round.board();
    let mut out = String::new();
    for r in 0..7 {
        for c in 0..7 {
            let cell = entropy_rules::Cell::new(r, c).unwrap();
            out.push(b.get(cell).map_or('.', |c| (b'0' + c.number()) as char));
        }
        out.push('\n');
    }
    out
}
