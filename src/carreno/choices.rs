//! The choices for the next game of Carreno's Entropy ([`CarrenoSetup`]:
//! the opponent and the first player's side) and the setup screen's rows:
//! which are shown, how each changes with left and right, and how each
//! reads.

use bevy::prelude::*;
use carreno_ai::Level;
use carreno_rules::Side;

use crate::ui::menus::cycle;

/// Who plays against whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CarrenoOpponent {
    /// Two people at this screen.
    Person,
    /// The person at the screen against the computer at a level.
    Computer(Level),
}

/// The side the first player (you, against the computer) takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SideChoice {
    /// O, the light pieces, who move first.
    #[default]
    O,
    /// S, the dark pieces.
    S,
    /// Decided at random when the game starts.
    Random,
}

/// The choices for the next game of Carreno's Entropy.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CarrenoSetup {
    /// Who plays.
    pub opponent: CarrenoOpponent,
    /// The first player's side.
    pub side: SideChoice,
}

impl Default for CarrenoSetup {
    fn default() -> Self {
        CarrenoSetup {
            opponent: CarrenoOpponent::Computer(Level::Medium),
            side: SideChoice::O,
        }
    }
}

impl CarrenoSetup {
    /// The first player's side; `coin` decides a random choice.
    pub fn first_side(&self, coin: bool) -> Side {
        match (self.side, coin) {
            (SideChoice::O, _) | (SideChoice::Random, true) => Side::O,
            (SideChoice::S, _) | (SideChoice::Random, false) => Side::S,
        }
    }
}

/// A row of the setup screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// Who plays.
    Opponent,
    /// The computer's level.
    Level,
    /// The first player's side.
    Side,
    /// Start the game.
    Start,
    /// How to play.
    Rules,
    /// Back to the title.
    Back,
}

/// The rows shown for `setup`, top to bottom.
pub fn rows(setup: &CarrenoSetup) -> Vec<Row> {
    let mut rows = vec![Row::Opponent];
    if matches!(setup.opponent, CarrenoOpponent::Computer(_)) {
        rows.push(Row::Level);
    }
    rows.extend([Row::Side, Row::Start, Row::Rules, Row::Back]);
    rows
}

/// How each level plays, in a line.
pub fn level_description(level: Level) -> &'static str {
    match level {
        Level::Easy => "Looks one move ahead, with a good deal of chance.",
        Level::Medium => "Looks at its move and your reply: parries the threats it sees.",
        Level::Hard => "Searches deep for about a second a move.",
    }
}

/// Changes `row` of `setup` to its previous (-1) or next (+1) value.
pub fn change(setup: &mut CarrenoSetup, row: Row, delta: i32) {
    match row {
        Row::Opponent => {
            setup.opponent = match setup.opponent {
                CarrenoOpponent::Person => CarrenoOpponent::Computer(Level::Medium),
                CarrenoOpponent::Computer(_) => CarrenoOpponent::Person,
            }
        }
        Row::Level => {
            if let CarrenoOpponent::Computer(level) = setup.opponent {
                setup.opponent = CarrenoOpponent::Computer(cycle(&Level::ALL, level, delta));
            }
        }
        Row::Side => setup.side = cycle(&[SideChoice::O, SideChoice::S, SideChoice::Random], setup.side, delta),
        Row::Start | Row::Rules | Row::Back => {}
    }
}

/// The label, value and explanation of a choice row.
pub(super) fn describe(setup: &CarrenoSetup, row: Row) -> (&'static str, String, String) {
    let computer = matches!(setup.opponent, CarrenoOpponent::Computer(_));
    match row {
        Row::Opponent if computer => ("Play against", "The computer".into(), String::new()),
        Row::Opponent => (
            "Play against",
            "A person here".into(),
            "Take turns at this screen.".into(),
        ),
        Row::Side => (
            if computer { "You play" } else { "Player 1 plays" },
            match setup.side {
                SideChoice::O => "O, the light pieces".into(),
                SideChoice::S => "S, the dark pieces".into(),
                SideChoice::Random => "Decided at random".into(),
            },
            "O moves first. A rematch swaps the sides.".into(),
        ),
        _ => ("", String::new(), String::new()),
    }
}
