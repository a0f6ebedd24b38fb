//! Endgame tables: every position, of all 30.6 billion, whose side to move
//! wins or loses by force within a few plies, with the exact number of plies.
//!
//! Built backwards from the finished boards (retrograde analysis), one ply
//! at a time:
//! - won in 1: positions with a move that disperses the mover — the moves
//!   into every board where a side is dispersed, taken back;
//! - lost in `2k`: positions every move of which loses at once or leads to a
//!   position won (for the other side) within `2k - 1` — found among the
//!   positions one move before those won in `2k - 1`, each checked move by move;
//! - won in `2k + 1`: positions one move before one lost in `2k`.
//!
//! A position is stored once for its whole class: the mover's pieces and
//! the other side's, the same for S or O to move (the rules treat the sides
//! alike), the least of its images under the eight symmetries of the square
//! (rotations and reflections, which the rules also respect). The tables
//! know nothing of a game's history: a draw by repetition can only shorten
//! what a side forces, and no win within these few plies can be spoilt by it
//! unless its positions already occurred twice before.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::path::Path;
use std::time::Duration;

use entropy_ai::Instant;

use carreno_rules::{Board, Move, Position, SIDE, SQUARES, Side, Square, SquareSet};

use crate::solve::predecessors;
use crate::tactics::winning_move;

/// The eight symmetries of the square, as square permutations: `MAP[s][i]`
/// is where symmetry `s` sends square `i`.
const MAP: [[u8; SQUARES]; 8] = {
    let mut map = [[0u8; SQUARES]; 8];
    let mut s = 0;
    while s < 8 {
        let mut i = 0;
        while i < SQUARES {
            let (f, r) = (i % SIDE, i / SIDE);
            let n = SIDE - 1;
            let (f2, r2) = match s {
                0 => (f, r),
                1 => (n - r, f),
                2 => (n - f, n - r),
                3 => (r, n - f),
                4 => (n - f, r),
                5 => (f, n - r),
                6 => (r, f),
                _ => (n - r, n - f),
            };
            map[s][i] = (r2 * SIDE + f2) as u8;
            i += 1;
        }
        s += 1;
    }
    map
};

/// `CHUNK[s][c][b]`: the image under symmetry `s` of the bits `b` of byte `c`
/// of a square mask.
static CHUNK: [[[u32; 256]; 4]; 8] = {
    let mut table = [[[0u32; 256]; 4]; 8];
    let mut s = 0;
    while s < 8 {
        let mut c = 0;
        while c < 4 {
            let mut b = 0;
            while b < 256 {
                let mut out = 0u32;
                let mut bit = 0;
                while bit < 8 {
                    let square = c * 8 + bit;
                    if b & (1 << bit) != 0 && square < SQUARES {
                        out |= 1 << MAP[s][square];
                    }
                    bit += 1;
                }
                table[s][c][b] = out;
                b += 1;
            }
            c += 1;
        }
        s += 1;
    }
    table
};

/// The image of a square mask under symmetry `s`.
#[inline]
fn transform(s: usize, mask: u32) -> u32 {
    let t = &CHUNK[s];
    t[0][(mask & 0xff) as usize]
        | t[1][((mask >> 8) & 0xff) as usize]
        | t[2][((mask >> 16) & 0xff) as usize]
        | t[3][(mask >> 24) as usize]
}

/// The class key of a position: the mover's pieces and the other side's,
/// least over the eight symmetries.
#[inline]
pub fn class_key(position: &Position) -> u64 {
    let me = position.to_move();
    let own = position.pieces(me).bits();
    let other = position.pieces(me.other()).bits();
    (0..8)
        .map(|s| transform(s, own) as u64 | (transform(s, other) as u64) << 25)
        .min()
        .unwrap_or(0)
}

/// A position of the class `key`, with S to move.
pub fn class_position(key: u64) -> Position {
    let own = SquareSet::from_bits(key as u32 & 0x1ff_ffff);
    let other = SquareSet::from_bits((key >> 25) as u32 & 0x1ff_ffff);
    let board = Board::from_sets(own, other).unwrap_or(Board::START);
    Position::from_board(board, Side::S)
}

