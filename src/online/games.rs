//! The games this player follows on the server, each as the client crate's
//! [`GameView`]: its events replayed by the rules, who is connected, the
//! clocks as the server last read them (and when that was), a move
//! refused, and the match file once the game is over. The room that plays
//! a game's format shows it from here ([`OpenOnlineGame`]).

use std::collections::BTreeMap;
use std::time::Duration;

use bevy::prelude::*;
use entropy_client::{Applied, BoardStep, GameView};
use entropy_protocol::{Clocks, Format, GameEvent, GameId, Speed};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OnlineGames>().add_message::<OpenOnlineGame>();
}

/// A game to show: the room that plays `format` opens it, for its player
/// at this screen, or for a spectator when this player does not play it.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct OpenOnlineGame {
    pub game: GameId,
    pub format: Format,
}

/// What became of an event heard ([`OnlineGames::event`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heard {
    /// Taken (or seen already, or of a game not followed).
    Taken,
    /// The view could not take it: the game must be watched again from its start.
    WatchAgain,
    /// It failed again: the game is given up, why.
    GaveUp(String),
}

/// A game of this player's not over, as "My games" lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MyGame {
    pub game: GameId,
    /// This player's seat, 0 or 1.
    pub me: u8,
    /// Whether a move of theirs is waited for.
    pub waiting: bool,
    /// Their time left as the server last read it (for the match, or for
    /// the move in correspondence).
    pub left_ms: Option<u64>,
}

/// One game followed.
#[derive(Debug, Clone)]
pub struct Followed {
    /// Its events, replayed.
    pub view: GameView,
    /// Whether each player has a connection to the server.
    pub presence: [bool; 2],
    /// When the clocks in the view were read by the server: the real time
    /// the event carrying them came.
    pub clocks_at: Duration,
    /// How many requests about this game the server has refused (a
    /// follower notes the count it has dealt with), and the last one's reason.
    pub refusals: (u32, Option<String>),
    /// An event the view could not take (the game is watched again from
    /// its start, once: an event that fails again is the server's fault,
    /// and the game is no longer followed).
    pub problem: Option<String>,
    /// The version of the event that failed last.
    failed_at: Option<u64>,
    /// The game could not be read twice over: its events are not taken.
    given_up: bool,
    /// The finished game's match file, once asked for and come.
    pub file: Option<Result<String, String>>,
    /// How many watch it who do not play it.
    pub spectators: u32,
    /// Started while this session was signed in (not one found under way
    /// at sign-in): it opens by itself, as a game just accepted does.
    pub fresh: bool,
}

impl Followed {
    fn new(game: &str, fresh: bool) -> Followed {
        Followed {
            view: GameView::new(game),
            presence: [true; 2],
            clocks_at: Duration::ZERO,
            refusals: (0, None),
            problem: None,
            failed_at: None,
            given_up: false,
            file: None,
            spectators: 0,
            fresh,
        }
    }

    /// Whether a move of `player`'s is waited for.
    pub fn waits_for(&self, player: u8) -> bool {
        !self.view.owed(player).is_empty()
    }

    /// Whether the game has a live clock (not days a move).
    pub fn live(&self) -> bool {
        self.view
            .start()
            .is_some_and(|s| matches!(s.options.speed, Speed::Live { .. }))
    }

    /// Whether the game may still be aborted: until both players have
    /// moved (the server's rule).
    pub fn abortable(&self) -> bool {
        let both_moved = self.view.has_moved(0) && self.view.has_moved(1);
        !self.view.is_over() && !both_moved
    }

    /// Whether `player` may offer a takeback now: a casual game going on,
    /// no flag fallen, no offer open, and a move of theirs in the round
    /// being played (the server's rule).
    pub fn may_offer_takeback(&self, player: u8) -> bool {
        let Some(start) = self.view.start() else {
            return false;
        };
        let steps = self.view.steps();
        let round_start = steps
            .iter()
            .rposition(|s| matches!(s, BoardStep::RoundOver))
            .map_or(0, |i| i + 1);
        let moved = steps[round_start..]
            .iter()
            .any(|s| matches!(s, BoardStep::Moved { player: p, .. } if *p == player));
        !start.options.rated
            && !self.view.is_over()
            && !self.view.flag_fell(0)
            && !self.view.flag_fell(1)
            && self.view.takeback_offer().is_none()
            && moved
    }

