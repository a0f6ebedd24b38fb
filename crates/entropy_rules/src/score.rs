//! Scoring: palindromic runs of two or more adjacent counters in a line.
//!
//! A line (row or column) is encoded as a [`LineCode`]: 3 bits per cell,
//! cell `i` at bits `3i..3i+3`, 0 for an empty cell and `colour index + 1`
//! for a counter. [`line_score_table`] maps every 7-cell code (2²¹ of them)
//! to its score, so scoring a board is one load per line. Empty cells break
//! runs, so the same table scores partial boards, and 5-cell lines (whose
//! upper cells are empty).

use std::fmt;
use std::sync::OnceLock;

use crate::{Cell, Colour, Line, MAX_N};

/// Bits per cell in a line code.
const CODE_BITS: u32 = 3;
/// The bits of one cell's value in a line code.
const CELL_MASK: u32 = (1 << CODE_BITS) - 1;
/// Number of distinct 7-cell line codes.
const CODES: usize = 1 << LineCode::BITS;

/// A row or column of a board as one number, the index of its score in
/// [`line_score_table`]: cell `i` (0 to 6, left to right or top to bottom)
/// holds 0 when empty and `colour index + 1` for a counter. A [`Board`]
/// keeps the code of every line up to date ([`Board::row_code`],
/// [`Board::col_code`]); a 5-cell line's upper cells are empty. Players that
/// value lines by their codes (the AI's evaluation caches line values by
/// code) read and change them through these methods, never through the bits.
///
/// ```
/// use entropy_rules::{Colour, LineCode};
///
/// let (red, green) = (Colour::ALL[0], Colour::ALL[1]);
/// let code = LineCode::EMPTY.with(0, red).with(1, green).with(2, red);
/// assert_eq!(code.get(1), Some(green));
/// assert_eq!(code.get(3), None);
/// assert_eq!(code.occupancy(), 0b111);
/// assert_eq!(code.score(), 3); // red, green, red
/// assert_eq!(code.without(1).score(), 0);
/// assert_eq!(code.cells().take(4).collect::<Vec<_>>(), [Some(red), Some(green), Some(red), None]);
/// ```
///
/// [`Board`]: crate::Board
/// [`Board::row_code`]: crate::Board::row_code
/// [`Board::col_code`]: crate::Board::col_code
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineCode(u32);

impl LineCode {
    /// The line with no counter on it.
    pub const EMPTY: LineCode = LineCode(0);

    /// Every code's [`index`](LineCode::index) is below `1 << BITS`.
    pub const BITS: u32 = CODE_BITS * MAX_N as u32;

    /// The code as a number below `1 << BITS`: its index in [`line_score_table`].
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The value of cell `i`: 0 for empty, `colour index + 1` for a counter.
    #[inline]
    const fn value(self, i: usize) -> u32 {
        (self.0 >> (CODE_BITS as usize * i)) & CELL_MASK
    }

    /// The colour on cell `i` of the line (`None` for an empty cell, or `i` past the seventh).
    #[inline]
    pub const fn get(self, i: usize) -> Option<Colour> {
        if i >= MAX_N {
            return None;
        }
        match self.value(i) {
            0 => None,
            v => Colour::from_index(v as usize - 1),
        }
    }

    /// The colours of the line's seven cells in order (`None` for empty).
    pub fn cells(self) -> impl Iterator<Item = Option<Colour>> {
        (0..MAX_N).map(move |i| self.get(i))
    }

    /// Bit `i` set for every cell `i` that holds a counter.
    #[inline]
    pub fn occupancy(self) -> u32 {
        let mut occ = 0;
        for i in 0..MAX_N {
            if self.value(i) != 0 {
                occ |= 1 << i;
            }
        }
        occ
    }

    /// The same line with a counter of `colour` on the empty cell `i` (0 to 6).
    #[inline]
    #[must_use]
    pub const fn with(self, i: usize, colour: Colour) -> LineCode {
        debug_assert!(self.value(i) == 0, "the cell must be empty");
        LineCode(self.0 | (colour.index() as u32 + 1) << (CODE_BITS as usize * i))
    }

    /// The same line with cell `i` (0 to 6) empty.
    #[inline]
    #[must_use]
    pub const fn without(self, i: usize) -> LineCode {
        LineCode(self.0 & !(CELL_MASK << (CODE_BITS as usize * i)))
    }

    /// The line's score: every palindromic run of two or more adjacent
    /// counters, each worth its length (one load from [`line_score_table`]).
    #[inline]
    pub fn score(self) -> u32 {
        line_score_table()[self.index()] as u32
    }
}

/// The score of every line code, indexed by [`LineCode::index`] (see the
/// module docs), built on first use (about 2 MB, a few tens of milliseconds).
pub fn line_score_table() -> &'static [u8] {
    static TABLE: OnceLock<Box<[u8]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0u8; CODES].into_boxed_slice();
        let mut values = [0u8; MAX_N];
        for (code, entry) in table.iter_mut().enumerate() {
            let code = LineCode(code as u32);
            for (i, v) in values.iter_mut().enumerate() {
                *v = code.value(i) as u8;
            }
            // The highest score is 77 (seven of a colour): it fits a byte.
            *entry = score_values(&values) as u8;
        }
        table
    })
}

