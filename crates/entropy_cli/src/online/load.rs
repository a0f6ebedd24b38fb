//! `entropy-cli online load`: a load benchmark of a server, not a test.
//!
//! It signs in 2×N bot accounts (`<prefix>-0`, `<prefix>-1`, …, registered
//! the first time), opens a WebSocket connection for each through
//! [`entropy_client::Connection`], and pairs them into N tables: at each
//! table one account posts a casual seek with a long live clock and the
//! other accepts it, and the two play random legal moves (chosen from the
//! position each player's own [`GameView`] tracks) at the given rate, each
//! saying at once it has seen the count between the rounds. A
//! game that ends is replaced by a new one at the same table, so N games
//! stay live.
//!
//! Once every table plays and a few moves have settled the start's burst
//! (the ramp-up is not measured: every game's first moves come at once)
//! the window opens:
//! for each move, the time from handing `Play` to the connection to
//! receiving, on the mover's connection, the `Event` carrying that move.
//! The move is chosen before the time starts, so the players' thinking is
//! not in it; the load generator's own queues are, since it shares the
//! machine with the server. At the end: games live, moves a second through
//! the server, the latency's median, 90th and 99th percentiles and
//! maximum, refusals and errors, and, with the server's process id, its
//! resident memory and CPU time.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use clap::Args;
use entropy_client::{Connection, GameView, Incoming, Server};
use entropy_protocol::{ClientMessage, Format, GameEvent, GameId, GameOptions, ServerMessage, Speed};
use entropy_rules::{Position, Role};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;
use tokio::time::{Instant, MissedTickBehavior, interval_at, sleep, sleep_until};

use super::{DEFAULT_SERVER, account, board};

/// The live clock of the games played: an hour each, so no flag falls.
pub const CLOCK_SECONDS: u32 = 3600;
/// How long a table may take to start a game before it gives up on it.
const START_TIMEOUT: Duration = Duration::from_secs(60);
/// How long a move may wait for its event before the table gives up on the game.
const MOVE_TIMEOUT: Duration = Duration::from_secs(30);
/// How long every table has to have its first game started.
const RAMP_TIMEOUT: Duration = Duration::from_secs(600);
/// How long the tables play after the last one started before the window
/// opens: the games started within a moment of each other, so their first
/// moves come in a burst that steady play does not have.
const SETTLE: Duration = Duration::from_secs(5);
/// Sign-ins made at once (the server hashes each password with Argon2id).
const SIGN_INS_AT_ONCE: usize = 8;
/// WebSocket connections opened at once.
const CONNECTS_AT_ONCE: usize = 32;
/// Refusals of one table's moves, one after another, before it abandons its game.
const MAX_REFUSALS: u32 = 3;

/// `entropy-cli online load`'s options.
#[derive(Args, Debug, Clone)]
pub struct LoadArgs {
    /// The server: ws://, wss://, http:// or https://, host and port.
    #[arg(long, default_value = DEFAULT_SERVER)]
    pub server: String,
    /// The games to keep live at once (2× as many accounts and connections).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=50_000))]
    pub games: u32,
    /// Moves a second in each game.
    #[arg(long, default_value_t = 1.0, value_parser = rate)]
    pub rate: f64,
    /// The measured window, in seconds, after every game has started.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    pub duration: u64,
    /// The board: 5x5 or 7x7.
    #[arg(long, default_value = "5x5", value_parser = board)]
    pub board: u8,
    /// The accounts' names: <PREFIX>-0, <PREFIX>-1, … (their password is
    /// insecure-local-<NAME>: a server on this machine only).
    #[arg(long, default_value = "load")]
    pub prefix: String,
    /// The server's process id, for its memory and CPU time (otherwise the
    /// one process named entropy-server on this machine, if there is one).
    #[arg(long)]
    pub server_pid: Option<u32>,
    /// Seed of the random moves.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

fn rate(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(r) if r.is_finite() && r > 0.0 && r <= 20.0 => Ok(r),
        _ => Err(format!(
            "{s:?}: the rate is a number of moves a second, above 0 and at most 20"
        )),
    }
}

