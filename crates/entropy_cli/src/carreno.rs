//! `entropy-cli carreno`: Augustine Carreno's Entropy (seed 002) — play a
//! game at the terminal, list a position's legal moves, and measure the
//! computer levels against each other in an arena.

use std::fmt::{self, Write as _};
use std::io::{self, BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use carreno_ai::solve::EndgameTables;
use carreno_ai::{Level, Limits, Player};
use carreno_rules::{BoardParseError, DrawReason, Game, GameRecord, GameResult, Move, Position, SIDE, Side, Square};
use clap::Subcommand;
use entropy_rules::text::{Bounds, MAX_LINE};
use indicatif::{ProgressBar, ProgressStyle};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::input::{InputError, LineReader, read_text};
use crate::output;

/// The `carreno` subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play a game: each side a level (easy, medium, hard) or `human`, who
    /// types moves like `a4-c4` or `pass` (and `moves`, `undo`, `quit`).
    Play {
        /// Who plays O, the side that moves first.
        #[arg(default_value = "human", value_parser = seat)]
        o: Seat,
        /// Who plays S.
        #[arg(default_value = "medium", value_parser = seat)]
        s: Seat,
        /// Seed of the computer players' random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Time per computer move in milliseconds, instead of the level's budget.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        move_ms: Option<u64>,
        /// Search nodes per computer move instead of the level's time budget.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Endgame tables (a file the `tables` example of carreno_ai saves)
        /// for Hard to play the solved move wherever they know the position.
        #[arg(long)]
        tables: Option<PathBuf>,
    },
    /// Read a position on standard input — five lines of S, O and . (row 5
    /// first), then a line S or O naming the side to move — and print every
    /// legal move of that side, sorted, one a line (`pass` alone when it must
    /// pass). Exit status 2 on a malformed position.
    Moves,
    /// Play games between two levels, each opening with each level on each
    /// side, and report wins, draws and losses with 95% intervals.
    Arena {
        /// Level A: easy, medium or hard.
        #[arg(value_parser = level)]
        a: Level,
        /// Level B.
        #[arg(value_parser = level)]
        b: Level,
        /// Number of games (rounded up to an even number: A plays each opening as O and as S).
        #[arg(short = 'n', long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
        games: u64,
        /// Seed of the run: the openings and the players' random choices.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(short = 'j', long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=64))]
        jobs: u64,
        /// Search nodes per move instead of the levels' time budgets:
        /// deterministic and independent of the machine's load.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        nodes: Option<u64>,
        /// Time per move in milliseconds instead of the levels' budgets.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
        move_ms: Option<u64>,
        /// Random moves played before the levels take over (the same in both
        /// games of a pair), to vary the games.
        #[arg(long, default_value_t = 0)]
        opening: u32,
        /// Endgame tables for Hard, as for `play`.
        #[arg(long)]
        tables: Option<PathBuf>,
        /// No progress bar.
        #[arg(long)]
        quiet: bool,
    },
}

/// Who sits at one side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person at the terminal.
    Human,
    /// A computer level.
    Computer(Level),
}

impl FromStr for Seat {
    type Err = String;
    fn from_str(s: &str) -> Result<Seat, String> {
        if s.trim().eq_ignore_ascii_case("human") {
            return Ok(Seat::Human);
        }
        s.parse::<Level>()
            .map(Seat::Computer)
            .map_err(|_| format!("unknown player {s:?}: use human, easy, medium or hard"))
    }
}

fn seat(s: &str) -> Result<Seat, String> {
    s.parse()
}

fn level(s: &str) -> Result<Level, String> {
    s.parse::<Level>().map_err(|e| e.to_string())
}

