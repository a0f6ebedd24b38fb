//! Solomon's computer players and hints on the table's
//! ([`crate::table::computer`]): a computer decides on a copy of the
//! position (never the bag's order) within its level's time, and a hint is
//! worked out for the position it was asked in.

use std::time::Duration;

use bevy::prelude::*;
use entropy_ai::budget::tournament_time;
use entropy_ai::{Hint, Limits, Player as AiPlayer, StopFlag};
use entropy_rules::{Action, Phase, Player, Position};

use crate::solomon::game::{CurrentMatch, Solomon};
use crate::solomon::match_clock::MatchClock;
use crate::solomon::match_setup::Seat;
use crate::solomon::screen::{InMatch, SolomonScreen};
pub use crate::table::computer::WatchPace;
use crate::table::computer::{self, ComputerGame, Shared, Thought};

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(computer::plugin::<Solomon>)
        .add_systems(OnEnter(SolomonScreen::Playing), computer::seat_players::<Solomon>)
        .add_systems(
            OnExit(InMatch),
            (computer::stop_thinking::<Solomon>, computer::unseat_players::<Solomon>),
        );
}

/// A move being thought about by one of Solomon's computer players.
pub type Thinking = computer::Thinking<Solomon>;

/// A hint for the person to move, Chaos or Order.
pub type HintRequest = computer::HintRequest<Solomon>;

impl HintRequest {
    /// The hint for `position`, if one was worked out for exactly it.
    pub fn for_position(&self, position: &Position) -> Option<Hint> {
        self.for_now(position).copied()
    }
}

/// How long a hint may think.
const HINT_TIME: Duration = Duration::from_millis(700);

impl ComputerGame for Solomon {
    type Player = Box<dyn AiPlayer>;
    type Hint = Hint;
    type HintFor = Position;

    const PLAYING: SolomonScreen = SolomonScreen::Playing;

    /// The players are kept between the rounds of a match.
    fn seat_players(game: &CurrentMatch, seated: bool) -> Option<[Option<Box<dyn AiPlayer>>; 2]> {
        if seated && game.game.round_index() == 1 {
            return None;
        }
        Some(Player::BOTH.map(|player| match game.seats[player.index()] {
            Seat::Computer(level) => Some(level.player(rand::random())),
            Seat::Person | Seat::Remote => None,
        }))
    }

    /// On a clock, a computer spends its time for the match evenly over
    /// the moves it has left (`entropy_ai::budget::tournament_time`), never
    /// more than its level's time for a move.
    fn think(
        game: &CurrentMatch,
        players: &[Option<Shared<Box<dyn AiPlayer>>>; 2],
        clock: &Option<Res<MatchClock>>,
    ) -> Option<Thought<Option<Action>>> {
        let (player, _, Seat::Computer(level)) = game.deciding()? else {
            return None;
        };
        let computer = players[player.index()].clone()?;
        let position: Position = *game.round().position();
        let stop = StopFlag::new();
        let time = match clock {
            Some(clock) => tournament_time(clock.left[player.index()], game.game.moves_left(player), level.budget()),
            None => level.budget(),
        };
        let limits = Limits::time(time).with_stop(stop.clone());
        Some(
            Thought::spawn(
                move || {
                    let mut player = computer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    player.choose(&position, &limits)
                },
                move || stop.raise(),
            )
            .for_seat(player.index()),
        )
    }

    fn watching(game: &CurrentMatch) -> bool {
        game.watching()
    }

    fn hint_for(game: &CurrentMatch) -> Position {
        *game.round().position()
    }

    fn ask_hint(game: &CurrentMatch) -> Option<Thought<Option<Hint>>> {
        let position = *game.round().position();
        if !matches!(position.phase(), Phase::OrderMove | Phase::ChaosPlace(_)) {
            return None;
        }
        let stop = StopFlag::new();
        let limits = Limits::time(HINT_TIME).with_stop(stop.clone());
        Some(Thought::spawn(
            move || entropy_ai::hint(&position, &limits),
            move || stop.raise(),
        ))
    }
}
