//! A client's simple player for the two-round match: Chaos places on the
//! first empty cell, Order always passes, and the count between the
//! rounds is said seen at once. Enough to play whole matches through the
//! server and see every rule of the protocol at work.

use std::collections::HashSet;

use entropy_protocol::{GameEvent, ServerMessage};

/// What the events seen so far ask for next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// `player` is to send `action` at `version`.
    Move {
        player: u8,
        action: String,
        version: u64,
    },
    /// The board is counted between the rounds: `players` are to say they
    /// have seen the count (CountSeen at `version`) for round 2 to begin.
    Count {
        players: Vec<u8>,
        version: u64,
    },
    /// More events are on their way.
    Wait,
    Over,
}

/// A game as a client follows it: its events, in order.
#[derive(Clone, Debug, Default)]
pub struct Follow {
    pub events: Vec<(u64, GameEvent)>,
    /// How many of the events were seen on an earlier connection.
    pub base: usize,
}

impl Follow {
    /// The events seen on an earlier connection, to go on from.
    pub fn from_earlier(events: &[(u64, GameEvent)]) -> Follow {
        Follow {
            events: events.to_vec(),
            base: events.len(),
        }
    }

    /// Takes a game's event; false for any other message.
    pub fn take(&mut self, message: &ServerMessage, game: &str) -> bool {
        match message {
            ServerMessage::Event {
                game: g,
                version,
                event,
                ..
            } if g == game => {
                let expected = self.version() + 1;
                assert_eq!(*version, expected, "events come in order, once each: got {event:?}");
                self.events.push((*version, event.clone()));
                true
            }
            _ => false,
        }
    }

    pub fn version(&self) -> u64 {
        self.events.last().map_or(0, |(v, _)| *v)
    }

    pub fn ended(&self) -> bool {
        self.events.iter().any(|(_, e)| matches!(e, GameEvent::Ended { .. }))
    }

    /// Whose move it is and what the simple player sends.
    pub fn next(&self) -> Next {
        let mut first_order = 0u8;
        let mut size = 5usize;
        let mut round = 0u8;
        let mut taken: HashSet<String> = HashSet::new();
        // The players yet to say they saw the count, while it is under way.
        let mut counting: Option<Vec<u8>> = None;
        for (_, event) in &self.events {
            match event {
                GameEvent::Started {
                    first_order: f,
                    options,
                    ..
                } => {
                    first_order = *f;
                    size = options.size as usize;
                }
                GameEvent::RoundOver { .. } => {
                    round = 1;
                    taken.clear();
                    counting = Some(vec![0, 1]);
                }
                GameEvent::CountSeen { player } => {
                    if let Some(players) = counting.as_mut() {
                        players.retain(|p| p != player);
                    }
                }
                GameEvent::Drew { .. } => counting = None,
                GameEvent::Moved { action, .. } if action.len() == 2 => {
                    taken.insert(action.clone());
                }
                _ => {}
            }
        }
        let order = if round == 0 { first_order } else { 1 - first_order };
        let chaos = 1 - order;
        let version = self.version();
        if self.ended() {
            // Whatever follows the end (a rated game's ratings' change, offers).
            return Next::Over;
        }
        if let Some(players) = counting {
            return Next::Count { players, version };
        }
        match self.events.last().map(|(_, e)| e) {
            Some(GameEvent::Drew { .. }) => {
                let cell = cells(size)
                    .into_iter()
                    .find(|c| !taken.contains(c))
                    .expect("a draw leaves a cell free");
                Next::Move {
                    player: chaos,
                    action: cell,
                    version,
                }
            }
            Some(GameEvent::Moved { action, player, .. }) if action.len() == 2 && *player == chaos => {
                if taken.len() == size * size {
                    Next::Wait
                } else {
                    Next::Move {
                        player: order,
                        action: format!("{action}{action}"),
                        version,
                    }
                }
            }
            _ => Next::Wait,
        }
    }
}

/// The cells of a board, row by row: `Aa`, `Ab`, …
pub fn cells(size: usize) -> Vec<String> {
    let mut cells = Vec::new();
    for row in b'A'..b'A' + size as u8 {
        for col in b'a'..b'a' + size as u8 {
            cells.push(format!("{}{}", row as char, col as char));
        }
    }
    cells
}
