//! `entropy-cli arena`: two-round matches between two players, with the
//! statistics that say which is stronger and by how much.
//!
//! Match `i` draws one bag sequence from the run's seed and plays it twice:
//! player A is Order in round 1 and player B in round 2, so both face the
//! same colours as Order. A player that crashes, times out or plays an
//! illegal move forfeits its round and loses the match; forfeited rounds
//! are listed and left out of the score means.
//!
//! With `--simultaneous` ([`ArenaConfig::simultaneous`]) each match is a
//! simultaneous match instead ([`entropy_rules::SimultaneousMatch`]): both
//! boards at once, fed by the one bag of the match, A Order on board 1 and
//! B on board 2, so again both face the same colours as Order. Each board
//! is reported as a round; a seat that faults ends the match, and only the
//! board it faulted on is reported (the other, unfinished, counts nowhere).

use std::fmt::{self, Write as _};
use std::str::FromStr;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use entropy_ai::{Greedy, Level, Limits, Player, Searched};
use entropy_rules::{Action, Bag, Player as Side, Role, SimultaneousMatch, SimultaneousStep, Size};
use entropy_stats::{Tally, mean_ci, mean_duration, quantile};

use crate::bot::MoveClock;
use crate::referee::{Builtin, External, Fault, RoundOutcome, Seat, play_round};

/// A player of the arena or the bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// The greedy baseline.
    Greedy,
    /// A level of the AI.
    Level(Level),
    /// A program speaking the CodeCup 2023 protocol, run by `sh -c`.
    External(String),
}

/// The prefix that marks an external program's command line.
pub const EXTERNAL_PREFIX: &str = "cmd:";

impl FromStr for PlayerSpec {
    type Err = String;
    /// `greedy`, a level name, or `cmd:` followed by a command line.
    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        if let Some(command) = s.strip_prefix(EXTERNAL_PREFIX) {
            if command.trim().is_empty() {
                return Err(format!("{s:?}: no command line after {EXTERNAL_PREFIX:?}"));
            }
            return Ok(PlayerSpec::External(command.to_string()));
        }
        if s.trim().eq_ignore_ascii_case("greedy") {
            return Ok(PlayerSpec::Greedy);
        }
        s.parse::<Level>().map(PlayerSpec::Level).map_err(|_| {
            format!(
                "unknown player {s:?}: use greedy, beginner, easy, medium, hard, master, \
                 or cmd:<command line> for a CodeCup program"
            )
        })
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Greedy => f.write_str("greedy"),
            PlayerSpec::Level(level) => write!(f, "{level}"),
            PlayerSpec::External(command) => write!(f, "{EXTERNAL_PREFIX}{command}"),
        }
    }
}

impl PlayerSpec {
    /// The built-in player, if this is one.
    pub fn builtin(&self, seed: u64) -> Option<Box<dyn Player>> {
        match self {
            PlayerSpec::Greedy => Some(Box::new(Greedy::new(seed))),
            PlayerSpec::Level(level) => Some(level.player(seed)),
            PlayerSpec::External(_) => None,
        }
    }
}

/// How a run of matches is played.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    /// Player A (Order in round 1 of every match) and player B.
    pub players: [PlayerSpec; 2],
    /// Number of two-round matches.
    pub matches: usize,
    /// The seed of the whole run: bags and players' random choices.
    pub seed: u64,
    /// Matches played at once.
    pub jobs: usize,
    /// The board size.
    pub size: Size,
    /// Limits of every built-in move: none for the levels' own budgets, a
    /// node count for deterministic comparisons, or a time.
    pub limits: Limits,
    /// An external program's thinking time per round (per board in a
    /// simultaneous match).
    pub external_time: Duration,
    /// Simultaneous matches (both boards at once, one queue of draws)
    /// instead of matches of two rounds.
    pub simultaneous: bool,
}

impl Default for ArenaConfig {
    fn default() -> ArenaConfig {
        ArenaConfig {
            players: [PlayerSpec::Level(Level::Hard), PlayerSpec::Greedy],
            matches: 10,
            seed: 1,
            jobs: 1,
            size: Size::Seven,
            limits: Limits::none(),
            external_time: Duration::from_secs(30),
            simultaneous: false,
        }
    }
}

/// One round of a match (a board of a simultaneous match).
#[derive(Clone, Debug)]
pub struct RoundResult {
    /// The player who was Order (0 for A, 1 for B; on a simultaneous
    /// match's board, its owner).
    pub order: usize,
    /// How it went.
    pub outcome: RoundOutcome,
}

