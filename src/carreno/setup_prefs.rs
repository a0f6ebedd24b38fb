//! The last setup of Carreno's game as remembered: plain words that read
//! back whatever this version of the game becomes, and the setup they
//! make.

use serde::{Deserialize, Serialize};

use crate::app::prefs::Remembered;
use crate::carreno::{CarrenoOpponent, CarrenoSetup, SideChoice};

/// The last setup of Carreno's game, in a form that reads back whatever
/// this version of the game becomes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct CarrenoPrefs {
    /// `"person"` or `"computer"`.
    pub opponent: String,
    /// The computer's level: `"easy"`, `"medium"` or `"hard"`.
    pub level: String,
    /// The first player's side: `"o"`, `"s"` or `"random"`.
    pub side: String,
}

impl Default for CarrenoPrefs {
    fn default() -> Self {
        CarrenoPrefs::from_setup(&CarrenoSetup::default())
    }
}

impl CarrenoPrefs {
    /// The preferences of `setup`.
    pub fn from_setup(setup: &CarrenoSetup) -> CarrenoPrefs {
        let (opponent, level) = match setup.opponent {
            CarrenoOpponent::Person => ("person", carreno_ai::Level::Medium),
            CarrenoOpponent::Computer(level) => ("computer", level),
        };
        CarrenoPrefs {
            opponent: opponent.into(),
            level: level.name().into(),
            side: match setup.side {
                SideChoice::O => "o",
                SideChoice::S => "s",
                SideChoice::Random => "random",
            }
            .into(),
        }
    }

    /// The setup these preferences make; anything unknown falls back to the default.
    pub fn setup(&self) -> CarrenoSetup {
        let level = self.level.parse().unwrap_or(carreno_ai::Level::Medium);
        CarrenoSetup {
            opponent: match self.opponent.as_str() {
                "person" => CarrenoOpponent::Person,
                _ => CarrenoOpponent::Computer(level),
            },
            side: match self.side.as_str() {
                "s" => SideChoice::S,
                "random" => SideChoice::Random,
                _ => SideChoice::O,
            },
        }
    }
}

impl Remembered for CarrenoSetup {
    const SECTION: &'static str = "carreno";
    type Stored = CarrenoPrefs;

    fn stored(&self) -> CarrenoPrefs {
        CarrenoPrefs::from_setup(self)
    }

    fn from_stored(stored: CarrenoPrefs) -> CarrenoSetup {
        stored.setup()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setup_comes_back_and_unknown_values_fall_back() {
        let setup = CarrenoSetup {
            opponent: CarrenoOpponent::Computer(carreno_ai::Level::Hard),
            side: SideChoice::S,
        };
        let text = ron::to_string(&setup.stored()).unwrap();
        assert_eq!(CarrenoSetup::from_stored(ron::from_str(&text).unwrap()), setup);
        let unknown: CarrenoPrefs =
            ron::from_str("(opponent: \"ghost\", level: \"grandmaster\", side: \"x\")").unwrap();
        assert_eq!(CarrenoSetup::from_stored(unknown), CarrenoSetup::default());
    }
}
