use std::fmt;
use std::str::FromStr;

use crate::NotationError;
use crate::{Cell, Colour};

/// The most Order moves a position can have, the pass included: every empty
/// cell can be reached from at most four counters.
pub const MAX_ORDER_MOVES: usize = 4 * 48 + 1;

/// Order's legal moves, in a fixed-capacity list that never allocates.
pub type MoveList = arrayvec::ArrayVec<OrderMove, MAX_ORDER_MOVES>;

/// Chaos putting a counter of `colour` on `cell`.
///
/// Written `3Dc` (colour digit then cell), as the CodeCup referee tells Order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The colour drawn.
    pub colour: Colour,
    /// Where it goes.
    pub cell: Cell,
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.colour, self.cell)
    }
}

impl FromStr for Placement {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        let colour = chars
            .next()
            .and_then(|ch| ch.to_digit(10))
            .and_then(|d| Colour::from_number(d as u8))
            .ok_or_else(|| NotationError::new(s, "a placement is a colour 1-7 then a cell, like 3Dc"))?;
        let cell: Cell = chars
            .as_str()
            .parse()
            .map_err(|e: NotationError| NotationError::new(s, e.reason))?;
        Ok(Placement { colour, cell })
    }
}

/// Order sliding the counter on `from` to `to`, like a rook. Written `DcDf`.
///
/// Any two cells make a `Slide` value; [`crate::Position::check_order`] says
/// whether it is legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slide {
    /// Where the counter stands.
    pub from: Cell,
    /// Where it ends.
    pub to: Cell,
}

impl Slide {
    /// The slide from `from` to `to`.
    pub const fn new(from: Cell, to: Cell) -> Slide {
        Slide { from, to }
    }

    /// The number of cells travelled (0 when not straight).
    pub fn distance(self) -> usize {
        if self.from.row() == self.to.row() {
            self.from.col().abs_diff(self.to.col())
        } else if self.from.col() == self.to.col() {
            self.from.row().abs_diff(self.to.row())
        } else {
            0
        }
    }

    /// The cells passed over and landed on, in order from `from` (not
    /// included) to `to`; empty when the slide is not straight.
    pub fn path(self) -> impl Iterator<Item = Cell> {
        let (fr, fc) = (self.from.row() as isize, self.from.col() as isize);
        let (tr, tc) = (self.to.row() as isize, self.to.col() as isize);
        let straight = fr == tr || fc == tc;
        let (dr, dc) = ((tr - fr).signum(), (tc - fc).signum());
        let steps = if straight { self.distance() } else { 0 };
        (1..=steps as isize).filter_map(move |k| Cell::new((fr + dr * k) as usize, (fc + dc * k) as usize))
    }
}

impl fmt::Display for Slide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl FromStr for Slide {
    type Err = NotationError;
    /// Reads `DcDf`; the same cell twice is refused (that is a pass, see [`OrderMove::parse`]).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match OrderMove::parse(s)? {
            OrderMove::Slide(slide) => Ok(slide),
            OrderMove::Pass => Err(NotationError::new(s, "a slide needs two different cells")),
        }
    }
}

/// What Order does after a placement: slide one counter, or pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OrderMove {
    /// Slide a counter.
    Slide(Slide),
    /// Leave the board as it is.
    Pass,
}

impl OrderMove {
    /// The slide from `from` to `to`.
    pub const fn slide(from: Cell, to: Cell) -> OrderMove {
        OrderMove::Slide(Slide { from, to })
    }

    /// CodeCup notation: `DcDf` for a slide; for a pass, `placed` twice (the
    /// protocol accepts any cell twice; the convention is the cell just placed).
    pub fn notation(self, placed: Cell) -> String {
        match self {
            OrderMove::Slide(slide) => slide.to_string(),
            OrderMove::Pass => format!("{placed}{placed}"),
        }
    }

    /// Reads CodeCup notation: two cells; the same cell twice is a pass.
    pub fn parse(s: &str) -> Result<OrderMove, NotationError> {
        let wrap = |e: NotationError| NotationError::new(s, e.reason);
        let (from, rest) = Cell::parse_prefix(s).map_err(wrap)?;
        let to: Cell = rest.parse().map_err(wrap)?;
        Ok(if from == to {
            OrderMove::Pass
        } else {
            OrderMove::slide(from, to)
        })
    }
}

impl fmt::Display for OrderMove {
    /// `DcDf`, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrderMove::Slide(slide) => slide.fmt(f),
            OrderMove::Pass => f.write_str("pass"),
        }
    }
}

/// A move of either side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Chaos's placement.
    Place(Placement),
    /// Order's slide or pass.
    Order(OrderMove),
}

impl fmt::Display for Move {
    /// The move in CodeCup notation, as [`Placement`] and [`OrderMove`] write it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(placement) => placement.fmt(f),
            Move::Order(order) => order.fmt(f),
        }
    }
}

/// One turn of a round: Chaos's placement and Order's reply (none after the
/// last placement, or while Order has yet to move).
///
/// Written `3Dc DcDf`, `3Dc DcDc` (a pass), or `3Dc`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// Chaos's placement.
    pub placement: Placement,
    /// Order's reply.
    pub reply: Option<OrderMove>,
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.placement)?;
        if let Some(reply) = self.reply {
            write!(f, " {}", reply.notation(self.placement.cell))?;
        }
        Ok(())
    }
}

impl FromStr for Turn {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut words = s.split_whitespace();
        let placement: Placement = words
            .next()
            .ok_or_else(|| NotationError::new(s, "a turn is a placement like 3Dc, then Order's move"))?
            .parse()?;
        let reply = words.next().map(OrderMove::parse).transpose()?;
        if words.next().is_some() {
            return Err(NotationError::new(s, "a turn has at most two moves"));
        }
        Ok(Turn { placement, reply })
    }
}

#[cfg(feature = "serde")]
board_basics::serde_as_text!(Placement, Slide, Turn);
