//! An exact, depth-bounded prover: can the side to move force a win within
//! `d` plies? Must it lose within `d` plies whatever it does?
//!
//! Both questions are answered without heuristics: every move of the side
//! that must hold is tried, a transposition table only remembers proven
//! facts ("wins within 7", "does not win within 9"). Two passes in a row
//! draw, exactly. The draw by third repetition is left out, and with it the
//! history before the position: a draw can only take wins away, so "no
//! forced win within `d`" holds under the full rules, and a forced win
//! within `d` holds as long as the other side cannot make a position occur
//! a third time inside it — never within 8 plies of a position whose
//! history holds no repetition (a position needs four plies to come back).
//! The move limit does not bind within 200 plies of the start.

use carreno_rules::{Move, Position, Side};

use crate::eval::{Weights, evaluate};
use crate::solve::class_key;
use crate::tactics::{winning_move, winning_move_count};

/// What the prover established about a position within a number of plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Proof {
    /// The side to move forces a win within this many plies (the fewest).
    Win(u32),
    /// The side to move loses within this many plies whatever it does (the
    /// most it can hold out, within the bound).
    Loss(u32),
    /// Neither within the bound.
    Open,
}

#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    /// The fewest plies within which a win is proven (`u8::MAX`: none).
    win_at: u8,
    /// No win within this many plies is proven.
    no_win_upto: u8,
    /// The fewest plies within which a loss is proven (`u8::MAX`: none).
    loss_at: u8,
    /// No forced loss within this many plies is proven.
    no_loss_upto: u8,
}

const EMPTY: Entry = Entry {
    key: u64::MAX,
    win_at: u8::MAX,
    no_win_upto: 0,
    loss_at: u8::MAX,
    no_loss_upto: 0,
};

/// The prover and its table of proven facts.
pub struct Prover {
    table: Vec<Entry>,
    bits: u32,
    /// Nodes visited (positions whose moves were generated).
    pub nodes: u64,
    weights: Weights,
}

/// The table key: the position's class under the symmetries of the square
/// and the exchange of the sides (see [`class_key`]), and whether the move
/// into it was a pass.
#[inline]
fn key(position: &Position, passed: bool) -> u64 {
    class_key(position) | (passed as u64) << 50
}

