//! Review: the computer judges every move of a match.
//!
//! For each Chaos placement and each Order move (a slide or a pass) the
//! reviewer searches the position the player saw (the board, the counts
//! left in the bag, never the bag's order) with Hard's search, as the hint
//! does for Order and its Chaos-side equivalent for Chaos, and values the
//! move played and the best move alike (`search/judge.rs`): the expected
//! final score of the round after each. The difference is what the move
//! cost its player: points Order failed to score, or points Chaos gave
//! away. Moves are judged in parallel, each on its own, so the review's
//! result does not depend on the number of threads; with a node budget it
//! is the same on every machine and at every load.

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use entropy_rules::{
    MatchRecord, Move, Player, Position, ReplayError, Role, SimultaneousRecord, SimultaneousReplayError, Turn,
};

use crate::search::Engine;
use crate::{Level, Limits, StopFlag};

/// How hard the reviewer looks at each move.
///
/// A budget is counted in search nodes, never in time, so that a review
/// gives the same marks on every machine and whatever else the machine is
/// doing. Each move's search is Hard's with a node bound; then the best
/// move and the move played each get the same number of playouts.
/// `docs/ai.md` gives the time a match takes at each budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReviewBudget {
    /// 200 000 search nodes and 64 playouts a move (a 7×7 match: about
    /// 6–10 s on one thread of this project's machine).
    Quick,
    /// 1 000 000 search nodes and 256 playouts a move (a 7×7 match: about
    /// 40–64 s on one thread).
    Thorough,
    /// This many nodes a move, with Quick's playouts (for tests and tools).
    Nodes(u64),
}

impl ReviewBudget {
    /// Search nodes for one move's root search.
    pub fn nodes(self) -> u64 {
        match self {
            ReviewBudget::Quick => 200_000,
            ReviewBudget::Thorough => 1_000_000,
            ReviewBudget::Nodes(nodes) => nodes,
        }
    }

    /// Playouts after the best move and after the move played.
    pub fn playouts(self) -> u64 {
        match self {
            ReviewBudget::Thorough => 256,
            ReviewBudget::Quick | ReviewBudget::Nodes(_) => 64,
        }
    }
}

/// How good a move was, by what it cost ([`Mark::of`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// The best move, or within [`Mark::BEST_BELOW`] of it.
    Best,
    /// Cost below [`Mark::GOOD_BELOW`].
    Good,
    /// Cost below [`Mark::INACCURACY_BELOW`].
    Inaccuracy,
    /// Cost of [`Mark::INACCURACY_BELOW`] or more.
    Mistake,
}

impl Mark {
    /// Every mark, best first.
    pub const ALL: [Mark; 4] = [Mark::Best, Mark::Good, Mark::Inaccuracy, Mark::Mistake];

    /// A move that costs less than this (in points of the round's final
    /// score) is as good as the best: the search's own noise is about that.
    pub const BEST_BELOW: f64 = 0.5;
    /// Below this a move is good.
    pub const GOOD_BELOW: f64 = 2.0;
    /// Below this a move is an inaccuracy; from it on, a mistake.
    pub const INACCURACY_BELOW: f64 = 5.0;

    /// The mark of a move that cost `cost` points; `is_best`: the move
    /// played is the best move.
    pub fn of(cost: f64, is_best: bool) -> Mark {
        if is_best || cost < Mark::BEST_BELOW {
            Mark::Best
        } else if cost < Mark::GOOD_BELOW {
            Mark::Good
        } else if cost < Mark::INACCURACY_BELOW {
            Mark::Inaccuracy
        } else {
            Mark::Mistake
        }
    }

    /// The lowercase name: `best`, `good`, `inaccuracy`, `mistake`.
    pub const fn name(self) -> &'static str {
        match self {
            Mark::Best => "best",
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One move judged.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveReview {
    /// The turn of the round (1-based): a placement and Order's reply share it.
    pub turn: usize,
    /// The side that moved.
    pub role: Role,
    /// The player who moved.
    pub player: Player,
    /// The position the player saw.
    pub position: Position,
    /// The move played.
    pub played: Move,
    /// The best move found (the move played, when nothing better was found).
    pub best: Move,
    /// The expected final score of the round (Order's) after the move played.
    pub expected_played: f64,
    /// The same after the best move.
    pub expected_best: f64,
    /// The points the move gave away (0 or more): Order's expected score
    /// below the best's, or Chaos's above it.
    pub cost: f64,
    /// The mark for that cost.
    pub mark: Mark,
    /// Placements the search looked ahead.
    pub depth: u32,
}

/// One round's moves judged.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundReview {
    /// The player who was Order.
    pub order: Player,
    /// Every move in the order played: placement, Order's move, placement, …
    pub moves: Vec<MoveReview>,
    /// The final score, when the round was played out.
    pub score: Option<u32>,
}

impl RoundReview {
    /// For the graph: the expected final score after each move, in the
    /// order played: the computer's view of how the round was going.
    pub fn expected(&self) -> Vec<f64> {
        self.moves.iter().map(|m| m.expected_played).collect()
    }
}

/// One player's moves summed up.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// Points lost as Order: the sum of the costs of their Order moves.
    pub lost_as_order: f64,
    /// Points given away as Chaos: the sum of the costs of their placements.
    pub given_as_chaos: f64,
    /// Moves judged, by [`Mark`] (`marks[Mark::Best as usize]`, …).
    pub marks: [usize; 4],
}

