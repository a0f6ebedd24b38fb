//! The game on the table: the rules crate's [`Game`] in a resource
//! ([`CarrenoMatch`], the only source of truth) with who sits at each side
//! and their names, what a person may do now, and taking moves back.

use bevy::prelude::*;
use carreno_ai::Level;
use carreno_rules::{Game, Side};

use super::setup::{CarrenoOpponent, CarrenoSetup};

/// Who sits at a side: a person, or the computer at a level.
pub type Seat = crate::table::turn::Seat<Level>;

/// The game on the table: the rules' [`Game`], the only source of truth,
/// with the seat and the name of each side.
#[derive(Resource, Debug, Clone)]
pub struct CarrenoMatch {
    /// The game.
    pub game: Game,
    /// Who plays each side, by [`Side::index`].
    pub seats: [Seat; 2],
    /// Each side's player's name, by [`Side::index`].
    pub names: [String; 2],
}

impl CarrenoMatch {
    /// A new game for `setup`, the first player taking `first`; `typed` are
    /// the names typed in the setup of Solomon's game, used when not blank.
    pub fn new(setup: &CarrenoSetup, typed: &[String; 2], first: Side) -> CarrenoMatch {
        let typed_or = |i: usize, default: &str| {
            let name = typed[i].trim();
            if name.is_empty() {
                default.to_string()
            } else {
                name.to_string()
            }
        };
        let (other_seat, one, two) = match setup.opponent {
            CarrenoOpponent::Person => (Seat::Person, typed_or(0, "Player 1"), typed_or(1, "Player 2")),
            CarrenoOpponent::Computer(level) => (Seat::Computer(level), typed_or(0, "You"), computer_name(level)),
        };
        let mut seats = [other_seat; 2];
        seats[first.index()] = Seat::Person;
        let mut names = [two.clone(), two];
        names[first.index()] = one;
        CarrenoMatch::with_seats(Game::new(), seats, names)
    }

    /// A game from `game` with these seats and names, by [`Side::index`].
    pub fn with_seats(game: Game, seats: [Seat; 2], names: [String; 2]) -> CarrenoMatch {
        CarrenoMatch { game, seats, names }
    }

    /// The same players again from the start, each at the other side.
    pub fn rematch(&self) -> CarrenoMatch {
        let [s, o] = self.seats;
        let [ns, no] = self.names.clone();
        CarrenoMatch::with_seats(Game::new(), [o, s], [no, ns])
    }

    /// Who plays `side`.
    pub fn seat(&self, side: Side) -> Seat {
        self.seats[side.index()]
    }

    /// The name of `side`'s player: "You", "Player 1", "Hard" (a computer) or a typed name.
    pub fn name(&self, side: Side) -> &str {
        &self.names[side.index()]
    }

    /// Whether a person must move now (the game goes on and it is their turn).
    pub fn person_to_move(&self) -> bool {
        !self.game.is_over() && self.seat(self.game.to_move()) == Seat::Person
    }

    /// Whether a person plays against the computer.
    pub fn against_computer(&self) -> bool {
        self.seats.contains(&Seat::Person) && self.seats.iter().any(|s| matches!(s, Seat::Computer(_)))
    }

    /// The side that made move `index` of the game.
    pub fn mover_of(&self, index: usize) -> Side {
        let first = self.game.start().to_move();
        if index.is_multiple_of(2) { first } else { first.other() }
    }

    /// Whether a person may take a move back now: the game goes on and a
    /// person has made a move.
    pub fn undo_allowed(&self) -> bool {
        !self.game.is_over() && (0..self.game.moves().len()).any(|i| self.seat(self.mover_of(i)) == Seat::Person)
    }
}

/// The computer's name at `level`: its level, as in "Hard".
pub fn computer_name(level: Level) -> String {
    level.title().to_string()
}