/// Runs the benchmark and prints its report; the exit status.
pub fn command(args: LoadArgs) -> ExitCode {
    let runtime = match super::runtime() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("entropy-cli online load: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(args)) {
        Ok(report) => {
            print!("{}", report.render());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("entropy-cli online load: {e}");
            ExitCode::from(2)
        }
    }
}

/// What the tables count, all of them together.
#[derive(Default)]
struct Counters {
    /// Tables whose game is under way.
    live: AtomicUsize,
    /// Tables that started a game at least once.
    began: AtomicUsize,
    /// Moves answered by their event.
    moves: AtomicU64,
    /// `Refused` answers.
    refused: AtomicU64,
    /// `Error` answers, unreadable messages, events the rules refuse,
    /// games abandoned.
    errors: AtomicU64,
    /// Connections lost (and made again by the client).
    lost: AtomicU64,
    games_finished: AtomicU64,
    /// Whether the window is open: latencies are kept only then.
    measuring: AtomicBool,
    /// Each move's latency in the window, in microseconds.
    latencies: Mutex<Vec<u32>>,
    /// The first few errors' words, to show.
    said: Mutex<VecDeque<String>>,
}

impl Counters {
    fn error(&self, what: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        let mut said = self.said.lock().unwrap_or_else(|p| p.into_inner());
        if said.len() < 5 {
            said.push_back(what);
        }
    }
}

/// The report.
#[derive(Clone, Debug, PartialEq)]
pub struct Report {
    pub games: u32,
    pub rate: f64,
    pub board: u8,
    pub window: Duration,
    /// Games live at once over the window: least and mean of the samples.
    pub live_min: usize,
    pub live_mean: f64,
    pub moves: u64,
    pub latency: Option<Latency>,
    pub refused: u64,
    pub errors: u64,
    pub lost: u64,
    pub games_finished: u64,
    pub said: Vec<String>,
    pub server: Option<ServerUse>,
    /// The load generator's own CPU time over the window, in cores.
    pub own_cores: Option<f64>,
}

/// The latency's figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Latency {
    pub median: Duration,
    pub p90: Duration,
    pub p99: Duration,
    pub max: Duration,
}

/// The server process's resources.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ServerUse {
    pub pid: u32,
    /// Resident memory before the accounts signed in, in KiB.
    pub rss_before_kib: u64,
    /// After they signed in, before they connected (the server hashes a
    /// password with Argon2id, 19 MiB of memory each, on its blocking
    /// threads; the allocator keeps some of that).
    pub rss_signed_in_kib: u64,
    /// The most over the window.
    pub rss_peak_kib: u64,
    /// CPU time over the window, in cores.
    pub cores: Option<f64>,
}

/// The value at quantile `q` (0 to 1) of sorted samples, by nearest rank:
/// the smallest sample at least a fraction `q` of the samples do not exceed.
pub fn percentile(sorted: &[u32], q: f64) -> Option<u32> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (q.clamp(0.0, 1.0) * sorted.len() as f64).ceil() as usize;
    Some(sorted[rank.clamp(1, sorted.len()) - 1])
}

