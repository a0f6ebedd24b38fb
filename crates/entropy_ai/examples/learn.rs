//! Experiment: per-line value tables learned from self-play.
//!
//! V(afterstate) = sum over lines of T[k][class(line)], k = counters on the
//! board, class = the line's colour pattern up to renaming colours and
//! reversal. T[k][class] is the mean final score of lines of that class at
//! that stage, over rounds played with the previous tables.

use std::collections::HashMap;
use std::env;

use entropy_ai::{Greedy, Limits, Player};
use entropy_rules::{Action, Board, Cell, OrderMove, Phase, Position, Round, Size, line_score_table};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

const BITS: u32 = 3;
thread_local!(static LAMBDA: std::cell::RefCell<f32> = const { std::cell::RefCell::new(0.0) });
static GREEDY2: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

struct Classes {
    n: usize,
    ids: Vec<u32>,
    count: usize,
}

fn canonical(digits: &[u32]) -> u32 {
    let mut map = [0u32; 8];
    let mut next = 1;
    let mut code = 0;
    for (i, &d) in digits.iter().enumerate() {
        let v = if d == 0 {
            0
        } else {
            if map[d as usize] == 0 {
                map[d as usize] = next;
                next += 1;
            }
            map[d as usize]
        };
        code |= v << (BITS * i as u32);
    }
    code
}

impl Classes {
    fn new(n: usize) -> Classes {
        let total = 1usize << (BITS as usize * n);
        let mut ids = vec![0u32; total];
        let mut index: HashMap<u32, u32> = HashMap::new();
        let mut digits = vec![0u32; n];
        let mut rev = vec![0u32; n];
        for code in 0..total {
            for i in 0..n {
                digits[i] = ((code >> (BITS as usize * i)) & 7) as u32;
                rev[n - 1 - i] = digits[i];
            }
            let key = canonical(&digits).min(canonical(&rev));
            let len = index.len() as u32;
            ids[code] = *index.entry(key).or_insert(len);
        }
        Classes {
            n,
            count: index.len(),
            ids,
        }
    }
}

struct Tables {
    classes: Classes,
    cells: usize,
    values: Vec<f32>,
    sums: Vec<f64>,
    counts: Vec<u32>,
}

impl Tables {
    fn new(n: usize) -> Tables {
        let classes = Classes::new(n);
        let cells = n * n;
        let len = (cells + 1) * classes.count;
        // Prior: the line's score now.
        let table = line_score_table();
        let mut values = vec![0.0; len];
        let mut rep = vec![u32::MAX; classes.count];
        for code in 0..classes.ids.len() {
            let id = classes.ids[code] as usize;
            if rep[id] == u32::MAX {
                rep[id] = code as u32;
            }
        }
        for k in 0..=cells {
            for id in 0..classes.count {
                values[k * classes.count + id] = table[rep[id] as usize] as f32;
            }
        }
        Tables {
            classes,
            cells,
            values,
            sums: vec![0.0; len],
            counts: vec![0; len],
        }
    }

    #[inline]
    fn v(&self, k: usize, code: u32) -> f32 {
        self.values[k * self.classes.count + self.classes.ids[code as usize] as usize]
    }

    fn value(&self, board: &Board) -> f32 {
        let k = board.counters();
        let n = self.classes.n;
        let mut sum = 0.0;
        for i in 0..n {
            sum += self.v(k, board.row_code(i)) + self.v(k, board.col_code(i));
        }
        sum
    }

    /// Order's best move by the tables and the value after it.
    fn best_order(&self, board: &Board) -> (OrderMove, f32) {
        let n = self.classes.n;
        let k = board.counters();
        let base = self.value(board);
        let mut best = (OrderMove::Pass, base);
        board.for_each_slide(|from, to| {
            let v = board.get(from).map_or(0, |c| c.index() as u32 + 1);
            let value = if from.row() == to.row() {
                let r = from.row();
                let (fc, tc) = (from.col() as u32, to.col() as u32);
                let row = board.row_code(r);
                let new_row = (row & !(7 << (BITS * fc))) | v << (BITS * tc);
                let cf = board.col_code(fc as usize);
                let ct = board.col_code(tc as usize);
                base - self.v(k, row) - self.v(k, cf) - self.v(k, ct)
                    + self.v(k, new_row)
                    + self.v(k, cf & !(7 << (BITS * r as u32)))
                    + self.v(k, ct | v << (BITS * r as u32))
            } else {
                let c = from.col();
                let (fr, tr) = (from.row() as u32, to.row() as u32);
                let col = board.col_code(c);
                let new_col = (col & !(7 << (BITS * fr))) | v << (BITS * tr);
                let rf = board.row_code(fr as usize);
                let rt = board.row_code(tr as usize);
                base - self.v(k, col) - self.v(k, rf) - self.v(k, rt)
                    + self.v(k, new_col)
                    + self.v(k, rf & !(7 << (BITS * c as u32)))
                    + self.v(k, rt | v << (BITS * c as u32))
            };
            if value > best.1 + 1e-4 {
                best = (OrderMove::slide(from, to), value);
            }
        });
        let _ = n;
        best
    }

