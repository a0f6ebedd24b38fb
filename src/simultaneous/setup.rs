//! What the players choose before a simultaneous match: who plays (a
//! person at this screen, or the computer at a level) and the board.
//! Remembered in the preferences' own section.

use bevy::prelude::*;
use entropy_ai::Level;
use entropy_rules::Size;
use serde::{Deserialize, Serialize};

use crate::app::prefs::Remembered;
use crate::table::turn::Seat;

pub(super) fn plugin(app: &mut App) {
    crate::app::prefs::remember::<SimSetup>(app);
}

/// Who plays against whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SimOpponent {
    /// Two people at this screen, taking turns.
    Person,
    /// The person at the screen (player 1) against the computer.
    Computer(Level),
}

/// The simultaneous match's setup.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct SimSetup {
    /// Who plays.
    pub opponent: SimOpponent,
    /// The board size.
    pub size: Size,
}

impl Default for SimSetup {
    fn default() -> Self {
        SimSetup {
            opponent: SimOpponent::Computer(Level::Medium),
            size: Size::Seven,
        }
    }
}

impl SimSetup {
    /// Who sits in each chair, by `Player::index`.
    pub fn seats(&self) -> [Seat<Level>; 2] {
        match self.opponent {
            SimOpponent::Person => [Seat::Person; 2],
            SimOpponent::Computer(level) => [Seat::Person, Seat::Computer(level)],
        }
    }
}

/// The setup as remembered: plain words that read back whatever this
/// version of the game becomes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SimSetupPrefs {
    /// `"person"` or `"computer"`.
    pub opponent: String,
    /// The computer's level.
    pub level: String,
    /// 7 or 5.
    pub board: u8,
}

impl Default for SimSetupPrefs {
    fn default() -> Self {
        SimSetup::default().stored()
    }
}

impl Remembered for SimSetup {
    const SECTION: &'static str = "simultaneous";
    type Stored = SimSetupPrefs;

    fn stored(&self) -> SimSetupPrefs {
        let (opponent, level) = match self.opponent {
            SimOpponent::Person => ("person", Level::Medium),
            SimOpponent::Computer(level) => ("computer", level),
        };
        SimSetupPrefs {
            opponent: opponent.into(),
            level: level.to_string(),
            board: self.size.n() as u8,
        }
    }

    fn from_stored(stored: SimSetupPrefs) -> SimSetup {
        let level = stored.level.parse().unwrap_or(Level::Medium);
        SimSetup {
            opponent: match stored.opponent.as_str() {
                "person" => SimOpponent::Person,
                _ => SimOpponent::Computer(level),
            },
            size: Size::from_n(stored.board as usize).unwrap_or_default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setup_comes_back_and_unknown_values_fall_back() {
        let setup = SimSetup {
            opponent: SimOpponent::Computer(Level::Hard),
            size: Size::Five,
        };
        let text = ron::to_string(&setup.stored()).unwrap();
        assert_eq!(SimSetup::from_stored(ron::from_str(&text).unwrap()), setup);
        let odd: SimSetupPrefs = ron::from_str("(opponent: \"robot\", level: \"grand\", board: 6)").unwrap();
        assert_eq!(SimSetup::from_stored(odd), SimSetup::default());
    }
}
