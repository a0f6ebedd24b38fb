//! How one event changes a game, and the events a game makes by itself.
//!
//! [`Game::push`] is the one way an event enters a game, from a command,
//! the clock or storage: it checks the event is one the game allows now
//! (for an event the game makes itself, that it is exactly the one the game
//! makes), changes the game, records it, and sets the clocks. A refused
//! event changes nothing.

use entropy_protocol::fairness::Secret;
use entropy_protocol::{GameEvent, GameOptions, RatingChange, Seat};
use entropy_rules::{Forfeit, Size, TimeLeft};

use super::clock::{Clock, Limit};
use super::count::Count;
use super::rules::{Rules, action_text, parse_action, role_of};
use super::{Game, Millis, Played};

/// An event's name, for a refusal (never its contents: an Ended holds the seed).
pub(super) fn name(event: &GameEvent) -> &'static str {
    match event {
        GameEvent::Started { .. } => "started",
        GameEvent::Drew { .. } => "drew",
        GameEvent::Moved { forced: true, .. } => "moved (forced)",
        GameEvent::Moved { .. } => "moved",
        GameEvent::FlagFell { .. } => "flag_fell",
        GameEvent::RoundOver { .. } => "round_over",
        GameEvent::CountSeen { .. } => "count_seen",
        GameEvent::TakebackOffered { .. } => "takeback_offered",
        GameEvent::TakebackDeclined { .. } => "takeback_declined",
        GameEvent::TookBack { .. } => "took_back",
        GameEvent::Resigned { .. } => "resigned",
        GameEvent::Aborted { .. } => "aborted",
        GameEvent::Ended { .. } => "ended",
        GameEvent::RematchOffered { .. } => "rematch_offered",
        GameEvent::RematchDeclined { .. } => "rematch_declined",
        GameEvent::Rematch { .. } => "rematch",
        GameEvent::Resumed { .. } => "resumed",
        GameEvent::Rated { .. } => "rated",
    }
}

/// A player's index, checked.
fn seat(player: u8) -> Result<usize, String> {
    if player <= 1 {
        Ok(usize::from(player))
    } else {
        Err(format!("a game's players are 0 and 1, not {player}"))
    }
}

impl Game {
    /// A game before its first event.
    pub(super) fn new(players: [Seat; 2], options: GameOptions, first_order: u8, secret: Secret) -> Game {
        let size = if options.size == 5 { Size::Five } else { Size::Seven };
        let first_order = first_order.min(1);
        let rules = Rules::new(
            options.format,
            size,
            usize::from(first_order),
            &secret,
            Clock::time_control(options.speed),
        );
        Game {
            secret,
            players,
            options,
            first_order,
            rules,
            clock: Clock::new(options.speed),
            events: Vec::new(),
            log: Vec::new(),
            echo: None,
            aborted: None,
            ended: false,
            count: None,
            takeback_offer: None,
            rematch_offers: [false; 2],
            rematch: None,
            rated: None,
        }
    }

    /// `at`, or the last event's time if that is later: events never go
    /// back in time, whatever the server's clock does.
    pub(super) fn at(&self, at: Millis) -> Millis {
        self.events.last().map_or(at, |&(_, last)| at.max(last))
    }

    /// Checks `event`, applies it at `at` and records it as the next version.
    /// The draw the count between the rounds holds back is taken whenever
    /// it comes (the bound, or a stored game): see [`super::count`].
    pub(super) fn push(&mut self, event: GameEvent, at: Millis) -> Result<(), String> {
        match self.automatic() {
            Some(expected) if expected == event => self.apply_automatic(&event, at)?,
            Some(expected) => {
                return Err(format!(
                    "the game's next event is its own ({}), not {}",
                    name(&expected),
                    name(&event)
                ));
            }
            None if self.held_draw().as_ref() == Some(&event) => self.apply_automatic(&event, at)?,
            None => self.apply_other(&event, at)?,
        }
        let mover = match event {
            GameEvent::Moved { player, .. } => Some(usize::from(player)),
            _ => None,
        };
        self.events.push((event, at));
        self.clock.sync(self.owing(), at, mover);
        Ok(())
    }