    /// Chaos's best cell: the least of Order's best reply.
    fn best_place(&self, position: &Position, rng: &mut SmallRng, two_ply: bool) -> Cell {
        let mut best = (None, f32::MAX);
        let mut ties = 0;
        for cell in position.placements() {
            let mut after = *position;
            after.place(cell).unwrap();
            let value = if after.is_finished() {
                after.score() as f32
            } else if GREEDY2.load(std::sync::atomic::Ordering::Relaxed) {
                let b = after.board();
                let base = b.score();
                let mut best = base;
                let mut per_from = [0u32; 49];
                b.for_each_slide(|from, to| {
                    let mut x = after;
                    x.order(OrderMove::slide(from, to)).unwrap();
                    best = best.max(x.score());
                    let g = x.score().saturating_sub(base);
                    per_from[from.index()] = per_from[from.index()].max(g);
                });
                let total: u32 = per_from.iter().sum();
                best as f32 + LAMBDA.with(|l| *l.borrow()) * (total - (best - base)) as f32
            } else if two_ply {
                self.best_order(after.board()).1
            } else {
                self.value(after.board())
            };
            if value < best.1 - 1e-4 {
                best = (Some(cell), value);
                ties = 1;
            } else if (value - best.1).abs() <= 1e-4 {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best.0 = Some(cell);
                }
            }
        }
        best.0.unwrap()
    }

    fn learn_from(&mut self, states: &[Board], last: &Board) {
        let table = line_score_table();
        let n = self.classes.n;
        let mut finals = [0f64; 14];
        for i in 0..n {
            finals[i] = table[last.row_code(i) as usize] as f64;
            finals[n + i] = table[last.col_code(i) as usize] as f64;
        }
        for board in states {
            let k = board.counters();
            for i in 0..n {
                for (line, code) in [(i, board.row_code(i)), (n + i, board.col_code(i))] {
                    let idx = k * self.classes.count + self.classes.ids[code as usize] as usize;
                    self.sums[idx] += finals[line];
                    self.counts[idx] += 1;
                }
            }
        }
    }

    fn update(&mut self, prior_weight: f64) {
        let mut seen = 0;
        for idx in 0..self.values.len() {
            let c = self.counts[idx] as f64;
            if c > 0.0 {
                seen += 1;
                self.values[idx] =
                    ((self.sums[idx] + prior_weight * self.values[idx] as f64) / (c + prior_weight)) as f32;
            }
        }
        eprintln!("  entries seen {seen} of {}", self.values.len());
        self.sums.iter_mut().for_each(|s| *s = 0.0);
        self.counts.iter_mut().for_each(|c| *c = 0);
        let _ = self.cells;
    }
}

/// Self-play round with both sides using the tables; returns the final score.
fn self_play(t: &mut Tables, size: Size, rng: &mut SmallRng, two_ply: bool, eps: f64) -> u32 {
    let mut position = Position::new(size);
    let mut states = Vec::with_capacity(50);
    loop {
        match position.phase() {
            Phase::ChaosDraw => {
                states.push(*position.board());
                let colour = position.counts().sample(rng).unwrap();
                position.draw(colour).unwrap();
            }
            Phase::ChaosPlace(_) => {
                let cell = if rng.random_bool(eps) {
                    let cells = position.placements();
                    cells.into_iter().nth(rng.random_range(0..cells.len())).unwrap()
                } else {
                    t.best_place(&position, rng, two_ply)
                };
                position.place(cell).unwrap();
            }
            Phase::OrderMove => {
                let mv = t.best_order(position.board()).0;
                position.order(mv).unwrap();
            }
            Phase::Finished => break,
        }
    }
    t.learn_from(&states, position.board());
    position.score()
}

