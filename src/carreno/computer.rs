//! Carreno's computer players and hints on the table's
//! ([`crate::table::computer`]): a computer decides on a copy of the game
//! (its history matters for repetitions), each level within its own
//! budget (Hard about a second); a hint is worked out by Hard's search for
//! the moves played when it was asked.

use std::time::Duration;

use bevy::prelude::*;
use carreno_ai::{Analysis, Limits, Player, StopFlag};
use carreno_rules::{Game, Move, Side};

use super::InCarreno;
use super::game::{Carreno, CarrenoMatch, Seat};
use crate::carreno::CarrenoScreen;
use crate::table::computer::{self, ComputerGame, Shared, Thought};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(computer::plugin::<Carreno>)
        .add_systems(OnEnter(CarrenoScreen::Playing), computer::seat_players::<Carreno>)
        .add_systems(OnExit(CarrenoScreen::Playing), computer::stop_thinking::<Carreno>)
        .add_systems(OnExit(InCarreno), computer::unseat_players::<Carreno>);
}

/// A move being thought about by one of Carreno's computer players.
pub type Thinking = computer::Thinking<Carreno>;

/// A hint for the person to move.
pub type HintRequest = computer::HintRequest<Carreno>;

impl HintRequest {
    /// The hint for `game` as it stands, if one was worked out for it.
    pub fn for_game(&self, game: &Game) -> Option<&Analysis> {
        self.for_now(&game.moves().len())
    }
}

/// How long a hint may think.
const HINT_TIME: Duration = Duration::from_millis(800);

impl ComputerGame for Carreno {
    type Player = Box<dyn Player>;
    type Hint = Analysis;
    type HintFor = usize;

    const PLAYING: CarrenoScreen = CarrenoScreen::Playing;

    /// New players for each game.
    fn seat_players(game: &CarrenoMatch, _: bool) -> Option<[Option<Box<dyn Player>>; 2]> {
        Some(Side::ALL.map(|side| match game.seat(side) {
            Seat::Computer(level) => Some(level.player(rand::random())),
            Seat::Person | Seat::Remote => None,
        }))
    }

    fn think(
        game: &CarrenoMatch,
        players: &[Option<Shared<Box<dyn Player>>>; 2],
        _: &(),
    ) -> Option<Thought<Option<Move>>> {
        if game.game.is_over() {
            return None;
        }
        let side = game.game.to_move();
        let Seat::Computer(_) = game.seat(side) else {
            return None;
        };
        let computer = players[side.index()].clone()?;
        let copy: Game = game.game.clone();
        let stop = StopFlag::new();
        // No time or node limit: each level takes its own budget.
        let limits = Limits::none().with_stop(stop.clone());
        Some(
            Thought::spawn(
                move || {
                    let mut player = computer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    Some(player.choose(&copy, &limits))
                },
                move || stop.raise(),
            )
            .for_seat(side.index()),
        )
    }

    fn watching(_: &CarrenoMatch) -> bool {
        false
    }

    fn hint_for(game: &CarrenoMatch) -> usize {
        game.game.moves().len()
    }

    fn ask_hint(game: &CarrenoMatch) -> Option<Thought<Option<Analysis>>> {
        if !game.person_to_move() {
            return None;
        }
        let stop = StopFlag::new();
        let limits = Limits::time(HINT_TIME).with_stop(stop.clone());
        let copy = game.game.clone();
        Some(Thought::spawn(
            move || carreno_ai::hint(&copy, &limits),
            move || stop.raise(),
        ))
    }
}
