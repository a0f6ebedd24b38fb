//! `entropy-tune`: a search level's configuration, with one or more
//! settings changed, against an opponent in both roles, on seeded bags.
//!
//! Each round is played once with the tuned player as Order and once as
//! Chaos on the same bag, so two runs that differ in one setting compare
//! on the same colours: a paired comparison (`--out` keeps every round's
//! score for it). Node-bounded by default, so a run is deterministic and
//! does not depend on the machine's load.
//!
//! ```sh
//! cargo run --release -p entropy_tune -- --level master --opponent hard \
//!     --nodes 5000000 --opponent-nodes 2000000 --rounds 100 --seed 21
//! ```

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, ValueEnum};
use entropy_ai::{Greedy, Level, Limits, Player, SearchConfig};
use entropy_rules::{Action, Phase, Round, Size};
use entropy_stats::{Tally, mean_ci};

#[derive(Parser)]
#[command(
    name = "entropy-tune",
    about = "A search level's configuration, changed a setting at a time, against an opponent in both roles"
)]
struct Cli {
    /// The level whose configuration is tuned: medium, hard or master.
    #[arg(long, default_value = "hard")]
    level: Level,
    /// The opponent: greedy or a level.
    #[arg(long, default_value = "greedy", value_parser = opponent)]
    opponent: Opponent,
    /// Rounds in each role.
    #[arg(long, default_value_t = 50)]
    rounds: u64,
    /// Seed of the bags.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Search nodes a move.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Milliseconds a move instead of a node count (not deterministic).
    #[arg(long)]
    ms: Option<u64>,
    /// The opponent's search nodes a move (default: as --nodes).
    #[arg(long)]
    opponent_nodes: Option<u64>,
    /// The roles the tuned player plays.
    #[arg(long, value_enum, default_value_t = Roles::Both)]
    role: Roles,
    /// Order moves searched at the root (and judged by the playouts).
    #[arg(long)]
    root_beam: Option<usize>,
    /// Chaos cells searched at the root from the second iteration on.
    #[arg(long)]
    root_chaos_beam: Option<usize>,
    /// Order moves searched at an inner Order node.
    #[arg(long)]
    order_beam: Option<usize>,
    /// Cells searched at an inner Chaos node.
    #[arg(long)]
    chaos_beam: Option<usize>,
    /// The deepest iteration, in placements.
    #[arg(long)]
    depth: Option<u32>,
    /// Cells Order's search averages over at a Chaos node it takes for greedy (0: never).
    #[arg(long)]
    greedy_chaos_cells: Option<usize>,
    /// No playout stage.
    #[arg(long)]
    no_playouts: bool,
    /// Chaos's cells judged by the playouts.
    #[arg(long)]
    chaos_cells: Option<usize>,
    /// How much the playouts' mean counts against the search's value.
    #[arg(long)]
    weight: Option<f32>,
    /// The same for Chaos facing a greedy Order.
    #[arg(long)]
    weight_greedy: Option<f32>,
    /// Cells Chaos looks at in its playouts.
    #[arg(long)]
    chaos_look: Option<u32>,
    /// Chaos's safe-cell margin against a greedy Order.
    #[arg(long)]
    safe_margin: Option<u32>,
    /// Chaos's safe-cell margin against a planning Order ("none": no filter).
    #[arg(long, value_parser = margin)]
    safe_margin_planner: Option<Margin>,
    /// A file for every round's score ("order"/"chaos", round, score), to
    /// pair two runs afterwards.
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Roles {
    Order,
    Chaos,
    Both,
}

/// The tuned player's opponent.
#[derive(Clone, Copy)]
enum Opponent {
    Greedy,
    Level(Level),
}

fn opponent(s: &str) -> Result<Opponent, String> {
    if s.eq_ignore_ascii_case("greedy") {
        return Ok(Opponent::Greedy);
    }
    s.parse()
        .map(Opponent::Level)
        .map_err(|_| format!("{s:?}: use greedy or a level"))
}

impl std::fmt::Display for Opponent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Opponent::Greedy => f.write_str("greedy"),
            Opponent::Level(level) => write!(f, "{level}"),
        }
    }
}

/// A safe-cell margin, or none.
#[derive(Clone, Copy)]
struct Margin(Option<u32>);

fn margin(s: &str) -> Result<Margin, String> {
    if s.eq_ignore_ascii_case("none") {
        return Ok(Margin(None));
    }
    s.parse()
        .map(|m| Margin(Some(m)))
        .map_err(|_| format!("{s:?}: a number of points or none"))
}