    /// The clocks now: each player's time left as the server last read it,
    /// less the time since for the clock that runs (`now`: real time).
    pub fn clocks_now(&self, now: Duration) -> Option<([Duration; 2], Option<u8>)> {
        let Clocks { left_ms, running } = self.view.clocks()?;
        let mut left = left_ms.map(Duration::from_millis);
        if !self.view.is_over()
            && let Some(player) = running
            && let Some(clock) = left.get_mut(usize::from(player))
        {
            *clock = clock.saturating_sub(now.saturating_sub(self.clocks_at));
        }
        Some((left, running))
    }
}

/// The games followed, by id.
#[derive(Resource, Debug, Clone, Default)]
pub struct OnlineGames {
    games: BTreeMap<GameId, Followed>,
}

impl OnlineGames {
    /// Starts following `game` (`fresh`: started during this session);
    /// whether it is new (and so must be watched).
    pub fn follow(&mut self, game: &str, fresh: bool) -> bool {
        if self.games.contains_key(game) {
            return false;
        }
        self.games.insert(game.to_string(), Followed::new(game, fresh));
        true
    }

    /// Stops following `game` (a game watched, left).
    pub fn forget(&mut self, game: &str) {
        self.games.remove(game);
    }

    /// The games `name` plays that are not over, those waiting for their
    /// move first (the least time left first), then the others.
    pub fn mine(&self, name: &str) -> Vec<MyGame> {
        let mut mine: Vec<MyGame> = self
            .games
            .iter()
            .filter(|(_, g)| !g.view.is_over())
            .filter_map(|(id, g)| {
                let me = g.view.player_named(name)?;
                let left = g.view.clocks().map(|c| c.left_ms[usize::from(me)]);
                Some(MyGame {
                    game: id.clone(),
                    me,
                    waiting: g.waits_for(me),
                    left_ms: left,
                })
            })
            .collect();
        mine.sort_by_key(|g| (!g.waiting, if g.waiting { g.left_ms } else { None }));
        mine
    }

    /// The game `game`, if followed.
    pub fn get(&self, game: &str) -> Option<&Followed> {
        self.games.get(game)
    }

    /// Every game followed.
    pub fn iter(&self) -> impl Iterator<Item = (&GameId, &Followed)> {
        self.games.iter()
    }

    /// Forgets every game (signed out).
    pub fn clear(&mut self) {
        self.games.clear();
    }

    /// Takes event `version` of `game`, with the clocks sent with it, at
    /// real time `now`. An event the view cannot take starts the view
    /// again, and the game is watched again from its start; the same event
    /// failing again is the server's fault, and the game is given up.
    pub fn event(
        &mut self,
        game: &str,
        version: u64,
        event: GameEvent,
        clocks: Option<Clocks>,
        now: Duration,
    ) -> Heard {
        let Some(followed) = self.games.get_mut(game) else {
            return Heard::Taken;
        };
        if followed.given_up {
            return Heard::Taken;
        }
        match followed.view.apply_with_clocks(version, event, clocks) {
            Ok(Applied::New) => {
                if clocks.is_some() {
                    followed.clocks_at = now;
                }
                Heard::Taken
            }
            Ok(Applied::Seen) => Heard::Taken,
            Err(e) if followed.failed_at == Some(e.version) => {
                warn!("game {game}: {e}, again: given up");
                followed.problem = Some(e.to_string());
                followed.given_up = true;
                Heard::GaveUp(e.to_string())
            }
            Err(e) => {
                warn!("game {game}: {e}");
                followed.problem = Some(e.to_string());
                followed.failed_at = Some(e.version);
                followed.view = GameView::new(game);
                Heard::WatchAgain
            }
        }
    }

    /// How many watch `game` who do not play it.
    pub fn spectators(&mut self, game: &str, count: u32) {
        if let Some(followed) = self.games.get_mut(game) {
            followed.spectators = count;
        }
    }

    /// A player of `game` came or went.
    pub fn presence(&mut self, game: &str, player: u8, here: bool) {
        if let Some(seat) = self
            .games
            .get_mut(game)
            .and_then(|g| g.presence.get_mut(usize::from(player)))
        {
            *seat = here;
        }
    }

    /// A request about `game` refused, why.
    pub fn refused(&mut self, game: &str, reason: String) {
        if let Some(followed) = self.games.get_mut(game) {
            followed.refusals = (followed.refusals.0 + 1, Some(reason));
        }
    }

    /// The match file of `game` came (or could not be had).
    pub fn file_came(&mut self, game: &str, file: Result<String, String>) {
        if let Some(followed) = self.games.get_mut(game) {
            followed.file = Some(file);
        }
    }
}
