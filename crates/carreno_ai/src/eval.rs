//! The static evaluation: how close each side is to dispersal.

use carreno_rules::{Position, Side, SquareSet};

use crate::tactics::{settled, winning_move_count};

/// The weights of the evaluation's terms, in hundredths of a settled piece.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// A piece touching an enemy piece and none of its own.
    pub settled: i32,
    /// A piece touching an enemy piece (settled or not).
    pub contact: i32,
    /// A piece touching no piece at all (its side is in check on its turn).
    pub isolated: i32,
    /// A piece that may move (it touches one of its own side).
    pub mobile: i32,
    /// Each move that would win at once if it were the side's turn.
    pub threat: i32,
    /// Being the side to move.
    pub tempo: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            settled: 100,
            contact: 40,
            isolated: -60,
            mobile: 65,
            threat: 150,
            tempo: 20,
        }
    }
}

/// One side's terms, before weighting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Terms {
    /// Pieces touching enemy pieces and none of their own.
    pub settled: i32,
    /// Pieces touching enemy pieces.
    pub contact: i32,
    /// Pieces touching nothing.
    pub isolated: i32,
    /// Pieces touching one of their own.
    pub mobile: i32,
}

impl Terms {
    /// The terms of `own` against `enemy`.
    #[inline]
    pub fn of(own: SquareSet, enemy: SquareSet) -> Terms {
        let enemy_touch = enemy.neighbours();
        let own_touch = own.neighbours();
        Terms {
            settled: settled(own, enemy).len() as i32,
            contact: (own & enemy_touch).len() as i32,
            isolated: (own - enemy_touch - own_touch).len() as i32,
            mobile: (own & own_touch).len() as i32,
        }
    }

    #[inline]
    fn weigh(self, w: &Weights) -> i32 {
        w.settled * self.settled + w.contact * self.contact + w.isolated * self.isolated + w.mobile * self.mobile
    }
}

/// The value of `position` for the side to move, in hundredths of a settled
/// piece: each side's terms, the side to move's minus the other's, with the
/// other side's threats (the moves that would win at once were it its turn).
/// The side to move's own winning moves are the search's business.
#[inline]
pub fn evaluate(position: &Position, w: &Weights) -> i32 {
    let me = position.to_move();
    let own = position.pieces(me);
    let enemy = position.pieces(me.other());
    let mine = Terms::of(own, enemy).weigh(w);
    let theirs = Terms::of(enemy, own).weigh(w);
    let threats = if w.threat != 0 {
        let flipped = Position::from_board(*position.board(), me.other());
        winning_move_count(&flipped).min(3) as i32
    } else {
        0
    };
    mine - theirs - w.threat * threats + w.tempo
}

/// The value of `position` for `side`.
pub fn evaluate_for(position: &Position, side: Side, w: &Weights) -> i32 {
    let value = evaluate(position, w);
    if position.to_move() == side { value } else { -value }
}