/// Scores a line of cell values (0 empty) by growing a palindrome around
/// every centre: a counter (odd lengths) or the gap between two cells (even).
fn score_values(values: &[u8]) -> u32 {
    let n = values.len();
    let mut score = 0;
    for centre in 0..n {
        // A span is `lo..hi` (exclusive); an odd one starts as the centre
        // counter, an even one as the empty span after it.
        let odd = (values[centre] != 0).then_some((centre, centre + 1));
        for (mut lo, mut hi) in odd.into_iter().chain([(centre + 1, centre + 1)]) {
            while lo > 0 && hi < n && values[lo - 1] != 0 && values[lo - 1] == values[hi] {
                lo -= 1;
                hi += 1;
                score += (hi - lo) as u32;
            }
        }
    }
    score
}

/// The score of a line of any length, `None` for an empty cell.
pub fn line_score(line: &[Option<Colour>]) -> u32 {
    let values: Vec<u8> = line.iter().map(|c| c.map_or(0, |c| c.index() as u8 + 1)).collect();
    score_values(&values)
}

/// One scoring run: `len` counters of `line` from offset `start` that read
/// the same both ways. It is worth `len` points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Run {
    /// The row or column.
    pub line: Line,
    /// Offset of the first counter along the line.
    pub start: u8,
    /// Number of counters, at least 2; also the points it scores.
    pub len: u8,
}

impl Run {
    /// The cells of the run, in line order.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (self.start as usize..(self.start + self.len) as usize).filter_map(move |i| self.line.cell(i))
    }
}

/// The score of one line with every run that makes it, in the order the
/// rules count aloud: all 2-runs, then all 3-runs, … (left to right, or top
/// to bottom, within a length).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct LineScore {
    /// The row or column.
    pub line: Line,
    /// The scoring runs, shortest first.
    pub runs: Vec<Run>,
    /// The sum of the runs' lengths.
    pub score: u32,
}

impl LineScore {
    /// Breaks down a line of cells (`None` for empty) into its scoring runs.
    pub fn of(line: Line, cells: &[Option<Colour>]) -> LineScore {
        let n = cells.len();
        let mut runs = Vec::new();
        for len in 2..=n {
            for start in 0..=n - len {
                let run = &cells[start..start + len];
                let palindrome = run.iter().all(Option::is_some) && run.iter().eq(run.iter().rev());
                if palindrome {
                    runs.push(Run {
                        line,
                        start: start as u8,
                        len: len as u8,
                    });
                }
            }
        }
        let score = runs.iter().map(|r| r.len as u32).sum();
        LineScore { line, runs, score }
    }

    /// The count spoken the way the rules suggest: "2 and 2 and 2 is 6, and
    /// 3 is 9, and 3 is 12, and 5 is 17, and 5 is 22". The first group of
    /// equal lengths is summed at once; every later run adds to the running
    /// total. `"0"` when nothing scores.
    pub fn spoken(&self) -> String {
        let Some(first) = self.runs.first() else {
            return "0".to_string();
        };
        let first_group = self.runs.iter().take_while(|r| r.len == first.len).count();
        let mut total: u32 = 0;
        let mut words = String::new();
        for (i, run) in self.runs.iter().enumerate() {
            total += run.len as u32;
            if i < first_group {
                if i > 0 {
                    words.push_str(" and ");
                }
                words.push_str(&run.len.to_string());
                if i + 1 == first_group && first_group > 1 {
                    words.push_str(&format!(" is {total}"));
                }
            } else {
                words.push_str(&format!(", and {} is {total}", run.len));
            }
        }
        words
    }
}

impl LineScore {
    /// The line as counted up to its first `runs` runs (all of them when
    /// `runs` is larger): what has been said so far of a count aloud.
    ///
    /// ```
    /// use entropy_rules::{Colour, Line, LineScore};
    ///
    /// let c = |n| Colour::from_number(n);
    /// let cells: Vec<_> = [1, 1, 2, 1, 1, 1, 2].into_iter().map(c).collect();
    /// let line = LineScore::of(Line::Row(0), &cells);
    /// assert_eq!(line.prefix(3).spoken(), "2 and 2 and 2 is 6");
    /// assert_eq!(line.prefix(4).score, 9);
    /// ```
    pub fn prefix(&self, runs: usize) -> LineScore {
        let runs: Vec<Run> = self.runs.iter().take(runs).copied().collect();
        let score = runs.iter().map(|r| r.len as u32).sum();
        LineScore {
            line: self.line,
            runs,
            score,
        }
    }
}

/// One step of counting a board aloud: a run, with the line's and the
/// board's running totals once it is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TallyStep {
    /// The run counted at this step.
    pub run: Run,
    /// How many runs of its line are counted once this one is (1 for the first).
    pub in_line: usize,
    /// The line's points so far.
    pub line_total: u32,
    /// The board's points so far.
    pub total: u32,
}

/// Every run of `breakdown` in the order the rules count aloud (line by
/// line, short runs first within a line), with running totals. The last
/// step's `total` is the board's score.
///
/// ```
/// use entropy_rules::{Board, tally};
///
/// let board: Board = "1121112\n.......\n.......\n.......\n.......\n.......\n.......".parse().unwrap();
/// let steps = tally(&board.breakdown());
/// assert_eq!(steps.len(), 7);
/// assert_eq!(steps.last().map(|s| s.total), Some(board.score()));
/// ```
pub fn tally(breakdown: &[LineScore]) -> Vec<TallyStep> {
    let mut total = 0;
    let mut steps = Vec::new();
    for line in breakdown {
        let mut line_total = 0;
        for (i, &run) in line.runs.iter().enumerate() {
            line_total += run.len as u32;
            total += run.len as u32;
            steps.push(TallyStep {
                run,
                in_line: i + 1,
                line_total,
                total,
            });
        }
    }
    steps
}

impl fmt::Display for LineScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line, self.spoken())
    }
}
