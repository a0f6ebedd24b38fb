//! `entropy-cli bot`: a player speaking the CodeCup 2023 protocol on
//! standard input and output (see the project's rules page).

use std::fmt;
use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use entropy_ai::{Limits, Player};
use entropy_rules::text::{Bounds, MAX_LINE, excerpt};
use entropy_rules::{Colour, OrderMove, Phase, Placement, Position, Role, Size};

use crate::input::{InputError, LineReader};

/// What the bot reads: lines of at most [`MAX_LINE`] bytes (the protocol's
/// are a few characters), as many as the game takes.
pub const BOUNDS: Bounds = Bounds::lines(MAX_LINE);

/// Why the bot stopped before `Quit`.
#[derive(Debug)]
pub enum BotError {
    /// Writing failed.
    Io(io::Error),
    /// A line from the referee could not be read: reading failed, or it is
    /// too long, or not UTF-8.
    Input(InputError),
    /// The referee sent a line that is malformed or illegal here.
    Protocol {
        /// 1-based number of the input line.
        line_no: usize,
        /// The line as read (at most [`MAX_LINE`] bytes).
        line: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The input ended before `Quit`.
    Ended {
        /// Lines read.
        lines: usize,
    },
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotError::Io(e) => write!(f, "cannot write to the referee: {e}"),
            BotError::Input(e) => write!(f, "from the referee, {e}"),
            BotError::Protocol { line_no, line, reason } => {
                write!(f, "line {line_no} from the referee, \"{}\": {reason}", excerpt(line))
            }
            BotError::Ended { lines } => write!(f, "the input ended after {lines} lines, before Quit"),
        }
    }
}

impl std::error::Error for BotError {}

impl From<io::Error> for BotError {
    fn from(e: io::Error) -> BotError {
        BotError::Io(e)
    }
}

/// Decides the limits of each move (a fixed budget, or a share of a game clock).
pub trait MoveClock {
    /// The limits for the move about to be chosen in `position`.
    fn limits(&mut self, position: &Position) -> Limits;
    /// Called when the move is made.
    fn moved(&mut self) {}
}

impl MoveClock for Limits {
    fn limits(&mut self, _position: &Position) -> Limits {
        self.clone()
    }
}

/// A game clock: a total thinking time for the round, spread over the
/// moves still to make, each move at most `per_move` (the level's budget).
#[derive(Clone, Debug)]
pub struct GameClock {
    total: Duration,
    per_move: Duration,
    nodes: Option<u64>,
    used: Duration,
    started: Option<Instant>,
}

/// Time kept back from a game clock for reading, writing and the process itself.
const CLOCK_RESERVE: Duration = Duration::from_millis(500);

impl GameClock {
    /// `total` for the round, at most `per_move` a move, and at most `nodes`
    /// search nodes a move if given.
    pub fn new(total: Duration, per_move: Duration, nodes: Option<u64>) -> GameClock {
        GameClock {
            total,
            per_move,
            nodes,
            used: Duration::ZERO,
            started: None,
        }
    }

    /// The time used so far.
    pub fn used(&self) -> Duration {
        self.used
    }
}

impl MoveClock for GameClock {
    fn limits(&mut self, position: &Position) -> Limits {
        self.started = Some(Instant::now());
        // Moves left for this side, this one included: one per empty cell
        // for Chaos (placing) and for Order (answering every placement but the last).
        let empty = position.board().vacant().len();
        let left = empty.max(1);
        let remaining = self.total.saturating_sub(self.used).saturating_sub(CLOCK_RESERVE);
        // Half as much again as an even share, but never the whole rest at the end.
        let share = remaining.mul_f64(1.5 / (left + 2) as f64);
        let time = share.min(self.per_move).max(Duration::from_millis(1));
        Limits {
            time: Some(time),
            nodes: self.nodes,
            ..Limits::default()
        }
    }

    fn moved(&mut self) {
        if let Some(start) = self.started.take() {
            self.used += start.elapsed();
        }
    }
}