impl Latency {
    /// The figures of samples in microseconds (sorted here).
    pub fn of(samples: &mut [u32]) -> Option<Latency> {
        samples.sort_unstable();
        let at = |q| percentile(samples, q).map(|us| Duration::from_micros(u64::from(us)));
        Some(Latency {
            median: at(0.5)?,
            p90: at(0.9)?,
            p99: at(0.99)?,
            max: at(1.0)?,
        })
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

impl Report {
    /// Moves a second through the server over the window.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.window.as_secs_f64().max(f64::MIN_POSITIVE)
    }

    /// The server's resident memory per live game: its growth from after
    /// the sign-ins (before the connections) to its peak, over the mean of
    /// the games live.
    pub fn memory_per_game_kib(&self) -> Option<f64> {
        let server = self.server?;
        (self.live_mean > 0.0)
            .then(|| server.rss_peak_kib.saturating_sub(server.rss_signed_in_kib) as f64 / self.live_mean)
    }

    pub fn render(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} games asked on {1}x{1}, {2} move(s) a second each; window {3} s",
            self.games,
            self.board,
            self.rate,
            self.window.as_secs()
        );
        let _ = writeln!(
            out,
            "games live:        {} least, {:.1} mean ({} finished in the window and replaced)",
            self.live_min, self.live_mean, self.games_finished
        );
        let _ = writeln!(
            out,
            "moves:             {} in the window, {:.1} a second (asked: {:.1})",
            self.moves,
            self.moves_per_second(),
            f64::from(self.games) * self.rate
        );
        match &self.latency {
            Some(l) => {
                let _ = writeln!(
                    out,
                    "latency of a move: median {}, p90 {}, p99 {}, max {}",
                    ms(l.median),
                    ms(l.p90),
                    ms(l.p99),
                    ms(l.max)
                );
            }
            None => {
                let _ = writeln!(out, "latency of a move: no move was answered in the window");
            }
        }
        let _ = writeln!(
            out,
            "refused:           {}; errors: {}; connections lost: {}",
            self.refused, self.errors, self.lost
        );
        for said in &self.said {
            let _ = writeln!(out, "  e.g. {said}");
        }
        match &self.server {
            Some(s) => {
                let _ = write!(
                    out,
                    "server (pid {}):   resident {:.1} MiB before, {:.1} MiB signed in, {:.1} MiB at the peak",
                    s.pid,
                    s.rss_before_kib as f64 / 1024.0,
                    s.rss_signed_in_kib as f64 / 1024.0,
                    s.rss_peak_kib as f64 / 1024.0
                );
                if let Some(per_game) = self.memory_per_game_kib() {
                    let _ = write!(out, ", {per_game:.0} KiB a live game");
                }
                let _ = writeln!(out);
                if let Some(cores) = s.cores {
                    let _ = writeln!(out, "server CPU:        {cores:.2} cores over the window");
                }
            }
            None => {
                let _ = writeln!(out, "server:            not measured (no --server-pid, none found)");
            }
        }
        if let Some(cores) = self.own_cores {
            let _ = writeln!(out, "load generator:    {cores:.2} cores over the window");
        }
        out
    }
}

/// A process's resident memory in KiB (VmRSS of /proc/PID/status).
fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A process's CPU time (user and system), from /proc/PID/stat, in clock
/// ticks of 1/100 s (Linux's USER_HZ).
fn cpu_ticks(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name is in parentheses and may hold spaces: count after it.
    let rest = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

/// The one process named entropy-server on this machine, if exactly one.
fn find_server() -> Option<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|s| s.parse::<u32>().ok()) else {
            continue;
        };
        if std::fs::read_to_string(entry.path().join("comm")).is_ok_and(|c| c.trim() == "entropy-server") {
            found.push(pid);
        }
    }
    (found.len() == 1).then(|| found[0])
}

