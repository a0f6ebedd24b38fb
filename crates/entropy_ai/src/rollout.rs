//! Playouts to the end of the round with fast policies, for the Monte Carlo
//! stage of the search.
//!
//! By default both sides are greedy: Chaos puts each counter where it scores
//! least at once, Order makes the slide that scores most at once (passing
//! when none gains). The side whose move is being chosen may play a better
//! policy ([`Policy`]): Chaos can look, among the cells that score least,
//! for the one where Order's best slide then gains least; Order can value
//! slides by an evaluator. Random choices (draws, ties) come from the
//! caller's generator, so a playout is reproducible from its seed.

use entropy_rules::{Board, Cell, CellSet, Colour, OrderMove, Phase, Position, line_score_table};
use rand::Rng;

use crate::eval::{Bag, Evaluator};

const BITS: u32 = 3;

/// How the two sides play in a playout.
pub(crate) struct Policy<'a> {
    /// Order values slides by this evaluator (`None`: by the score now).
    pub(crate) order_eval: Option<&'a mut Evaluator>,
    /// Chaos looks at up to this many of the cells that score least now and
    /// takes the one where Order's best slide then gains least, counting
    /// also `chaos_spread` of what the other counters' best slides would
    /// gain (0: the first such cell at random).
    pub(crate) chaos_look: u32,
    /// See `chaos_look`.
    pub(crate) chaos_spread: f32,
    /// A greedy Order (no `order_eval`) breaks ties at random and, when no
    /// slide gains, makes one of the slides that change nothing or passes,
    /// at random, as an Order that slides when nothing scores does (false:
    /// it takes the first best slide and passes when none gains).
    pub(crate) order_shuffles: bool,
}

impl Policy<'_> {
    /// Both sides greedy.
    #[cfg(test)]
    pub(crate) fn greedy() -> Policy<'static> {
        Policy {
            order_eval: None,
            chaos_look: 0,
            chaos_spread: 0.0,
            order_shuffles: false,
        }
    }
}

/// What Chaos concedes at once by putting the drawn counter on `cell`: what
/// the placement scores plus what Order's best slide then gains (`None` if
/// the placement is not legal), and the number of slides judged.
pub(crate) fn concession(position: &Position, cell: Cell) -> Option<(i32, u64)> {
    let mut after = *position;
    after.place(cell).ok()?;
    let placed = after.score() as i32 - position.score() as i32;
    if after.is_finished() {
        return Some((placed, 1));
    }
    let (reply, _, judged) = replies(after.board(), line_score_table());
    Some((placed + reply, judged))
}

