//! One game as a client follows it: its events, in version order, replayed
//! into the rules crate's [`Position`]s (one board for the two-round match,
//! two for the simultaneous match), with who owes which move.
//!
//! A client never knows the bag: the server tells each draw
//! ([`GameEvent::Drew`]), and a [`Position`] takes a colour told
//! ([`Position::draw`]) as the CodeCup bot takes one from its referee. So
//! every event is checked by the rules as it comes: an illegal move, a
//! colour no longer in the bag or a move by the wrong player is an error
//! ([`ViewError`]), never a panic.

use std::fmt;

use entropy_protocol::{Clocks, Format, GameEvent, GameId, GameOptions, RatingChange, Seat};
use entropy_rules::{Action, Cell, Colour, OrderMove, Phase, Placement, Player, Position, Role, Size};

/// The rules' player at seat `seat` (0 or 1) of a server's game.
pub fn player_at(seat: u8) -> Player {
    if seat == 0 { Player::One } else { Player::Two }
}

/// What `Started` said.
#[derive(Clone, Debug, PartialEq)]
pub struct Start {
    pub players: [Seat; 2],
    pub options: GameOptions,
    /// The player (0 or 1) who is Order in round 1.
    pub first_order: u8,
    /// The hash of the seed, published before the first draw.
    pub seed_hash: String,
    pub rematch_of: Option<GameId>,
}

/// What `Ended` said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` (aborted).
    pub result: String,
    pub totals: [u32; 2],
    pub termination: String,
    /// The seed, revealed.
    pub seed: String,
}

/// A move a player owes now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owed {
    /// The board (0 in the two-round match, its owner in the simultaneous match).
    pub board: u8,
    /// Chaos (to place the counter drawn) or Order (to slide or pass).
    pub role: Role,
    /// The board as it waits for the move.
    pub position: Position,
}

/// An event the view could not take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ViewError {
    /// The event's version.
    pub version: u64,
    pub reason: String,
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {}: {}", self.version, self.reason)
    }
}

impl std::error::Error for ViewError {}

/// What [`GameView::apply`] did with an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// A new event, taken.
    New,
    /// An event already seen (its version is not past the view's): left
    /// alone. A reconnection may send one again.
    Seen,
}

/// One board: its position and Order's last move on it.
#[derive(Clone, Debug)]
struct Board {
    position: Position,
    last_order: Option<String>,
}

impl Board {
    fn new(size: Size) -> Board {
        Board {
            position: Position::new(size),
            last_order: None,
        }
    }
}

/// A step of the game that changes a board, as the rules take it
/// ([`GameView::steps`]): what a client plays, in order, on a match of its
/// own whose bags are told their draws ([`entropy_rules::Bag::told`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardStep {
    /// A counter of `colour` was drawn for `board`.
    Drew { board: u8, colour: Colour },
    /// `player` placed the counter drawn, slid or passed on `board`.
    Moved { board: u8, player: u8, action: Action },
    /// The first round is over: the second begins.
    RoundOver,
}

/// A step of the game that changes a board, kept to replay the boards
/// after a takeback.
#[derive(Clone, Debug)]
enum Step {
    Drew { board: u8, colour: u8 },
    Moved { board: u8, player: u8, action: String },
    RoundOver,
}

/// A game followed: feed it every event of the game with
/// [`GameView::apply`], in version order, from version 1.
///
/// ```
/// use entropy_client::GameView;
/// use entropy_protocol::{Format, GameEvent, GameOptions, Seat, Speed};
/// use entropy_rules::{Phase, Role};
///
/// let seat = |name: &str| Seat { name: name.into(), bot: false, rating: None };
/// let mut view = GameView::new("g1");
/// let options = GameOptions { size: 5, format: Format::Match, speed: Speed::Live { seconds: 300 }, rated: false };
/// view.apply(1, GameEvent::Started {
///     players: [seat("ann"), seat("bob")], options, first_order: 0, seed_hash: "ab".into(), rematch_of: None,
/// }).unwrap();
/// view.apply(2, GameEvent::Drew { board: 0, colour: 3 }).unwrap();
/// // Bob is Chaos in round 1: he owes the placement of a counter of colour 3.
/// let owed = view.owed(1);
/// assert_eq!(owed.len(), 1);
/// assert_eq!(owed[0].role, Role::Chaos);
/// assert!(matches!(owed[0].position.phase(), Phase::ChaosPlace(c) if c.number() == 3));
/// assert!(view.owed(0).is_empty());
/// let refused = view.apply(3, GameEvent::Moved {
///     board: 0, player: 0, action: "Cc".into(), left_ms: None, forced: false,
/// });
/// assert!(refused.unwrap_err().reason.contains("Chaos"));
/// ```
#[derive(Clone, Debug)]
pub struct GameView {
    id: GameId,
    version: u64,
    start: Option<Start>,
    boards: Vec<Board>,
    round: usize,
    steps: Vec<Step>,
    flags: [bool; 2],
    end: Option<End>,
    clocks: Option<Clocks>,
    totals: Option<[u32; 2]>,
    takeback_offer: Option<u8>,
    rematch_offer: Option<u8>,
    rematch: Option<GameId>,
    rated: Option<[RatingChange; 2]>,
    /// Whether each player has made a move, one taken back since included.
    moved: [bool; 2],
    /// Whether each player has seen the count between the rounds end.
    count_seen: [bool; 2],
}

