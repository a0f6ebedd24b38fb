//! What the players choose before a match: who plays (a person, the
//! computer at a level, or two computers to watch), the board, who is Order
//! first, a clock, and whether both rounds draw the same counters.

use std::fmt;
use std::time::Duration;

use bevy::prelude::*;
use entropy_ai::Level;
use entropy_rules::{Player, Size, TimeControl};

use crate::app::players::PlayerNames;

pub(crate) fn plugin(app: &mut App) {
    crate::app::prefs::remember::<MatchSetup>(app);
    app.add_systems(Update, share_names);
}

/// The names typed in the setup are the names every game uses.
fn share_names(setup: Res<MatchSetup>, mut names: ResMut<PlayerNames>) {
    if setup.is_changed() && names.0 != setup.names {
        names.0 = setup.names.clone();
    }
}

/// Who plays against whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Opponent {
    /// Two people at this screen.
    Person,
    /// The person at the screen (player 1) against the computer (player 2).
    Computer(Level),
    /// Two computers, to watch.
    Watch(Level, Level),
}

/// The role of player 1 in round 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RoleChoice {
    /// Player 1 is Order first.
    #[default]
    Order,
    /// Player 1 is Chaos first.
    Chaos,
    /// Decided at random when the match starts.
    Random,
}

/// The time each player has for the whole match, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ClockChoice {
    /// No clock.
    #[default]
    Off,
    /// This many minutes per player.
    Minutes(u8),
}

impl ClockChoice {
    /// The choices offered, in order.
    pub const ALL: [ClockChoice; 5] = [
        ClockChoice::Off,
        ClockChoice::Minutes(3),
        ClockChoice::Minutes(5),
        ClockChoice::Minutes(10),
        ClockChoice::Minutes(15),
    ];

    /// The Mind Sports Olympiad's time: 15 minutes each for the match.
    pub const TOURNAMENT: ClockChoice = ClockChoice::Minutes(15);

    /// Each player's time, if there is a clock.
    pub fn per_player(self) -> Option<Duration> {
        match self {
            ClockChoice::Off => None,
            ClockChoice::Minutes(m) => Some(Duration::from_secs(60 * m as u64)),
        }
    }

    /// The rules' time control of this choice.
    pub fn time_control(self) -> Option<TimeControl> {
        self.per_player()
            .and_then(|d| TimeControl::from_secs(d.as_secs() as u32))
    }
}

impl fmt::Display for ClockChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClockChoice::Off => f.write_str("Off"),
            ClockChoice::Minutes(m) => write!(f, "{m} minutes each"),
        }
    }
}

/// Who sits in a player's chair: a person, or the computer at a level.
pub type Seat = crate::table::turn::Seat<Level>;

/// How the interface names a player, so that sentences agree with it:
/// "You win!" but "Medium wins!".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    text: String,
    you: bool,
}

impl Name {
    /// The person at the screen against the computer.
    pub fn you() -> Name {
        Name {
            text: "You".into(),
            you: true,
        }
    }

    /// Anyone else: a typed name, a computer's level, "Player 1".
    pub fn other(text: impl Into<String>) -> Name {
        Name {
            text: text.into(),
            you: false,
        }
    }

    /// Whether this is the person at the screen, spoken to as "You".
    pub fn is_you(&self) -> bool {
        self.you
    }

    /// The name and a verb agreeing with it, to begin a sentence:
    /// `said("win", "wins")` is "You win" or "Medium wins".
    pub fn said(&self, you_form: &str, other_form: &str) -> String {
        let verb = if self.you { you_form } else { other_form };
        format!("{} {verb}", self.text)
    }

