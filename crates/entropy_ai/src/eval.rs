//! The static evaluation: an estimate of Order's final score from a position.
//!
//! Two facts make it sound. Chaos only fills empty cells, and a run of
//! adjacent counters stays a palindrome whatever is added beside it, so the
//! score as the board stands is kept unless Order itself breaks a run. And
//! filling one cell never lowers what filling another adds. So the score now
//! plus, for every empty cell, the *least* any colour left in the bag would
//! add there is a floor that Order reaches by passing for the rest of the
//! round. The evaluation adds to that floor a share of what each empty cell
//! adds on average over the colours left (weighted by their counts), which
//! is what Chaos cannot steer when the colour it draws is unlucky.
//!
//! It is a sum of per-line terms: each row and column is valued from its
//! [`LineCode`] alone (given the bag), so a slide changes three terms and a
//! placement two. Line values are cached by (line code, counts left).

use entropy_rules::{Board, Cell, Colour, Counts, LineCode, MAX_N, line_score_table};

/// The most lines on a board (7 rows and 7 columns).
pub(crate) const LINES: usize = 2 * MAX_N;

/// The share of what an empty cell adds on average over the colours left,
/// above the least any of them adds, that the evaluation counts (the least
/// counts fully: Chaos cannot avoid it). Measured against 0.3 and 0.8.
const MEAN_SHARE: f32 = 0.55;

/// Bits of one colour's count left in a cache key (a count is at most 7).
const COUNT_BITS: usize = 3;

/// The colours left in the bag and the chance of each being drawn next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bag {
    /// The colours left.
    colours: [Colour; MAX_N],
    /// The chance of each, in the order of `colours`.
    probs: [f32; MAX_N],
    len: usize,
    /// The counts packed `COUNT_BITS` a colour, part of the cache key.
    key: u64,
}

impl Bag {
    pub(crate) fn new(counts: &Counts) -> Bag {
        let total = counts.total().max(1) as f32;
        let mut bag = Bag {
            colours: [Colour::ALL[0]; MAX_N],
            probs: [0.0; MAX_N],
            len: 0,
            key: 0,
        };
        for (colour, left) in counts.iter() {
            bag.key |= (left as u64 & 7) << (COUNT_BITS * colour.index());
            if left > 0 {
                bag.colours[bag.len] = colour;
                bag.probs[bag.len] = left as f32 / total;
                bag.len += 1;
            }
        }
        bag
    }
}

/// Line codes and line values of one position, row `r` at `r`, column `c` at `n + c`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Lines {
    pub(crate) values: [f32; LINES],
    pub(crate) total: f32,
}

/// The code of line `i` of `board` (row `i`, or column `i - n`).
fn code(board: &Board, i: usize) -> LineCode {
    let n = board.size().n();
    if i < n {
        board.row_code(i)
    } else {
        board.col_code(i - n)
    }
}

/// A line a slide changes: its index (row `r` at `r`, column `c` at
/// `n + c`) and its code before and after the slide.
#[derive(Clone, Copy)]
pub(crate) struct Changed {
    pub(crate) line: usize,
    pub(crate) before: LineCode,
    pub(crate) after: LineCode,
}

/// The lines a slide from `from` to `to` on `board` changes: the line along
/// the slide, then the one the counter leaves, then the one it enters.
#[inline(always)]
pub(crate) fn slide_lines(board: &Board, from: Cell, to: Cell) -> [Changed; 3] {
    let n = board.size().n();
    let changed = |line, before: LineCode, after| Changed { line, before, after };
    let Some(colour) = board.get(from) else {
        let row = board.row_code(0);
        return [changed(0, row, row); 3];
    };
    if from.row() == to.row() {
        let (r, fc, tc) = (from.row(), from.col(), to.col());
        let (row, left, entered) = (board.row_code(r), board.col_code(fc), board.col_code(tc));
        [
            changed(r, row, row.without(fc).with(tc, colour)),
            changed(n + fc, left, left.without(r)),
            changed(n + tc, entered, entered.with(r, colour)),
        ]
    } else {
        let (c, fr, tr) = (from.col(), from.row(), to.row());
        let (col, left, entered) = (board.col_code(c), board.row_code(fr), board.row_code(tr));
        [
            changed(n + c, col, col.without(fr).with(tr, colour)),
            changed(fr, left, left.without(c)),
            changed(tr, entered, entered.with(c, colour)),
        ]
    }
}

