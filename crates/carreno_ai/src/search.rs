//! Negamax alpha-beta with iterative deepening, a transposition table,
//! principal-variation search and move ordering (table move, killers,
//! history), exact about wins.
//!
//! A node first asks whether the move into it has ended the game (a side
//! dispersed, the move limit), then whether its position already stands on
//! the path or in the game's history (scored as a draw: the stricter reading
//! of the third-repetition rule, safe for a player that wants to win), then
//! whether the side to move wins at once (a cheap exact test, see
//! `tactics`): so every leaf sees one move further for wins. Two passes in a
//! row draw. Scores are in hundredths of a settled piece from the side to
//! move's view; a win in `n` moves scores `WIN - n`.
//!
//! A win or a loss the search reports is proven: its moves, whatever the
//! other side answers, end in dispersal within the plies it says (draws by
//! repetition only ever shorten what a side can force). Everything else is
//! the evaluation's estimate at the horizon.

use std::fmt;
use std::time::Duration;

use carreno_rules::{Game, MOVE_LIMIT, Move, MoveList, Position, Square};
use entropy_ai::budget::Control;

use crate::Limits;
use crate::eval::{Weights, evaluate};
use crate::key::key;
use crate::tactics::{win_against_frozen, winning_move};

/// The score of a win at the root; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 30_000;

/// Scores beyond this are proven wins or losses.
const PROVEN: i32 = WIN - 1_000;

/// The deepest a search goes, in plies.
pub const MAX_DEPTH: u32 = 64;

/// The nodes spent on a forced move, only to give its score.
const FORCED_NODES: u64 = 20_000;

/// What a search thinks of a position, from the side to move's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// The side to move wins by force within this many plies (moves of
    /// either side, passes included).
    Win(u32),
    /// The side to move loses within this many plies against best play.
    Loss(u32),
    /// The evaluation's estimate, in hundredths of a settled piece.
    Value(i32),
}

impl Score {
    /// The score of a search value.
    pub fn from_value(value: i32) -> Score {
        if value >= PROVEN {
            Score::Win((WIN - value) as u32)
        } else if value <= -PROVEN {
            Score::Loss((WIN + value) as u32)
        } else {
            Score::Value(value)
        }
    }

    /// Whether the score is a proven win or loss.
    pub fn is_proven(self) -> bool {
        !matches!(self, Score::Value(_))
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Win(n) => write!(f, "win in {n}"),
            Score::Loss(n) => write!(f, "loss in {n}"),
            Score::Value(v) => write!(f, "{:+.2}", v as f64 / 100.0),
        }
    }
}

/// A search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The move to play.
    pub best: Move,
    /// Its score for the side to move.
    pub score: Score,
    /// The deepest iteration completed, in plies (0 when the move was forced
    /// or known without a search).
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// The expected line, starting with `best`.
    pub pv: Vec<Move>,
    /// Time spent.
    pub time: Duration,
}

/// The shape of a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    /// The evaluation.
    pub weights: Weights,
    /// The deepest iteration, in plies.
    pub max_depth: u32,
    /// The transposition table holds `2^table_bits` entries of 16 bytes.
    pub table_bits: u32,
    /// With a time limit, no new iteration starts after this share of it.
    pub soft_time: f32,
    /// Killer moves and the history heuristic order the moves after the
    /// table's move (off: the moves in generation order after it; kept
    /// for measuring what ordering is worth).
    pub ordering: bool,
    /// Each evaluation is off by up to this much, the same for a position
    /// throughout a game (drawn from the engine's seed): a player's
    /// imprecise judgement. 0 for an exact evaluation.
    pub noise: i32,
}

impl Default for SearchConfig {
    fn default() -> SearchConfig {
        SearchConfig {
            weights: Weights::default(),
            max_depth: MAX_DEPTH,
            table_bits: 20,
            soft_time: 0.45,
            ordering: true,
            noise: 0,
        }
    }
}

/// Nodes between two looks at the clock and the flag.
const CHECK_EVERY: u64 = 1024;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    value: i16,
    depth: i8,
    bound: Bound,
    mv: u16,
}

const NO_MOVE: u16 = u16::MAX;
const PASS: u16 = u16::MAX - 1;

fn pack(mv: Move) -> u16 {
    match mv {
        Move::Slide { from, to } => (from.index() * 32 + to.index()) as u16,
        Move::Pass => PASS,
    }
}

fn unpack(code: u16) -> Option<Move> {
    match code {
        NO_MOVE => None,
        PASS => Some(Move::Pass),
        _ => Some(Move::slide(
            Square::from_index(code as usize / 32)?,
            Square::from_index(code as usize % 32)?,
        )),
    }
}

