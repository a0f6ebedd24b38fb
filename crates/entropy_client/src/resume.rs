//! What a connection remembers so as to pick up where it was after a
//! lost connection: the games it follows and the last version it saw of
//! each, the moves that had no answer, the lobby, and what was sent while
//! it was down.

use std::collections::{BTreeMap, VecDeque};

use entropy_protocol::lobby::Assembly;
use entropy_protocol::{ClientMessage, GameEvent, GameId, ServerMessage};

/// What the connection remembers so as to pick up where it was.
#[derive(Default, Debug)]
pub(crate) struct State {
    /// The games followed, each with the last version seen.
    watched: BTreeMap<GameId, u64>,
    /// Moves sent without an answer yet, by game: the version they were
    /// made at and the action.
    unanswered: BTreeMap<GameId, (u64, String)>,
    lobby: bool,
    /// A lobby told in parts, put together before it is handed on.
    pub(crate) parts: Assembly,
    /// Messages sent while the connection was down.
    pub(crate) queued: VecDeque<ClientMessage>,
}

impl State {
    /// Notes a message about to be sent.
    pub(crate) fn sending(&mut self, message: &ClientMessage) {
        match message {
            ClientMessage::Watch { game, since } => {
                self.watched.insert(game.clone(), *since);
            }
            ClientMessage::Unwatch { game } => {
                self.watched.remove(game);
                self.unanswered.remove(game);
            }
            ClientMessage::Play { game, version, action } => {
                self.unanswered.insert(game.clone(), (*version, action.clone()));
            }
            ClientMessage::WatchLobby => self.lobby = true,
            _ => {}
        }
    }

    /// Notes a message received.
    pub(crate) fn received(&mut self, message: &ServerMessage) {
        match message {
            ServerMessage::Event {
                game, version, event, ..
            } => {
                if let Some(seen) = self.watched.get_mut(game) {
                    *seen = (*seen).max(*version);
                }
                let answered = match (self.unanswered.get(game), event) {
                    (Some((at, mine)), GameEvent::Moved { action, .. }) => version > at && action == mine,
                    (Some(_), GameEvent::Ended { .. }) => true,
                    _ => false,
                };
                if answered {
                    self.unanswered.remove(game);
                }
            }
            ServerMessage::Refused { game, .. } => {
                self.unanswered.remove(game);
            }
            _ => {}
        }
    }

    /// What to send after `Hello` on a new connection, in order.
    pub(crate) fn resume(&mut self) -> Vec<ClientMessage> {
        self.parts.clear();
        let mut out = Vec::new();
        if self.lobby {
            out.push(ClientMessage::WatchLobby);
        }
        for (game, since) in &self.watched {
            out.push(ClientMessage::Watch {
                game: game.clone(),
                since: *since,
            });
        }
        for (game, (version, action)) in &self.unanswered {
            out.push(ClientMessage::Play {
                game: game.clone(),
                version: *version,
                action: action.clone(),
            });
        }
        out.extend(self.queued.drain(..));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(game: &str, version: u64, action: &str) -> ClientMessage {
        ClientMessage::Play {
            game: game.into(),
            version,
            action: action.into(),
        }
    }

    fn event(game: &str, version: u64, event: GameEvent) -> ServerMessage {
        ServerMessage::Event {
            game: game.into(),
            version,
            event,
            clocks: None,
        }
    }

    fn moved(action: &str) -> GameEvent {
        GameEvent::Moved {
            board: 0,
            player: 0,
            action: action.into(),
            left_ms: None,
            forced: false,
        }
    }

    #[test]
    fn the_state_resumes_watches_from_the_last_version_and_unanswered_moves() {
        let mut state = State::default();
        state.sending(&ClientMessage::WatchLobby);
        state.sending(&ClientMessage::Watch {
            game: "g1".into(),
            since: 0,
        });
        state.sending(&ClientMessage::Watch {
            game: "g2".into(),
            since: 4,
        });
        for v in 1..=7 {
            state.received(&event("g1", v, GameEvent::Drew { board: 0, colour: 1 }));
        }
        state.sending(&play("g1", 7, "Dc"));
        state.sending(&play("g2", 4, "AaAb"));
        // g2's move is answered by its event; g1's is not.
        state.received(&event("g2", 5, moved("AaAb")));
        // An event of a game not followed changes nothing.
        state.received(&event("g3", 9, moved("Dc")));
        assert_eq!(
            state.resume(),
            [
                ClientMessage::WatchLobby,
                ClientMessage::Watch {
                    game: "g1".into(),
                    since: 7
                },
                ClientMessage::Watch {
                    game: "g2".into(),
                    since: 5
                },
                play("g1", 7, "Dc"),
            ]
        );
    }

    #[test]
    fn a_move_is_answered_by_its_event_the_end_or_a_refusal_only() {
        let mut state = State::default();
        state.sending(&play("g", 3, "Dc"));
        // An earlier event with the same action, or another action, is no answer.
        state.received(&event("g", 3, moved("Dc")));
        state.received(&event("g", 4, moved("Ee")));
        assert!(state.unanswered.contains_key("g"));
        state.received(&event("g", 5, moved("Dc")));
        assert!(state.unanswered.is_empty());
        state.sending(&play("g", 6, "DcDd"));
        state.received(&ServerMessage::Refused {
            game: "g".into(),
            reason: "not your turn".into(),
        });
        assert!(state.unanswered.is_empty());
        state.sending(&play("g", 7, "DcDd"));
        state.received(&event(
            "g",
            8,
            GameEvent::Ended {
                result: "1-0".into(),
                totals: [1, 0],
                termination: "normal".into(),
                seed: String::new(),
            },
        ));
        assert!(state.unanswered.is_empty());
    }

    #[test]
    fn unwatching_forgets_the_game() {
        let mut state = State::default();
        state.sending(&ClientMessage::Watch {
            game: "g".into(),
            since: 0,
        });
        state.sending(&play("g", 1, "Dc"));
        state.sending(&ClientMessage::Unwatch { game: "g".into() });
        assert!(state.resume().is_empty());
    }
}