/// Runs the benchmark.
pub async fn run(args: LoadArgs) -> Result<Report, String> {
    let last = format!("{}-{}", args.prefix, u64::from(args.games) * 2 - 1);
    if let Err(why) = check_name(&args.prefix).and_then(|()| check_name(&last)) {
        return Err(format!("--prefix: {why}"));
    }
    let server = Server::new(&args.server).map_err(|e| e.to_string())?;
    let pid = args.server_pid.or_else(find_server);
    let rss_before = match pid {
        Some(pid) => Some(rss_kib(pid).ok_or_else(|| format!("cannot read the memory of process {pid}"))?),
        None => None,
    };
    let accounts = args.games as usize * 2;

    // The accounts.
    let begun = std::time::Instant::now();
    let tokens = sign_in_all(&server, &args.prefix, accounts).await?;
    eprintln!(
        "signed in {accounts} accounts in {:.1} s",
        begun.elapsed().as_secs_f64()
    );
    let rss_signed_in = pid.and_then(rss_kib);

    // Their connections.
    let begun = std::time::Instant::now();
    let mut connections = connect_all(&server, tokens).await?;
    eprintln!(
        "opened {accounts} connections in {:.1} s",
        begun.elapsed().as_secs_f64()
    );

    // The tables.
    let counters = Arc::new(Counters::default());
    let (stop, stopped) = watch::channel(false);
    let options = GameOptions {
        size: args.board,
        format: Format::Match,
        speed: Speed::Live { seconds: CLOCK_SECONDS },
        rated: false,
    };
    let period = Duration::from_secs_f64(1.0 / args.rate);
    let mut tables = JoinSet::new();
    let mut seeder = SmallRng::seed_from_u64(args.seed);
    for index in (0..args.games as usize).rev() {
        let second = connections.pop().ok_or("a connection is missing")?;
        let first = connections.pop().ok_or("a connection is missing")?;
        let table = Table {
            names: [
                format!("{}-{}", args.prefix, 2 * index),
                format!("{}-{}", args.prefix, 2 * index + 1),
            ],
            conns: [first, second],
            options,
            period,
            counters: counters.clone(),
            stop: stopped.clone(),
            rng: SmallRng::seed_from_u64(seeder.random()),
        };
        tables.spawn(table.run());
    }

    // The ramp-up, not measured.
    let begun = Instant::now();
    let mut said = Instant::now();
    while counters.began.load(Ordering::Relaxed) < args.games as usize {
        if begun.elapsed() > RAMP_TIMEOUT {
            let _ = stop.send(true);
            return Err(format!(
                "only {} of {} games had started after {} s; errors: {}",
                counters.began.load(Ordering::Relaxed),
                args.games,
                RAMP_TIMEOUT.as_secs(),
                first_errors(&counters)
            ));
        }
        if said.elapsed() >= Duration::from_secs(5) {
            eprintln!(
                "{} of {} games started",
                counters.began.load(Ordering::Relaxed),
                args.games
            );
            said = Instant::now();
        }
        sleep(Duration::from_millis(100)).await;
    }
    eprintln!(
        "all {} games started in {:.1} s; measuring for {} s after {} s",
        args.games,
        begun.elapsed().as_secs_f64(),
        args.duration,
        SETTLE.as_secs()
    );
    sleep(SETTLE).await;

    // The window.
    let window = Duration::from_secs(args.duration);
    let moves_before = counters.moves.load(Ordering::Relaxed);
    let refused_before = counters.refused.load(Ordering::Relaxed);
    let errors_before = counters.errors.load(Ordering::Relaxed);
    let lost_before = counters.lost.load(Ordering::Relaxed);
    let finished_before = counters.games_finished.load(Ordering::Relaxed);
    let server_cpu_before = pid.and_then(|p| cpu_ticks(&p.to_string()));
    let own_cpu_before = cpu_ticks("self");
    counters.measuring.store(true, Ordering::Relaxed);
    let opened = Instant::now();
    let mut rss_peak = 0;
    let mut live_min = usize::MAX;
    let mut live_sum = 0usize;
    let mut samples = 0usize;
    let mut tick = interval_at(opened + Duration::from_millis(500), Duration::from_secs(1));
    while opened.elapsed() < window {
        tick.tick().await;
        let live = counters.live.load(Ordering::Relaxed);
        live_min = live_min.min(live);
        live_sum += live;
        samples += 1;
        if let Some(rss) = pid.and_then(rss_kib) {
            rss_peak = rss_peak.max(rss);
        }
    }
    counters.measuring.store(false, Ordering::Relaxed);
    let elapsed = opened.elapsed();
    let server_cpu_after = pid.and_then(|p| cpu_ticks(&p.to_string()));
    let own_cpu_after = cpu_ticks("self");
    let moves = counters.moves.load(Ordering::Relaxed) - moves_before;
    let mut latencies = std::mem::take(&mut *counters.latencies.lock().unwrap_or_else(|p| p.into_inner()));
    let cores = |before: Option<u64>, after: Option<u64>| {
        Some(after?.saturating_sub(before?) as f64 / 100.0 / elapsed.as_secs_f64())
    };
    let report = Report {
        games: args.games,
        rate: args.rate,
        board: args.board,
        window: elapsed,
        live_min: if samples == 0 { 0 } else { live_min },
        live_mean: if samples == 0 {
            0.0
        } else {
            live_sum as f64 / samples as f64
        },
        moves,
        latency: Latency::of(&mut latencies),
        refused: counters.refused.load(Ordering::Relaxed) - refused_before,
        errors: counters.errors.load(Ordering::Relaxed) - errors_before,
        lost: counters.lost.load(Ordering::Relaxed) - lost_before,
        games_finished: counters.games_finished.load(Ordering::Relaxed) - finished_before,
        said: counters
            .said
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .cloned()
            .collect(),
        server: match (pid, rss_before, rss_signed_in) {
            (Some(pid), Some(rss_before_kib), Some(rss_signed_in_kib)) => Some(ServerUse {
                pid,
                rss_before_kib,
                rss_signed_in_kib,
                rss_peak_kib: rss_peak.max(rss_before_kib),
                cores: cores(server_cpu_before, server_cpu_after),
            }),
            _ => None,
        },
        own_cores: cores(own_cpu_before, own_cpu_after),
    };
    let _ = stop.send(true);
    tables.shutdown().await;
    Ok(report)
}

