//! `entropy-cli ratings`: the computer levels of a game rated on one
//! Glicko-2 scale, from a round robin between them.
//!
//! Every pair of the game's levels plays `-n` matches, each level at its
//! own time budget (the levels people play against): Solomon's game by the
//! arena's matches ([`crate::arena`]: two rounds on one bag, each level
//! Order once, or a simultaneous match), Carreno's by its arena's games
//! ([`crate::carreno`]: the start position, each level on each side). A
//! match scores a win 1, a draw ½ and a loss 0, as the arena's verdict
//! says; the ratings are [`entropy_stats::glicko::fit`]'s, the most
//! probable given Glicko-2's prior (1500 ± 350), each with its spread.
//!
//! The report lists each pair's won–drawn–lost, then the levels' ratings
//! weakest first, then the command line that plays the same round robin.

use std::fmt::Write as _;
use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use entropy_rules::Size;
use entropy_stats::Tally;
use entropy_stats::glicko::{self, Rating};
use indicatif::{ProgressBar, ProgressStyle};

use crate::arena::{self, ArenaConfig, PlayerSpec, Verdict};
use crate::carreno;
use crate::output;

/// Which game's levels are rated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Game {
    /// Eric Solomon's Entropy (Order and Chaos).
    Solomon,
    /// Augustine Carreno's Entropy, the movement game.
    Carreno,
}

/// The arguments of `entropy-cli ratings`.
#[derive(Args, Debug, Clone)]
pub struct RatingsArgs {
    /// The game whose levels play: solomon or carreno.
    #[arg(long, value_enum, default_value = "solomon")]
    pub game: Game,
    /// Board side of Solomon's game: 7 (the default) or 5. Carreno's board is 5×5.
    #[arg(long, value_parser = board_size)]
    pub size: Option<Size>,
    /// Simultaneous matches of Solomon's game (both boards at once).
    #[arg(long)]
    pub simultaneous: bool,
    /// Matches for each pair of levels (Carreno's: games, rounded up to an
    /// even number, each level on each side of each opening).
    #[arg(short = 'n', long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub matches: u64,
    /// Matches played at once.
    #[arg(short = 'j', long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
    pub jobs: u64,
    /// Seed of the round robin: each pair's bags, openings and the levels' random choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

fn board_size(s: &str) -> Result<Size, String> {
    match s.trim().parse::<u8>() {
        Ok(n) => Size::try_from(n).map_err(|e| format!("{s:?}: {e}")),
        Err(_) => Err(format!("{s:?}: the board side is a number, 5 or 7")),
    }
}

/// A computer level of either game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RatedLevel {
    /// A level of Solomon's game.
    Solomon(entropy_ai::Level),
    /// A level of Carreno's game.
    Carreno(carreno_ai::Level),
}

impl RatedLevel {
    /// The level's name as a player reads it (`"Hard"`).
    pub fn title(self) -> &'static str {
        match self {
            RatedLevel::Solomon(level) => level.title(),
            RatedLevel::Carreno(level) => level.title(),
        }
    }
}

/// How a round robin is played.
#[derive(Clone, Debug)]
pub struct RatingsConfig {
    /// The game.
    pub game: Game,
    /// The levels that play, every pair of them (all the game's, weakest first).
    pub levels: Vec<RatedLevel>,
    /// Solomon's board size.
    pub size: Size,
    /// Solomon's simultaneous matches.
    pub simultaneous: bool,
    /// Matches a pair.
    pub matches: usize,
    /// Matches at once.
    pub jobs: usize,
    /// The seed.
    pub seed: u64,
}

impl RatingsConfig {
    /// The round robin the arguments ask for: all the game's levels.
    pub fn new(args: &RatingsArgs) -> Result<RatingsConfig, String> {
        if args.simultaneous && args.game == Game::Carreno {
            return Err("--simultaneous is a way to play Solomon's game, not Carreno's".into());
        }
        if args.game == Game::Carreno && args.size.is_some_and(|size| size != Size::Five) {
            return Err("Carreno's game has one board, 5×5".into());
        }
        let levels = match args.game {
            Game::Solomon => entropy_ai::Level::ALL.map(RatedLevel::Solomon).to_vec(),
            Game::Carreno => carreno_ai::Level::ALL.map(RatedLevel::Carreno).to_vec(),
        };
        Ok(RatingsConfig {
            game: args.game,
            levels,
            size: args.size.unwrap_or(Size::Seven),
            simultaneous: args.simultaneous,
            matches: args.matches as usize,
            jobs: args.jobs as usize,
            seed: args.seed,
        })
    }

