//! `entropy-cli`: score a board, play the CodeCup 2023 protocol as a bot,
//! measure players against each other in an arena, show and review match files.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use entropy_ai::{Limits, ReviewBudget, StopFlag};
use entropy_cli::arena::{self, ArenaConfig, PlayerSpec};
use entropy_cli::bot::{GameClock, MoveClock};
use entropy_cli::input::read_text;
use entropy_cli::output;
use entropy_cli::review::Part;
use entropy_rules::AnyMatchFile;
use entropy_rules::text::Bounds;
use entropy_rules::{Board, Size};
use indicatif::{ProgressBar, ProgressStyle};

#[derive(Parser)]
#[command(
    name = "entropy-cli",
    version,
    about = "Entropy (Order and Chaos): scoring, a CodeCup bot, an arena, match files shown, reviewed and \
             verified, a bot on a server",
    after_help = "Standard output that cannot be written (a full disk) is said on standard error, exit status 1. \
                  A pipe closed by its reader (| head) ends a command quietly, but for the bot's: its referee \
                  left in mid-game."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Score a board read from standard input: N lines of N symbols (N = 5 or
    /// 7), colours 1-7 or A-G, '.' for an empty cell. Prints every row and
    /// column counted aloud, then `total: <score>`. Exit status 2 on a
    /// malformed board, or an input that is not UTF-8 text or goes beyond
    /// 4 KiB a line or 64 KiB in all.
    Score,
    /// Play one game of the CodeCup 2023 protocol on standard input and
    /// output, as Chaos or Order (told by the first line).
    Bot {
        /// The player: greedy, beginner, easy, medium, hard or master.
        #[arg(long, default_value = "hard", value_parser = builtin_spec)]
        level: PlayerSpec,
        /// Seed for the player's random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Total thinking time for the game, in seconds, spread over the
        /// moves (CodeCup gave 30); each move still takes at most the level's budget.
        #[arg(long, value_parser = seconds)]
        game_time: Option<Duration>,
        /// Search nodes per move instead of the level's time budget (deterministic).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
    },
    /// Play two-round matches (or simultaneous ones) between two players and
    /// report their scores as Order and as Chaos with 95% confidence
    /// intervals, wins, draws, losses and think times.
    Arena {
        /// Player A (Order in round 1): greedy, beginner, easy, medium, hard,
        /// master, or cmd:<command line> for a program speaking the CodeCup protocol.
        #[arg(value_parser = player_spec)]
        a: PlayerSpec,
        /// Player B (Order in round 2), as A.
        #[arg(value_parser = player_spec)]
        b: PlayerSpec,
        /// Number of matches.
        #[arg(short = 'n', long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        matches: u64,
        /// Seed of the run: the bags and the players' random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Matches played at once.
        #[arg(short = 'j', long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
        jobs: u64,
        /// Board side: 7 or 5.
        #[arg(long, default_value = "7", value_parser = board_size)]
        size: Size,
        /// Search nodes per move for the search levels, instead of their
        /// time budgets: deterministic and independent of the machine's load.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Time per move in milliseconds for the built-in players, instead of
        /// their levels' budgets.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        move_ms: Option<u64>,
        /// Thinking time per round of an external program, in seconds.
        #[arg(long, default_value = "30", value_parser = seconds)]
        game_time: Duration,
        /// Play simultaneous matches: both boards at once, one queue of
        /// draws, A Order on board 1 and B on board 2 (each board as a round).
        #[arg(long)]
        simultaneous: bool,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Read a match file, replay it, and print each round's board and score
    /// (each board's for a simultaneous match), with the time control, the
    /// flags fallen and each move's clock when the file has them.
    /// Exit status 2 on a malformed file (the message names its line),
    /// including one that is not UTF-8 text or goes beyond 4 KiB a line or
    /// 1 MiB in all.
    Show {
        /// The match file.
        file: PathBuf,
    },
    /// Judge every move of a match file: a table of each move with the best
    /// move, the expected final score of the round after each, the cost and
    /// a mark (best, good, inaccuracy, mistake), then each player's summary.
    /// A simultaneous match's file is judged board by board.
    /// Exit status 2 on a malformed file (the message names its line).
    Review {
        /// The match file.
        file: PathBuf,
        /// How hard to look: quick (200 000 search nodes and 64 playouts a
        /// move) or thorough (1 000 000 nodes and 256 playouts).
        #[arg(long, default_value = "quick", value_parser = review_budget)]
        budget: ReviewBudget,
        /// Search nodes a move instead of the budget's (with quick's playouts).
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Moves judged at once (default: all cores but one). The review is
        /// the same whatever this is.
        #[arg(short = 'j', long, value_parser = clap::value_parser!(u64).range(1..=64))]
        jobs: Option<u64>,
        /// Also write the graph of each round's expected final score, move by move, as SVG.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
    /// Check a match file played on a server, and say what it proves and
    /// what it does not, a line each: its revealed seed hashes to the hash
    /// published before the first draw; every draw follows from the seed;
    /// the server's signature holds, so the whole file (players, ratings,
    /// clocks, moves, result) is as the server wrote it; the match has a
    /// result. With --server or --key the file must be signed with that
    /// key; without either, a signature is checked against the key the
    /// file names (which anyone can make), and an unsigned file (an older
    /// server's) is said to prove the draws only. A file that fails a
    /// check, was changed after it was signed, or is unfinished (no
    /// result) does not verify: exit status 1, and so for a server whose
    /// key cannot be fetched. Exit status 2 on a malformed file, as for
    /// show.
    Verify {
        /// The match file (as `online games` downloads it).
        file: PathBuf,
        /// The server whose key the file must be signed with: the key it
        /// publishes at /api/key is fetched (ws://, wss://, http:// or
        /// https://, host and port).
        #[arg(long, conflicts_with = "key")]
        server: Option<String>,
        /// The key the file must be signed with: 64 hexadecimal digits,
        /// as the server prints it when it starts and publishes it.
        #[arg(long, value_parser = public_key)]
        key: Option<String>,
        /// A PEM file of the certificate authorities to trust for the
        /// server's https:// instead of the usual public ones (or the file
        /// the environment variable ENTROPY_CA_FILE names).
        #[arg(long, value_name = "PEM", requires = "server")]
        ca_file: Option<PathBuf>,
    },
    /// Play on an entropy-server as a bot account, or download a player's
    /// finished games as match files.
    Online {
        #[command(subcommand)]
        command: entropy_cli::online::Command,
    },
    /// Rate a game's computer levels on one Glicko-2 scale: every pair of
    /// levels plays a round robin, each level at its own time budget; prints
    /// each pair's won–drawn–lost, the ratings with their spread, weakest
    /// first, and the command line that reproduces them.
    Ratings(entropy_cli::ratings::RatingsArgs),
    /// Carreno's Entropy (1994), the movement game of seed 002: play, list
    /// legal moves, an arena of its levels.
    Carreno {
        #[command(subcommand)]
        command: entropy_cli::carreno::Command,
    },
}

fn review_budget(s: &str) -> Result<ReviewBudget, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "quick" => Ok(ReviewBudget::Quick),
        "thorough" => Ok(ReviewBudget::Thorough),
        _ => Err(format!("{s:?}: the budget is quick or thorough")),
    }
}

