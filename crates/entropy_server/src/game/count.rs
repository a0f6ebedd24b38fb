//! The count between the rounds of the two-round match.
//!
//! When round 1's board is full the game makes [`GameEvent::RoundOver`],
//! and the players' screens count the board. It is nobody's move then, so
//! no clock runs: round 2's first draw (after which Chaos owes a placement,
//! its clock running) waits until each player has seen the count end or
//! skipped it ([`GameEvent::CountSeen`], from [`Command::CountSeen`]), or
//! until [`COUNT_WITHIN`] has passed since RoundOver, whichever is first:
//! a player who never says so holds the game up that long at most. A
//! player whose flag has fallen is not waited for: no clock of theirs runs
//! again, and the rules play for them.
//!
//! The count is made of stored events: RoundOver's time starts it, each
//! CountSeen is stored and sent like any event (at most one a player), and
//! the draw ends it. So a game read back (a restart, another process) is
//! in the same count, waiting on the same players, and its bound is still
//! counted from RoundOver's time: a server down past the bound starts
//! round 2 as it comes back, Chaos's clock then running from that moment,
//! as any clock runs on from a restart. A stored draw that follows
//! RoundOver is taken whenever it came (the bound, both players, or a
//! server that did not wait).
//!
//! [`Command::CountSeen`]: super::Command::CountSeen

use entropy_protocol::GameEvent;

use super::{Game, Millis};

/// The longest round 2's first draw waits for the players after
/// [`GameEvent::RoundOver`]: the longest count a screen shows (7×7's, about
/// 20 seconds, and the moment it lingers on the total) with room to spare.
pub const COUNT_WITHIN: Millis = 30_000;

/// The count under way: from RoundOver to round 2's first draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Count {
    /// RoundOver's time.
    since: Millis,
    /// Which players have seen it end ([`GameEvent::CountSeen`]).
    seen: [bool; 2],
}

impl Count {
    pub(super) fn new(since: Millis) -> Count {
        Count {
            since,
            seen: [false; 2],
        }
    }

    /// When round 2 begins if a player never says they have seen the count.
    pub(super) fn bound(&self) -> Millis {
        self.since.saturating_add(COUNT_WITHIN)
    }
}

impl Game {
    /// Whether the count waits on `player`: they have not seen it end and
    /// their flag stands.
    fn count_waits_for(&self, player: usize) -> bool {
        self.count
            .is_some_and(|count| !count.seen[player] && !self.rules.is_flagged(player))
    }

    /// Whether the count holds round 2's first draw back: it waits on a player.
    pub(super) fn count_holds(&self) -> bool {
        self.count_waits_for(0) || self.count_waits_for(1)
    }

    /// The draw the count holds back, if it holds one: what the bound
    /// makes, and what a stored game may have next whoever it waited on.
    pub(super) fn held_draw(&self) -> Option<GameEvent> {
        if !self.count_holds() {
            return None;
        }
        let (board, colour) = self.rules.draw_due()?;
        Some(GameEvent::Drew {
            board: board as u8,
            colour: colour.number(),
        })
    }

    /// The held draw, once the bound has passed by `at`.
    pub(super) fn draw_at_bound(&self, at: Millis) -> Option<GameEvent> {
        let count = self.count?;
        (at >= count.bound()).then(|| self.held_draw()).flatten()
    }

    /// When the count's bound falls, while it holds the draw back.
    pub(super) fn count_deadline(&self) -> Option<Millis> {
        self.count.filter(|_| self.count_holds()).map(|count| count.bound())
    }

    /// The event a player's CountSeen, made having seen `version`, asks
    /// for: `None` when it changes nothing (sent again, the count over, a
    /// player not waited for). Refused when it cannot be about a count: a
    /// version the game has not reached, a game without one, a version
    /// before round 1's end.
    pub(super) fn count_seen_event(&self, player: u8, version: u64) -> Result<Option<GameEvent>, String> {
        let current = self.version();
        if version > current {
            return Err(format!("version {version} is ahead of the game, at version {current}"));
        }
        if self.rules.is_simultaneous() {
            return Err("the simultaneous match has one round: there is no count between rounds".into());
        }
        let round_over = self
            .events
            .iter()
            .position(|(event, _)| matches!(event, GameEvent::RoundOver { .. }))
            .map(|i| i as u64 + 1);
        let Some(round_over) = round_over else {
            return Err("round 1 has not ended: there is no count to see".into());
        };
        if version < round_over {
            return Err(format!(
                "version {version} is before round 1's end (version {round_over}): the count comes after it"
            ));
        }
        Ok(self
            .count_waits_for(usize::from(player))
            .then_some(GameEvent::CountSeen { player }))
    }

    /// Applies a player's [`GameEvent::CountSeen`].
    pub(super) fn apply_count_seen(&mut self, player: u8) -> Result<(), String> {
        if player > 1 {
            return Err(format!("a game's players are 0 and 1, not {player}"));
        }
        let count = self
            .count
            .as_mut()
            .ok_or("there is no count under way: it comes between the rounds")?;
        let seen = &mut count.seen[usize::from(player)];
        if *seen {
            return Err(format!("player {player} has seen the count already"));
        }
        *seen = true;
        Ok(())
    }
}