/// A value as stored in the table: wins counted from the node, not the root.
fn to_table(value: i32, ply: i32) -> i16 {
    let v = if value >= PROVEN {
        value + ply
    } else if value <= -PROVEN {
        value - ply
    } else {
        value
    };
    v as i16
}

fn from_table(value: i16, ply: i32) -> i32 {
    let v = value as i32;
    if v >= PROVEN {
        v - ply
    } else if v <= -PROVEN {
        v + ply
    } else {
        v
    }
}

/// The search engine: its table, its move-ordering memory, its configuration.
/// Keep one per player for a game: what it learnt on one move helps the next.
pub struct Engine {
    config: SearchConfig,
    table: Vec<Entry>,
    history: Box<[[i32; 32]; 32]>,
    killers: Vec<[u16; 2]>,
    /// Keys of the game's earlier positions and of the search path.
    path: Vec<u64>,
    /// Moves played in the game before the root.
    game_ply: i32,
    ctl: Control,
    seed: u64,
}

impl Engine {
    /// An engine searching as `config` says.
    pub fn new(config: SearchConfig) -> Engine {
        Engine::with_seed(config, 0)
    }

    /// An engine searching as `config` says, its evaluation noise drawn from `seed`.
    pub fn with_seed(config: SearchConfig, seed: u64) -> Engine {
        let empty = Entry {
            key: u64::MAX,
            value: 0,
            depth: -1,
            bound: Bound::Upper,
            mv: NO_MOVE,
        };
        Engine {
            config,
            table: vec![empty; 1 << config.table_bits],
            history: Box::new([[0; 32]; 32]),
            killers: vec![[NO_MOVE; 2]; MAX_DEPTH as usize + 8],
            path: Vec::with_capacity(MOVE_LIMIT + MAX_DEPTH as usize + 8),
            game_ply: 0,
            ctl: Control::new(&Limits::none(), CHECK_EVERY),
            seed,
        }
    }

    /// The static value of `position` for the side to move, noise included.
    #[inline]
    fn value(&self, position: &Position, key: u64) -> i32 {
        let value = evaluate(position, &self.config.weights);
        if self.config.noise == 0 {
            return value;
        }
        let mut z = (key ^ self.seed).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        let span = 2 * self.config.noise as u64 + 1;
        value + (z % span) as i32 - self.config.noise
    }

    /// The same engine (its table kept) searching at most `depth` plies.
    pub fn with_max_depth(mut self, depth: u32) -> Engine {
        self.config.max_depth = depth.min(MAX_DEPTH);
        self
    }

    /// The configuration.
    pub fn config(&self) -> &SearchConfig {
        &self.config
    }

    /// Searches the game's position, knowing its history (for repetitions
    /// and the move limit), within `limits`. The game must not be over.
    pub fn analyse(&mut self, game: &Game, limits: &Limits) -> Analysis {
        self.analyse_among(game, limits, None)
    }

    /// As [`Engine::analyse`], choosing only among `moves` (all legal, at
    /// least one) when given.
    pub fn analyse_among(&mut self, game: &Game, limits: &Limits, moves: Option<&[Move]>) -> Analysis {
        self.path.clear();
        let history = &game.positions()[..game.positions().len() - 1];
        self.path.extend(history.iter().map(key));
        self.game_ply = game.moves().len() as i32;
        self.run(
            game.position(),
            game.moves().last().is_some_and(|m| m.is_pass()),
            limits,
            moves,
        )
    }

    /// Searches `position` as the start of a game (no history).
    pub fn analyse_position(&mut self, position: &Position, limits: &Limits) -> Analysis {
        self.path.clear();
        self.game_ply = 0;
        self.run(position, false, limits, None)
    }