/// Plays `position` to the end; returns the final score and the number of
/// moves judged (the playout's cost, in search nodes).
pub(crate) fn playout<R: Rng>(mut position: Position, rng: &mut R, policy: &mut Policy) -> (u32, u64) {
    let table = line_score_table();
    let mut cost = 0u64;
    loop {
        match position.phase() {
            Phase::ChaosDraw => {
                let Some(colour) = position.counts().sample(rng) else {
                    break;
                };
                if position.draw(colour).is_err() {
                    break;
                }
            }
            Phase::ChaosPlace(colour) => {
                let board = position.board();
                let v = colour.index() as u32 + 1;
                // The cells that score least now, and one of them at random.
                let mut least = [Cell::TOP_LEFT; 49];
                let mut ties = 0usize;
                let mut best_gain = u32::MAX;
                let mut best: Option<Cell> = None;
                for cell in board.vacant() {
                    let gain = place_gain(board, table, cell, v);
                    cost += 1;
                    if gain < best_gain {
                        best_gain = gain;
                        best = Some(cell);
                        least[0] = cell;
                        ties = 1;
                    } else if gain == best_gain {
                        least[ties] = cell;
                        ties += 1;
                        if rng.random_range(0..ties) == 0 {
                            best = Some(cell);
                        }
                    }
                }
                if policy.chaos_look > 0 && ties > 1 && position.counts().total() > 0 {
                    let look = (policy.chaos_look as usize).min(ties);
                    let mut best_reply = f32::MAX;
                    for i in 0..look {
                        let j = rng.random_range(i..ties);
                        least.swap(i, j);
                        let mut after = position;
                        if after.place(least[i]).is_err() {
                            continue;
                        }
                        let (reply, spread, judged) = replies(after.board(), table);
                        cost += judged;
                        let value = reply as f32 + policy.chaos_spread * spread as f32;
                        if value < best_reply {
                            best_reply = value;
                            best = Some(least[i]);
                            if value == 0.0 {
                                break;
                            }
                        }
                    }
                }
                let Some(cell) = best else { break };
                if position.place(cell).is_err() {
                    break;
                }
            }
            Phase::OrderMove => {
                let board = *position.board();
                let mut best = OrderMove::Pass;
                match policy.order_eval.as_deref_mut() {
                    None => {
                        // A shuffling Order picks uniformly among the best moves,
                        // the pass counting when none gains.
                        let (mut best_gain, mut ties) = (0i32, 1u32);
                        board.for_each_slide(|from, to| {
                            cost += 1;
                            let gain = slide_gain(&board, table, from, to);
                            if gain > best_gain {
                                best_gain = gain;
                                best = OrderMove::slide(from, to);
                                ties = 1;
                            } else if policy.order_shuffles && gain == best_gain {
                                ties += 1;
                                if rng.random_range(0..ties) == 0 {
                                    best = OrderMove::slide(from, to);
                                }
                            }
                        });
                    }
                    Some(eval) => {
                        let bag = Bag::new(position.counts());
                        let lines = eval.lines(&board, &bag);
                        // Slides must gain a little to be worth making.
                        let mut best_value = lines.total + 0.01;
                        board.for_each_slide(|from, to| {
                            cost += 1;
                            let value = eval.after_slide(&board, &lines, from, to, &bag);
                            if value > best_value {
                                best_value = value;
                                best = OrderMove::slide(from, to);
                            }
                        });
                    }
                }
                if position.order(best).is_err() {
                    break;
                }
            }
            Phase::Finished => break,
        }
    }
    (position.score(), cost)
}

/// Order's best slide on `board`: what it gains, the sum of what the other
/// counters' best slides gain (threats left for later turns), and the
/// number of slides judged.
pub(crate) fn replies(board: &Board, table: &[u8]) -> (i32, i32, u64) {
    let mut per_counter = [0i32; 49];
    let mut judged = 0;
    board.for_each_slide(|from, to| {
        judged += 1;
        let gain = slide_gain(board, table, from, to);
        let slot = &mut per_counter[from.index()];
        *slot = (*slot).max(gain);
    });
    let best = per_counter.iter().copied().max().unwrap_or(0);
    let total: i32 = per_counter.iter().sum();
    (best, total - best, judged)
}

/// What putting a counter of colour code `v` (colour index + 1) on the
/// empty `cell` scores at once.
#[inline]
fn place_gain(board: &Board, table: &[u8], cell: Cell, v: u32) -> u32 {
    let (r, c) = (cell.row(), cell.col());
    let (row, col) = (board.row_code(r), board.col_code(c));
    table[(row | v << (BITS * c as u32)) as usize] as u32 + table[(col | v << (BITS * r as u32)) as usize] as u32
        - table[row as usize] as u32
        - table[col as usize] as u32
}

/// The empty cells where a counter of `colour` scores least at once (the
/// cells a greedy Chaos picks among).
pub(crate) fn least_scoring(board: &Board, colour: Colour) -> CellSet {
    let table = line_score_table();
    let v = colour.index() as u32 + 1;
    let (mut least, mut best) = (CellSet::EMPTY, u32::MAX);
    for cell in board.vacant() {
        let gain = place_gain(board, table, cell, v);
        if gain < best {
            best = gain;
            least = CellSet::EMPTY;
        }
        if gain == best {
            least.insert(cell);
        }
    }
    least
}

