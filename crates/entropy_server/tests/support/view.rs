//! One game as a test's player follows it: its events, in order, with the
//! board kept by the rules crate.

use entropy_protocol::{Clocks, GameEvent};
use entropy_rules::{Cell, Colour, OrderMove, Phase, Position, Size};

/// One game as a player follows it.
#[derive(Clone, Debug)]
pub struct View {
    pub game: String,
    /// Every event received, in version order from 1.
    pub events: Vec<GameEvent>,
    /// The clocks sent with the last event that carried them, and its version.
    pub clocks: Option<(u64, Clocks)>,
    first_order: u8,
    size: Size,
    round: usize,
    position: Option<Position>,
    flags: [bool; 2],
    players: Vec<String>,
    /// From RoundOver to round 2's first draw: the count between the rounds.
    counting: bool,
}

impl View {
    pub fn new(game: &str) -> View {
        View {
            game: game.to_string(),
            events: Vec::new(),
            clocks: None,
            first_order: 0,
            size: Size::try_from(5).unwrap(),
            round: 0,
            position: None,
            flags: [false; 2],
            players: Vec::new(),
            counting: false,
        }
    }

    pub fn version(&self) -> u64 {
        self.events.len() as u64
    }

    pub fn is_over(&self) -> bool {
        self.events.iter().any(|e| matches!(e, GameEvent::Ended { .. }))
    }

    /// The seat (0 or 1) of the player named `name`.
    pub fn seat_of(&self, name: &str) -> Option<u8> {
        self.players.iter().position(|p| p == name).map(|i| i as u8)
    }

    /// The player who is Chaos in the round being played.
    fn chaos(&self) -> u8 {
        if self.round == 0 {
            1 - self.first_order
        } else {
            self.first_order
        }
    }

    /// The seat that owes a move and plays it itself (not one whose flag
    /// fell: the server plays for it), if any.
    pub fn owed(&self) -> Option<u8> {
        if self.is_over() {
            return None;
        }
        let seat = match self.position?.phase() {
            Phase::ChaosPlace(_) => self.chaos(),
            Phase::OrderMove => 1 - self.chaos(),
            Phase::ChaosDraw | Phase::Finished => return None,
        };
        (!self.flags[usize::from(seat)]).then_some(seat)
    }

    /// Whether the board is being counted between the rounds: round 2's
    /// first draw waits for the players to say they have seen the count.
    pub fn counting(&self) -> bool {
        self.counting
    }

    /// Whether the events so far end a batch: someone owes a move, the
    /// count between the rounds waits for the players, or the game is
    /// over. Otherwise the server's own events (a draw, the next round,
    /// forced moves) are on their way.
    pub fn settled(&self) -> bool {
        self.is_over() || self.owed().is_some() || self.counting
    }

    /// The simple player's move now.
    pub fn choose(&self) -> String {
        let position = self.position.expect("a move is owed");
        match position.phase() {
            Phase::ChaosPlace(_) => position
                .placements()
                .nth(0)
                .expect("a counter to place has an empty cell")
                .to_string(),
            Phase::OrderMove => {
                let placed = position.last_placed().expect("Order moves after a placement");
                OrderMove::Pass.notation(placed)
            }
            other => panic!("no move is owed: {other}"),
        }
    }

    /// Takes the event of `version`: the next one, never one again.
    pub fn apply(&mut self, version: u64, event: GameEvent, clocks: Option<Clocks>) {
        assert_eq!(
            version,
            self.version() + 1,
            "game {}: event {event:?} came as version {version} after version {}",
            self.game,
            self.version()
        );
        match &event {
            GameEvent::Started {
                players,
                options,
                first_order,
                ..
            } => {
                self.size = Size::try_from(options.size).unwrap();
                self.first_order = *first_order;
                self.position = Some(Position::new(self.size));
                self.players = players.iter().map(|p| p.name.clone()).collect();
            }
            GameEvent::Drew { colour, .. } => {
                self.counting = false;
                let colour = Colour::from_number(*colour).expect("a colour 1 to 7");
                self.position.as_mut().unwrap().draw(colour).expect("the draw is legal");
            }
            GameEvent::Moved { action, player, .. } => {
                let chaos = self.chaos();
                let position = self.position.as_mut().unwrap();
                match position.phase() {
                    Phase::ChaosPlace(_) => {
                        assert_eq!(*player, chaos, "Chaos places");
                        let cell: Cell = action.parse().expect("a placement is a cell");
                        position.place(cell).expect("the placement is legal");
                    }
                    Phase::OrderMove => {
                        assert_eq!(*player, 1 - chaos, "Order moves");
                        let mv = OrderMove::parse(action).expect("Order's move is two cells");
                        position.order(mv).expect("Order's move is legal");
                    }
                    other => panic!("a move when {other}"),
                }
            }
            GameEvent::RoundOver { .. } => {
                self.round += 1;
                self.position = Some(Position::new(self.size));
                self.counting = true;
            }
            GameEvent::Ended { .. } => self.counting = false,
            GameEvent::FlagFell { player } => self.flags[usize::from(*player)] = true,
            _ => {}
        }
        self.events.push(event);
        if let Some(clocks) = clocks {
            self.clocks = Some((version, clocks));
        }
    }

    /// How many events of a kind there are.
    pub fn count(&self, kind: impl Fn(&GameEvent) -> bool) -> usize {
        self.events.iter().filter(|e| kind(e)).count()
    }
}