struct Session<'a, R, W> {
    lines: LineReader<R>,
    output: W,
    position: Position,
    player: &'a mut dyn Player,
    clock: &'a mut dyn MoveClock,
}

impl<R: BufRead, W: Write> Session<'_, R, W> {
    fn next_line(&mut self) -> Result<String, BotError> {
        match self.lines.next_line().map_err(BotError::Input)? {
            Some(line) => Ok(line.trim().to_string()),
            None => Err(BotError::Ended {
                lines: self.lines.line_number(),
            }),
        }
    }

    fn fault(&self, line: &str, reason: impl fmt::Display) -> BotError {
        BotError::Protocol {
            line_no: self.lines.line_number(),
            line: line.to_string(),
            reason: reason.to_string(),
        }
    }

    fn send(&mut self, text: &str) -> Result<(), BotError> {
        writeln!(self.output, "{text}")?;
        self.output.flush()?;
        Ok(())
    }

    /// Chaos: colours to place, with Order's moves between them.
    fn play_chaos(&mut self) -> Result<(), BotError> {
        loop {
            let line = self.next_line()?;
            if line == "Quit" {
                return Ok(());
            }
            if line.len() == 1 {
                let colour = line
                    .chars()
                    .next()
                    .and_then(|ch| ch.to_digit(10))
                    .and_then(|d| Colour::from_number(d as u8))
                    .ok_or_else(|| self.fault(&line, "expected a colour 1-7, Order's move, or Quit"))?;
                self.position.draw(colour).map_err(|e| self.fault(&line, e))?;
                let limits = self.clock.limits(&self.position);
                let cell = self.player.place(&self.position, &limits);
                self.clock.moved();
                self.position
                    .place(cell)
                    .map_err(|e| self.fault(&line, format!("own placement {cell} refused: {e}")))?;
                self.send(&cell.to_string())?;
            } else {
                let mv = OrderMove::parse(&line).map_err(|e| self.fault(&line, e.reason))?;
                self.position.order(mv).map_err(|e| self.fault(&line, e))?;
            }
        }
    }

    /// Order: placements to answer, starting with `first`.
    fn play_order(&mut self, first: String) -> Result<(), BotError> {
        let mut line = first;
        loop {
            if line == "Quit" {
                return Ok(());
            }
            let placement: Placement = line.parse().map_err(|e: entropy_rules::NotationError| {
                self.fault(&line, format!("expected a placement like 3Dc, or Quit ({})", e.reason))
            })?;
            self.position.draw(placement.colour).map_err(|e| self.fault(&line, e))?;
            self.position.place(placement.cell).map_err(|e| self.fault(&line, e))?;
            if self.position.phase() == Phase::OrderMove {
                let limits = self.clock.limits(&self.position);
                let mv = self.player.order(&self.position, &limits);
                self.clock.moved();
                self.position
                    .order(mv)
                    .map_err(|e| self.fault(&line, format!("own move {mv} refused: {e}")))?;
                self.send(&mv.notation(placement.cell))?;
            }
            line = self.next_line()?;
        }
    }
}

/// Plays one game of the CodeCup 2023 protocol (7×7) as the role the first
/// line announces, until `Quit`. Returns the role played. Lines are read
/// within [`BOUNDS`] (a byte-order mark at the start is skipped), and an
/// error quotes at most an escaped excerpt of one.
pub fn play<R: BufRead, W: Write>(
    input: R,
    output: W,
    player: &mut dyn Player,
    clock: &mut dyn MoveClock,
) -> Result<Role, BotError> {
    let mut session = Session {
        lines: LineReader::new(input, BOUNDS),
        output,
        position: Position::new(Size::Seven),
        player,
        clock,
    };
    let first = session.next_line()?;
    if first == "Start" {
        session.play_chaos()?;
        Ok(Role::Chaos)
    } else {
        session.play_order(first)?;
        Ok(Role::Order)
    }
}