    /// What is rated, in words: "Solomon's game, 7×7, matches of two rounds".
    pub fn kind(&self) -> String {
        match self.game {
            Game::Carreno => "Carreno's game".to_string(),
            Game::Solomon => {
                let side = self.size.n();
                let how = if self.simultaneous {
                    "simultaneous matches"
                } else {
                    "matches of two rounds"
                };
                format!("Solomon's game, {side}×{side}, {how}")
            }
        }
    }

    /// The command line that plays this round robin.
    pub fn command_line(&self) -> String {
        let mut line = match self.game {
            Game::Solomon => format!("entropy-cli ratings --game solomon --size {}", self.size.n()),
            Game::Carreno => "entropy-cli ratings --game carreno".to_string(),
        };
        if self.simultaneous {
            line.push_str(" --simultaneous");
        }
        let _ = write!(line, " -n {} -j {} --seed {}", self.matches, self.jobs, self.seed);
        line
    }

    /// The pairs of levels (indices into `levels`), in the order played.
    pub fn pairs(&self) -> Vec<(usize, usize)> {
        let n = self.levels.len();
        (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b))).collect()
    }

    /// The matches a pair plays (Carreno's rounded up to an even number).
    pub fn matches_a_pair(&self) -> usize {
        match self.game {
            Game::Solomon => self.matches,
            Game::Carreno => 2 * self.matches.div_ceil(2),
        }
    }
}

/// One pair's matches.
#[derive(Clone, Debug, PartialEq)]
pub struct PairResult {
    /// The levels (indices into the configuration's `levels`).
    pub levels: (usize, usize),
    /// The first level's score in each match: 1 won, ½ drawn, 0 lost.
    pub scores: Vec<f64>,
    /// How long the pair's matches took.
    pub elapsed: Duration,
}

impl PairResult {
    /// The first level's matches won, drawn and lost.
    pub fn tally(&self) -> Tally {
        let margins: Vec<f64> = self.scores.iter().map(|s| s - 0.5).collect();
        Tally::of_margins(&margins)
    }
}

/// A match's score from the arena's verdict.
fn score(verdict: Verdict) -> f64 {
    match verdict {
        Verdict::Won => 1.0,
        Verdict::Drawn => 0.5,
        Verdict::Lost => 0.0,
    }
}

/// Plays the pair `(a, b)`, the `pair`-th of the round robin, calling
/// `progress` after each match.
pub fn play_pair(config: &RatingsConfig, (a, b): (usize, usize), progress: &(dyn Fn() + Sync)) -> PairResult {
    let start = Instant::now();
    // Each pair its own seed, whatever pairs are played before it.
    let seed = arena::derive_seed(config.seed, &[a as u64, b as u64]);
    let scores = match (config.levels[a], config.levels[b]) {
        (RatedLevel::Solomon(x), RatedLevel::Solomon(y)) => {
            let arena = ArenaConfig {
                players: [PlayerSpec::Level(x), PlayerSpec::Level(y)],
                matches: config.matches,
                seed,
                jobs: config.jobs,
                size: config.size,
                simultaneous: config.simultaneous,
                ..ArenaConfig::default()
            };
            arena::run(&arena, &|_| progress())
                .iter()
                .map(|m| score(m.verdict(0)))
                .collect()
        }
        (RatedLevel::Carreno(x), RatedLevel::Carreno(y)) => {
            let arena = carreno::ArenaConfig {
                levels: [x, y],
                pairs: config.matches.div_ceil(2),
                seed,
                jobs: config.jobs,
                limits: carreno_ai::Limits::default(),
                opening: 0,
                tables: None,
            };
            carreno::run_arena(&arena, &|_| progress())
                .iter()
                .map(|g| g.points(0))
                .collect()
        }
        _ => unreachable!("a round robin's levels are of one game"),
    };
    PairResult {
        levels: (a, b),
        scores,
        elapsed: start.elapsed(),
    }
}

