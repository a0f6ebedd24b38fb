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
//! line code alone (given the bag), so a slide changes three terms and a
//! placement two. Line values are cached by (line code, counts left).

use entropy_rules::{Board, Cell, Colour, Counts, MAX_N, line_score_table};

/// The most lines on a board (7 rows and 7 columns).
pub(crate) const LINES: usize = 2 * MAX_N;

/// Bits per cell in a line code (as in the rules crate).
const BITS: u32 = 3;

/// How the evaluation weighs an empty cell's prospects.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Weight of the least that any colour left would score in the cell
    /// (Chaos cannot avoid it, so 1 is exact as a floor).
    pub floor: f32,
    /// Weight of what the cell scores on average over the colours left,
    /// above the floor.
    pub mean: f32,
    /// Weight of each two counters of a colour in a line with only empty
    /// cells between them: Order can slide one beside the other.
    pub join: f32,
    /// Weight of each two counters of a colour in a line, not adjacent (the
    /// raw material of palindromes, for Order to gather and Chaos to avoid).
    pub pair: f32,
    /// Weight of each slide the line allows (a counter and an empty cell it
    /// can reach along the line): Order's room to manoeuvre.
    pub mobility: f32,
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            floor: 1.0,
            mean: 0.55,
            join: 0.0,
            pair: 0.0,
            mobility: 0.0,
        }
    }
}

/// The colours left in the bag and the chance of each being drawn next.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Bag {
    /// Line-code values (colour index + 1) of the colours left.
    values: [u32; MAX_N],
    /// The chance of each, in the order of `values`.
    probs: [f32; MAX_N],
    len: usize,
    /// The counts packed 3 bits a colour, part of the cache key.
    key: u64,
}

