//! The last setup of Solomon's game as remembered: plain words and numbers
//! that read back whatever this version of the game becomes, and the
//! setup they make.

use entropy_ai::Level;
use entropy_rules::Size;
use serde::{Deserialize, Serialize};

use crate::app::prefs::Remembered;
use crate::solomon::match_setup::{ClockChoice, MatchSetup, Opponent, RoleChoice};

/// The last match setup, in a form that reads back whatever this version of the game becomes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct SetupPrefs {
    /// 7 or 5.
    pub board: u8,
    /// `"person"`, `"computer"` or `"watch"`.
    pub opponent: String,
    /// The computer's level (the first computer's when watching).
    pub level: String,
    /// The second computer's level when watching.
    pub second_level: String,
    /// `"order"`, `"chaos"` or `"random"`: player 1's role in round 1.
    pub role: String,
    /// The names typed.
    pub names: [String; 2],
    /// Minutes per player, 0 for no clock.
    pub clock_minutes: u8,
    /// Both rounds draw the same counters.
    pub same_draws: bool,
    /// Tournament rules.
    pub tournament: bool,
}

impl Default for SetupPrefs {
    fn default() -> Self {
        SetupPrefs::from_setup(&MatchSetup::default())
    }
}

impl SetupPrefs {
    /// The preferences of `setup`.
    pub fn from_setup(setup: &MatchSetup) -> SetupPrefs {
        let (opponent, level, second) = match setup.opponent {
            Opponent::Person => ("person", Level::Medium, Level::Medium),
            Opponent::Computer(level) => ("computer", level, level),
            Opponent::Watch(a, b) => ("watch", a, b),
        };
        SetupPrefs {
            board: setup.size.n() as u8,
            opponent: opponent.into(),
            level: level.to_string(),
            second_level: second.to_string(),
            role: match setup.role {
                RoleChoice::Order => "order",
                RoleChoice::Chaos => "chaos",
                RoleChoice::Random => "random",
            }
            .into(),
            names: setup.names.clone(),
            clock_minutes: match setup.clock {
                ClockChoice::Off => 0,
                ClockChoice::Minutes(m) => m,
            },
            same_draws: setup.same_draws,
            tournament: setup.tournament,
        }
    }

    /// The setup these preferences make; anything unknown falls back to the default.
    pub fn setup(&self) -> MatchSetup {
        let default = MatchSetup::default();
        let level = |s: &str| s.parse::<Level>().unwrap_or(Level::Medium);
        MatchSetup {
            size: Size::from_n(self.board as usize).unwrap_or(default.size),
            opponent: match self.opponent.as_str() {
                "person" => Opponent::Person,
                "watch" => Opponent::Watch(level(&self.level), level(&self.second_level)),
                _ => Opponent::Computer(level(&self.level)),
            },
            role: match self.role.as_str() {
                "chaos" => RoleChoice::Chaos,
                "random" => RoleChoice::Random,
                _ => RoleChoice::Order,
            },
            names: self.names.clone().map(|n| n.chars().take(20).collect()),
            clock: ClockChoice::ALL
                .into_iter()
                .find(|c| c.per_player().map_or(0, |d| d.as_secs() / 60) == self.clock_minutes as u64)
                .unwrap_or_default(),
            same_draws: self.same_draws,
            tournament: self.tournament,
        }
    }
}

impl Remembered for MatchSetup {
    const SECTION: &'static str = "setup";
    type Stored = SetupPrefs;

    fn stored(&self) -> SetupPrefs {
        SetupPrefs::from_setup(self)
    }

    fn from_stored(stored: SetupPrefs) -> MatchSetup {
        stored.setup()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_setup_comes_back() {
        let setup = MatchSetup {
            size: Size::Five,
            opponent: Opponent::Watch(Level::Hard, Level::Easy),
            role: RoleChoice::Random,
            names: ["Ada".into(), "Blaise".into()],
            clock: ClockChoice::Minutes(10),
            same_draws: true,
            tournament: true,
        };
        let text = ron::to_string(&setup.stored()).unwrap();
        assert_eq!(MatchSetup::from_stored(ron::from_str(&text).unwrap()), setup);
    }

    #[test]
    fn unknown_values_fall_back_to_defaults() {
        let stored: SetupPrefs =
            ron::from_str("(board: 6, opponent: \"robot\", level: \"grandmaster\", role: \"both\", clock_minutes: 7)")
                .unwrap();
        let setup = MatchSetup::from_stored(stored);
        assert_eq!(setup.size, Size::Seven);
        assert_eq!(setup.opponent, Opponent::Computer(Level::Medium));
        assert_eq!(setup.role, RoleChoice::Order);
        assert_eq!(setup.clock, ClockChoice::Off);
    }
}
