//! A game's player, on a thread of its own: the built-in AI or a CodeCup
//! program (the arena's seats, [`crate::referee`]), asked for one move at
//! a time. Thinking, or waiting on a program, never holds up the
//! connection: the bot's task sends an [`Ask`] and goes on; the move comes
//! back on a channel.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use entropy_rules::{Placement, Position, Role};
use tokio::sync::mpsc::UnboundedSender;

use super::clock::{SharedClock, TimeLeft};
use crate::arena::PlayerSpec;
use crate::referee::{Builtin, External, Fault, Seat};

/// A program's thinking time for a round (a board) when the game has no
/// live clock (correspondence).
pub const PROGRAM_CORRESPONDENCE_TIME: Duration = Duration::from_secs(600);

/// Which seat a move is for: the part of the game (the round of the
/// two-round match, the board of the simultaneous match) and the role.
pub type SeatKey = (u8, Role);

/// A move to choose.
#[derive(Clone, Debug)]
pub struct Ask {
    pub key: SeatKey,
    /// The board the move is played on.
    pub board: u8,
    /// The position, waiting for the move.
    pub position: Position,
    /// Chaos: Order's last move on the board (a CodeCup program is told it).
    pub last_order: Option<String>,
    /// Order: the placement to answer.
    pub placement: Option<Placement>,
    pub time: TimeLeft,
}

/// The move chosen, in CodeCup notation, or why there is none.
#[derive(Debug)]
pub struct Answer {
    pub game: String,
    pub board: u8,
    pub position: Position,
    pub result: Result<String, Fault>,
}

/// How the game's seats are made.
#[derive(Clone, Debug)]
pub struct SeatMaker {
    pub spec: PlayerSpec,
    pub seed: u64,
    /// A program's thinking time for a round or a board.
    pub program_time: Duration,
}

impl SeatMaker {
    fn make(&self, key: SeatKey, clock: &SharedClock) -> Box<dyn Seat> {
        let seed = crate::arena::derive_seed(self.seed, &[u64::from(key.0), u64::from(key.1 == Role::Chaos)]);
        match (&self.spec, self.spec.builtin(seed)) {
            (_, Some(player)) => Box::new(Builtin::new(player, Box::new(clock.clone()))),
            (PlayerSpec::External(command), None) => Box::new(External::new(command.clone(), self.program_time)),
            (spec, None) => unreachable!("{spec} is built in or a program"),
        }
    }
}

/// The thread playing one game's moves.
pub struct GameThread {
    asks: mpsc::Sender<Ask>,
}

impl GameThread {
    /// Starts the thread of `game` (a simultaneous match if `simultaneous`:
    /// then the seats' keys are boards, otherwise rounds); its answers go
    /// to `answers`.
    pub fn start(
        game: String,
        maker: SeatMaker,
        per_move: Duration,
        simultaneous: bool,
        answers: UnboundedSender<Answer>,
    ) -> GameThread {
        let (asks, inbox) = mpsc::channel::<Ask>();
        thread::spawn(move || {
            let clock = SharedClock::new(per_move);
            let mut seats: HashMap<SeatKey, Box<dyn Seat>> = HashMap::new();
            for ask in inbox {
                // The seat of a round over is done with: its program ends.
                if !simultaneous {
                    let done: Vec<SeatKey> = seats.keys().filter(|k| k.0 < ask.key.0).copied().collect();
                    for key in done {
                        if let Some(mut seat) = seats.remove(&key) {
                            seat.end();
                        }
                    }
                }
                clock.set(ask.time);
                let result = choose(&mut seats, &maker, &clock, &ask);
                let answer = Answer {
                    game: game.clone(),
                    board: ask.board,
                    position: ask.position,
                    result,
                };
                if answers.send(answer).is_err() {
                    break;
                }
            }
            for seat in seats.values_mut() {
                seat.end();
            }
        });
        GameThread { asks }
    }

    /// Asks for a move; the answer comes on the channel given to [`GameThread::start`].
    pub fn ask(&self, ask: Ask) -> Result<(), Fault> {
        self.asks
            .send(ask)
            .map_err(|_| Fault::Crashed("the game's player thread has ended".into()))
    }
}

/// Asks the seat of `ask.key` (begun the first time) for its move, checked
/// against the position.
fn choose(
    seats: &mut HashMap<SeatKey, Box<dyn Seat>>,
    maker: &SeatMaker,
    clock: &SharedClock,
    ask: &Ask,
) -> Result<String, Fault> {
    let seat = match seats.entry(ask.key) {
        Entry::Occupied(seat) => seat.into_mut(),
        Entry::Vacant(slot) => {
            let mut seat = maker.make(ask.key, clock);
            seat.begin(ask.key.1)?;
            slot.insert(seat)
        }
    };
    let illegal = |text: String, e: entropy_rules::MoveError| Fault::Illegal {
        text,
        reason: e.to_string(),
    };
    match ask.key.1 {
        Role::Chaos => {
            let cell = seat.place(&ask.position, ask.last_order.as_deref())?;
            ask.position
                .check_place(cell)
                .map_err(|e| illegal(cell.to_string(), e))?;
            Ok(cell.to_string())
        }
        Role::Order => {
            let placement = ask
                .placement
                .ok_or_else(|| Fault::Crashed("asked for Order's move with no placement to answer".into()))?;
            let mv = seat.order(&ask.position, placement)?;
            let text = mv.notation(placement.cell);
            ask.position.check_order(mv).map_err(|e| illegal(text.clone(), e))?;
            Ok(text)
        }
    }
}