impl Prover {
    /// A prover with a table of `2^bits` entries (16 bytes each).
    pub fn new(bits: u32) -> Prover {
        Prover {
            table: vec![EMPTY; 1 << bits],
            bits,
            nodes: 0,
            weights: Weights::default(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    #[inline]
    fn entry(&self, key: u64) -> Entry {
        let e = self.table[self.slot(key)];
        if e.key == key { e } else { EMPTY }
    }

    #[inline]
    fn update(&mut self, key: u64, f: impl FnOnce(&mut Entry)) {
        let slot = self.slot(key);
        let e = &mut self.table[slot];
        if e.key != key {
            *e = Entry { key, ..EMPTY };
        }
        f(e);
    }

    /// What holds for `position` (not finished, no history) within `plies`:
    /// the shortest forced win, else the longest forced loss, else open.
    pub fn prove(&mut self, position: &Position, plies: u32) -> Proof {
        let plies = plies.min(250);
        for d in 1..=plies {
            if self.wins(position, d, false) {
                return Proof::Win(d);
            }
        }
        if self.loses(position, plies, false) {
            let d = (1..plies).find(|&d| self.loses(position, d, false)).unwrap_or(plies);
            return Proof::Loss(d);
        }
        Proof::Open
    }

    /// Whether the side to move forces a win within `d` plies; `passed`:
    /// the move into the position was a pass.
    pub fn wins(&mut self, position: &Position, d: u32, passed: bool) -> bool {
        if d == 0 {
            return false;
        }
        if winning_move(position).is_some() {
            return true;
        }
        let k = key(position, passed);
        let e = self.entry(k);
        if e.win_at as u32 <= d {
            return true;
        }
        if e.no_win_upto as u32 >= d {
            return false;
        }
        self.nodes += 1;
        let moves = position.legal_moves();
        let result = if moves[0].is_pass() {
            !passed && self.loses(&position.play_unchecked(Move::Pass), d - 1, true)
        } else {
            // Moves that leave the most immediate threats first.
            let mut ordered: arrayvec::ArrayVec<(Position, i32), 88> = moves
                .iter()
                .map(|&mv| position.play_unchecked(mv))
                .filter(|child| child.winner().is_none())
                .map(|child| {
                    let threats = winning_move_count(&Position::from_board(*child.board(), position.to_move()));
                    (child, -(threats as i32) * 1000 + evaluate(&child, &self.weights))
                })
                .collect();
            ordered.sort_unstable_by_key(|&(_, v)| v);
            ordered.iter().any(|(child, _)| self.loses(child, d - 1, false))
        };
        self.update(k, |e| {
            if result {
                e.win_at = e.win_at.min(d as u8);
            } else {
                e.no_win_upto = e.no_win_upto.max(d as u8);
            }
        });
        result
    }

    /// Whether the side to move loses within `d` plies whatever it does.
    pub fn loses(&mut self, position: &Position, d: u32, passed: bool) -> bool {
        if d == 0 || winning_move(position).is_some() {
            return false;
        }
        let k = key(position, passed);
        let e = self.entry(k);
        if e.loss_at as u32 <= d {
            return true;
        }
        if e.no_loss_upto as u32 >= d {
            return false;
        }
        self.nodes += 1;
        let me = position.to_move();
        let moves = position.legal_moves();
        let result = if moves[0].is_pass() {
            !passed && self.wins(&position.play_unchecked(Move::Pass), d - 1, true)
        } else if d <= 2 {
            // The other side's next move is the last: a reply holds when it
            // leaves no move that wins at once (nothing to order).
            !moves.iter().any(|&mv| {
                let child = position.play_unchecked(mv);
                match child.winner() {
                    Some(win) => win.winner == me,
                    None => d == 1 || winning_move(&child).is_none(),
                }
            })
        } else {
            // The replies most likely to hold first: those that leave the
            // other side fewest immediate wins, then the best looking.
            let mut ordered: arrayvec::ArrayVec<(Position, i32), 88> = arrayvec::ArrayVec::new();
            let mut holds = false;
            for &mv in &moves {
                let child = position.play_unchecked(mv);
                match child.winner() {
                    Some(win) if win.winner == me => {
                        holds = true;
                        break;
                    }
                    Some(_) => continue,
                    None => {
                        let threats = winning_move_count(&child) as i32;
                        ordered.push((child, threats * 1000 + evaluate(&child, &self.weights)));
                    }
                }
            }
            if !holds {
                ordered.sort_unstable_by_key(|&(_, v)| v);
                holds = ordered.iter().any(|(child, _)| !self.wins(child, d - 1, false));
            }
            !holds
        };
        self.update(k, |e| {
            if result {
                e.loss_at = e.loss_at.min(d as u8);
            } else {
                e.no_loss_upto = e.no_loss_upto.max(d as u8);
            }
        });
        result
    }
}

/// The side that wins, if `proof` is a win or loss for `to_move`.
pub fn winner(proof: Proof, to_move: Side) -> Option<Side> {
    match proof {
        Proof::Win(_) => Some(to_move),
        Proof::Loss(_) => Some(to_move.other()),
        Proof::Open => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::random_position;
    use rand::{SeedableRng, rngs::SmallRng};

    /// Plain minimax, no table, no ordering: the shortest forced win
    /// (positive) or longest forced loss (negative) within `d` plies, 0 if neither.
    fn naive(position: &Position, d: u32, passed: bool) -> i32 {
        if d == 0 {
            return 0;
        }
        let me = position.to_move();
        let moves = position.legal_moves();
        if moves[0].is_pass() {
            if passed {
                return 0;
            }
            return match naive(&position.play_unchecked(Move::Pass), d - 1, true) {
                0 => 0,
                v if v > 0 => -(v + 1),
                v => -v + 1,
            };
        }
        let mut best_win: Option<i32> = None;
        let mut worst_loss: Option<i32> = Some(0);
        for &mv in &moves {
            let child = position.play_unchecked(mv);
            let value = match child.winner() {
                Some(w) if w.winner == me => 1,
                Some(_) => -1,
                None => match naive(&child, d - 1, false) {
                    0 => 0,
                    v if v > 0 => -(v + 1),
                    v => -v + 1,
                },
            };
            if value > 0 {
                best_win = Some(best_win.map_or(value, |b: i32| b.min(value)));
            }
            worst_loss = match (worst_loss, value) {
                (Some(l), v) if v < 0 => Some(l.min(v)),
                (_, 0) => None,
                (l, _) => l,
            };
        }
        if let Some(w) = best_win {
            return w;
        }
        match worst_loss {
            Some(l) if l < 0 => l,
            _ => 0,
        }
    }

    #[test]
    fn proofs_match_plain_minimax_on_random_positions() {
        let mut rng = SmallRng::seed_from_u64(12);
        let mut prover = Prover::new(14);
        let mut decided = 0;
        for _ in 0..400 {
            let p = random_position(&mut rng);
            if p.winner().is_some() {
                continue;
            }
            let expect = match naive(&p, 3, false) {
                0 => Proof::Open,
                v if v > 0 => Proof::Win(v as u32),
                v => Proof::Loss((-v) as u32),
            };
            assert_eq!(prover.prove(&p, 3), expect, "{p}");
            decided += usize::from(expect != Proof::Open);
        }
        assert!(decided > 0);
    }

    #[test]
    fn seed_002_figure_3() {
        let board: carreno_rules::Board = "S.O.O\nO.SOS\nS....\nOOSSO\nS....".parse().unwrap();
        let mut prover = Prover::new(16);
        // S to move wins at once (d2-e1).
        assert_eq!(prover.prove(&Position::from_board(board, Side::S), 5), Proof::Win(1));
        // O to move is not lost in two: b2-b4 parries the threat.
        let o = Position::from_board(board, Side::O);
        assert!(!prover.loses(&o, 2, false));
        let after = o.play("b2-b4".parse().unwrap()).unwrap();
        assert!(!prover.wins(&after, 1, false));
        assert_eq!(winner(Proof::Win(1), Side::S), Some(Side::S));
    }
}