/// An open-addressing hash map from class keys (50 bits) to codes (14 bits:
/// the plies and whether the position is lost).
struct ClassMap {
    slots: Vec<u64>,
    len: usize,
}

const EMPTY: u64 = u64::MAX;
const KEY_BITS: u64 = (1 << 50) - 1;

impl ClassMap {
    fn new() -> ClassMap {
        ClassMap {
            slots: vec![EMPTY; 1 << 16],
            len: 0,
        }
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    #[inline]
    fn get(&self, key: u64) -> Option<u16> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = self.slots[i];
            if slot == EMPTY {
                return None;
            }
            if slot & KEY_BITS == key {
                return Some((slot >> 50) as u16);
            }
            i = (i + 1) & mask;
        }
    }

    /// Inserts `key` with `plies` unless present; true when inserted.
    fn insert(&mut self, key: u64, plies: u16) -> bool {
        if 2 * (self.len + 1) > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            let slot = self.slots[i];
            if slot == EMPTY {
                self.slots[i] = key | (plies as u64) << 50;
                self.len += 1;
                return true;
            }
            if slot & KEY_BITS == key {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let doubled = vec![EMPTY; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.len = 0;
        for slot in old {
            if slot != EMPTY {
                self.insert(slot & KEY_BITS, (slot >> 50) as u16);
            }
        }
    }

    fn bytes(&self) -> usize {
        self.slots.len() * 8
    }
}

/// One ply of the tables: how many positions it holds and how long it took.
/// Positions are counted over every symmetric image and both sides to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// Plies to the end of the game.
    pub plies: u32,
    /// Classes whose side to move wins in exactly `plies`.
    pub won_classes: u64,
    /// Positions they stand for.
    pub won_positions: u64,
    /// Classes whose side to move loses in exactly `plies`.
    pub lost_classes: u64,
    /// Positions they stand for.
    pub lost_positions: u64,
    /// Time to build this ply.
    pub time: Duration,
}

/// Exact endgame tables up to a number of plies.
pub struct EndgameTables {
    map: ClassMap,
    /// `wins[k]`: the classes won in exactly `k + 1` plies.
    wins: Vec<Vec<u64>>,
    /// `losses[k]`: the classes lost in exactly `k + 1` plies.
    losses: Vec<Vec<u64>>,
    stats: Vec<Level>,
}

/// The flag of a lost class's code (the rest is its plies).
const LOSS: u16 = 1 << 13;

/// The most plies the tables can hold.
pub const MAX_PLIES: u32 = (LOSS - 1) as u32;

/// The number of classes there are: the positions' boards (the mover's
/// seven pieces and the other side's) up to the eight symmetries of the
/// square, by Burnside's lemma: (15 297 796 800 boards + 4 × 184 800 fixed by
/// a reflection) / 8. Tables of every class, the largest there can be,
/// would hold this many (checked by a test).
pub const CLASSES: u64 = 1_912_317_000;

/// The largest a table file can be: a header of [`MAX_PLIES`] plies and
/// every class once, about 15.3 GB (the tables to 44 plies are 1.1 GB). A
/// larger file is refused from its size before a byte of it is read, and no
/// more than this is ever read from a stream whose size is unknown.
pub const MAX_FILE_BYTES: u64 = 8 * (3 + 6 * MAX_PLIES as u64) + 8 * CLASSES;

/// The first bytes of a table file.
const MAGIC: &[u8; 8] = b"CARRENO2";

/// The first bytes of a table file of the first format (an 8-bit code:
/// seven bits of plies and the loss flag on top).
const MAGIC_1: &[u8; 8] = b"CARRENO1";

/// A table file that does not hold what it should, for `what`.
fn invalid(what: impl Into<String>) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.into())
}

/// Fills `buf` from `input`; a file ending before is refused as ending in
/// what `what` names.
fn read_exact(input: &mut impl Read, buf: &mut [u8], what: impl FnOnce() -> String) -> io::Result<()> {
    input.read_exact(buf).map_err(|e| match e.kind() {
        io::ErrorKind::UnexpectedEof => invalid(format!("the file ends in {}", what())),
        _ => e,
    })
}

/// The next little-endian word of a table file, `what` naming it.
fn word(input: &mut impl Read, what: impl FnOnce() -> String) -> io::Result<u64> {
    let mut bytes = [0u8; 8];
    read_exact(input, &mut bytes, what)?;
    Ok(u64::from_le_bytes(bytes))
}