fn first_errors(counters: &Counters) -> String {
    let said = counters.said.lock().unwrap_or_else(|p| p.into_inner());
    if said.is_empty() {
        "none".into()
    } else {
        said.iter().cloned().collect::<Vec<_>>().join("; ")
    }
}

/// The server's rule for names, checked here so that a bad --prefix is
/// said before anything is sent.
fn check_name(name: &str) -> Result<(), String> {
    let length = name.chars().count();
    if length == 0 || length > 24 {
        return Err(format!("a name has 1 to 24 characters; {name:?} has {length}"));
    }
    if let Some(c) = name.chars().find(|c| !(c.is_alphanumeric() || *c == '-' || *c == '_')) {
        return Err(format!("a name has letters, digits, - and _ only, not {c:?}"));
    }
    Ok(())
}

/// Signs in (or registers) the accounts, a few at a time; their tokens in order.
async fn sign_in_all(server: &Server, prefix: &str, count: usize) -> Result<Vec<String>, String> {
    let gate = Arc::new(Semaphore::new(SIGN_INS_AT_ONCE));
    let mut signing = JoinSet::new();
    for i in 0..count {
        let server = server.clone();
        let name = format!("{prefix}-{i}");
        let gate = gate.clone();
        signing.spawn(async move {
            let _permit = gate.acquire_owned().await.map_err(|e| e.to_string())?;
            let password = account::insecure_password(&name);
            let signed = account::sign_in(&server, &name, &password).await?;
            Ok::<_, String>((i, signed.token))
        });
    }
    let mut tokens = vec![String::new(); count];
    let mut done = 0;
    while let Some(joined) = signing.join_next().await {
        let (i, token) = joined.map_err(|e| format!("a sign-in failed: {e}"))??;
        tokens[i] = token;
        done += 1;
        if done % 200 == 0 {
            eprintln!("signed in {done} of {count}");
        }
    }
    Ok(tokens)
}

/// Opens a connection for each token, a few at a time, in the tokens' order.
async fn connect_all(server: &Server, tokens: Vec<String>) -> Result<Vec<Connection>, String> {
    let gate = Arc::new(Semaphore::new(CONNECTS_AT_ONCE));
    let mut connecting = JoinSet::new();
    let count = tokens.len();
    for (i, token) in tokens.into_iter().enumerate() {
        let server = server.clone();
        let gate = gate.clone();
        connecting.spawn(async move {
            let _permit = gate.acquire_owned().await.map_err(|e| e.to_string())?;
            let connection = server
                .connect(Some(token))
                .await
                .map_err(|e| format!("cannot connect to {}: {e}", server.endpoint()))?;
            Ok::<_, String>((i, connection))
        });
    }
    let mut slots: Vec<Option<Connection>> = (0..count).map(|_| None).collect();
    while let Some(joined) = connecting.join_next().await {
        let (i, connection) = joined.map_err(|e| format!("a connection failed: {e}"))??;
        slots[i] = Some(connection);
    }
    slots
        .into_iter()
        .map(|c| c.ok_or_else(|| "a connection is missing".to_string()))
        .collect()
}

/// A random legal move of `role` in `position`, in CodeCup notation.
pub fn random_move(position: &Position, role: Role, rng: &mut impl Rng) -> Option<String> {
    match role {
        Role::Chaos => {
            let cells = position.placements();
            if cells.is_empty() {
                return None;
            }
            let cell = cells.nth(rng.random_range(0..cells.len()))?;
            Some(cell.to_string())
        }
        Role::Order => {
            let count = position.order_move_count();
            if count == 0 {
                return None;
            }
            let mv = position.nth_order_move(rng.random_range(0..count))?;
            Some(mv.notation(position.last_placed()?))
        }
    }
}

