//! The rows of the match setup: which are shown for a setup, how each
//! changes with left and right, and how each reads (label, value and a
//! line of explanation).

use entropy_ai::Level;
use entropy_rules::Size;

use crate::solomon::match_setup::{ClockChoice, MatchSetup, Opponent, RoleChoice};
use crate::ui::menus::cycle;

/// A row of the setup screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// Who plays.
    Opponent,
    /// The computer's level (the first computer's when watching).
    Level,
    /// The second computer's level when watching.
    SecondLevel,
    /// Who is Order in round 1.
    Role,
    /// 7×7 or 5×5.
    Board,
    /// Casual or tournament rules.
    Rules,
    /// The match clock.
    Clock,
    /// The same draws in both rounds.
    SameDraws,
    /// A player's name (0 or 1).
    Name(usize),
    /// Start the match.
    Start,
    /// Back to the title.
    Back,
}

/// The rows shown for `setup`, top to bottom.
pub fn rows(setup: &MatchSetup) -> Vec<Row> {
    let mut rows = vec![Row::Opponent];
    match setup.opponent {
        Opponent::Person => {}
        Opponent::Computer(_) => rows.push(Row::Level),
        Opponent::Watch(..) => rows.extend([Row::Level, Row::SecondLevel]),
    }
    rows.extend([Row::Role, Row::Board, Row::Rules, Row::Clock, Row::SameDraws]);
    match setup.opponent {
        Opponent::Person => rows.extend([Row::Name(0), Row::Name(1)]),
        Opponent::Computer(_) => rows.push(Row::Name(0)),
        Opponent::Watch(..) => {}
    }
    rows.extend([Row::Start, Row::Back]);
    rows
}

/// Changes `row` of `setup` to its previous (-1) or next (+1) value.
pub fn change(setup: &mut MatchSetup, row: Row, delta: i32) {
    let levels = Level::ALL;
    match row {
        Row::Opponent => {
            let level = match setup.opponent {
                Opponent::Computer(l) | Opponent::Watch(l, _) => l,
                Opponent::Person => Level::Medium,
            };
            let all = [
                Opponent::Computer(level),
                Opponent::Person,
                Opponent::Watch(level, level),
            ];
            let index = all
                .iter()
                .position(|o| std::mem::discriminant(o) == std::mem::discriminant(&setup.opponent));
            let index = (index.unwrap_or(0) as i32 + delta).rem_euclid(3) as usize;
            setup.opponent = all[index];
        }
        Row::Level => {
            setup.opponent = match setup.opponent {
                Opponent::Computer(l) => Opponent::Computer(cycle(&levels, l, delta)),
                Opponent::Watch(a, b) => Opponent::Watch(cycle(&levels, a, delta), b),
                Opponent::Person => Opponent::Person,
            }
        }
        Row::SecondLevel => {
            if let Opponent::Watch(a, b) = setup.opponent {
                setup.opponent = Opponent::Watch(a, cycle(&levels, b, delta));
            }
        }
        Row::Role => {
            setup.role = cycle(
                &[RoleChoice::Order, RoleChoice::Chaos, RoleChoice::Random],
                setup.role,
                delta,
            )
        }
        Row::Board => setup.size = cycle(&[Size::Seven, Size::Five], setup.size, delta),
        // Tournament rules bring their clock; casual rules take the
        // tournament's default clock away again.
        Row::Rules => {
            setup.tournament = !setup.tournament;
            match (setup.tournament, setup.clock) {
                (true, ClockChoice::Off) => setup.clock = ClockChoice::TOURNAMENT,
                (false, ClockChoice::TOURNAMENT) => setup.clock = ClockChoice::Off,
                _ => {}
            }
        }
        Row::Clock if setup.tournament => {
            let timed: Vec<ClockChoice> = ClockChoice::ALL
                .into_iter()
                .filter(|c| *c != ClockChoice::Off)
                .collect();
            setup.clock = cycle(&timed, setup.clock, delta);
        }
        Row::Clock => setup.clock = cycle(&ClockChoice::ALL, setup.clock, delta),
        Row::SameDraws => setup.same_draws = !setup.same_draws,
        Row::Name(_) | Row::Start | Row::Back => {}
    }
}

/// The label, value and explanation of a choice row.
pub(crate) fn describe(setup: &MatchSetup, row: Row) -> (&'static str, String, String) {
    let role = |r: RoleChoice| match r {
        RoleChoice::Order => "Order",
        RoleChoice::Chaos => "Chaos",
        RoleChoice::Random => "Decided at random",
    };
    match (row, setup.opponent) {
        (Row::Opponent, Opponent::Computer(_)) => ("Play against", "The computer".into(), String::new()),
        (Row::Opponent, Opponent::Person) => (
            "Play against",
            "A person here".into(),
            "Take turns at this screen.".into(),
        ),
        (Row::Opponent, Opponent::Watch(..)) => (
            "Play against",
            "Watch two computers".into(),
            "Sit back: you can pause and step.".into(),
        ),
        (Row::Level, Opponent::Watch(level, _)) => ("First computer", level.title().into(), level.description().into()),
        (Row::Level, Opponent::Computer(level)) => ("Level", level.title().into(), level.description().into()),
        (Row::SecondLevel, Opponent::Watch(_, level)) => {
            ("Second computer", level.title().into(), level.description().into())
        }
        (Row::Role, Opponent::Person) => (
            "Player 1 starts as",
            role(setup.role).into(),
            "Each player is Order for one round.".into(),
        ),
        (Row::Role, Opponent::Watch(..)) => ("First computer starts as", role(setup.role).into(), String::new()),
        (Row::Role, _) => (
            "You start as",
            role(setup.role).into(),
            "You play the other role in round 2.".into(),
        ),
        (Row::Board, _) => (
            "Board",
            format!("{0} × {0}", setup.size.n()),
            format!(
                "{}: {} counters in {} colours.",
                if setup.size == Size::default() {
                    "The standard game"
                } else {
                    "A quick game"
                },
                setup.size.cells(),
                setup.size.n()
            ),
        ),
        (Row::Rules, _) if setup.tournament => (
            "Rules",
            "Tournament".into(),
            "The Mind Sports Olympiad's: touch move, no undo, no hints.".into(),
        ),
        (Row::Rules, _) => (
            "Rules",
            "Casual".into(),
            "Hints, and undo when there is no clock.".into(),
        ),
        (Row::Clock, _) => (
            "Clock",
            setup.clock.to_string(),
            match setup.clock {
                ClockChoice::Off => "No time limit; moves can be taken back.".into(),
                ClockChoice::TOURNAMENT => "The tournaments' time. Out of time, the rules move for you.".into(),
                _ => "For the match. Out of time, the rules move for you.".into(),
            },
        ),
        (Row::SameDraws, _) => (
            "Same draws",
            if setup.same_draws { "On" } else { "Off" }.into(),
            "Both rounds draw the same counters, in the same order.".into(),
        ),
        _ => ("", String::new(), String::new()),
    }
}