    /// Makes every event that follows by itself, at `at`, adding them to `out`.
    pub(super) fn settle(&mut self, at: Millis, out: &mut Vec<GameEvent>) {
        while let Some(event) = self.automatic() {
            if self.push(event.clone(), at).is_err() {
                break;
            }
            out.push(event);
        }
    }

    /// The event the game makes by itself now, if one is due: board 1's
    /// share of a simultaneous draw, the end, the second round, a draw
    /// (round 2's first once the count between the rounds lets it), a move
    /// the rules play for a player out of time.
    pub(super) fn automatic(&self) -> Option<GameEvent> {
        if self.ended {
            return None;
        }
        if let Some(colour) = self.echo {
            return Some(GameEvent::Drew { board: 1, colour });
        }
        if self.aborted.is_some() || self.rules.is_over() {
            return Some(self.ended_event());
        }
        if self.rules.between_rounds() {
            return Some(GameEvent::RoundOver {
                totals: self.rules.totals(),
            });
        }
        if let Some((board, colour)) = self.rules.draw_due() {
            if self.count_holds() {
                return None;
            }
            return Some(GameEvent::Drew {
                board: board as u8,
                colour: colour.number(),
            });
        }
        let (player, action) = self.rules.forced()?;
        let board = self.rules.board_for(player, role_of(action));
        let pass_cell = self.rules.position(board).last_placed();
        Some(GameEvent::Moved {
            board: board as u8,
            player: player as u8,
            action: action_text(action, pass_cell),
            left_ms: self.clock.is_live().then_some(0),
            forced: true,
        })
    }

    /// The last event: the result, the totals, why, and the seed.
    fn ended_event(&self) -> GameEvent {
        let (result, termination) = match self.aborted {
            Some(player) => ("*".to_string(), format!("aborted by player {}", player + 1)),
            None => {
                let ending = self.rules.ending();
                (ending.result_tag().to_string(), ending.termination_tag())
            }
        };
        GameEvent::Ended {
            result,
            totals: self.rules.totals(),
            termination,
            seed: self.secret.to_string(),
        }
    }

    /// Which players owe a move with their clock running: not once the game
    /// is over, nor a player whose flag has fallen, nor anyone during the
    /// count between the rounds.
    fn owing(&self) -> [bool; 2] {
        let mut owing = [false; 2];
        if self.ended || self.aborted.is_some() || self.rules.is_over() || self.count.is_some() {
            return owing;
        }
        for owed in self.rules.owed() {
            owing[owed.player] |= !self.rules.is_flagged(owed.player);
        }
        owing
    }

    /// Applies an event the game made itself at `at` (already checked to be it).
    fn apply_automatic(&mut self, event: &GameEvent, at: Millis) -> Result<(), String> {
        match event {
            GameEvent::Drew { .. } if self.echo.is_some() => self.echo = None,
            GameEvent::Drew { .. } => {
                let colour = self.rules.draw().map_err(|e| e.to_string())?;
                if self.rules.is_simultaneous() {
                    self.echo = Some(colour.number());
                }
                self.count = None;
            }
            GameEvent::RoundOver { .. } => {
                self.rules.start_second_round()?;
                self.count = Some(Count::new(at));
            }
            GameEvent::Ended { .. } => {
                self.ended = true;
                self.count = None;
            }
            GameEvent::Moved { player, action, .. } => {
                let player = usize::from(*player);
                let action = parse_action(action)?;
                let left = self.clock.is_live().then_some(TimeLeft::ZERO);
                self.rules.apply(player, action, left)?;
                self.log.push(Played {
                    player,
                    round: self.rules.round_index(),
                });
            }
            other => return Err(format!("{} is not an event the game makes itself", name(other))),
        }
        Ok(())
    }

    /// Refuses anything once the game is over.
    fn check_open(&self) -> Result<(), String> {
        if self.ended || self.aborted.is_some() || self.rules.is_over() {
            Err("the game is over".into())
        } else {
            Ok(())
        }
    }