struct TablePlayer<'a> {
    t: &'a Tables,
    rng: SmallRng,
    two_ply: bool,
}

impl Player for TablePlayer<'_> {
    fn name(&self) -> String {
        "tables".into()
    }
    fn place(&mut self, position: &Position, _: &Limits) -> Cell {
        self.t.best_place(position, &mut self.rng, self.two_ply)
    }
    fn order(&mut self, position: &Position, _: &Limits) -> OrderMove {
        self.t.best_order(position.board()).0
    }
}

fn play(size: Size, seed: u64, order: &mut dyn Player, chaos: &mut dyn Player) -> u32 {
    play_with(size, seed, order, chaos, &Limits::none())
}

fn play_with(size: Size, seed: u64, order: &mut dyn Player, chaos: &mut dyn Player, limits: &Limits) -> u32 {
    let mut round = Round::new(size, seed);
    let limits = limits.clone();
    loop {
        match round.phase() {
            Phase::ChaosDraw => {
                round.apply(Action::Draw).unwrap();
            }
            Phase::ChaosPlace(_) => {
                let cell = chaos.place(round.position(), &limits);
                round.apply(Action::Place(cell)).unwrap();
            }
            Phase::OrderMove => {
                let mv = order.order(round.position(), &limits);
                round.apply(mv.into()).unwrap();
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
    let num = |name: &str, d: f64| env::var(name).ok().map_or(d, |v| v.parse().unwrap());
    let n = num("N", 7.0) as usize;
    let size = Size::from_n(n).unwrap();
    let gens = num("GENS", 6.0) as usize;
    let games = num("GAMES", 20000.0) as usize;
    let evals = num("EVALS", 300.0) as usize;
    let two_ply = num("TWO", 1.0) != 0.0;
    let eps = num("EPS", 0.0);
    let prior = num("PRIOR", 2.0);
    if let Ok(depth) = env::var("ANALYTIC") {
        let depth: u32 = depth.parse().unwrap();
        let config = entropy_ai::SearchConfig {
            max_depth: depth,
            ..entropy_ai::SearchConfig::default()
        };
        let (mut o, mut c) = (Vec::new(), Vec::new());
        let limits = Limits::nodes(num("NODES", 1e9) as u64);
        for i in 0..evals as u64 {
            let mut me = entropy_ai::SearchPlayer::new("a", config, std::time::Duration::from_secs(1));
            o.push(play_with(size, 1000 + i, &mut me, &mut Greedy::new(i), &limits) as f64);
            c.push(play_with(size, 1000 + i, &mut Greedy::new(i), &mut me, &limits) as f64);
        }
        let (om, oc) = mean_ci(&o);
        let (cm, cc) = mean_ci(&c);
        println!("analytic depth {depth}: as Order vs greedy {om:.1} ± {oc:.1}; conceded as Chaos {cm:.1} ± {cc:.1}");
        return;
    }
    if num("GREEDY2", 0.0) != 0.0 {
        GREEDY2.store(true, std::sync::atomic::Ordering::Relaxed);
        LAMBDA.with(|l| *l.borrow_mut() = num("LAMBDA", 0.0) as f32);
    }
    let mut t = Tables::new(n);
    eprintln!("classes {}", t.classes.count);
    let mut rng = SmallRng::seed_from_u64(1);
    for g in 0..=gens {
        // Measure against greedy.
        let (mut o, mut c) = (Vec::new(), Vec::new());
        for i in 0..evals as u64 {
            let mut me = TablePlayer {
                t: &t,
                rng: SmallRng::seed_from_u64(i),
                two_ply,
            };
            o.push(play(size, 1000 + i, &mut me, &mut Greedy::new(i)) as f64);
            c.push(play(size, 1000 + i, &mut Greedy::new(i), &mut me) as f64);
        }
        let (om, oc) = mean_ci(&o);
        let (cm, cc) = mean_ci(&c);
        println!("gen {g}: as Order vs greedy {om:.1} ± {oc:.1}; conceded as Chaos {cm:.1} ± {cc:.1}");
        if g == gens {
            break;
        }
        let mut self_scores = 0.0;
        for _ in 0..games {
            self_scores += self_play(&mut t, size, &mut rng, two_ply, eps) as f64;
        }
        println!("  self-play mean {:.1}", self_scores / games as f64);
        t.update(prior);
    }
}