/// A public key given with `--key`, in lower case.
fn public_key(s: &str) -> Result<String, String> {
    entropy_protocol::signature::check_public_key(s)?;
    Ok(s.trim().to_ascii_lowercase())
}

fn player_spec(s: &str) -> Result<PlayerSpec, String> {
    s.parse()
}

fn builtin_spec(s: &str) -> Result<PlayerSpec, String> {
    match s.parse()? {
        PlayerSpec::External(_) => Err("the bot plays a built-in player, not an external program".into()),
        spec => Ok(spec),
    }
}

fn seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("{s:?} is not a number of seconds"))?;
    if !secs.is_finite() || secs <= 0.0 || secs > 86_400.0 {
        return Err(format!("{s:?}: give a number of seconds above 0 and at most a day"));
    }
    Ok(Duration::from_secs_f64(secs))
}

fn board_size(s: &str) -> Result<Size, String> {
    match s.trim().parse::<u8>() {
        Ok(n) => Size::try_from(n).map_err(|e| format!("{s:?}: {e}")),
        Err(_) => Err(format!("{s:?}: the board side is a number, 5 or 7")),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Score => score(),
        Command::Bot {
            level,
            seed,
            game_time,
            nodes,
        } => bot(&level, seed, game_time, nodes),
        Command::Arena {
            a,
            b,
            matches,
            seed,
            jobs,
            size,
            nodes,
            move_ms,
            game_time,
            simultaneous,
            quiet,
        } => {
            let config = ArenaConfig {
                players: [a, b],
                matches: matches as usize,
                seed,
                jobs: jobs as usize,
                size,
                limits: Limits {
                    time: move_ms.map(Duration::from_millis),
                    nodes,
                    ..Limits::default()
                },
                external_time: game_time,
                simultaneous,
            };
            run_arena(&config, quiet)
        }
        Command::Carreno { command } => entropy_cli::carreno::run(command),
        Command::Ratings(args) => entropy_cli::ratings::run(args),
        Command::Show { file } => show(&file),
        Command::Verify {
            file,
            server,
            key,
            ca_file,
        } => verify(&file, server, key, ca_file),
        Command::Online { command } => entropy_cli::online::run(command),
        Command::Review {
            file,
            budget,
            nodes,
            jobs,
            svg,
            quiet,
        } => {
            let budget = nodes.map_or(budget, ReviewBudget::Nodes);
            let jobs = jobs.map_or_else(all_cores_but_one, |j| j as usize);
            review(&file, budget, jobs, svg.as_deref(), quiet)
        }
    }
}