/// A move sent and not yet seen played.
struct Pending {
    /// Which of the table's connections sent it.
    conn: usize,
    version: u64,
    action: String,
    sent: Instant,
}

/// Two accounts playing each other, one game after another.
struct Table {
    names: [String; 2],
    conns: [Connection; 2],
    options: GameOptions,
    period: Duration,
    counters: Arc<Counters>,
    stop: watch::Receiver<bool>,
    rng: SmallRng,
}

/// How a game at a table ended.
enum Over {
    Finished,
    Stopped,
}

/// Counts a table's game as live while it lives.
struct LiveGuard<'a>(&'a AtomicUsize);

impl Drop for LiveGuard<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Table {
    async fn run(mut self) {
        let mut began = false;
        loop {
            if *self.stop.borrow() {
                return;
            }
            let game = match self.start_game().await {
                Ok(Some(game)) => game,
                Ok(None) => return,
                Err(why) => {
                    self.counters.error(why);
                    sleep(Duration::from_secs(1)).await;
                    continue;
                }
            };
            if !began {
                began = true;
                self.counters.began.fetch_add(1, Ordering::Relaxed);
            }
            let outcome = self.play(&game).await;
            for conn in &self.conns {
                let _ = conn.send(ClientMessage::Unwatch { game: game.clone() });
            }
            match outcome {
                Ok(Over::Finished) => {
                    self.counters.games_finished.fetch_add(1, Ordering::Relaxed);
                }
                Ok(Over::Stopped) => return,
                Err(why) => {
                    self.counters.error(format!("game {game}: {why}"));
                    let _ = self.conns[0].send(ClientMessage::Resign { game });
                }
            }
        }
    }

    /// The next thing either connection says (which, and what), or the
    /// stop (None), or an error past `until`.
    async fn next(&mut self, until: Instant) -> Result<Option<(usize, Incoming)>, String> {
        let [a, b] = &mut self.conns;
        let (who, incoming) = tokio::select! {
            incoming = a.recv() => (0, incoming),
            incoming = b.recv() => (1, incoming),
            _ = self.stop.changed() => return Ok(None),
            _ = sleep_until(until) => return Err("no answer in time".into()),
        };
        match incoming {
            Some(incoming) => Ok(Some((who, incoming))),
            None => Err(format!("{}'s connection is over", self.names[who])),
        }
    }

    /// Notes what every phase notes; an error for a connection over for good.
    fn common(&self, who: usize, incoming: &Incoming) -> Result<(), String> {
        match incoming {
            Incoming::Lost(_) => {
                self.counters.lost.fetch_add(1, Ordering::Relaxed);
            }
            Incoming::Malformed(why) => self.counters.error(format!("an unreadable message: {why}")),
            Incoming::Closed(why) => return Err(format!("{}'s session ended: {why}", self.names[who])),
            Incoming::Message(ServerMessage::Error { reason }) => {
                self.counters
                    .error(format!("{}: the server said: {reason}", self.names[who]));
            }
            _ => {}
        }
        Ok(())
    }

    /// Posts a seek from the first account, accepts it from the second,
    /// and waits for both to be told the game started; its id (None:
    /// stopped). A server tells a player signing in of the live games it
    /// sits in: only the game told to the seeker after its seek was
    /// posted, and told to the other too, is this one.
    async fn start_game(&mut self) -> Result<Option<GameId>, String> {
        self.conns[0]
            .send(ClientMessage::Seek { options: self.options })
            .map_err(|e| e.to_string())?;
        let until = Instant::now() + START_TIMEOUT;
        let mut posted = false;
        let mut game: Option<GameId> = None;
        let mut told_other = Vec::new();
        loop {
            let Some((who, incoming)) = self.next(until).await? else {
                return Ok(None);
            };
            self.common(who, &incoming)?;
            match incoming {
                Incoming::Message(ServerMessage::SeekPosted { seek }) if who == 0 => {
                    posted = true;
                    self.conns[1]
                        .send(ClientMessage::Accept { seek: seek.id })
                        .map_err(|e| e.to_string())?;
                }
                Incoming::Message(ServerMessage::GameStarted { game: started }) => {
                    if who == 0 && posted && game.is_none() {
                        game = Some(started);
                    } else if who == 1 {
                        told_other.push(started);
                    }
                }
                Incoming::Message(ServerMessage::Error { .. }) => {
                    return Err("the seek or its acceptance was refused".into());
                }
                _ => {}
            }
            if let Some(game) = &game
                && told_other.contains(game)
            {
                return Ok(Some(game.clone()));
            }
        }
    }