/// Whether `key` is the key of a class: two sets of seven squares, apart.
fn is_class(key: u64) -> bool {
    let own = SquareSet::from_bits(key as u32 & 0x1ff_ffff);
    let other = SquareSet::from_bits((key >> 25) as u32 & 0x1ff_ffff);
    Board::from_sets(own, other).is_ok()
}

fn code(plies: u32, won: bool) -> u16 {
    plies as u16 | if won { 0 } else { LOSS }
}

/// The number of distinct positions a class stands for: its distinct
/// images under the symmetries, with either side to move.
fn class_size(key: u64) -> u64 {
    let own = key as u32 & 0x1ff_ffff;
    let other = (key >> 25) as u32 & 0x1ff_ffff;
    let mut images: [u64; 8] = [0; 8];
    for (s, image) in images.iter_mut().enumerate() {
        *image = transform(s, own) as u64 | (transform(s, other) as u64) << 25;
    }
    images.sort_unstable();
    let distinct = 1 + images.windows(2).filter(|w| w[0] != w[1]).count();
    2 * distinct as u64
}

/// Calls `f` with every board (as a position, its mover dispersed) where
/// the side to move, S, is dispersed.
fn for_each_dispersed(mut f: impl FnMut(Position)) {
    // Seven squares no two of which touch, chosen in index order.
    fn independent(start: usize, chosen: SquareSet, left: usize, out: &mut Vec<SquareSet>) {
        if left == 0 {
            out.push(chosen);
            return;
        }
        for i in start..SQUARES {
            let Some(square) = Square::from_index(i) else { continue };
            if !chosen.neighbours().contains(square) && !chosen.contains(square) {
                independent(i + 1, chosen.with(square), left - 1, out);
            }
        }
    }
    let mut sets = Vec::new();
    independent(0, SquareSet::EMPTY, carreno_rules::PIECES, &mut sets);
    for own in sets {
        // The other side: seven of the free squares, touching every piece of `own`.
        let free: Vec<Square> = (!own).iter().collect();
        let n = free.len();
        let mut idx = [0usize; 7];
        for (i, slot) in idx.iter_mut().enumerate() {
            *slot = i;
        }
        loop {
            let other: SquareSet = idx.iter().map(|&i| free[i]).collect();
            if (own - other.neighbours()).is_empty()
                && let Ok(board) = Board::from_sets(own, other)
            {
                f(Position::from_board(board, Side::S));
            }
            // Next combination.
            let mut i = 7;
            while i > 0 && idx[i - 1] == n - 7 + (i - 1) {
                i -= 1;
            }
            if i == 0 {
                break;
            }
            idx[i - 1] += 1;
            for j in i..7 {
                idx[j] = idx[j - 1] + 1;
            }
        }
    }
}

impl EndgameTables {
    /// Tables holding nothing yet.
    pub fn new() -> EndgameTables {
        EndgameTables {
            map: ClassMap::new(),
            wins: Vec::new(),
            losses: Vec::new(),
            stats: Vec::new(),
        }
    }

    /// Builds the tables up to `max_plies`, calling `progress` after each ply.
    pub fn build(max_plies: u32, progress: impl FnMut(&Level)) -> EndgameTables {
        let mut tables = EndgameTables::new();
        tables.extend(max_plies, None, progress);
        tables
    }

    /// The plies built so far.
    pub fn plies(&self) -> u32 {
        self.stats.len() as u32
    }

    /// Whether the tables are complete: the last ply built holds no
    /// position, so no later one can (each ply's positions are one move
    /// before the previous ply's). Every position they do not hold is then
    /// a draw with best play: neither side can force a win.
    pub fn is_complete(&self) -> bool {
        self.stats
            .last()
            .is_some_and(|l| l.won_classes == 0 && l.lost_classes == 0)
    }

    /// Builds more plies, up to `max_plies` in all, until the tables are
    /// complete, or until `deadline` has passed (checked between plies),
    /// calling `progress` after each ply.
    pub fn extend(&mut self, max_plies: u32, deadline: Option<Instant>, mut progress: impl FnMut(&Level)) {
        while self.plies() < max_plies.min(MAX_PLIES)
            && !self.is_complete()
            && deadline.is_none_or(|d| Instant::now() < d)
        {
            let level = self.build_ply(self.plies() + 1);
            progress(&level);
        }
    }