/// All cores but one, at least one.
fn all_cores_but_one() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().saturating_sub(1).max(1))
}

/// A progress bar on standard error, unless `quiet` or not a terminal.
fn progress_bar(len: u64, quiet: bool, unit: &str) -> ProgressBar {
    let bar = if quiet || !io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(len)
    };
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {unit}, {{eta}} left {{msg}}"
        ))
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar
}

fn show(path: &Path) -> ExitCode {
    let shown = entropy_cli::review::read_any(path).and_then(|file| {
        // A parsed file replays: parsing replays it.
        entropy_cli::review::show_any(&file).map_err(|e| format!("{}: {e}", path.display()))
    });
    match shown {
        Ok(text) => output::print("show", &text),
        Err(e) => {
            eprintln!("entropy-cli show: {e}");
            ExitCode::from(2)
        }
    }
}

fn verify(path: &Path, server: Option<String>, key: Option<String>, ca_file: Option<PathBuf>) -> ExitCode {
    use entropy_cli::verify::{Key, check, published_key, read};

    let (text, file) = match read(path) {
        Ok(read) => read,
        Err(e) => {
            eprintln!("entropy-cli verify: {e}");
            return ExitCode::from(2);
        }
    };
    let key = match (server, key) {
        (Some(server), _) => match published_key(&server, ca_file.as_deref()) {
            Ok(key) => Key::Published { key, server },
            Err(e) => {
                eprintln!("entropy-cli verify: {e}");
                return ExitCode::FAILURE;
            }
        },
        (None, Some(key)) => Key::Given(key),
        (None, None) => Key::Unchecked,
    };
    let verdict = check(&text, &file, &key);
    let shown = output::print("verify", &verdict.text());
    match verdict.failure {
        None => shown,
        Some(why) => {
            eprintln!("entropy-cli verify: {}: does not verify: {why}", path.display());
            ExitCode::FAILURE
        }
    }
}