/// What the slide from `from` to `to` changes in the score.
#[inline]
fn slide_gain(board: &Board, table: &[u8], from: Cell, to: Cell) -> i32 {
    let v = board.get(from).map_or(0, |c| c.index() as u32 + 1);
    let score = |code: u32| table[code as usize] as i32;
    if from.row() == to.row() {
        let r = from.row();
        let (fc, tc) = (from.col(), to.col());
        let row = board.row_code(r);
        let new_row = (row & !(7 << (BITS * fc as u32))) | v << (BITS * tc as u32);
        let (cf, ct) = (board.col_code(fc), board.col_code(tc));
        score(new_row) - score(row) + score(cf & !(7 << (BITS * r as u32))) - score(cf)
            + score(ct | v << (BITS * r as u32))
            - score(ct)
    } else {
        let c = from.col();
        let (fr, tr) = (from.row(), to.row());
        let col = board.col_code(c);
        let new_col = (col & !(7 << (BITS * fr as u32))) | v << (BITS * tr as u32);
        let (rf, rt) = (board.row_code(fr), board.row_code(tr));
        score(new_col) - score(col) + score(rf & !(7 << (BITS * c as u32))) - score(rf)
            + score(rt | v << (BITS * c as u32))
            - score(rt)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use entropy_rules::Size;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn slide_gain_is_the_change_in_score() {
        let mut rng = SmallRng::seed_from_u64(5);
        let table = line_score_table();
        for size in [Size::Five, Size::Seven] {
            for _ in 0..200 {
                let mut position = Position::new(size);
                // Play some random moves, then check every slide of the board.
                let stop = rng.random_range(1..size.cells());
                while position.board().counters() < stop {
                    match position.phase() {
                        Phase::ChaosDraw => position.draw(position.counts().sample(&mut rng).unwrap()).unwrap(),
                        Phase::ChaosPlace(_) => {
                            let cells = position.placements();
                            let cell = cells.nth(rng.random_range(0..cells.len())).unwrap();
                            position.place(cell).unwrap();
                        }
                        Phase::OrderMove => position.order(OrderMove::Pass).unwrap(),
                        Phase::Finished => break,
                    }
                }
                let board = *position.board();
                let (mut best, mut count) = (0, 0);
                board.for_each_slide(|from, to| {
                    let mut after = position;
                    if after.phase() != Phase::OrderMove {
                        return;
                    }
                    after.order(OrderMove::slide(from, to)).unwrap();
                    let gain = after.score() as i32 - position.score() as i32;
                    assert_eq!(slide_gain(&board, table, from, to), gain, "{from}{to} on\n{board}");
                    best = best.max(gain);
                    count += 1;
                });
                if position.phase() == Phase::OrderMove {
                    let (reply, _, judged) = replies(&board, table);
                    assert_eq!((reply, judged), (best, count));
                }
            }
        }
    }

    #[test]
    fn a_looking_chaos_concedes_less_than_a_greedy_one() {
        // Same bags (same seeds) for both: only Chaos's policy differs.
        for size in [Size::Five, Size::Seven] {
            let mean = |policy: &mut Policy| {
                let total: u32 = (0..100)
                    .map(|seed| playout(Position::new(size), &mut SmallRng::seed_from_u64(seed), policy).0)
                    .sum();
                total as f64 / 100.0
            };
            let greedy = mean(&mut Policy::greedy());
            let looking = mean(&mut Policy {
                chaos_look: 49,
                chaos_spread: 0.2,
                ..Policy::greedy()
            });
            assert!(looking < greedy * 0.9, "{size}: looking {looking}, greedy {greedy}");
        }
    }

    #[test]
    fn a_shuffling_order_plays_other_rounds_than_a_passing_one_reproducibly() {
        // Same seeds: only what greedy Order does when nothing scores differs.
        let scores = |shuffles: bool| -> Vec<u32> {
            (0..20)
                .map(|seed| {
                    let mut policy = Policy {
                        order_shuffles: shuffles,
                        ..Policy::greedy()
                    };
                    playout(
                        Position::new(Size::Seven),
                        &mut SmallRng::seed_from_u64(seed),
                        &mut policy,
                    )
                    .0
                })
                .collect()
        };
        let (passing, shuffling) = (scores(false), scores(true));
        assert_eq!(shuffling, scores(true), "a playout is reproducible from its seed");
        assert_ne!(passing, shuffling);
    }
}