    /// Builds ply `plies` (the one after the last built).
    fn build_ply(&mut self, plies: u32) -> Level {
        let start = Instant::now();
        let mut parents = Vec::new();
        let (mut wins, mut losses) = (Vec::new(), Vec::new());
        if plies == 1 {
            // Won in 1: the mover's last move into every board where it
            // is dispersed, taken back. Lost in 1: positions all of whose
            // moves disperse the other side only, found one move before
            // the boards where the other side is dispersed.
            for_each_dispersed(|dispersed| {
                let board = *dispersed.board();
                for (last_mover, list, win) in [(Side::S, &mut wins, true), (Side::O, &mut losses, false)] {
                    let after = Position::from_board(board, last_mover.other());
                    predecessors(&after, &mut parents);
                    for parent in &parents {
                        let key = class_key(parent);
                        if self.map.get(key).is_some() || (!win && !self.loses_within(parent, 0)) {
                            continue;
                        }
                        if self.map.insert(key, code(1, win)) {
                            list.push(key);
                        }
                    }
                }
            });
        } else {
            let i = plies as usize - 2;
            // Won in `plies`: one move before a position lost in `plies - 1`.
            for &key in &self.losses[i] {
                predecessors(&class_position(key), &mut parents);
                for parent in &parents {
                    let pk = class_key(parent);
                    if self.map.get(pk).is_none() && self.map.insert(pk, code(plies, true)) {
                        wins.push(pk);
                    }
                }
            }
            // Lost in `plies`: one move before a position won in `plies - 1`,
            // and every other move as bad.
            let previous = std::mem::take(&mut self.wins[i]);
            for &key in &previous {
                predecessors(&class_position(key), &mut parents);
                for parent in &parents {
                    let pk = class_key(parent);
                    if self.map.get(pk).is_none()
                        && self.loses_within(parent, plies - 1)
                        && self.map.insert(pk, code(plies, false))
                    {
                        losses.push(pk);
                    }
                }
            }
            self.wins[i] = previous;
        }
        let count = |list: &[u64]| -> (u64, u64) { (list.len() as u64, list.iter().map(|&k| class_size(k)).sum()) };
        let (won, lost) = (count(&wins), count(&losses));
        let level = Level {
            plies,
            won_classes: won.0,
            won_positions: won.1,
            lost_classes: lost.0,
            lost_positions: lost.1,
            time: start.elapsed(),
        };
        self.stats.push(level);
        self.wins.push(wins);
        self.losses.push(losses);
        level
    }

    /// Writes the tables to `path` (through a temporary file renamed into
    /// place): each ply's figures, then every class with its plies.
    pub fn save(&self, path: &Path) -> io::Result<()> {
        let tmp = path.with_extension("tmp");
        {
            let mut out = BufWriter::new(File::create(&tmp)?);
            out.write_all(MAGIC)?;
            out.write_all(&(self.stats.len() as u64).to_le_bytes())?;
            for l in &self.stats {
                for v in [
                    l.plies as u64,
                    l.won_classes,
                    l.won_positions,
                    l.lost_classes,
                    l.lost_positions,
                    l.time.as_millis() as u64,
                ] {
                    out.write_all(&v.to_le_bytes())?;
                }
            }
            out.write_all(&(self.map.len as u64).to_le_bytes())?;
            for &slot in self.map.slots.iter().filter(|&&s| s != EMPTY) {
                out.write_all(&slot.to_le_bytes())?;
            }
            out.into_inner().map_err(|e| e.into_error())?.sync_all()?;
        }
        std::fs::rename(&tmp, path)
    }

