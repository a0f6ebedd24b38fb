//! The five levels, the search player behind the upper three, and hints.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use entropy_rules::{Cell, OrderMove, Phase, Position};

use crate::casual::{Casual, Style};
use crate::search::{Engine, SearchConfig};
use crate::{Limits, Player};

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

    /// The search of a search level (`None` for Beginner and Easy).
    pub fn search_config(self) -> Option<SearchConfig> {
        let base = SearchConfig::default();
        // Hard and Master: the search picks the candidates, playouts judge
        // them (measured in docs/ai.md): Chaos in a playout looks at a dozen
        // cells, the root Chaos keeps only cells that concede at most one
        // point more than the best at once, and a move's worth is half its
        // playouts' mean, half the search's value.
        let playouts = SearchConfig {
            playout_moves: 12,
            playout_weight: 0.5,
            playout_chaos_look: 12,
            playout_safe_margin: Some(1),
            ..base
        };
        match self {
            Level::Beginner | Level::Easy => None,
            Level::Medium => Some(SearchConfig {
                root_beam: 6,
                root_chaos_beam: 8,
                order_beam: 3,
                chaos_beam: 3,
                max_depth: 1,
                ..base
            }),
            Level::Hard => Some(SearchConfig {
                max_depth: 1,
                ..playouts
            }),
            Level::Master => Some(SearchConfig {
                root_beam: 16,
                root_chaos_beam: 16,
                max_depth: 2,
                playout_moves: 16,
                ..playouts
            }),
        }
    }

    /// A player of this level; `seed` drives the random choices of the
    /// casual levels (the search levels are deterministic).
    pub fn player(self, seed: u64) -> Box<dyn Player> {
        match (self, self.search_config()) {
            (Level::Beginner, _) => Box::new(Casual::new(Style::Beginner, seed)),
            (Level::Easy, _) => Box::new(Casual::new(Style::Easy, seed)),
            (_, Some(config)) => Box::new(SearchPlayer::new(self.name(), config, self.budget())),
            (_, None) => Box::new(Casual::new(Style::Easy, seed)),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelParseError(pub String);

impl fmt::Display for LevelParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown level {:?}: use beginner, easy, medium, hard or master",
            self.0
        )
    }
}

impl std::error::Error for LevelParseError {}

impl FromStr for Level {
    type Err = LevelParseError;
    /// Reads a level name, in any case.
    fn from_str(s: &str) -> Result<Level, LevelParseError> {
        let lower = s.trim().to_ascii_lowercase();
        Level::ALL
            .into_iter()
            .find(|level| level.name() == lower)
            .ok_or_else(|| LevelParseError(s.to_string()))
    }
}

/// A player that searches with the expectimax [`Engine`].
pub struct SearchPlayer {
    name: String,
    engine: Engine,
    budget: Duration,
}

impl SearchPlayer {
    /// A search player named `name`, taking `budget` a move when its limits
    /// give neither a time nor a node count.
    pub fn new(name: impl Into<String>, config: SearchConfig, budget: Duration) -> SearchPlayer {
        SearchPlayer {
            name: name.into(),
            engine: Engine::new(config),
            budget,
        }
    }

    /// The limits a move is searched with: the caller's, or the player's own budget.
    fn effective(&self, limits: &Limits) -> Limits {
        if limits.time.is_none() && limits.nodes.is_none() {
            Limits::time(self.budget).with_stop(limits.stop.clone())
        } else {
            limits.clone()
        }
    }
}

impl Player for SearchPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn place(&mut self, position: &Position, limits: &Limits) -> Cell {
        if !matches!(position.phase(), Phase::ChaosPlace(_)) {
            return crate::greedy::fallback_cell(position);
        }
        let limits = self.effective(limits);
        self.engine.place(position, &limits).best
    }

    fn order(&mut self, position: &Position, limits: &Limits) -> OrderMove {
        if position.phase() != Phase::OrderMove {
            return OrderMove::Pass;
        }
        let limits = self.effective(limits);
        self.engine.order(position, &limits).best
    }
}

/// Order's best move and what it expects of it, for the game's hint.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Hint {
    /// The move the search prefers.
    pub best: OrderMove,
    /// The final score of the round (Order's) it expects after that move,
    /// with both sides playing on as well as it can judge.
    pub expected: f64,
    /// How many placements ahead it looked.
    pub depth: u32,
}

/// The Order hint for `position` with the Hard search: `None` unless Order
/// is to move. `limits` bound it as they bound a move (none: Hard's budget).
pub fn hint(position: &Position, limits: &Limits) -> Option<Hint> {
    if position.phase() != Phase::OrderMove {
        return None;
    }
    let config = Level::Hard.search_config().unwrap_or_default();
    let limits = if limits.time.is_none() && limits.nodes.is_none() {
        Limits::time(Level::Hard.budget()).with_stop(limits.stop.clone())
    } else {
        limits.clone()
    };
    let found = Engine::new(config).order(position, &limits);
    Some(Hint {
        best: found.best,
        expected: found.value as f64,
        depth: found.depth,
    })
}