fn review(path: &Path, budget: ReviewBudget, jobs: usize, svg: Option<&Path>, quiet: bool) -> ExitCode {
    let file = match entropy_cli::review::read_any(path) {
        Ok(file) => file,
        Err(e) => {
            eprintln!("entropy-cli review: {e}");
            return ExitCode::from(2);
        }
    };
    let bar = progress_bar(0, quiet, "moves");
    let progress = |done: usize, total: usize| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    };
    let stop = StopFlag::new();
    // A parsed file replays: parsing replays it.
    let judged = match &file {
        AnyMatchFile::Rounds(f) => f.replay().map_err(|e| e.to_string()).and_then(|game| {
            entropy_ai::review_match(&f.record, budget, jobs, &progress, &stop)
                .map(|review| {
                    (
                        entropy_cli::review::table(f, &game, &review),
                        review,
                        f.record.size,
                        Part::Round,
                    )
                })
                .map_err(|e| e.to_string())
        }),
        AnyMatchFile::Simultaneous(f) => f.replay().map_err(|e| e.to_string()).and_then(|game| {
            entropy_ai::review_simultaneous(&f.record, budget, jobs, &progress, &stop)
                .map(|review| {
                    let table = entropy_cli::review::table_simultaneous(f, &game, &review);
                    (table, review, f.record.size, Part::Board)
                })
                .map_err(|e| e.to_string())
        }),
    };
    bar.finish_and_clear();
    let (table, review, size, part) = match judged {
        Ok(judged) => judged,
        Err(e) => {
            eprintln!("entropy-cli review: {}: {e}", path.display());
            return ExitCode::from(2);
        }
    };
    // The graph is written even when the table cannot be: the review took long.
    let shown = output::print("review", &table);
    if let Some(svg) = svg
        && let Err(e) = std::fs::write(svg, entropy_cli::review::svg(file.tags(), size, &review, part))
    {
        eprintln!("entropy-cli review: cannot write {}: {e}", svg.display());
        return ExitCode::FAILURE;
    }
    shown
}

fn bot(level: &PlayerSpec, seed: u64, game_time: Option<Duration>, nodes: Option<u64>) -> ExitCode {
    let Some(mut player) = level.builtin(seed) else {
        eprintln!("entropy-cli bot: {level} is not a built-in player");
        return ExitCode::from(2);
    };
    let per_move = match level {
        PlayerSpec::Level(level) => level.budget(),
        _ => Duration::from_secs(1),
    };
    let mut clock: Box<dyn MoveClock> = match game_time {
        Some(total) => Box::new(GameClock::new(total, per_move, nodes)),
        None => Box::new(Limits {
            nodes,
            ..Limits::default()
        }),
    };
    let stdin = io::stdin().lock();
    let stdout = io::stdout().lock();
    match entropy_cli::bot::play(stdin, stdout, player.as_mut(), clock.as_mut()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("entropy-cli bot: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run_arena(config: &ArenaConfig, quiet: bool) -> ExitCode {
    let bar = progress_bar(config.matches as u64, quiet, "matches");
    let progress = |result: &arena::MatchResult| {
        if result.rounds.iter().any(|r| r.forfeit().is_some()) {
            bar.set_message("(a forfeit)");
        }
        bar.inc(1);
    };
    let results = arena::run(config, &progress);
    bar.finish_and_clear();
    output::print("arena", &arena::report(config, &results))
}

fn score() -> ExitCode {
    let text = match read_text(io::stdin().lock(), Bounds::BOARD) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("entropy-cli score: standard input, {e}");
            return ExitCode::from(2);
        }
    };
    match Board::parse(&text) {
        Ok(board) => output::print("score", &entropy_cli::score::report(&board)),
        Err(e) => {
            eprintln!("entropy-cli score: {e}");
            ExitCode::from(2)
        }
    }
}