    /// Reads tables written by [`EndgameTables::save`]; they can be
    /// extended further (the lists of earlier plies are not kept: only the
    /// last ply's, rebuilt from the classes).
    ///
    /// A file that does not match its header is refused with an
    /// [`io::ErrorKind::InvalidData`] error saying what is wrong: too short
    /// or too long for the counts it gives, plies numbered out of order, a
    /// class that is no position, listed twice, of a ply the header does
    /// not list, or a ply holding other counts than its figures say. What
    /// is read is bounded by the file's real size, whatever the header
    /// claims. A file larger than tables of every class can be
    /// ([`MAX_FILE_BYTES`]) is refused from its size, before a byte of it is
    /// read, with an [`io::ErrorKind::FileTooLarge`] error.
    pub fn load(path: &Path) -> io::Result<EndgameTables> {
        let file = File::open(path)?;
        let metadata = file.metadata()?;
        // A pipe or a device has no size to check the header against
        // beforehand: it is read until its end, which must be the last class's,
        // and never beyond what the largest tables hold.
        let size = metadata.is_file().then_some(metadata.len());
        if let Some(size) = size.filter(|&size| size > MAX_FILE_BYTES) {
            return Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                format!(
                    "too large for a table file: it holds {size} bytes, and tables of every class \
                     hold {MAX_FILE_BYTES}"
                ),
            ));
        }
        EndgameTables::read(BufReader::new(file.take(MAX_FILE_BYTES + 1)), size)
    }

    /// Reads tables from `input`, of `size` bytes if known (see [`EndgameTables::load`]).
    fn read(mut input: impl BufRead, size: Option<u64>) -> io::Result<EndgameTables> {
        let mut magic = [0u8; 8];
        read_exact(&mut input, &mut magic, || {
            "its first 8 bytes (a table file begins with CARRENO2)".into()
        })?;
        let first_format = &magic == MAGIC_1;
        if &magic != MAGIC && !first_format {
            return Err(invalid("not a Carreno endgame table file"));
        }
        let mut tables = EndgameTables::new();
        tables.read_figures(&mut input)?;
        let levels = tables.stats.len() as u64;
        let count = word(&mut input, || "the number of classes".into())?;
        if let Some(size) = size {
            let expected = count
                .checked_mul(8)
                .and_then(|bytes| bytes.checked_add(8 * (3 + 6 * levels)));
            if expected != Some(size) {
                return Err(invalid(format!(
                    "the header claims {levels} plies and {count} classes, {} bytes, but the file holds {size}",
                    expected.map_or_else(|| "more than 2^64".to_string(), |e| e.to_string())
                )));
            }
        }
        if count > CLASSES {
            return Err(invalid(format!(
                "the header claims {count} classes; there are {CLASSES} in all"
            )));
        }
        if levels == 0 && count > 0 {
            return Err(invalid(format!(
                "the header lists no plies, so no class can follow, but it counts {count}"
            )));
        }
        tables.read_classes(&mut input, count, first_format)?;
        if !input.fill_buf()?.is_empty() {
            return Err(invalid(format!("bytes follow the last of the {count} classes")));
        }
        Ok(tables)
    }

    /// Reads the number of plies and each ply's figures, numbered from 1.
    fn read_figures(&mut self, input: &mut impl Read) -> io::Result<()> {
        let levels = word(input, || "the number of plies".into())?;
        if levels > u64::from(MAX_PLIES) {
            return Err(invalid(format!(
                "the header claims {levels} plies; tables hold at most {MAX_PLIES}"
            )));
        }
        for ply in 1..=levels as u32 {
            let mut v = [0u64; 6];
            for value in &mut v {
                *value = word(input, || format!("the figures of ply {ply}"))?;
            }
            if v[0] != u64::from(ply) {
                return Err(invalid(format!("the figures of ply {ply} are numbered {}", v[0])));
            }
            self.stats.push(Level {
                plies: ply,
                won_classes: v[1],
                won_positions: v[2],
                lost_classes: v[3],
                lost_positions: v[4],
                time: Duration::from_millis(v[5]),
            });
            self.wins.push(Vec::new());
            self.losses.push(Vec::new());
        }
        Ok(())
    }

    /// Reads `count` classes, each of a ply the figures list, and checks
    /// that each ply holds as many won and lost classes as its figures say.
    fn read_classes(&mut self, input: &mut impl Read, count: u64, first_format: bool) -> io::Result<()> {
        let levels = self.stats.len();
        // Classes found of each ply, won and lost.
        let mut found = vec![[0u64; 2]; levels];
        for n in 1..=count {
            let slot = word(input, || format!("class {n} of {count}"))?;
            let (key, mut c) = (slot & KEY_BITS, (slot >> 50) as u16);
            if first_format {
                c = (c & 0x7f) | if c & 0x80 != 0 { LOSS } else { 0 };
            }
            let (plies, lost) = ((c & !LOSS) as usize, c & LOSS != 0);
            if plies == 0 || plies > levels {
                return Err(invalid(format!(
                    "class {n} is of ply {plies}, but the header lists plies 1 to {levels}"
                )));
            }
            if !is_class(key) {
                return Err(invalid(format!(
                    "class {n} is no position (each side has seven pieces, on squares of its own)"
                )));
            }
            if !self.map.insert(key, c) {
                return Err(invalid(format!("class {n} is listed twice")));
            }
            found[plies - 1][usize::from(lost)] += 1;
            if plies == levels {
                let list = if lost { &mut self.losses } else { &mut self.wins };
                list[plies - 1].push(key);
            }
        }
        for (level, [won, lost]) in self.stats.iter().zip(found) {
            if (level.won_classes, level.lost_classes) != (won, lost) {
                return Err(invalid(format!(
                    "ply {}: the header counts {} won and {} lost classes, the file holds {won} and {lost}",
                    level.plies, level.won_classes, level.lost_classes
                )));
            }
        }
        Ok(())
    }

    /// Whether every move of the side to move in `position` loses at once
    /// or leads to a position the tables hold as won (for the other side)
    /// within `within` plies.
    fn loses_within(&self, position: &Position, within: u32) -> bool {
        if winning_move(position).is_some() {
            return false;
        }
        let me = position.to_move();
        let won_within = |child: &Position| {
            self.map
                .get(class_key(child))
                .is_some_and(|c| c & LOSS == 0 && (c & !LOSS) as u32 <= within)
        };
        position.legal_moves().iter().all(|&mv| {
            let child = position.play_unchecked(mv);
            if mv == Move::Pass {
                return won_within(&child);
            }
            match child.winner() {
                Some(win) => win.winner != me,
                None => won_within(&child),
            }
        })
    }

    /// What the tables know of `position`: won or lost by the side to move
    /// in exactly this many plies, or `None` beyond the tables' reach.
    pub fn probe(&self, position: &Position) -> Option<super::Proof> {
        self.map.get(class_key(position)).map(|c| {
            let plies = (c & !LOSS) as u32;
            if c & LOSS == 0 {
                super::Proof::Win(plies)
            } else {
                super::Proof::Loss(plies)
            }
        })
    }

    /// Each ply's size and build time.
    pub fn levels(&self) -> &[Level] {
        &self.stats
    }

    /// The memory of the tables, in bytes.
    pub fn bytes(&self) -> usize {
        self.map.bytes()
            + self
                .wins
                .iter()
                .chain(&self.losses)
                .map(|l| l.capacity() * 8)
                .sum::<usize>()
    }

    /// Up to `count` classes won (`won`) or lost in exactly `plies` plies, as
    /// positions with S to move.
    pub fn examples(&self, plies: u32, won: bool, count: usize) -> Vec<Position> {
        let lists = if won { &self.wins } else { &self.losses };
        lists
            .get((plies as usize).wrapping_sub(1))
            .map(|l| l.iter().take(count).map(|&k| class_position(k)).collect())
            .unwrap_or_default()
    }
}