/// What the slide from `from` to `to` changes in the score of `board`.
#[inline]
pub(crate) fn slide_gain(board: &Board, table: &[u8], from: Cell, to: Cell) -> i32 {
    slide_lines(board, from, to)
        .iter()
        .map(|c| table[c.after.index()] as i32 - table[c.before.index()] as i32)
        .sum()
}

/// What putting a counter of `colour` on the empty `cell` of `board` scores at once.
#[inline]
pub(crate) fn place_gain(board: &Board, table: &[u8], cell: Cell, colour: Colour) -> u32 {
    let (r, c) = (cell.row(), cell.col());
    let (row, col) = (board.row_code(r), board.col_code(c));
    table[row.with(c, colour).index()] as u32 + table[col.with(r, colour).index()] as u32
        - table[row.index()] as u32
        - table[col.index()] as u32
}

const CACHE_BITS: u32 = 16;

/// The evaluator, with its cache of line values.
pub(crate) struct Evaluator {
    table: &'static [u8],
    /// See [`MEAN_SHARE`].
    mean_share: f32,
    cache: Vec<(u64, f32)>,
}

impl Evaluator {
    pub(crate) fn new() -> Evaluator {
        Evaluator::with_mean_share(MEAN_SHARE)
    }

    /// An evaluator counting `share` of the mean (0: the floor alone).
    fn with_mean_share(share: f32) -> Evaluator {
        Evaluator {
            table: line_score_table(),
            mean_share: share,
            cache: vec![(u64::MAX, 0.0); 1 << CACHE_BITS],
        }
    }