    /// Plays the game to its end, a move every period.
    async fn play(&mut self, game: &str) -> Result<Over, String> {
        for conn in &self.conns {
            conn.send(ClientMessage::Watch {
                game: game.to_string(),
                since: 0,
            })
            .map_err(|e| e.to_string())?;
        }
        self.counters.live.fetch_add(1, Ordering::Relaxed);
        let counters = self.counters.clone();
        let _live = LiveGuard(&counters.live);
        let mut views = [GameView::new(game), GameView::new(game)];
        let mut seats: [Option<u8>; 2] = [None, None];
        // Whether each player has said it saw the count between the rounds.
        let mut counted = [false; 2];
        let mut pending: Option<Pending> = None;
        let mut refusals = 0;
        // Tables start out of step: the first move within one period.
        let offset = self.period.mul_f64(self.rng.random::<f64>());
        let mut ticks = interval_at(Instant::now() + offset, self.period);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let mut due = false;
        loop {
            let waited = {
                let [a, b] = &mut self.conns;
                tokio::select! {
                    _ = ticks.tick() => None,
                    incoming = a.recv() => Some((0, incoming)),
                    incoming = b.recv() => Some((1, incoming)),
                    _ = self.stop.changed() => return Ok(Over::Stopped),
                }
            };
            match waited {
                None => {
                    due = true;
                    if let Some(p) = &pending
                        && p.sent.elapsed() > MOVE_TIMEOUT
                    {
                        return Err(format!(
                            "move {} had no answer in {} s",
                            p.action,
                            MOVE_TIMEOUT.as_secs()
                        ));
                    }
                }
                Some((who, None)) => return Err(format!("{}'s connection is over", self.names[who])),
                Some((who, Some(incoming))) => {
                    self.common(who, &incoming)?;
                    match incoming {
                        Incoming::Message(ServerMessage::Event {
                            game: of,
                            version,
                            event,
                            clocks,
                        }) if of == game => {
                            if let (Some(p), GameEvent::Moved { action, .. }) = (&pending, &event)
                                && p.conn == who
                                && version > p.version
                                && *action == p.action
                            {
                                self.answered(p.sent.elapsed());
                                pending = None;
                                refusals = 0;
                            }
                            views[who]
                                .apply_with_clocks(version, event, clocks)
                                .map_err(|e| format!("{}'s view: {e}", self.names[who]))?;
                            if seats[who].is_none() {
                                seats[who] = views[who].player_named(&self.names[who]);
                            }
                            if views[who].is_over() {
                                return Ok(Over::Finished);
                            }
                        }
                        Incoming::Message(ServerMessage::Refused { game: of, reason }) if of == game => {
                            self.counters.refused.fetch_add(1, Ordering::Relaxed);
                            if pending.as_ref().is_some_and(|p| p.conn == who) {
                                pending = None;
                                refusals += 1;
                                if refusals >= MAX_REFUSALS {
                                    return Err(format!("{MAX_REFUSALS} moves refused, the last: {reason}"));
                                }
                            }
                        }
                        // What was sent as the connection went may be lost.
                        Incoming::Reconnected => counted[who] = false,
                        _ => {}
                    }
                    if let Some(message) = seats[who].and_then(|seat| views[who].count_seen_message(seat))
                        && !counted[who]
                    {
                        counted[who] = true;
                        self.conns[who].send(message).map_err(|e| e.to_string())?;
                    }
                }
            }
            if due && pending.is_none() {
                pending = self.move_if_owed(game, &views, &seats)?;
                due = pending.is_none();
            }
        }
    }