    /// Checks and applies an event of a player's, the clock's or the server's.
    fn apply_other(&mut self, event: &GameEvent, at: Millis) -> Result<(), String> {
        match event {
            GameEvent::Started { .. } => return Err("the game has started already".into()),
            GameEvent::Drew { .. }
            | GameEvent::RoundOver { .. }
            | GameEvent::Ended { .. }
            | GameEvent::Moved { forced: true, .. } => {
                return Err(format!("no {} is due now", name(event)));
            }
            GameEvent::Moved {
                board,
                player,
                action,
                left_ms,
                forced: false,
            } => self.apply_move(*board, *player, action, *left_ms, at)?,
            GameEvent::FlagFell { player } => self.apply_flag(*player, at)?,
            GameEvent::CountSeen { player } => self.apply_count_seen(*player)?,
            GameEvent::TakebackOffered { player } => {
                let asker = seat(*player)?;
                self.takeback_moves(asker)?;
                match self.takeback_offer {
                    Some(offer) if offer == *player => return Err("you have offered a takeback already".into()),
                    Some(_) => {
                        return Err("your opponent has offered a takeback: ask for one to accept it".into());
                    }
                    None => self.takeback_offer = Some(*player),
                }
            }
            GameEvent::TakebackDeclined { player } => {
                let answerer = seat(*player)?;
                self.check_open()?;
                if self.takeback_offer != Some(1 - answerer as u8) {
                    return Err("there is no takeback offer to decline".into());
                }
                self.takeback_offer = None;
            }
            GameEvent::TookBack { moves } => {
                let asker = self.takeback_offer.ok_or("nobody has offered a takeback")?;
                let count = self.takeback_moves(usize::from(asker))?;
                if *moves != count {
                    return Err(format!("the takeback is of {count} moves, not {moves}"));
                }
                for _ in 0..count {
                    self.rules.undo()?;
                    self.log.pop();
                }
                self.takeback_offer = None;
            }
            GameEvent::Resigned { player } => {
                let player = seat(*player)?;
                self.check_open()?;
                self.rules.forfeit(Forfeit::Resigned(super::rules::player(player)))?;
            }
            GameEvent::Aborted { player } => {
                seat(*player)?;
                self.check_open()?;
                self.check_abort()?;
                self.aborted = Some(*player);
            }
            GameEvent::RematchOffered { player } => {
                let player = seat(*player)?;
                self.check_rematch()?;
                if self.rematch_offers[player] {
                    return Err("you have asked for a rematch already".into());
                }
                self.rematch_offers[player] = true;
            }
            GameEvent::RematchDeclined { player } => {
                let player = seat(*player)?;
                self.check_rematch()?;
                if !self.rematch_offers[1 - player] || self.rematch_offers[player] {
                    return Err("there is no rematch offer to decline".into());
                }
                self.rematch_offers = [false; 2];
            }
            GameEvent::Rematch { game } => {
                self.check_rematch()?;
                if !self.rematch_agreed() {
                    return Err("a rematch begins once both players have asked for it".into());
                }
                self.rematch = Some(game.clone());
            }
            GameEvent::Resumed { ms } => {
                self.check_open()?;
                if !self.clock.any_runs() {
                    return Err("no clock runs: there is no time to give back".into());
                }
                self.clock.resume(i64::try_from(*ms).unwrap_or(i64::MAX), at);
            }
            GameEvent::Rated { ratings } => self.apply_rated(ratings)?,
        }
        Ok(())
    }

    /// The ratings' change of a rated game: right after its end, once.
    fn apply_rated(&mut self, ratings: &[RatingChange; 2]) -> Result<(), String> {
        if !self.ended {
            return Err("the ratings change once the game has ended".into());
        }
        if !self.options.rated || self.aborted.is_some() {
            return Err("the game counts for no rating: it is casual, or was aborted".into());
        }
        if self.rated.is_some() {
            return Err("the game has been rated already".into());
        }
        if !matches!(self.events.last(), Some((GameEvent::Ended { .. }, _))) {
            return Err("the ratings' change comes right after the end".into());
        }
        if ratings.iter().any(|r| !r.before.is_finite() || !r.after.is_finite()) {
            return Err("a rating is a finite number".into());
        }
        self.rated = Some(*ratings);
        Ok(())
    }