/// The results as [`glicko::fit`] takes them: (a, b, a's score).
pub fn results(pairs: &[PairResult]) -> Vec<(usize, usize, f64)> {
    pairs
        .iter()
        .flat_map(|p| p.scores.iter().map(|&s| (p.levels.0, p.levels.1, s)))
        .collect()
}

/// The levels' ratings from the pairs' results, in the configuration's order.
pub fn ratings(config: &RatingsConfig, pairs: &[PairResult]) -> Vec<Rating> {
    glicko::fit(config.levels.len(), &results(pairs))
}

/// One pair's line: `Easy – Medium: 1–0–3 (12.3 s)`.
pub fn pair_line(config: &RatingsConfig, pair: &PairResult) -> String {
    format!(
        "{:<8} – {:<8} {:>9}   ({:.1} s)",
        config.levels[pair.levels.0].title(),
        config.levels[pair.levels.1].title(),
        pair.tally().to_string(),
        pair.elapsed.as_secs_f64()
    )
}

/// The report's table: each level's rating ± deviation, weakest first, and
/// its matches won, drawn and lost over the round robin.
pub fn table(config: &RatingsConfig, pairs: &[PairResult]) -> String {
    let ratings = ratings(config, pairs);
    let mut order: Vec<usize> = (0..ratings.len()).collect();
    order.sort_by(|&x, &y| ratings[x].rating.total_cmp(&ratings[y].rating));
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<8} {:>6}   {:>9} {:>9}",
        "level", "rating", "± spread", "won–d–l"
    );
    for i in order {
        let mut tally = Tally::default();
        for p in pairs {
            let t = p.tally();
            if p.levels.0 == i {
                tally.won += t.won;
                tally.drawn += t.drawn;
                tally.lost += t.lost;
            } else if p.levels.1 == i {
                tally.won += t.lost;
                tally.drawn += t.drawn;
                tally.lost += t.won;
            }
        }
        let _ = writeln!(
            out,
            "{:<8} {:>6.0}   {:>9} {:>9}",
            config.levels[i].title(),
            ratings[i].rating,
            format!("± {:.0}", ratings[i].deviation),
            tally.to_string()
        );
    }
    out
}

/// The head of the report: what is played, how.
pub fn heading(config: &RatingsConfig) -> String {
    format!(
        "Ratings of the levels of {}: {} matches a pair, each level at its own time budget, seed {}, {} at once\n\n",
        config.kind(),
        config.matches_a_pair(),
        config.seed,
        config.jobs,
    )
}

/// The rest of the report once every pair has played: the table and the command.
pub fn summary(config: &RatingsConfig, pairs: &[PairResult]) -> String {
    let mut out = String::from("\n");
    out.push_str(&table(config, pairs));
    let _ = writeln!(
        out,
        "\nGlicko-2 ratings fitted to all {} matches (the most probable given the prior 1500 ± 350; \
         the spread is one standard deviation). A win counts 1, a draw ½.",
        results(pairs).len()
    );
    let _ = writeln!(out, "Reproduce: {}", config.command_line());
    out
}

/// Plays the round robin, calling `on_pair` as each pair finishes and
/// `progress` after each match.
pub fn run_round_robin(
    config: &RatingsConfig,
    progress: &(dyn Fn() + Sync),
    on_pair: &mut dyn FnMut(&PairResult),
) -> Vec<PairResult> {
    config
        .pairs()
        .into_iter()
        .map(|pair| {
            let result = play_pair(config, pair, progress);
            on_pair(&result);
            result
        })
        .collect()
}