    /// The value of one line of `n` cells: its score now plus the weighted
    /// prospects of its empty cells that touch a counter.
    #[inline]
    pub(crate) fn line(&mut self, code: LineCode, n: usize, bag: &Bag) -> f32 {
        let key = code.index() as u64
            | bag.key << LineCode::BITS
            | ((n == MAX_N) as u64) << (LineCode::BITS as usize + COUNT_BITS * MAX_N);
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CACHE_BITS)) as usize;
        let entry = self.cache[slot];
        if entry.0 == key {
            return entry.1;
        }
        let value = self.compute_line(code, n, bag);
        self.cache[slot] = (key, value);
        value
    }

    fn compute_line(&mut self, code: LineCode, n: usize, bag: &Bag) -> f32 {
        let base = self.table[code.index()] as i32;
        let mut value = base as f32;
        if bag.len == 0 {
            return value;
        }
        let occ = code.occupancy();
        let full = (1u32 << n) - 1;
        // The empty cells beside a counter: the only ones whose filling scores in this line.
        let mut open = !occ & full & ((occ << 1) | (occ >> 1));
        while open != 0 {
            let i = open.trailing_zeros() as usize;
            open &= open - 1;
            let mut least = i32::MAX;
            let mut mean = 0.0f32;
            for k in 0..bag.len {
                let gain = self.table[code.with(i, bag.colours[k]).index()] as i32 - base;
                least = least.min(gain);
                mean += bag.probs[k] * gain as f32;
            }
            value += least as f32 + self.mean_share * (mean - least as f32);
        }
        value
    }

    /// The values of every line of `board`.
    pub(crate) fn lines(&mut self, board: &Board, bag: &Bag) -> Lines {
        let n = board.size().n();
        let mut lines = Lines {
            values: [0.0; LINES],
            total: 0.0,
        };
        for i in 0..2 * n {
            lines.values[i] = self.line(code(board, i), n, bag);
            lines.total += lines.values[i];
        }
        lines
    }

    /// The value after the counter on `from` slides to `to`, with `lines` the values of `board`.
    #[inline]
    pub(crate) fn after_slide(&mut self, board: &Board, lines: &Lines, from: Cell, to: Cell, bag: &Bag) -> f32 {
        let n = board.size().n();
        let mut total = lines.total;
        for changed in slide_lines(board, from, to) {
            total += self.line(changed.after, n, bag) - lines.values[changed.line];
        }
        total
    }

    /// The value after a counter of `colour` goes on the empty `cell`, with
    /// `bag` the counts after the draw (the lines must be valued with it too).
    #[inline]
    pub(crate) fn after_place(&mut self, board: &Board, lines: &Lines, cell: Cell, colour: Colour, bag: &Bag) -> f32 {
        let n = board.size().n();
        let (r, c) = (cell.row(), cell.col());
        let row = board.row_code(r).with(c, colour);
        let col = board.col_code(c).with(r, colour);
        lines.total - lines.values[r] - lines.values[n + c] + self.line(row, n, bag) + self.line(col, n, bag)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::random_position;
    use entropy_rules::{OrderMove, Position, Size};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    /// The static value of `board` for the bag `counts`.
    fn evaluate(board: &Board, counts: &Counts, evaluator: &mut Evaluator) -> f32 {
        evaluator.lines(board, &Bag::new(counts)).total
    }

    #[test]
    fn the_evaluation_counts_a_sure_three_and_never_falls_below_the_score() {
        // A.A in a row: whatever fills the gap scores 3 in that row.
        let board = Board::parse("1.1..\n.....\n.....\n.....\n.....\n").unwrap();
        let mut p = Position::new(Size::Five);
        for cell in ["Aa", "Ac"] {
            p.draw(Colour::ALL[0]).unwrap();
            p.place(cell.parse().unwrap()).unwrap();
            p.order(OrderMove::Pass).unwrap();
        }
        let counts: Counts = *p.counts();
        assert_eq!(p.board(), &board);
        // The gap scores 3 at least; each cell beside a red scores 2 only with red.
        assert_eq!(evaluate(&board, &counts, &mut Evaluator::with_mean_share(0.0)), 3.0);
        let with_mean = evaluate(&board, &counts, &mut Evaluator::new());
        assert!(with_mean > 3.0, "{with_mean}");
        let mut rng = SmallRng::seed_from_u64(2);
        let mut evaluator = Evaluator::new();
        for _ in 0..200 {
            let placed = rand::Rng::random_range(&mut rng, 1..48);
            let position = random_position(Size::Seven, placed, false, &mut rng);
            let value = evaluate(position.board(), position.counts(), &mut evaluator);
            assert!(value >= position.score() as f32, "{value} < {}", position.score());
        }
    }

    #[test]
    fn incremental_values_match_a_fresh_evaluation() {
        let mut rng = SmallRng::seed_from_u64(4);
        let mut evaluator = Evaluator::new();
        for size in Size::ALL {
            for placed in [3, 10, size.cells() - 2] {
                let position = random_position(size, placed, false, &mut rng);
                let board = *position.board();
                let bag = Bag::new(position.counts());
                let lines = evaluator.lines(&board, &bag);
                board.for_each_slide(|from, to| {
                    let mut after = position;
                    after.order(OrderMove::slide(from, to)).unwrap();
                    let fresh = evaluator.lines(after.board(), &bag).total;
                    let incremental = evaluator.after_slide(&board, &lines, from, to, &bag);
                    assert!(
                        (fresh - incremental).abs() < 1e-3,
                        "{from}{to}: {fresh} vs {incremental}"
                    );
                });
            }
        }
    }
}