    fn run(&mut self, root: &Position, passed: bool, limits: &Limits, among: Option<&[Move]>) -> Analysis {
        self.ctl = Control::new(limits, CHECK_EVERY);
        for row in self.history.iter_mut() {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
        let mut moves = root.legal_moves();
        if let Some(among) = among.filter(|a| !a.is_empty()) {
            moves.retain(|m| among.contains(m));
            if moves.is_empty() {
                moves = root.legal_moves();
            }
        }
        let quick = |best: Move, score: Score, ctl: &Control| Analysis {
            best,
            score,
            depth: 0,
            nodes: ctl.nodes(),
            pv: vec![best],
            time: ctl.elapsed(),
        };
        if let Some(mv) = winning_move(root) {
            return quick(mv, Score::Win(1), &self.ctl);
        }
        if moves.len() == 1 && moves[0].is_pass() && passed {
            // The second pass in a row: the game ends drawn.
            return quick(Move::Pass, Score::Value(0), &self.ctl);
        }
        if moves.len() == 1 {
            // A forced move: a short search only for its score.
            let nodes = limits.nodes.unwrap_or(FORCED_NODES).min(FORCED_NODES);
            self.ctl = Control::new(
                &Limits {
                    nodes: Some(nodes),
                    ..limits.clone()
                },
                CHECK_EVERY,
            );
        }
        // A win the other side, unable to move, can do nothing against; the
        // search then only looks for a shorter one.
        let frozen = win_against_frozen(root, 40_000)
            .filter(|line| self.game_ply as usize + 2 * line.len() <= MOVE_LIMIT)
            .map(|line| (2 * line.len() as u32 - 1, line));
        let max_depth = match &frozen {
            Some((plies, _)) => self.config.max_depth.min(plies.saturating_sub(3)),
            None => self.config.max_depth,
        };
        let root_key = key(root);
        // Before any iteration: the moves by their static values (a move that
        // loses at once last), and the best of them as the fallback answer.
        let mut order: Vec<(Move, i32)> = moves
            .iter()
            .map(|&m| {
                let child = root.play_unchecked(m);
                let value = match child.winner() {
                    Some(_) => 1 - WIN,
                    None => -self.value(&child, key(&child)),
                };
                (m, value)
            })
            .collect();
        order.sort_by_key(|&(_, v)| -v);
        let mut best = order[0];
        let mut depth_done = 0;
        let mut depth = 1;
        while depth <= max_depth && (depth == 1 || self.ctl.may_deepen(self.config.soft_time)) {
            let (mut alpha, beta) = (-WIN, WIN);
            let mut iteration_best: Option<(Move, i32)> = None;
            self.path.push(root_key);
            for (i, entry) in order.iter_mut().enumerate() {
                let child = root.play_unchecked(entry.0);
                let child_key = key(&child);
                let value = if i == 0 {
                    -self.search(&child, child_key, depth as i32 - 1, -beta, -alpha, 1, entry.0.is_pass())
                } else {
                    let v = -self.search(
                        &child,
                        child_key,
                        depth as i32 - 1,
                        -alpha - 1,
                        -alpha,
                        1,
                        entry.0.is_pass(),
                    );
                    if v > alpha && !self.ctl.aborted() {
                        -self.search(&child, child_key, depth as i32 - 1, -beta, -alpha, 1, entry.0.is_pass())
                    } else {
                        v
                    }
                };
                if self.ctl.aborted() {
                    break;
                }
                entry.1 = value;
                if value > alpha {
                    alpha = value;
                    iteration_best = Some((entry.0, value));
                } else {
                    // Below alpha: only an upper bound; keep it below the best.
                    entry.1 = value.min(alpha - 1);
                }
            }
            self.path.pop();
            if let Some((mv, value)) = iteration_best
                && (!self.ctl.aborted() || value > best.1 || mv == best.0)
            {
                best = (mv, value);
            }
            if self.ctl.aborted() {
                break;
            }
            depth_done = depth;
            self.store(root_key, depth as i32, best.1, Bound::Exact, best.0, 0);
            // Best first next time, the others by their values.
            order.sort_by_key(|&(m, v)| (m != best.0, -v));
            if best.1.abs() >= PROVEN {
                break;
            }
            depth += 1;
        }
        if let Some((plies, line)) = frozen
            && !matches!(Score::from_value(best.1), Score::Win(n) if n < plies)
        {
            let mut analysis = quick(line[0], Score::Win(plies), &self.ctl);
            analysis.depth = depth_done;
            analysis.pv = line
                .iter()
                .flat_map(|&m| [m, Move::Pass])
                .take(plies as usize)
                .collect();
            return analysis;
        }
        Analysis {
            best: best.0,
            score: Score::from_value(best.1),
            depth: depth_done,
            nodes: self.ctl.nodes(),
            pv: self.principal_variation(root, best.0),
            time: self.ctl.elapsed(),
        }
    }

    fn principal_variation(&self, root: &Position, first: Move) -> Vec<Move> {
        let mut pv = vec![first];
        let mut position = root.play_unchecked(first);
        let mut seen = vec![key(root)];
        while pv.len() < 24 && position.winner().is_none() {
            let k = key(&position);
            if seen.contains(&k) {
                break;
            }
            seen.push(k);
            let entry = &self.table[self.slot(k)];
            let Some(mv) = (entry.key == k).then(|| unpack(entry.mv)).flatten() else {
                match winning_move(&position) {
                    Some(mv) => pv.push(mv),
                    None => break,
                }
                break;
            };
            if position.check_move(mv).is_err() {
                break;
            }
            pv.push(mv);
            position = position.play_unchecked(mv);
        }
        pv
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.config.table_bits)) as usize
    }

    fn store(&mut self, key: u64, depth: i32, value: i32, bound: Bound, mv: Move, ply: i32) {
        let slot = self.slot(key);
        let entry = &mut self.table[slot];
        if entry.key != key || depth >= entry.depth as i32 || bound == Bound::Exact {
            *entry = Entry {
                key,
                value: to_table(value, ply),
                depth: depth.clamp(-1, 127) as i8,
                bound,
                mv: pack(mv),
            };
        }
    }

    #[inline]
    fn repeated(&self, key: u64) -> bool {
        // The last entry is the parent (the other side to move): skip it.
        self.path.iter().rev().skip(1).step_by(2).any(|&k| k == key)
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        position: &Position,
        key: u64,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: i32,
        passed: bool,
    ) -> i32 {
        if self.ctl.tick(1) {
            return 0;
        }
        if let Some(win) = position.winner() {
            return if win.winner == position.to_move() {
                WIN - ply
            } else {
                ply - WIN
            };
        }
        if self.game_ply + ply >= MOVE_LIMIT as i32 || self.repeated(key) {
            return 0;
        }
        if winning_move(position).is_some() {
            return WIN - ply - 1;
        }
        // With no winning move now, the best is a win on the move after the
        // next; the worst, a loss by this very move.
        alpha = alpha.max(ply + 1 - WIN);
        beta = beta.min(WIN - ply - 3);
        if alpha >= beta {
            return alpha;
        }
        if depth <= 0 {
            return self.value(position, key);
        }

        let slot = self.slot(key);
        let entry = self.table[slot];
        let mut table_move = NO_MOVE;
        if entry.key == key {
            table_move = entry.mv;
            if entry.depth as i32 >= depth {
                let v = from_table(entry.value, ply);
                match entry.bound {
                    Bound::Exact => return v,
                    Bound::Lower if v >= beta => return v,
                    Bound::Upper if v <= alpha => return v,
                    _ => {}
                }
            }
        }

        let moves = position.legal_moves();
        self.path.push(key);
        if moves[0].is_pass() {
            let value = if passed {
                0
            } else {
                let child = position.play_unchecked(Move::Pass);
                -self.search(&child, self::key(&child), depth - 1, -beta, -alpha, ply + 1, true)
            };
            self.path.pop();
            return value;
        }

        let mut scored = self.order(&moves, table_move, ply);
        let alpha_in = alpha;
        let mut best = (scored[0].0, -WIN);
        for i in 0..scored.len() {
            // Selection sort: the best remaining move first (cutoffs come early).
            let j = (i..scored.len()).max_by_key(|&j| scored[j].1).unwrap_or(i);
            scored.swap(i, j);
            let mv = scored[i].0;
            let child = position.play_unchecked(mv);
            let child_key = self::key(&child);
            let value = if i == 0 {
                -self.search(&child, child_key, depth - 1, -beta, -alpha, ply + 1, false)
            } else {
                let v = -self.search(&child, child_key, depth - 1, -alpha - 1, -alpha, ply + 1, false);
                if v > alpha && v < beta && !self.ctl.aborted() {
                    -self.search(&child, child_key, depth - 1, -beta, -alpha, ply + 1, false)
                } else {
                    v
                }
            };
            if self.ctl.aborted() {
                self.path.pop();
                return 0;
            }
            if value > best.1 {
                best = (mv, value);
            }
            if value > alpha {
                alpha = value;
            }
            if alpha >= beta {
                if let Move::Slide { from, to } = mv {
                    self.history[from.index()][to.index()] += depth * depth;
                    let killers = &mut self.killers[ply as usize];
                    let code = pack(mv);
                    if killers[0] != code {
                        killers[1] = killers[0];
                        killers[0] = code;
                    }
                }
                break;
            }
        }
        self.path.pop();
        let bound = if best.1 >= beta {
            Bound::Lower
        } else if best.1 > alpha_in {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(key, depth, best.1, bound, best.0, ply);
        best.1
    }

    fn order(&self, moves: &MoveList, table_move: u16, ply: i32) -> arrayvec::ArrayVec<(Move, i32), 88> {
        let killers = self.killers[ply as usize];
        moves
            .iter()
            .map(|&mv| {
                let code = pack(mv);
                let score = if code == table_move {
                    1 << 30
                } else if !self.config.ordering {
                    0
                } else if code == killers[0] {
                    1 << 28
                } else if code == killers[1] {
                    1 << 27
                } else {
                    match mv {
                        Move::Slide { from, to } => self.history[from.index()][to.index()].min(1 << 26),
                        Move::Pass => 0,
                    }
                };
                (mv, score)
            })
            .collect()
    }
}
