//! The five levels people play against.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::Player;
use crate::casual::{Casual, Style};
use crate::config::{Playouts, SearchConfig};

/// How strong an AI player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Sees only what a move scores at once; passes rather than move for nothing.
    Beginner,
    /// Also sees what the empty cells can become; errs now and then.
    Easy,
    /// A short expectimax search: a solid club player.
    Medium,
    /// The search, then playouts of its best moves, for a second a move.
    Hard,
    /// A deeper search and playouts of more moves, for 2.5 seconds a move.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [Level::Beginner, Level::Easy, Level::Medium, Level::Hard, Level::Master];

    /// The name as a player reads it, capitalised (`"Hard"`): how the
    /// interface names a computer player of this level.
    pub const fn title(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Master => "Master",
        }
    }

    /// How the level plays, in a line a player reads when choosing it.
    pub const fn description(self) -> &'static str {
        match self {
            Level::Beginner => "Takes what scores at once: a gentle first opponent.",
            Level::Easy => "Weighs each move's prospects, but often settles for less.",
            Level::Medium => "Searches a placement ahead.",
            Level::Hard => "Searches, then plays out the rest of the round.",
            Level::Master => "Searches deeper and wider, and adapts to your play.",
        }
    }

    /// The lowercase name (`"hard"`), as [`FromStr`] reads it.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Master => "master",
        }
    }

    /// The most time the level takes for one move on one core when its
    /// limits do not say otherwise. The search levels often answer sooner:
    /// they do not start an iteration that would not fit.
    pub const fn budget(self) -> Duration {
        match self {
            Level::Beginner | Level::Easy => Duration::from_millis(30),
            Level::Medium => Duration::from_millis(250),
            Level::Hard => Duration::from_millis(1000),
            Level::Master => Duration::from_millis(2500),
        }
    }

    /// The time for one move of a match played on a clock: the level's
    /// budget, or less when `left` (the clock) shared among `moves_left`
    /// (the moves still to make in the match) gives less; see
    /// [`crate::budget::tournament_time`].
    pub fn tournament_budget(self, left: Duration, moves_left: usize) -> Duration {
        crate::budget::tournament_time(left, moves_left, self.budget())
    }

    /// The search of a search level (`None` for Beginner and Easy), for
    /// the tuning tool to vary; `docs/ai.md` says what each choice measured.
    ///
    /// Medium searches one placement deep with narrow beams. Hard and Master
    /// add the playout stage: the search picks the candidates (Order's 20
    /// best moves, Chaos's 12 best cells, Master's 16) and playouts judge
    /// them, a move's worth being half its playouts' mean and half the
    /// search's value (the playouts alone for Chaos facing a greedy Order,
    /// which they model exactly). Chaos in its playouts looks at a dozen of
    /// the cells that score least at once, and keeps for them only the cells
    /// that concede at most one point more at once than the safest; Master
    /// drops that filter once Order has shown it plans ahead. Order's search
    /// takes a Chaos seen to be greedy as the mean over eight of its
    /// least-scoring cells. Master searches two placements deep.
    pub fn search_config(self) -> Option<SearchConfig> {
        let playouts = Playouts {
            chaos_cells: 12,
            weight: 0.5,
            weight_greedy: 1.0,
            chaos_look: 12,
            safe_margin: 1,
            safe_margin_planner: Some(1),
        };
        let hard = SearchConfig {
            root_beam: 20,
            root_chaos_beam: 12,
            order_beam: 5,
            chaos_beam: 5,
            max_depth: 1,
            greedy_chaos_cells: 8,
            playouts: Some(playouts),
        };
        match self {
            Level::Beginner | Level::Easy => None,
            Level::Medium => Some(SearchConfig {
                root_beam: 6,
                root_chaos_beam: 8,
                order_beam: 3,
                chaos_beam: 3,
                max_depth: 1,
                greedy_chaos_cells: 0,
                playouts: None,
            }),
            Level::Hard => Some(hard),
            Level::Master => Some(SearchConfig {
                root_chaos_beam: 16,
                max_depth: 2,
                playouts: Some(Playouts {
                    chaos_cells: 16,
                    safe_margin_planner: None,
                    ..playouts
                }),
                ..hard
            }),
        }
    }

    /// A player of this level; `seed` drives the random choices of the
    /// casual levels (the search levels are deterministic).
    pub fn player(self, seed: u64) -> Box<dyn Player> {
        match (self, self.search_config()) {
            (Level::Beginner, _) => Box::new(Casual::new(Style::Beginner, seed)),
            (_, Some(config)) => config.player(self.name(), self.budget()),
            (_, None) => Box::new(Casual::new(Style::Easy, seed)),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one (of either game's levels).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelParseError {
    /// The text that was read.
    pub text: String,
    /// The names of the levels there are, weakest first.
    pub names: Vec<&'static str>,
}

impl fmt::Display for LevelParseError {
    /// `unknown level "x": use easy, medium or hard`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown level {:?}: use ", self.text)?;
        match self.names.split_last() {
            Some((last, [])) => f.write_str(last),
            Some((last, rest)) => write!(f, "{} or {last}", rest.join(", ")),
            None => f.write_str("no level"),
        }
    }
}

impl std::error::Error for LevelParseError {}

/// The one of `levels` whose name (`name` gives each one's) is `text`, in
/// any case and with blanks around it: how both games read a level.
pub fn parse_level<L: Copy>(text: &str, levels: &[L], name: fn(L) -> &'static str) -> Result<L, LevelParseError> {
    let lower = text.trim().to_ascii_lowercase();
    levels
        .iter()
        .copied()
        .find(|&level| name(level) == lower)
        .ok_or_else(|| LevelParseError {
            text: text.to_string(),
            names: levels.iter().map(|&level| name(level)).collect(),
        })
}

impl FromStr for Level {
    type Err = LevelParseError;
    /// Reads a level name, in any case.
    fn from_str(s: &str) -> Result<Level, LevelParseError> {
        parse_level(s, &Level::ALL, Level::name)
    }
}