/// `entropy-cli ratings`: plays the round robin, printing each pair as it
/// finishes, then the ratings.
pub fn run(args: RatingsArgs) -> ExitCode {
    let config = match RatingsConfig::new(&args) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("entropy-cli ratings: {e}");
            return ExitCode::from(2);
        }
    };
    let total = config.pairs().len() * config.matches_a_pair();
    let bar = if args.quiet || !io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(total as u64)
    };
    bar.set_style(
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} matches, {eta} left")
            .unwrap_or_else(|_| ProgressStyle::default_bar())
            .progress_chars("=> "),
    );
    if let Err(e) = output::write_stdout(&heading(&config)) {
        return output::exit("ratings", Err(e));
    }
    let mut written = Ok(());
    let pairs = run_round_robin(&config, &|| bar.inc(1), &mut |pair| {
        if written.is_ok() {
            written = bar.suspend(|| output::write_stdout(&format!("{}\n", pair_line(&config, pair))));
        }
    });
    bar.finish_and_clear();
    if let Err(e) = written {
        return output::exit("ratings", Err(e));
    }
    output::print("ratings", &summary(&config, &pairs))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(game: Game) -> RatingsArgs {
        RatingsArgs {
            game,
            size: None,
            simultaneous: false,
            matches: 4,
            jobs: 1,
            seed: 1,
            quiet: true,
        }
    }

    #[test]
    fn every_pair_of_a_games_levels_plays() {
        let solomon = RatingsConfig::new(&args(Game::Solomon)).unwrap();
        assert_eq!(solomon.levels.len(), 5);
        assert_eq!(solomon.pairs().len(), 10);
        let mut carreno = args(Game::Carreno);
        carreno.matches = 5;
        let carreno = RatingsConfig::new(&carreno).unwrap();
        assert_eq!(carreno.pairs(), vec![(0, 1), (0, 2), (1, 2)]);
        assert_eq!(carreno.matches_a_pair(), 6);
        assert_eq!(
            carreno.command_line(),
            "entropy-cli ratings --game carreno -n 5 -j 1 --seed 1"
        );
        let mut simultaneous = args(Game::Carreno);
        simultaneous.simultaneous = true;
        assert!(RatingsConfig::new(&simultaneous).is_err());
        let mut seven = args(Game::Carreno);
        seven.size = Some(Size::Seven);
        assert!(RatingsConfig::new(&seven).is_err());
    }

    #[test]
    fn the_table_is_weakest_first_from_given_results() {
        let config = RatingsConfig::new(&args(Game::Carreno)).unwrap();
        let pair = |a, b, scores: &[f64]| PairResult {
            levels: (a, b),
            scores: scores.to_vec(),
            elapsed: Duration::ZERO,
        };
        // Hard beats both, Medium beats Easy but for a draw.
        let pairs = [
            pair(0, 1, &[0.0, 0.5, 0.0, 0.0]),
            pair(0, 2, &[0.0, 0.0, 0.0, 0.0]),
            pair(1, 2, &[0.0, 0.0, 0.5, 0.0]),
        ];
        assert_eq!(pairs[0].tally().to_string(), "0–1–3");
        let r = ratings(&config, &pairs);
        assert!(r[0].rating < r[1].rating && r[1].rating < r[2].rating, "{r:?}");
        let table = table(&config, &pairs);
        let rows: Vec<&str> = table.lines().skip(1).collect();
        assert!(rows[0].starts_with("Easy") && rows[1].starts_with("Medium") && rows[2].starts_with("Hard"));
        assert!(rows[2].ends_with("7–1–0"), "{table}");
        assert!(summary(&config, &pairs).contains("Reproduce: entropy-cli ratings --game carreno -n 4 -j 1 --seed 1"));
    }

    #[test]
    fn the_cheapest_levels_play_a_round_robin_on_5x5() {
        for simultaneous in [false, true] {
            let mut a = args(Game::Solomon);
            a.size = Some(Size::Five);
            a.matches = 1;
            a.simultaneous = simultaneous;
            let mut config = RatingsConfig::new(&a).unwrap();
            config.levels.truncate(2); // Beginner and Easy
            let mut seen = Vec::new();
            let pairs = run_round_robin(&config, &|| {}, &mut |p| seen.push(pair_line(&config, p)));
            assert_eq!(pairs.len(), 1);
            assert_eq!(pairs[0].scores.len(), 1);
            assert!([0.0, 0.5, 1.0].contains(&pairs[0].scores[0]));
            assert!(seen[0].starts_with("Beginner – Easy"), "{seen:?}");
            let report = summary(&config, &pairs);
            assert!(report.contains("Beginner") && report.contains("Easy"), "{report}");
            assert!(report.contains("--size 5"));
            assert_eq!(report.contains("--simultaneous"), simultaneous);
        }
    }
}
