//! Playouts to the end of the round with fast greedy policies, for the
//! Monte Carlo stage of the search: Chaos puts each counter where it scores
//! least at once, Order makes the slide that scores most at once (passing
//! when none gains), or with an evaluator the slide it values most. Random choices (draws, ties) come from the caller's
//! generator, so a playout is reproducible from its seed.

use entropy_rules::{Cell, OrderMove, Phase, Position, line_score_table};
use rand::Rng;

use crate::eval::{Bag, Evaluator};

const BITS: u32 = 3;

/// Plays `position` to the end; returns the final score and the number of
/// moves judged (the playout's cost, in search nodes).
pub(crate) fn playout<R: Rng>(mut position: Position, rng: &mut R, mut judge: Option<&mut Evaluator>) -> (u32, u64) {
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
                let mut best: Option<Cell> = None;
                let mut best_gain = u32::MAX;
                let mut ties = 0u32;
                let judged = judge.as_deref_mut().map(|eval| {
                    let bag = Bag::new(position.counts());
                    let lines = eval.lines(board, &bag);
                    (eval, bag, lines)
                });
                let mut judged = judged;
                for cell in board.vacant() {
                    let gain = match judged.as_mut() {
                        // The evaluation after the placement, in tenths of a point.
                        Some((eval, bag, lines)) => {
                            (eval.after_place(board, lines, cell, colour, bag) * 10.0).max(0.0) as u32
                        }
                        None => {
                            let (r, c) = (cell.row(), cell.col());
                            let (row, col) = (board.row_code(r), board.col_code(c));
                            table[(row | v << (BITS * c as u32)) as usize] as u32
                                + table[(col | v << (BITS * r as u32)) as usize] as u32
                                - table[row as usize] as u32
                                - table[col as usize] as u32
                        }
                    };
                    cost += 1;
                    if gain < best_gain {
                        best_gain = gain;
                        best = Some(cell);
                        ties = 1;
                    } else if gain == best_gain {
                        ties += 1;
                        if rng.random_range(0..ties) == 0 {
                            best = Some(cell);
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
                match judge.as_deref_mut() {
                    None => {
                        let mut best_gain = 0i32;
                        board.for_each_slide(|from, to| {
                            cost += 1;
                            let gain = slide_gain(&board, table, from, to);
                            if gain > best_gain {
                                best_gain = gain;
                                best = OrderMove::slide(from, to);
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

/// What the slide from `from` to `to` changes in the score.
#[inline]
fn slide_gain(board: &entropy_rules::Board, table: &[u8], from: Cell, to: Cell) -> i32 {
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