/// A whole match judged.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchReview {
    /// The rounds begun, in order.
    pub rounds: Vec<RoundReview>,
    /// Player 1 and player 2, by [`Player::index`].
    pub players: [PlayerSummary; 2],
}

/// Why a review has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewError {
    /// The stop flag was raised.
    Cancelled,
    /// The record does not replay.
    Replay(ReplayError),
    /// The simultaneous match's record does not replay.
    Boards(SimultaneousReplayError),
}

impl fmt::Display for ReviewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReviewError::Cancelled => f.write_str("the review was cancelled"),
            ReviewError::Replay(e) => write!(f, "the match does not replay: {e}"),
            ReviewError::Boards(e) => write!(f, "the match does not replay: {e}"),
        }
    }
}

impl std::error::Error for ReviewError {}

/// A move to judge: where, who, and what was played.
struct Job {
    round: usize,
    turn: usize,
    player: Player,
    position: Position,
    played: Move,
}

/// The judgement of a move: the best move, the expected final scores after
/// it and after the move played, and the depth.
type Verdict = (Move, f32, f32, u32);

/// Judges every move of `record` with `budget` on `threads` worker threads
/// (at least one), calling `progress(done, total)` as moves are judged
/// (from the worker threads, first with 0). Raising `stop` makes it return
/// [`ReviewError::Cancelled`] within a fraction of a move's budget.
///
/// The record's moves are checked first ([`MatchRecord::replay`]); an
/// unfinished last round is judged as far as it goes. The moves the rules
/// played for a player whose flag had fallen (tournament play) are not
/// judged: they were not the player's choice.
pub fn review_match<F>(
    record: &MatchRecord,
    budget: ReviewBudget,
    threads: usize,
    progress: &F,
    stop: &StopFlag,
) -> Result<MatchReview, ReviewError>
where
    F: Fn(usize, usize) + Sync,
{
    let game = record.replay().map_err(ReviewError::Replay)?;
    let rounds = game
        .rounds()
        .iter()
        .enumerate()
        .map(|(index, round)| RoundReview {
            order: game.order_player(index),
            moves: Vec::new(),
            score: round.is_finished().then(|| round.score()),
        })
        .collect();
    let mut jobs = Vec::new();
    for (round, turns) in record.rounds.iter().enumerate() {
        // Whether `player`'s flag was down before move `made` of the round (0-based).
        let forced = |player: Player, made: usize| {
            record
                .flags
                .iter()
                .any(|f| f.player == player && (f.round, f.moves) <= (round, made))
        };
        round_jobs(record.size, round, game.order_player(round), turns, forced, &mut jobs);
    }
    let verdicts = judge_all(&jobs, budget, threads, progress, stop)?;
    Ok(assemble(rounds, jobs, verdicts))
}

/// Judges every move of a simultaneous match as [`review_match`] does a
/// match's: the review's first "round" is player 1's board (where player 1
/// is Order and player 2 places), the second player 2's, each judged on its
/// own; a player's summary adds up their moves on both boards.
///
/// The record is checked first ([`SimultaneousRecord::replay`]); an
/// unfinished match is judged as far as it goes; the moves the rules
/// played for a player whose flag had fallen are not judged.
pub fn review_simultaneous<F>(
    record: &SimultaneousRecord,
    budget: ReviewBudget,
    threads: usize,
    progress: &F,
    stop: &StopFlag,
) -> Result<MatchReview, ReviewError>
where
    F: Fn(usize, usize) + Sync,
{
    let game = record.replay().map_err(ReviewError::Boards)?;
    let rounds = Player::BOTH
        .iter()
        .map(|&owner| {
            let board = game.board(owner);
            RoundReview {
                order: owner,
                moves: Vec::new(),
                score: board.is_finished().then(|| board.score()),
            }
        })
        .collect();
    let mut jobs = Vec::new();
    for owner in Player::BOTH {
        // Before turn t's placement on this board its Chaos has made 2t
        // moves of their own (a placement and an Order move each turn),
        // before its Order move its Order has made 2t + 1: as on the board,
        // so the board's count of moves is the player's.
        let forced = |player: Player, made: usize| record.flags.iter().any(|f| f.player == player && f.moves <= made);
        round_jobs(
            record.size,
            owner.index(),
            owner,
            &record.boards[owner.index()],
            forced,
            &mut jobs,
        );
    }
    let verdicts = judge_all(&jobs, budget, threads, progress, stop)?;
    Ok(assemble(rounds, jobs, verdicts))
}

