//! A player's command, made into the event it asks for (then applied like
//! any event), and the clock's ticks.
//!
//! A move carries the version its player had seen. A move sent again (the
//! connection lost before the answer came) is recognised: if the player's
//! first own move after that version is this one, nothing happens and the
//! answer is no events. A move made having seen less than the whole game is
//! still played when nothing since has touched the board it goes on (in
//! the simultaneous match, the opponent's move on the other board); it is
//! refused as stale otherwise.

use entropy_protocol::GameEvent;
use entropy_rules::Action;

use super::rules::{action_text, parse_action, role_of};
use super::{Command, Game, Millis};

/// Whether `event`, which happened after the version a move of `player`'s
/// on `board` was made at, makes that move stale.
fn touches(event: &GameEvent, board: u8, player: u8) -> bool {
    match event {
        GameEvent::Moved { board: b, .. } | GameEvent::Drew { board: b, .. } => *b == board,
        GameEvent::FlagFell { player: p } => *p == player,
        GameEvent::RoundOver { .. }
        | GameEvent::TookBack { .. }
        | GameEvent::Resigned { .. }
        | GameEvent::Aborted { .. }
        | GameEvent::Ended { .. }
        | GameEvent::Started { .. } => true,
        GameEvent::TakebackOffered { .. }
        | GameEvent::TakebackDeclined { .. }
        | GameEvent::RematchOffered { .. }
        | GameEvent::RematchDeclined { .. }
        | GameEvent::Rematch { .. }
        | GameEvent::Resumed { .. }
        | GameEvent::CountSeen { .. }
        | GameEvent::Rated { .. } => false,
    }
}

impl Game {
    /// [`Game::command`]: the event the command asks for, applied, then the
    /// events that follow by themselves.
    pub(super) fn command_at(&mut self, player: u8, command: Command, now: Millis) -> Result<Vec<GameEvent>, String> {
        if player > 1 {
            return Err(format!("a game's players are 0 and 1, not {player}"));
        }
        let at = self.at(now);
        if self.automatic().is_some() {
            return Err("the game is catching up on its own events: try again".into());
        }
        let event = match command {
            Command::Play { version, action } => match self.move_event(player, version, &action, at)? {
                Some(event) => event,
                None => return Ok(Vec::new()),
            },
            Command::Resign => GameEvent::Resigned { player },
            Command::Abort => GameEvent::Aborted { player },
            Command::Takeback => match self.takeback_offer {
                Some(asker) if asker != player => GameEvent::TookBack {
                    moves: self.takeback_moves(usize::from(asker))?,
                },
                _ => GameEvent::TakebackOffered { player },
            },
            Command::DeclineTakeback => GameEvent::TakebackDeclined { player },
            Command::Rematch => GameEvent::RematchOffered { player },
            Command::DeclineRematch => GameEvent::RematchDeclined { player },
            Command::CountSeen { version } => match self.count_seen_event(player, version)? {
                Some(event) => event,
                None => return Ok(Vec::new()),
            },
        };
        self.push(event.clone(), at)?;
        let mut events = vec![event];
        self.settle(at, &mut events);
        Ok(events)
    }

    /// The move `player` asks for, made having seen `version`; `None` for
    /// a move already played.
    fn move_event(&self, player: u8, version: u64, text: &str, at: Millis) -> Result<Option<GameEvent>, String> {
        let action = parse_action(text)?;
        let current = self.version();
        if version > current {
            return Err(format!("version {version} is ahead of the game, at version {current}"));
        }
        let board = self.rules.board_for(usize::from(player), role_of(action)) as u8;
        if version < current {
            let since = &self.events[usize::try_from(version).unwrap_or(usize::MAX).min(self.events.len())..];
            let own = since.iter().find_map(|(event, _)| match event {
                GameEvent::Moved {
                    player: p,
                    action,
                    forced: false,
                    ..
                } if *p == player => Some(action),
                _ => None,
            });
            if let Some(played) = own {
                if parse_action(played) == Ok(action) {
                    return Ok(None);
                }
                return Err(format!("stale: the game has moved on since version {version}"));
            }
            if !self.ended && since.iter().any(|(event, _)| touches(event, board, player)) {
                return Err(format!("stale: the game has moved on since version {version}"));
            }
        }
        if self.ended {
            return Err("the game is over".into());
        }
        let mover = usize::from(player);
        let pass_cell = match action {
            Action::Pass => text.trim().get(..2).and_then(|cell| cell.parse().ok()),
            _ => None,
        };
        Ok(Some(GameEvent::Moved {
            board,
            player,
            action: action_text(action, pass_cell),
            left_ms: self.clock.is_live().then(|| self.clock.left_after(mover, at)),
            forced: false,
        }))
    }

    /// [`Game::tick`]: the events due by themselves, round 2's first draw
    /// if the count between the rounds has reached its bound by `now`, then
    /// each flag due by `now` with what follows it.
    pub(super) fn tick_at(&mut self, now: Millis) -> Vec<GameEvent> {
        let at = self.at(now);
        let mut events = Vec::new();
        self.settle(at, &mut events);
        if let Some(draw) = self.draw_at_bound(at)
            && self.push(draw.clone(), at).is_ok()
        {
            events.push(draw);
            self.settle(at, &mut events);
        }
        while !self.ended {
            let Some((player, deadline)) = self.clock.next_deadline() else {
                break;
            };
            if deadline > at {
                break;
            }
            let flag = GameEvent::FlagFell { player: player as u8 };
            if self.push(flag.clone(), at).is_err() {
                break;
            }
            events.push(flag);
            self.settle(at, &mut events);
        }
        events
    }
}
