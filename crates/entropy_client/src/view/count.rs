//! The count between the rounds of the two-round match, as a client
//! follows it: from `RoundOver` to round 2's first draw the board is
//! counted, no clock runs, and the server waits for each player to say
//! they have seen the count end or skipped it ([`ClientMessage::CountSeen`],
//! which [`GameView::count_seen_message`] makes), or for its bound.

use entropy_protocol::ClientMessage;

use super::{GameView, Step};

impl GameView {
    /// Whether the board is being counted between the rounds now: round 1
    /// is over (`RoundOver` taken), round 2's first draw has not come, and
    /// the game goes on. No clock runs then.
    pub fn counting(&self) -> bool {
        self.end.is_none() && matches!(self.steps.last(), Some(Step::RoundOver))
    }

    /// Whether `player` has told the server they have seen the count end
    /// (its `CountSeen` event has come).
    pub fn has_seen_count(&self, player: u8) -> bool {
        self.count_seen.get(usize::from(player)).copied().unwrap_or(false)
    }

    /// What to send once player `me` has seen the count between the rounds
    /// end, or skipped it: the `CountSeen` of this game at the version
    /// seen. `None` when there is nothing to say: no count under way, the
    /// server has `me`'s already, or `me`'s flag has fallen (the server
    /// does not wait for them). Sending it again is harmless.
    ///
    /// ```
    /// use entropy_client::GameView;
    /// let view = GameView::new("g1");
    /// assert_eq!(view.count_seen_message(0), None, "no count before round 1 ends");
    /// ```
    pub fn count_seen_message(&self, me: u8) -> Option<ClientMessage> {
        let waited_for = me <= 1 && !self.has_seen_count(me) && !self.flag_fell(me);
        (self.counting() && waited_for).then(|| ClientMessage::CountSeen {
            game: self.id.clone(),
            version: self.version,
        })
    }

    /// Takes `player`'s `CountSeen`: only during the count, once.
    pub(super) fn see_count(&mut self, player: u8) -> Result<(), String> {
        if !self.counting() {
            return Err("CountSeen, but the board is not being counted between the rounds".into());
        }
        let seen = self
            .count_seen
            .get_mut(usize::from(player))
            .ok_or_else(|| format!("CountSeen of player {player}: players are 0 and 1"))?;
        if *seen {
            return Err(format!("CountSeen of player {player} twice"));
        }
        *seen = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use entropy_protocol::{ClientMessage, Clocks, GameEvent};

    use crate::GameView;

    #[test]
    fn during_the_count_no_clock_runs_and_each_player_is_told_to_say_they_saw_it() {
        let (events, _, _) = super::super::tests::match_events();
        let round_over = events
            .iter()
            .position(|e| matches!(e, GameEvent::RoundOver { .. }))
            .unwrap();
        // A reading that says a clock runs, as an event's clocks could.
        let reading = Clocks {
            left_ms: [100_000, 90_000],
            running: Some(1),
        };
        let mut view = GameView::new("g");
        let too_early = events
            .iter()
            .position(|e| matches!(e, GameEvent::Moved { .. }))
            .unwrap();
        for (i, event) in events[..=round_over].iter().enumerate() {
            if i == too_early {
                let early = view.apply(i as u64 + 1, GameEvent::CountSeen { player: 0 });
                assert!(early.unwrap_err().reason.contains("not being counted"));
            }
            view.apply_with_clocks(i as u64 + 1, event.clone(), Some(reading))
                .unwrap();
            if i < round_over {
                assert!(!view.counting());
                assert_eq!(view.count_seen_message(0), None);
            }
        }
        let version = view.version();
        assert!(view.counting());
        assert_eq!(view.clocks().unwrap().running, None, "no clock runs during the count");
        assert_eq!(view.clocks().unwrap().left_ms, reading.left_ms);
        let message = ClientMessage::CountSeen {
            game: "g".into(),
            version,
        };
        assert_eq!(view.count_seen_message(0), Some(message));
        view.apply(version + 1, GameEvent::CountSeen { player: 0 }).unwrap();
        assert!(view.has_seen_count(0) && !view.has_seen_count(1));
        assert_eq!(view.count_seen_message(0), None, "the server has it");
        assert!(view.count_seen_message(1).is_some());
        let twice = view.apply(version + 2, GameEvent::CountSeen { player: 0 });
        assert!(twice.unwrap_err().reason.contains("twice"));
        view.apply(version + 2, GameEvent::CountSeen { player: 1 }).unwrap();
        // Round 2's first draw ends the count: the clocks read as told again.
        view.apply_with_clocks(version + 3, events[round_over + 1].clone(), Some(reading))
            .unwrap();
        assert!(!view.counting());
        assert_eq!(view.count_seen_message(1), None);
        assert_eq!(view.clocks(), Some(reading));
    }
}