    /// Sends a random legal move for whichever player owes one.
    fn move_if_owed(
        &mut self,
        game: &str,
        views: &[GameView; 2],
        seats: &[Option<u8>; 2],
    ) -> Result<Option<Pending>, String> {
        for conn in 0..2 {
            let Some(player) = seats[conn] else { continue };
            let view = &views[conn];
            let Some(owed) = view.owed(player).into_iter().next() else {
                continue;
            };
            let action = random_move(&owed.position, owed.role, &mut self.rng)
                .ok_or_else(|| format!("no legal move for {} in its position", self.names[conn]))?;
            let version = view.version();
            let sent = Instant::now();
            self.conns[conn]
                .send(ClientMessage::Play {
                    game: game.to_string(),
                    version,
                    action: action.clone(),
                })
                .map_err(|e| e.to_string())?;
            return Ok(Some(Pending {
                conn,
                version,
                action,
                sent,
            }));
        }
        Ok(None)
    }

    fn answered(&self, latency: Duration) {
        self.counters.moves.fetch_add(1, Ordering::Relaxed);
        if self.counters.measuring.load(Ordering::Relaxed) {
            let us = u32::try_from(latency.as_micros()).unwrap_or(u32::MAX);
            self.counters
                .latencies
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push(us);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_ranks() {
        let samples: Vec<u32> = (1..=100).collect();
        assert_eq!(percentile(&samples, 0.5), Some(50));
        assert_eq!(percentile(&samples, 0.9), Some(90));
        assert_eq!(percentile(&samples, 0.99), Some(99));
        assert_eq!(percentile(&samples, 1.0), Some(100));
        assert_eq!(percentile(&samples, 0.0), Some(1));
        assert_eq!(percentile(&[7], 0.99), Some(7));
        assert_eq!(percentile(&[], 0.5), None);
        // Three samples: the median is the middle one; p99 is the largest.
        assert_eq!(percentile(&[1, 2, 30], 0.5), Some(2));
        assert_eq!(percentile(&[1, 2, 30], 0.99), Some(30));
    }

    #[test]
    fn the_latency_figures_sort_their_samples() {
        let mut samples = vec![5000, 1000, 3000, 2000, 4000];
        let l = Latency::of(&mut samples).unwrap();
        assert_eq!(l.median, Duration::from_millis(3));
        assert_eq!(l.p99, Duration::from_millis(5));
        assert_eq!(l.max, Duration::from_millis(5));
        assert_eq!(Latency::of(&mut []), None);
    }

    #[test]
    fn memory_per_game_is_the_growth_over_the_games_live() {
        let report = Report {
            games: 100,
            rate: 1.0,
            board: 5,
            window: Duration::from_secs(10),
            live_min: 100,
            live_mean: 100.0,
            moves: 1000,
            latency: None,
            refused: 0,
            errors: 0,
            lost: 0,
            games_finished: 0,
            said: Vec::new(),
            server: Some(ServerUse {
                pid: 1,
                rss_before_kib: 5_000,
                rss_signed_in_kib: 10_000,
                rss_peak_kib: 30_000,
                cores: None,
            }),
            own_cores: None,
        };
        assert_eq!(report.memory_per_game_kib(), Some(200.0));
        assert_eq!(report.moves_per_second(), 100.0);
        assert!(report.render().contains("200 KiB a live game"), "{}", report.render());
    }

    #[test]
    fn a_random_move_is_legal() {
        let mut rng = SmallRng::seed_from_u64(3);
        for _ in 0..20 {
            let mut position = Position::new(entropy_rules::Size::Five);
            position.draw(entropy_rules::Colour::from_number(1).unwrap()).unwrap();
            let place = random_move(&position, Role::Chaos, &mut rng).unwrap();
            let cell = place.parse().unwrap();
            position.place(cell).unwrap();
            let order = random_move(&position, Role::Order, &mut rng).unwrap();
            position
                .order(entropy_rules::OrderMove::parse(&order).unwrap())
                .unwrap();
        }
        assert_eq!(
            random_move(&Position::new(entropy_rules::Size::Five), Role::Order, &mut rng),
            None
        );
    }

    #[test]
    fn names_are_checked_before_anything_is_sent() {
        assert!(check_name("load-1999").is_ok());
        assert!(check_name("").is_err());
        assert!(check_name("a b").is_err());
        assert!(check_name(&"x".repeat(25)).is_err());
    }
}