impl GameView {
    /// A view of game `id` before its first event.
    pub fn new(id: impl Into<GameId>) -> GameView {
        GameView {
            id: id.into(),
            version: 0,
            start: None,
            boards: Vec::new(),
            round: 0,
            steps: Vec::new(),
            flags: [false; 2],
            end: None,
            clocks: None,
            totals: None,
            takeback_offer: None,
            rematch_offer: None,
            rematch: None,
            rated: None,
            moved: [false; 2],
            count_seen: [false; 2],
        }
    }

    /// Whether `player` has made a move in the game, one taken back since
    /// included: the server's rule for Abort (a game in which a side has
    /// never moved).
    pub fn has_moved(&self, player: u8) -> bool {
        self.moved.get(usize::from(player)).copied().unwrap_or(false)
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// The last version taken (0 before the first event): what a `Play`
    /// and a `Watch` after a reconnection give.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Who plays what, once `Started` has come.
    pub fn start(&self) -> Option<&Start> {
        self.start.as_ref()
    }

    /// The player (0 or 1) named `name`, if they play this game.
    pub fn player_named(&self, name: &str) -> Option<u8> {
        let start = self.start.as_ref()?;
        start.players.iter().position(|seat| seat.name == name).map(|i| i as u8)
    }

    /// How the game ended, once it has.
    pub fn end(&self) -> Option<&End> {
        self.end.as_ref()
    }

    pub fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// The clocks as the last event with clocks left them; none running
    /// while the board is counted between the rounds ([`GameView::counting`]).
    pub fn clocks(&self) -> Option<Clocks> {
        let clocks = self.clocks?;
        Some(if self.counting() {
            Clocks {
                running: None,
                ..clocks
            }
        } else {
            clocks
        })
    }

    /// The round of the two-round match (0 or 1); 0 in the simultaneous match.
    pub fn round(&self) -> usize {
        self.round
    }

    /// The totals after the first round, when it is over (`RoundOver`).
    pub fn round_totals(&self) -> Option<[u32; 2]> {
        self.totals
    }

    /// Whether `player`'s flag has fallen (the rules play their moves, or
    /// in correspondence they have lost).
    pub fn flag_fell(&self, player: u8) -> bool {
        self.flags.get(usize::from(player)).copied().unwrap_or(false)
    }

    /// The player who offered a takeback that is still open (a move or a
    /// flag falling withdraws it, as the server has it).
    pub fn takeback_offer(&self) -> Option<u8> {
        self.takeback_offer
    }

    /// The player who offered a rematch that is still open.
    pub fn rematch_offer(&self) -> Option<u8> {
        self.rematch_offer
    }

    /// What the game did to both players' ratings, once a rated game has
    /// ended and the server has rated it.
    pub fn rated(&self) -> Option<[RatingChange; 2]> {
        self.rated
    }

    /// The rematch's game, once both asked for it.
    pub fn rematch(&self) -> Option<&str> {
        self.rematch.as_deref()
    }

    /// The boards' count: 1 for the two-round match, 2 for the
    /// simultaneous match (0 before `Started`).
    pub fn boards(&self) -> usize {
        self.boards.len()
    }

    /// Every step that changed the boards, in order (what a takeback took
    /// back is not among them): the game as the rules play it.
    pub fn steps(&self) -> Vec<BoardStep> {
        self.steps
            .iter()
            .filter_map(|step| {
                Some(match step {
                    Step::Drew { board, colour } => BoardStep::Drew {
                        board: *board,
                        colour: Colour::from_number(*colour)?,
                    },
                    Step::Moved { board, player, action } => BoardStep::Moved {
                        board: *board,
                        player: *player,
                        action: action_of(action)?,
                    },
                    Step::RoundOver => BoardStep::RoundOver,
                })
            })
            .collect()
    }

    /// Board `board`'s position.
    pub fn position(&self, board: u8) -> Option<&Position> {
        self.boards.get(usize::from(board)).map(|b| &b.position)
    }

    /// Order's last move on `board` in CodeCup notation, if the last move
    /// on it was Order's (what a CodeCup Chaos is told before its colour).
    pub fn last_order(&self, board: u8) -> Option<&str> {
        self.boards.get(usize::from(board))?.last_order.as_deref()
    }

    /// The placement Order answers on `board` (the counter just placed).
    pub fn placement(&self, board: u8) -> Option<Placement> {
        let position = self.position(board)?;
        let cell = position.last_placed()?;
        let colour = position.board().get(cell)?;
        Some(Placement { colour, cell })
    }

    /// `action` on `board` as the server takes it ([`entropy_protocol::notation`]):
    /// a pass names the cell just placed there. `None` for a
    /// draw, which is the server's to make.
    ///
    /// ```
    /// use entropy_client::GameView;
    /// use entropy_rules::{Action, Cell};
    ///
    /// let view = GameView::new("g1");
    /// let cell: Cell = "Cc".parse().unwrap();
    /// assert_eq!(view.move_text(0, Action::Place(cell)).as_deref(), Some("Cc"));
    /// assert_eq!(view.move_text(0, Action::Draw), None);
    /// ```
    pub fn move_text(&self, board: u8, action: Action) -> Option<String> {
        let placed = self.position(board).and_then(Position::last_placed);
        entropy_protocol::notation::move_text(action, placed)
    }

    fn simultaneous(&self) -> bool {
        self.start
            .as_ref()
            .is_some_and(|s| s.options.format == Format::Simultaneous)
    }

    /// `player`'s role on `board` now: in the two-round match Order is
    /// the first Order in round 1 and the other in round 2; in the
    /// simultaneous match each is Order on their own board and Chaos on
    /// the other's.
    pub fn role(&self, player: u8, board: u8) -> Option<Role> {
        let start = self.start.as_ref()?;
        if player > 1 || usize::from(board) >= self.boards.len() {
            return None;
        }
        let order = if self.simultaneous() {
            board
        } else if self.round == 0 {
            start.first_order
        } else {
            1 - start.first_order
        };
        Some(if player == order { Role::Order } else { Role::Chaos })
    }

    /// The moves `player` owes now, each with its board's position; none
    /// once the game is over, or while their flag is down (the rules
    /// play for them). In the simultaneous match no Order move is owed
    /// until both placements of the turn are made.
    pub fn owed(&self, player: u8) -> Vec<Owed> {
        if self.end.is_some() || self.flag_fell(player) {
            return Vec::new();
        }
        let placing = self
            .boards
            .iter()
            .any(|b| matches!(b.position.phase(), Phase::ChaosPlace(_)));
        let mut owed = Vec::new();
        for (i, board) in self.boards.iter().enumerate() {
            let i = i as u8;
            let waits = match board.position.phase() {
                Phase::ChaosPlace(_) => Role::Chaos,
                Phase::OrderMove if !(self.simultaneous() && placing) => Role::Order,
                _ => continue,
            };
            if self.role(player, i) == Some(waits) {
                owed.push(Owed {
                    board: i,
                    role: waits,
                    position: board.position,
                });
            }
        }
        owed
    }

    /// Takes the event of version `version`, with the clocks sent with it.
    /// An event already seen is left alone ([`Applied::Seen`]); one that
    /// skips a version, or that the rules refuse, is an error and changes
    /// nothing.
    pub fn apply_with_clocks(
        &mut self,
        version: u64,
        event: GameEvent,
        clocks: Option<Clocks>,
    ) -> Result<Applied, ViewError> {
        let applied = self.apply(version, event)?;
        if applied == Applied::New && clocks.is_some() {
            self.clocks = clocks;
        }
        Ok(applied)
    }

    /// [`GameView::apply_with_clocks`] without clocks.
    pub fn apply(&mut self, version: u64, event: GameEvent) -> Result<Applied, ViewError> {
        if version <= self.version {
            return Ok(Applied::Seen);
        }
        let fail = |reason: String| ViewError { version, reason };
        if version != self.version + 1 {
            return Err(fail(format!(
                "events {} to {} are missing",
                self.version + 1,
                version - 1
            )));
        }
        if self.start.is_none() && !matches!(event, GameEvent::Started { .. }) {
            return Err(fail("the game's first event is not Started".into()));
        }
        // Applied to a copy: a refused event changes nothing.
        let mut next = self.clone();
        next.take(event).map_err(fail)?;
        next.version = version;
        *self = next;
        Ok(Applied::New)
    }

    fn take(&mut self, event: GameEvent) -> Result<(), String> {
        match event {
            GameEvent::Started {
                players,
                options,
                first_order,
                seed_hash,
                rematch_of,
            } => {
                if self.start.is_some() {
                    return Err("the game has already started".into());
                }
                let size = Size::try_from(options.size).map_err(|e| format!("Started: {e}"))?;
                if first_order > 1 {
                    return Err(format!(
                        "Started: player {first_order} is Order first; players are 0 and 1"
                    ));
                }
                let boards = match options.format {
                    Format::Match => 1,
                    Format::Simultaneous => 2,
                };
                self.boards = vec![Board::new(size); boards];
                self.start = Some(Start {
                    players,
                    options,
                    first_order,
                    seed_hash,
                    rematch_of,
                });
            }
            GameEvent::Drew { board, colour } => self.step(Step::Drew { board, colour })?,
            GameEvent::Moved {
                board, player, action, ..
            } => {
                self.step(Step::Moved { board, player, action })?;
                if let Some(moved) = self.moved.get_mut(usize::from(player)) {
                    *moved = true;
                }
                // A move withdraws a takeback offered, as on the server.
                self.takeback_offer = None;
            }
            GameEvent::RoundOver { totals } => {
                self.step(Step::RoundOver)?;
                self.totals = Some(totals);
            }
            GameEvent::FlagFell { player } => {
                *self.flag_mut(player)? = true;
                self.takeback_offer = None;
            }
            GameEvent::CountSeen { player } => self.see_count(player)?,
            GameEvent::TakebackOffered { player } => {
                self.flag_mut(player)?;
                self.takeback_offer = Some(player);
            }
            GameEvent::TakebackDeclined { .. } => self.takeback_offer = None,
            GameEvent::TookBack { moves } => {
                self.takeback_offer = None;
                self.take_back(usize::from(moves))?;
            }
            GameEvent::Resigned { player } | GameEvent::Aborted { player } => {
                self.flag_mut(player)?;
            }
            GameEvent::Ended {
                result,
                totals,
                termination,
                seed,
            } => {
                self.takeback_offer = None;
                self.end = Some(End {
                    result,
                    totals,
                    termination,
                    seed,
                });
            }
            GameEvent::RematchOffered { player } => {
                self.flag_mut(player)?;
                self.rematch_offer = Some(player);
            }
            GameEvent::RematchDeclined { .. } => self.rematch_offer = None,
            GameEvent::Rematch { game } => {
                self.rematch_offer = None;
                self.rematch = Some(game);
            }
            GameEvent::Resumed { .. } => {}
            GameEvent::Rated { ratings } => {
                if self.end.is_none() {
                    return Err("Rated before the game ended".into());
                }
                self.rated = Some(ratings);
            }
        }
        Ok(())
    }

    /// The flag of `player`, checked to be 0 or 1.
    fn flag_mut(&mut self, player: u8) -> Result<&mut bool, String> {
        self.flags
            .get_mut(usize::from(player))
            .ok_or_else(|| format!("player {player}: players are 0 and 1"))
    }

    /// Plays a step on the boards and keeps it.
    fn step(&mut self, step: Step) -> Result<(), String> {
        self.play(&step)?;
        self.steps.push(step);
        Ok(())
    }

    fn play(&mut self, step: &Step) -> Result<(), String> {
        match step {
            Step::RoundOver => {
                if self.simultaneous() || self.round > 0 {
                    return Err("RoundOver, but there is no round to follow".into());
                }
                let Some(board) = self.boards.first_mut() else {
                    return Err("RoundOver before Started".into());
                };
                if !board.position.is_finished() {
                    return Err("RoundOver, but the board is not full".into());
                }
                *board = Board::new(board.position.size());
                self.round = 1;
            }
            Step::Drew { board, colour } => {
                let drawn = Colour::from_number(*colour).ok_or_else(|| format!("Drew: no colour {colour}"))?;
                let b = self.board_mut(*board)?;
                if b.position.phase() == Phase::ChaosDraw {
                    b.position.draw(drawn).map_err(|e| format!("Drew {colour}: {e}"))?;
                } else {
                    return Err(format!(
                        "Drew {colour} on board {board}, but there {}",
                        b.position.phase()
                    ));
                }
            }
            Step::Moved { board, player, action } => {
                let role = self
                    .role(*player, *board)
                    .ok_or_else(|| format!("Moved: no player {player} or no board {board}"))?;
                let b = self.board_mut(*board)?;
                let phase = b.position.phase();
                let expected = match phase {
                    Phase::ChaosPlace(_) => Role::Chaos,
                    Phase::OrderMove => Role::Order,
                    _ => return Err(format!("Moved {action:?} on board {board}, but {phase}")),
                };
                if role != expected {
                    return Err(format!(
                        "Moved {action:?}: player {player} is {role} on board {board}, and {phase}"
                    ));
                }
                if expected == Role::Chaos {
                    let cell: Cell = action.parse().map_err(|e: entropy_rules::NotationError| {
                        format!("Moved {action:?}: not a cell ({})", e.reason)
                    })?;
                    b.position.place(cell).map_err(|e| format!("Moved {action:?}: {e}"))?;
                    b.last_order = None;
                } else {
                    let mv = OrderMove::parse(action)
                        .map_err(|e| format!("Moved {action:?}: not an Order move ({})", e.reason))?;
                    b.position.order(mv).map_err(|e| format!("Moved {action:?}: {e}"))?;
                    b.last_order = Some(action.clone());
                }
            }
        }
        Ok(())
    }

    fn board_mut(&mut self, board: u8) -> Result<&mut Board, String> {
        let count = self.boards.len();
        self.boards
            .get_mut(usize::from(board))
            .ok_or_else(|| format!("no board {board}: the game has {count}"))
    }

    /// Takes back the last `moves` moves as the server does (the rules'
    /// undo, move by move): a placement taken back puts its counter back
    /// in Chaos's hand; an Order move taken back takes the draw after it
    /// back too (the server draws again, with a new `Drew`, after Order's
    /// next move). So a draw on a board stays unless it came after a move
    /// taken back on that board; in the simultaneous match a draw is one
    /// counter for both boards, and goes back with its twin. The boards
    /// are then replayed from the steps left.
    fn take_back(&mut self, moves: usize) -> Result<(), String> {
        let mut removed = vec![false; self.steps.len()];
        let mut left = moves;
        for (i, step) in self.steps.iter().enumerate().rev() {
            if left == 0 {
                break;
            }
            match step {
                Step::Moved { .. } => {
                    removed[i] = true;
                    left -= 1;
                }
                Step::Drew { .. } => {}
                Step::RoundOver => return Err(format!("TookBack {moves}: a move of the round before")),
            }
        }
        if left > 0 {
            return Err(format!("TookBack {moves}: there are fewer moves than that"));
        }
        let first_removed = |board: u8| {
            (0..self.steps.len())
                .find(|&i| removed[i] && matches!(&self.steps[i], Step::Moved { board: b, .. } if *b == board))
        };
        let mut dropped = vec![false; self.steps.len()];
        for (i, step) in self.steps.iter().enumerate() {
            if let Step::Drew { board, .. } = step {
                dropped[i] = first_removed(*board).is_some_and(|first| i > first);
            }
        }
        if self.simultaneous() {
            // Board 1's draw is announced right after board 0's: one counter.
            for i in 1..self.steps.len() {
                let twins = matches!(self.steps[i - 1], Step::Drew { board: 0, .. })
                    && matches!(self.steps[i], Step::Drew { board: 1, .. });
                if twins && (dropped[i - 1] || dropped[i]) {
                    dropped[i - 1] = true;
                    dropped[i] = true;
                }
            }
        }
        let steps: Vec<Step> = self
            .steps
            .iter()
            .enumerate()
            .filter(|(i, _)| !removed[*i] && !dropped[*i])
            .map(|(_, step)| step.clone())
            .collect();
        let size = self.boards.first().map(|b| b.position.size()).unwrap_or(Size::Seven);
        let boards = self.boards.len();
        self.boards = vec![Board::new(size); boards];
        self.round = 0;
        self.steps.clear();
        for step in steps {
            self.step(step)?;
        }
        Ok(())
    }
}

/// A move in the protocol's notation as the rules' action. The view has
/// checked every move it keeps, so none fails here.
fn action_of(text: &str) -> Option<Action> {
    entropy_protocol::notation::parse_move(text).ok()
}

mod count;
#[cfg(test)]
mod tests;
