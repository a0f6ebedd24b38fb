//! Debug: replays the trace game to the 9th placement and shows the Chaos search per depth.
use entropy_ai::{Engine, Greedy, Level, Limits, Player};
use entropy_rules::{Action, Phase, Round, Size};

fn main() {
    let stop_at: usize = std::env::var("AT").map_or(8, |v| v.parse().unwrap());
    let mut order = Greedy::new(1);
    let mut chaos = Level::Hard.player(1);
    let limits = Limits::nodes(20000);
    let mut round = Round::new(Size::Seven, 1);
    loop {
        match round.phase() {
            Phase::ChaosDraw => {
                round.apply(Action::Draw).unwrap();
            }
            Phase::ChaosPlace(_) => {
                if round.board().counters() == stop_at {
                    break;
                }
                let cell = chaos.place(round.position(), &limits);
                round.apply(Action::Place(cell)).unwrap();
            }
            Phase::OrderMove => {
                let mv = order.order(round.position(), &limits);
                round.apply(mv.into()).unwrap();
            }
            Phase::Finished => return,
        }
    }
    let pos = *round.position();
    println!("{:?}", pos.phase());
    for d in 0..4 {
        let mut config = Level::Hard.search_config().unwrap();
        config.max_depth = d;
        let mut e = Engine::new(config);
        let f = e.place(&pos, &Limits::nodes(10_000_000));
        println!("depth {d}: {:?}", f);
    }
    // Per-cell depth-1 value.
    let mut config = Level::Hard.search_config().unwrap();
    config.max_depth = 1;
    for cell in pos.placements() {
        let mut after = pos;
        after.place(cell).unwrap();
        let mut e = Engine::new(config);
        let f = e.order(&after, &Limits::nodes(10_000_000));
        let mut g = Greedy::new(1);
        let gm = g.order(&after, &Limits::none());
        let mut a2 = after;
        a2.order(gm).unwrap();
        println!(
            "{cell}: order reply {} value {:.2} (depth {}), greedy reply {gm} -> score {}",
            f.best,
            f.value,
            f.depth,
            a2.score()
        );
    }
}
