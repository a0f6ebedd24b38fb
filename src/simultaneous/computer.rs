//! Computer players for the simultaneous match on the table's
//! ([`crate::table::computer`]): the computer's seat decides the move the
//! rules wait for from it, on whichever board, within its level's time.

use bevy::prelude::*;
use entropy_ai::{Limits, Player as AiPlayer, StopFlag};
use entropy_rules::Player;

use super::game::{Seat, SimAction, SimMatch, Simultaneous};
use super::{InSimultaneous, SimScreen};
use crate::table::computer::{self, ComputerGame, Shared, Thought};

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(computer::plugin::<Simultaneous>)
        .add_systems(OnEnter(SimScreen::Playing), computer::seat_players::<Simultaneous>)
        .add_systems(OnExit(SimScreen::Playing), computer::stop_thinking::<Simultaneous>)
        .add_systems(OnExit(InSimultaneous), computer::unseat_players::<Simultaneous>);
}

/// A move being thought about by a computer player of the simultaneous match.
pub type Thinking = computer::Thinking<Simultaneous>;

impl ComputerGame for Simultaneous {
    type Player = Box<dyn AiPlayer>;
    type Hint = ();
    type HintFor = ();

    const PLAYING: SimScreen = SimScreen::Playing;

    /// New players for each match.
    fn seat_players(game: &SimMatch, _: bool) -> Option<[Option<Box<dyn AiPlayer>>; 2]> {
        Some(Player::BOTH.map(|player| match game.seats[player.index()] {
            Seat::Computer(level) => Some(level.player(rand::random())),
            Seat::Person | Seat::Remote => None,
        }))
    }

    fn think(
        game: &SimMatch,
        players: &[Option<Shared<Box<dyn AiPlayer>>>; 2],
        _: &(),
    ) -> Option<Thought<Option<SimAction>>> {
        let pending = game
            .game
            .pending()
            .into_iter()
            .find(|p| !game.seats[p.player.index()].is_person())?;
        let Seat::Computer(level) = game.seats[pending.player.index()] else {
            return None;
        };
        let computer = players[pending.player.index()].clone()?;
        let seat = pending.player;
        let forced = game.game.forced_action(seat);
        // The board it decides on, never the queue of draws.
        let position = *game.game.board(pending.board).position();
        let stop = StopFlag::new();
        let limits = Limits::time(level.budget()).with_stop(stop.clone());
        Some(
            Thought::spawn(
                move || {
                    let mut player = computer.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    forced
                        .or_else(|| player.choose(&position, &limits))
                        .map(|action| SimAction { player: seat, action })
                },
                move || stop.raise(),
            )
            .for_seat(seat.index()),
        )
    }

    fn watching(game: &SimMatch) -> bool {
        game.seats.iter().all(|s| !s.is_person())
    }

    fn hint_for(_: &SimMatch) {}

    /// No hints in a simultaneous match.
    fn ask_hint(_: &SimMatch) -> Option<Thought<Option<()>>> {
        None
    }
}
