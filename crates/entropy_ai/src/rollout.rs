//! Playouts to the end of the round with fast policies, for the Monte Carlo
//! stage of the search.
//!
//! By default both sides are greedy: Chaos puts each counter where it scores
//! least at once, Order makes the slide that scores most at once (passing
//! when none gains). A [`Policy`] says otherwise: Chaos can look, among the
//! cells that score least, for the one where Order's best slide then gains
//! least (Chaos's own playouts); Order can value slides by the evaluation
//! (an Order that plans, in Chaos's playouts) or, when nothing scores, slide
//! at random rather than pass. Random choices (draws, ties) come from the
//! caller's generator, so a playout is reproducible from its seed.

use entropy_rules::{Board, Cell, CellSet, Colour, OrderMove, Phase, Position, line_score_table};
use rand::Rng;

use crate::eval::{Bag, Evaluator, place_gain, slide_gain};

/// How the two sides play in a playout.
pub(crate) struct Policy<'a> {
    /// Order values slides by this evaluator (`None`: by the score now).
    pub(crate) order_eval: Option<&'a mut Evaluator>,
    /// Chaos looks at up to this many of the cells that score least now and
    /// takes the one where Order's best slide then gains least (0: the
    /// first such cell at random).
    pub(crate) chaos_look: u32,
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
    let (reply, judged) = best_reply(after.board(), line_score_table());
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
                // The cells that score least now, and one of them at random.
                let mut least = [Cell::TOP_LEFT; 49];
                let mut ties = 0usize;
                let mut best_gain = u32::MAX;
                let mut best: Option<Cell> = None;
                for cell in board.vacant() {
                    let gain = place_gain(board, table, cell, colour);
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
                    let mut least_reply = i32::MAX;
                    for i in 0..look {
                        let j = rng.random_range(i..ties);
                        least.swap(i, j);
                        let mut after = position;
                        if after.place(least[i]).is_err() {
                            continue;
                        }
                        let (reply, judged) = best_reply(after.board(), table);
                        cost += judged;
                        if reply < least_reply {
                            least_reply = reply;
                            best = Some(least[i]);
                            if reply == 0 {
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

/// What Order's best slide on `board` gains (0 if none gains), and the
/// number of slides judged.
pub(crate) fn best_reply(board: &Board, table: &[u8]) -> (i32, u64) {
    let mut best = 0;
    let mut judged = 0;
    board.for_each_slide(|from, to| {
        judged += 1;
        best = best.max(slide_gain(board, table, from, to));
    });
    (best, judged)
}

/// The empty cells where a counter of `colour` scores least at once (the
/// cells a greedy Chaos picks among).
pub(crate) fn least_scoring(board: &Board, colour: Colour) -> CellSet {
    let table = line_score_table();
    let (mut least, mut best) = (CellSet::EMPTY, u32::MAX);
    for cell in board.vacant() {
        let gain = place_gain(board, table, cell, colour);
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
                    assert_eq!(best_reply(&board, table), (best, count));
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
