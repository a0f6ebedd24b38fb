//! Tuning harness: a search configuration against the greedy baseline in
//! both roles, node-bounded (deterministic). Settings from the environment:
//! `ROUNDS`, `NODES`, `SEED`, `W` (floor,mean,join,pair), `BEAMS`
//! (root,root_chaos,order,chaos), `DEPTH`, `ROLE` (order, chaos or both),
//! `MS` (a time limit instead of nodes), `OPP` (the opponent: greedy or a
//! level), `OPP_NODES` (the opponent's node count), `BASE` (the level whose
//! configuration is changed), `MC`, `LOOK`, `OLOOK`, `OORDER`, `SHUF`, `WG`,
//! `SAFE`, `SAFEP`, `GCHAOS`, `THREAT`, `TRACE`, `OUT` (every round's score to a
//! file); docs/ai.md says what each does.
//!
//! `ROUNDS=100 NODES=20000 W=1,0.55,0,0 cargo run --release -p entropy_ai --example tune`

use std::env;

use entropy_ai::{Greedy, Level, Limits, Player, SearchConfig, SearchPlayer};
use entropy_rules::{Action, Phase, Round, Size};
use std::time::Duration;

fn list(name: &str) -> Option<Vec<f64>> {
    env::var(name)
        .ok()
        .map(|v| v.split(',').map(|x| x.trim().parse().expect("a number")).collect())
}

fn number(name: &str, default: u64) -> u64 {
    env::var(name).ok().map_or(default, |v| v.parse().expect("a number"))
}

/// Points gained by placements and by slides, by seventh of the round.
static TRACE: std::sync::Mutex<[[f64; 7]; 2]> = std::sync::Mutex::new([[0.0; 7]; 2]);

/// One round; each side moves within its own limits.
fn play(
    seed: u64,
    (order, order_limits): (&mut dyn Player, &Limits),
    (chaos, chaos_limits): (&mut dyn Player, &Limits),
) -> u32 {
    let mut round = Round::new(Size::Seven, seed);
    loop {
        let before = round.score() as f64;
        let part = round.position().board().counters() / 7;
        match round.phase() {
            Phase::ChaosDraw => {
                round.apply(Action::Draw).unwrap();
            }
            Phase::ChaosPlace(_) => {
                let cell = chaos.place(round.position(), chaos_limits);
                round.apply(Action::Place(cell)).unwrap();
                TRACE.lock().unwrap()[0][part.min(6)] += round.score() as f64 - before;
            }
            Phase::OrderMove => {
                let mv = order.order(round.position(), order_limits);
                round.apply(mv.into()).unwrap();
                TRACE.lock().unwrap()[1][part.min(6)] += round.score() as f64 - before;
            }
            Phase::Finished => return round.score(),
        }
    }
}

fn mean_ci(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let m = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, 1.96 * (var / n).sqrt())
}