    /// A player's own move.
    fn apply_move(
        &mut self,
        board: u8,
        player: u8,
        text: &str,
        left_ms: Option<u64>,
        at: Millis,
    ) -> Result<(), String> {
        self.check_open()?;
        if self.count.is_some() {
            return Err(
                "the board is being counted between the rounds: round 2 begins when both players have seen the count"
                    .into(),
            );
        }
        let mover = seat(player)?;
        let action = parse_action(text)?;
        let expected = self.rules.board_for(mover, role_of(action));
        if usize::from(board) != expected {
            return Err(format!(
                "player {player} makes that move on board {expected}, not {board}"
            ));
        }
        if self.clock.runs(mover) && self.clock.out_of_time(mover, at) {
            return Err("your time is up: the flag falls".into());
        }
        let left = self.clock.is_live().then(|| self.clock.left_after(mover, at));
        if left_ms != left {
            return Err(format!(
                "the mover's clock reads {left:?} ms after the move, not {left_ms:?}"
            ));
        }
        self.rules.apply(mover, action, left.map(TimeLeft::from_millis))?;
        self.log.push(Played {
            player: mover,
            round: self.rules.round_index(),
        });
        self.takeback_offer = None;
        Ok(())
    }

    /// A player's time running out.
    fn apply_flag(&mut self, player: u8, at: Millis) -> Result<(), String> {
        self.check_open()?;
        let flagged = seat(player)?;
        if !self.clock.runs(flagged) {
            return Err(format!("player {player}'s clock is not running"));
        }
        if !self.clock.out_of_time(flagged, at) {
            return Err(format!("player {player} still has time"));
        }
        match self.clock.limit() {
            Limit::Live { .. } => {
                self.rules.flag(flagged)?;
                self.clock.flag(flagged);
            }
            Limit::Correspondence { .. } => {
                self.rules.forfeit(Forfeit::TimeOut(super::rules::player(flagged)))?;
            }
            Limit::Untimed => return Err("the game has no clock".into()),
        }
        self.takeback_offer = None;
        Ok(())
    }

    /// How many moves a takeback `asker` asked for takes back: their last
    /// move of the round being played and every move after it. Refused in
    /// a rated game, once a flag has fallen, and when they have no move of
    /// the round to take back.
    pub(super) fn takeback_moves(&self, asker: usize) -> Result<u8, String> {
        self.check_open()?;
        if self.options.rated {
            return Err("takebacks are for casual games: this one is rated".into());
        }
        if self.rules.any_flag() {
            return Err("no takebacks once a flag has fallen".into());
        }
        let round = self.rules.round_index();
        let mut count: u8 = 0;
        for played in self.log.iter().rev().take_while(|p| p.round == round) {
            count = count.saturating_add(1);
            if played.player == asker {
                return Ok(count);
            }
        }
        Err("you have no move of this round to take back".into())
    }

    /// Abort is allowed until both players have made a move: a game in
    /// which a side has never moved. A move taken back since counts (the
    /// events keep it, where `log` no longer has it).
    fn check_abort(&self) -> Result<(), String> {
        let moved = |player: u8| {
            self.events
                .iter()
                .any(|(event, _)| matches!(event, GameEvent::Moved { player: p, .. } if *p == player))
        };
        if moved(0) && moved(1) {
            Err("too late to abort: both players have moved, a move taken back counts too (resign instead)".into())
        } else {
            Ok(())
        }
    }

    /// Rematch offers and answers come once the game is over, before the rematch.
    fn check_rematch(&self) -> Result<(), String> {
        if !self.ended {
            return Err("a rematch is for a game that is over".into());
        }
        if let Some(game) = &self.rematch {
            return Err(format!("the rematch has begun: game {game}"));
        }
        Ok(())
    }
}