#[cfg(test)]
impl EndgameTables {
    /// Tables holding exactly `entries` (for tests of their users).
    pub(crate) fn from_entries(entries: &[(Position, super::Proof)]) -> EndgameTables {
        let mut tables = EndgameTables::new();
        for (p, proof) in entries {
            let c = match *proof {
                super::Proof::Win(n) => code(n, true),
                super::Proof::Loss(n) => code(n, false),
                super::Proof::Open => continue,
            };
            tables.map.insert(class_key(p), c);
        }
        tables
    }
}

impl std::fmt::Debug for EndgameTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "EndgameTables({} plies, {} classes{})",
            self.plies(),
            self.map.len,
            if self.is_complete() { ", complete" } else { "" }
        )
    }
}

impl Default for EndgameTables {
    fn default() -> EndgameTables {
        EndgameTables::new()
    }
}

/// The number of boards on which a given side is dispersed.
pub fn dispersed_boards() -> u64 {
    let mut count = 0;
    for_each_dispersed(|_| count += 1);
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::Prover;
    use rand::{SeedableRng, rngs::SmallRng};

    #[test]
    fn symmetries_are_permutations_and_keys_are_invariant() {
        for s in 0..8 {
            let mut seen = [false; SQUARES];
            for i in 0..SQUARES {
                seen[MAP[s][i] as usize] = true;
            }
            assert!(seen.iter().all(|&b| b));
        }
        let mut rng = SmallRng::seed_from_u64(2);
        for _ in 0..200 {
            let p = crate::solve::random_position(&mut rng);
            let k = class_key(&p);
            let me = p.to_move();
            for s in 0..8 {
                let own = transform(s, p.pieces(me).bits());
                let other = transform(s, p.pieces(me.other()).bits());
                let board = Board::from_sets(SquareSet::from_bits(own), SquareSet::from_bits(other)).unwrap();
                let image = Position::from_board(board, Side::S);
                assert_eq!(class_key(&image), k);
                // The other side to move with the colours swapped is the same class.
                let swapped = Position::from_board(
                    Board::from_sets(SquareSet::from_bits(other), SquareSet::from_bits(own)).unwrap(),
                    Side::O,
                );
                assert_eq!(class_key(&swapped), k);
            }
        }
    }

    #[test]
    fn tables_travel_through_a_file() {
        let mut tables = EndgameTables::new();
        let mut rng = SmallRng::seed_from_u64(9);
        let positions: Vec<Position> = (0..100).map(|_| crate::solve::random_position(&mut rng)).collect();
        // Won in 1 or lost in 2, alternately, each ply's figures counting its classes.
        let mut counts = [0u64; 2];
        for (i, p) in positions.iter().enumerate() {
            let plies = 1 + (i % 2) as u32;
            if tables.map.insert(class_key(p), code(plies, i % 2 == 0)) {
                counts[i % 2] += 1;
            }
        }
        for plies in 1..=2 {
            let won = plies == 1;
            tables.stats.push(Level {
                plies,
                won_classes: if won { counts[0] } else { 0 },
                won_positions: 2,
                lost_classes: if won { 0 } else { counts[1] },
                lost_positions: 4,
                time: Duration::from_millis(5),
            });
            tables.wins.push(Vec::new());
            tables.losses.push(Vec::new());
        }
        let path = std::env::temp_dir().join(format!("carreno-tables-test-{}.bin", std::process::id()));
        tables.save(&path).unwrap();
        let back = EndgameTables::load(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(back.levels(), tables.levels());
        for p in &positions {
            assert_eq!(back.probe(p), tables.probe(p));
            assert!(back.probe(p).is_some());
        }
        // The last ply's lists are rebuilt, so the tables can be extended.
        assert_eq!(back.losses[1].len() as u64, counts[1]);
        assert!(EndgameTables::load(Path::new("/nonexistent/carreno")).is_err());
        // A file of the first format (an 8-bit code) reads as well.
        let p = positions[0];
        let mut bytes = MAGIC_1.to_vec();
        for word in [1, 1, 0, 0, 1, 16, 7, 1, class_key(&p) | (0x80 | 1) << 50] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        std::fs::write(&path, bytes).unwrap();
        let old = EndgameTables::load(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(old.probe(&p), Some(super::super::Proof::Loss(1)));
    }

    /// Burnside's lemma over the eight symmetries: the classes are the
    /// boards' orbits, the mean number of boards each symmetry fixes.
    #[test]
    fn the_classes_are_counted_right() {
        let mut fixed_total = 0u64;
        for map in &MAP {
            // The symmetry's cycles of squares; a board it fixes is made of whole cycles.
            let mut seen = [false; SQUARES];
            let mut counts = vec![[0u64; 8]; 8];
            counts[0][0] = 1;
            for start in 0..SQUARES {
                let mut length = 0;
                let mut square = start;
                while !seen[square] {
                    seen[square] = true;
                    square = map[square] as usize;
                    length += 1;
                }
                if length == 0 {
                    continue;
                }
                let mut next = counts.clone();
                for own in 0..8 {
                    for other in 0..8 {
                        let ways = counts[own][other];
                        if own + length < 8 {
                            next[own + length][other] += ways;
                        }
                        if other + length < 8 {
                            next[own][other + length] += ways;
                        }
                    }
                }
                counts = next;
            }
            fixed_total += counts[7][7];
        }
        assert_eq!(fixed_total % 8, 0);
        assert_eq!(fixed_total / 8, CLASSES);
        assert_eq!(MAX_FILE_BYTES, 15_298_929_192);
    }

    #[test]
    fn a_file_larger_than_any_tables_is_refused_before_it_is_read() {
        let path = std::env::temp_dir().join(format!("carreno-tables-large-{}.bin", std::process::id()));
        // Sparse: no disk, and refused from its size alone.
        let file = File::create(&path).unwrap();
        file.set_len(MAX_FILE_BYTES + 1).unwrap();
        let started = Instant::now();
        let Err(error) = EndgameTables::load(&path) else {
            panic!("refused")
        };
        std::fs::remove_file(&path).unwrap();
        assert_eq!(error.kind(), io::ErrorKind::FileTooLarge, "{error}");
        assert!(error.to_string().starts_with("too large for a table file"), "{error}");
        assert!(started.elapsed() < Duration::from_secs(5), "not read");
    }

    #[test]
    fn a_stream_of_unknown_size_is_checked_as_it_is_read() {
        let key = class_key(&Position::START);
        let words = |words: &[u64]| -> Vec<u8> {
            let mut bytes = MAGIC.to_vec();
            for word in words {
                bytes.extend_from_slice(&word.to_le_bytes());
            }
            bytes
        };
        let good = words(&[1, 1, 1, 2, 0, 0, 3, 1, key | 1 << 50]);
        let tables = EndgameTables::read(good.as_slice(), None).unwrap();
        assert_eq!(tables.probe(&Position::START), Some(super::super::Proof::Win(1)));
        let mut longer = good.clone();
        longer.push(0);
        let error = EndgameTables::read(longer.as_slice(), None).unwrap_err();
        assert_eq!(error.to_string(), "bytes follow the last of the 1 classes");
        // A count beyond the classes there are is refused before any is read.
        let huge = words(&[1, 1, 1, 2, 0, 0, 3, u64::MAX, key | 1 << 50]);
        let error = EndgameTables::read(huge.as_slice(), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the header claims 18446744073709551615 classes; there are 1912317000 in all"
        );
        // A count far beyond what comes is read only as far as the input goes.
        let many = words(&[1, 1, 1, 2, 0, 0, 3, CLASSES, key | 1 << 50]);
        let error = EndgameTables::read(many.as_slice(), None).unwrap_err();
        assert_eq!(error.to_string(), "the file ends in class 2 of 1912317000");
        for cut in 0..good.len() {
            let error = EndgameTables::read(&good[..cut], None).unwrap_err();
            assert_eq!(error.kind(), io::ErrorKind::InvalidData, "{cut}: {error}");
        }
    }

    #[test]
    #[ignore = "builds four plies of tables over all 30.6 billion positions: minutes; run with --release --ignored"]
    fn tables_agree_with_the_prover() {
        let tables = EndgameTables::build(4, |_| {});
        let mut prover = Prover::new(16);
        let mut rng = SmallRng::seed_from_u64(4);
        let mut decided = 0;
        for _ in 0..3000 {
            let p = crate::solve::random_position(&mut rng);
            if p.winner().is_some() || p.board().is_dispersed(p.to_move()) {
                continue;
            }
            let proof = prover.prove(&p, 4);
            let probed = tables.probe(&p).unwrap_or(super::super::Proof::Open);
            assert_eq!(probed, proof, "{p}");
            decided += usize::from(proof != super::super::Proof::Open);
        }
        assert!(decided > 10, "{decided}");
        // And classes of every ply are what the prover says.
        for plies in 1..=4 {
            for won in [true, false] {
                for p in tables.examples(plies, won, 40) {
                    let expect = if won {
                        super::super::Proof::Win(plies)
                    } else {
                        super::super::Proof::Loss(plies)
                    };
                    assert_eq!(prover.prove(&p, 4), expect, "{p}");
                }
            }
        }
    }
}