fn main() {
    let base: Level = env::var("BASE").map_or(Level::Hard, |b| b.parse().expect("a level"));
    let mut config: SearchConfig = base.search_config().expect("a search level");
    let weights = |w: Vec<f64>| entropy_ai::Weights {
        floor: w[0] as f32,
        mean: w[1] as f32,
        join: w.get(2).copied().unwrap_or(0.0) as f32,
        pair: w.get(3).copied().unwrap_or(0.0) as f32,
        mobility: w.get(4).copied().unwrap_or(0.0) as f32,
    };
    if let Some(w) = list("W") {
        config.order_weights = weights(w.clone());
        config.chaos_weights = weights(w);
    }
    if let Some(w) = list("WO") {
        config.order_weights = weights(w);
    }
    if let Some(w) = list("WC") {
        config.chaos_weights = weights(w);
    }
    if let Some(m) = list("MC") {
        config.playout_moves = m[0] as usize;
        config.playout_batch = m.get(1).copied().unwrap_or(16.0) as u32;
        if let Some(&blend) = m.get(4) {
            config.playout_weight = blend as f32;
        }
        if let Some(&floor) = m.get(2).filter(|&&f| f > 0.0) {
            config.playout_order = Some(entropy_ai::Weights {
                floor: floor as f32,
                mean: m.get(3).copied().unwrap_or(0.0) as f32,
                ..Default::default()
            });
        }
    }
    if let Some(w) = list("WG") {
        // WG=-1: Chaos facing a greedy Order blends as against any other.
        config.playout_weight_greedy = (w[0] >= 0.0).then_some(w[0] as f32);
    }
    if let Some(l) = list("LOOK") {
        config.playout_chaos_look = l[0] as u32;
        config.playout_chaos_spread = l.get(1).copied().unwrap_or(0.0) as f32;
    }
    if let Some(w) = list("OORDER") {
        // OORDER=-1: never model Order as a planner.
        config.playout_opponent_order = (w[0] >= 0.0).then(|| weights(w));
    }
    if let Some(l) = list("SHUF") {
        config.playout_opponent_shuffles = l[0] > 0.0;
    }
    if let Some(l) = list("OLOOK") {
        config.playout_opponent_look = l[0] as u32;
    }
    if let Some(m) = list("SAFE") {
        // A negative margin turns the safe-cell filter off.
        config.playout_safe_margin = (m[0] >= 0.0).then_some(m[0] as u32);
    }
    if let Some(m) = list("SAFEP") {
        // The margin while Order is seen to plan ahead; negative: no filter then.
        config.playout_safe_margin_planner = (m[0] >= 0.0).then_some(m[0] as u32);
    }
    if let Some(l) = list("GCHAOS") {
        config.greedy_chaos_cells = l[0] as usize;
    }
    if let Some(t) = list("THREAT") {
        config.threat = t[0] as f32;
    }
    if let Some(b) = list("BEAMS") {
        config.root_beam = b[0] as usize;
        config.root_chaos_beam = b[1] as usize;
        config.order_beam = b[2] as usize;
        config.chaos_beam = b[3] as usize;
    }
    config.max_depth = number("DEPTH", config.max_depth as u64) as u32;
    let rounds = number("ROUNDS", 50);
    let seed = number("SEED", 1);
    let limits = match env::var("MS") {
        Ok(ms) => Limits::time(Duration::from_millis(ms.parse().expect("milliseconds"))),
        Err(_) => Limits::nodes(number("NODES", 20_000)),
    };
    // The opponent's own node count (`OPP_NODES`), as a level with a larger
    // or smaller time budget would have; the same as the tuned player's without it.
    let opponent_limits = match env::var("OPP_NODES") {
        Ok(n) => Limits::nodes(n.parse().expect("a number")),
        Err(_) => limits.clone(),
    };
    let role = env::var("ROLE").unwrap_or_else(|_| "both".into());
    let mut player = SearchPlayer::new("tuned", config, Duration::from_secs(1));
    let (mut as_order, mut as_chaos) = (Vec::new(), Vec::new());
    let opponent_name = env::var("OPP").unwrap_or_else(|_| "greedy".into());
    let opponent = |seed: u64| -> Box<dyn Player> {
        match opponent_name.parse::<Level>() {
            Ok(level) => level.player(seed),
            Err(_) => Box::new(Greedy::new(seed)),
        }
    };
    for r in 0..rounds {
        let bag_seed = seed * 1_000_003 + r;
        if role != "chaos" {
            let mut other = opponent(r);
            as_order.push(play(bag_seed, (&mut player, &limits), (other.as_mut(), &opponent_limits)) as f64);
        }
        if role != "order" {
            let mut other = opponent(r);
            as_chaos.push(play(bag_seed, (other.as_mut(), &opponent_limits), (&mut player, &limits)) as f64);
        }
    }
    if let Ok(path) = env::var("OUT") {
        // Every round's score, one line each ("order" or "chaos", round number, score),
        // to compare two configurations on the same bags.
        let mut text = String::new();
        for (role, v) in [("order", &as_order), ("chaos", &as_chaos)] {
            for (r, x) in v.iter().enumerate() {
                text.push_str(&format!("{role} {r} {x}\n"));
            }
        }
        std::fs::write(&path, text).expect("writing OUT");
    }
    let show = |v: &[f64]| {
        if v.is_empty() {
            "-".to_string()
        } else {
            let (m, ci) = mean_ci(v);
            format!("{m:.1} ± {ci:.1}")
        }
    };
    if env::var("TRACE").is_ok() {
        let t = TRACE.lock().unwrap();
        let games = (as_order.len() + as_chaos.len()).max(1) as f64;
        for (name, row) in ["placements", "slides"].iter().zip(t.iter()) {
            let cells: Vec<String> = row.iter().map(|v| format!("{:6.1}", v / games)).collect();
            println!("  {name:>10} by seventh of the round: {}", cells.join(" "));
        }
    }
    println!(
        "{config:?}\n  as Order vs {opponent_name}: {}   conceded as Chaos vs {opponent_name}: {}",
        show(&as_order),
        show(&as_chaos)
    );
    if !as_order.is_empty() && as_order.len() == as_chaos.len() {
        // Both roles on the same bags: two-round matches, as the arena counts them.
        let margins: Vec<f64> = as_order.iter().zip(&as_chaos).map(|(o, c)| o - c).collect();
        let count = |keep: fn(f64) -> bool| margins.iter().filter(|&&m| keep(m)).count();
        println!(
            "  matches won–drawn–lost {}–{}–{}, margin {}",
            count(|m| m > 0.0),
            count(|m| m == 0.0),
            count(|m| m < 0.0),
            show(&margins)
        );
    }
}