impl RoundResult {
    /// The player who forfeited the round, and why.
    pub fn forfeit(&self) -> Option<(usize, &Fault)> {
        self.outcome.fault.as_ref().map(|(role, fault)| match role {
            Role::Order => (self.order, fault),
            Role::Chaos => (1 - self.order, fault),
        })
    }
}

/// One two-round match.
#[derive(Clone, Debug)]
pub struct MatchResult {
    /// The match number, from 0.
    pub index: usize,
    /// The seed of both rounds' bag.
    pub bag_seed: u64,
    /// Round 1 (A is Order) and, unless round 1 was forfeited, round 2.
    pub rounds: Vec<RoundResult>,
    /// How much each player (A, B) searched as Order and as Chaos, if it
    /// is a searching level.
    pub searched: [[Option<Searched>; 2]; 2],
}

/// Adds what `seat` (player `p`'s, in `role`) searched to `searched`.
fn count_search(searched: &mut [[Option<Searched>; 2]; 2], p: usize, role: Role, seat: &dyn Seat) {
    let slot = &mut searched[p][usize::from(role == Role::Chaos)];
    if let Some(more) = seat.searched() {
        *slot = Some(slot.unwrap_or_default() + more);
    }
}

/// How a match ended for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// More points as Order, or the other player forfeited.
    Won,
    /// Equal points.
    Drawn,
    /// Fewer points, or forfeited.
    Lost,
}

impl MatchResult {
    /// Player `p`'s score as Order (`None` if that round is missing or forfeited).
    pub fn order_score(&self, p: usize) -> Option<u32> {
        self.rounds
            .iter()
            .find(|r| r.order == p && r.forfeit().is_none())
            .map(|r| r.outcome.score)
    }

    /// The verdict for player `p`.
    pub fn verdict(&self, p: usize) -> Verdict {
        let faulty = |q: usize| self.rounds.iter().any(|r| r.forfeit().is_some_and(|(f, _)| f == q));
        if faulty(p) {
            return Verdict::Lost;
        }
        if faulty(1 - p) {
            return Verdict::Won;
        }
        let (mine, theirs) = (self.order_score(p).unwrap_or(0), self.order_score(1 - p).unwrap_or(0));
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => Verdict::Won,
            std::cmp::Ordering::Equal => Verdict::Drawn,
            std::cmp::Ordering::Less => Verdict::Lost,
        }
    }
}