/// The moves of a round (or a board) a player chose, with the position its
/// player saw, appended to `jobs`: the moves `forced(player, moves made
/// before it in the round)` says the rules played for a player out of time
/// are left out.
fn round_jobs(
    size: entropy_rules::Size,
    round: usize,
    order: Player,
    turns: &[Turn],
    forced: impl Fn(Player, usize) -> bool,
    jobs: &mut Vec<Job>,
) {
    let mut position = Position::new(size);
    let mut made = 0;
    for (i, turn) in turns.iter().enumerate() {
        let mut job = |position: &Position, player, played| {
            if !forced(player, made) {
                jobs.push(Job {
                    round,
                    turn: i + 1,
                    player,
                    position: *position,
                    played,
                });
            }
            made += 1;
        };
        // The record replayed: every move here is legal.
        let _ = position.draw(turn.placement.colour);
        job(&position, order.other(), Move::Place(turn.placement));
        let _ = position.place(turn.placement.cell);
        if let Some(reply) = turn.reply {
            job(&position, order, Move::Order(reply));
            let _ = position.order(reply);
        }
    }
}

/// Judges `jobs` on `threads` worker threads: a verdict for each, or
/// [`ReviewError::Cancelled`] when `stop` is raised.
fn judge_all<F>(
    jobs: &[Job],
    budget: ReviewBudget,
    threads: usize,
    progress: &F,
    stop: &StopFlag,
) -> Result<Vec<Option<Verdict>>, ReviewError>
where
    F: Fn(usize, usize) + Sync,
{
    let total = jobs.len();
    progress(0, total);
    let verdicts: Mutex<Vec<Option<Verdict>>> = Mutex::new(vec![None; total]);
    let (next, done) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let limits = Limits::nodes(budget.nodes()).with_stop(stop.clone());
    let work = || {
        let Some(config) = Level::Hard.search_config() else {
            return;
        };
        let mut engine = Engine::new(config);
        loop {
            let index = next.fetch_add(1, Ordering::Relaxed);
            let Some(job) = jobs.get(index) else { break };
            if stop.is_raised() {
                break;
            }
            let verdict = judge(&mut engine, job, &limits, budget.playouts());
            if stop.is_raised() {
                break;
            }
            if let Ok(mut verdicts) = verdicts.lock() {
                verdicts[index] = Some(verdict);
            }
            progress(done.fetch_add(1, Ordering::Relaxed) + 1, total);
        }
    };
    // One worker runs here (the browser has no threads to give it).
    match threads.clamp(1, total.max(1)) {
        1 => work(),
        workers => std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(work);
            }
        }),
    }
    if stop.is_raised() {
        return Err(ReviewError::Cancelled);
    }
    Ok(verdicts.into_inner().unwrap_or_default())
}

/// Judges one move.
fn judge(engine: &mut Engine, job: &Job, limits: &Limits, playouts: u64) -> Verdict {
    match job.played {
        Move::Place(placement) => {
            let judged = engine.judge_place(&job.position, placement.cell, limits, playouts);
            let best = Move::Place(entropy_rules::Placement {
                colour: placement.colour,
                cell: judged.best,
            });
            (best, judged.best_value, judged.played_value, judged.depth)
        }
        Move::Order(played) => {
            let judged = engine.judge_order(&job.position, played, limits, playouts);
            (
                Move::Order(judged.best),
                judged.best_value,
                judged.played_value,
                judged.depth,
            )
        }
    }
}

/// The review from the rounds' outlines, the moves and their verdicts (all present).
fn assemble(mut rounds: Vec<RoundReview>, jobs: Vec<Job>, verdicts: Vec<Option<Verdict>>) -> MatchReview {
    let mut players = [PlayerSummary::default(); 2];
    for (job, verdict) in jobs.into_iter().zip(verdicts) {
        let Some((best, best_value, played_value, depth)) = verdict else {
            continue;
        };
        let role = match job.played {
            Move::Place(_) => Role::Chaos,
            Move::Order(_) => Role::Order,
        };
        let given = match role {
            Role::Order => best_value - played_value,
            Role::Chaos => played_value - best_value,
        };
        let cost = f64::from(given.max(0.0));
        let mark = Mark::of(cost, best == job.played);
        let summary = &mut players[job.player.index()];
        match role {
            Role::Order => summary.lost_as_order += cost,
            Role::Chaos => summary.given_as_chaos += cost,
        }
        summary.marks[mark as usize] += 1;
        rounds[job.round].moves.push(MoveReview {
            turn: job.turn,
            role,
            player: job.player,
            position: job.position,
            played: job.played,
            best,
            expected_played: f64::from(played_value),
            expected_best: f64::from(best_value),
            cost,
            mark,
            depth,
        });
    }
    MatchReview { rounds, players }
}
