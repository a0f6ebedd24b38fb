//! A referee: plays rounds between two seats, each a built-in player or an
//! external program speaking the CodeCup 2023 protocol, checking every move
//! with the rules crate. A seat that crashes, runs out of time or plays an
//! illegal move forfeits the round with a message saying what happened.

use std::fmt;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use entropy_ai::Player;
use entropy_rules::{Action, Bag, Cell, OrderMove, Placement, Position, Role, Round, RoundRecord};

use crate::bot::MoveClock;

/// Why a seat lost the round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The program could not start, exited, or closed its output.
    Crashed(String),
    /// The program used up its time.
    TimedOut(Duration),
    /// The program's answer is malformed or illegal.
    Illegal {
        /// What it wrote.
        text: String,
        /// Why that is refused.
        reason: String,
    },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Crashed(detail) => write!(f, "crashed: {detail}"),
            Fault::TimedOut(limit) => write!(f, "timed out: used its {:.1} s", limit.as_secs_f64()),
            Fault::Illegal { text, reason } => write!(f, "illegal move {text:?}: {reason}"),
        }
    }
}

/// One side of a round, as the referee sees it.
pub trait Seat {
    /// A name for reports.
    fn name(&self) -> String;
    /// A round begins with this seat in `role`.
    fn begin(&mut self, role: Role) -> Result<(), Fault>;
    /// Chaos: where the drawn counter goes (`position` waits for the
    /// placement). `last_order` is Order's previous move in CodeCup notation.
    fn place(&mut self, position: &Position, last_order: Option<&str>) -> Result<Cell, Fault>;
    /// Order: the reply to `placement` (`position` waits for Order).
    fn order(&mut self, position: &Position, placement: Placement) -> Result<OrderMove, Fault>;
    /// The round is over (or abandoned).
    fn end(&mut self);
}

/// A built-in player in a seat.
pub struct Builtin {
    player: Box<dyn Player>,
    clock: Box<dyn MoveClock + Send>,
}

impl Builtin {
    /// `player`, with move limits from `clock`.
    pub fn new(player: Box<dyn Player>, clock: Box<dyn MoveClock + Send>) -> Builtin {
        Builtin { player, clock }
    }
}

impl Seat for Builtin {
    fn name(&self) -> String {
        self.player.name()
    }

    fn begin(&mut self, _role: Role) -> Result<(), Fault> {
        Ok(())
    }

    fn place(&mut self, position: &Position, _last_order: Option<&str>) -> Result<Cell, Fault> {
        let limits = self.clock.limits(position);
        let cell = self.player.place(position, &limits);
        self.clock.moved();
        Ok(cell)
    }

    fn order(&mut self, position: &Position, _placement: Placement) -> Result<OrderMove, Fault> {
        let limits = self.clock.limits(position);
        let mv = self.player.order(position, &limits);
        self.clock.moved();
        Ok(mv)
    }

    fn end(&mut self) {}
}

/// An external program in a seat: a shell command line, started afresh for
/// every round, with a time budget for the whole round (CodeCup gave 30 s).
pub struct External {
    command: String,
    budget: Duration,
    running: Option<Running>,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    stderr: Arc<Mutex<String>>,
    used: Duration,
}

/// How much of a program's standard error to keep for the report.
const STDERR_TAIL: usize = 600;

impl External {
    /// The program run by `sh -c command`, with `budget` of thinking time per round.
    pub fn new(command: impl Into<String>, budget: Duration) -> External {
        External {
            command: command.into(),
            budget,
            running: None,
        }
    }

    fn running(&mut self) -> Result<&mut Running, Fault> {
        self.running
            .as_mut()
            .ok_or_else(|| Fault::Crashed("the program is not running".into()))
    }

    /// Sends `line` and, if `answer`, waits for one line back within the budget.
    fn exchange(&mut self, line: &str, answer: bool) -> Result<Option<String>, Fault> {
        let budget = self.budget;
        let run = self.running()?;
        let start = Instant::now();
        if let Err(e) = writeln!(run.stdin, "{line}").and_then(|_| run.stdin.flush()) {
            return Err(run.crashed(&format!("could not write to it ({e})")));
        }
        if !answer {
            return Ok(None);
        }
        let left = budget.saturating_sub(run.used);
        let received = run.lines.recv_timeout(left);
        run.used += start.elapsed();
        match received {
            Ok(text) => Ok(Some(text)),
            Err(RecvTimeoutError::Timeout) => Err(Fault::TimedOut(budget)),
            Err(RecvTimeoutError::Disconnected) => Err(run.crashed("its output ended")),
        }
    }
}

impl Running {
    /// A crash report: what happened, the exit status, the end of stderr.
    fn crashed(&mut self, what: &str) -> Fault {
        let deadline = Instant::now() + Duration::from_secs(1);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break status.to_string(),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                _ => break "still running".to_string(),
            }
        };
        // Give the stderr reader a moment to collect the last words.
        thread::sleep(Duration::from_millis(20));
        let stderr = self.stderr.lock().map(|s| s.trim().to_string()).unwrap_or_default();
        let mut detail = format!("{what}; {status}");
        if !stderr.is_empty() {
            detail.push_str(&format!("; stderr: {stderr}"));
        }
        Fault::Crashed(detail)
    }
}

impl Seat for External {
    fn name(&self) -> String {
        self.command.clone()
    }