/// Runs a `carreno` subcommand.
pub fn run(command: Command) -> ExitCode {
    match command {
        Command::Moves => {
            let text = match read_text(io::stdin().lock(), Bounds::BOARD) {
                Ok(text) => text,
                Err(e) => {
                    eprintln!("entropy-cli carreno moves: standard input, {e}");
                    return ExitCode::from(2);
                }
            };
            match moves(&text) {
                Ok(out) => output::print("carreno moves", &out),
                Err(e) => {
                    eprintln!("entropy-cli carreno moves: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Play {
            o,
            s,
            seed,
            move_ms,
            nodes,
            tables,
        } => {
            let limits = Limits {
                time: move_ms.map(Duration::from_millis),
                nodes,
                ..Limits::default()
            };
            let tables = match load_tables(tables.as_deref()) {
                Ok(tables) => tables,
                Err(code) => return code,
            };
            let stdin = io::stdin().lock();
            let stdout = io::stdout().lock();
            match play(Game::new(), [s, o], seed, &limits, tables, stdin, stdout) {
                Ok(_) => ExitCode::SUCCESS,
                Err(PlayError::Output(e)) => output::exit("carreno play", Err(e)),
                Err(e @ PlayError::Input(_)) => {
                    eprintln!("entropy-cli carreno play: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Command::Arena {
            a,
            b,
            games,
            seed,
            jobs,
            nodes,
            move_ms,
            opening,
            tables,
            quiet,
        } => {
            let tables = match load_tables(tables.as_deref()) {
                Ok(tables) => tables,
                Err(code) => return code,
            };
            let config = ArenaConfig {
                levels: [a, b],
                pairs: games.div_ceil(2) as usize,
                seed,
                jobs: jobs as usize,
                limits: Limits {
                    time: move_ms.map(Duration::from_millis),
                    nodes,
                    ..Limits::default()
                },
                opening,
                tables,
            };
            let bar = if quiet || !io::stderr().is_terminal() {
                ProgressBar::hidden()
            } else {
                ProgressBar::new(2 * config.pairs as u64)
            };
            bar.set_style(
                ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} games, {eta} left {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar())
                    .progress_chars("=> "),
            );
            let results = run_arena(&config, &|_| bar.inc(1));
            bar.finish_and_clear();
            output::print("carreno arena", &report(&config, &results))
        }
    }
}

/// Loads endgame tables from `path`, telling standard error how long it took;
/// exit status 2 when they cannot be read.
fn load_tables(path: Option<&Path>) -> Result<Option<Arc<EndgameTables>>, ExitCode> {
    let Some(path) = path else {
        return Ok(None);
    };
    let start = Instant::now();
    match EndgameTables::load(path) {
        Ok(tables) => {
            eprintln!(
                "loaded endgame tables of {} plies from {} in {:.1} s",
                tables.plies(),
                path.display(),
                start.elapsed().as_secs_f64()
            );
            Ok(Some(Arc::new(tables)))
        }
        Err(e) => {
            eprintln!(
                "entropy-cli carreno: cannot read endgame tables {}: {e}",
                path.display()
            );
            Err(ExitCode::from(2))
        }
    }
}

/// The answer of `carreno moves` to `input`: every legal move of the side to
/// move, sorted, one a line.
///
/// ```
/// let out = entropy_cli::carreno::moves("SSSSS\nS...S\n.....\nO...O\nOOOOO\nO\n").unwrap();
/// assert_eq!(out.lines().count(), 35);
/// assert_eq!(out.lines().next(), Some("a1-b2"));
/// ```
pub fn moves(input: &str) -> Result<String, BoardParseError> {
    let position = Position::parse(input)?;
    let mut lines: Vec<String> = position.legal_moves().iter().map(|m| m.to_string()).collect();
    lines.sort();
    Ok(lines.iter().map(|l| format!("{l}\n")).collect())
}

/// The board as a person reads it: row numbers on the left, column letters
/// below, the pieces that touch nothing marked with `!` when their side is
/// to move (they put it in check).
pub fn diagram(position: &Position) -> String {
    let board = position.board();
    let check = position.checked_pieces();
    let mut out = String::new();
    for rank in (0..SIDE).rev() {
        let _ = write!(out, "{} ", rank + 1);
        for file in 0..SIDE {
            let square = Square::new(file, rank).unwrap_or(Square::A1);
            let symbol = board.side_at(square).map_or('.', Side::symbol);
            let mark = if check.contains(square) { '!' } else { ' ' };
            let _ = write!(out, " {symbol}{mark}");
        }
        out.push('\n');
    }
    out.push_str("   a  b  c  d  e\n");
    out
}

/// Why a game at the terminal stopped before its end, other than the
/// person leaving it.
#[derive(Debug)]
pub enum PlayError {
    /// A line the person typed could not be read: it is too long, or not
    /// UTF-8, or reading failed.
    Input(InputError),
    /// The output could not be written.
    Output(io::Error),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Input(e) => write!(f, "standard input, {e}"),
            PlayError::Output(e) => write!(f, "cannot write the game: {e}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<io::Error> for PlayError {
    fn from(e: io::Error) -> PlayError {
        PlayError::Output(e)
    }
}

/// What a person types: lines of [`MAX_LINE`] bytes at most, as many as
/// the game takes.
pub const PLAY_BOUNDS: Bounds = Bounds::lines(MAX_LINE);

/// Plays `game` to its end with `seats[side index]` (S first, then O),
/// talking to a person through `input` (read within [`PLAY_BOUNDS`]) and
/// `output`. Returns the game, also when the person leaves it or the input
/// ends; an error when a line of the input cannot be read or the output
/// cannot be written.
pub fn play(
    mut game: Game,
    seats: [Seat; 2],
    seed: u64,
    limits: &Limits,
    tables: Option<Arc<EndgameTables>>,
    input: impl BufRead,
    mut output: impl Write,
) -> Result<Game, PlayError> {
    let mut computers: Vec<Option<Box<dyn Player>>> = seats
        .iter()
        .enumerate()
        .map(|(i, seat)| match seat {
            Seat::Human => None,
            Seat::Computer(level) => Some(level.player_with_tables(seed.wrapping_add(i as u64), tables.clone())),
        })
        .collect();
    let mut lines = LineReader::new(input, PLAY_BOUNDS);
    writeln!(
        output,
        "Carreno's Entropy: O ({}) moves first against S ({}).",
        name(seats[Side::O.index()]),
        name(seats[Side::S.index()])
    )?;
    writeln!(
        output,
        "Disperse your pieces: each touching the other side's pieces only."
    )?;
    while !game.is_over() {
        let side = game.to_move();
        write!(output, "\n{}", diagram(game.position()))?;
        if game.position().in_check() {
            writeln!(
                output,
                "{side} is in check: {} touches no piece.",
                game.position().checked_pieces()
            )?;
        }
        let mv = match computers[side.index()].as_mut() {
            Some(player) => {
                let start = Instant::now();
                let mv = player.choose(&game, limits);
                writeln!(
                    output,
                    "{side} ({}) plays {mv}  ({:.1} s)",
                    player.name(),
                    start.elapsed().as_secs_f64()
                )?;
                mv
            }
            None => loop {
                write!(output, "{side} to move (a move like a4-c4, pass, moves, undo, quit): ")?;
                output.flush()?;
                let Some(line) = lines.next_line().map_err(PlayError::Input)? else {
                    writeln!(output, "\nNo more input: the game stops here.")?;
                    return Ok(game);
                };
                let text = line.trim();
                match text {
                    "" => continue,
                    "quit" | "exit" => {
                        writeln!(output, "Game abandoned after {} moves.", game.moves().len())?;
                        return Ok(game);
                    }
                    "moves" | "help" | "?" => {
                        let mut list: Vec<String> = game.legal_moves().iter().map(|m| m.to_string()).collect();
                        list.sort();
                        writeln!(output, "Legal moves: {}", list.join(" "))?;
                        continue;
                    }
                    "undo" => {
                        // Take back to the person's previous turn.
                        let mut undone = 0;
                        while game.undo().is_some() {
                            undone += 1;
                            if computers[game.to_move().index()].is_none() {
                                break;
                            }
                        }
                        writeln!(output, "Took back {undone} move(s).")?;
                        write!(output, "\n{}", diagram(game.position()))?;
                        continue;
                    }
                    _ => {}
                }
                match text.parse::<Move>() {
                    Err(e) => writeln!(output, "Not a move: {}. Try again.", e.reason)?,
                    Ok(mv) => match game.check_move(mv) {
                        Ok(()) => break mv,
                        Err(e) => writeln!(output, "Illegal: {e}. Try again.")?,
                    },
                }
            },
        };
        if let Err(e) = game.play(mv) {
            // A computer player answered with an illegal move: a bug, told plainly.
            writeln!(output, "{side} played {mv}, which is illegal: {e}")?;
            return Ok(game);
        }
    }
    write!(output, "\n{}", diagram(game.position()))?;
    if let Some(result) = game.result() {
        writeln!(output, "{result}.")?;
    }
    writeln!(output, "Moves: {}", game.move_text())?;
    Ok(game)
}

fn name(seat: Seat) -> String {
    match seat {
        Seat::Human => "you".to_string(),
        Seat::Computer(level) => level.to_string(),
    }
}

/// How a run of arena games is played.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// Level A and level B.
    pub levels: [Level; 2],
    /// Pairs of games: in each, the same opening twice, A as O then as S.
    pub pairs: usize,
    /// The seed of the run: openings and the players' random choices.
    pub seed: u64,
    /// Games played at once.
    pub jobs: usize,
    /// The limits of every move: none for the levels' own budgets.
    pub limits: Limits,
    /// Random moves before the levels play.
    pub opening: u32,
    /// Endgame tables for Hard.
    pub tables: Option<Arc<EndgameTables>>,
}

/// One arena game.
#[derive(Clone, Debug)]
pub struct ArenaGame {
    /// The game number, from 0 (games `2k` and `2k + 1` share an opening).
    pub index: usize,
    /// A's side in it.
    pub a_side: Side,
    /// How it ended.
    pub result: GameResult,
    /// The whole game.
    pub record: GameRecord,
    /// Think time per move of A and B.
    pub times: [Vec<Duration>; 2],
}

impl ArenaGame {
    /// Points for player `p` (0 for A): a win 1, a draw ½.
    pub fn points(&self, p: usize) -> f64 {
        let side = if p == 0 { self.a_side } else { self.a_side.other() };
        match self.result.winner() {
            Some(winner) if winner == side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// A seed derived from the run's seed and a few numbers (SplitMix64 steps).
pub fn derive_seed(seed: u64, parts: &[u64]) -> u64 {
    let mut x = seed;
    for &part in parts.iter().chain([&0xca55]) {
        x = x.wrapping_add(part.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x = z ^ (z >> 31);
    }
    x
}

/// The opening of pair `pair`: `plies` random legal moves that neither end
/// the game nor hand a side a win on its next move, as far as possible.
fn opening(config: &ArenaConfig, pair: usize) -> Game {
    let mut rng = SmallRng::seed_from_u64(derive_seed(config.seed, &[pair as u64, 0x0be]));
    let mut game = Game::new();
    for _ in 0..config.opening {
        let moves = game.legal_moves();
        let quiet: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&mv| {
                let next = game.position().play_unchecked(mv);
                next.winner().is_none() && carreno_ai::tactics::winning_move(&next).is_none()
            })
            .collect();
        let pool = if quiet.is_empty() { moves.to_vec() } else { quiet };
        if game.play(pool[rng.random_range(0..pool.len())]).is_err() || game.is_over() {
            break;
        }
    }
    if game.is_over() { Game::new() } else { game }
}

/// Plays game `index` of the run.
pub fn play_arena_game(config: &ArenaConfig, index: usize) -> ArenaGame {
    let pair = index / 2;
    let a_side = if index.is_multiple_of(2) { Side::O } else { Side::S };
    let mut game = opening(config, pair);
    let mut players: Vec<Box<dyn Player>> = (0..2)
        .map(|p| {
            let seed = derive_seed(config.seed, &[index as u64, p as u64]);
            config.levels[p].player_with_tables(seed, config.tables.clone())
        })
        .collect();
    let mut times = [Vec::new(), Vec::new()];
    while !game.is_over() {
        let p = usize::from(game.to_move() != a_side);
        let start = Instant::now();
        let mv = players[p].choose(&game, &config.limits);
        times[p].push(start.elapsed());
        if game.play(mv).is_err() {
            // Never expected from the built-in levels; the first legal move keeps the game going.
            let fallback = game.legal_moves()[0];
            let _ = game.play(fallback);
        }
    }
    ArenaGame {
        index,
        a_side,
        result: game.result().unwrap_or(GameResult::Draw(DrawReason::MoveLimit)),
        record: game.record(),
        times,
    }
}

/// Plays every game of `config` on `config.jobs` threads, calling
/// `progress` after each, and returns them in order.
pub fn run_arena(config: &ArenaConfig, progress: &(dyn Fn(&ArenaGame) + Sync)) -> Vec<ArenaGame> {
    let total = 2 * config.pairs;
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(total));
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.clamp(1, total.max(1)) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total {
                        break;
                    }
                    let game = play_arena_game(config, index);
                    progress(&game);
                    if let Ok(mut results) = results.lock() {
                        results.push(game);
                    }
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|g| g.index);
    results
}

/// A sample's mean and the half-width of its 95% confidence interval
/// (normal approximation; 0 for fewer than two values).
pub fn mean_ci(values: &[f64]) -> (f64, f64) {
    let n = values.len();
    if n == 0 {
        return (f64::NAN, 0.0);
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return (mean, 0.0);
    }
    let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    (mean, 1.96 * (var / n as f64).sqrt())
}

/// Wins, draws and losses of player `p` over `games`.
pub fn wdl(games: &[&ArenaGame], p: usize) -> (usize, usize, usize) {
    let mut counts = (0, 0, 0);
    for g in games {
        match g.points(p) {
            x if x > 0.75 => counts.0 += 1,
            x if x > 0.25 => counts.1 += 1,
            _ => counts.2 += 1,
        }
    }
    counts
}

/// The mean of `times` in milliseconds, `-` for none.
fn ms(times: &[Duration]) -> String {
    if times.is_empty() {
        return "-".to_string();
    }
    crate::arena::ms(times.iter().sum::<Duration>() / times.len() as u32)
}

/// The report of a run: each level's wins, draws and losses overall and by
/// side, its score with a 95% interval, how the games ended.
pub fn report(config: &ArenaConfig, games: &[ArenaGame]) -> String {
    let mut out = String::new();
    let limits = crate::arena::describe_limits(&config.limits);
    let opening = match config.opening {
        0 => "from the start position".to_string(),
        n => format!("after {n} random opening moves"),
    };
    let limits = match &config.tables {
        Some(tables) => format!("{limits}, Hard with endgame tables of {} plies", tables.plies()),
        None => limits,
    };
    let _ = writeln!(
        out,
        "{} games of Carreno's Entropy {opening}, seed {}, {limits}, {} at once",
        games.len(),
        config.seed,
        config.jobs
    );
    let _ = writeln!(
        out,
        "A = {}, B = {}; each opening played twice, A as O (who moves first) then as S\n",
        config.levels[0], config.levels[1]
    );
    let _ = writeln!(
        out,
        "{:<3} {:<8} {:>5} {:>5} {:>5} {:>12} {:>12} {:>12} {:>9}",
        "", "level", "won", "drawn", "lost", "score", "as O (W-D-L)", "as S (W-D-L)", "ms/move"
    );
    for p in 0..2 {
        let all: Vec<&ArenaGame> = games.iter().collect();
        let (w, d, l) = wdl(&all, p);
        let points: Vec<f64> = games.iter().map(|g| g.points(p)).collect();
        let (mean, ci) = mean_ci(&points);
        let side = |s: Side| {
            let these: Vec<&ArenaGame> = games
                .iter()
                .filter(|g| (if p == 0 { g.a_side } else { g.a_side.other() }) == s)
                .collect();
            let (w, d, l) = wdl(&these, p);
            format!("{w}-{d}-{l}")
        };
        let times: Vec<Duration> = games.iter().flat_map(|g| g.times[p].iter().copied()).collect();
        let _ = writeln!(
            out,
            "{:<3} {:<8} {:>5} {:>5} {:>5} {:>12} {:>12} {:>12} {:>9}",
            ["A", "B"][p],
            config.levels[p].to_string(),
            w,
            d,
            l,
            format!("{:.0}% ± {:.0}", mean * 100.0, ci * 100.0),
            side(Side::O),
            side(Side::S),
            ms(&times)
        );
    }
    let count = |f: &dyn Fn(&GameResult) -> bool| games.iter().filter(|g| f(&g.result)).count();
    let lengths: Vec<f64> = games.iter().map(|g| g.record.moves.len() as f64).collect();
    let (length, length_ci) = mean_ci(&lengths);
    let _ = writeln!(
        out,
        "\nO won {}, S won {}; drawn by repetition {}, by successive passes {}, by the move limit {}.",
        count(&|r| r.winner() == Some(Side::O)),
        count(&|r| r.winner() == Some(Side::S)),
        count(&|r| *r == GameResult::Draw(DrawReason::Repetition)),
        count(&|r| *r == GameResult::Draw(DrawReason::SuccessivePasses)),
        count(&|r| *r == GameResult::Draw(DrawReason::MoveLimit)),
    );
    let _ = writeln!(
        out,
        "Games last {length:.1} ± {length_ci:.1} moves. Scores count a win 1 and a draw ½, with 95% intervals."
    );
    out
}