    /// The same within a sentence: "you are" or "Medium is".
    pub fn said_within(&self, you_form: &str, other_form: &str) -> String {
        if self.you {
            format!("you {you_form}")
        } else {
            self.said(you_form, other_form)
        }
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// The players' choices for the next match.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct MatchSetup {
    /// The board size.
    pub size: Size,
    /// Who plays.
    pub opponent: Opponent,
    /// Player 1's role in round 1.
    pub role: RoleChoice,
    /// The names the players typed (blank: a default name).
    pub names: [String; 2],
    /// The match clock.
    pub clock: ClockChoice,
    /// Both rounds draw the same counters in the same order.
    pub same_draws: bool,
    /// The Mind Sports Olympiad's tournament rules: a clock (15 minutes
    /// each by default), touch move, no undo and no hints.
    pub tournament: bool,
}

impl Default for MatchSetup {
    fn default() -> Self {
        MatchSetup {
            size: Size::Seven,
            opponent: Opponent::Computer(Level::Medium),
            role: RoleChoice::Order,
            names: [String::new(), String::new()],
            clock: ClockChoice::Off,
            same_draws: false,
            tournament: false,
        }
    }
}

impl MatchSetup {
    /// Who sits in each chair, by [`Player::index`].
    pub fn seats(&self) -> [Seat; 2] {
        match self.opponent {
            Opponent::Person => [Seat::Person; 2],
            Opponent::Computer(level) => [Seat::Person, Seat::Computer(level)],
            Opponent::Watch(one, two) => [Seat::Computer(one), Seat::Computer(two)],
        }
    }

    /// The name of `player`: what was typed, else the computer's level
    /// ("Medium"), else "You" or, at a shared screen, "Player 1" or "Player 2".
    pub fn name(&self, player: Player) -> Name {
        self.name_in(player, self.seats())
    }

    /// The name of `player` when the chairs are `seats` (a tutorial's are not the setup's).
    pub fn name_in(&self, player: Player, seats: [Seat; 2]) -> Name {
        let typed = self.names[player.index()].trim();
        if !typed.is_empty() {
            return Name::other(typed);
        }
        match seats[player.index()] {
            Seat::Computer(level) => match seats[player.other().index()] {
                Seat::Computer(other) if other == level => {
                    Name::other(format!("{} {}", level.title(), player.index() + 1))
                }
                _ => Name::other(level.title()),
            },
            Seat::Person if seats == [Seat::Person; 2] && self.opponent == Opponent::Person => {
                Name::other(format!("Player {}", player.index() + 1))
            }
            Seat::Person => Name::you(),
            Seat::Remote => Name::other("Opponent"),
        }
    }

    /// Who is Order in round 1; `coin` decides a random choice.
    pub fn first_order(&self, coin: bool) -> Player {
        match (self.role, coin) {
            (RoleChoice::Order, _) | (RoleChoice::Random, true) => Player::One,
            (RoleChoice::Chaos, _) | (RoleChoice::Random, false) => Player::Two,
        }
    }

    /// Whether a person plays (not two computers).
    pub fn has_person(&self) -> bool {
        !matches!(self.opponent, Opponent::Watch(..))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_computer_is_named_by_its_level_and_sentences_agree_with_you() {
        let setup = MatchSetup {
            opponent: Opponent::Computer(Level::Medium),
            ..MatchSetup::default()
        };
        let (you, computer) = (setup.name(Player::One), setup.name(Player::Two));
        assert_eq!(computer.as_str(), "Medium");
        assert!(you.is_you());
        assert_eq!(you.said("win", "wins"), "You win");
        assert_eq!(computer.said("win", "wins"), "Medium wins");
        assert_eq!(
            format!("Now {} Order.", you.said_within("are", "is")),
            "Now you are Order."
        );
        // The tutorial's chairs (a person in both) name no computer.
        let both = setup.name_in(Player::Two, [Seat::Person; 2]);
        assert!(both.is_you());
    }

    #[test]
    fn two_computers_of_one_level_are_told_apart_and_typed_names_win() {
        let setup = MatchSetup {
            opponent: Opponent::Watch(Level::Hard, Level::Hard),
            names: [String::new(), " Ada ".into()],
            ..MatchSetup::default()
        };
        assert_eq!(setup.name(Player::One).as_str(), "Hard 1");
        assert_eq!(setup.name(Player::Two).as_str(), "Ada");
        let people = MatchSetup {
            opponent: Opponent::Person,
            ..MatchSetup::default()
        };
        assert_eq!(people.name(Player::Two).as_str(), "Player 2");
    }
}