    fn begin(&mut self, role: Role) -> Result<(), Fault> {
        self.end();
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(&self.command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| Fault::Crashed(format!("could not start {:?}: {e}", self.command)))?;
        let (Some(stdin), Some(stdout), Some(mut stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            return Err(Fault::Crashed("no pipes to the program".into()));
        };
        let (send, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line.trim().to_string()).is_err() {
                    break;
                }
            }
        });
        let tail = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&tail);
        thread::spawn(move || {
            let mut buf = [0u8; 1024];
            while let Ok(n @ 1..) = stderr.read(&mut buf) {
                if let Ok(mut s) = sink.lock() {
                    s.push_str(&String::from_utf8_lossy(&buf[..n]));
                    if s.len() > STDERR_TAIL {
                        let cut = s.len() - STDERR_TAIL;
                        let cut = (cut..s.len()).find(|&i| s.is_char_boundary(i)).unwrap_or(s.len());
                        s.drain(..cut);
                    }
                }
            }
        });
        self.running = Some(Running {
            child,
            stdin,
            lines,
            stderr: tail,
            used: Duration::ZERO,
        });
        if role == Role::Chaos {
            self.exchange("Start", false)?;
        }
        Ok(())
    }

    fn place(&mut self, position: &Position, last_order: Option<&str>) -> Result<Cell, Fault> {
        if let Some(mv) = last_order {
            self.exchange(mv, false)?;
        }
        let entropy_rules::Phase::ChaosPlace(colour) = position.phase() else {
            return Err(Fault::Crashed("asked to place with no counter drawn".into()));
        };
        let text = self.exchange(&colour.to_string(), true)?.unwrap_or_default();
        text.parse::<Cell>().map_err(|e| Fault::Illegal {
            text: text.clone(),
            reason: e.reason,
        })
    }

    fn order(&mut self, _position: &Position, placement: Placement) -> Result<OrderMove, Fault> {
        let text = self.exchange(&placement.to_string(), true)?.unwrap_or_default();
        OrderMove::parse(&text).map_err(|e| Fault::Illegal {
            text: text.clone(),
            reason: e.reason,
        })
    }

    fn end(&mut self) {
        if let Some(mut run) = self.running.take() {
            let _ = writeln!(run.stdin, "Quit").and_then(|_| run.stdin.flush());
            drop(run.stdin);
            let deadline = Instant::now() + Duration::from_millis(500);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = run.child.try_wait() {
                    return;
                }
                thread::sleep(Duration::from_millis(5));
            }
            let _ = run.child.kill();
            let _ = run.child.wait();
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        if let Some(run) = self.running.as_mut() {
            let _ = run.child.kill();
            let _ = run.child.wait();
        }
    }
}

/// How a round went.
#[derive(Clone, Debug)]
pub struct RoundOutcome {
    /// The moves, replayable.
    pub record: RoundRecord,
    /// Order's score on the board as it ended.
    pub score: u32,
    /// The seat that forfeited, if one did, and why.
    pub fault: Option<(Role, Fault)>,
    /// Order's thinking time per move.
    pub order_times: Vec<Duration>,
    /// Chaos's thinking time per move.
    pub chaos_times: Vec<Duration>,
}

/// Plays a round from `bag` between the two seats.
pub fn play_round(bag: Bag, order: &mut dyn Seat, chaos: &mut dyn Seat) -> RoundOutcome {
    let mut round = Round::with_bag(bag);
    let mut order_times = Vec::new();
    let mut chaos_times = Vec::new();
    let fault = run_round(&mut round, order, chaos, &mut order_times, &mut chaos_times).err();
    order.end();
    chaos.end();
    RoundOutcome {
        record: round.record(),
        score: round.score(),
        fault,
        order_times,
        chaos_times,
    }
}

fn run_round(
    round: &mut Round,
    order: &mut dyn Seat,
    chaos: &mut dyn Seat,
    order_times: &mut Vec<Duration>,
    chaos_times: &mut Vec<Duration>,
) -> Result<(), (Role, Fault)> {
    let illegal = |role, text: String, reason: String| (role, Fault::Illegal { text, reason });
    order.begin(Role::Order).map_err(|f| (Role::Order, f))?;
    chaos.begin(Role::Chaos).map_err(|f| (Role::Chaos, f))?;
    let mut last_order: Option<String> = None;
    loop {
        round
            .apply(Action::Draw)
            .map_err(|e| illegal(Role::Chaos, "draw".into(), e.to_string()))?;
        let entropy_rules::Phase::ChaosPlace(colour) = round.phase() else {
            return Err(illegal(Role::Chaos, "draw".into(), "no counter was drawn".into()));
        };
        let start = Instant::now();
        let cell = chaos
            .place(round.position(), last_order.as_deref())
            .map_err(|f| (Role::Chaos, f))?;
        chaos_times.push(start.elapsed());
        round
            .apply(Action::Place(cell))
            .map_err(|e| illegal(Role::Chaos, cell.to_string(), e.to_string()))?;
        let placement = Placement { colour, cell };
        if round.is_finished() {
            return Ok(());
        }
        let start = Instant::now();
        let mv = order.order(round.position(), placement).map_err(|f| (Role::Order, f))?;
        order_times.push(start.elapsed());
        round
            .apply(mv.into())
            .map_err(|e| illegal(Role::Order, mv.notation(placement.cell), e.to_string()))?;
        last_order = Some(mv.notation(placement.cell));
    }
}
