//! A referee: plays rounds between two seats, each a built-in player or an
//! external program speaking the CodeCup 2023 protocol, checking every move
//! with the rules crate. A seat that crashes, runs out of time, plays an
//! illegal move or breaks the protocol (a line too long or not UTF-8, more
//! than one line for a move, output it was not asked for) forfeits the
//! round with a message saying what happened. A program's output is read
//! within bounds, whatever it writes: lines of [`bot::BOUNDS`], a few of
//! them waiting at most.

use std::fmt;
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use entropy_ai::{Player, Searched};
use entropy_rules::text::{escaped, excerpt};
use entropy_rules::{Action, Bag, Cell, OrderMove, Placement, Position, Role, Round, RoundRecord};

use crate::bot::{self, MoveClock};
use crate::input::LineReader;

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
    /// The program broke the protocol: a line too long or not UTF-8, more
    /// than one line for a move, or output it was not asked for.
    Protocol(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Crashed(detail) => write!(f, "crashed: {detail}"),
            Fault::TimedOut(limit) => write!(f, "timed out: used its {:.1} s", limit.as_secs_f64()),
            Fault::Illegal { text, reason } => write!(f, "illegal move \"{}\": {reason}", excerpt(text)),
            Fault::Protocol(detail) => write!(f, "broke the protocol: {detail}"),
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
    /// How much a built-in searching player searched (`None` for others).
    fn searched(&self) -> Option<Searched> {
        None
    }
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

    fn searched(&self) -> Option<Searched> {
        self.player.searched()
    }
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
    /// The program's output, line by line as it comes.
    output: Receiver<Output>,
    stderr: Arc<Mutex<String>>,
    /// Ends (its sender dropped) when the stderr reader has read to the
    /// end of the program's standard error.
    stderr_done: Receiver<()>,
    used: Duration,
}

/// How much of a program's standard error to keep for the report.
const STDERR_TAIL: usize = 600;

/// How long a crash report waits at most for the end of the standard error
/// of a program that has exited: it ends when the pipe closes, at once
/// unless a process the program started still holds it open.
const STDERR_WAIT: Duration = Duration::from_secs(3);

/// How many lines of a program's output wait to be read at most: the
/// protocol has one waiting at a time; a program writing more waits too.
const WAITING_LINES: usize = 4;

/// What the reader of a program's output forwards.
#[derive(Debug)]
enum Output {
    /// A line, trimmed; `more` when more output came with it, which no
    /// request asked for (the answer to one is one line).
    Line {
        /// The line.
        text: String,
        /// Whether more output came with it.
        more: bool,
    },
    /// Output that is not the protocol's lines: a line too long, not UTF-8.
    Broken(String),
}

impl Output {
    /// The line, as the answer to one request, or the fault.
    fn answer(self) -> Result<String, Fault> {
        match self {
            Output::Line { text, more: false } => Ok(text),
            Output::Line { text, more: true } => Err(Fault::Protocol(format!(
                "it wrote more than one line when asked for a move, the first \"{}\"",
                excerpt(&text)
            ))),
            Output::Broken(fault) => Err(Fault::Protocol(fault)),
        }
    }

    /// The fault of output that came when no answer was asked for.
    fn unasked(self) -> Fault {
        match self {
            Output::Line { text, .. } => Fault::Protocol(format!(
                "it wrote \"{}\" when it was not asked for a move",
                excerpt(&text)
            )),
            Output::Broken(fault) => Fault::Protocol(fault),
        }
    }
}

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
        // The protocol has the program write only when asked, one line.
        if let Ok(output) = run.output.try_recv() {
            return Err(output.unasked());
        }
        let start = Instant::now();
        if let Err(e) = writeln!(run.stdin, "{line}").and_then(|_| run.stdin.flush()) {
            return Err(run.crashed(&format!("could not write to it ({e})")));
        }
        if !answer {
            return Ok(None);
        }
        let left = budget.saturating_sub(run.used);
        let received = run.output.recv_timeout(left);
        run.used += start.elapsed();
        match received {
            Ok(output) => output.answer().map(Some),
            Err(RecvTimeoutError::Timeout) => Err(Fault::TimedOut(budget)),
            Err(RecvTimeoutError::Disconnected) => Err(run.crashed("its output ended")),
        }
    }
}

impl Running {
    /// A crash report: what happened, the exit status, the end of stderr.
    fn crashed(&mut self, what: &str) -> Fault {
        let deadline = Instant::now() + Duration::from_secs(1);
        let (status, exited) = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break (status.to_string(), true),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                _ => break ("still running".to_string(), false),
            }
        };
        // The program has exited: its last words are in the pipe, and the
        // stderr reader has them all when it reaches the pipe's end. (A
        // program still running may write on: what came so far is enough.)
        if exited {
            let _ = self.stderr_done.recv_timeout(STDERR_WAIT);
        }
        let stderr = self.stderr.lock().map(|s| escaped(s.trim())).unwrap_or_default();
        let mut detail = format!("{what}; {status}");
        if !stderr.is_empty() {
            detail.push_str(&format!("; stderr: {stderr}"));
        }
        Fault::Crashed(detail)
    }
}

/// Sends the program's output to `send` line by line, until it ends, the
/// receiver is gone, or a line cannot be read (too long, not UTF-8), which
/// is sent as the fault and ends it: reading stops there, and the program,
/// writing on, is stopped by its closed pipe. A line is sent with whether
/// more output came with it (in the same read, so before the referee had
/// the line and could ask for another).
fn forward_lines(stdout: ChildStdout, send: &SyncSender<Output>) {
    let mut lines = LineReader::new(BufReader::new(stdout), bot::BOUNDS);
    loop {
        let (output, last) = match lines.next_line() {
            Ok(Some(line)) => {
                let text = line.trim().to_string();
                let more = !lines.get_ref().buffer().is_empty();
                (Output::Line { text, more }, false)
            }
            Ok(None) => return,
            Err(e) => (Output::Broken(format!("its output, {e}")), true),
        };
        if send.send(output).is_err() || last {
            return;
        }
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
        let (send, output) = mpsc::sync_channel(WAITING_LINES);
        thread::spawn(move || forward_lines(stdout, &send));
        let tail = Arc::new(Mutex::new(String::new()));
        let sink = Arc::clone(&tail);
        let (done, stderr_done) = mpsc::channel::<()>();
        thread::spawn(move || {
            // Dropped when the reading ends, which tells `stderr_done`.
            let _done = done;
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
            output,
            stderr: tail,
            stderr_done,
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