impl Cli {
    /// The tuned level's configuration with the settings given.
    fn config(&self) -> Result<SearchConfig, String> {
        let mut config = self
            .level
            .search_config()
            .ok_or_else(|| format!("{} does not search: use medium, hard or master", self.level))?;
        let set = |field: &mut usize, value: Option<usize>| *field = value.unwrap_or(*field);
        set(&mut config.root_beam, self.root_beam);
        set(&mut config.root_chaos_beam, self.root_chaos_beam);
        set(&mut config.order_beam, self.order_beam);
        set(&mut config.chaos_beam, self.chaos_beam);
        set(&mut config.greedy_chaos_cells, self.greedy_chaos_cells);
        config.max_depth = self.depth.unwrap_or(config.max_depth);
        if self.no_playouts {
            config.playouts = None;
        }
        let playout_settings = [
            self.chaos_cells.is_some(),
            self.weight.is_some(),
            self.weight_greedy.is_some(),
            self.chaos_look.is_some(),
            self.safe_margin.is_some(),
            self.safe_margin_planner.is_some(),
        ];
        match config.playouts.as_mut() {
            Some(p) => {
                set(&mut p.chaos_cells, self.chaos_cells);
                p.weight = self.weight.unwrap_or(p.weight);
                p.weight_greedy = self.weight_greedy.unwrap_or(p.weight_greedy);
                p.chaos_look = self.chaos_look.unwrap_or(p.chaos_look);
                p.safe_margin = self.safe_margin.unwrap_or(p.safe_margin);
                p.safe_margin_planner = self.safe_margin_planner.map_or(p.safe_margin_planner, |m| m.0);
            }
            None if playout_settings.contains(&true) => {
                return Err("playout settings given for a configuration without playouts".into());
            }
            None => {}
        }
        Ok(config)
    }

    fn opponent(&self, seed: u64) -> Box<dyn Player> {
        match self.opponent {
            Opponent::Level(level) => level.player(seed),
            Opponent::Greedy => Box::new(Greedy::new(seed)),
        }
    }
}

/// One round on the bag of `seed`; each side moves within its own limits.
fn play(
    seed: u64,
    (order, order_limits): (&mut dyn Player, &Limits),
    (chaos, chaos_limits): (&mut dyn Player, &Limits),
) -> f64 {
    let mut round = Round::new(Size::Seven, seed);
    loop {
        let action = match round.phase() {
            Phase::ChaosDraw => Action::Draw,
            Phase::ChaosPlace(_) => Action::Place(chaos.place(round.position(), chaos_limits)),
            Phase::OrderMove => order.order(round.position(), order_limits).into(),
            Phase::Finished => return round.score() as f64,
        };
        round.apply(action).expect("the players' moves are legal");
    }
}

/// `mean ± half-width`, or `-` for no values.
fn show(values: &[f64]) -> String {
    if values.is_empty() {
        return "-".to_string();
    }
    let (mean, half) = mean_ci(values);
    format!("{mean:.1} ± {half:.1}")
}

fn main() -> ExitCode {
    match run(&Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("entropy-tune: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(cli: &Cli) -> Result<(), String> {
    let config = cli.config()?;
    let limits = match cli.ms {
        Some(ms) => Limits::time(Duration::from_millis(ms)),
        None => Limits::nodes(cli.nodes),
    };
    let opponent_limits = cli.opponent_nodes.map_or_else(|| limits.clone(), Limits::nodes);
    let mut player = config.player("tuned", cli.level.budget());
    let (mut as_order, mut as_chaos) = (Vec::new(), Vec::new());
    for r in 0..cli.rounds {
        let bag_seed = cli.seed * 1_000_003 + r;
        if cli.role != Roles::Chaos {
            let mut other = cli.opponent(r);
            as_order.push(play(
                bag_seed,
                (player.as_mut(), &limits),
                (other.as_mut(), &opponent_limits),
            ));
        }
        if cli.role != Roles::Order {
            let mut other = cli.opponent(r);
            as_chaos.push(play(
                bag_seed,
                (other.as_mut(), &opponent_limits),
                (player.as_mut(), &limits),
            ));
        }
    }
    if let Some(path) = &cli.out {
        let mut text = String::new();
        for (role, scores) in [("order", &as_order), ("chaos", &as_chaos)] {
            for (r, score) in scores.iter().enumerate() {
                let _ = writeln!(text, "{role} {r} {score}");
            }
        }
        std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let opponent = &cli.opponent;
    println!(
        "{config:?}\n  as Order vs {opponent}: {}   conceded as Chaos vs {opponent}: {}",
        show(&as_order),
        show(&as_chaos)
    );
    if !as_order.is_empty() && as_order.len() == as_chaos.len() {
        // Both roles on the same bags: two-round matches, as the arena counts them.
        let margins: Vec<f64> = as_order.iter().zip(&as_chaos).map(|(o, c)| o - c).collect();
        println!(
            "  matches won–drawn–lost {}, margin {}",
            Tally::of_margins(&margins),
            show(&margins)
        );
    }
    Ok(())
}