impl Bag {
    pub(crate) fn new(counts: &Counts) -> Bag {
        let total = counts.total().max(1) as f32;
        let mut bag = Bag {
            values: [0; MAX_N],
            probs: [0.0; MAX_N],
            len: 0,
            key: 0,
        };
        for (colour, left) in counts.iter() {
            bag.key |= (left as u64 & 7) << (BITS as usize * colour.index());
            if left > 0 {
                bag.values[bag.len] = colour.index() as u32 + 1;
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
    pub(crate) codes: [u32; LINES],
    pub(crate) values: [f32; LINES],
    pub(crate) total: f32,
}

const CACHE_BITS: u32 = 16;

/// The evaluator, with its cache of line values.
pub(crate) struct Evaluator {
    table: &'static [u8],
    weights: Weights,
    cache: Vec<(u64, f32)>,
}

impl Evaluator {
    pub(crate) fn new(weights: Weights) -> Evaluator {
        Evaluator {
            table: line_score_table(),
            weights,
            cache: vec![(u64::MAX, 0.0); 1 << CACHE_BITS],
        }
    }

    /// The value of one line of `n` cells: its score now plus the weighted
    /// prospects of its empty cells that touch a counter.
    #[inline]
    pub(crate) fn line(&mut self, code: u32, n: usize, bag: &Bag) -> f32 {
        let key = code as u64 | bag.key << 21 | ((n == MAX_N) as u64) << 42;
        let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CACHE_BITS)) as usize;
        let entry = self.cache[slot];
        if entry.0 == key {
            return entry.1;
        }
        let value = self.compute_line(code, n, bag);
        self.cache[slot] = (key, value);
        value
    }

    fn compute_line(&mut self, code: u32, n: usize, bag: &Bag) -> f32 {
        let base = self.table[code as usize] as i32;
        let mut value = base as f32;
        if bag.len == 0 {
            return value;
        }
        let occ = occupancy(code, n);
        let full = (1u32 << n) - 1;
        if self.weights.mobility != 0.0 {
            value += self.weights.mobility * slides(occ, n) as f32;
        }
        let mut open = !occ & full & ((occ << 1) | (occ >> 1));
        while open != 0 {
            let i = open.trailing_zeros();
            open &= open - 1;
            let mut least = i32::MAX;
            let mut mean = 0.0f32;
            for k in 0..bag.len {
                let gain = self.table[(code | bag.values[k] << (BITS * i)) as usize] as i32 - base;
                least = least.min(gain);
                mean += bag.probs[k] * gain as f32;
            }
            value += self.weights.floor * least as f32 + self.weights.mean * (mean - least as f32);
        }
        if self.weights.join != 0.0 || self.weights.pair != 0.0 {
            let (joins, pairs) = pairs(code, n);
            value += self.weights.join * joins as f32 + self.weights.pair * pairs as f32;
        }
        value
    }

    /// Codes and values of every line of `board`.
    pub(crate) fn lines(&mut self, board: &Board, bag: &Bag) -> Lines {
        let n = board.size().n();
        let mut lines = Lines {
            codes: [0; LINES],
            values: [0.0; LINES],
            total: 0.0,
        };
        for i in 0..n {
            lines.codes[i] = board.row_code(i);
            lines.codes[n + i] = board.col_code(i);
        }
        for i in 0..2 * n {
            lines.values[i] = self.line(lines.codes[i], n, bag);
            lines.total += lines.values[i];
        }
        lines
    }

    /// The value after the counter on `from` slides to `to`.
    #[inline]
    pub(crate) fn after_slide(&mut self, board: &Board, lines: &Lines, from: Cell, to: Cell, bag: &Bag) -> f32 {
        let n = board.size().n();
        let v = board.get(from).map_or(0, |c: Colour| c.index() as u32 + 1);
        let mut total = lines.total;
        let mut change = |eval: &mut Evaluator, line: usize, code: u32| {
            total += eval.line(code, n, bag) - lines.values[line];
        };
        if from.row() == to.row() {
            let r = from.row();
            let (fc, tc) = (from.col() as u32, to.col() as u32);
            let row = (lines.codes[r] & !(7 << (BITS * fc))) | v << (BITS * tc);
            change(self, r, row);
            change(
                self,
                n + fc as usize,
                lines.codes[n + fc as usize] & !(7 << (BITS * r as u32)),
            );
            change(
                self,
                n + tc as usize,
                lines.codes[n + tc as usize] | v << (BITS * r as u32),
            );
        } else {
            let c = from.col();
            let (fr, tr) = (from.row() as u32, to.row() as u32);
            let col = (lines.codes[n + c] & !(7 << (BITS * fr))) | v << (BITS * tr);
            change(self, n + c, col);
            change(self, fr as usize, lines.codes[fr as usize] & !(7 << (BITS * c as u32)));
            change(self, tr as usize, lines.codes[tr as usize] | v << (BITS * c as u32));
        }
        total
    }

    /// The value after a counter of `colour` goes on the empty `cell`, with
    /// `bag` the counts after the draw (the lines must be valued with it too).
    #[inline]
    pub(crate) fn after_place(&mut self, board: &Board, lines: &Lines, cell: Cell, colour: Colour, bag: &Bag) -> f32 {
        let n = board.size().n();
        let v = colour.index() as u32 + 1;
        let (r, c) = (cell.row(), cell.col());
        let row = lines.codes[r] | v << (BITS * c as u32);
        let col = lines.codes[n + c] | v << (BITS * r as u32);
        lines.total - lines.values[r] - lines.values[n + c] + self.line(row, n, bag) + self.line(col, n, bag)
    }
}

/// The slides along a line with counters on `occ`: every empty cell counts
/// once for each nearest counter on either side with only empty cells between.
fn slides(occ: u32, n: usize) -> u32 {
    let mut count = 0;
    let mut left_counter = false;
    let mut run = 0;
    for i in 0..n {
        if occ & (1 << i) != 0 {
            count += run * (left_counter as u32 + 1);
            left_counter = true;
            run = 0;
        } else {
            run += 1;
        }
    }
    count + run * left_counter as u32
}

/// Pairs of counters of one colour in a line code, not adjacent: those with
/// only empty cells between them, and all of them.
fn pairs(code: u32, n: usize) -> (u32, u32) {
    let (mut joins, mut pairs) = (0, 0);
    for i in 0..n {
        let a = (code >> (BITS as usize * i)) & 7;
        if a == 0 {
            continue;
        }
        let mut clear = true;
        for j in i + 1..n {
            let b = (code >> (BITS as usize * j)) & 7;
            if b == a && j > i + 1 {
                pairs += 1;
                if clear {
                    joins += 1;
                }
            }
            if b != 0 {
                clear = false;
            }
        }
    }
    (joins, pairs)
}

/// Bit `i` set when cell `i` of a line code holds a counter.
#[inline]
fn occupancy(code: u32, n: usize) -> u32 {
    let mut occ = 0;
    for i in 0..n {
        if (code >> (BITS as usize * i)) & 7 != 0 {
            occ |= 1 << i;
        }
    }
    occ
}

/// The static value of a position's board for the bag `counts`: an estimate
/// of Order's final score (see the module docs).
pub fn evaluate(board: &Board, counts: &Counts, weights: Weights) -> f32 {
    Evaluator::new(weights).lines(board, &Bag::new(counts)).total
}