/// A seed derived from the run's seed and a few numbers (SplitMix64 steps).
pub fn derive_seed(seed: u64, parts: &[u64]) -> u64 {
    let mut x = seed;
    for &part in parts.iter().chain([&0x5eed]) {
        x = x.wrapping_add(part.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x = z ^ (z >> 31);
    }
    x
}

/// A limits-giving clock that is `Send` (what a built-in seat needs).
struct FixedLimits(Limits);

impl MoveClock for FixedLimits {
    fn limits(&mut self, _position: &entropy_rules::Position) -> Limits {
        self.0.clone()
    }
}

fn seat(config: &ArenaConfig, p: usize, match_index: usize, round: usize) -> Box<dyn Seat> {
    let spec = &config.players[p];
    let seed = derive_seed(config.seed, &[match_index as u64, round as u64, p as u64]);
    match spec.builtin(seed) {
        Some(player) => Box::new(Builtin::new(player, Box::new(FixedLimits(config.limits.clone())))),
        None => {
            let PlayerSpec::External(command) = spec else {
                unreachable!("only external players have no built-in")
            };
            Box::new(External::new(command.clone(), config.external_time))
        }
    }
}

/// Plays match `index` of the run (simultaneous if the configuration says so).
pub fn play_match(config: &ArenaConfig, index: usize) -> MatchResult {
    if config.simultaneous {
        return play_simultaneous_match(config, index);
    }
    let bag_seed = derive_seed(config.seed, &[index as u64]);
    let mut rounds = Vec::with_capacity(2);
    let mut searched = [[None; 2]; 2];
    for (round, order) in [0usize, 1].into_iter().enumerate() {
        let mut order_seat = seat(config, order, index, round);
        let mut chaos_seat = seat(config, 1 - order, index, round);
        let outcome = play_round(
            Bag::seeded(config.size, bag_seed),
            order_seat.as_mut(),
            chaos_seat.as_mut(),
        );
        count_search(&mut searched, order, Role::Order, order_seat.as_ref());
        count_search(&mut searched, 1 - order, Role::Chaos, chaos_seat.as_ref());
        let result = RoundResult { order, outcome };
        let forfeited = result.forfeit().is_some();
        rounds.push(result);
        if forfeited {
            break;
        }
    }
    MatchResult {
        index,
        bag_seed,
        rounds,
        searched,
    }
}

/// Plays match `index` of the run as a simultaneous match: the same bag
/// as the match of two rounds of that index, A Order on board 1, B on
/// board 2, each board's seats (A's and B's as Order and as Chaos) stepped
/// turn by turn through the rules, player 1 acting first within a step.
pub fn play_simultaneous_match(config: &ArenaConfig, index: usize) -> MatchResult {
    let bag_seed = derive_seed(config.seed, &[index as u64]);
    let mut game = SimultaneousMatch::new(config.size, bag_seed);
    // By board (its Order's index): the Order seat and the Chaos seat.
    let mut order_seats = [0, 1].map(|owner| seat(config, owner, index, owner));
    let mut chaos_seats = [0, 1].map(|owner| seat(config, 1 - owner, index, owner));
    let mut order_times = [Vec::new(), Vec::new()];
    let mut chaos_times = [Vec::new(), Vec::new()];
    let fault = run_simultaneous(
        &mut game,
        &mut order_seats,
        &mut chaos_seats,
        &mut order_times,
        &mut chaos_times,
    )
    .err();
    for seat in order_seats.iter_mut().chain(chaos_seats.iter_mut()) {
        seat.end();
    }
    let mut searched = [[None; 2]; 2];
    for owner in 0..2 {
        count_search(&mut searched, owner, Role::Order, order_seats[owner].as_ref());
        count_search(&mut searched, 1 - owner, Role::Chaos, chaos_seats[owner].as_ref());
    }
    let record = game.record();
    let boards: Vec<usize> = match &fault {
        Some((board, _, _)) => vec![*board],
        None => vec![0, 1],
    };
    let rounds = boards
        .into_iter()
        .map(|board| {
            let owner = Side::BOTH[board];
            RoundResult {
                order: board,
                outcome: RoundOutcome {
                    record: entropy_rules::RoundRecord {
                        size: config.size,
                        bag: record.bag.clone(),
                        turns: record.boards[board].clone(),
                    },
                    score: game.board(owner).score(),
                    fault: fault
                        .as_ref()
                        .filter(|(b, _, _)| *b == board)
                        .map(|(_, role, fault)| (*role, fault.clone())),
                    order_times: std::mem::take(&mut order_times[board]),
                    chaos_times: std::mem::take(&mut chaos_times[board]),
                },
            }
        })
        .collect();
    MatchResult {
        index,
        bag_seed,
        rounds,
        searched,
    }
}

/// A fault on a board (its Order's index) by the seat of `Role` there.
type BoardFault = (usize, Role, Fault);

/// Steps the simultaneous match to its end, or to the first fault.
fn run_simultaneous(
    game: &mut SimultaneousMatch,
    order_seats: &mut [Box<dyn Seat>; 2],
    chaos_seats: &mut [Box<dyn Seat>; 2],
    order_times: &mut [Vec<Duration>; 2],
    chaos_times: &mut [Vec<Duration>; 2],
) -> Result<(), BoardFault> {
    let illegal = |board: usize, role, text: String, reason: String| (board, role, Fault::Illegal { text, reason });
    for board in 0..2 {
        order_seats[board]
            .begin(Role::Order)
            .map_err(|f| (board, Role::Order, f))?;
        chaos_seats[board]
            .begin(Role::Chaos)
            .map_err(|f| (board, Role::Chaos, f))?;
    }
    let mut last_order: [Option<String>; 2] = [None, None];
    loop {
        match game.step() {
            SimultaneousStep::Over => return Ok(()),
            SimultaneousStep::Draw => {
                game.draw()
                    .map_err(|e| illegal(0, Role::Chaos, "draw".into(), e.to_string()))?;
            }
            SimultaneousStep::Place | SimultaneousStep::Order => {
                for pending in game.pending() {
                    let board = pending.board.index();
                    let position = *game.board(pending.board).position();
                    let start = Instant::now();
                    let action = match pending.role {
                        Role::Chaos => {
                            let cell = chaos_seats[board]
                                .place(&position, last_order[board].as_deref())
                                .map_err(|f| (board, Role::Chaos, f))?;
                            chaos_times[board].push(start.elapsed());
                            Action::Place(cell)
                        }
                        Role::Order => {
                            let placed = game.board(pending.board).turns().last().map(|t| t.placement);
                            let placement = placed.ok_or_else(|| {
                                illegal(board, Role::Order, "move".into(), "no placement to answer".into())
                            })?;
                            let mv = order_seats[board]
                                .order(&position, placement)
                                .map_err(|f| (board, Role::Order, f))?;
                            order_times[board].push(start.elapsed());
                            last_order[board] = Some(mv.notation(placement.cell));
                            mv.into()
                        }
                    };
                    game.apply(pending.player, action).map_err(|e| {
                        let text = match action {
                            Action::Place(cell) => cell.to_string(),
                            _ => last_order[board].clone().unwrap_or_default(),
                        };
                        illegal(board, pending.role, text, e.to_string())
                    })?;
                }
            }
        }
    }
}

/// Plays every match of `config` on `config.jobs` threads, calling
/// `progress` after each, and returns them in match order.
pub fn run(config: &ArenaConfig, progress: &(dyn Fn(&MatchResult) + Sync)) -> Vec<MatchResult> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(config.matches));
    std::thread::scope(|scope| {
        for _ in 0..config.jobs.clamp(1, config.matches.max(1)) {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= config.matches {
                        break;
                    }
                    let result = play_match(config, index);
                    progress(&result);
                    if let Ok(mut results) = results.lock() {
                        results.push(result);
                    }
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|r| r.index);
    results
}

/// The figures of one player over a run.
#[derive(Clone, Debug)]
pub struct PlayerStats {
    /// Mean Order score and its 95% half-width.
    pub order: (f64, f64),
    /// Rounds counted in `order`.
    pub order_rounds: usize,
    /// Mean score conceded as Chaos and its 95% half-width.
    pub conceded: (f64, f64),
    /// Rounds counted in `conceded`.
    pub chaos_rounds: usize,
    /// Matches won, drawn, lost.
    pub won: usize,
    /// Matches drawn.
    pub drawn: usize,
    /// Matches lost.
    pub lost: usize,
    /// Mean and 95th percentile think time per Order move.
    pub order_time: (Duration, Duration),
    /// Mean and 95th percentile think time per Chaos move.
    pub chaos_time: (Duration, Duration),
}

impl PlayerStats {
    /// Points per match (a win 1, a draw ½) and its 95% half-width.
    pub fn match_score(&self) -> (f64, f64) {
        Tally {
            won: self.won,
            drawn: self.drawn,
            lost: self.lost,
        }
        .score()
    }
}

/// A's margin over B: in each match where both played a counted round as
/// Order, A's Order score minus B's on the same bag. Returns the mean with
/// its 95% half-width and the number of matches. Between two strong players
/// this separates them with far fewer matches than the match score, which
/// only counts the margin's sign.
pub fn margin(results: &[MatchResult]) -> (f64, f64, usize) {
    let diffs: Vec<f64> = results
        .iter()
        .filter_map(|m| Some(m.order_score(0)? as f64 - m.order_score(1)? as f64))
        .collect();
    let (mean, ci) = mean_ci(&diffs);
    (mean, ci, diffs.len())
}

/// Player `p`'s figures over `results`.
pub fn stats(results: &[MatchResult], p: usize) -> PlayerStats {
    let mut order = Vec::new();
    let mut conceded = Vec::new();
    let mut order_times = Vec::new();
    let mut chaos_times = Vec::new();
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    for m in results {
        for r in &m.rounds {
            let counted = r.forfeit().is_none();
            if r.order == p {
                order_times.extend_from_slice(&r.outcome.order_times);
                if counted {
                    order.push(r.outcome.score as f64);
                }
            } else {
                chaos_times.extend_from_slice(&r.outcome.chaos_times);
                if counted {
                    conceded.push(r.outcome.score as f64);
                }
            }
        }
        match m.verdict(p) {
            Verdict::Won => won += 1,
            Verdict::Drawn => drawn += 1,
            Verdict::Lost => lost += 1,
        }
    }
    PlayerStats {
        order: mean_ci(&order),
        order_rounds: order.len(),
        conceded: mean_ci(&conceded),
        chaos_rounds: conceded.len(),
        won,
        drawn,
        lost,
        order_time: time_summary(&mut order_times),
        chaos_time: time_summary(&mut chaos_times),
    }
}

/// The mean and the 95th percentile of think times (zero for none).
fn time_summary(times: &mut [Duration]) -> (Duration, Duration) {
    (mean_duration(times), quantile(times, 0.95).unwrap_or_default())
}

/// A duration in milliseconds, two decimals below 10 ms.
pub fn ms(d: Duration) -> String {
    let ms = d.as_secs_f64() * 1000.0;
    if ms < 10.0 {
        format!("{ms:.2}")
    } else {
        format!("{ms:.0}")
    }
}

/// What bounds each move of a run, in words.
pub fn describe_limits(limits: &Limits) -> String {
    match (limits.nodes, limits.time) {
        (Some(nodes), None) => format!("{nodes} search nodes a move"),
        (None, Some(time)) => format!("{} ms a move", time.as_millis()),
        (Some(nodes), Some(time)) => format!("{nodes} nodes or {} ms a move", time.as_millis()),
        (None, None) => "each level's own time budget".to_string(),
    }
}

/// The report of a run: a table per player, then every forfeit.
pub fn report(config: &ArenaConfig, results: &[MatchResult]) -> String {
    let mut out = String::new();
    let limits = describe_limits(&config.limits);
    let kind = if config.simultaneous {
        "simultaneous matches"
    } else {
        "matches of two rounds"
    };
    let _ = writeln!(
        out,
        "{} {kind} on {}, seed {}, {limits}, {} at once",
        results.len(),
        config.size,
        config.seed,
        config.jobs
    );
    let bags = if config.simultaneous {
        "one queue of draws for both boards of a match (A is Order on board 1, B on board 2)"
    } else {
        "the same bag in both rounds of a match (A is Order first)"
    };
    let _ = writeln!(out, "A = {}, B = {}; {bags}\n", config.players[0], config.players[1]);
    let _ = writeln!(
        out,
        "{:<3} {:<16} {:>17} {:>17} {:>5} {:>5} {:>5} {:>14} {:>17} {:>17}",
        "",
        "player",
        "Order score",
        "conceded",
        "won",
        "drawn",
        "lost",
        "match score",
        "ms/Order move",
        "ms/Chaos move"
    );
    for p in 0..2 {
        let s = stats(results, p);
        let (ms_mean, ms_ci) = s.match_score();
        let name: String = config.players[p].to_string().chars().take(16).collect();
        let _ = writeln!(
            out,
            "{:<3} {:<16} {:>17} {:>17} {:>5} {:>5} {:>5} {:>14} {:>17} {:>17}",
            ["A", "B"][p],
            name,
            format!("{:.1} ± {:.1}", s.order.0, s.order.1),
            format!("{:.1} ± {:.1}", s.conceded.0, s.conceded.1),
            s.won,
            s.drawn,
            s.lost,
            format!("{:.0}% ± {:.0}", ms_mean * 100.0, ms_ci * 100.0),
            format!("{} (p95 {})", ms(s.order_time.0), ms(s.order_time.1)),
            format!("{} (p95 {})", ms(s.chaos_time.0), ms(s.chaos_time.1)),
        );
    }
    for p in 0..2 {
        let roles: Vec<String> = [("Order", 0), ("Chaos", 1)]
            .into_iter()
            .filter_map(|(role, r)| {
                let searched = results
                    .iter()
                    .filter_map(|m| m.searched[p][r])
                    .fold(Searched::default(), |all, more| all + more);
                let nodes = searched.nodes_per_move()?;
                Some(format!("{nodes:.0} nodes a move as {role} ({} moves)", searched.moves))
            })
            .collect();
        if !roles.is_empty() {
            let _ = writeln!(out, "{} searched {}", ["A", "B"][p], roles.join(", "));
        }
    }
    let (mean, ci, n) = margin(results);
    if n > 0 {
        let _ = writeln!(
            out,
            "\nA's margin over B (A's Order score minus B's, same bag, {n} matches): {mean:+.1} ± {ci:.1}"
        );
    }
    let _ = writeln!(
        out,
        "\nScores are means with 95% confidence intervals; the match score counts a win 1 and a draw ½."
    );
    let forfeits: Vec<String> = results
        .iter()
        .flat_map(|m| {
            m.rounds.iter().enumerate().filter_map(move |(i, r)| {
                r.forfeit().map(|(p, fault)| {
                    let role = if r.order == p { "Order" } else { "Chaos" };
                    // A board is named by its Order (board 1 is A's).
                    let (part, number) = if config.simultaneous {
                        ("board", r.order + 1)
                    } else {
                        ("round", i + 1)
                    };
                    format!(
                        "match {} {part} {number}: {} ({}) as {role} {fault}",
                        m.index + 1,
                        ["A", "B"][p],
                        config.players[p]
                    )
                })
            })
        })
        .collect();
    if forfeits.is_empty() {
        let _ = writeln!(out, "No forfeits.");
    } else {
        let _ = writeln!(
            out,
            "{} forfeited {} (each loses its match for the faulty player and is left out of the score means):",
            forfeits.len(),
            if config.simultaneous { "boards" } else { "rounds" }
        );
        for line in forfeits {
            let _ = writeln!(out, "  {line}");
        }
    }
    out
}
